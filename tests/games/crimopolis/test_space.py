"""The fixed action space, the observation tensor, the result bounds and the step cap."""

from __future__ import annotations

import math

import pytest
from tabletop_games.crimopolis import GAME, space
from tabletop_games.crimopolis import actions as A
from tabletop_games.crimopolis.cards import fortunes
from tabletop_games.crimopolis.game import TURN_BOUND
from tabletop_games.crimopolis.scenario import build, give_fortune, refresh
from tabletop_games.crimopolis.state import TURN_STEP_CAP

from tabletop.rng import Rng

#: option sets whose gang sizes differ (the space depends on the most places a gang can hold)
OPTIONS = ({}, {"variant": "lucky_speed"}, {"variant": "deeper_strategy"})


def random_positions(players: int, seed: int, options: dict, steps: int = 400):
    """The positions of one seeded random game, the first ``steps`` of them."""
    s = GAME.new_state(players, seed, options)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if s.is_over:
            return
        yield s
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("options", OPTIONS)
def test_every_legal_action_of_random_games_is_numbered_and_back(options) -> None:
    """Issue 18 §2: every legal action maps into the space and back, distinct actions to
    distinct numbers; entries come back with their takes in the legal actions' order."""
    kinds = set()
    for players in (2, 3, 5):
        size = GAME.action_space(players, GAME.make_options(options))
        for seed in range(2):
            for s in random_positions(players, seed, options):
                legal = list(s.legal_actions())
                numbers = s.legal_indices()
                assert len(set(numbers)) == len(legal)
                assert all(0 <= n < size for n in numbers)
                assert [s.action_from_index(n) for n in numbers] == legal
                kinds.update(type(a) for a in legal)
    # the kinds numbered around the deciding gang all came up
    assert {A.PlaceHQ, A.PlaceTile, A.Move, A.Occupy, A.DoJob} <= kinds


def test_the_space_size_follows_the_gang_size_only() -> None:
    """The number of actions is fixed by the player count and the supply: 28,124 at 2
    players with 7 gangsters (the splits of an entry dominate), far below what absolute
    places would need."""
    default = GAME.make_options({})
    assert GAME.action_space(2, default) == 28_124
    assert GAME.action_space(2, GAME.make_options({"variant": "deeper_strategy"})) == 66_158
    assert GAME.action_space(5, default) < 30_000
    # an entry's split: 0-3 gangsters from each of up to 6 street sections, 1-7 in all
    assert len(space.splits(7)) == 1211


def test_moves_are_numbered_around_the_gang() -> None:
    """One number is "move 1 gangster from my first group into the block of its cell"
    wherever that group stands: the first player's HEADQUARTERS in setup, then streets far
    apart in a random game."""
    s = GAME.new_state(2, 1)
    s.apply(s.legal_actions()[0])
    number = s.action_index(A.Move("b0,0", "s0,0N", 1)) - space.RELATIVE.index(
        (0, 0, "N")) * 3 + space.RELATIVE.index((0, 0, "b")) * 3
    seen = set()
    for s in random_positions(2, 8, {}, steps=600):
        if s.phase != "play" or s.prompts:
            continue
        held = sorted(node for node, _ in s.city.board.held_by(s.to_act))
        if not held or held[0][0] != "s":
            continue
        first = held[0]
        x, y = first[1:-1].split(",")
        assert s.action_from_index(number) == A.Move(first, f"b{x},{y}", 1)
        seen.add(first)
    assert len(seen) >= 3


def test_a_number_naming_nothing_now_or_outside_is_refused() -> None:
    """A move from a group the gang does not have, and numbers outside the space, raise a
    ValueError that says so; an action from elsewhere in the city is not in the space."""
    s = GAME.new_state(2, 1)
    size = GAME.action_space(2, s.options)
    with pytest.raises(ValueError, match="outside"):
        s.action_from_index(size)
    with pytest.raises(ValueError, match="outside"):
        s.action_from_index(-1)
    last_move_group = space._layout(2, 7)[4] - 1  # a move of the 7th group: none yet
    with pytest.raises(ValueError, match="does not have now"):
        s.action_from_index(last_move_group)
    with pytest.raises(ValueError, match="not in the action space"):
        s.action_index(A.Move("s9,9N", "s9,9E", 1))
    with pytest.raises(ValueError, match="not in the action space"):
        s.action_index(A.PlaceTile("T01", 20, 20, 0))


def test_setup_headquarters_stay_within_the_listed_cells() -> None:
    """PlaceHQ is listed on every cell within 3 x (players - 1) steps of the middle: in
    setup each gang places at most 3 tiles, each next to a tile or one cell beyond."""
    radius = 3 * 4
    cells = [a for a in space.listed(5)._actions if type(a) is A.PlaceHQ]
    assert len(cells) == 2 * radius * (radius + 1) + 1
    assert max(abs(a.x) + abs(a.y) for a in cells) == radius


@pytest.mark.parametrize("players", [2, 4])
def test_the_tensor_has_a_fixed_shape_over_a_whole_game(players) -> None:
    """The tensor has the declared length for every seat and the spectator at every step of
    a whole game, finite numbers only."""
    shape = GAME.observation_shape(players, GAME.make_options({}))
    assert len(shape) == 1
    steps = 0
    for s in random_positions(players, 3, {}, steps=10_000):
        steps += 1
        if steps % 5:
            continue
        for seat in (*range(players), None):
            t = s.observation_tensor(seat)
            assert len(t) == shape[0]
            assert all(type(x) is float and math.isfinite(x) for x in t)
    assert steps > 50


def test_the_tensor_hides_the_others_hands_and_the_decks() -> None:
    """Nothing hidden in the tensor: the seat's own determinization reads the same, and
    swapping a rival's job and fortune with unseen cards changes nothing for the seat but
    does change it for the rival."""
    for s in random_positions(3, 5, {}, steps=120):
        pass
    seat = s.to_act
    rival = (seat + 1) % 3
    t = s.observation_tensor(seat)
    assert s.determinize(seat, Rng.from_seed(9)).observation_tensor(seat) == t
    other = s.clone()
    # the lowest card of each pile no one has seen (above the discards seen going under)
    job_at, fortune_at = other.pub_bottom[0], other.pub_bottom[2]
    jobs, fortunes = other.decks[0].draw_pile, other.decks[2].draw_pile
    assert job_at < len(jobs) - 1 and other.hands[rival]
    other.hands[rival][0], jobs[job_at] = jobs[job_at], other.hands[rival][0]
    if other.fortune_hands[rival] and fortune_at < len(fortunes):
        hand = other.fortune_hands[rival]
        hand[0], fortunes[fortune_at] = fortunes[fortune_at], hand[0]
    assert other.observation_tensor(seat) == t
    assert other.observation_tensor(rival) != s.observation_tensor(rival)


def test_the_tensor_shows_the_seats_own_hand() -> None:
    """The seat's own jobs are in its tensor: changing them changes it."""
    s = GAME.new_state(2, 4)
    other = s.clone()
    jobs = other.decks[0].draw_pile
    other.hands[0][0], jobs[-1] = jobs[-1], other.hands[0][0]
    assert other.observation_tensor(0) != s.observation_tensor(0)
    assert other.observation_tensor(1) == s.observation_tensor(1)


def test_finished_games_score_within_the_bounds_and_the_cap() -> None:
    """Random games end within the step cap, their scores within the result bounds; the cap
    is derived from the turn limit (every decision of a turn counts)."""
    for players in (2, 5):
        options = GAME.make_options({})
        low, high = GAME.result_bounds(players, options)
        cap = GAME.step_cap(players, options)
        s = GAME.new_state(players, 11)
        rng = Rng.from_seed(11)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            steps += 1
        assert steps <= cap
        assert all(low <= x <= high for x in s.result().scores)
        assert low == 0 and high > options.end_target


def test_a_turn_at_the_cap_still_answers_its_prompts() -> None:
    """Why a turn may take a few decisions more than its 60 (cp-turn-cap) and the step cap
    counts TURN_STEP_CAP + 3 a turn: a destiny fortune played on a rival as the 60th
    decision is still answered by the rival, then "end turn" is all that is left."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 2)])
    give_fortune(s, 0, next(c for c, d in fortunes().items() if d.destiny))
    s.turn_steps = TURN_STEP_CAP - 1
    refresh(s)
    s.apply(next(a for a in s.legal_actions() if type(a) is A.PlayFortune and a.seat == 1))
    assert s.turn_steps == TURN_STEP_CAP and s.to_act == 1
    s.apply(A.ACCEPT)
    assert tuple(s.legal_actions()) == (A.END_TURN,)
    s.apply(A.END_TURN)
    assert s.turn_steps == 0 and s.active == 1
    assert TURN_STEP_CAP + 2 <= TURN_BOUND


def test_no_action_is_a_concession() -> None:
    """Crimopolis has no way to give up: the adapters mask nothing."""
    s = GAME.new_state(2, 1)
    assert not any(s.is_concession(a) for a in s.legal_actions())


def test_perturb_swaps_a_hidden_card_the_seat_cannot_tell() -> None:
    """Issue 15's second opinion on secrecy: a rival's job or fortune swapped with the unseen
    pile leaves the seat's observation, table, tensor and narration as they were, and the
    swap is real (the copy differs from the game in a rival's hand)."""
    changed = 0
    for st in random_positions(3, 4, {}, steps=300):
        copy = st.perturb(0, Rng.from_seed(9))
        if copy is None:
            continue
        assert copy.observation(0) == st.observation(0)
        assert copy.render(0) == st.render(0)
        assert copy.observation_tensor(0) == st.observation_tensor(0)
        assert copy.hands[0] == st.hands[0] and copy.fortune_hands[0] == st.fortune_hands[0]
        changed += (copy.hands != st.hands or copy.fortune_hands != st.fortune_hands)
    assert changed > 100
