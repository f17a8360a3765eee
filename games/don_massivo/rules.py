"""The numbers Don Massivo is played with, and the names of its steps and questions.

Data only: the rule modules, the words and the flow all read it, so it imports nothing of the
game (amounts are thousands of dollars).
"""

from __future__ import annotations

WIN_AMOUNT = 100
"""$100,000 ends the game at once (rulebook: Game end and winner)."""
PAYMENT = 2
"""What paying another player costs in phase 2 ($2,000, or the whole pile if less)."""
BAIL = 2
"""What a token leaving the Prison costs ($2,000, or the whole pile if less)."""
STEAL_DRAW = 2
"""Stooge cards drawn by every steal, before the specialists' finds."""
RECRUIT_DRAW = 2
"""Gangster cards drawn by the West Side alternative action."""
INTEREST_STEP = 4
"""The Bank pays $1,000 for each full $4,000 face up in a display (tuned, see RULES.md)."""
MAX_STAKE = 5
"""The highest Casino stake, in thousands."""
HOUSE_MONEY = 5
"""What the bank adds to every Casino pot, in thousands."""

# -- the order of play (tabletop_games.don_massivo.flow): the steps and questions, read as
# ``rules.MOVE`` (the actions module has names of its own for the actions) ------------------
PLACING = "place"
"""Setup: the tokens are placed, seat by seat (snake order)."""
MOVE = "move"
"""Phase 2: take things back out of the display, then move a token."""
DEAL = "deal"
"""Phase 2: pay or rob a player where the moved token stands."""
ROB = "rob"
"""The robber lays gangsters, then strikes."""
DEFEND = "defend"
"""The robbed player throws gangsters from his hand into the defence (out of turn)."""
PAYING = "payment"
"""The payer chooses: $2,000 or a loot card."""
LOCATIONS = "locations"
"""Phase 3: the current player uses his locations."""
STEAL = "steal"
"""Question asked over phase 3 by a use of the West Side: specialists, then the job."""
SELL_PICK = "sell_pick"
"""Question asked over phase 3 by a use of the East Side: which top fence to sell to."""
SELL = "sell"
"""Question asked after the fence is picked: the loot handed over."""
CASINO = "casino"
"""Question asked of every seat in turn when a Casino card shows: a sealed stake."""
FACEDOWN = "facedown"
"""The other players, clockwise, add to their displays face down."""
REFRESH_TAKE = "refresh_take"
"""Phase 4: gangsters taken back out of the display."""
REFRESH_MONEY = "refresh_money"
"""Phase 4: the money left in the display."""
REFRESH_ADD = "refresh_add"
"""Phase 4: gangsters put into the display."""
LIMIT = "limit"
"""Phase 4: the hand limit."""

STEPS = (PLACING, MOVE, DEAL, ROB, DEFEND, PAYING, LOCATIONS, STEAL, SELL_PICK, SELL,
         CASINO, FACEDOWN, REFRESH_TAKE, REFRESH_MONEY, REFRESH_ADD, LIMIT)
"""Every name ``state.step`` may read: the flow's steps and questions, in the order of the
observation tensor's one-hot."""
