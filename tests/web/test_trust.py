"""What a seat's page receives cannot depend on anything hidden from that seat.

For a whole game of every registered game, played through the HTTP API by every seat in
turn, each answer a viewer gets (its view after every move, and the mover's answer to its
own move) is compared with the same payload computed from a determinization of the state
for that viewer (everything it cannot see resampled): the picture or text view, whose turn
it is, the menus of legal actions, the mover's own move in full, the events it may read. A
spectator's payload must survive every seat's determinization. No answer may hold the words
of another seat's private event.

What a move looks like to the others (``describe_public``) is the game's declared public
face of that move (a card played is revealed by playing it), so it is compared with the
narration the kernel defines for that viewer, not with a determinization of the moment
before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop import registry
from tabletop.agents import default_bot, make_agent, view_for
from tabletop.components.log import EVERYONE, Event
from tabletop.engine import State
from tabletop.narration import event_lines, move_line, move_text
from tabletop.rng import Rng
from tabletop.web.views import UNWRAPPED, seat_view
from tests.web.conftest import Client, auth, make_table

STATE_KEYS = ("to_act", "to_act_label", "round", "over", "result", "picture", "text", "menu",
              "stay_out", "stay_out_hint", "decision", "choices",
              "alt")


def normal(data: Any) -> Any:
    """``data`` as it reads back from JSON."""
    return json.loads(json.dumps(data))


def strings(data: Any) -> list[str]:
    """Every string inside a payload."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for value in data.values() for s in strings(value)]
    if isinstance(data, list):
        return [s for value in data for s in strings(value)]
    return []


class Shadow:
    """The payloads the test expects, built from determinizations of the table's state."""

    def __init__(self, players: int, seed: int) -> None:
        self.players = players
        self.rng = Rng.from_seed(seed, "web-trust")
        self.viewers: list[int | None] = [*range(players), None]
        self.feed: dict[int | None, list[dict[str, Any]]] = {v: [] for v in self.viewers}
        self.private: list[Event] = []

    def copies(self, state: State, viewer: int | None) -> list[State]:
        """The viewer's determinizations: its own, or every seat's for a spectator."""
        seats = range(self.players) if viewer is None else [viewer]
        return [state.determinize(seat, self.rng) for seat in seats]

    def check_view(self, state: State, viewer: int | None, got: dict[str, Any]) -> None:
        """``got`` shows ``viewer`` exactly what its determinizations would show."""
        for copy in self.copies(state, viewer):
            expected = normal(seat_view(copy, viewer))
            assert {k: got[k] for k in STATE_KEYS} == expected, f"viewer {viewer}"

    def add_entry(self, step: int, mover: int | None, kind: str, own: str, public: str,
                  after: State, mark: int, round_: int = 0) -> None:
        """Expect the entry of a move (or the set-up: ``mover`` None) for every viewer: the
        mover's own words from its determinization (``own``), the public face for the
        others, then the events each may see, read from its determinization afterwards."""
        for viewer in self.viewers:
            lines: list[str] = []
            if mover is not None:
                text = own if viewer == mover else public
                lines.append(move_line(step, mover, kind, text))  # the page wraps it
            for copy in self.copies(after, viewer)[:1]:
                log = copy.event_log()
                events = log.since(mark, EVERYONE) if log is not None else []
                lines.extend(event_lines(events, viewer, UNWRAPPED))
            if lines:
                self.feed[viewer].append({"step": step, "round": round_,
                                          "seat": None if mover is None else mover + 1,
                                          "lines": lines})
        log = after.event_log()
        if log is not None:
            self.private += [e for e in log.since(mark, EVERYONE) if e.to is not None]

    def check_secrets(self, viewer: int | None, got: dict[str, Any]) -> None:
        """No private event of another seat has its words in ``got``."""
        texts = strings(got)
        # the same words can be another seat's secret and this seat's own ("you draw 4♣")
        own = {e.text for e in self.private if e.to == viewer}
        for event in self.private:
            if event.to != viewer and event.text not in own:
                assert not any(event.text in t for t in texts), (viewer, event.text)


#: games whose finished table is known to show an order its determinization reshuffles
#: (found by this test; the fix belongs in the game): checked like the others, and the test
#: reports the game as an expected failure only once every other check has passed
KNOWN_END_LEAKS: dict[str, str] = {}


@pytest.mark.parametrize("name", registry.names())
def test_every_answer_is_what_its_viewer_may_know(client: Client, name: str) -> None:
    game = registry.get(name)
    players, seed = game.min_players, 11
    made = make_table(client, name, ["human"] * players, seed=seed)
    table = client.hub.tables[made.id]
    tokens: dict[int | None, str] = {s: made.seats[s + 1] for s in range(players)}
    tokens[None] = made.spectator
    shadow = Shadow(players, seed)
    shadow.add_entry(0, None, "", "", "", table.match.state, 0)
    chooser = make_agent(game, default_bot(game))
    choices = Rng.from_seed(seed, "web-trust-choices")
    leaks: list[str] = []

    def check(viewer: int | None, got: dict[str, Any], since: int) -> None:
        state = table.match.state
        assert got["move"] == table.steps
        try:
            shadow.check_view(state, viewer, got)
        except AssertionError as exc:
            if not (state.is_over and name in KNOWN_END_LEAKS):
                raise
            leaks.append(str(exc))
        assert got["feed"] == [e for e in shadow.feed[viewer] if e["step"] >= since]
        shadow.check_secrets(viewer, got)

    def look(viewers: list[int | None], since: int) -> None:
        for viewer in viewers:
            got = client.get(made.url("view"), headers=auth(tokens[viewer]),
                             params={"since": since})
            check(viewer, got.json(), since)

    look(shadow.viewers, 0)
    while not table.match.state.is_over and table.steps < game.step_cap(players):
        state, step = table.match.state, table.steps
        mover = state.to_act
        assert mover is not None
        legal = state.legal_actions()
        rng = choices.derive(step)
        action = chooser.choose(view_for(chooser, state, mover, rng), legal, rng)
        own = move_text(shadow.copies(state, mover)[0], mover, action, mover)
        public = move_text(state, mover, action, None)
        mark = log.total if (log := state.event_log()) is not None else 0
        answer = client.post(made.url("act"), headers=auth(tokens[mover]),
                             json={"move": step, "decision": table.decision(),
                                   "action": legal.index(action),
                                   "since": step + 1})
        shadow.add_entry(step + 1, mover, "human", own, public, table.match.state, mark,
                         state.round)
        check(mover, answer.json(), step + 1)  # the mover's answer shows the new table
        look([v for v in shadow.viewers if v != mover], step + 1)

    assert table.match.state.is_over, f"{name} did not end in {table.steps} moves"
    look(shadow.viewers, 0)  # the whole feed at once, as a page opened late sees it
    if name in KNOWN_END_LEAKS:
        assert leaks, f"{name} no longer {KNOWN_END_LEAKS[name]}: take it off KNOWN_END_LEAKS"
        pytest.xfail(f"{name}: {KNOWN_END_LEAKS[name]}")
