"""GAME END scoring: influence, body counts, hidden fortunes and the variants' bonuses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import fortunes

if TYPE_CHECKING:
    from .state import CrimopolisState

BIG_BUSINESS = {2: 2, 3: 4}  # 4 or more same-named tiles: 7


# cp-influence
def influence(state: CrimopolisState, seat: int) -> int:
    """INFLUENCE: 1 per occupied small block, 3 per large one; homes do not count."""
    city = state.city
    total = 0
    for node, _ in city.board.held_by(seat):
        if node[0] == "b" and node not in city.home_owner:
            total += 3 if city.is_large(node) else 1
    return total


# cp-body-bonus cp-no-body-bonus
def body_bonus(bodies: list[int], seat: int) -> int:
    """BODY COUNTS: 1 per 2 tombstones, +2 for the highest count (all tied get it).
    [decided] With no tombstones at all, nobody has the highest count."""
    top = max(bodies)
    return bodies[seat] // 2 + (2 if top > 0 and bodies[seat] == top else 0)


# cp-hidden-fortunes
def hidden_fortunes(state: CrimopolisState, seat: int) -> int:
    """HIDDEN FORTUNES: game-end prestige of the fortunes still in hand."""
    defs = fortunes()
    return sum(defs[c].game_end for c in state.fortune_hands[seat])


# cp-big-business
def big_business(state: CrimopolisState, seat: int) -> int:
    """BIG BUSINESS: 2 / 4 / 7 for 2 / 3 / 4+ occupied tiles of one name; a large block of
    two identical tiles counts once, one of two names counts for both."""
    counts: dict[str, int] = {}
    city = state.city
    for node, _ in city.board.held_by(seat):
        if node[0] == "b" and node not in city.home_owner:
            for name in dict.fromkeys(d.name for d in city.block_defs(node)):
                counts[name] = counts.get(name, 0) + 1
    return sum(7 if n >= 4 else BIG_BUSINESS.get(n, 0) for n in counts.values())


def street_counts(state: CrimopolisState) -> list[int]:
    """Gangsters each seat has on street sections."""
    out = [0] * state.players
    for node, row in state.city.board.pieces.items():
        if node[0] == "s":
            for s, n in enumerate(row):
                out[s] += n
    return out


# cp-streets-bonus
def breakdown(state: CrimopolisState) -> list[dict[str, int]]:
    """Per seat: prestige earned in play and each end bonus."""
    streets = street_counts(state)
    top_street = max(streets)
    out = []
    for seat in range(state.players):
        row = {
            "play": state.prestige[seat],
            "influence": influence(state, seat),
            "bodies": body_bonus(state.bodies, seat),
            "fortunes": hidden_fortunes(state, seat),
        }
        if state.options.influence_on_streets:
            # INFLUENCE ON THE STREETS; [decided] nobody scores it with no gangster on a street.
            row["streets"] = 2 if top_street > 0 and streets[seat] == top_street else 0
        if state.options.big_business:
            row["big_business"] = big_business(state, seat)
        out.append(row)
    return out


#: how each part of the end scoring reads
PART_WORDS = {
    "play": "{} from play", "influence": "{} influence", "bodies": "{} for bodies",
    "fortunes": "{} from hidden fortunes", "streets": "{} influence on the streets",
    "big_business": "{} Big Business",
}


def breakdown_words(parts: dict[str, int]) -> str:
    """``25 from play + 4 influence + 1 for bodies + 0 from hidden fortunes``."""
    return " + ".join(PART_WORDS[k].format(v) for k, v in parts.items())


def final_scores(state: CrimopolisState) -> list[int]:
    """Total prestige of every seat after the game-end scoring."""
    return [sum(row.values()) for row in breakdown(state)]
