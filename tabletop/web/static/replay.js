// The replay page: a record (uploaded, or a finished table's fetched with one of its
// links) stepped through with a slider. The page keeps the record and sends it along with
// each request; the server keeps nothing of a replay.
"use strict";

const $ = (id) => document.getElementById(id);
let record = null;
let summary = null;
let asked = 0;  // the number of the last frame asked for, so a late answer is dropped

const Board = window.TabletopBoard;  // board.js: the feed's items, zoom, a card's text
const el = Board.el;
const zoomer = Board.zoomable($("board"), { in: $("zoom-in"), out: $("zoom-out"), fit: $("zoom-fit") });
const panel = Board.popover($("board-pop"), $("board-column"));

async function post(path, body) {
  const response = await fetch("/api/replays/" + path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({ error: "the server's answer was not readable" }));
  if (!response.ok) throw new Error(answer.error);
  return answer;
}

async function open(data) {
  $("error").textContent = "";
  try {
    summary = await post("open", { record: data });
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  record = data;
  $("title").textContent = "Replay: " + summary.title;
  document.title = "Replay: " + summary.title + " - Tabletop";
  const seats = summary.seats.map((name, i) => "Player " + (i + 1) + " (" + name + ")").join(", ");
  $("facts").textContent = summary.players + " players, seed " + summary.seed + ": " + seats;
  const viewer = $("viewer");
  viewer.replaceChildren(el("option", { value: "" }, "a spectator"));
  for (let seat = 1; seat <= summary.players; seat++) viewer.append(el("option", { value: String(seat) }, "Player " + seat));
  const lines = $("lines");
  lines.replaceChildren();
  delete lines.dataset.group;
  for (const entry of summary.feed) lines.append(...Board.feedItems(lines, entry));
  $("step").max = summary.steps;
  $("step").value = summary.steps;
  $("pick").hidden = true;
  $("watch").hidden = false;
  show();
}

async function show() {
  const step = Number($("step").value);
  $("where").textContent = "move " + step + " of " + summary.steps;
  for (const item of $("lines").querySelectorAll("li[data-step]")) {
    const at = Number(item.dataset.step);
    item.classList.toggle("current", at === step);
    item.classList.toggle("later", at > step);
  }
  const current = $("lines").querySelector("li.current");
  if (current) current.scrollIntoView({ block: "nearest" });
  const number = ++asked;
  const seat = $("viewer").value === "" ? null : Number($("viewer").value);
  try {
    const frame = await post("frame", { record, step, seat });
    if (number !== asked) return;
    panel.close();
    if (frame.picture) {
      $("board").innerHTML = frame.picture;
      Board.label($("board"), "board-alt", "The table at move " + step);
      zoomer.redrawn();
    } else {
      $("board").replaceChildren(el("pre", { class: "text" }, frame.text));
    }
    $("board-alt").textContent = frame.alt || "";
    $("result").hidden = !frame.result;
    $("result-text").textContent = frame.result || "";
  } catch (error) {
    $("error").textContent = error.message;
  }
}

function move(by) {
  const slider = $("step");
  slider.value = Math.min(Number(slider.max), Math.max(0, Number(slider.value) + by));
  show();
}

$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (!file) return;
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch (error) {
    $("error").textContent = file.name + " is not a JSON record";
    return;
  }
  open(data);
});
$("step").addEventListener("input", show);
// A tap (or click) on a card tells what it is: its tooltip, and the glossary's entry.
$("board").addEventListener("click", (event) => {
  const svg = $("board").querySelector("svg");
  if (!svg || zoomer.wasDrag() || !summary) return;
  const thing = Board.described(event.target, svg);
  if (thing) Board.explain(panel, thing, summary.game);
  else panel.close();
});
document.addEventListener("click", (event) => {
  if (!$("board").contains(event.target) && !$("board-pop").contains(event.target)) panel.close();
});
$("viewer").addEventListener("change", show);
$("back").addEventListener("click", () => move(-1));
$("next").addEventListener("click", () => move(1));

async function fromTable() {
  const table = new URLSearchParams(location.search).get("table");
  if (!table) return;
  const token = decodeURIComponent(location.hash.slice(1));
  const response = await fetch("/api/tables/" + encodeURIComponent(table) + "/record",
    { headers: { Authorization: "Bearer " + token } });
  const answer = await response.json().catch(() => ({ error: "the server's answer was not readable" }));
  if (!response.ok) {
    $("error").textContent = answer.error;
    return;
  }
  open(answer);
}

fromTable();
