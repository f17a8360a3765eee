"""Personalities: a few seeded leanings that make bots at one table play unlike each other.

A heuristic bot weighs its options with numbers its author chose (how much a rival's loss is
worth, how much cash to keep in reserve). Four bots with the same numbers are four copies of
one mind: they take the same risks and gang up on the same seat. A :class:`Personality` gives
each bot seat its own leanings, drawn from the match seed and the seat, so a game is still
reproducible (same seed, same personalities, same game) while the table varies from game to
game.

How a game's heuristic uses it (the game decides what each leaning means for its rules):

- accept it: ``def __init__(self, personality: Personality | None = None)``, keeping
  ``personality or Personality.NEUTRAL``; :func:`tabletop.agents.make_agent` passes one to
  every factory that takes a ``personality`` argument (a :class:`~tabletop.match.Match`
  derives it from its seed and the seat);
- blend its weights with :func:`blend`: ``rival_weight = blend(p.aggression, 0.5, 1.5)``
  (an aggressive bot counts a rival's loss as more of a gain), ``reserve = blend(p.caution,
  0, 6)`` (a cautious one keeps more cash back), ``greed`` for taking money or points now
  rather than building for later;
- break near-ties with :meth:`Personality.pick`: among options scored within
  ``temperature`` of the best (relative to the spread of the scores) it picks at random, so
  a bot is not predictable to the move, yet never picks a clearly worse option.

The neutral personality (every leaning 0.5, temperature 0) leaves a bot exactly as its author
tuned it. Leanings change style, not strength: a game should check with ``tabletop
simulate`` that its heuristic still beats ``random`` clearly at both ends of every leaning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TypeVar

import attrs

from tabletop.rng import Rng

T = TypeVar("T")

#: the largest temperature a seeded personality gets: a near-tie is within 10% of the spread
MAX_TEMPERATURE = 0.1
#: a leaning at least this far one way (or this far the other) stands out in a bot's words
STRONG = 0.65


def blend(leaning: float, low: float, high: float) -> float:
    """The weight between ``low`` (leaning 0) and ``high`` (leaning 1)."""
    return low + (high - low) * leaning


def _in_unit(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{attribute.name} must be between 0 and 1, not {value}")


@attrs.frozen
class Personality:
    """A bot's leanings, each from 0 to 1 (0.5: as its author tuned it), and how loosely it
    breaks near-ties."""

    aggression: float = attrs.field(default=0.5, validator=_in_unit)
    """How much it goes after rivals: attacks, hits, taking what others hold."""
    caution: float = attrs.field(default=0.5, validator=_in_unit)
    """How much it keeps itself safe: defence, reserves, not over-extending."""
    greed: float = attrs.field(default=0.5, validator=_in_unit)
    """How much it takes money or points now over building for later."""
    temperature: float = attrs.field(default=0.0, validator=_in_unit)
    """Options scored within this share of the spread below the best count as ties."""

    NEUTRAL: ClassVar[Personality]

    @classmethod
    def for_seat(cls, seed: int, seat: int) -> Personality:
        """The personality of ``seat`` in the match of ``seed``: always the same for the same
        pair. Each leaning is the mean of two uniform draws (most bots are moderate, a few
        lean hard one way); the temperature is uniform up to :data:`MAX_TEMPERATURE`."""
        rng = Rng.from_seed(seed, "personality", str(seat))

        def leaning() -> float:
            return round((rng.random() + rng.random()) / 2, 3)

        aggression, caution, greed = leaning(), leaning(), leaning()
        return cls(aggression, caution, greed, round(rng.random() * MAX_TEMPERATURE, 3))

    def pick(self, scored: Sequence[tuple[float, T]], rng: Rng) -> T:
        """One of the options ``(score, option)`` whose score is highest, or within
        ``temperature`` of the spread below it, chosen at random (at temperature 0, one of the
        equal best). Draws from ``rng`` only when there is a choice to make."""
        if not scored:
            raise ValueError("pick() needs at least one option")
        best = max(score for score, _ in scored)
        worst = min(score for score, _ in scored)
        bar = best - self.temperature * (best - worst)
        near = [option for score, option in scored if score >= bar]
        return near[0] if len(near) == 1 else near[rng.below(len(near))]

    @property
    def bold(self) -> bool:
        """Whether it leans clearly aggressive (its words say "bold"; its table talk says so
        too: see :func:`tabletop.talk.voiced`)."""
        return self.aggression >= STRONG

    def words(self) -> str:
        """The leanings a player reads ("bold, careful"), or "steady" when none stands out."""
        out = []
        for value, high, low in ((self.aggression, "bold", "peaceable"),
                                 (self.caution, "careful", "reckless"),
                                 (self.greed, "greedy", "patient")):
            if value >= STRONG:
                out.append(high)
            elif value <= 1 - STRONG:
                out.append(low)
        return ", ".join(out) or "steady"


Personality.NEUTRAL = Personality()
