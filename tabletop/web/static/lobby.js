// The lobby: pick a game, the players, its options and who plays each seat; create the
// table and show its links. Options are validated again on the server (game.make_options).
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function current() {
  return games.find((g) => g.name === $("game").value);
}

function drawOptions() {
  const box = $("options");
  box.replaceChildren(el("legend", {}, "Options"));
  const game = current();
  if (!game.options.length) box.append(el("p", { class: "muted" }, "This game has no options."));
  for (const opt of game.options) {
    const label = el("label");
    label.append(opt.name + " ");
    let input;
    if (opt.choices) {
      input = el("select");
      for (const choice of opt.choices) input.append(el("option", { value: String(choice) }, String(choice)));
      input.value = String(opt.default);
    } else if (opt.type === "bool") {
      input = el("input", { type: "checkbox" });
      input.checked = opt.default;
    } else {
      input = el("input", { type: opt.type === "int" || opt.type === "float" ? "number" : "text" });
      if (opt.min !== null) input.min = opt.min;
      if (opt.max !== null) input.max = opt.max;
      if (opt.type === "float") input.step = "any";
      input.value = String(opt.default);
    }
    input.dataset.option = opt.name;
    input.dataset.type = opt.type;
    label.append(input, el("span", { class: "help" }, (opt.help ? opt.help + " " : "") + "(" + opt.allowed + ")"));
    box.append(label);
  }
}

function drawSeats() {
  const game = current();
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(el("legend", {}, "Who plays each seat"));
  const players = Number($("players").value) || game.min_players;
  for (let seat = 0; seat < players; seat++) {
    const select = el("select", { "data-seat": String(seat + 1) });
    select.append(el("option", { value: "human" }, "a person"));
    // bots by their name on screen ("Hard bot"), never by an agent spec
    for (const level of game.levels) {
      select.append(el("option", { value: level.name }, level.label + ": " + level.help));
    }
    for (const bot of game.bots) {
      select.append(el("option", { value: bot.kind }, bot.label));
    }
    select.value = previous[seat] || (seat === 0 ? "human" : "normal");
    const label = el("label", {}, "Player " + (seat + 1) + " ");
    label.append(select);
    box.append(label);
  }
}

function pickGame() {
  const game = current();
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  $("players").value = game.min_players;
  $("seats").replaceChildren();
  drawOptions();
  drawSeats();
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  }
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    options,
    seats: [...$("seats").querySelectorAll("select")].map((s) => s.value),
  };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    $("error").textContent = answer.error;
    return;
  }
  showLinks(answer);
}

function linkItem(title, url) {
  const item = el("li");
  const open = el("a", { href: url, target: "_blank", rel: "noopener" }, title);
  const field = el("input", { readonly: "", value: url, "aria-label": title });
  field.addEventListener("focus", () => field.select());
  item.append(open, field);
  return item;
}

function showLinks(answer) {
  const list = $("linklist");
  list.replaceChildren();
  for (const [seat, url] of Object.entries(answer.seats)) {
    list.append(linkItem("Player " + seat + "'s seat", url));
  }
  if (answer.hotseat && Object.keys(answer.seats).length > 1) {
    list.append(linkItem("Every person's seat on this one device (hot seat)", answer.hotseat));
  }
  list.append(linkItem("Spectator", answer.spectator));
  $("create").hidden = true;
  $("links").hidden = false;
}

async function start() {
  games = await (await fetch("/api/games")).json();
  for (const game of games) {
    const range = game.min_players === game.max_players ? game.min_players : game.min_players + "-" + game.max_players;
    $("game").append(el("option", { value: game.name }, game.title + " (" + range + " players)"));
  }
  $("game").addEventListener("change", pickGame);
  $("players").addEventListener("input", drawSeats);
  $("create").addEventListener("submit", create);
  pickGame();
}

start();
