// The board of a table or replay page, shared by table.js and replay.js: the feed's entries
// as the page shows them, the picture fitted to its column with zoom and pan, a card's text
// on tap, and (on a table page) playing from the board with the payload's choices and the
// last moves highlighted.
"use strict";

window.TabletopBoard = (() => {
  const ZOOM_MAX = 5;
  const ZOOM_STEP = 1.25;
  // A board narrower than this (a phone) starts zoomed to BOARD_PX, the width the pictures
  // are made to read at (the desktop's board column; tests/web/picture_fit.py).
  const NARROW_PX = 600;
  const BOARD_PX = 820;
  // A player who panned or zoomed within this many ms is not moved to the next decision.
  const LEFT_ALONE_MS = 4000;
  // A pointer that moves further than this between press and release pans: not a click.
  const DRAG_PX = 6;

  function el(tag, attrs = {}, text = "") {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (text) node.textContent = text;
    return node;
  }

  // -- the feed --------------------------------------------------------------------------
  // A feed entry ({step, round, seat, lines}) as list items: a heading when its round is
  // not the last one's ("Set-up", "Round 2"), then the entry: its move, then the events,
  // indented as deep as the server indented them. The lines come unwrapped: the browser
  // wraps them to the column.
  function feedItems(list, entry) {
    const out = [];
    // a game that counts no rounds (round 0: before its first, or never counted) gets no
    // heading for them
    const group = entry.step === 0 ? "setup" : entry.round > 0 ? String(entry.round) : "none";
    if (list.dataset.group !== group && group !== "none") {
      list.dataset.group = group;
      const head = el("li", { class: "round-head" });
      head.append(el("h3", {}, group === "setup" ? "Set-up" : "Round " + entry.round));
      out.push(head);
    }
    const item = el("li", { "data-step": String(entry.step), "data-group": group, class: "entry" });
    entry.lines.forEach((line, i) => {
      const depth = Math.min(4, Math.floor((line.length - line.trimStart().length) / 2));
      let text = line.trim();
      if (i === 0 && entry.seat !== null) text = untagged(text);
      const event = text.startsWith(">");
      if (event) text = text.slice(1).trim();
      const kind = event ? "event" : i === 0 && entry.seat !== null ? "move" : "said";
      item.append(el("span", { class: kind, "data-depth": String(depth) }, text));
    });
    out.push(item);
    return out;
  }

  // A move's line without the "[human]" of a person ("12. Alice [human]: bids" reads
  // "12. Alice: bids"), a bot's kind in parentheses ("12. Bob (Normal bot): bids"); the
  // server writes "N. Label [kind]: ..." or, when the move starts with the label,
  // "N. [kind] Label ...".
  function untagged(text) {
    const shown = (kind) => (kind === "human" ? "" : "(" + kind + ")");
    const before = /^(\d+)\. \[([^\[\]]+)\] (.*)$/.exec(text);
    if (before) return [before[1] + ".", shown(before[2]), before[3]].filter(Boolean).join(" ");
    const after = /^(\d+)\. (.+?) \[([^\[\]]+)\]: (.*)$/.exec(text);
    if (after) return after[1] + ". " + [after[2], shown(after[3])].filter(Boolean).join(" ") + ": " + after[4];
    return text;
  }

  // -- zoom and pan ----------------------------------------------------------------------
  // The picture fits the board's width (zoom 1); zoomed in, the board keeps the height it
  // had at fit and the picture pans inside it: drag with the mouse, scroll, swipe, or the
  // arrow keys once the board has the focus. Ctrl + wheel and a pinch zoom about the
  // pointer; the buttons and "+", "-", "0" keys about the middle.
  function zoomable(board, buttons) {
    let zoom = 1;
    let dragged = false;  // the last press moved the picture: its click is not a click
    let movedAt = -Infinity;  // when the player last panned or zoomed the board

    const svg = () => board.querySelector("svg");
    const touched = () => { movedAt = performance.now(); };

    // At fit, a small picture is drawn at most twice its own size (tic-tac-toe would fill
    // the screen); zoomed, at the width asked for.
    function cap(picture) {
      const own = picture.viewBox.baseVal ? picture.viewBox.baseVal.width : 0;
      picture.style.maxWidth = zoom === 1 && own ? 2 * own + "px" : "none";
    }

    // The part of the board the player sees, in the window's coordinates: its inside, less
    // what lies outside the window or the page's scrolling area (on a phone the sheet
    // covers the bottom of the window).
    function visible() {
      const box = board.getBoundingClientRect();
      const left = box.left + board.clientLeft;
      const top = box.top + board.clientTop;
      const out = { left, top, right: left + board.clientWidth, bottom: top + board.clientHeight };
      const main = board.closest("main");
      const room = main ? main.getBoundingClientRect() : { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      const seen = {
        left: Math.max(out.left, room.left, 0), top: Math.max(out.top, room.top, 0),
        right: Math.min(out.right, room.right, innerWidth), bottom: Math.min(out.bottom, room.bottom, innerHeight),
      };
      return seen.right > seen.left && seen.bottom > seen.top ? seen : out;
    }

    // The middle of the part seen, from the board's top left corner (inside its border).
    function middle() {
      const seen = visible();
      const box = board.getBoundingClientRect();
      return { x: (seen.left + seen.right) / 2 - box.left - board.clientLeft,
        y: (seen.top + seen.bottom) / 2 - box.top - board.clientTop };
    }

    // Whether some of ``node`` shows in the part of the board seen.
    function inView(node) {
      const seen = visible();
      const at = node.getBoundingClientRect();
      return at.right > seen.left && at.left < seen.right && at.bottom > seen.top && at.top < seen.bottom;
    }

    // The board scrolled so that ``node`` is in the middle of the part seen.
    function reveal(node) {
      const box = board.getBoundingClientRect();
      const at = node.getBoundingClientRect();
      const centre = middle();
      board.scrollLeft += at.left + at.width / 2 - (box.left + board.clientLeft + centre.x);
      board.scrollTop += at.top + at.height / 2 - (box.top + board.clientTop + centre.y);
    }

    // The piece picked on a table page (playable() names it in data-selected), or null.
    function picked() {
      const id = board.dataset.selected;
      return id ? board.querySelector("svg [id='" + CSS.escape(id) + "']") : null;
    }

    // Zoom to ``value`` about the point (x, y) of the board (from its top left corner):
    // by default the picked piece's middle, else the middle of the part of the board seen,
    // both measured before the board's height changes.
    function set(value, x, y) {
      const picture = svg();
      value = Math.min(ZOOM_MAX, Math.max(1, value));
      if (!picture) {
        zoom = value;
        return;
      }
      const piece = picked();
      const before = picture.getBoundingClientRect();
      const box = board.getBoundingClientRect();
      if (x === undefined) {
        if (piece) {
          const at = piece.getBoundingClientRect();
          x = at.left + at.width / 2 - box.left - board.clientLeft;
          y = at.top + at.height / 2 - box.top - board.clientTop;
        } else {
          ({ x, y } = middle());
        }
      }
      // the point of the picture under (x, y), as a fraction of its size
      const fx = (x - (before.left - box.left - board.clientLeft)) / before.width;
      const fy = (y - (before.top - box.top - board.clientTop)) / before.height;
      if (value > 1 && !board.classList.contains("zoomed")) {
        board.style.height = Math.min(board.offsetHeight, Math.max(240, innerHeight * 0.8)) + "px";
        board.classList.add("zoomed");
      }
      zoom = value;
      if (zoom === 1) {
        board.classList.remove("zoomed");
        board.style.height = "";
        picture.style.width = "";
        cap(picture);
      } else {
        picture.style.width = Math.round(board.clientWidth * zoom) + "px";
        cap(picture);
        // the board may have grown shorter: a point below its new bottom goes to the middle
        // of what is seen of it
        if (x < 0 || x > board.clientWidth || y < 0 || y > board.clientHeight) ({ x, y } = middle());
        const after = picture.getBoundingClientRect();
        board.scrollLeft = fx * after.width - x;
        board.scrollTop = fy * after.height - y;
        if (piece && !inView(piece)) reveal(piece);
      }
      board.dataset.zoom = zoom.toFixed(2);
      buttons.out.disabled = zoom === 1;
      buttons.fit.disabled = zoom === 1;
      buttons.in.disabled = zoom >= ZOOM_MAX;
    }

    // On a narrow screen a fitted picture's text is too small to read: the board starts
    // zoomed so that the picture is drawn as wide as on a desktop (BOARD_PX; a small
    // picture at most twice its own size), ``node`` (where the player looks first) in view.
    function start(node) {
      const picture = svg();
      if (!picture || !board.clientWidth || board.clientWidth >= NARROW_PX) return;
      const own = picture.viewBox.baseVal ? picture.viewBox.baseVal.width : 0;
      const wanted = Math.min(BOARD_PX, own ? 2 * own : BOARD_PX);
      if (zoom === 1 && wanted > board.clientWidth * 1.1) set(wanted / board.clientWidth);
      if (node && zoom > 1) reveal(node);
    }

    for (const [button, by] of [[buttons.in, ZOOM_STEP], [buttons.out, 1 / ZOOM_STEP], [buttons.fit, 0]]) {
      button.addEventListener("click", () => {
        touched();
        set(by ? zoom * by : 1);
      });
    }
    board.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      touched();  // the arrow keys scroll it too
      const by = { "+": ZOOM_STEP, "=": ZOOM_STEP, "-": 1 / ZOOM_STEP }[event.key];
      if (by) set(zoom * by);
      else if (event.key === "0") set(1);
      else return;
      event.preventDefault();
    });
    board.addEventListener("wheel", (event) => {
      touched();
      if (!event.ctrlKey) return;  // a pinch on a touchpad comes as Ctrl + wheel too
      event.preventDefault();
      const box = board.getBoundingClientRect();
      set(zoom * Math.exp(-event.deltaY / 300), event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });

    let press = null;
    board.addEventListener("pointerdown", (event) => {
      dragged = false;
      if (event.pointerType !== "mouse" || event.button !== 0 || zoom === 1) return;
      press = { x: event.clientX, y: event.clientY, left: board.scrollLeft, top: board.scrollTop };
    });
    board.addEventListener("pointermove", (event) => {
      if (!press) return;
      const dx = event.clientX - press.x;
      const dy = event.clientY - press.y;
      if (!dragged && Math.hypot(dx, dy) < DRAG_PX) return;
      dragged = true;
      touched();
      board.classList.add("panning");
      board.scrollLeft = press.left - dx;
      board.scrollTop = press.top - dy;
    });
    const release = () => {
      press = null;
      board.classList.remove("panning");
    };
    board.addEventListener("pointerup", release);
    board.addEventListener("pointercancel", release);

    // A pinch: two fingers zoom about their middle (one finger scrolls, as the browser does).
    let pinch = null;
    const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX,
      touches[0].clientY - touches[1].clientY);
    board.addEventListener("touchstart", (event) => {
      if (event.touches.length === 2) pinch = { distance: spread(event.touches), zoom };
    }, { passive: true });
    board.addEventListener("touchmove", (event) => {
      touched();  // a swipe scrolls the board
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      dragged = true;
      const box = board.getBoundingClientRect();
      const x = (event.touches[0].clientX + event.touches[1].clientX) / 2 - box.left;
      const y = (event.touches[0].clientY + event.touches[1].clientY) / 2 - box.top;
      set(pinch.zoom * spread(event.touches) / pinch.distance, x, y);
    }, { passive: false });
    board.addEventListener("touchend", (event) => {
      if (event.touches.length < 2) pinch = null;
    });

    return {
      // A new picture drawn: the zoom chosen stays, the scroll position too.
      redrawn() {
        const picture = svg();
        if (!picture) return;
        if (zoom > 1) picture.style.width = Math.round(board.clientWidth * zoom) + "px";
        cap(picture);
      },
      // Whether the click under way ended a drag (and so plays nothing).
      wasDrag: () => dragged,
      level: () => zoom,
      // Whether the player panned or zoomed the board a moment ago.
      handled: () => performance.now() - movedAt < LEFT_ALONE_MS,
      set, start, inView, reveal,
    };
  }

  // -- what a thing on the board is --------------------------------------------------------
  const guides = new Map();  // game name -> the promise of its guide (with the glossary)

  // The game's guide, rules and glossary (GET /api/games/NAME/guide), fetched once a page.
  function guide(game) {
    if (!guides.has(game)) {
      const asked = fetch("/api/games/" + encodeURIComponent(game) + "/guide").then(async (response) => {
        const answer = await response.json();
        if (!response.ok) throw new Error(answer.error);
        return answer;
      });
      asked.catch(() => guides.delete(game));
      guides.set(game, asked);
    }
    return guides.get(game);
  }

  // What the element under ``node`` says about itself: the nearest element of the picture
  // with a tooltip (a <title> of its own) or a card's name; {node, title, name} or null.
  function described(node, svg) {
    for (let at = node; at && at !== svg; at = at.parentElement) {
      const title = Array.from(at.children).find((child) => child.tagName.toLowerCase() === "title");
      const isCard = at.classList && (at.classList.contains("card") || at.classList.contains("tile"));
      if (title || (isCard && !at.classList.contains("face-down"))) {
        const first = at.querySelector("text");
        return { node: at, title: title ? title.textContent.trim() : "",
          name: at.dataset.name || (first ? first.textContent.trim() : "") };
      }
    }
    return null;
  }

  // The glossary's entry for a thing: a term that its name is, or that its tooltip starts
  // with ("Muscle card: ..."), compared without case.
  function glossaryEntry(glossary, thing) {
    const names = [thing.name, thing.title.split(":")[0], thing.title.split(" (")[0]]
      .map((n) => n.trim().toLowerCase()).filter(Boolean);
    for (const [term, text] of Object.entries(glossary || {})) {
      if (names.includes(term.toLowerCase())) return [term, text];
    }
    return null;
  }

  // -- the small panel at an element: what it is, or what a click on it plays ---------------
  function popover(pop, column) {
    let anchor = null;

    function close() {
      const had = pop.contains(document.activeElement);
      pop.hidden = true;
      pop.replaceChildren();
      anchor = null;
      if (had) column.querySelector("#board").focus({ preventScroll: true });  // not lost to the page
    }

    // Shows ``parts`` (elements) next to the board element ``at``.
    function open(at, label, parts) {
      anchor = at;
      pop.replaceChildren();
      const bar = el("div", { class: "pop-bar" });
      bar.append(el("strong", { class: "pop-title" }, label));
      const shut = el("button", { type: "button", class: "pop-close", "aria-label": "Close" }, "\u00d7");
      shut.addEventListener("click", close);
      bar.append(shut);
      pop.append(bar, ...parts);
      pop.setAttribute("aria-label", label);
      pop.hidden = false;
      place();
      const first = pop.querySelector("input, .pop-body button, a") || shut;
      first.focus({ preventScroll: true });
    }

    function place() {
      if (!anchor) return;
      const room = column.getBoundingClientRect();
      const box = anchor.getBoundingClientRect();
      const width = Math.min(pop.offsetWidth, room.width);
      let left = box.left + box.width / 2 - room.left - width / 2;
      left = Math.max(0, Math.min(room.width - width, left));
      let top = box.bottom - room.top + 6;
      if (top + pop.offsetHeight > room.height && box.top - room.top - pop.offsetHeight - 6 > 0) {
        top = box.top - room.top - pop.offsetHeight - 6;  // above it, when there is no room below
      }
      pop.style.left = left + "px";
      pop.style.top = Math.max(0, top) + "px";
    }

    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !pop.hidden) close();
    });
    return { open, close, isOpen: () => !pop.hidden, place, contains: (n) => pop.contains(n) };
  }

  // Tells what a thing is: its tooltip, and the glossary's entry for it when there is one.
  async function explain(panel, thing, game) {
    const body = el("div", { class: "pop-body" });
    if (thing.title) body.append(el("p", {}, thing.title));
    panel.open(thing.node, thing.name || "About this", [body]);
    if (!game) return;
    try {
      const entry = glossaryEntry((await guide(game)).glossary, thing);
      if (entry && panel.isOpen()) {
        body.append(el("p", { class: "glossary" }, entry[0] + ": " + entry[1]));
        panel.place();
      }
    } catch (error) {
      // the tooltip alone then: the guide panel says why the guide did not load
    }
  }

  // The page's own marks on the picture's elements (left out of what changed).
  const MARKS = new Set(["playable", "changed", "selected", "destination"]);

  // -- playing from the board (a table page) -------------------------------------------------
  // ``page``: what table.js lends: payload(), play(choice, next), armed(), amountForm(line,
  // next), seat() (the seat whose baseline this is: the seat shown, or null). ``strip``: the
  // line above the board that holds the choices of a picked piece that need no place (a
  // panel at the piece could hide the places to click).
  function playable(board, column, pop, zoomer, page, strip) {
    const panel = popover(pop, column);
    let svg = null;          // the picture marked last
    let drawnMove = null;    // its move
    let selected = null;     // {node, choices}: the piece picked, waiting for where it goes
    const baselines = new Map();  // seat -> signatures of the picture as it was when it acted
    let acted = null;        // {seat, move}: a move sent, its baseline not settled yet
    let previous = null;     // a spectator's: the signatures of the last move's picture
    let shownOnce = false;   // a picture was drawn since the board was last empty
    const said = column.querySelector(".board-said");  // a polite live region, if the page has one

    // Says ``message`` to a screen reader (the live region is cleared after a while, so the
    // same words can be said again).
    function tell(message) {
      if (!said) return;
      said.textContent = message;
      clearTimeout(tell.timer);
      tell.timer = setTimeout(() => { said.textContent = ""; }, 4000);
    }

    const byId = (id) => svg && svg.querySelector("[id='" + CSS.escape(id) + "']");

    // Each element with an id, as what it shows without where it is drawn: the classes (the
    // page's own marks aside), texts, fill and stroke colours and data-* attributes of it and
    // its parts, the elements with ids inside it by their ids only (a group changes when its
    // own parts change, not when a piece on it does), and the ids of the groups it is in (a
    // card that changed hands changed), and the element it lies on (the smallest other one
    // whose box holds its middle: a pawn that moved to another cell changed). Positions and
    // sizes are left out: a picture drawn around a growing city moves everything in it.
    function signatures() {
      const out = new Map();
      const nodes = Array.from(svg.querySelectorAll("[id]"));
      const boxes = nodes.map((node) => node.getBoundingClientRect());
      const on = (i) => {
        const box = boxes[i];
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        let best = null;
        let area = Infinity;
        nodes.forEach((other, j) => {
          const b = boxes[j];
          if (j === i || b.width * b.height >= area || b.width * b.height <= box.width * box.height
              || other.contains(nodes[i]) || nodes[i].contains(other)) return;
          if (x >= b.left && x <= b.right && y >= b.top && y <= b.bottom) {
            best = other.id;
            area = b.width * b.height;
          }
        });
        return best;
      };
      const shown = (node, parts, top) => {
        if (node.nodeType === Node.TEXT_NODE) {
          const text = node.textContent.trim();
          if (text) parts.push(JSON.stringify(text));
          return;
        }
        if (node.nodeType !== Node.ELEMENT_NODE) return;
        if (!top && node.id) {
          parts.push("#" + node.id);
          return;
        }
        const words = [node.tagName];
        for (const { name, value } of node.attributes) {
          if (name === "class") words.push("." + value.split(/\s+/).filter((c) => c && !MARKS.has(c)).join("."));
          else if (name === "fill" || name === "stroke" || name.startsWith("data-")) words.push(name + "=" + value);
        }
        parts.push("<" + words.join(" "));
        for (const child of node.childNodes) shown(child, parts, false);
        parts.push(">");
      };
      nodes.forEach((node, i) => {
        const parts = [];
        for (let at = node.parentElement; at && at !== svg; at = at.parentElement) {
          if (at.id) parts.push("in #" + at.id);
        }
        const under = on(i);
        if (under) parts.push("on #" + under);
        shown(node, parts, true);
        out.set(node.id, parts.join(" "));
      });
      return out;
    }

    // The elements that changed marked, less those drawn inside another one marked (a new
    // tile's streets and block inside the tile: the tile says it).
    function mark(nodes) {
      const boxes = nodes.map((node) => node.getBoundingClientRect());
      const area = (b) => b.width * b.height;
      const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1
        && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
      nodes.forEach((node, i) => {
        const covered = boxes.some((box, j) => j !== i && area(box) > 0 && inside(boxes[i], box)
          && (area(box) > area(boxes[i]) || (area(box) === area(boxes[i]) && j < i)));
        if (!covered) node.classList.add("changed");
      });
    }

    function clearMarks(...names) {
      if (!svg) return;
      for (const name of names) {
        for (const node of svg.querySelectorAll("." + name)) node.classList.remove(name);
      }
    }

    // ``told``: the page says so (a pick put down by the player, not by a redraw).
    function cancel(told = false) {
      if (told && selected) tell("Pick cancelled");
      selected = null;
      clearMarks("selected", "destination");
      delete board.dataset.selected;
      panel.close();
      strip.hidden = true;
      strip.replaceChildren();
    }

    // After each draw: the changes since this seat last acted (a spectator: since the last
    // move) highlighted, the first elements of the choices marked playable.
    function drawn(next) {
      const picture = board.querySelector("svg");
      if (!picture) {
        svg = null;
        shownOnce = false;
        cancel();
        return;
      }
      const fresh = picture !== svg;
      const moved = next.move !== drawnMove;
      svg = picture;
      drawnMove = next.move;
      if (moved) cancel();
      if (fresh) {
        const now = signatures();
        const seat = page.seat();
        let base;
        if (seat === null) {
          if (moved) base = previous;
          previous = now;
        } else {
          if (acted && acted.seat === seat && next.move === acted.move + 1) {
            baselines.set(seat, now);  // only this seat's own move since: nothing to show
          }
          if (acted && next.move > acted.move) acted = null;
          if (!baselines.has(seat)) baselines.set(seat, now);
          base = baselines.get(seat);
        }
        if (base) mark(Array.from(now).filter(([id, sign]) => base.get(id) !== sign).map(([id]) => byId(id)));
      }
      clearMarks("playable");
      const pieces = [];
      for (const choice of next.choices || []) {
        const node = byId(choice.targets[0]);
        if (node) node.classList.add("playable");
        if (node && !pieces.includes(node)) pieces.push(node);
      }
      // Where the player looks: on a phone the board starts zoomed at the first piece to
      // play (else the seat's own place); a new decision whose pieces are all out of sight
      // brings the first one into view, unless the player just moved the board.
      const seat = page.seat();
      if (!shownOnce) {
        shownOnce = true;
        zoomer.start(pieces[0] || (seat !== null && byId("seat-" + seat)) || null);
      } else if (moved && pieces.length && zoomer.level() > 1 && !zoomer.handled()
                 && !pieces.some((node) => zoomer.inView(node))) {
        zoomer.reveal(pieces[0]);
      }
      if (selected) {
        const node = byId(selected.node.id);
        if (node && node.classList.contains("playable")) select(node, next);
        else cancel();
      }
      board.dataset.playable = String(svg.querySelectorAll(".playable").length);
    }

    // The seat acts: the highlights go, and the picture it acted on is what the next ones
    // are compared with.
    function acting(next) {
      const seat = page.seat();
      cancel();
      clearMarks("changed");
      if (seat !== null && svg) {
        baselines.set(seat, signatures());
        acted = { seat, move: next.move };
      }
    }

    function send(choice, next) {
      board.dataset.boardMoves = String(Number(board.dataset.boardMoves || 0) + 1);
      page.play({ action: choice.action }, next);
    }

    // The lines of the menu, groups opened: to find a choice's amount question or
    // concession.
    function lines(menu) {
      const out = [];
      for (const line of (menu && menu.lines) || []) {
        if (line.group) out.push(...lines(line.group));
        else out.push(line);
      }
      return out;
    }

    function playOne(choice, next) {
      const line = lines(next.menu).find((l) => l.action === choice.action);
      if (line && line.concession && !confirm("This gives up the game: " + choice.text + ". Are you sure?")) return;
      send(choice, next);
    }

    // Several choices at one element: their texts as buttons, or the number field when
    // they are exactly the values of one amount question; in a panel at the element, or in
    // the strip above the board (``inStrip``: the piece is picked, its places highlighted).
    function openMenu(node, choices, next, inStrip = false) {
      const wanted = new Set(choices.map((c) => c.action));
      const thing = described(node, svg);
      const body = el("div", { class: inStrip ? "strip-body" : "pop-body" });
      if (inStrip) body.append(el("span", {}, "Or, without a place:"));
      else if (thing && thing.title) body.append(el("p", { class: "pop-info" }, thing.title));
      const amount = lines(next.menu).find((l) => l.amount && l.amount.choices.length === wanted.size
        && l.amount.choices.every(([, index]) => wanted.has(index)));
      if (amount && wanted.size > 1) {
        body.append(page.amountForm(amount, next));
      } else {
        for (const choice of choices) {
          const button = el("button", { type: "button", class: "action", "data-action": String(choice.action) }, choice.text);
          button.addEventListener("click", () => {
            if (!page.armed()) return;
            cancel();
            playOne(choice, next);
          });
          body.append(button);
        }
      }
      if (inStrip) {
        strip.replaceChildren(body);
        strip.hidden = false;
      } else {
        panel.open(node, thing && thing.name ? thing.name : "Choose", [body]);
      }
    }

    // A piece picked whose choices go on to another element: those are highlighted.
    function select(node, next) {
      const choices = (next.choices || []).filter((c) => c.targets[0] === node.id && c.targets.length > 1);
      clearMarks("selected", "destination");
      selected = { node, choices };
      node.classList.add("selected");
      board.dataset.selected = node.id;
      for (const choice of choices) {
        const place = byId(choice.targets[1]);
        if (place) place.classList.add("destination");
      }
    }

    function pick(node, next) {
      const choices = (next.choices || []).filter((c) => c.targets[0] === node.id);
      const single = choices.filter((c) => c.targets.length === 1);
      if (choices.length > single.length) {
        cancel();
        select(node, next);
        if (single.length) openMenu(node, single, next, true);
      } else if (single.length === 1) {
        cancel();
        playOne(single[0], next);
      } else {
        cancel();
        openMenu(node, single, next);
      }
    }

    function arrive(node, next) {
      const choices = selected.choices.filter((c) => c.targets[1] === node.id);
      if (choices.length === 1) {
        cancel();
        playOne(choices[0], next);
      } else {
        panel.close();
        strip.hidden = true;
        openMenu(node, choices, next);
      }
    }

    // The innermost element under ``node`` (itself included) that ``test`` accepts.
    function nearest(node, test) {
      for (let at = node; at && at !== svg && at !== board; at = at.parentElement) {
        if (at.id && test(at)) return at;
      }
      return null;
    }

    board.addEventListener("click", (event) => {
      if (zoomer.wasDrag() || !svg) return;
      const next = page.payload();
      if (!next) return;
      const destination = selected && nearest(event.target, (n) => n.classList.contains("destination"));
      const piece = nearest(event.target, (n) => n.classList.contains("playable"));
      if ((destination || piece) && !page.armed()) return;  // drawn under a click meant for the last
      if (destination) return arrive(destination, next);
      if (piece) return pick(piece, next);
      const thing = described(event.target, svg);
      // empty board space (a gap between cards, the cloth) does nothing: a picked piece stays
      // picked; a click on an element that is not a destination puts it down
      if (selected && !thing && !nearest(event.target, () => true)) return;
      cancel(true);
      if (thing) explain(panel, thing, next.game);
    });
    // A click elsewhere on the page (the zoom buttons aside) puts the piece down.
    document.addEventListener("click", (event) => {
      if (!column.contains(event.target)) cancel(true);
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && selected) cancel(true);
    });
    return { drawn, acting, cancel, close: panel.close };
  }

  // The picture as an image with a text alternative (the text view, in ``alt``), still
  // taking clicks.
  function label(board, altId, name) {
    const svg = board.querySelector("svg");
    if (!svg) return;
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", name);
    svg.setAttribute("aria-describedby", altId);
  }

  // A table on a phone: the options in a bottom sheet of tabs ("Your move", "What
  // happened", "Guide") that can be folded to its bar; the page below the board leaves room
  // for it (--sheet, its height). ``shown(tab)`` is told of each tab shown.
  function sheet(side, bar, shown = () => {}) {
    const toggle = bar.querySelector("[data-fold]");
    function show(tab) {
      side.dataset.tab = tab;
      for (const button of bar.querySelectorAll("[data-tab]")) {
        button.setAttribute("aria-pressed", String(button.dataset.tab === tab));
      }
      fold(false);
      shown(tab);
    }
    function fold(folded) {
      side.classList.toggle("folded", folded);
      toggle.setAttribute("aria-expanded", String(!folded));
      toggle.textContent = folded ? "Show" : "Hide";
      toggle.setAttribute("aria-label", folded ? "Show your options" : "Hide your options");
    }
    for (const button of bar.querySelectorAll("[data-tab]")) {
      button.addEventListener("click", () => show(button.dataset.tab));
    }
    toggle.addEventListener("click", () => fold(!side.classList.contains("folded")));
    const room = () => document.body.style.setProperty("--sheet", side.offsetHeight + "px");
    new ResizeObserver(room).observe(side);
    show(side.dataset.tab || "move");
    return { show, tab: () => side.dataset.tab, fold };
  }

  return { el, feedItems, zoomable, playable, label, sheet, guide, described, popover, explain };
})();
