"""Tournaments: seeded bot games between several agents, and their ratings.

The games are those of a simulation in tournament mode (:func:`tabletop.simulation.simulate`
with ``tournament=True``): entrants seated by rounds that turn each lineup through every seat
(:mod:`tabletop.simulation.seating`), every game's outcome kept in the order of its index. The
ratings come from OpenSkill's Plackett-Luce model (``pip install 'tabletop[tournament]'``),
updated game by game in that order once all games are in, so the report is the same whatever
played the games and in whatever order they finished.

A game's ranks come from its :class:`~tabletop.engine.Result`: its winners share the first
place (a game without winners is a draw: all seats share it); the other seats take their
places in the result's ranking, two seats next to each other with equal scores sharing one.
An entrant that holds several seats of one game (more seats than entrants) is rated once per
seat against the others, and its changes are added up: the sum of its seats' changes of mu,
the product of their shrinkings of sigma squared.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tabletop.errors import TabletopError
from tabletop.simulation.report import TIMING_KEYS, WIDTH, SimulationReport
from tabletop.simulation.seating import kind_of

#: the one line printed when OpenSkill is not installed
INSTALL_HINT = ("tabletop tournament rates with OpenSkill, which is not installed: "
                "pip install 'tabletop[tournament]'")

#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054

#: the rating model, as the report names it
MODEL = "OpenSkill PlackettLuce"


class RatingsUnavailable(TabletopError):
    """OpenSkill is not installed."""


def require_openskill() -> None:
    """Raise :class:`RatingsUnavailable` (one line: how to install it) without OpenSkill."""
    try:
        import openskill.models  # noqa: F401
    except ImportError:
        raise RatingsUnavailable(INSTALL_HINT) from None


def ranks_of(outcome: Mapping[str, Any]) -> list[int]:
    """Each seat's place in a finished game (0 best; equal places are ties), from its
    result's winners, ranking and scores."""
    scores: list[float] = outcome["scores"]
    ranks = [0] * len(scores)
    winners = set(outcome["winners"])
    if not winners:  # a draw
        return ranks
    last: int | None = None
    for position, seat in enumerate(outcome["ranking"]):
        if seat in winners:
            continue
        ranks[seat] = (ranks[last] if last is not None and scores[seat] == scores[last]
                       else position)
        last = seat
    return ranks


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` in ``games`` (0 to 1 for none)."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = (z / (1 + z * z / games)) * math.sqrt(
        share * (1 - share) / games + z * z / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(entrants: Sequence[str], outcomes: Sequence[Mapping[str, Any]]
         ) -> dict[str, tuple[float, float]]:
    """Each entrant's ``(mu, sigma)`` after the finished games among ``outcomes``, rated in
    the order of their index."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in entrants}
    for outcome in sorted(outcomes, key=lambda o: int(o["index"])):
        if outcome["outcome"] != "finished":
            continue
        seats: list[str] = outcome["seats"]
        ranks = [float(r) for r in ranks_of(outcome)]
        rated = model.rate([[ratings[name]] for name in seats], ranks=ranks)
        for name in dict.fromkeys(seats):
            old = ratings[name]
            held = [seat for seat, entrant in enumerate(seats) if entrant == name]
            mu = old.mu + sum(rated[seat][0].mu - old.mu for seat in held)
            variance = old.sigma ** 2 * math.prod(
                rated[seat][0].sigma ** 2 / old.sigma ** 2 for seat in held)
            ratings[name] = model.rating(mu=mu, sigma=math.sqrt(variance), name=name)
    return {name: (rating.mu, rating.sigma) for name, rating in ratings.items()}


@attrs.define
class Standing:
    """One entrant's line of the table: its seats in finished games (``games``), the
    games it won (alone or shared), its total score, and its rating."""

    agent: str
    games: int = 0
    wins: int = 0
    score_total: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0

    @property
    def ordinal(self) -> float:
        """The conservative rating: mu - 3 sigma (OpenSkill's ``ordinal``)."""
        return self.mu - 3 * self.sigma

    def as_json(self) -> dict[str, Any]:
        """The line as JSON data."""
        low, high = wilson(self.wins, self.games)
        return {
            "agent": self.agent,
            "kind": kind_of(self.agent),
            "games": self.games,
            "wins": self.wins,
            "win_share": self.wins / self.games if self.games else None,
            "win_share_95": [low, high],
            "mean_score": self.score_total / self.games if self.games else None,
            "mu": self.mu,
            "sigma": self.sigma,
            "rating_95": [self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma],
            "ordinal": self.ordinal,
        }


@attrs.define
class TournamentReport:
    """A tournament's games (the simulation report that kept their outcomes) and the
    entrants' standings, best conservative rating first."""

    games: SimulationReport
    seed: int
    standings: list[Standing]

    @classmethod
    def of(cls, report: SimulationReport, seed: int) -> TournamentReport:
        """The standings of the games of ``report`` (whose outcomes were kept)."""
        outcomes = report.outcomes or []
        standings = {name: Standing(name) for name in report.agents}
        for outcome in outcomes:
            if outcome["outcome"] != "finished":
                continue
            for seat, name in enumerate(outcome["seats"]):
                standing = standings[name]
                standing.games += 1
                standing.wins += seat in outcome["winners"]
                standing.score_total += outcome["scores"][seat]
        for name, (mu, sigma) in rate(report.agents, outcomes).items():
            standings[name].mu, standings[name].sigma = mu, sigma
        ordered = sorted(standings.values(), key=lambda s: (-s.ordinal, -s.mu, s.agent))
        return cls(report, seed, ordered)

    def stable_json(self) -> dict[str, Any]:
        """:meth:`as_json` without the speed figures: the same for the same games, however
        many workers played them."""
        games = self.games.stable_json()
        return {
            "game": games["game"],
            "players": games["players"],
            "agents": games["agents"],
            "options": games["options"],
            "seed": self.seed,
            "games": games["games"],
            "finished": games["finished"],
            "truncated": games["truncated"],
            "crashed": games["crashed"],
            "crashes": games["crashes"],
            "draws": games["draws"],
            "wins_by_seat": games["wins_by_seat"],
            "win_rate_by_seat": games["win_rate_by_seat"],
            "rating_model": MODEL,
            "standings": [standing.as_json() for standing in self.standings],
        }

    def as_json(self) -> dict[str, Any]:
        """The machine-readable report printed by ``--json``."""
        timing = self.games.as_json()
        return {**self.stable_json(), **{key: timing[key] for key in TIMING_KEYS}}

    def text(self) -> str:
        """The report as a table within :data:`WIDTH` columns."""
        from tabletop.rulebook import wrap_paragraph

        data = self.as_json()
        report = self.games
        paragraphs = [
            ("", (f"{report.games} games of {report.game} with {report.players} players, "
                 f"{len(report.agents)} agents (each round's lineup sits in every seat in "
                 "turn)")),
            ("  ", (f"finished by the rules: {report.finished}   truncated at the step cap: "
                   f"{report.truncated}   crashed: {report.crashed}   draws: {report.draws}")),
            ("  ", "wins by seat: " + "   ".join(
                f"Player {s + 1} {w} ({r:.1%})" for s, (w, r) in
                enumerate(zip(report.wins_by_seat, data["win_rate_by_seat"], strict=True)))),
        ]
        if report.games % report.players:
            paragraphs.append(("  ", (f"(the last round is short: {report.games} games are "
                                     f"not a multiple of {report.players} seats)")))
        lines = [line for indent, text in paragraphs
                 for line in wrap_paragraph(text, WIDTH, indent, indent + "  ")]
        lines += ["", *self.table(data["standings"]), ""]
        lines += [
            f"  ratings: {MODEL}, game by game in seed order; 95% interval: mu +- 1.96 sigma;",
            "  ordinal = mu - 3 sigma, the conservative rating the table is sorted by;",
            "  games: the agent's seats in finished games; wins: games it won, alone or shared",
        ]
        lines.append(f"  speed: {data['games_per_second']:.1f} games/s")
        for crash in report.crashes:
            where = f" at decision {crash['step']}" if crash["step"] is not None else ""
            lines += wrap_paragraph(f"CRASH seed {crash['seed']}{where}: {crash['error']}; "
                                    "reproduce it with:", WIDTH, "  ", "    ")
            lines.append(f"    {report.command(crash['seed'], crash['agents'])}")  # whole
        return "\n".join(lines)

    @staticmethod
    def table(standings: Sequence[Mapping[str, Any]]) -> list[str]:
        """The standings as aligned columns, at most :data:`WIDTH` wide."""
        name_width = min(24, max(5, *(len(s["agent"]) for s in standings)))
        lines = [(f"  {'agent':<{name_width}} {'games':>6} {'wins':>6}  "
                 f"{'win share [95% CI]':<23} {'mean score':>10} {'mu':>7} "
                 f"{'sigma':>6} {'ordinal':>8}")]
        for s in standings:
            name = s["agent"] if len(s["agent"]) <= name_width else (
                s["agent"][:name_width - 1] + "~")
            low, high = s["win_share_95"]
            share = (f"{s['win_share']:6.1%} [{low:5.1%}, {high:5.1%}]"
                     if s["win_share"] is not None else "-")
            score = f"{s['mean_score']:10.2f}" if s["mean_score"] is not None else f"{'-':>10}"
            lines.append(f"  {name:<{name_width}} {s['games']:>6} {s['wins']:>6}  "
                         f"{share:<23} {score} {s['mu']:7.2f} {s['sigma']:6.2f} "
                         f"{s['ordinal']:8.2f}")
        return lines
