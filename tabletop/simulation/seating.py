"""Who sits where in game number ``index`` of a simulation or a tournament.

A simulation rotates its agent kinds over the seats (:func:`~tabletop.match.agents_for_game`).
A tournament seats its entrants in *rounds* of ``players`` consecutive games: a round takes a
lineup of ``players`` entrants (:func:`lineup`: distinct entrants when there are enough of
them, otherwise every entrant, some in several seats; each entrant in as many rounds as the
others), and its games seat that lineup turned by one seat each, so every entrant of the
lineup plays every seat once. Game ``index``'s seating is a pure function of the seed and ``index``: the
same games are played whatever the workers, and each batch can seat its own games.

Entrants are named by their agent kind; a kind listed more than once gives entrants
``kind``, ``kind#2``, ... (:func:`entrant_names`), rated apart although they play alike.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

#: what separates an agent kind from an entrant's number ("ismcts:50#2")
MARK = "#"


def entrant_names(kinds: Sequence[str]) -> list[str]:
    """The entrants' names for agent ``kinds`` in the order given: the kind itself, with
    ``#2``, ``#3``, ... for a kind listed again."""
    seen: dict[str, int] = {}
    names = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        names.append(kind if seen[kind] == 1 else f"{kind}{MARK}{seen[kind]}")
    return names


def kind_of(entrant: str) -> str:
    """The agent kind an entrant plays (its name without a ``#N``)."""
    return entrant.split(MARK, 1)[0]


def lineup(entrants: Sequence[str], players: int, seed: int, round_number: int) -> list[str]:
    """The entrants of tournament round ``round_number``, in the seats of its first game.

    Rounds come in cycles of as many rounds as there are entrants, each cycle with its own
    order of the entrants drawn from ``seed``. Round ``k`` of a cycle takes the ``players``
    entrants from place ``k`` of that order on (going round), so in a whole cycle every
    entrant plays as many rounds as every other, and no entrant sits twice in one game while
    there are enough entrants. With fewer entrants than seats, every entrant sits as often as
    the seats allow and the seats left over go round the cycle's order the same way. The
    lineup's own order is drawn for each round."""
    count = len(entrants)
    cycle, step = divmod(round_number, count)
    order = list(entrants)
    random.Random(f"tabletop-tournament:{seed}:cycle {cycle}").shuffle(order)
    chosen = list(entrants) * (players // count)
    chosen += [order[(step + place) % count] for place in range(players % count)]
    random.Random(f"tabletop-tournament:{seed}:round {round_number}").shuffle(chosen)
    return chosen


def tournament_seats(entrants: Sequence[str], players: int, seed: int,
                     index: int) -> list[str]:
    """The entrant in each seat of tournament game ``index``: its round's lineup turned by
    ``index % players`` seats."""
    drawn = lineup(entrants, players, seed, index // players)
    turn = index % players
    return [drawn[(seat + turn) % players] for seat in range(players)]
