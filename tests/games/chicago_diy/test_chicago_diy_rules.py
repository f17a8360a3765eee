"""Rule scenarios: each test sets a table up as a rulebook section describes and checks the
numbers. The rulebook has no worked examples; each docstring names the section it follows."""

from __future__ import annotations

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import (
    DECLINE,
    DRAW,
    END_TURN,
    HIRE,
    Attack,
    Discard,
    EndTurn,
    HitMan,
    PayCard,
    PlayJoker,
)
from tabletop_games.chicago_diy.cards import KIND
from tabletop_games.chicago_diy.rules import ACTION, AFTER, LAST_CALL_ROUND, PAY_HIRE, PAY_TERRITORY

from tabletop.errors import IllegalAction, InvalidOptions
from tabletop.serialization import snapshot_json


# -- Setup -------------------------------------------------------------------------------
# rule: ch-deal, ch-dealt-not-replaced
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_three_cards_with_free_territories_and_one_henchman(players: int) -> None:
    """Rulebook "Setup": 3 cards each, dealt J/Q/K face up for free, 1 henchman each."""
    for seed in range(20):
        s = GAME.new_state(players, seed)
        for seat in range(players):
            assert len(s.hands[seat]) + len(s.territories[seat]) == 3
            assert all(KIND[t] == "territory" for t in s.territories[seat])
            assert all(KIND[c] != "territory" for c in s.hands[seat])
        assert s.henchmen == [1] * players
        assert len(s.deck.draw_pile) == 54 - 3 * players
        assert s.invariants() == []


# rule: ch-first-player
def test_the_first_player_is_chosen_at_random() -> None:
    """Rulebook "Setup" 4: randomly determine who goes first."""
    firsts = {GAME.new_state(4, seed).turn.current for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


# rule: ch-players, ch-bribe-option
def test_player_count_and_options_are_checked() -> None:
    with pytest.raises(InvalidOptions):
        GAME.new_state(1, 0)
    with pytest.raises(InvalidOptions):
        GAME.new_state(6, 0)
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, 0, {"bribe": "1000"})
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, 0, {"colour": "red"})
    assert GAME.new_state(2, 0, {"bribe": "30", "reshuffles": "0"}).reshuffles_left == 0


# -- 1. Hire a henchman ------------------------------------------------------------------
# rule: ch-hire-roll
def test_hire_on_4_to_6_is_free(arrange, rig_dice) -> None:
    """Rulebook "Hire a Henchman": 4, 5 or 6 hires for free."""
    s = arrange(hands=[["7C"], []])
    rig_dice(s, [5])
    s.apply(HIRE)
    assert s.henchmen[0] == 2 and s.hands[0] == ["7C"]
    # a hand of one card might hold a hit man: the player ends the turn himself
    assert s.turn.current == 0 and s.legal_actions() == (END_TURN,)


# rule: ch-hire-roll, ch-money-to-discards
def test_hire_on_1_to_3_costs_5_dollars_paid_with_money_cards(arrange, rig_dice, pay, payment_sets) -> None:
    """Rulebook "Hire a Henchman": 1, 2 or 3 costs $5."""
    s = arrange(hands=[["3C", "2D", "9H"], []])
    rig_dice(s, [2])
    s.apply(HIRE)
    assert s.phase == PAY_HIRE
    legal = s.legal_actions()
    assert payment_sets(s) == {(2, 3), (9,)}
    assert DECLINE in legal
    pay(s, "3C", "2D")
    assert s.henchmen[0] == 2 and s.hands[0] == ["9H"]
    assert s.deck.discard_pile == ["3C", "2D"]


# rule: ch-hire-refuse
def test_a_hire_the_player_will_not_pay_for_fails(arrange, rig_dice) -> None:
    """[decided] after a roll of 1-3 the player may refuse to pay: the action is lost."""
    s = arrange(hands=[["9H"], []])
    rig_dice(s, [1])
    s.apply(HIRE)
    s.apply(DECLINE)
    s.apply(END_TURN)
    assert s.henchmen[0] == 1 and s.hands[0] == ["9H"] and s.turn.current == 1


# rule: ch-hire-roll
def test_a_hire_without_5_dollars_fails(arrange, rig_dice) -> None:
    """Rulebook "Hire a Henchman": if you cannot pay, the action fails. The player is still
    asked (declining is the only answer), so the table cannot tell "cannot" from "will not"."""
    s = arrange(hands=[["2C", "2D"], []], henchmen=[1, 0])
    rig_dice(s, [3])
    s.apply(HIRE)
    assert s.phase == PAY_HIRE and s.legal_actions() == (DECLINE,)
    s.apply(DECLINE)
    assert s.henchmen[0] == 1 and s.hands[0] == ["2C", "2D"] and s.turn.current == 1


# rule: ch-max-henchmen
def test_no_one_hires_a_sixth_henchman(arrange) -> None:
    """Rulebook "Hire a Henchman": at most 5 henchmen."""
    s = arrange(henchmen=[5, 1])
    assert HIRE not in s.legal_actions()
    with pytest.raises(IllegalAction, match="5 henchmen"):
        s.apply(HIRE)


# -- 2. Draw and play a card -------------------------------------------------------------
# rule: ch-draw-money
def test_a_drawn_money_card_goes_to_the_hand(arrange) -> None:
    """Rulebook "Draw and Play a Card": money (2-10) is added to the hand."""
    s = arrange(top=["8S"])
    s.apply(DRAW)
    assert s.hands[0] == ["8S"] and s.legal_actions() == (END_TURN,)
    s.apply(END_TURN)
    assert s.turn.current == 1


# rule: ch-draw-territory, ch-buy-compulsory, ch-money-to-discards
def test_a_drawn_territory_must_be_paid_for_when_affordable(arrange, pay, payment_sets) -> None:
    """Rulebook "Draw and Play a Card": a Queen costs $15, placed face up once paid."""
    s = arrange(hands=[["10C", "6D", "9H"], []], top=["QH"])
    s.apply(DRAW)
    assert s.phase == PAY_TERRITORY and s.pending == "QH"
    legal = s.legal_actions()
    assert all(isinstance(a, PayCard) for a in legal)  # [decided] buying is compulsory
    assert payment_sets(s) == {(6, 10), (9, 10), (6, 9)}
    pay(s, "10C", "6D")
    assert s.territories[0] == ["QH"] and s.hands[0] == ["9H"] and s.pending == ""
    assert sorted(s.deck.discard_pile) == ["10C", "6D"]


# rule: ch-draw-territory, ch-reinsert
@pytest.mark.parametrize(("card", "cost"), [("JS", 10), ("QD", 15), ("KC", 20)])
def test_a_territory_one_cannot_afford_is_shuffled_back_with_the_discards(arrange, card: str, cost: int) -> None:
    """Rulebook "Draw and Play a Card" and NOTE: unpaid, the card goes back into the deck,
    reshuffled together with the discards."""
    s = arrange(hands=[["2C"] if cost > 2 else [], []], top=[card], discards=["5S", "AD"])
    pile = len(s.deck.draw_pile)
    s.apply(DRAW)
    assert s.territories[0] == [] and s.hands[0] == ["2C"]
    assert card in s.deck.draw_pile and "5S" in s.deck.draw_pile and "AD" in s.deck.draw_pile
    assert s.deck.discard_pile == [] and len(s.deck.draw_pile) == pile + 2


# rule: ch-draw-special, ch-plays-around-action
def test_a_drawn_ace_may_be_used_the_same_turn(arrange) -> None:
    """Rulebook "Draw and Play a Card": an ace goes to the hand and may be used this turn."""
    s = arrange(top=["AH"], henchmen=[1, 2])
    s.apply(DRAW)
    assert s.turn.current == 0 and s.phase == AFTER
    assert HitMan(1) in s.legal_actions() and END_TURN in s.legal_actions()
    s.apply(HitMan(1))
    assert s.henchmen[1] == 1 and s.hands[0] == [] and s.deck.discard_pile == ["AH"]


# rule: ch-draw-special
def test_a_drawn_joker_may_wait_for_a_later_turn(arrange) -> None:
    """Rulebook "Draw and Play a Card": a joker works on this or a later turn."""
    s = arrange(top=["BJ", "4C"], territories=[[], ["KD"]])
    s.apply(DRAW)
    assert PlayJoker("BJ", "KD") in s.legal_actions()
    s.apply(END_TURN)
    assert s.hands[0] == ["BJ"] and s.turn.current == 1
    s.apply(DRAW)  # player 2 draws the 4
    s.apply(END_TURN)
    assert s.turn.current == 0
    assert PlayJoker("BJ", "KD") in s.legal_actions()  # still playable, before the action


# -- 3. Battles --------------------------------------------------------------------------
# rule: ch-battle-dice, ch-battle-winner-takes
def test_the_highest_single_die_wins_and_the_winner_takes_the_territory(arrange, rig_dice) -> None:
    """Rulebook "Battles": one die per henchman, the highest die wins; [decided] the
    attacker takes the territory it won."""
    s = arrange(henchmen=[2, 1], territories=[[], ["QC"]])
    rig_dice(s, [2, 5, 4])  # attacker 2 and 5, defender 4
    s.apply(Attack("QC"))
    assert s.territories == [["QC"], []] and s.henchmen == [2, 1]


# rule: ch-battle-dice, ch-battle-attacker-loses
def test_the_defender_wins_ties_and_the_attacker_loses_a_henchman(arrange, rig_dice) -> None:
    """Rulebook "Battles": defender wins ties; a losing attacker loses a henchman."""
    s = arrange(henchmen=[3, 2], territories=[[], ["KS"]])
    rig_dice(s, [6, 1, 1, 6, 2])
    s.apply(Attack("KS"))
    assert s.territories == [[], ["KS"]] and s.henchmen == [2, 2]


# rule: ch-undefended
def test_an_undefended_territory_is_taken_without_a_battle(arrange) -> None:
    """Rulebook "Territories": with no henchman, another player just takes one territory."""
    s = arrange(henchmen=[1, 0], territories=[[], ["JH", "KH"]])
    before = s.rng.state
    s.apply(Attack("KH"))
    assert s.territories == [["KH"], ["JH"]]
    assert s.rng.state == before  # no dice were rolled


# rule: ch-attack-needs-henchman
def test_attacking_needs_a_henchman(arrange) -> None:
    """[decided] a player with no henchman cannot attack."""
    s = arrange(henchmen=[0, 1], territories=[[], ["JH"]])
    assert Attack("JH") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="henchman"):
        s.apply(Attack("JH"))


# -- Hit men -----------------------------------------------------------------------------
# rule: ch-hit-man
def test_a_hit_man_eliminates_one_henchman_and_is_discarded(arrange) -> None:
    """Rulebook "Hit Men (Aces)": eliminate 1 henchman of any opponent, discard the ace."""
    s = arrange(players=3, hands=[["AS", "7D"], [], []], henchmen=[1, 0, 3])
    legal = s.legal_actions()
    assert HitMan(2) in legal and HitMan(1) not in legal and HitMan(0) not in legal
    s.apply(HitMan(2))
    assert s.henchmen == [1, 0, 2] and s.hands[0] == ["7D"] and s.deck.discard_pile == ["AS"]
    assert s.phase == ACTION and s.turn.current == 0  # not the turn's action


# -- Jokers ------------------------------------------------------------------------------
# rule: ch-police-raid
def test_the_police_raid_sends_the_territory_back_into_the_deck(arrange) -> None:
    """Rulebook "Red Joker (Police Raid)": the owner loses the territory to the deck."""
    s = arrange(hands=[["RJ"], ["10C"]], territories=[[], ["QS"]], discards=["3H"])
    s.apply(PlayJoker("RJ", "QS"))
    assert s.territories[1] == [] and "QS" in s.deck.draw_pile and "3H" in s.deck.draw_pile
    assert s.set_aside == ["RJ"] and s.hands[0] == []


# rule: ch-mob-attack
def test_the_mob_attack_takes_the_territory_without_dice(arrange) -> None:
    """Rulebook "Black Joker (Mob Attack)": the player takes a rival's territory."""
    s = arrange(hands=[["BJ"], []], territories=[["JD"], ["KC"]], henchmen=[1, 5])
    before = s.rng.state
    s.apply(PlayJoker("BJ", "KC"))
    assert s.territories == [["JD", "KC"], []] and s.rng.state == before


# rule: ch-bribe-option
def test_a_50_dollar_bribe_is_out_of_reach_of_a_five_card_hand(arrange) -> None:
    """Rulebook "Jokers" bribes of $50 against the NOTE's 5-card limit: $49 at most."""
    s = arrange(hands=[["RJ"], ["10C", "10D", "10H", "10S", "9C"]], territories=[[], ["QS"]])
    s.apply(PlayJoker("RJ", "QS"))
    assert not s.decisions and s.territories[1] == []


# rule: ch-police-raid, ch-bribe-face-down
def test_a_police_bribe_goes_back_into_the_deck(arrange, pay, payment_sets) -> None:
    """Rulebook "Red Joker": the owner may pay the bribe; the money goes back into the deck.
    (Option bribe=30, since $50 cannot be held under the hand limit.)"""
    s = arrange(hands=[["RJ"], ["10C", "10D", "10H", "4S"]], territories=[[], ["QS"]],
                options={"bribe": 30})
    s.apply(PlayJoker("RJ", "QS"))
    assert s.to_act == 1
    legal = s.legal_actions()
    assert DECLINE in legal and payment_sets(s) == {(10, 10, 10)}
    # the bribe goes over face down: the table hears the sum, not the cards
    pay(s, "10C", "10D")
    assert "10♥" in s.describe(PayCard("10H"))
    public = s.describe_public(PayCard("10H"))
    assert "$30" in public and "police" in public and "10♥" not in public
    pay(s, "10H")
    assert any("$30" in e and "police" in e for e in s.log.view(0))
    assert s.territories[1] == ["QS"] and s.hands[1] == ["4S"]
    assert {"10C", "10D", "10H"} <= set(s.deck.draw_pile)
    assert s.to_act == 0


# rule: ch-mob-attack
def test_a_mob_bribe_goes_to_the_attacker(arrange, pay) -> None:
    """Rulebook "Black Joker": paying the attacker $50 keeps the territory (option bribe=20)."""
    s = arrange(hands=[["BJ", "2H"], ["10C", "10D"]], territories=[[], ["KH"]],
                options={"bribe": 20})
    s.apply(PlayJoker("BJ", "KH"))
    pay(s, "10C", "10D")
    assert s.territories == [[], ["KH"]]
    assert sorted(s.hands[0]) == ["10C", "10D", "2H"] and s.hands[1] == []


def test_refusing_the_bribe_lets_the_joker_work(arrange) -> None:
    s = arrange(hands=[["BJ"], ["10C", "10D"]], territories=[[], ["KH"]],
                options={"bribe": 20})
    s.apply(PlayJoker("BJ", "KH"))
    s.apply(DECLINE)
    assert s.territories == [["KH"], []] and s.hands[1] == ["10C", "10D"]


# -- The hand limit ----------------------------------------------------------------------
# rule: ch-hand-limit
def test_five_cards_at_most_at_the_end_of_the_turn(arrange) -> None:
    """Rulebook NOTE: at most 5 cards when play passes; discards go to the discard pile."""
    s = arrange(hands=[["2C", "3C", "4C", "5C", "6C"], []], top=["7C"])
    s.apply(DRAW)
    legal = s.legal_actions()
    assert END_TURN not in legal and Discard("2C") in legal
    with pytest.raises(IllegalAction, match="discard down to 5"):
        s.apply(EndTurn())
    s.apply(Discard("3C"))
    assert len(s.hands[0]) == 5 and s.deck.discard_pile == ["3C"]
    s.apply(END_TURN)
    assert s.turn.current == 1


# -- The end -----------------------------------------------------------------------------
# rule: ch-reshuffle, ch-deck-out
def test_the_discards_refill_the_pile_once_then_the_deck_runs_out(arrange) -> None:
    """Rulebook "Winning" 2 and NOTE: [decided] the first time the pile runs out the
    discards are reshuffled into it; the next time the game ends."""
    s = arrange(top=["5C"])
    s.deck.discard_pile, s.deck.draw_pile = s.deck.draw_pile[:-1], ["5C"]
    s.apply(DRAW)
    s.apply(END_TURN)
    assert s.reshuffles_left == 0 and s.deck.discard_pile == [] and not s.is_over
    s.deck.discard_pile = s.deck.draw_pile[:-1]
    s.deck.draw_pile = s.deck.draw_pile[-1:]
    s.forget_legal_actions()
    s.apply(DRAW)
    s.apply(END_TURN)
    assert s.is_over and s.end_reason.startswith("the deck ran out")


# rule: ch-all-twelve
def test_holding_all_twelve_territories_ends_the_game_at_once(arrange) -> None:
    """Rulebook "Winning" 1: a player controls all 12 territories."""
    terr = ["JC", "JD", "JH", "JS", "QC", "QD", "QH", "QS", "KC", "KD", "KH"]
    s = arrange(henchmen=[1, 0], territories=[terr, ["KS"]], hands=[["AC"], []])
    s.apply(Attack("KS"))
    assert s.is_over and "all 12 territories" in s.end_reason
    assert s.result().winners == (0,)


# rule: ch-score
def test_scoring_counts_territories_henchmen_and_money(arrange) -> None:
    """Rulebook "Scoring": J 5, Q 10, K 15; henchman 2; money $1 a point; aces nothing."""
    s = arrange(hands=[["10C", "3D", "AS"], ["9H"]], territories=[["JC", "QD", "KH"], ["KS"]],
                henchmen=[2, 5])
    assert s.score(0) == 5 + 10 + 15 + 2 * 2 + 13
    assert s.score(1) == 15 + 5 * 2 + 9
    s.finish("test")
    assert s.result().winners == (0,) and s.result().scores == (47.0, 34.0)


# rule: ch-tiebreak
def test_equal_scores_go_to_more_territories_then_are_shared(arrange) -> None:
    """[decided] tie-break by territories held, then a shared victory."""
    s = arrange(hands=[["5C"], ["10C"]], territories=[["JC"], []], henchmen=[1, 1])
    s.finish("test")
    assert s.result().winners == (0,)
    assert s.result().reason == "test; equal on 12 points, decided by territories held (1 against 0)"
    s2 = arrange(hands=[["5C"], ["5D"]], henchmen=[1, 1])
    s2.finish("test")
    assert s2.result().winners == (0, 1)
    assert s2.result().reason == ("test; equal on 7 points and on territories, so the victory "
                                  "is shared")
    s3 = arrange(hands=[["5C"], ["4D"]], henchmen=[1, 1])
    s3.finish("test")
    assert s3.result().reason == "test"


# rule: ch-last-call
def test_last_call_ends_an_endless_game(arrange, rig_dice) -> None:
    """[decided] the game also ends when round 150 is over."""
    s = arrange(hands=[[], []], henchmen=[5, 5], territories=[["JC"], ["JD"]])
    s.turn.turns_taken = LAST_CALL_ROUND * 2 - 1
    rig_dice(s, [1, 6])
    s.apply(Attack("JD"))
    assert s.is_over and s.end_reason.startswith("last call")


# -- Refusals ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PayCard("5C"), "nothing to pay"),
        (HitMan(1), "no hit man"),
        (PlayJoker("RJ", "KS"), "do not hold"),
        (Attack("JC"), "already yours"),
        (Attack("QQ"), "not a card"),
        (Discard("2C"), "do not hold"),
        (EndTurn(), "take an action first"),
    ],
)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(arrange, action, reason) -> None:
    s = arrange(territories=[["JC"], ["KS"]], hands=[["7C"], []])
    before = snapshot_json(GAME, s)
    with pytest.raises(IllegalAction, match=reason):
        s.apply(action)
    assert snapshot_json(GAME, s) == before


# rule: ch-deck-out
def test_without_reshuffles_the_deck_runs_out_the_first_time(arrange) -> None:
    """Option reshuffles=0: the first empty draw pile ends the game."""
    s = arrange(top=["5C"], options={"reshuffles": 0})
    s.deck.discard_pile, s.deck.draw_pile = s.deck.draw_pile[:-1], ["5C"]
    s.apply(DRAW)
    s.apply(END_TURN)
    assert s.is_over and s.end_reason.startswith("the deck ran out")


# rule: ch-joker-set-aside
def test_a_played_joker_never_comes_back(arrange) -> None:
    """[decided] jokers are set aside once played; aces are discarded and come back."""
    s = arrange(hands=[["BJ", "AC"], []], territories=[[], ["JC", "QC"]], henchmen=[1, 2])
    s.apply(PlayJoker("BJ", "JC"))
    s.apply(HitMan(1))
    assert s.set_aside == ["BJ"] and s.deck.discard_pile == ["AC"]
    assert s.invariants() == []


# rule: ch-own-turn-only
def test_cards_are_played_on_your_own_turn_only(arrange) -> None:
    """[decided] A turn: hit men and jokers are played on your own turn, never on another's:
    Player 2's ace and joker are no answer to Player 1's move."""
    s = arrange(hands=[["5C"], ["AC", "BJ"]], territories=[["KD"], []], henchmen=[1, 1])
    assert s.to_act == 0
    assert not any(isinstance(a, (HitMan, PlayJoker)) for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(PlayJoker("BJ", "KD"))
    s.apply(DRAW)
    s.apply(END_TURN)
    assert s.to_act == 1
    assert HitMan(0) in s.legal_actions() and PlayJoker("BJ", "KD") in s.legal_actions()
