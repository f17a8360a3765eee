// A table page: one seat's view (or a spectator's, or every human seat of one device in
// turn: the hot seat). The link's token is the URL's fragment; it goes to the server in an
// Authorization header only. Updates arrive as server-sent events read with fetch.
"use strict";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = decodeURIComponent(location.hash.slice(1));
const auth = { Authorization: "Bearer " + token };

let shown = null;      // the seat this page shows (hot seat: the person at the screen)
let payload = null;    // the last payload drawn
let lastStep = -1;     // the last feed step appended
let listening = null;  // the AbortController of the open stream
let busy = false;      // a move is on its way
// A freshly drawn action button ignores clicks for this long: the second click of a double
// click must not land on the next decision's button, drawn under the pointer.
const ARMING_MS = 300;
const Board = window.TabletopBoard;  // board.js: the feed's items, zoom, playing from the board
const el = Board.el;
let stale = null;      // the move drawn after a "your page was out of date" refusal
let focusNext = false; // this page sent a move: the next question gets the focus

function query(extra = {}) {
  const params = new URLSearchParams(extra);
  if (shown !== null) params.set("seat", shown);
  return params.toString();
}

async function api(path, options = {}) {
  const response = await fetch("/api/tables/" + encodeURIComponent(tableId) + path, {
    ...options, headers: { ...auth, ...(options.headers || {}) },
  });
  const answer = await response.json().catch(() => ({ error: "the server's answer was not readable" }));
  if (!response.ok) throw Object.assign(new Error(answer.error), { status: response.status });
  return answer;
}

function say(message) {
  $("error").textContent = message || "";
  stale = null;
}

// What the seats are called (the payload's names: "Player N" until its player gives one).
function nameOf(next, seat) {
  return (next.names && next.names[seat - 1]) || "Player " + seat;
}

// -- drawing ----------------------------------------------------------------------------
// A payload's place in the table's history: its version (every move, take-back, name and
// chat message counts), else its move.
const order = (p) => (p.version === undefined ? p.move : p.version);

function draw(next) {
  if (payload && order(next) < order(payload)) return;  // an older answer arriving late
  if (payload && next.move < payload.move) rewind(next.move);  // a move was taken back
  if (stale !== null && next.move !== stale) say("");  // the page is current again
  payload = next;
  // What the page shows, for tests and style sheets: the move, the round, the screen.
  Object.assign(document.body.dataset, { move: next.move, round: next.round, screen: "table" });
  const you = next.you;
  document.title = (myTurn(next) ? "(Your turn) " : "") + next.title + " - Tabletop";
  $("title").textContent = next.title;
  $("settings").hidden = !you.seat;
  $("single").checked = you.single === true;
  if (you.role === "hotseat" && needsPass(next)) return askToPass(next);
  $("who").textContent = you.seat ? "You are " + nameOf(next, you.seat)
    : you.role === "hotseat" ? "Hot seat (one device)" : "Spectator";
  $("status").textContent = next.over ? "The game is over: " + next.result.split(" (")[0]
    : next.to_act === you.seat ? "Your turn, " + nameOf(next, you.seat)
    : nameOf(next, next.to_act) + " to play";
  $("pass").hidden = true;
  $("playing").hidden = false;
  $("sheet-bar").querySelector("[data-tab='move']").textContent = next.over ? "The end"
    : you.seat ? "Your move" : "The table";
  drawBoard(next);
  drawFeed(next.feed);
  drawMenu(next);
  $("ended").hidden = !next.over;
  $("result").textContent = next.result || "";
  playing.drawn(next);
  hint(next);
  document.dispatchEvent(new CustomEvent("tabletop:drawn", { detail: next }));
}

// The line above the board: what a click on it does now.
function hint(next) {
  const selected = $("board").dataset.selected;
  $("board-hint").textContent = next.over || !next.menu ? ""
    : selected ? "Click a place glowing green (Esc: cancel)."
    : (next.choices || []).length ? "Your move: click a piece glowing blue, or use the buttons."
    : "Your move: use the buttons.";
}

// Whether the seat to act is this page's: its seat, or a human seat of this device (the
// hot seat).
function myTurn(next) {
  if (next.over || next.to_act === null) return false;
  return next.to_act === next.you.seat || (next.you.humans || []).includes(next.to_act);
}

let drawnPicture = null;  // the picture on the board: drawn again only when it changes

function drawBoard(next) {
  const board = $("board");
  const picture = next.picture || null;
  if (picture !== null && picture === drawnPicture && board.querySelector("svg")) return;
  drawnPicture = picture;
  if (picture) {
    board.innerHTML = picture;  // SVG drawn by the server from what this seat sees
    Board.label(board, "board-alt", "The table as " + seen(next) + " sees it");
    zoomer.redrawn();
  } else {
    board.replaceChildren(el("pre", { class: "text" }, next.text));
  }
  $("board-alt").textContent = next.alt || "";
}

function seen(next) {
  return next.you.seat ? nameOf(next, next.you.seat) : "a spectator";
}

// The feed and the menu as they were after ``move``: the entries of moves taken back go.
function rewind(move) {
  const list = $("lines");
  for (const item of list.querySelectorAll("li.entry")) {
    if (Number(item.dataset.step) > move) item.remove();
  }
  while (list.lastElementChild && list.lastElementChild.classList.contains("round-head")) {
    list.lastElementChild.remove();
  }
  const last = [...list.querySelectorAll("li.entry")].pop();
  list.dataset.group = last ? last.dataset.group : "";
  lastStep = Math.min(lastStep, move);
  menuFor = null;
}

// New entries go at the end; the newest stays in view unless the reader scrolled up.
let pinned = true;  // the feed shows its newest entry (it stops when the reader scrolls up)

function drawFeed(entries) {
  const list = $("lines");
  for (const entry of entries) {
    if (entry.step <= lastStep) continue;
    list.append(...Board.feedItems(list, entry));
    lastStep = entry.step;
  }
  if (pinned) list.scrollTop = list.scrollHeight;
}

// Only the reader's own scrolling unpins the feed (a wheel, a touch, a key, the scroll bar):
// the list growing, shrinking or being clamped (its height follows the menu's on a desktop)
// keeps the newest entry in view.
let readerAt = -Infinity;  // when the reader last touched the list
for (const kind of ["wheel", "touchstart", "touchmove", "keydown", "pointerdown"]) {
  $("lines").addEventListener(kind, () => { readerAt = performance.now(); }, { passive: true });
}
$("lines").addEventListener("scroll", () => {
  const list = $("lines");
  const bottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  if (bottom) pinned = true;
  else if (performance.now() - readerAt < 1000) pinned = false;
  else if (pinned) list.scrollTop = list.scrollHeight;  // moved by the layout: back down
});
new ResizeObserver(() => {
  if (pinned) $("lines").scrollTop = $("lines").scrollHeight;
}).observe($("lines"));

let menuFor = null;  // the move and seat the menu was drawn for

function drawMenu(next) {
  const menu = $("menu");
  // The same move arrives twice (the answer to a move and the stream): drawing its menu
  // again would wipe an amount being typed.
  const key = next.move + ":" + shown;
  if (key === menuFor) return;
  menuFor = key;
  menu.replaceChildren();
  $("actions").hidden = next.over;
  if (!next.menu) {
    $("actions-heading").textContent = "Waiting";
    menu.append(el("p", { class: "muted" }, next.over ? "" : "Waiting for " + next.to_act_label + "..."));
    return;
  }
  $("actions-heading").textContent = "Your move";
  panels.show("move");
  // Only when the game says the seat takes no part (State.stay_out): never above a question
  // the player does take part in.
  if (next.stay_out !== null && next.stay_out_hint) {
    menu.append(el("p", { class: "muted", id: "stay-out-hint" }, next.stay_out_hint));
  }
  menu.append(...menuLines(next.menu, next));
  armMenu(menu);
  // After a move of this page's, the new question has the focus (unless the player went on
  // to type elsewhere meanwhile).
  const away = document.activeElement;
  if (focusNext && (!away || away === document.body || away.closest("#board-column, #actions"))) {
    $("actions-heading").focus({ preventScroll: true });
  }
  focusNext = false;
}

let armedAt = 0;  // when the buttons of the menu drawn last start taking clicks

// The menu's buttons take clicks only after ARMING_MS; until then ``data-armed`` is "no".
function armMenu(menu) {
  armedAt = performance.now() + ARMING_MS;
  menu.dataset.armed = "no";
  setTimeout(() => { if (performance.now() >= armedAt) menu.dataset.armed = "yes"; }, ARMING_MS);
}

function menuLines(menu, next) {
  const out = [];
  for (const line of menu.lines) {
    if (line.group) {
      const details = el("details");
      details.append(el("summary", {}, line.text));
      const inner = el("div");
      inner.append(...menuLines(line.group, next));
      details.append(inner);
      out.push(details);
      continue;
    }
    if (line.amount) {
      out.push(amountForm(line, next));
      continue;
    }
    const button = el("button", { type: "button", class: "action", "data-action": String(line.action) }, line.text);
    if (line.action === next.stay_out) button.classList.add("stay-out");
    button.addEventListener("click", () => {
      if (performance.now() < armedAt) return;  // drawn under a click meant for the last one
      if (line.concession && !confirm("This gives up the game: " + line.text + ". Are you sure?")) return;
      play({ action: line.action }, next);
    });
    out.push(button);
  }
  return out;
}

// -- amounts: a number field for a decision that is a number in a range -----------------
let fields = 0;  // numbers the fields' ids

function gcd(a, b) {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

function written(value, amount) {
  const sign = value < 0 ? "-" : "";
  const number = sign + amount.prefix + Math.abs(value).toLocaleString("en-US");
  return amount.unit ? number + " " + amount.unit : number;
}

// The field of one amount decision: its label (the question and the allowed values in
// words), the prefix and unit around the number, a button; Enter plays too. The value typed
// stands for exactly one legal action (amount.choices: [value, legal index]); the server
// checks it again and refuses any other.
function amountForm(line, next) {
  const amount = line.amount;
  const id = "amount-" + (++fields);
  const values = amount.choices.map(([value]) => value);
  const step = values.slice(1).reduce((g, v) => gcd(g, v - values[0]), 0) || 1;
  const form = el("form", { class: "amount", novalidate: "", "data-question": amount.question });
  if (amount.stay_out !== undefined) form.classList.add("stay-out");
  const label = el("label", { for: id }, amount.question);
  const range = el("span", { id: id + "-range", class: "range" }, "(" + amount.range + ")");
  label.append(" ", range);
  const input = el("input", {
    id, type: "number", inputmode: "numeric", required: "", autocomplete: "off",
    min: String(values[0]), max: String(values[values.length - 1]), step: String(step),
    "aria-describedby": id + "-error",
  });
  const field = el("div", { class: "field" });
  if (amount.prefix) field.append(el("span", { class: "unit", "aria-hidden": "true" }, amount.prefix));
  field.append(input);
  if (amount.unit) field.append(el("span", { class: "unit", "aria-hidden": "true" }, amount.unit));
  const button = el("button", { type: "submit", class: "action primary" }, "Play this amount");
  field.append(button);
  const error = el("p", { id: id + "-error", class: "error", "aria-live": "assertive" });
  form.append(label, field, error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const wrong = (message) => {
      error.textContent = message;
      input.setAttribute("aria-invalid", "true");
      input.focus();
    };
    const raw = input.value.trim();
    const value = Number(raw);
    if (raw === "" || !Number.isInteger(value)) return wrong("Type a whole number: " + amount.range + ".");
    if (!values.includes(value)) {
      return wrong(written(value, amount) + " is not an amount you can choose now: " + amount.range + ".");
    }
    error.textContent = "";
    input.removeAttribute("aria-invalid");
    play({ question: amount.question, amount: value }, next, wrong);
  });
  return form;
}

// -- the hot seat -----------------------------------------------------------------------
function needsPass(next) {
  const humans = next.you.humans || [];
  return !next.over && humans.includes(next.to_act) && next.to_act !== shown;
}

function askToPass(next) {
  const seat = next.to_act;
  const name = nameOf(next, seat);
  $("playing").hidden = true;
  $("board").replaceChildren();   // nothing of the last player's hand stays on the page
  $("board-alt").textContent = "";
  drawnPicture = null;
  playing.drawn(next);
  $("menu").replaceChildren();
  menuFor = null;
  $("lines").replaceChildren();
  delete $("lines").dataset.group;
  $("pass").hidden = false;
  document.body.dataset.screen = "pass";
  // the header says who the device is for now: nobody's table is shown
  $("who").textContent = "Hot seat (one device)";
  $("status").textContent = name + " to play";
  $("pass-text").textContent = name + "'s turn: hand the device to " + name + ".";
  $("pass-show").textContent = "I am " + name + ": show my table";
  $("pass-show").onclick = () => {
    shown = seat;
    lastStep = -1;
    pinned = true;
    payload = null;
    focusNext = true;
    listen();
  };
}

// -- playing ----------------------------------------------------------------------------
// ``choice``: {action: index} or {question, amount}, answering the decision of ``next`` (its
// move number and fingerprint); ``refused(message)`` shows a refusal next to the field it
// came from (the page's own error line otherwise).
async function play(choice, next, refused = say) {
  if (busy) return;
  busy = true;
  const controls = () => document.querySelectorAll("#menu button, #menu input, #board-pop button, #board-pop input, #board-strip button, #board-strip input");
  for (const control of controls()) control.disabled = true;
  playing.acting(next);
  focusNext = true;
  try {
    say("");
    const body = { move: next.move, decision: next.decision, ...choice, since: lastStep + 1 };
    draw(await api("/act?" + query(), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    }));
  } catch (error) {
    if (error.status === 409) {
      const message = error.message;
      menuFor = null;  // the table as it is now, its menu drawn afresh
      draw(await api("/view?" + query({ since: lastStep + 1 })));
      say(message);
      stale = payload ? payload.move : null;  // cleared once the table moves on
    } else {
      for (const control of controls()) control.disabled = false;
      refused(error.message);
    }
  } finally {
    busy = false;
  }
}

// -- settings ---------------------------------------------------------------------------
$("single").addEventListener("change", async () => {
  const box = $("single");
  box.disabled = true;
  try {
    say("");
    draw(await api("/settings?" + query(), {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ single: box.checked, since: lastStep + 1 }),
    }));
  } catch (error) {
    box.checked = !box.checked;
    say(error.message);
  } finally {
    box.disabled = false;
  }
});

// -- updates ----------------------------------------------------------------------------
async function listen() {
  if (listening) listening.abort();
  const controller = new AbortController();
  listening = controller;
  while (listening === controller) {
    try {
      const response = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/stream?" + query({ since: lastStep + 1 }),
        { headers: auth, signal: controller.signal });
      if (!response.ok) {
        const answer = await response.json().catch(() => ({}));
        say(answer.error || "the table cannot be opened");
        if (response.status < 500) return;  // a refused link stays refused
      } else {
        say("");
        await readEvents(response.body, (data) => draw(JSON.parse(data)));
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      say("Connection lost: trying again...");
    }
    await new Promise((done) => setTimeout(done, 1000));
  }
}

async function readEvents(body, onData) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
      if (data) onData(data);
    }
  }
}

// -- the guide ---------------------------------------------------------------------------
// The player's guide and the rules as plain text, fetched the first time the disclosure is
// opened (they are the same for every table of the game).
let guideAsked = false;
$("guide").addEventListener("toggle", async () => {
  if (!$("guide").open || guideAsked || !payload) return;
  guideAsked = true;
  $("guide-text").textContent = "Loading the guide...";
  try {
    const answer = await Board.guide(payload.game);
    $("guide-text").textContent = answer.guide;
    $("rules-text").textContent = answer.rules;
    const words = Object.entries(answer.glossary || {});
    $("words").hidden = words.length === 0;
    $("glossary").replaceChildren(...words.flatMap(([term, text]) => [el("dt", {}, term), el("dd", {}, text)]));
    $("guide").dataset.loaded = "yes";
  } catch (error) {
    guideAsked = false;
    $("guide-text").textContent = "The guide could not be loaded: " + error.message;
  }
});

// -- the end ----------------------------------------------------------------------------
$("download").addEventListener("click", async (event) => {
  event.preventDefault();
  const response = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/record", { headers: auth });
  if (!response.ok) return say((await response.json()).error);
  const url = URL.createObjectURL(await response.blob());
  const link = el("a", { href: url, download: "tabletop-" + payload.game + "-" + tableId + ".json" });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
});
$("replay").addEventListener("click", (event) => {
  event.preventDefault();
  location.href = "/replay?table=" + encodeURIComponent(tableId) + "#" + encodeURIComponent(token);
});

// What other scripts of the page (social.js) use: the API with this page's key, the payload
// drawn last, the seat shown, and a way to draw an answer the server sent.
// -- the board: zoom, pan, play by clicking, the phone's sheet ------------------------------
const zoomer = Board.zoomable($("board"), { in: $("zoom-in"), out: $("zoom-out"), fit: $("zoom-fit") });
const playing = Board.playable($("board"), $("board-column"), $("board-pop"), zoomer, {
  payload: () => payload,
  play: (choice, next) => play(choice, next),
  armed: () => performance.now() >= armedAt && !busy,
  amountForm,
  seat: () => (payload && payload.you.seat ? payload.you.seat : null),
}, $("board-strip"));
// A panel just shown (a phone's tab): its feed scrolled to the newest entry, if it was.
const panels = Board.sheet($("side"), $("sheet-bar"), () => {
  if (pinned) $("lines").scrollTop = $("lines").scrollHeight;
});
document.addEventListener("click", () => { if (payload) hint(payload); });
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && payload) hint(payload);
});

window.Tabletop = {
  api, el, say, query, draw,
  payload: () => payload,
  shown: () => shown,
  since: () => lastStep + 1,
  tableId, token,
  play, armed: () => performance.now() >= armedAt,
};

if (!token) say("This link has no key: open the full link you were given.");
else listen();
