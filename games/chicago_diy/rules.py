"""The fixed numbers of Chicago DIY's rules and the names of its steps, shared by the flow,
the state and the rule modules (how seats and counts are said: :mod:`tabletop_games.chicago_diy.words`)."""

from __future__ import annotations

HAND_LIMIT = 5  # rulebook NOTE: never more than 5 cards at the end of your turn
MAX_HENCHMEN = 5  # rulebook "Hire a Henchman"
HIRE_PRICE = 5  # rulebook: a roll of 1-3 costs $5
# [decided] the rulebook allows endless play (battling needs no draw): the game also ends
# when this round is over. Heuristic games end by the deck long before it (see RULES.md).
LAST_CALL_ROUND = 150
# A true bound on the decisions of one turn (RULES.md, "Length of a game"): plays from a hand
# of at most 11 cards and their bribe answers, one action and its payment, the hand-limit
# discards and the end of the turn come to well under this.
DECISIONS_PER_TURN = 32

# phases of a turn
ACTION = "action"  # plays from hand, then one of the three actions
PAY_TERRITORY = "pay_territory"  # a drawn territory the player can afford must be paid for
PAY_HIRE = "pay_hire"  # a hire roll of 1-3: pay $5 or give up the henchman
AFTER = "after"  # the action is done: play more cards, discard to the limit, end the turn
OVER = "over"

BRIBE = "bribe"  # the prompt kind: a joker's victim decides whether to bribe

