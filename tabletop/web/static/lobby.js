// The lobby: pick a game, the players (bounded by the game), its options (in words), who
// plays each seat and, optionally, their names; create the table and show its links, each
// with a copy button and a QR code; list the tables this browser created or opened (the
// shelf of social.js, kept in localStorage). Everything is validated again on the server.
"use strict";

const $ = (id) => document.getElementById(id);
const shelf = window.TabletopShelf;
let games = [];

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

// An identifier in words: "more_than_all" -> "more than all".
function words(value) {
  return String(value).replace(/[_-]+/g, " ");
}

function current() {
  return games.find((g) => g.name === $("game").value);
}

// The player count typed, kept within the game's range (the field says when it is not).
function players() {
  const game = current();
  const typed = Math.round(Number($("players").value));
  if (!Number.isFinite(typed) || typed < game.min_players) return game.min_players;
  return Math.min(typed, game.max_players);
}

function drawOptions() {
  const box = $("options");
  box.replaceChildren(el("legend", {}, "Options"));
  const game = current();
  box.hidden = !game.options.length;
  for (const opt of game.options) {
    const id = "option-" + opt.name;
    const row = el("div", { class: "option" });
    let input;
    if (opt.choices) {
      input = el("select", { id });
      for (const choice of opt.choices) input.append(el("option", { value: String(choice) }, words(choice)));
      input.value = String(opt.default);
    } else if (opt.type === "bool") {
      input = el("input", { id, type: "checkbox" });
      input.checked = opt.default;
    } else {
      input = el("input", { id, type: opt.type === "int" || opt.type === "float" ? "number" : "text" });
      if (opt.min !== null) input.min = opt.min;
      if (opt.max !== null) input.max = opt.max;
      if (opt.type === "float") input.step = "any";
      input.value = String(opt.default);
    }
    input.dataset.option = opt.name;
    input.dataset.type = opt.type;
    input.setAttribute("aria-describedby", id + "-help");
    const label = el("label", { for: id }, opt.label || words(opt.name));
    // a checkbox says "true or false" and a select shows its values: only the other fields
    // add what they take ("a whole number from 5 to 100")
    const says = opt.type === "bool" || opt.choices ? "" : "(" + words(opt.allowed) + ")";
    const help = el("span", { id: id + "-help", class: "help" },
                    [opt.help, says].filter(Boolean).join(" "));
    if (opt.type === "bool") {
      label.prepend(input, " ");
      row.append(label, help);
    } else {
      row.append(label, input, help);
    }
    box.append(row);
  }
}

// What each choice of a seat picker is, said under it (the picker shows the short label
// only, so that nothing is cut on a phone).
const PERSON_HELP = "someone with this seat's link (or at the hot seat)";
const MORE_BOTS_HELP = "the game's bot with its default settings, for trying out; Easy, Normal and " +
  "Hard bot are the recommended choice";

function seatPicker(game, seat) {
  const select = el("select", { id: "seat-" + seat, "data-seat": String(seat),
                                "aria-describedby": "seat-" + seat + "-help" });
  select.append(el("option", { value: "human", title: PERSON_HELP }, "a person"));
  // bots by their name on screen ("Hard bot"), never by an agent spec; the levels once,
  // the game's other kinds under "More bots", named apart from the levels
  for (const level of game.levels) {
    select.append(el("option", { value: level.name, title: level.help }, level.label));
  }
  if (game.bots.length) {
    const more = el("optgroup", { label: "More bots" });
    for (const bot of game.bots) {
      more.append(el("option", { value: bot.kind, title: MORE_BOTS_HELP },
                     bot.label + " (untuned)"));
    }
    select.append(more);
  }
  return select;
}

function drawSeats() {
  const game = current();
  const box = $("seats");
  const previous = [...box.querySelectorAll(".seat")].map((row) => ({
    kind: row.querySelector("select").value, name: row.querySelector("input").value,
  }));
  box.replaceChildren(el("legend", {}, "Who plays each seat"));
  for (let seat = 1; seat <= players(); seat++) {
    const row = el("div", { class: "seat" });
    const select = seatPicker(game, seat);
    const before = previous[seat - 1];
    select.value = before ? before.kind : (seat === 1 ? "human" : "normal");
    const name = el("input", { id: "name-" + seat, "data-name": String(seat), maxlength: "24",
                               autocomplete: "off", placeholder: "optional" });
    name.value = before ? before.name : "";
    const nameLabel = el("label", { for: name.id, class: "name-label" }, "Name");
    const help = el("span", { id: select.id + "-help", class: "help seat-help" });
    const showName = () => {
      const person = select.value === "human";
      name.hidden = nameLabel.hidden = !person;
      help.textContent = select.selectedOptions[0].title;
    };
    select.addEventListener("change", showName);
    showName();
    row.append(el("label", { for: select.id }, "Player " + seat), select, nameLabel, name, help);
    box.append(row);
  }
}

function pickGame() {
  const game = current();
  $("players").min = game.min_players;
  $("players").max = game.max_players;
  $("players").value = game.min_players;
  $("players-help").textContent = game.min_players === game.max_players
    ? "this game is for " + game.min_players + " players"
    : "from " + game.min_players + " to " + game.max_players;
  $("seats").replaceChildren();
  drawOptions();
  drawSeats();
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const game = current();
  const count = Number($("players").value);
  if (!Number.isInteger(count) || count < game.min_players || count > game.max_players) {
    $("error").textContent = game.title + " is for " + game.min_players + " to " + game.max_players + " players.";
    $("players").focus();
    return;
  }
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  }
  const rows = [...$("seats").querySelectorAll(".seat")];
  const body = {
    game: game.name,
    players: count,
    options,
    seats: rows.map((row) => row.querySelector("select").value),
    names: rows.map((row) => row.querySelector("select").value === "human" ? row.querySelector("input").value : ""),
    spectator_chat: $("spectator-chat").checked,
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
  showLinks(answer, game, body.names);
}

// -- links: copy, QR code ----------------------------------------------------------------
async function copy(url, field, button) {
  try {
    await navigator.clipboard.writeText(url);
  } catch (error) {
    field.select();  // not a secure page (a LAN address): the browser's own copy
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}

// The QR code of ``url``, drawn by the server (segno); the link travels in the request's
// body, never in a URL.
async function showQr(url, title, holder, button) {
  if (holder.firstChild) {
    holder.replaceChildren();
    button.setAttribute("aria-expanded", "false");
    return;
  }
  const response = await fetch("/api/qr", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: url }),
  });
  if (!response.ok) return;
  const svg = await response.text();
  const image = el("img", { class: "qr", alt: "QR code of the link: " + title,
                            src: "data:image/svg+xml;base64," + btoa(svg) });
  holder.append(image);
  button.setAttribute("aria-expanded", "true");
}

let linkNumber = 0;

function linkItem(title, url, warning = "") {
  const id = "link-" + (++linkNumber);
  const item = el("li");
  const open = el("a", { href: url, target: "_blank", rel: "noopener" }, title);
  item.append(open);
  if (warning) item.append(el("p", { class: "warning" }, warning));
  const field = el("input", { id, readonly: "", value: url, "aria-label": title + ": the link" });
  field.addEventListener("focus", () => field.select());
  const copyButton = el("button", { type: "button", "aria-label": "Copy the link: " + title }, "Copy");
  copyButton.addEventListener("click", () => copy(url, field, copyButton));
  const holder = el("div", { id: id + "-qr" });
  const qrButton = el("button", { type: "button", "aria-expanded": "false", "aria-controls": holder.id,
                                  "aria-label": "QR code: " + title }, "QR code");
  qrButton.addEventListener("click", () => showQr(url, title, holder, qrButton));
  const row = el("div", { class: "row" });
  row.append(field, copyButton, qrButton);
  item.append(row, holder);
  return item;
}

const HOTSEAT_WARNING = "Opens every hand: for one shared device only.";

// The host of ``url`` if it is this computer's own (127.x.x.x, localhost, ::1), which no
// other device can open; else null.
function loopbackHost(url) {
  let host;
  try {
    host = new URL(url).hostname;
  } catch (error) {
    return null;
  }
  const bare = host.replace(/^\[|\]$/g, "");
  const own = /^127\.\d+\.\d+\.\d+$/.test(bare) || bare === "::1" || bare === "localhost"
    || bare.endsWith(".localhost");
  return own ? bare : null;
}

// Under links to this computer, a line saying that other devices cannot open them (their
// QR codes included) and how to share the table instead.
function loopbackNote(urls) {
  const host = urls.map(loopbackHost).find(Boolean);
  if (!host) return null;
  return el("p", { class: "warning loopback" }, "These links point at this computer (" + host +
            "): other devices cannot open them; start the server with --host ADDRESS to " +
            "share the table on your network.");
}

function showLinks(answer, game, names) {
  const list = $("linklist");
  list.replaceChildren();
  const links = [];
  for (const [seat, url] of Object.entries(answer.seats)) {
    const name = names[Number(seat) - 1];
    const title = "Player " + seat + (name ? " (" + name + ")" : "") + "'s seat";
    list.append(linkItem(title, url));
    links.push({ label: title, url });
  }
  if (answer.hotseat && Object.keys(answer.seats).length > 1) {
    const title = "Every person's seat on this one device (hot seat)";
    list.append(linkItem(title, answer.hotseat, HOTSEAT_WARNING));
    links.push({ label: title, url: answer.hotseat, warning: true });
  }
  list.append(linkItem("Spectator", answer.spectator));
  links.push({ label: "Spectator", url: answer.spectator });
  shelf.keep({ id: answer.table, title: game.title, when: Date.now(), links });
  const note = loopbackNote(links.map((link) => link.url));
  $("loopback-slot").replaceChildren(...(note ? [note] : []));
  $("create").hidden = true;
  $("links").hidden = false;
  $("links-heading").focus();
  drawShelf(answer.table);
}

// -- the shelf -------------------------------------------------------------------------
function drawShelf(skip = null) {
  const tables = shelf.read().filter((t) => t.id !== skip);
  $("shelf").hidden = !tables.length;
  $("shelf-list").replaceChildren(...tables.map((table) => {
    const article = el("article", { "data-table": table.id });
    const heading = el("h3", {}, table.title + " (table " + table.id + ")");
    const when = el("p", { class: "help" }, "since " + new Date(table.when).toLocaleString());
    const list = el("ul", { class: "links" });
    for (const link of table.links) {
      list.append(linkItem(link.label, link.url, link.warning ? HOTSEAT_WARNING : ""));
    }
    const forget = el("button", { type: "button", "aria-label": "Forget " + table.title + " (table " + table.id + ")" },
                      "Forget this table");
    forget.addEventListener("click", () => {
      shelf.forget(table.id);
      drawShelf(skip);
    });
    article.append(heading, when, list, forget);
    return article;
  }));
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
  drawShelf();
}

start();
