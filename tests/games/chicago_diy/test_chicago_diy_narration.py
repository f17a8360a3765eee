"""The table tells the whole story: every consequence a player can see is narrated under the
move that caused it, with its numbers and its cause; the card you draw is told to you alone.
"""

from __future__ import annotations

from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import (
    DECLINE,
    DRAW,
    END_TURN,
    HIRE,
    Attack,
    Discard,
    HitMan,
    PlayJoker,
)
from tabletop_games.chicago_diy.cards import label

from tabletop.components.log import EVERYONE


def _new(state, mark: int, viewer=EVERYONE) -> list[str]:
    """The texts of the events written since ``mark`` that ``viewer`` may see."""
    return [e.text for e in state.log.since(mark, viewer)]


# rule: ch-drawn-card-private
def test_the_card_you_draw_is_told_to_you_alone(arrange) -> None:
    """Rulebook "Draw and Play a Card": a money card goes into the hidden hand. The drawer
    reads which card; the others read only that a card went into the hand."""
    s = arrange(hands=[["3C"], []], top=["7H"])
    mark = s.log.total
    s.apply(DRAW)
    mine, theirs, spectator = _new(s, mark, 0), _new(s, mark, 1), _new(s, mark, None)
    assert any("7♥" in t and "$7" in t for t in mine)
    assert theirs == spectator == ["Player 1 draws a card into the hand (2 cards now)"]
    assert "7♥" not in s.render(1) and "7♥" not in str(s.observation(1))
    assert "7♥" in s.render(0)


def test_a_drawn_hit_man_is_told_with_what_it_does(arrange) -> None:
    s = arrange(top=["AS"], henchmen=[1, 2])
    mark = s.log.total
    s.apply(DRAW)
    (private,) = [e for e in s.log.since(mark, EVERYONE) if e.to is not None]
    assert private.to == 0 and "A♠" in private.text and "henchman" in private.text


def test_a_drawn_territory_is_shown_with_its_price(arrange, pay) -> None:
    """Rulebook "Draw and Play a Card": Queen $15, bought if affordable, else shuffled back."""
    s = arrange(hands=[["10C", "6D"], []], top=["QH"])
    mark = s.log.total
    s.apply(DRAW)
    assert any("Q♥" in t and "$15" in t and "must buy" in t for t in _new(s, mark, None))
    mark = s.log.total
    pay(s, "10C", "6D")
    paid, ends = _new(s, mark, None)
    assert "Player 1 pays $16" in paid and "10♣" in paid and "Q♥" in paid and "$15" in paid
    assert ends == "Player 1's turn ends by itself: no card is left in the hand"


def test_a_territory_shuffled_back_brings_the_discards_and_the_hit_man_back(arrange) -> None:
    """Rulebook NOTE: a card going back into the deck is reshuffled with the discards; an ace
    among them comes back into play, and the table is told so."""
    s = arrange(hands=[["2C"], []], top=["KC"], discards=["5S", "AD"])
    mark = s.log.total
    s.apply(DRAW)
    texts = _new(s, mark, None)
    assert any("K♣" in t and "$20" in t and "cannot pay" in t for t in texts)
    assert any("2 discards" in t and "hit man A♦ returns" in t for t in texts)


def test_the_reshuffle_names_the_hit_men_that_return(arrange) -> None:
    """Rulebook NOTE and "Winning" 2: the draw pile ran out, the discards were reshuffled
    into a new one, and the hit men among them came back."""
    s = arrange(top=["5C"])
    s.deck.discard_pile, s.deck.draw_pile = s.deck.draw_pile[:-1], ["5C"]
    n = len(s.deck.discard_pile)
    mark = s.log.total
    s.apply(DRAW)
    s.apply(END_TURN)
    (line,) = [t for t in _new(s, mark, None) if "ran out" in t]
    assert f"the {n} discards" in line and "new draw pile" in line
    assert "hit men A♣, A♦, A♥, A♠ return" in line and "reshuffles left: 0" in line


def test_the_deck_running_out_says_why_the_game_ends(arrange) -> None:
    s = arrange(top=["5C"], options={"reshuffles": 0})
    s.deck.discard_pile, s.deck.draw_pile = s.deck.draw_pile[:-1], ["5C"]
    mark = s.log.total
    s.apply(DRAW)
    s.apply(END_TURN)
    texts = _new(s, mark, None)
    assert "game over: the deck ran out, with no reshuffle left" in texts


def test_hire_rolls_and_payments_carry_their_numbers(arrange, rig_dice, pay) -> None:
    """Rulebook "Hire a Henchman": the die, the price and what was paid are narrated."""
    s = arrange(hands=[["8H", "2C"], []])
    rig_dice(s, [2])
    mark = s.log.total
    s.apply(HIRE)
    assert _new(s, mark, None) == ["Player 1 rolls 2 to hire: on 1 to 3 the henchman wants $5"]
    mark = s.log.total
    pay(s, "8H")
    paid = _new(s, mark, None)[0]
    assert "pays $8 (8♥) and a henchman joins (2 henchmen now)" in paid
    t = arrange(hands=[["8H"], []])
    rig_dice(t, [6])
    mark = t.log.total
    t.apply(HIRE)
    assert any("rolls 6" in x and "for free" in x for x in _new(t, mark, None))
    u = arrange(hands=[["8H"], []])
    rig_dice(u, [1])
    u.apply(HIRE)
    mark = u.log.total
    u.apply(DECLINE)
    assert "Player 1 does not pay $5: nobody is hired (still 1 henchman)" in _new(u, mark, None)


def _battle(arrange, rig_dice, henchmen: list[int], dice: list[int]) -> str:
    """The one event of Player 1 attacking Player 2's K♥ with these henchmen and dice."""
    s = arrange(territories=[[], ["KH"]], henchmen=henchmen)
    rig_dice(s, dice)
    mark = s.log.total
    s.apply(Attack("KH"))
    return _new(s, mark, None)[0]  # then the turn ends by itself: the hand is empty


def test_a_battle_shows_every_die_and_names_the_defender(arrange, rig_dice) -> None:
    """Rulebook "Battles": both sides roll one die per henchman; the highest single die
    wins; the defender (named, since he loses the territory) wins ties."""
    line = _battle(arrange, rig_dice, [2, 1], [5, 2, 3])
    assert "Player 1 rolls 5 and 2 (best 5) against Player 2's 3" in line
    assert "K♥" in line and "Player 1 takes it" in line
    line = _battle(arrange, rig_dice, [1, 2], [4, 4, 1])
    assert "rolls 4 against Player 2's 4 and 1 (best 4)" in line
    assert "defender wins ties" in line and "loses a henchman (0 left)" in line


def test_an_undefended_territory_names_its_owner(arrange) -> None:
    s = arrange(territories=[[], ["JD"]], henchmen=[1, 0])
    mark = s.log.total
    s.apply(Attack("JD"))
    assert any("Player 2 has no henchman" in t and "J♦" in t for t in _new(s, mark, None))


def test_a_hit_man_names_its_target_and_what_is_left(arrange) -> None:
    s = arrange(players=3, hands=[["AS"], [], []], henchmen=[1, 0, 3])
    mark = s.log.total
    s.apply(HitMan(2))
    (line,) = _new(s, mark, None)
    assert line == ("Player 1's hit man (A♠) eliminates one of Player 3's henchmen (2 left); "
                    "the ace goes to the discard pile")
    t = arrange(hands=[["AS", "2C"], []], henchmen=[1, 1])
    mark = t.log.total
    t.apply(HitMan(1))
    assert "Player 1's hit man (A♠) eliminates Player 2's last henchman" in _new(t, mark)[0]


def test_a_joker_too_dear_to_bribe_says_why_nobody_is_asked(arrange) -> None:
    """Rulebook "Jokers": $50 against a five-card hand's $49 at most."""
    s = arrange(hands=[["RJ"], ["2C"]], territories=[[], ["QS"]])
    mark = s.log.total
    s.apply(PlayJoker("RJ", "QS"))
    texts = _new(s, mark, None)
    assert any("a hand of 1 card holds at most $10, the bribe is $50" in t for t in texts)
    assert any("police close Player 2's Q♠" in t for t in texts)
    assert any("shuffled into the draw pile" in t for t in texts)


# rule: ch-bribe-face-down
def test_a_mob_bribe_is_public_in_sum_and_private_in_cards(arrange, pay) -> None:
    """Rulebook "Black Joker": the victim pays the attacker $50 (here the option's $20) to
    keep the territory; [decided] face down: the attacker alone learns the cards."""
    s = arrange(hands=[["BJ"], ["10C", "10D"]], territories=[[], ["KH"]],
                options={"bribe": 20})
    mark = s.log.total
    s.apply(PlayJoker("BJ", "KH"))
    assert "Player 2 may pay Player 1 $20 to keep K♥ (South Side)" in _new(s, mark, None)
    mark = s.log.total
    pay(s, "10C", "10D")
    public = _new(s, mark, None)
    assert any("Player 2 pays Player 1 $20 (2 cards, face down)" in t for t in public)
    assert not any("10♣" in t for t in public)
    assert any("you receive 10♣, 10♦ from Player 2" in t for t in _new(s, mark, 0))


def test_a_refused_mob_attack_names_both_sides(arrange) -> None:
    s = arrange(hands=[["BJ"], ["10C", "2D"]], territories=[[], ["KH"]],
                options={"bribe": 20})
    s.apply(PlayJoker("BJ", "KH"))
    mark = s.log.total
    s.apply(DECLINE)
    texts = _new(s, mark, None)
    assert any("does not pay the $20 bribe" in t for t in texts)
    assert any("Player 1's mob takes K♥ (South Side) from Player 2" in t for t in texts)


def test_a_discard_names_the_card_and_the_limit(arrange) -> None:
    """Rulebook NOTE: never more than 5 cards at the end of the turn."""
    s = arrange(hands=[["2C", "3C", "4C", "5C", "6C"], []], top=["7C"])
    s.apply(DRAW)
    mark = s.log.total
    s.apply(Discard("3C"))
    (line,) = _new(s, mark, None)
    assert "3♣" in line and "$3" in line and "5-card limit" in line and "5 cards left" in line


def test_the_deal_shows_free_territories_and_tells_each_hand_to_its_player() -> None:
    """Rulebook "Setup": dealt face cards are free territories, face up."""
    s = GAME.new_state(3, 1)  # seed 1 deals each seat a face card and two cards in hand
    assert all(s.territories) and all(s.hands)
    for seat in range(3):
        deal = [t for t in s.log.view(None) if t.startswith(f"Player {seat + 1} is dealt")]
        assert len(deal) == 1
        for t in s.territories[seat]:
            assert "free" in deal[0] and label(t) in deal[0]
        assert f"{len(s.hands[seat])} card" in deal[0]
        mine = [e.text for e in s.log.entries if e.to == seat]
        if s.hands[seat]:
            assert mine and all(label(c) in mine[0] for c in s.hands[seat])
            others = [v for v in range(3) if v != seat]
            assert all(mine[0] not in s.log.view(v) for v in others)


def test_the_final_score_is_broken_into_its_parts(arrange, play_out) -> None:
    """Rulebook "Scoring": 5/10/15 a territory, 2 a henchman, $1 a point."""
    s = arrange(hands=[["9C"], ["2D"]], territories=[["KD", "JC"], []], henchmen=[3, 1])
    play_out(s)
    finals = [t for t in s.log.view(None) if "scores" in t]
    assert any(t.startswith("Player 1 scores") and "2 territories 20" in t
               and "3 henchmen 6" in t for t in finals)


def test_points_showing_are_explained_on_the_table(arrange) -> None:
    s = arrange(territories=[["KD"], []], henchmen=[2, 1])
    text = s.render(1)
    assert "19 points showing" in text  # 15 for the King, 2 + 2 for the henchmen
    assert "Points showing: 5 / 10 / 15 a Jack / Queen / King territory, 2 a henchman" in text


def test_counters_are_what_everyone_sees(arrange) -> None:
    s = arrange(hands=[["3C", "AS"], []], territories=[["KD"], []], henchmen=[2, 1])
    assert s.counters(0) == {"henchmen": 2, "territories": 1, "hand": 2}


def test_a_choice_that_involves_a_card_says_what_it_does(arrange) -> None:
    """Menus carry the card's effect and the numbers: the bribe, dice, points, henchmen."""
    s = arrange(hands=[["RJ", "BJ", "AS", "7H"], []], territories=[[], ["KD"]],
                henchmen=[2, 3])
    assert s.describe(PlayJoker("RJ", "KD")) == (
        "plays the Police raid joker on Player 2's K♦ (Gold Coast): sends it back into the "
        "deck; Player 2 cannot bribe (an empty hand holds no money, the bribe is $50)")
    assert s.describe(PlayJoker("BJ", "KD")).startswith(
        "plays the Mob attack joker on Player 2's K♦ (Gold Coast): takes it, no dice rolled;")
    assert s.describe(HitMan(1)) == (
        "sends a hit man (an ace) to eliminate one of Player 2's 3 henchmen (2 left)")
    assert s.describe(Attack("KD")) == (
        "battles Player 2 for K♦ (Gold Coast), 15 points: needs a higher best die (28%): "
        "2 dice against 3, ties to Player 2; a loss costs a henchman")
    assert s.describe(Discard("7H")) == "discards 7♥ (money, $7)"
    assert s.describe(Discard("AS")) == "discards A♠ (hit man: eliminates one henchman of a rival)"
    groups = {s.action_group(a) for a in s.legal_actions()}
    assert {"Play the Police raid joker", "Play the Mob attack joker", "Send a hit man",
            "Battle for a territory", ""} == groups
