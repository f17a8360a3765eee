"""Whole games: variants, snapshots, clones, hidden information, the end, and the bots."""

from __future__ import annotations

import json

import pytest
from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.agents import HeuristicAgent
from tabletop_games.crimopolis.cards import tiles

from tabletop.agents import RandomAgent, view_for
from tabletop.errors import InvalidOptions
from tabletop.rng import Rng
from tabletop.serialization import load_snapshot, snapshot, snapshot_json


def play(state, agents, seed, limit=None):
    rng = Rng(seed)
    steps = 0
    while not state.is_over:
        seat = state.to_act
        agent = agents[seat]
        view = view_for(agent, state, seat, rng)
        state.apply(agent.choose(view, state.legal_actions(), rng))
        steps += 1
        if limit and steps >= limit:
            break
    return steps


# rules: cp-lucky-speed, cp-deeper-strategy, cp-round-limit-variants
def test_variants_set_target_supply_and_tile_order():
    """VARIATIONS: Lucky Speed (13 prestige, 6 gangsters, clock tiles first), Deeper
    Strategy (42, 9), Timed Game (5+ gangsters)."""
    s = GAME.new_state(2, 1, {"variant": "lucky_speed"})
    assert s.options.end_target == 13 and s.options.supply == 6
    assert s.supply == [5, 6]  # the first player already recruited one
    assert all(tiles()[t].clock for t in s.revealed + s.tile_stack[-11:])
    s = GAME.new_state(3, 1, {"variant": "deeper_strategy"})
    assert s.options.end_target == 42 and s.options.supply == 9
    s = GAME.new_state(2, 1, {"variant": "timed", "gangsters": "5"})
    assert s.options.supply == 5
    with pytest.raises(InvalidOptions):
        GAME.make_options({"gangsters": "10"})
    with pytest.raises(InvalidOptions):
        GAME.make_options({"variant": "blitz"})


# rules: cp-streets-bonus
def test_influence_on_the_streets_and_big_business_are_scored_when_chosen():
    """INFLUENCE ON THE STREETS: the most gangsters on streets earn 2."""
    from tabletop_games.crimopolis import scoring
    from tabletop_games.crimopolis.scenario import build

    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("s0,0N", 0, 2), ("s1,0N", 1, 1)])
    assert "streets" not in scoring.breakdown(s)[0]
    s.options = GAME.make_options({"influence_on_streets": True, "big_business": True})
    rows = scoring.breakdown(s)
    assert rows[0]["streets"] == 2 and rows[1]["streets"] == 0
    assert rows[0]["big_business"] == 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_end_within_the_step_cap_with_invariants(players):
    s = GAME.new_state(players, 11)
    agents = [RandomAgent()] * players
    steps = play(s, agents, 5, limit=GAME.step_cap(players))
    assert s.is_over and steps < GAME.step_cap(players)
    assert not s.invariants()
    assert not s.result().problems(players)


def test_snapshot_round_trip_mid_game_is_equal():
    s = GAME.new_state(3, 2)
    play(s, [HeuristicAgent()] * 3, 1, limit=150)
    text = snapshot_json(GAME, s)
    back = load_snapshot(GAME, json.loads(text))
    assert back == s
    assert snapshot_json(GAME, back) == text
    assert snapshot(GAME, back)["state"]["city"]["grid"]


def test_clone_is_independent():
    s = GAME.new_state(2, 3)
    play(s, [HeuristicAgent()] * 2, 2, limit=80)
    before = snapshot_json(GAME, s)
    copy = s.clone()
    play(copy, [RandomAgent()] * 2, 9, limit=60)
    assert snapshot_json(GAME, s) == before
    assert copy != s


# rules: cp-hidden
def test_determinize_keeps_the_observation_and_hides_the_rest():
    s = GAME.new_state(3, 4)
    play(s, [HeuristicAgent()] * 3, 3, limit=120)
    for seat in range(3):
        d = s.determinize(seat, Rng(seat))
        assert d.observation(seat) == s.observation(seat)
        assert d.hands[seat] == s.hands[seat]
        assert d.tile_stack != s.tile_stack or len(s.tile_stack) < 2
        others = [d.hands[o] for o in range(3) if o != seat]
        assert others != [s.hands[o] for o in range(3) if o != seat]
    json.dumps(s.observation(None))


# rules: cp-hidden, cp-public
def test_observation_shows_only_own_cards():
    s = GAME.new_state(2, 5)
    obs = s.observation(1)
    assert obs["my_jobs"] == s.hands[1]
    assert "my_jobs" not in s.observation(None)
    assert s.hands[0][0] not in json.dumps(obs)


def test_heuristic_beats_random_clearly():
    """The heuristic wins at least 5 of 6 two-player games against random (seats rotated)."""
    wins = 0
    for seed in range(6):
        s = GAME.new_state(2, seed)
        me = seed % 2
        agents = [HeuristicAgent() if p == me else RandomAgent() for p in range(2)]
        play(s, agents, seed)
        wins += me in s.result().winners
    assert wins >= 5


def test_heuristic_games_reach_the_prestige_end():
    for seed in range(3):
        s = GAME.new_state(3, seed)
        play(s, [HeuristicAgent()] * 3, seed)
        assert "21 prestige" in s.end_reason
        assert max(s.prestige) >= 21


def test_render_and_describe_read_at_a_glance():
    s = GAME.new_state(2, 6)
    play(s, [HeuristicAgent()] * 2, 6, limit=40)
    text = s.render(s.to_act)
    assert "HQ" in text and "hours left" in text and "Prestige" in text and "Revealed" in text
    for a in s.legal_actions():
        line = s.describe(a)
        assert line and "Object" not in line
    moves = [s.describe(a) for a in s.legal_actions() if type(a).__name__ == "Move"]
    assert all("hour" in m or "no time" in m for m in moves)


# rules: cp-timed
def test_the_timed_game_takes_any_number_of_gangsters():
    """TIMED GAME: "Choose any number of gangsters per player ... We recommend a minimum of
    5": fewer are allowed too."""
    for n in (1, 4):
        s = GAME.new_state(2, 1, {"variant": "timed", "gangsters": str(n)})
        assert s.options.supply == n and s.supply == [n - 1, n]  # Player 1 recruited one


# rules: cp-custom-target
def test_a_custom_end_threshold_starts_the_last_turns():
    """VARIATIONS: "You can adjust the game by changing any factors you wish": the prestige
    that ends the game is an option (5 to 99); out of range is refused in one line."""
    s = GAME.new_state(2, 8, {"target": "8"})
    play(s, [HeuristicAgent()] * 2, 8)
    assert "8 prestige" in s.end_reason and max(s.prestige) >= 8
    assert any("(the target is 8): every other gang plays one last turn" in t
               for t in s.log.view(0))
    with pytest.raises(InvalidOptions, match="target must be 0"):
        GAME.make_options({"target": "4"})


# rules: cp-lucky-speed
def test_lucky_speed_game_ends_at_13():
    """LUCKY SPEED GAME: the last round starts at 13 prestige."""
    s = GAME.new_state(2, 8, {"variant": "lucky_speed"})
    play(s, [HeuristicAgent()] * 2, 8)
    assert "13 prestige" in s.end_reason and max(s.prestige) >= 13
    assert any("(the target is 13): every other gang plays one last turn" in t
               for t in s.log.view(0))


# rules: cp-round-limit
def test_round_limit_ends_a_stalled_game():
    """[decided] Round limit: with nobody at the target, the game ends after the limit."""
    s = GAME.new_state(2, 3, {"max_rounds": "5"})
    while not s.is_over:
        s.apply(s.legal_actions()[0])  # always "end turn": nobody scores
    assert s.turns_played == 10 and "5 rounds" in s.result().reason
    with pytest.raises(InvalidOptions, match="max_rounds"):
        GAME.make_options({"max_rounds": "3"})


# rules: cp-hq-apart
def test_a_headquarters_that_fits_nowhere_starts_apart(monkeypatch):
    """SETUP step 4 has no rule for a HEADQUARTERS that fits no cell next to the city (our
    [decided] rule): it then goes one empty cell beyond, and the game plays on from there."""
    from tabletop_games.crimopolis.city import City
    from tabletop_games.crimopolis.setup import setup_actions

    from tabletop.components.tiles import neighbour

    state = GAME.new_state(3, 5)
    while state.setup_seat == 0:  # the start player's placements are not affected
        state.apply(state.legal_actions()[0])
    frontier = set(state.city.grid.frontier())
    original = City.rotations

    def nothing_next_to_the_city(self, tile, x, y):
        return [] if tile.startswith("HQ") and (x, y) in frontier else original(self, tile, x, y)

    monkeypatch.setattr(City, "rotations", nothing_next_to_the_city)
    state.forget_legal_actions()
    choices = setup_actions(state)
    assert choices and all((a.x, a.y) not in frontier for a in choices)
    assert all(any(neighbour(a.x, a.y, side) in frontier for side in range(4)) for a in choices)
    state.apply(state.legal_actions()[0])
    monkeypatch.undo()
    rng = Rng.from_seed(1)
    for _ in range(400):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        assert not state.invariants()


# rules: cp-text-map
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_table_fits_an_80_by_40_terminal_mid_game(players):
    """The screen: mid-game, the table (map, clock, gangs, own cards) is at most 80 columns
    wide and short enough to leave a 40-line terminal room for the menu (it was 75-81 lines
    of up to 100 columns); the map's legend is shown in the first round only."""
    for seed in (0, 1):
        s = GAME.new_state(players, seed)
        seen = []
        agents = [HeuristicAgent()] * players
        rng = Rng.from_seed(seed)
        while not s.is_over:
            s.apply(agents[s.to_act].choose(s, s.legal_actions(), rng))
            if s.phase == "play" and not s.prompts and s.to_act == 0:
                seen.append(s.clone())
        first, mid = seen[0], seen[len(seen) // 2]
        assert "Map: x,y is column x, row y" in first.render(0)
        lines = mid.render(0).split("\n")
        assert "Map: x,y" not in mid.render(0)
        assert max(len(line) for line in lines) <= 80
        assert len(lines) <= 32, "\n".join(lines)
