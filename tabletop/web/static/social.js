// Playing together at a table page: names, chat, rematch, undo, "your turn" signals.
// Uses window.Tabletop (table.js) and listens to its "tabletop:drawn" event.
"use strict";
