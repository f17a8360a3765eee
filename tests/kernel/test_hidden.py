"""redeal: hidden cards resampled, counts kept, nothing created or lost; and, for a
position view, sorted instead with the generator left where the shuffle leaves it."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tabletop.hidden import mix, redeal
from tabletop.rng import Rng


@given(st.lists(st.lists(st.integers(0, 30), max_size=6), max_size=5),
       st.lists(st.integers(0, 30), max_size=20), st.integers(0, 2**32))
def test_redeal_keeps_every_count_and_every_card(zones: list[list[int]], extra: list[int],
                                                 seed: int) -> None:
    before = Counter(c for z in zones for c in z) + Counter(extra)
    sizes = [len(z) for z in zones]
    rest = redeal(Rng.from_seed(seed), zones, extra)
    assert [len(z) for z in zones] == sizes and len(rest) == len(extra)
    assert Counter(c for z in zones for c in z) + Counter(rest) == before


def test_redeal_actually_resamples_and_is_seeded() -> None:
    def deal(seed: int) -> list[list[int]]:
        zones = [[1, 2, 3], [4, 5]]
        redeal(Rng.from_seed(seed), zones, range(6, 20))
        return zones

    assert deal(3) == deal(3)
    assert len({str(deal(s)) for s in range(10)}) > 1


@given(st.lists(st.lists(st.integers(0, 30), max_size=6), max_size=5),
       st.lists(st.integers(0, 30), max_size=40), st.integers(0, 2**32))
def test_an_unshuffled_redeal_sorts_and_leaves_the_rng_where_the_shuffle_does(
        zones: list[list[int]], extra: list[int], seed: int) -> None:
    shuffled, skipped = Rng.from_seed(seed), Rng.from_seed(seed)
    plain = [z[:] for z in zones]
    rest = redeal(shuffled, plain, extra)
    rest_sorted = redeal(skipped, zones, extra, shuffle=False)
    assert shuffled.state == skipped.state
    assert [c for z in zones for c in z] + rest_sorted == sorted(
        [c for z in plain for c in z] + rest)


def test_mix_shuffles_or_sorts() -> None:
    cards = list(range(30, 0, -1))
    mix(Rng.from_seed(5), cards)
    assert sorted(cards) == list(range(1, 31)) and cards != sorted(cards)
    mix(Rng.from_seed(5), cards, shuffle=False)
    assert cards == list(range(1, 31))
