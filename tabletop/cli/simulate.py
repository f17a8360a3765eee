"""``tabletop simulate``: many seeded bot games, with the figures a designer balances by."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs
import click

from tabletop.engine import Game
from tabletop.match import Match, agents_for_game


@attrs.define
class SimulationReport:
    """What a batch of games showed."""

    game: str
    players: int
    agents: list[str]
    games: int = 0
    finished: int = 0
    truncated: int = 0
    crashed: int = 0
    crashes: list[dict[str, Any]] = attrs.Factory(list)
    decisions: list[int] = attrs.Factory(list)
    rounds: list[int] = attrs.Factory(list)
    reasons: dict[str, int] = attrs.Factory(dict)
    wins_by_seat: list[int] = attrs.Factory(list)
    wins_by_agent: dict[str, int] = attrs.Factory(dict)
    seats_by_agent: dict[str, int] = attrs.Factory(dict)
    draws: int = 0
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        """The machine-readable summary printed by ``--json``."""
        total = sum(self.decisions)
        return {
            "game": self.game,
            "players": self.players,
            "agents": self.agents,
            "games": self.games,
            "finished": self.finished,
            "truncated": self.truncated,
            "crashed": self.crashed,
            "crashes": self.crashes,
            "end_reasons": dict(sorted(self.reasons.items())),
            "draws": self.draws,
            "mean_decisions": statistics.fmean(self.decisions) if self.decisions else 0.0,
            "median_decisions": statistics.median(self.decisions) if self.decisions else 0.0,
            "mean_rounds": statistics.fmean(self.rounds) if self.rounds else 0.0,
            "median_rounds": statistics.median(self.rounds) if self.rounds else 0.0,
            "wins_by_seat": self.wins_by_seat,
            "win_rate_by_seat": [w / self.games if self.games else 0.0
                                 for w in self.wins_by_seat],
            "wins_by_agent": dict(sorted(self.wins_by_agent.items())),
            "win_rate_by_agent": {
                k: self.wins_by_agent.get(k, 0) / n for k, n in sorted(self.seats_by_agent.items())
            },
            "seconds": round(self.seconds, 3),
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
            "decisions_per_second": total / self.seconds if self.seconds else 0.0,
        }

    def text(self) -> str:
        """The summary as a player-readable table."""
        data = self.as_json()
        lines = [
            (f"{self.games} games of {self.game} with {self.players} players "
             f"(agents rotated over seats: {', '.join(self.agents)})"),
            (f"  finished by the rules: {self.finished}   truncated at the step cap: "
             f"{self.truncated}   crashed: {self.crashed}"),
        ]
        for reason, count in data["end_reasons"].items():
            lines.append(f"    {count:6d}  {reason}")
        lines += [
            (f"  decisions per game: mean {data['mean_decisions']:.1f}, "
             f"median {data['median_decisions']:g}"),
            (f"  rounds per game:    mean {data['mean_rounds']:.1f}, "
             f"median {data['median_rounds']:g}"),
            "  wins by seat:  " + "   ".join(
                f"Player {s + 1} {w:g} ({r:.1%})" for s, (w, r) in
                enumerate(zip(self.wins_by_seat, data["win_rate_by_seat"], strict=True))),
            "  wins by agent: " + "   ".join(
                f"{k} {self.wins_by_agent.get(k, 0)} ({r:.1%} of its seats)"
                for k, r in data["win_rate_by_agent"].items()),
        ]
        if self.draws:
            lines.append(f"  draws: {self.draws}")
        lines.append(f"  speed: {data['games_per_second']:.1f} games/s, "
                     f"{data['decisions_per_second']:,.0f} decisions/s")
        for crash in self.crashes:
            lines.append(f"  CRASH seed {crash['seed']} at decision {crash['step']}: "
                         f"{crash['error']} (reproduce: tabletop simulate {self.game} -n 1 "
                         f"--players {self.players} --seed {crash['seed']} "
                         f"--agents {','.join(crash['agents'])})")
        return "\n".join(lines)


def simulate(game: Game, games: int, players: int, kinds: Sequence[str], seed: int,
             options: Any, progress: bool = True) -> SimulationReport:
    """Play ``games`` bot games from seeds ``seed``, ``seed + 1``, ...; agents are rotated."""
    report = SimulationReport(game.name, players, list(kinds))
    report.wins_by_seat = [0] * players
    start = time.perf_counter()
    bar = click.progressbar(length=games, label=f"{game.name} {players}p", file=sys.stderr,
                            show_eta=True) if progress else None
    if bar is not None:
        bar.__enter__()
    try:
        for index in range(games):
            game_seed = seed + index
            seats = agents_for_game(kinds, players, index)
            for kind in seats:
                report.seats_by_agent[kind] = report.seats_by_agent.get(kind, 0) + 1
            match = None
            try:
                match = Match(game, players, game_seed, options, seats)
                outcome = match.run()
            except Exception as exc:  # noqa: BLE001 - any crash is reported with its seed
                report.crashed += 1
                report.crashes.append({"seed": game_seed, "agents": seats,
                                       "step": match.steps if match else 0,
                                       "error": f"{type(exc).__name__}: {exc}"})
                outcome = "crashed"
            report.games += 1
            if match is not None and outcome != "crashed":
                report.decisions.append(match.steps)
                report.rounds.append(match.state.round)
            if outcome == "finished" and match is not None:
                report.finished += 1
                result = match.state.result()
                report.reasons[result.reason] = report.reasons.get(result.reason, 0) + 1
                if not result.winners:
                    report.draws += 1
                for winner in result.winners:
                    report.wins_by_seat[winner] += 1
                    kind = seats[winner]
                    report.wins_by_agent[kind] = report.wins_by_agent.get(kind, 0) + 1
            elif outcome == "truncated":
                report.truncated += 1
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    report.seconds = time.perf_counter() - start
    return report
