"""redeal: hidden cards resampled, counts kept, nothing created or lost."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tabletop.hidden import redeal
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
