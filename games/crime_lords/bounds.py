"""The step cap as a true bound on the decisions of one game.

Every decision either spends something finite or advances a counter:
- the auction: at most 26 bids per card (bids rise by 1 G at least, 25 G each) plus one pass
  per player, for at most every card of the deck; then one Boss choice and one placement per
  Crook;
- a regular turn: each attack, move or ability spends an Action Token (at most one per card,
  at most 36 Crooks + 10 Rackets), free actions are capped at 4 per turn, each Special is
  played once; an attack takes at most 1 announcement + 1 protector + P showdown
  commitments of at most ``MAX_COMMIT_STEPS`` steps each + 1 reveal + 2 x (cards + Specials) assistance steps + 2 final declines + 1
  placement;
- paying the gang when short: each answer pays a Crook in full or his first 1 G, so at most
  two per Crook;
- reassigning Crooks: one placement per Crook per reassignment, and a reassignment follows
  the loss of a Crook or a change of Boss; Crooks join a Mob only by spending a token
  (recruiting, giving), so a turn loses at most every Crook plus one per token spent;
- a Gang War: every war Hit spends a token, tokens come back only once per Mob per war
  (joining, or its Boss attacked), and each pass round is at most P passes;
- the game stops after ``round_limit`` rounds at the latest.
"""

from __future__ import annotations

from games.crime_lords.attacks import MAX_COMMIT_STEPS
from games.crime_lords.cards import N_CARDS, N_CROOKS
from games.crime_lords.out_of_turn import PER_WINDOW

TOKEN_CARDS = N_CROOKS + 10
SPECIALS = 16


def attack_bound(players: int) -> int:
    """Most decisions one attack can take."""
    return 1 + 1 + players * MAX_COMMIT_STEPS + 1 + 2 * (TOKEN_CARDS + SPECIALS) + 2 + 1


def turn_bound(players: int) -> int:
    """Most decisions of one regular turn, Gang War and shared-victory question included."""
    per_token = attack_bound(players)
    # + one new-Boss choice per Crook lost (a Boss who quits or is Hit)
    # free actions: 4 a turn, a trade offer taking three decisions (offer, ask, answer)
    regular = TOKEN_CARDS * per_token + 4 * 3 + SPECIALS + 1 + players + N_CROOKS
    # a war: every participant's tokens twice over (once more when drawn in / Boss hit),
    # plus a round of passes after each Hit
    war = players * 2 * TOKEN_CARDS * (per_token + players)
    spoils = players * (TOKEN_CARDS + 2)
    pay = 2 * N_CROOKS
    # the out-of-turn window: each other player passes once after at most PER_WINDOW
    # actions, a trade offer taking three decisions
    window = players * (PER_WINDOW * 3 + 1)
    regroups = (N_CROOKS + 2 * players * TOKEN_CARDS) * N_CROOKS
    return regular + war + spoils + pay + regroups + window


def decision_bound(players: int, round_limit: int) -> int:
    """The step cap: auction and layout plus ``round_limit`` rounds of turns."""
    auction = N_CARDS * (26 + players) + 2 * N_CROOKS
    return auction + round_limit * players * turn_bound(players)
