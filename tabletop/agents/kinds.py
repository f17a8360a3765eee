"""Agent kinds by name: what ``--seat 2=KIND``, ``--agents`` and a saved game's seats say.

A kind is ``random``, ``ismcts`` (the kernel's, for every game) or one a game offers
(normally ``heuristic``). The search kind takes settings after colons: ``ismcts:500`` (500
iterations per decision), ``ismcts:100ms`` (100 milliseconds per decision), ``ismcts:500:
100ms`` (whichever runs out first), ``ismcts:500:depth=20`` (rollouts scored after 20
decisions), ``ismcts:500:depth=end`` (rollouts played to the end), ``ismcts:500:guide=
heuristic`` (the guided search of :mod:`tabletop.agents.guided`, with the game's heuristic as
its guide; ``width=N``, ``sample=N`` and ``z=X`` tune it). Levels are what a player chooses:
``easy``, ``normal``, ``hard``, each one kind.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

import attrs

from tabletop.agents.base import Agent, RandomAgent
from tabletop.agents.ismcts import DEFAULT_ITERATIONS, MAX_ROLLOUT, IsmctsAgent
from tabletop.agents.personality import Personality
from tabletop.engine import Game
from tabletop.errors import InvalidOptions

#: the kinds every game has, whatever it offers
KERNEL_KINDS = ("random", "ismcts")
#: the largest budgets a kind may name (a typo of three zeros should not hang a game)
MAX_ITERATIONS = 1_000_000
MAX_MILLISECONDS = 600_000
"""The longest search time a kind may name (ten minutes a decision), for the same reason."""

#: the search time of ``hard`` per decision: with the last rollout cut at the deadline, a
#: decision takes under a quarter of a second in every game (docs/benchmarks.md, "Search"
#: and "Search, guided")
HARD_MILLISECONDS = 200
#: the levels a player chooses from, with what each means, in order
LEVELS = {
    "easy": "random moves: an easy win",
    "normal": "the game's own bot, which plays by its rules of thumb",
    "hard": "a search bot that tries moves out before choosing",
}
SPEC_HELP = ("ismcts takes ITERATIONS (ismcts:200), MILLISECONDSms (ismcts:100ms), depth=N "
             "or depth=end, guide=KIND, width=N, sample=N, z=X")
"""The settings an ``ismcts`` kind takes after colons, as an error message lists them."""
#: the largest guided width and sample, and z
MAX_WIDTH = 1_000
MAX_Z = 10.0


@attrs.frozen
class AgentSpec:
    """A parsed kind: its name and, for ``ismcts``, its budget, rollout depth and guide (with
    the guided search's width, sample and z; None: the defaults)."""

    kind: str
    iterations: int | None = None
    milliseconds: int | None = None
    depth: int | None = None
    guide: str | None = None
    width: int | None = None
    sample: int | None = None
    z: float | None = None


def agent_kinds(game: Game) -> list[str]:
    """Agent kinds available for ``game``: ``random``, what the game offers, ``ismcts``."""
    offered = sorted(k for k in game.agents() if k not in KERNEL_KINDS)
    return ["random", *offered, "ismcts"]


def _number(text: str, what: str, spec: str, top: int, low: int = 1) -> int:
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= top:
        raise InvalidOptions(f"agent {spec[:40]!r}: {what} must be a whole number from {low} "
                             f"to {top:,}; {SPEC_HELP}")
    return int(text)


def _guide(game: Game, text: str, spec: str) -> str:
    """The guide a setting names: any kind of ``game`` but ismcts itself."""
    kinds = [k for k in agent_kinds(game) if k != "ismcts"]
    if text not in kinds:
        raise InvalidOptions(f"agent {spec[:40]!r}: the guide must be one of {', '.join(kinds)}")
    return text


def _z(text: str, spec: str) -> float:
    """A z setting: a number from 0 to :data:`MAX_Z`."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_Z:  # also false for nan
        raise InvalidOptions(f"agent {spec[:40]!r}: z must be a number from 0 to {MAX_Z:g}; "
                             f"{SPEC_HELP}")
    return value


def parse_kind(game: Game, spec: str) -> AgentSpec:
    """``spec`` checked for ``game``; InvalidOptions (one line) for an unknown kind or a
    malformed setting."""
    kind, *settings = spec.strip().split(":")
    if kind not in agent_kinds(game):
        raise InvalidOptions(
            f"{game.name} has no agent {kind[:40]!r} (agents: {', '.join(agent_kinds(game))})")
    if not settings:
        return AgentSpec(kind)
    if kind != "ismcts":
        raise InvalidOptions(f"agent {spec[:40]!r}: only ismcts takes settings after a colon")
    found: dict[str, Any] = {}
    for setting in settings:
        text = setting.strip().lower()
        value: Any
        if text.startswith("guide="):
            name, value = "guide", _guide(game, text[6:], spec)
        elif text.startswith("width="):
            name, value = "width", _number(text[6:], "a width", spec, MAX_WIDTH)
        elif text.startswith("sample="):
            name, value = "sample", _number(text[7:], "a sample", spec, MAX_WIDTH, 0)
        elif text.startswith("z="):
            name, value = "z", _z(text[2:], spec)
        elif text == "depth=end":
            name, value = "depth", MAX_ROLLOUT
        elif text.startswith("depth="):
            name, value = "depth", _number(text[6:], "a depth", spec, MAX_ROLLOUT, 0)
        elif text.endswith("ms"):
            name, value = "milliseconds", _number(text[:-2], "milliseconds", spec,
                                                  MAX_MILLISECONDS)
        else:
            name, value = "iterations", _number(text, "iterations", spec, MAX_ITERATIONS)
        if name in found:
            raise InvalidOptions(f"agent {spec[:40]!r} gives {name} twice; {SPEC_HELP}")
        found[name] = value
    return AgentSpec(kind, **found)


def _with_personality(factory: Callable[..., Any], personality: Personality | None) -> Any:
    """``factory()``, handing it ``personality`` if it takes one."""
    if personality is not None:
        try:
            takes = "personality" in inspect.signature(factory).parameters
        except (TypeError, ValueError):  # a callable without a signature to read
            takes = False
        if takes:
            return factory(personality=personality)
    return factory()


def make_agent(game: Game, kind: str, seat: int | None = None,
               seed: int | None = None) -> Agent:
    """A fresh agent of ``kind`` (a spec such as ``ismcts:200``) for ``game``;
    InvalidOptions for an unknown kind or a bad setting. Given the seat and the match seed, a
    game's agent that takes a ``personality`` gets that seat's
    (:meth:`Personality.for_seat`)."""
    if kind == "random":  # every game has it, and it takes no settings: no need to parse
        return RandomAgent()
    spec = parse_kind(game, kind)
    if spec.kind == "random":
        return RandomAgent()
    if spec.kind == "ismcts":
        iterations = spec.iterations
        if iterations is None and spec.milliseconds is None:
            iterations = DEFAULT_ITERATIONS
        tuning = {name: value for name in ("width", "sample", "z")
                  if (value := getattr(spec, name)) is not None}
        guide = make_agent(game, spec.guide) if spec.guide is not None else None
        return IsmctsAgent(iterations, spec.milliseconds, spec.depth, guide=guide, **tuning)
    personality = (Personality.for_seat(seed, seat)
                   if seat is not None and seed is not None else None)
    agent: Agent = _with_personality(game.agents()[spec.kind], personality)
    return agent


def default_bot(game: Game) -> str:
    """The agent a bot seat uses unless told otherwise: the game's heuristic if it has one."""
    return "heuristic" if "heuristic" in game.agents() else "random"


def check_level(level: str) -> str:
    """``level`` as one of :data:`LEVELS` (any case); InvalidOptions (one line) otherwise."""
    name = level.strip().lower()
    if name not in LEVELS:
        raise InvalidOptions(f"level {level[:40]!r}: levels are {', '.join(LEVELS)}")
    return name


def bot_name(game: Game, kind: str) -> str:
    """How a seat's agent kind reads on screen: a level's kind by its level ("Easy bot",
    "Normal bot", "Hard bot"), a human as "human", any other kind as a bot of its sort
    ("Search bot, 500 iterations a move"): never the kind's spec itself."""
    if kind == "human":
        return "human"
    for level in LEVELS:
        if kind == level_kind(game, level):
            return f"{level.capitalize()} bot"
    if kind == "heuristic":
        return "Normal bot"
    try:
        spec = parse_kind(game, kind)
    except InvalidOptions:
        return "bot"
    if spec.kind != "ismcts":
        return f"{spec.kind.replace('_', ' ').capitalize()} bot"
    budget = []
    if spec.iterations is not None:
        budget.append(f"{spec.iterations:,} iterations")
    if spec.milliseconds is not None:
        budget.append(f"{spec.milliseconds:,} ms")
    guided = " guided by the Normal bot" if spec.guide else ""
    return f"Search bot{guided}" + (f", {' or '.join(budget)} a move" if budget else "")


def level_kind(game: Game, level: str) -> str:
    """The agent kind of ``level`` (see :data:`LEVELS`) for ``game``: ``easy`` is random,
    ``normal`` the game's heuristic (random for a game without one), ``hard`` the search bot
    on :data:`HARD_MILLISECONDS` a move, guided by the game's heuristic where it has one
    (``ismcts:200ms:guide=heuristic``; docs/benchmarks.md, "Search, guided"), plain
    ``ismcts:200ms`` otherwise. A time budget makes the most of each game's speed, but a hard
    bot may choose differently on a faster or busier machine: for reproducible games name an
    iteration budget (``ismcts:200:guide=heuristic``). InvalidOptions for an unknown level."""
    name = check_level(level)
    if name == "easy":
        return "random"
    if name == "normal":
        return default_bot(game)
    guide = ":guide=heuristic" if "heuristic" in game.agents() else ""
    return f"ismcts:{HARD_MILLISECONDS}ms{guide}"


def capped_kind(game: Game, kind: str, max_ms: int, clamp: bool = False) -> str:
    """``kind`` as a server that lets a bot think at most ``max_ms`` milliseconds a move
    plays it: a search on a larger time budget is refused (InvalidOptions, one line a person
    reads), or with ``clamp`` given ``max_ms`` instead (a table stored before the host
    lowered the cap, a level); a search on iterations only, or on no budget (the default
    iterations), gets ``:{max_ms}ms`` besides, whichever runs out first. Every other kind
    comes back unchanged (the levels included, while they fit)."""
    if kind == "human":
        return kind
    spec = parse_kind(game, kind)
    if spec.kind != "ismcts":
        return kind
    if spec.milliseconds is not None and spec.milliseconds <= max_ms:
        return kind
    if spec.milliseconds is not None and not clamp:
        raise InvalidOptions(f"a bot may think at most {max_ms:,} ms a move on this server, "
                             f"not {spec.milliseconds:,} ms")
    head, *settings = kind.strip().split(":")
    # the budget first (the spec's own iterations, the default's otherwise), then the rest
    others = [s.strip() for s in settings if "=" in s]  # parse_kind: a budget has no "="
    iterations = spec.iterations if spec.iterations is not None else DEFAULT_ITERATIONS
    if spec.iterations is None and spec.milliseconds is not None:
        return ":".join([head, f"{max_ms}ms", *others])  # a time budget alone, lowered
    return ":".join([head, str(iterations), f"{max_ms}ms", *others])
