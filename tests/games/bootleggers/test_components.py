"""Component limits and small rules that had no scenario test of their own (RULES.md ids)."""

from __future__ import annotations

from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.muscle import die_targets, gain_influence, produce
from tabletop_games.bootleggers.setup import start_round


def test_a_still_holds_at_most_four_dice(make_table):
    """[bl-still-squares] One production square and three improvement squares: a full
    Family Still takes no more dice (only the Back Room does)."""
    s = make_table(2)
    s.family[0] = 4
    assert 0 not in die_targets(s, 0, True) and -1 in die_targets(s, 0, True)
    s.family[0] = 3
    assert 0 in die_targets(s, 0, False)


def test_twenty_men_of_a_colour_at_most(make_table):
    """[bl-influence-supply] 20 markers per colour: a gain beyond the supply is cut."""
    s = make_table(2)
    s.influence[2][0] = 15
    s.back_influence[0] = 4
    assert gain_influence(s, 0, 2) == 1 and s.back_influence[0] == 5


def test_production_stops_at_the_seventy_crates_in_the_box(make_table, dice):
    """[bl-crate-limit] [decided] Crates are the 70 in the box: production beyond is lost."""
    s = make_table(2)
    s.crates[1] = 69
    s.rng = dice([6, 6])
    produce(s)
    assert s.crates[0] + s.crates[1] == 70


def test_men_of_action_discards_are_reshuffled_when_the_deck_runs_out(make_table):
    """[bl-deck-reshuffle] [decided] An empty Men of Action deck takes its discards back."""
    s = make_table(2)
    s.deck.discard_pile += s.deck.draw_pile
    s.deck.draw_pile.clear()
    start_round(s, 2)
    assert all(s.offers) and len(s.deck.draw_pile) > 0


def test_equal_money_shares_the_victory():
    """[bl-shared-win] [decided] The rulebook names no tie-break: equal money shares it."""
    s = GAME.new_state(2, 1)
    s.finished = True
    assert s.result().winners == (0, 1)


def test_played_muscle_cards_leave_the_hand_for_good():
    """[bl-muscle-discard] Played Muscle cards are discarded: a card shown in round 1 is
    neither in a hand nor playable in round 2."""
    s = GAME.new_state(2, 4)
    picks = [s.muscle_hands[0][0], s.muscle_hands[1][0]]
    for card in picks:
        s.apply(s.legal_actions()[[a.card for a in s.legal_actions()].index(card)])
    while s.round_no == 1:
        s.apply(s.legal_actions()[0])
    assert picks[0] not in s.muscle_hands[0] and picks[1] not in s.muscle_hands[1]
    assert s.muscle_played == [[picks[0]], [picks[1]]]
