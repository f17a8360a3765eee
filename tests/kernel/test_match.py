"""The match runner and agents: rotation, seat views, resumed games continue identically."""

from __future__ import annotations

from typing import Any

import pytest
from tic_tac_toe import GAME

from tabletop.agents import RandomAgent, agent_kinds, make_agent, view_for
from tabletop.match import Match, agents_for_game
from tabletop.record import Record, replay
from tabletop.rng import Rng


def test_agent_kinds_rotate_over_the_seats() -> None:
    assert [agents_for_game(["h", "r"], 2, i) for i in range(3)] == [
        ["h", "r"], ["r", "h"], ["h", "r"]]
    assert agents_for_game(["h"], 3, 5) == ["h", "h", "h"]


def test_the_same_seed_and_agents_give_the_same_game() -> None:
    a = Match(GAME, 2, 11, seats=["random", "random"])
    b = Match(GAME, 2, 11, seats=["random", "random"])
    a.run()
    b.run()
    assert a.record.actions == b.record.actions


def test_a_resumed_game_continues_as_it_would_have() -> None:
    whole = Match(GAME, 2, 21, seats=["random", "random"])
    whole.run()
    part = Match(GAME, 2, 21, seats=["random", "random"])
    for _ in range(3):
        part.play(part.bot_action())
    saved = Record.from_json(part.record.to_json())
    resumed = Match(GAME, 2, 21, seats=saved.seats, state=replay(saved), record=saved)
    resumed.run()
    assert resumed.record.actions == whole.record.actions


def test_agents_never_receive_the_true_state() -> None:
    seen: list[Any] = []

    class Spy:
        kind = "spy"
        view = "state"

        def choose(self, view: Any, legal: Any, rng: Rng) -> Any:
            seen.append(view)
            return legal[0]

    match = Match(GAME, 2, 1, seats=["random", "random"])
    match.agents[0] = Spy()
    match.play(match.bot_action())
    assert seen and seen[0] is not match.state
    assert view_for(RandomAgent(), match.state, 1, Rng.from_seed(1)) is None


def test_a_position_reader_gets_the_determinization_unless_the_game_makes_it_cheaper() -> None:
    """``view = "position"``: ``State.position``, which is ``determinize`` by default (the
    same copy and the generator left in the same place)."""

    class Reader:
        kind = "reader"
        view = "position"

    state = GAME.new_state(2, 3)
    state.apply(state.legal_actions()[4])
    a, b = Rng.from_seed(5), Rng.from_seed(5)
    seen = view_for(Reader(), state, 1, a)  # type: ignore[arg-type]
    assert seen is not state and seen == state.determinize(1, b) and a.state == b.state


def test_agent_kinds_and_unknown_agents() -> None:
    assert agent_kinds(GAME) == ["random", "heuristic", "ismcts"]
    assert make_agent(GAME, "heuristic").kind == "heuristic"
    import pytest

    from tabletop.errors import InvalidOptions

    with pytest.raises(InvalidOptions, match="no agent 'genius'"):
        make_agent(GAME, "genius")


def test_random_choice_rarely_keeps_a_concession() -> None:
    """A concession (class attribute ``concession = True``) drawn by the random agent is kept
    only about once in CONCESSION_ODDS draws; other actions are drawn uniformly."""
    import attrs

    from tabletop.agents import CONCESSION_ODDS, is_concession, random_choice

    @attrs.frozen
    class Move:
        n: int

    @attrs.frozen
    class Resign:
        concession = True

    legal = [Move(0), Move(1), Resign()]
    assert is_concession(Resign()) and not is_concession(Move(0))
    rng = Rng.from_seed(5)
    picks = [random_choice(legal, rng) for _ in range(30_000)]
    resigned = sum(is_concession(p) for p in picks)
    # expected 30 000 / 3 / CONCESSION_ODDS = 100
    assert 0 < resigned < 3 * 30_000 / 3 / CONCESSION_ODDS
    moves = [p.n for p in picks if not is_concession(p)]
    assert abs(moves.count(0) - moves.count(1)) < 0.05 * len(moves)
    # a concession that is the only legal action is taken
    assert random_choice([Resign()], rng) == Resign()


def test_a_state_calls_the_marked_action_classes_concessions_by_default() -> None:
    """``State.is_concession`` (what the learning adapters mask) agrees with the class mark
    the random agent reads, unless the game overrides it."""
    import attrs

    @attrs.frozen
    class Resign:
        concession = True

    @attrs.frozen
    class Sulk:
        concession = "yes"  # only the value True marks a concession

    state = GAME.new_state(2, 1)
    assert state.is_concession(Resign())
    assert not state.is_concession(Sulk()) and not state.is_concession(state.legal_actions()[0])


def test_a_match_without_a_record_plays_the_same_game() -> None:
    kept = Match(GAME, 2, 31, seats=["random", "heuristic"])
    kept.run()
    bare = Match(GAME, 2, 31, seats=["random", "heuristic"], keep_record=False)
    assert bare.run() == "finished"
    assert bare.steps == kept.steps == len(kept.record.actions)
    assert bare.state.cells == kept.state.cells
    with pytest.raises(ValueError, match="keeps no record"):
        bare.record  # noqa: B018


class _SlowRandom(RandomAgent):
    """The random agent as any other agent is asked: its own ``choose`` with the decision's
    derived generator (the match's shortcut is for ``RandomAgent`` itself)."""


@pytest.mark.parametrize("seed", range(12))
def test_the_random_agents_shortcut_picks_what_the_agent_would(seed: int) -> None:
    """``Match.run`` draws a random agent's pick without building its generator, and hands
    a drawn concession to the agent: the same game as asking the agent every time, on a game
    with a concession (``Leave``) that random play meets on every turn."""
    from tests.fixtures.menu_game import GAME as MENU_GAME

    fast = Match(MENU_GAME, 3, seed, seats=["random"] * 3)
    slow = Match(MENU_GAME, 3, seed, seats=["random"] * 3)
    slow.agents = [_SlowRandom() for _ in range(3)]
    assert fast.run() == slow.run()
    assert fast.record.actions == slow.record.actions
    stepped = Match(MENU_GAME, 3, seed, seats=["random"] * 3)
    while not stepped.state.is_over:
        stepped.play(stepped.bot_action())
    assert stepped.record.actions == fast.record.actions


def test_apply_chosen_plays_what_apply_plays() -> None:
    """``State.apply_chosen`` (a legal action taken from ``legal_actions``) leaves the state
    as ``apply`` does, and refreshes the legal actions."""
    a, b = GAME.new_state(2, 3), GAME.new_state(2, 3)
    while not a.is_over:
        action = a.legal_actions()[len(a.legal_actions()) // 2]
        a.apply_chosen(action)
        b.apply(action)
        assert a.cells == b.cells and a.legal_actions() == b.legal_actions()
