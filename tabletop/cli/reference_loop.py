"""The reference loop ``tabletop bench`` times next to every game, so that figures taken on
different machines, or on one busy machine on different days, can be compared as ratios.

It is random tic-tac-toe written as bare Python, shaped like a game's turn: each decision lists
the free cells of a plain list, picks one with its own 32-bit xorshift generator (Marsaglia
2003, shifts 13, 17, 5; seeded with a constant), marks it and looks for three in a row
through it; a game ends at three in a row or a full grid. Nothing in it depends on Tabletop,
so a change to the kernel never changes the yardstick; its work is fixed, so the same number
of games always makes the same decisions (:func:`reference_games`). Keep it exactly as it is:
changing it would make older ratios incomparable.
"""

from __future__ import annotations

import time
from typing import Any

import attrs

#: the lines through each cell of the grid (cells 0-8, left to right, top to bottom)
_LINES_THROUGH = tuple(
    tuple(line for line in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
                            (0, 4, 8), (2, 4, 6)) if cell in line)
    for cell in range(9))

#: the generator's fixed seed (any non-zero 32-bit number would do; this one is the yardstick)
SEED = 2463534242

#: games per timed slice: about 10-30 ms of work on a 2020s core
_CHUNK = 500


def reference_games(games: int, seed: int = SEED) -> int:
    """Play ``games`` random games of tic-tac-toe on plain lists; the decisions made."""
    x = seed
    decisions = 0
    for _ in range(games):
        cells = [0] * 9
        mark = 1
        for _turn in range(9):
            legal = [c for c in range(9) if not cells[c]]
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            cell = legal[x % len(legal)]
            cells[cell] = mark
            decisions += 1
            if any(cells[a] == cells[b] == cells[c] for a, b, c in _LINES_THROUGH[cell]):
                break
            mark = 3 - mark
    return decisions


@attrs.frozen
class Reference:
    """The reference loop's speed in one run: decisions and games per second of CPU time,
    the median of ``samples`` (the decisions/s of each timed slice, taken between the games
    being measured so that all share the machine's ups and downs)."""

    decisions_per_second: float
    games_per_second: float
    samples: tuple[float, ...]

    @property
    def us_per_decision(self) -> float:
        """One reference decision, in microseconds."""
        return 1e6 / self.decisions_per_second

    def to_data(self) -> dict[str, Any]:
        """The reference as JSON data (with the µs of one decision)."""
        return {"decisions_per_second": self.decisions_per_second,
                "games_per_second": self.games_per_second,
                "us_per_decision": self.us_per_decision, "samples": list(self.samples)}

    @classmethod
    def of(cls, slices: list[tuple[int, int, float]]) -> Reference:
        """The reference from timed slices of (games, decisions, seconds): the median slice."""
        if not slices:
            raise ValueError("the reference loop was never timed")
        ordered = sorted(slices, key=lambda s: s[1] / s[2])
        games, decisions, seconds = ordered[len(ordered) // 2]
        return cls(decisions / seconds, games / seconds,
                   tuple(d / s for _, d, s in slices))


def time_reference(seconds: float) -> tuple[int, int, float]:
    """Run the reference loop for about ``seconds`` of CPU time (at least one chunk):
    (games, decisions, seconds taken)."""
    games = decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        decisions += reference_games(_CHUNK)
        games += _CHUNK
        elapsed = time.process_time() - start
    return games, decisions, elapsed
