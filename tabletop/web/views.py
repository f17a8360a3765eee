"""What a viewer of a web table receives: pure functions of a state (or a move) and a viewer.

Every byte a seat's page shows is built here from what the contract lets that seat see:
``picture(seat)`` (or ``render(seat)`` for a game that draws nothing), its legal actions and
their ``describe`` text when it is the seat to act, the event log filtered by
:mod:`tabletop.narration`. Nothing reads a hidden field, so a payload computed from
``state.determinize(seat, rng)`` is the same payload (``tests/web/test_trust.py`` proves it
for whole games of every registered game).

A *viewer* is a seat (0-based), or ``None`` for a spectator; :data:`EVERYONE` is only for
replays of finished games (see :mod:`tabletop.web.replays`).
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Sequence
from typing import Any

import attrs

from tabletop.agents import bot_name, is_concession
from tabletop.amounts import AmountQuestion, amount_questions, written
from tabletop.cli.menus import Menu, build_menus
from tabletop.components.log import EVERYONE, Event
from tabletop.engine import Game, State, seat_label
from tabletop.narration import WIDTH, event_lines, move_line, result_text, wrap
from tabletop.talk import talk_line, voiced


@attrs.frozen
class Entry:
    """One step of a table's feed: a move (its number, seat, the seat's name on screen and
    two wordings) and the events it caused, private ones included. ``step`` 0 is the set-up
    (no move); ``round``: the game's round when the move was chosen (the page groups the
    feed by it). What a viewer reads of it is :meth:`lines`, filtered by
    :mod:`tabletop.narration`. ``kind`` is what :func:`seat_name` says ("Hard bot"), never
    an agent spec."""

    step: int
    seat: int | None
    kind: str
    full: str
    public: str
    events: tuple[Event, ...]
    #: what a bot said as it moved (``State.talk``), to each seat in turn and last to a
    #: spectator; empty: nothing said (a human's move, or a bot's quiet one)
    said: tuple[str | None, ...] = ()
    round: int = 0

    def lines(self, viewer: int | None, width: int | None = WIDTH) -> list[str]:
        """The entry as ``viewer`` reads it: the move (in full for its own seat and an
        omniscient reader, as taken in public for the others), what a bot said with it, then
        the events it may see; wrapped to ``width`` columns (``None``: one line each, for a
        page that wraps them itself)."""
        columns = width if width is not None else UNWRAPPED
        out: list[str] = []
        if self.seat is not None:
            text = self.full if viewer in (self.seat, EVERYONE) else self.public
            out.extend(wrap(move_line(self.step, self.seat, self.kind, text), columns))
            if self.said:
                spoken = self.said[viewer if viewer is not None and viewer >= 0 else -1]
                if spoken:
                    out.extend(wrap(talk_line(self.seat, spoken), columns))
        out.extend(event_lines(self.events, viewer, columns))
        return out


#: a width no feed line reaches: the lines a browser wraps itself
UNWRAPPED = 1_000_000


def seat_name(game: Game, kind: str) -> str:
    """Who plays a seat, as a page shows it: "human", a bot by its level ("Hard bot") or its
    sort (:func:`tabletop.agents.bot_name`), never its agent spec; "?" stays "?" (a replayed
    record that does not say who played)."""
    return kind if kind in ("human", "?") else bot_name(game, kind)


def bot_talk(state: State, action: Any, bold: bool) -> tuple[str | None, ...]:
    """What the bot to act says as it plays ``action``, to each seat and then a spectator
    (:attr:`Entry.said`; empty when it says nothing)."""
    said = tuple(state.talk(action, v) for v in (*range(state.players), None))
    if not any(said):
        return ()
    return tuple(voiced(text, bold) if text else None for text in said)


def setup_entry(events: Sequence[Event]) -> Entry:
    """The feed entry of the set-up: the events written before the first move."""
    return Entry(0, None, "", "", "", tuple(events))


def amount_json(question: AmountQuestion, stay_out: int | None = None) -> dict[str, Any]:
    """An amount decision as the page's number field needs it: the question, how a value is
    written (``prefix``, ``unit``), the allowed values in words (``range``) and each value
    with its legal index (``choices``, smallest first); ``stay_out``: the value that keeps
    the seat out of the question, when one does."""
    data: dict[str, Any] = {
        "question": question.question, "unit": question.unit, "prefix": question.prefix,
        "range": question.range_text(),
        "choices": [[value, index] for value, index in sorted(question.choices.items())],
    }
    staying = [value for value, index in question.choices.items() if index == stay_out]
    if staying:
        data["stay_out"] = staying[0]
    return data


def menu_json(menu: Menu, legal: Sequence[Any], stay_out: int | None = None
              ) -> dict[str, Any]:
    """A menu of :func:`tabletop.cli.menus.build_menus` as JSON: each line an action (its
    index in the legal list, flagged when it gives the game up), a group to open or an
    amount to type (:func:`amount_json`). ``stay_out``: the legal index of the action that
    keeps the seat out of the question (``State.stay_out``), marked where it appears."""
    lines: list[dict[str, Any]] = []
    for text, target in menu.lines:
        if isinstance(target, Menu):
            lines.append({"text": text, "group": menu_json(target, legal, stay_out)})
        elif isinstance(target, AmountQuestion):
            lines.append({"text": text, "amount": amount_json(target, stay_out)})
        else:
            line: dict[str, Any] = {"text": text, "action": target}
            if is_concession(legal[target]):
                line["concession"] = True
            lines.append(line)
    return {"heading": menu.heading, "lines": lines}


def stay_out_hint(state: State, legal: Sequence[Any], texts: Sequence[str]
                  ) -> tuple[int | None, str | None]:
    """The legal index of the action that keeps the seat to act out of this question and the
    line that says so, or ``(None, None)`` when ``state.stay_out()`` is ``None`` (the seat
    takes part: no such line may stand above the question)."""
    stay = state.stay_out()
    if stay is None or stay not in legal:
        return None, None
    index = legal.index(stay)
    questions, _ = amount_questions(legal, state.amount)
    for question in questions:
        for value, choice in question.choices.items():
            if choice == index:
                amount = written(value, question.unit, question.prefix)
                return index, (f"You take no part in this question: answer {amount} to stay "
                               f"out of it.")
    return index, (f"You take no part in this question: the marked choice "
                   f"({texts[index]}) stays out of it.")


#: what the feed line of a move played for a seat by its setting starts with (its own line
#: only: the others read the move as they would have anyway)
SINGLE_NOTE = "only one choice: "


def decision_key(state: State, texts: Sequence[str] | None = None) -> str | None:
    """The fingerprint of the decision awaited (``None`` once the game is over): a short hash
    of the seat to act and its legal actions' ``describe`` texts (``texts``, computed when
    not given), sorted. A move names it, so that a click meant for one decision never
    answers another (:meth:`tabletop.web.hub.Hub.act`). It is given only to the seat to act,
    and built only from what that seat sees."""
    seat = state.to_act
    if seat is None:
        return None
    if texts is None:
        texts = [state.describe(action) for action in state.legal_actions()]
    data = json.dumps([seat, sorted(texts)], ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def seat_view(state: State, viewer: int | None, actions: bool = True) -> dict[str, Any]:
    """The table as ``viewer`` sees it now: the picture (or the text view), whose turn it is,
    the result once over, and — for the seat to act only, unless ``actions`` is false (a
    replay) — its legal actions in menus, with the choice that stays out of a question it
    takes no part in and the line saying so (``stay_out``, ``stay_out_hint``), and the
    fingerprint a move answering it names (``decision``, :func:`decision_key`)."""
    to_act = state.to_act
    picture = state.picture(viewer)
    view: dict[str, Any] = {
        "to_act": None if to_act is None else to_act + 1,
        "to_act_label": None if to_act is None else seat_label(to_act),
        "round": state.round,
        "over": state.is_over,
        "result": result_text(state.result()) if state.is_over else None,
        "picture": picture,
        "text": state.render(viewer) if picture is None else None,
        # the picture's text alternative for a screen reader: the seat's text view
        "alt": state.render(viewer) if picture is not None else None,
        "menu": None,
        "stay_out": None,
        "stay_out_hint": None,
        "decision": None,
        "choices": [],
    }
    if actions and to_act is not None and viewer == to_act:
        legal = state.legal_actions()
        texts = [state.describe(action) for action in legal]
        top, _ = build_menus(state, legal, texts)
        view["stay_out"], view["stay_out_hint"] = stay_out_hint(state, legal, texts)
        view["menu"] = menu_json(top, legal, view["stay_out"])
        view["decision"] = decision_key(state, texts)
        view["choices"] = target_json(state, legal, texts)
    return view


def target_json(state: State, legal: Sequence[Any], texts: Sequence[str]
                ) -> list[dict[str, Any]]:
    """The legal actions that can be played from the board (``State.targets``): each its
    legal index, its words and the ids of the elements it acts on, in order. An action that
    gives the game up is left to its button, whatever its targets."""
    out = []
    for index, action in enumerate(legal):
        if is_concession(action):
            continue  # giving the game up is a button with its question, never a click away
        targets = state.targets(action)
        if targets:
            out.append({"action": index, "text": texts[index], "targets": list(targets)})
    return out


def feed_json(entries: Sequence[Entry], viewer: int | None) -> list[dict[str, Any]]:
    """The feed entries as ``viewer`` reads them, one object per step (steps with nothing
    for this viewer are left out): its number, its round, the seat that moved (1-based,
    ``None`` for the set-up) and its lines, unwrapped (the page wraps them to its width;
    the first is the move, events start with ``>`` after their indentation)."""
    out = []
    for entry in entries:
        lines = entry.lines(viewer, None)
        if lines:
            out.append({"step": entry.step, "round": entry.round,
                        "seat": None if entry.seat is None else entry.seat + 1,
                        "lines": lines})
    return out


#: "Player N" as a whole word: the seat label a name replaces (never the "Player 1" of
#: "Player 10", never the "Player 1" inside "XPlayer 1")
SEAT_LABEL = re.compile(r"\bPlayer ([1-9][0-9]{0,2})\b")


#: the longest name a picture shows whole (a seat's label there has the room of "Player N")
PICTURE_NAME = 10


def with_names(text: str, names: Sequence[str | None], markup: bool = False) -> str:
    """``text`` with every seat label "Player N" replaced by what seat N is called, for the
    seats with a name (``names``, by seat; ``None``: unnamed). ``markup``: ``text`` is SVG
    (or HTML) and each name goes in escaped, so that a name is always text, never markup,
    and cut to :data:`PICTURE_NAME` characters.
    One pass: a name that contains a label is not replaced again."""

    def name(found: re.Match[str]) -> str:
        number = int(found.group(1))
        given = names[number - 1] if number <= len(names) else None
        if given is None:
            return found.group(0)
        if not markup:
            return given
        # a picture leaves a seat's label the room of "Player N": a longer name is cut there
        # (the header, the feed and the menus show it whole)
        if len(given) > PICTURE_NAME:
            given = given[:PICTURE_NAME - 1].rstrip() + "\u2026"
        return html.escape(given, quote=True)

    return SEAT_LABEL.sub(name, text)


#: the keys of a view that hold text a player reads (the picture is SVG: named escaped)
_TEXT_KEYS = ("to_act_label", "result", "text", "alt", "stay_out_hint")


def named_view(view: dict[str, Any], names: Sequence[str | None]) -> dict[str, Any]:
    """A view (:func:`seat_view`) with the seats' names in its texts: the picture, the
    status, the result, the text view, the menus and the board's choices. An amount's
    ``question`` is left as it is: a move names its question by it."""
    if not any(name is not None for name in names):
        return view
    out = dict(view)
    for key in _TEXT_KEYS:
        if isinstance(out.get(key), str):
            out[key] = with_names(out[key], names)
    if isinstance(out.get("picture"), str):
        out["picture"] = with_names(out["picture"], names, markup=True)
    if out.get("menu") is not None:
        out["menu"] = _named_menu(out["menu"], names)
    out["choices"] = [{**choice, "text": with_names(choice["text"], names)}
                      for choice in out.get("choices", [])]
    return out


def _named_menu(menu: dict[str, Any], names: Sequence[str | None]) -> dict[str, Any]:
    """A menu of :func:`menu_json` with the names in its heading and lines."""
    lines = []
    for line in menu["lines"]:
        line = {**line, "text": with_names(line["text"], names)}
        if "group" in line:
            line["group"] = _named_menu(line["group"], names)
        lines.append(line)
    return {**menu, "heading": with_names(menu["heading"], names), "lines": lines}


def named_feed(feed: list[dict[str, Any]], names: Sequence[str | None]
               ) -> list[dict[str, Any]]:
    """Feed entries (:func:`feed_json`) with the names in their lines."""
    if not any(name is not None for name in names):
        return feed
    return [{**entry, "lines": [with_names(line, names) for line in entry["lines"]]}
            for entry in feed]
