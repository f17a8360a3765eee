"""Building Crime Lords positions by hand: rule scenarios in tests, tutorials, puzzles."""

from __future__ import annotations

from tabletop.components.dice import Dice
from tabletop.components.hierarchy import Hierarchy
from tabletop.rng import Rng

from . import GAME, attacks
from . import actions as A
from .cards import BY_ID, MOBS, N_CARDS
from .state import DECK, UNCONTROLLED, CrimeLordsState

MOB = {m.id: i for i, m in enumerate(MOBS)}


def card(cid: str) -> int:
    """Deck index of a card id."""
    return BY_ID[cid]


def blank(players: int = 2, mobs: tuple[str, ...] = (), **options: object) -> CrimeLordsState:
    """A position in seat 0's action phase with every card in the deck and empty Mobs."""
    s = GAME.new_state(players, 1, options or None)
    assert isinstance(s, CrimeLordsState)  # the kernel's Game.new_state says only State
    s.loc = [DECK] * N_CARDS
    s.draw_pile = list(range(N_CARDS))
    s.uncontrolled, s.discard, s.aside = [], [], []
    s.mobs = [Hierarchy() for _ in range(players)]
    s.rackets = [[] for _ in range(players)]
    s.specials = [[] for _ in range(players)]
    s.money = [50] * players
    s.bid_money = [0] * players
    s.tokens = [False] * N_CARDS
    s.auc_card = -1
    s.phase, s.current, s.actor = "actions", 0, 0
    s.free_left = 4
    names = list(mobs) + [m.id for m in MOBS if m.id not in mobs]
    s.mob_of = [MOB[n] for n in names[:players]]
    return s


def _take(s: CrimeLordsState, c: int) -> None:
    s.draw_pile.remove(c)


def boss(s: CrimeLordsState, seat: int, cid: str) -> int:
    """Make ``cid`` the Boss of ``seat`` (with a token)."""
    c = card(cid)
    _take(s, c)
    s.mobs[seat].set_root(c)
    s.loc[c] = seat
    s.tokens[c] = True
    return c


def sub(s: CrimeLordsState, seat: int, cid: str, superior: str, cell: tuple[int, int]) -> int:
    """Lay ``cid`` under ``superior`` in ``seat``'s Mob (with a token)."""
    c = card(cid)
    _take(s, c)
    s.mobs[seat].attach(c, card(superior), cell)
    s.loc[c] = seat
    s.tokens[c] = True
    return c


def free(s: CrimeLordsState, cid: str) -> int:
    """Put ``cid`` in the uncontrolled area."""
    c = card(cid)
    _take(s, c)
    s.loc[c] = UNCONTROLLED
    s.uncontrolled.append(c)
    return c


def racket(s: CrimeLordsState, seat: int, cid: str) -> int:
    """Give ``seat`` the Racket ``cid``."""
    c = card(cid)
    _take(s, c)
    s.loc[c] = seat
    s.rackets[seat].append(c)
    return c


def special(s: CrimeLordsState, seat: int, cid: str) -> int:
    """Put a Special in ``seat``'s hand."""
    c = card(cid)
    _take(s, c)
    s.loc[c] = seat
    s.specials[seat].append(c)
    return c


def rigged(total: int) -> Rng:
    """An Rng whose next 2d6 roll sums to ``total``."""
    for seed in range(10_000):
        r = Rng.from_seed(seed)
        if Dice(2, 6).roll_sum(r.clone()) == total:
            return r
    raise AssertionError(f"no seed rolls {total}")


def to_assistance(s: CrimeLordsState, attack: object, money: tuple[int, ...] = ()) -> None:
    """Announce ``attack`` (a Recruit or Takeover of the seat to act), name no protector if
    asked, commit ``money`` in showdown order (nothing for those not given) and say "Now!":
    the assistance stage begins."""

    s.apply(attack)
    if s.phase == "protect":
        s.apply(A.Protect(-1))
    amounts = list(money)
    while s.phase == "showdown":
        commit(s, amounts.pop(0) if amounts else 0)
    s.apply(A.REVEAL)


def commit(s: CrimeLordsState, total: int) -> None:
    """The seat to act puts ``total`` G of sealed showdown money under the hand (+ for the
    attack), in as many steps as its treasury asks (``attacks.commit_options``)."""

    seat = s.actor
    while True:
        s.apply(A.Commit(attacks.step_toward(s, total)))
        if s.phase != "showdown" or s.actor != seat or s.attack is None or (
                s.attack.stake == 0 and s.attack.showdown is not None
                and s.attack.showdown.has_committed(seat)):
            return


def start_gang_war(s: CrimeLordsState, mom: int, smoothie: int, target_boss: int) -> None:
    """Seat 0's Mom Parker (helped by "Smoothie" Smythe, 5 G in) misses seat 1's Boss on a
    rigged 12: a real attempt, so a Gang War begins."""

    s.rng = rigged(12)
    s.apply(A.Hit(mom, target_boss))
    s.apply(A.Commit(5))
    s.apply(A.Assist(smoothie))
    while s.phase == "assist":
        s.apply(A.DONE)
