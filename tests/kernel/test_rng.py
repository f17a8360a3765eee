"""The state's seeded RNG: reproducible, unbiased enough, and a JSON round trip."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.rng import Rng, derive_below, seat_states_of
from tabletop.serialization import structure, unstructure


def test_same_seed_same_sequence_and_labels_make_independent_streams() -> None:
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    assert Rng.from_seed(42, "x").next_u64() != Rng.from_seed(42, "y").next_u64()
    assert Rng.from_seed(1).next_u64() != Rng.from_seed(2).next_u64()


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=50))
def test_state_round_trips_through_json(seed: int, advance: int) -> None:
    rng = Rng.from_seed(seed)
    for _ in range(advance):
        rng.next_u64()
    loaded = structure(json.loads(json.dumps(unstructure(rng))), Rng)
    assert loaded == rng
    assert [loaded.below(1000) for _ in range(5)] == [rng.below(1000) for _ in range(5)]


@given(st.integers(min_value=1, max_value=10**9), st.integers(min_value=0, max_value=2**32))
def test_below_stays_in_range(n: int, seed: int) -> None:
    rng = Rng.from_seed(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_below_is_roughly_uniform() -> None:
    rng = Rng.from_seed(7)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_300 < c < 10_700 for c in counts.values()), counts


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)


@given(st.lists(st.integers(), max_size=30), st.integers(min_value=0, max_value=2**32))
def test_shuffle_and_sample_keep_the_items(items: list[int], seed: int) -> None:
    rng = Rng.from_seed(seed)
    shuffled = items[:]
    rng.shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    k = len(items) // 2
    picked = rng.sample(items, k)
    assert len(picked) == k and not (Counter(picked) - Counter(items))


def test_clone_and_derive_are_independent_and_repeatable() -> None:
    rng = Rng.from_seed(3)
    twin = rng.clone()
    assert rng.next_u64() == twin.next_u64()
    assert rng.derive(5) == rng.derive(5)
    assert rng.derive(5) != rng.derive(6)
    before = rng.state
    rng.derive(9)
    assert rng.state == before  # deriving does not advance the parent


def test_randint_choice_random() -> None:
    rng = Rng.from_seed(11)
    assert {rng.randint(1, 3) for _ in range(200)} == {1, 2, 3}
    assert rng.choice("abc") in "abc"
    assert all(0.0 <= rng.random() < 1.0 for _ in range(100))
    with pytest.raises(IndexError):
        rng.choice([])


def test_streams_are_the_ones_every_recorded_game_was_played_with() -> None:
    """Seeds, labels and derived generators give the same numbers as when the golden
    transcripts and saved records were made (values from the generator before it was sped up:
    a change here replays every saved game differently)."""
    seat = Rng.from_seed(2026, "agent", "1")
    assert seat.state == 10215837789069782798
    assert seat.derive(7).state == 8889985968528802546
    assert Rng.from_seed(2026).clone().state == 17653457804415869398


@given(st.integers(min_value=-(2**70), max_value=2**70), st.text(max_size=6),
       st.text(max_size=6))
def test_labelled_adds_labels_after_the_seeds_own(seed: int, first: str, second: str) -> None:
    base = Rng.from_seed(seed, first)
    assert base.labelled(second) == Rng.from_seed(seed, first, second)
    assert base.labelled() == base and base.state == Rng.from_seed(seed, first).state


def test_shuffle_draws_exactly_as_below_would() -> None:
    """shuffle inlines below() for speed: the same permutation and the same state after it
    as the plain Fisher-Yates over below(i + 1), so every seeded game stays the same."""
    for seed in range(200):
        fast, plain = Rng.from_seed(seed), Rng.from_seed(seed)
        xs = list(range(seed % 90))
        ys = xs[:]
        fast.shuffle(xs)
        for i in range(len(ys) - 1, 0, -1):
            j = plain.below(i + 1)
            ys[i], ys[j] = ys[j], ys[i]
        assert xs == ys and fast.state == plain.state


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=10**6),
       st.integers(min_value=1, max_value=2**64))
def test_derive_below_is_the_first_draw_of_the_derived_generator(
        state: int, n: int, bound: int) -> None:
    """The random agent's shortcut draws what the derived generator would have drawn."""
    rng = Rng(state)
    assert rng.derive_below(n, bound) == rng.derive(n).below(bound)
    assert rng.state == state  # the family's generator is not advanced


def test_derive_below_refuses_an_empty_range_as_below_does() -> None:
    with pytest.raises(ValueError, match="positive bound, got 0"):
        Rng(7).derive_below(3, 0)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=10**6),
       st.integers(min_value=1, max_value=2**64))
def test_derive_below_from_a_bare_state_is_the_generators_draw(
        state: int, n: int, bound: int) -> None:
    """The simulation loop's draw from a seat's state alone is its generator's."""
    assert derive_below(state, n, bound) == Rng(state).derive(n).below(bound)


@given(st.lists(st.integers(min_value=-2**70, max_value=2**70), max_size=40),
       st.text(max_size=8), st.integers(min_value=0, max_value=12))
def test_seat_states_of_many_seeds_are_each_seeds_labelled_generators(
        seeds: list[int], label: str, seats: int) -> None:
    """Mixing every seed at once (one 128-bit lane each) gives each seed's own numbers:
    ``from_seed(seed, label, str(seat))``, whatever the seeds (negative, past 64 bits, the
    lanes' extremes), the label (any UTF-8 bytes) and the seats (12: two-digit labels)."""
    expected = [tuple(Rng.from_seed(seed, label, str(seat)).state for seat in range(seats))
                for seed in seeds]
    assert seat_states_of(seeds, label, seats) == expected


def test_seat_states_of_lanes_at_the_edges_do_not_leak_into_each_other() -> None:
    """Seeds whose states fill all 64 bits of their lanes, next to lanes of zeros."""
    seeds = [2**64 - 1, 0, 0x9E3779B97F4A7C15, 2**64 - 1, 2**63, 1] * 5
    assert seat_states_of(seeds, "agent", 3) == [
        tuple(Rng.from_seed(s, "agent", str(seat)).state for seat in range(3)) for s in seeds]
    assert seat_states_of(range(3), "agent", 0) == [(), (), ()]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=600))
def test_skip_shuffle_leaves_the_generator_where_shuffle_does(state: int, n: int) -> None:
    """A determinization that leaves a deck nobody reads unshuffled must leave its generator
    where the shuffle would, so that everything drawn after it stays the same."""
    shuffled, skipped = Rng(state), Rng(state)
    shuffled.shuffle(list(range(n)))
    skipped.skip_shuffle(n)
    assert skipped.state == shuffled.state


@pytest.mark.parametrize("step", [1, 2, 40, 60])
def test_skip_shuffle_counts_a_rejected_draw(step: int) -> None:
    """A draw that ``below`` rejects takes an extra step: a state placed so that the draw of
    the shuffle's ``step``-th swap is the output 2**64 - 8, rejected for the bound 100 - step
    + 1 of that swap, skipped both ways alike (the shuffle takes one step more than plain)."""
    from tabletop.rng import _GOLDEN, _MASK, _unmix
    hit = _unmix(2**64 - 8)
    state = (hit - step * _GOLDEN) & _MASK
    n = 100
    bound = n - step + 1
    assert (2**64 - 8) - (2**64 - 8) % bound + bound - 1 > _MASK  # really rejected
    shuffled, skipped = Rng(state), Rng(state)
    shuffled.shuffle(list(range(n)))
    skipped.skip_shuffle(n)
    assert skipped.state == shuffled.state == (state + n * _GOLDEN) & _MASK
