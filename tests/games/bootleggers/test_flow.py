"""The flow of a round and of the game (flow.py): steps, the end, options, bad input."""

from __future__ import annotations

import json

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import END_TURN, PickMuscle, PlaceInfluence, SendTruck
from tabletop_games.bootleggers.flow import run

from tabletop.errors import IllegalAction
from tabletop.rng import Rng
from tabletop.serialization import load_snapshot, snapshot_json


def random_game(players: int, seed: int, **options: object):
    s = GAME.new_state(players, seed, dict(options) if options else None)
    rng = Rng.from_seed(seed, "test")
    steps = []
    while not s.is_over:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        steps.append(s.step)
    return s, steps


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_by_the_rules_within_the_cap(players):
    # RULES.md: bl-step-cap
    """Game Ending: after Phase 5 of round 12 or of the first round someone has $100G."""
    for seed in range(3):
        s, steps = random_game(players, seed)
        assert s.finished and len(steps) < GAME.step_cap(players)
        rich = any(s.cash(p) >= 100 for p in range(players))
        assert s.round_no == 12 or rich
        assert not s.invariants()


def test_game_ends_in_the_round_someone_reaches_100(make_table, goto):
    # RULES.md: bl-game-end
    s = make_table(3)
    s.round_no = 6
    s.money.mint("seat:1", 95)
    goto(s, "lined_up", [])
    run(s)
    assert s.is_over and s.round_no == 6 and "$100G" in s.result().reason
    assert s.result().winners == (1,)


def test_short_game_lasts_eight_rounds():
    # RULES.md: bl-short-game
    s, _ = random_game(3, 4, short_game=True)
    assert s.round_no == 8 and s.result().reason == "the last round was played"


def test_round_runs_through_every_step():
    _s, steps = random_game(4, 1)
    seen = list(dict.fromkeys(steps))
    for step in ("offers", "influence", "deals", "loading", "shipping", "muscle"):
        assert step in seen


def test_advanced_influence_skips_phase_two():
    # RULES.md: bl-advanced-influence
    """Optional advanced placement: no Phase 2; markers go out whenever Muscle is shown, in
    one's own turns (the higher Muscle acting first has priority)."""
    s = GAME.new_state(3, 5, {"advanced_influence": True})
    for p in range(3):
        s.apply(PickMuscle(s.muscle_hands[p][0]))
    assert s.step == "offers"
    first = s.to_act
    assert PlaceInfluence(1) in s.legal_actions()
    s.apply(PlaceInfluence(1))
    assert s.influence[1][first] == 1
    _, steps = random_game(3, 5, advanced_influence=True)
    assert "influence" not in steps


def test_illegal_action_refused_and_nothing_changes():
    s = GAME.new_state(3, 9)
    before = snapshot_json(GAME, s)
    not_mine = next(c for c in range(1, 73) if c not in s.muscle_hands[0])
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(PickMuscle(not_mine))
    with pytest.raises(IllegalAction, match="shipping step"):
        s.apply(SendTruck(0, 0))
    assert snapshot_json(GAME, s) == before


def test_snapshot_round_trip_mid_game():
    s = GAME.new_state(4, 3)
    rng = Rng.from_seed(3)
    for _ in range(150):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    loaded = load_snapshot(GAME, json.loads(snapshot_json(GAME, s)))
    assert loaded == s
    assert loaded.legal_actions() == s.legal_actions()


def test_end_turn_closes_influence_placement(make_table, goto):
    # RULES.md: bl-send-in-the-boys
    s = make_table(2)
    goto(s, "influence")
    seat = s.to_act
    s.apply(END_TURN)
    assert s.to_act != seat or s.step != "influence"


def test_influence_only_on_free_circles(make_table, goto):
    # RULES.md: bl-send-in-the-boys
    """Speakeasies hold as many markers as they have circles; O'Malley's has none."""
    s = make_table(2)
    s.influence[1] = [3, 2]  # Texas Lil's: 5 of 5 circles taken
    s.back_influence = [2, 2]
    goto(s, "influence")
    placements = {a.speakeasy for a in s.legal_actions() if isinstance(a, PlaceInfluence)}
    assert placements == {2, 3, 4}
