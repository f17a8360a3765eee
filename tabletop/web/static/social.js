// Playing together: the shelf of tables this browser has opened (the lobby lists it), and
// at a table page (window.Tabletop, from table.js, and its "tabletop:drawn" event): the
// player's name, a sound and a notification on his turn, the chat,
// "Take back" and "Play again". Everything a person typed is shown with textContent only.
"use strict";

// -- the shelf: tables this browser created or joined, kept in localStorage ---------------
const SHELF_KEY = "tabletop.tables";
const SHELF_SIZE = 30;

function shelfRead() {
  try {
    const tables = JSON.parse(localStorage.getItem(SHELF_KEY) || "[]");
    return Array.isArray(tables) ? tables : [];
  } catch (error) {
    return [];
  }
}

// Keep ``table`` ({id, title, when, links: [{label, url, warning?}]}) on the shelf, newest
// first; the links of a table already there are merged into it.
function shelfKeep(table) {
  const tables = shelfRead();
  const old = tables.find((t) => t.id === table.id);
  const links = old ? old.links.slice() : [];
  for (const link of table.links) {
    if (!links.some((l) => l.url === link.url)) links.push(link);
  }
  const kept = { ...(old || {}), ...table, links, when: (old && old.when) || table.when };
  const rest = tables.filter((t) => t.id !== table.id);
  try {
    localStorage.setItem(SHELF_KEY, JSON.stringify([kept, ...rest].slice(0, SHELF_SIZE)));
  } catch (error) {
    // storage full or forbidden: the page works without the shelf
  }
}

function shelfForget(id) {
  try {
    localStorage.setItem(SHELF_KEY, JSON.stringify(shelfRead().filter((t) => t.id !== id)));
  } catch (error) {
    // as above
  }
}

window.TabletopShelf = { read: shelfRead, keep: shelfKeep, forget: shelfForget };

// -- the table page --------------------------------------------------------------------
if (window.Tabletop) (() => {
  const T = window.Tabletop;
  const el = T.el;
  const slot = (id) => document.getElementById(id);
  const post = (path, body) => T.api(path + "?" + T.query(), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });

  // -- the name ---------------------------------------------------------------------------
  // On a phone the name and the alerts fold behind one line of the header (the board needs
  // the height); on a wider screen they stand open, the line hidden.
  const personal = el("details", { id: "personal" });
  personal.append(el("summary", {}, "Your name and turn alerts"));
  slot("name-slot").append(personal);
  const narrow = window.matchMedia("(max-width: 700px)");
  const fold = () => { personal.open = !narrow.matches; };
  fold();
  narrow.addEventListener("change", fold);
  const nameBox = el("span", { class: "name-box" });
  personal.append(nameBox);
  let nameFor = null;  // the seat and name the box was drawn for

  function drawName(next) {
    const seat = next.you.seat;
    const key = seat ? seat + ":" + next.names[seat - 1] : null;
    if (key === nameFor) return;
    nameFor = key;
    nameBox.replaceChildren();
    if (!seat) return;
    const current = next.names[seat - 1];
    const unnamed = current === "Player " + seat;
    // the first time a player opens his link the name is asked, on a phone too
    personal.open = unnamed || !narrow.matches;
    const form = el("form", { class: "name-form" });
    const id = "name-input";
    const label = el("label", { for: id }, unnamed ? "Your name" : "Name");
    const input = el("input", { id, maxlength: "24", required: "", autocomplete: "nickname",
                                 value: unnamed ? "" : current });
    const button = el("button", { type: "submit" }, unnamed ? "Use this name" : "Change");
    form.append(label, input, button);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      button.disabled = true;
      try {
        T.say("");
        nameFor = null;
        T.draw(await post("/name", { name: input.value, since: T.since() }));
      } catch (error) {
        T.say(error.message);
      } finally {
        button.disabled = false;
      }
    });
    nameBox.append(form);
  }

  // -- your turn: a sound and a notification, each off until switched on by a click ---------
  const alerts = el("span", { class: "alerts" });
  personal.append(alerts);
  const SOUND_KEY = "tabletop.sound";
  const NOTIFY_KEY = "tabletop.notify";
  const setting = (key) => localStorage.getItem(key) === "on";

  function toggle(key, words, onClick) {
    const button = el("button", { type: "button", class: "toggle", "aria-pressed": String(setting(key)) },
                      words);
    button.addEventListener("click", async () => {
      const on = !setting(key) && (await onClick());
      localStorage.setItem(key, on ? "on" : "off");
      button.setAttribute("aria-pressed", String(on));
    });
    return button;
  }

  let audio = null;
  function beep() {
    try {
      audio = audio || new AudioContext();
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = 880;
      volume.gain.setValueAtTime(0.15, audio.currentTime);
      volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      tone.connect(volume).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
    } catch (error) {
      // no sound on this device
    }
  }

  // for the people at the table only: a spectator has no turn (the hot seat has them all)
  function drawAlerts(next) {
    const watching = !next.you.seat && next.you.role !== "hotseat";
    alerts.hidden = watching;
    personal.hidden = watching;  // a spectator has no name either: the line would be empty
  }

  alerts.append(
    toggle(SOUND_KEY, "Sound on my turn", async () => { beep(); return true; }),
    toggle(NOTIFY_KEY, "Notify me on my turn", async () => {
      if (!("Notification" in window)) {
        T.say("This browser cannot show notifications.");
        return false;
      }
      const answer = Notification.permission === "granted" ? "granted"
        : await Notification.requestPermission();  // asked only on this click
      if (answer !== "granted") T.say("Notifications are blocked for this page in the browser.");
      return answer === "granted";
    }),
  );

  let turnSeen = null;  // the move whose turn was last announced
  let opening = true;   // the first drawing: the player is looking at the page he opened
  function announce(next) {
    const mine = !next.over && next.to_act !== null &&
      (next.to_act === next.you.seat || (next.you.humans || []).includes(next.to_act));
    const first = opening;
    opening = false;
    if (!mine) {
      turnSeen = null;
      return;
    }
    if (turnSeen === next.move) return;
    turnSeen = next.move;
    if (first) return;
    if (setting(SOUND_KEY)) beep();
    if (setting(NOTIFY_KEY) && "Notification" in window && Notification.permission === "granted"
        && document.visibilityState !== "visible") {
      new Notification("Your turn: " + next.title, { body: next.names[next.to_act - 1] + ", it is your turn.", tag: "tabletop-" + T.tableId });
    }
  }

  // -- the chat ---------------------------------------------------------------------------
  const chat = slot("chat");
  const chatList = el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite",
                              "aria-label": "Messages", tabindex: "0" });
  const chatForm = el("form", { id: "chat-form", class: "chat-form" });
  const chatInput = el("input", { id: "chat-input", maxlength: "200", autocomplete: "off",
                                   required: "" });
  const chatSend = el("button", { type: "submit" }, "Send");
  chatForm.append(el("label", { for: "chat-input" }, "Message"), chatInput, chatSend);
  // a refused message (too long, too many at once) is said here, by the box it came from
  const chatError = el("p", { id: "chat-error", class: "chat-error", "aria-live": "polite" });
  chat.append(el("h2", {}, "Table talk"), chatList, chatForm, chatError);
  let chatShown = 0;      // the number of the last message drawn
  let chatNames = "";     // the names the messages were drawn with

  function drawChat(next) {
    chat.hidden = false;
    const mayTalk = next.you.seat ? true : next.you.role === "spectator" && next.spectator_chat;
    chatForm.hidden = !mayTalk;
    if (!mayTalk) chatError.textContent = "";
    const names = JSON.stringify(next.names);
    const messages = next.chat || [];
    const last = messages.length ? messages[messages.length - 1].n : 0;
    if (last === chatShown && names === chatNames) return;
    chatShown = last;
    chatNames = names;
    chatList.replaceChildren(...messages.map((message) => {
      const who = message.seat ? next.names[message.seat - 1] : "Spectator";
      const item = el("li", { "data-n": String(message.n) });
      item.append(el("strong", {}, who + ": "), document.createTextNode(message.text));
      return item;
    }));
    if (!messages.length) chatList.append(el("li", { class: "muted" }, "No messages yet."));
    chatList.scrollTop = chatList.scrollHeight;
  }

  chatForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    chatSend.disabled = true;
    try {
      T.draw(await post("/chat", { text: chatInput.value, since: T.since() }));
      chatInput.value = "";
      chatError.textContent = "";
    } catch (error) {
      chatError.textContent = error.message;
    } finally {
      chatSend.disabled = false;
    }
  });

  // -- take back --------------------------------------------------------------------------
  const undoSlot = slot("undo-slot");
  const UNDO_ARMING_MS = 600;
  function drawUndo(next) {
    const can = next.undo && next.undo.can && !next.over;
    if (!can) {
      undoSlot.replaceChildren();
      return;
    }
    if (undoSlot.querySelector("button")) return;
    const button = el("button", { type: "button", id: "undo", class: "undo" }, "Take back my last move");
    // drawn where the pointer of the move just played may still be: the second click of a
    // double click must not take the move back
    const armedAt = performance.now() + UNDO_ARMING_MS;
    button.dataset.armed = "no";
    setTimeout(() => { button.dataset.armed = "yes"; }, UNDO_ARMING_MS);
    button.addEventListener("click", async () => {
      if (performance.now() < armedAt) return;
      button.disabled = true;
      try {
        // the table is now at an earlier move: the page drops the moves taken back
        T.draw(await post("/undo", { since: 0 }));
      } catch (error) {
        T.say(error.message);
      } finally {
        button.disabled = false;  // another move may be taken back, if the table allows
      }
    });
    undoSlot.append(button);
  }

  // -- play again -------------------------------------------------------------------------
  const endSlot = slot("end-slot");
  let endFor = null;

  function drawEnd(next) {
    const key = next.over ? String(next.rematch) : null;
    if (key === endFor) return;
    endFor = key;
    endSlot.replaceChildren();
    if (!next.over) return;
    if (next.rematch) {
      const url = location.origin + next.rematch;
      const words = next.you.role === "spectator" ? "Watch the next game"
        : next.you.role === "hotseat" ? "Play the next game on this device" : "Your seat at the next game";
      endSlot.append(el("a", { href: url, id: "rematch-link", class: "button primary" }, words));
      shelfKeep({ id: next.rematch.split("/")[2].split("#")[0], title: next.title, when: Date.now(),
                  links: [{ label: words, url }] });
    } else if (next.you.role !== "spectator") {
      const button = el("button", { type: "button", id: "rematch", class: "primary" }, "Play again");
      button.addEventListener("click", async () => {
        button.disabled = true;
        try {
          T.draw(await post("/rematch", {}));
        } catch (error) {
          T.say(error.message);
          button.disabled = false;
        }
      });
      endSlot.append(button, el("span", { class: "help" },
                                " (a new game with the same seats and options; everyone gets a new link)"));
    } else {
      endSlot.append(el("p", { class: "muted" }, "When a player starts the next game, its link appears here."));
    }
  }

  // -- the shelf ----------------------------------------------------------------------------
  let shelved = false;
  function shelve(next) {
    if (shelved) return;
    shelved = true;
    const you = next.you;
    const label = you.role === "seat" ? "Player " + you.seat + "'s seat"
      : you.role === "hotseat" ? "Hot seat (every hand, one device)" : "Spectator";
    shelfKeep({ id: T.tableId, title: next.title, when: Date.now(),
                links: [{ label, url: location.href, warning: you.role === "hotseat" }] });
  }

  document.addEventListener("tabletop:drawn", (event) => {
    const next = event.detail;
    shelve(next);
    drawName(next);
    drawAlerts(next);
    announce(next);
    drawChat(next);
    drawUndo(next);
    drawEnd(next);
  });
})();
