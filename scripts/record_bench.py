"""What keeping the record costs ``tabletop play`` (not a test: it prints figures; issue 28 §2).

It plays the same bots game at the command line's table loop (:class:`tabletop.cli.table.Table`,
the screen sent to /dev/null, no pause) twice in turn, ``--rounds`` times: recorded (saved
after every move to a file in a fresh temporary folder, then the finished record written, as
``tabletop play --record FILE`` does) and unrecorded (nothing written). It prints the median
seconds of each, their ratio, and the cost of the record per decision.

    python scripts/record_bench.py [--game chicago_diy] [--players 4] [--seed 7] [--rounds 5]

With ``PYTHONPATH=EXPORT`` (an export of an older commit: ``git archive COMMIT | tar -x -C
EXPORT``) it measures that tree's code, so the record's cost before and after a change can be
compared on the same machine; compare the ratios, which a busy machine disturbs less than the
seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tabletop import registry
from tabletop.cli.table import Table
from tabletop.match import Match


def one_game(game_name: str, players: int, seed: int, folder: Path | None) -> tuple[float, int]:
    """Seconds to play the game (and keep its record in ``folder``, if given); decisions."""
    game = registry.get(game_name)
    match = Match(game, players, seed, seats=["heuristic"] * players)
    path = (folder / "game.json") if folder is not None else Path(os.devnull)
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        start = time.perf_counter()
        table = Table(match, path, autosave=folder is not None, pause=0)
        if folder is not None:
            table.save(quiet=True)  # as `play --record` does before the first move
        table.run()
        if folder is not None:
            table.save(quiet=True)  # the finished record, as the end of `play` writes it
        took = time.perf_counter() - start
    return took, match.steps


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chicago_diy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    recorded: list[float] = []
    bare: list[float] = []
    _, decisions = one_game(args.game, args.players, args.seed, None)  # warm-up, not counted
    for number in range(args.rounds):
        for keep in (number % 2 == 0, number % 2 == 1):  # which goes first, in turn
            with tempfile.TemporaryDirectory() as folder:
                took, _ = one_game(args.game, args.players, args.seed,
                                   Path(folder) if keep else None)
            (recorded if keep else bare).append(took)
    with_record, without = statistics.median(recorded), statistics.median(bare)
    print(f"{args.game}, {args.players} heuristic bots, seed {args.seed}: {decisions} decisions,"
          f" median of {args.rounds} rounds")
    print(f"  recorded   {with_record:.3f} s")
    print(f"  unrecorded {without:.3f} s")
    print(f"  ratio recorded/unrecorded {with_record / without:.2f}")
    print(f"  the record's cost per decision {(with_record - without) / decisions * 1e3:.3f} ms")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
