"""What a batch of simulated games showed, as data that adds up.

A :class:`SimulationReport` covers a run of consecutive games. Workers (local processes or
cluster machines) each return one for their batch as plain JSON-shaped data
(:meth:`SimulationReport.to_data`), and :func:`merge` adds the batches up in the order of
their first game, so the merged report is the same however the games were split.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from tabletop.engine import Result

#: the keys of ``as_json()`` that measure speed: they differ from run to run
TIMING_KEYS = ("seconds", "games_per_second", "decisions_per_second")

#: the widest line of the text report
WIDTH = 100


@attrs.define
class SimulationReport:
    """The tallies of a run of games (a whole simulation, or one worker's batch of it).

    ``options`` holds the game options that differ from their defaults and ``timeout`` the
    time limit of one game, so that a crash's seed comes with the command that reproduces it.
    ``events`` maps an event kind to ``[games, total, most]``: in how many games it happened,
    how many times in all, and the most times in one game. Events, decisions and rounds are
    counted over the games that did not crash. A game won by several seats together counts a
    win for each of them: ``shared_wins`` counts those games and ``shared_winners`` the wins
    they gave, so the wins by seat add up to the games won alone plus ``shared_winners``.

    ``outcomes`` (None: not kept, as in a simulation) lists every game in the order of its
    index, for a tournament to rate: ``{"index", "seats", "outcome", "winners", "scores",
    "ranking"}``, where ``outcome`` is "finished", "truncated" or "crashed" and the last three
    are the game's :class:`~tabletop.engine.Result` (None unless it finished).
    """

    game: str
    players: int
    agents: list[str]
    options: dict[str, Any] = attrs.Factory(dict)
    timeout: float | None = None
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
    shared_wins: int = 0
    shared_winners: int = 0
    events: dict[str, list[int]] = attrs.Factory(dict)
    seconds: float = 0.0
    outcomes: list[dict[str, Any]] | None = None

    def __attrs_post_init__(self) -> None:
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * self.players

    # -- adding games -----------------------------------------------------------------------

    def add_seats(self, seats: Iterable[str], games: int = 1) -> None:
        """Count the seats each agent kind held in ``games`` games seated as ``seats``
        (crashed games included)."""
        for kind in seats:
            self.seats_by_agent[kind] = self.seats_by_agent.get(kind, 0) + games

    def add_crash(self, seed: int, seats: list[str], step: int | None, error: str) -> None:
        """One game that crashed, with what reproduces it (``step`` None: not known)."""
        self.games += 1
        self.crashed += 1
        self.crashes.append({"seed": seed, "agents": seats, "step": step, "error": error})

    def add_game(self, outcome: str, steps: int, rounds: int, seats: list[str],
                 result: Result | None, kinds: Mapping[str, int]) -> None:
        """One game that ``"finished"`` by the rules (with its ``result``) or was
        ``"truncated"`` at the step cap, with the count of its events by kind."""
        self.games += 1
        self.decisions.append(steps)
        self.rounds.append(rounds)
        for kind, count in kinds.items():
            tally = self.events.get(kind)
            if tally is None:
                self.events[kind] = [1, count, count]
            else:
                tally[0] += 1
                tally[1] += count
                tally[2] = max(tally[2], count)
        if outcome == "truncated" or result is None:
            self.truncated += 1
            return
        self.finished += 1
        self.reasons[result.reason] = self.reasons.get(result.reason, 0) + 1
        if not result.winners:
            self.draws += 1
        elif len(result.winners) > 1:
            self.shared_wins += 1
            self.shared_winners += len(result.winners)
        for winner in result.winners:
            self.wins_by_seat[winner] += 1
            self.wins_by_agent[seats[winner]] = self.wins_by_agent.get(seats[winner], 0) + 1

    def add_outcome(self, index: int, seats: list[str], outcome: str,
                    result: Result | None) -> None:
        """Keep how game ``index`` went (``outcome``: "finished" with its ``result``,
        "truncated" or "crashed"), when this report keeps outcomes."""
        if self.outcomes is None:
            return
        winners: list[int] | None = None
        scores: list[float] | None = None
        ranking: list[int] | None = None
        if outcome == "finished" and result is not None:
            winners, scores = list(result.winners), list(result.scores)
            ranking = list(result.ranking)
        else:
            outcome = "crashed" if outcome == "crashed" else "truncated"
        self.outcomes.append({"index": index, "seats": list(seats), "outcome": outcome,
                              "winners": winners, "scores": scores, "ranking": ranking})

    def absorb(self, other: SimulationReport) -> None:
        """Add ``other``, the report of the games that come right after these."""
        for name in ("games", "finished", "truncated", "crashed", "draws", "shared_wins",
                     "shared_winners"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.crashes += other.crashes
        self.decisions += other.decisions
        self.rounds += other.rounds
        for mine, theirs in ((self.reasons, other.reasons),
                             (self.wins_by_agent, other.wins_by_agent),
                             (self.seats_by_agent, other.seats_by_agent)):
            for key, count in theirs.items():
                mine[key] = mine.get(key, 0) + count
        self.wins_by_seat = [a + b for a, b in zip(self.wins_by_seat, other.wins_by_seat,
                                                   strict=True)]
        for kind, (games, total, most) in other.events.items():
            tally = self.events.setdefault(kind, [0, 0, 0])
            tally[0] += games
            tally[1] += total
            tally[2] = max(tally[2], most)
        if other.outcomes is not None:
            if self.outcomes is None:
                self.outcomes = []
            self.outcomes.extend(other.outcomes)

    # -- plain data, for workers ------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The tallies as plain JSON data (what a worker sends back)."""
        return attrs.asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SimulationReport:
        """The report :meth:`to_data` gave."""
        return cls(**data)

    # -- reading it -------------------------------------------------------------------------

    @property
    def won_alone(self) -> int:
        """The finished games that one seat won by itself."""
        return self.finished - self.draws - self.shared_wins

    def shared_lines(self) -> list[str]:
        """What the text report says of shared wins (nothing when no game had them): how the
        wins by seat add up."""
        if not self.shared_wins:
            return []
        total = sum(self.wins_by_seat)
        noun = "game was" if self.shared_wins == 1 else "games were"
        jointly = (f"  shared wins: {self.shared_wins} {noun} won jointly, a win for each of "
                   f"{self.shared_winners} winners;")
        adding = (f"    the wins add up to {total}: {self.won_alone} games won alone + "
                  f"{self.shared_winners} shared")
        return [jointly, adding]

    def event_figures(self) -> dict[str, dict[str, float]]:
        """Per event kind that happened: the share of games it happened in, the mean times
        per game and the most in one game, sorted by kind."""
        played = len(self.decisions)
        return {kind: {"games": games / played, "per_game": total / played, "max": most}
                for kind, (games, total, most) in sorted(self.events.items())}

    def as_json(self) -> dict[str, Any]:
        """The machine-readable summary printed by ``--json``."""
        data = self.stable_json()
        total = sum(self.decisions)
        data["seconds"] = round(self.seconds, 3)
        data["games_per_second"] = self.games / self.seconds if self.seconds else 0.0
        data["decisions_per_second"] = total / self.seconds if self.seconds else 0.0
        return data

    def stable_json(self) -> dict[str, Any]:
        """:meth:`as_json` without the speed figures (:data:`TIMING_KEYS`): the same for the
        same games, however many workers played them."""
        decisions, rounds = self.decisions, self.rounds
        return {
            "game": self.game,
            "players": self.players,
            "agents": self.agents,
            "options": self.options,
            "game_timeout": self.timeout,
            "games": self.games,
            "finished": self.finished,
            "truncated": self.truncated,
            "crashed": self.crashed,
            "crashes": self.crashes,
            "end_reasons": dict(sorted(self.reasons.items())),
            "draws": self.draws,
            "won_alone": self.won_alone,
            "shared_wins": self.shared_wins,
            "shared_winners": self.shared_winners,
            "mean_decisions": statistics.fmean(decisions) if decisions else 0.0,
            "median_decisions": statistics.median(decisions) if decisions else 0.0,
            "mean_rounds": statistics.fmean(rounds) if rounds else 0.0,
            "median_rounds": statistics.median(rounds) if rounds else 0.0,
            "wins_by_seat": self.wins_by_seat,
            "win_rate_by_seat": [w / self.games if self.games else 0.0
                                 for w in self.wins_by_seat],
            "wins_by_agent": dict(sorted(self.wins_by_agent.items())),
            "win_rate_by_agent": {
                k: self.wins_by_agent.get(k, 0) / n for k, n in sorted(self.seats_by_agent.items())
            },
            "events": self.event_figures(),
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
        lines += self.shared_lines()
        if self.draws:
            lines.append(f"  draws: {self.draws}")
        lines += event_lines(data["events"])
        lines.append(f"  speed: {data['games_per_second']:.1f} games/s, "
                     f"{data['decisions_per_second']:,.0f} decisions/s")
        for crash in self.crashes:
            where = f" at decision {crash['step']}" if crash["step"] is not None else ""
            lines.append(f"  CRASH seed {crash['seed']}{where}: {crash['error']} "
                         f"(reproduce: {self.command(crash['seed'], crash['agents'])})")
        return "\n".join(lines)


    def command(self, seed: int, agents: list[str]) -> str:
        """The command that plays the game of ``seed`` again with these ``agents``."""
        words = ["tabletop simulate", self.game, "-n 1 --players", str(self.players),
                 "--seed", str(seed), "--agents", ",".join(agents)]
        for key, value in self.options.items():
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            words += ["--option", f"{key}={shown}"]
        if self.timeout is not None:
            words += ["--game-timeout", f"{self.timeout:g}"]
        return " ".join(words)


def event_lines(figures: Mapping[str, Mapping[str, float]]) -> list[str]:
    """The event figures as compact columns: kind, share of games, mean per game, most."""
    if not figures:
        return []
    width = min(max(len(kind) for kind in figures), 40)
    cells = [f"{kind[:width]:<{width}} {f['games']:6.1%} {f['per_game']:7.2f} {f['max']:5g}"
             for kind, f in figures.items()]
    indent, gap = "    ", "   "
    per_line = max(1, (WIDTH - len(indent) + len(gap)) // (len(cells[0]) + len(gap)))
    lines = ["  events (kind, share of games, mean per game, most in a game):"]
    for start in range(0, len(cells), per_line):
        lines.append(indent + gap.join(cells[start:start + per_line]))
    return lines


def merge(report: SimulationReport, parts: Mapping[int, SimulationReport]) -> SimulationReport:
    """``report`` (of no games yet) with the batch reports keyed by their first game's index
    added in that order, each once: the result does not depend on how the games were split
    or who finished first."""
    for first in sorted(parts):
        report.absorb(parts[first])
    return report

