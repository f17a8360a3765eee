"""Random self-play speed of an older checkout against the installed Tabletop, in one run.

Runs ``tabletop bench --json`` on both, alternately, several rounds, and compares each
game's decisions a second *as a ratio to the bench's bare-Python reference loop* (timed in
the same process), so that the machine's load between runs cancels out. Prints, per game,
the median over rounds of before, after and after/before (above 1: faster now).

The older checkout is run from its folder (``git worktree add /tmp/before COMMIT``), its
games imported as ``games.<name>`` (the layout before the package was renamed)::

    python scripts/compare_speed.py /tmp/before --rounds 5 --seconds 2
"""

from __future__ import annotations

import argparse
import json
import os
import site
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ["bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo"]


def bench(games: list[str], seconds: float, checkout: Path | None) -> dict[str, float]:
    """Each game's random self-play speed as a ratio to the reference loop, from one run of
    ``tabletop bench`` (on ``checkout`` when given, else on the installed Tabletop)."""
    # one hash seed for every run: the order of sets of strings (and with it the speed of
    # the code that walks them) varies from process to process otherwise
    env = dict(os.environ, PYTHONHASHSEED="0")
    start = "from tabletop.cli import main; main()"
    flags: list[str] = []
    if checkout is not None:
        # The checkout's code first, then the libraries, and without the .pth files that put
        # an editable install of Tabletop ahead of everything on the path (-S).
        flags = ["-S"]
        start = (f"import sys; sys.path[:0] = {[str(checkout), *site.getsitepackages()]!r}; "
                 f"{start}")
        env["TABLETOP_GAMES"] = ",".join(f"{game}=games.{game}:GAME" for game in games)
    command = [sys.executable, *flags, "-c", start, "bench", "--json", "--seconds",
               str(seconds), *games]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False,
                          cwd=checkout or Path.cwd())
    if done.returncode != 0:
        raise SystemExit(f"tabletop bench failed ({'before' if checkout else 'after'}):\n"
                         f"{done.stderr.strip()[-2000:]}")
    rows = json.loads(done.stdout)["games"]
    return {row["game"]: float(row["ratios"]["decisions_per_second"]) for row in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="the older checkout's folder")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", nargs="+", default=GAMES)
    args = parser.parse_args()
    before: dict[str, list[float]] = {game: [] for game in args.games}
    after: dict[str, list[float]] = {game: [] for game in args.games}
    for round_no in range(args.rounds):
        # alternate which side goes first, so that neither always meets a warmer machine
        sides = [(before, args.before), (after, None)]
        for store, checkout in sides if round_no % 2 == 0 else sides[::-1]:
            for game, ratio in bench(args.games, args.seconds, checkout).items():
                store[game].append(ratio)
        print(f"round {round_no + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    print(f"{'game':12s} {'before':>8s} {'after':>8s} {'after/before':>13s} {'median':>7s}   "
          f"(decisions a second / reference loop, best of {args.rounds} rounds)")
    for game in args.games:
        ratios = [a / b for a, b in zip(after[game], before[game], strict=True)]
        best_before, best_after = max(before[game]), max(after[game])
        print(f"{game:12s} {best_before:8.4f} {best_after:8.4f} "
              f"{best_after / best_before:13.3f} {statistics.median(ratios):7.3f}")

if __name__ == "__main__":
    main()
