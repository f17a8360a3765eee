// The board of a table or replay page, shared by table.js and replay.js: the feed's entries
// as the page shows them, the picture fitted to its column with zoom and pan, a card's text
// on tap, and (on a table page) playing from the board with the payload's choices and the
// last moves highlighted.
"use strict";

window.TabletopBoard = (() => {
  const ZOOM_MAX = 5;
  const ZOOM_STEP = 1.25;
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
    const group = entry.step === 0 ? "setup" : String(entry.round);
    if (list.dataset.group !== group) {
      list.dataset.group = group;
      const head = el("li", { class: "round-head" });
      head.append(el("h3", {}, group === "setup" ? "Set-up" : "Round " + entry.round));
      out.push(head);
    }
    const item = el("li", { "data-step": String(entry.step), "data-group": group, class: "entry" });
    entry.lines.forEach((line, i) => {
      const depth = Math.min(4, Math.floor((line.length - line.trimStart().length) / 2));
      let text = line.trim();
      const event = text.startsWith(">");
      if (event) text = text.slice(1).trim();
      const kind = event ? "event" : i === 0 && entry.seat !== null ? "move" : "said";
      item.append(el("span", { class: kind, "data-depth": String(depth) }, text));
    });
    out.push(item);
    return out;
  }

  // -- zoom and pan ----------------------------------------------------------------------
  // The picture fits the board's width (zoom 1); zoomed in, the board keeps the height it
  // had at fit and the picture pans inside it: drag with the mouse, scroll, swipe, or the
  // arrow keys once the board has the focus. Ctrl + wheel and a pinch zoom about the
  // pointer; the buttons and "+", "-", "0" keys about the middle.
  function zoomable(board, buttons) {
    let zoom = 1;
    let dragged = false;  // the last press moved the picture: its click is not a click

    const svg = () => board.querySelector("svg");

    // At fit, a small picture is drawn at most twice its own size (tic-tac-toe would fill
    // the screen); zoomed, at the width asked for.
    function cap(picture) {
      const own = picture.viewBox.baseVal ? picture.viewBox.baseVal.width : 0;
      picture.style.maxWidth = zoom === 1 && own ? 2 * own + "px" : "none";
    }

    function set(value, x = board.clientWidth / 2, y = board.clientHeight / 2) {
      const picture = svg();
      value = Math.min(ZOOM_MAX, Math.max(1, value));
      if (!picture) {
        zoom = value;
        return;
      }
      const before = picture.getBoundingClientRect();
      const fx = (board.scrollLeft + x) / before.width;
      const fy = (board.scrollTop + y) / before.height;
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
        const after = picture.getBoundingClientRect();
        board.scrollLeft = fx * after.width - x;
        board.scrollTop = fy * after.height - y;
      }
      board.dataset.zoom = zoom.toFixed(2);
      buttons.out.disabled = zoom === 1;
      buttons.fit.disabled = zoom === 1;
      buttons.in.disabled = zoom >= ZOOM_MAX;
    }

    buttons.in.addEventListener("click", () => set(zoom * ZOOM_STEP));
    buttons.out.addEventListener("click", () => set(zoom / ZOOM_STEP));
    buttons.fit.addEventListener("click", () => set(1));
    board.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const by = { "+": ZOOM_STEP, "=": ZOOM_STEP, "-": 1 / ZOOM_STEP }[event.key];
      if (by) set(zoom * by);
      else if (event.key === "0") set(1);
      else return;
      event.preventDefault();
    });
    board.addEventListener("wheel", (event) => {
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
      set,
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

    const byId = (id) => svg && svg.querySelector("[id='" + CSS.escape(id) + "']");

    // Each element with an id, as its markup without the elements with ids inside it (a
    // group changes when its own parts change, not when a piece on it does).
    function signatures() {
      const out = new Map();
      for (const node of svg.querySelectorAll("[id]")) {
        const copy = node.cloneNode(true);
        for (const inner of copy.querySelectorAll("[id]")) inner.replaceWith("#" + inner.id);
        out.set(node.id, copy.outerHTML);
      }
      return out;
    }

    function clearMarks(...names) {
      if (!svg) return;
      for (const name of names) {
        for (const node of svg.querySelectorAll("." + name)) node.classList.remove(name);
      }
    }

    function cancel() {
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
        if (base) {
          for (const [id, mark] of now) {
            if (base.get(id) !== mark) byId(id).classList.add("changed");
          }
        }
      }
      clearMarks("playable");
      for (const choice of next.choices || []) {
        const node = byId(choice.targets[0]);
        if (node) node.classList.add("playable");
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
      cancel();
      const thing = described(event.target, svg);
      if (thing) explain(panel, thing, next.game);
    });
    // A click elsewhere on the page (the zoom buttons aside) puts the piece down.
    document.addEventListener("click", (event) => {
      if (!column.contains(event.target)) cancel();
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && selected) cancel();
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
