"""Every choice says what it will do (issue 26): the roll a die decision needs and its chance,
why a payment cannot be made, who plays next, the same menu order every turn, every hand
shown at the end, and English a newcomer reads without stumbling."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import (
    DECLINE,
    DRAW,
    END_TURN,
    HIRE,
    Attack,
    Decline,
    Hire,
    HitMan,
    PayCard,
    PlayJoker,
)
from tabletop_games.chicago_diy.rules import PAY_HIRE

from tabletop.components.log import EVERYONE
from tabletop.rng import Rng


def _best_die(n: int) -> Counter[int]:
    """How many of the 6**n rolls of ``n`` dice have each highest die (by enumeration)."""
    return Counter(max(roll) for roll in itertools.product(range(1, 7), repeat=n))


def _battle_percent(attackers: int, defenders: int) -> int:
    """The attacker's chance, in whole percent, counted roll by roll (ties to the defender)."""
    mine, theirs = _best_die(attackers), _best_die(defenders)
    wins = sum(a * d for m, a in mine.items() for t, d in theirs.items() if m > t)
    return round(100 * wins / 6 ** (attackers + defenders))


def _walk(players: int, seed: int, options: dict | None = None):
    """Every state of a seeded game of random moves, the last one included."""
    state = GAME.new_state(players, seed, options)
    rng = Rng.from_seed(seed, "choices")
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    yield state


_CHANCE = re.compile(r"needs (.+?) \((\d+)%\)")
_NEGATIVE = re.compile(r"(?<![\w-])-\d|\$-")


def test_every_battle_shows_the_roll_it_needs_and_its_exact_chance(arrange) -> None:
    """Rulebook "Battles": one die per henchman, highest single die, defender wins ties; the
    option says so in that order with the chance in percent."""
    for mine, theirs in itertools.product(range(1, 6), repeat=2):
        s = arrange(territories=[[], ["QH"]], henchmen=[mine, theirs])
        text = s.describe(Attack("QH"))
        found = _CHANCE.search(text)
        assert found is not None, text
        assert found.group(1) == "a higher best die"
        assert int(found.group(2)) == _battle_percent(mine, theirs), text
        dice = "1 die" if mine == 1 else f"{mine} dice"
        tail = text[found.end():]
        assert tail == f": {dice} against {theirs}, ties to Player 2; a loss costs a henchman"
    s = arrange(territories=[[], ["QH"]], henchmen=[2, 0])
    assert s.describe(Attack("QH")) == (
        "takes Player 2's Q♥ (Cicero), 10 points, without a battle: Player 2 has no "
        "henchman")


def test_the_hire_shows_the_roll_it_needs_and_its_chance(arrange) -> None:
    """Rulebook "Hire a Henchman": 4, 5 or 6 on one die hires for free (3 faces in 6)."""
    text = arrange().describe(HIRE)
    assert text == ("tries to hire a henchman: needs 4 or more on one die (50%) to hire him "
                    "for free; on 1 to 3 he wants $5")


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (5, 13)])
def test_no_option_hides_its_chance_or_shows_a_negative_number(players: int, seed: int) -> None:
    """Every hire and every battle with a defender offered in a whole game shows a chance;
    no option, and no event, shows a negative number."""
    rolled = 0
    for state in _walk(players, seed, {"bribe": 20}):
        for action in state.legal_actions():
            text = state.describe(action)
            assert not _NEGATIVE.search(text), text
            if type(action) is Hire or (
                    type(action) is Attack
                    and state.henchmen[state.owner_of(action.territory)]):
                assert _CHANCE.search(text), text
                rolled += 1
    assert rolled > 20
    assert not any(_NEGATIVE.search(t) for t in state.log.view(None))


def test_a_payment_that_cannot_be_made_says_why_to_the_payer_alone(arrange, rig_dice) -> None:
    """A hire roll of 1-3 with $2 in hand: only declining is left, and the player reads
    why; the table reads the same refusal it would read from a player who chose it."""
    s = arrange(hands=[["2C"], []])
    rig_dice(s, [1])
    s.apply(HIRE)
    assert s.phase == PAY_HIRE and s.legal_actions() == (DECLINE,)
    assert s.describe(DECLINE) == "cannot pay $5 (your money comes to only $2): nobody is hired"
    assert s.describe_public(DECLINE) == "does not pay $5: nobody is hired"
    rich = arrange(hands=[["7C"], []])
    rig_dice(rich, [1])
    rich.apply(HIRE)
    assert rich.describe(DECLINE) == rich.describe_public(DECLINE) == (
        "does not pay $5: nobody is hired")


def test_a_bribe_that_cannot_be_paid_says_why_to_the_victim_alone(arrange) -> None:
    s = arrange(hands=[["BJ"], ["10C", "2D"]], territories=[[], ["KH"]],
                options={"bribe": 20})
    assert s.describe(PlayJoker("BJ", "KH")) == (
        "plays the Mob attack joker on Player 2's K♥ (South Side): takes it, no dice rolled, "
        "unless Player 2 pays $20 to keep it")
    s.apply(PlayJoker("BJ", "KH"))
    assert s.to_act == 1 and s.legal_actions() == (DECLINE,)
    assert s.describe(DECLINE) == ("cannot pay the $20 bribe (your money comes to only $12): "
                                   "Player 1 takes K♥ (South Side)")
    assert s.describe_public(DECLINE) == ("does not pay Player 1 the $20 bribe: Player 1 "
                                          "takes K♥ (South Side)")


def test_money_put_face_down_toward_a_bribe_stays_hidden_when_taken_back(arrange) -> None:
    s = arrange(hands=[["RJ"], ["10C", "9D", "8S"]], territories=[[], ["KH"]],
                options={"bribe": 20})
    s.apply(PlayJoker("RJ", "KH"))
    s.apply(PayCard("10C"))
    assert s.describe(DECLINE).startswith("does not pay the police the $20 bribe, takes back 10♣")
    assert s.describe_public(DECLINE) == ("does not pay the police the $20 bribe, takes back "
                                          "1 card: K♥ (South Side) goes back into the deck")


def test_a_payment_that_overpays_says_so(arrange, rig_dice) -> None:
    """No change is given: the option that pays $7 for a $5 henchman says $2 over."""
    s = arrange(hands=[["7C"], []])
    rig_dice(s, [2])
    s.apply(HIRE)
    assert s.describe(PayCard("7C")) == (
        "pays $7 (7♣) for the henchman, price $5: $2 over, no change given")


# rule: ch-turn-end
def test_ending_the_turn_names_what_comes_next(arrange) -> None:
    s = arrange(players=3, hands=[["2C"], [], []], top=["3C"])
    s.apply(DRAW)
    assert s.describe(END_TURN) == "ends the turn: Player 2 plays next"
    last = arrange(hands=[["2C"], []], top=["3C"], options={"reshuffles": 0})
    last.deck.draw_pile = last.deck.draw_pile[-1:]
    last.deck.discard_pile = []
    last.apply(DRAW)
    assert last.describe(END_TURN) == (
        "ends the turn: the draw pile is empty and cannot be refilled, so the game ends")


def test_the_menu_keeps_the_same_order_every_turn(arrange) -> None:
    """The actions first (hire, draw, battles), then the cards the hand holds; after the
    action, ending the turn first: holding a hit man never moves "hire" off option 1."""
    s = arrange(hands=[["AS", "RJ", "4C"], []], territories=[[], ["KH"]], henchmen=[1, 2],
                top=["5D"])
    legal = list(s.legal_actions())
    assert legal[:3] == [HIRE, DRAW, Attack("KH")]
    assert legal[3:] == [HitMan(1), PlayJoker("RJ", "KH")]
    plain = arrange(hands=[["4C"], []], territories=[[], ["KH"]], henchmen=[1, 2])
    assert list(plain.legal_actions()) == [HIRE, DRAW, Attack("KH")]
    s.apply(DRAW)
    after = list(s.legal_actions())
    assert after[0] == END_TURN and after[1:] == [HitMan(1), PlayJoker("RJ", "KH")]


# rule: ch-hidden-hands
def test_at_the_end_every_hand_is_shown_to_everyone(arrange, play_out) -> None:
    """Once the game is over the hands decide nothing more: the table is told each one
    before the scores, and every seat's observation holds them all."""
    s = arrange(players=3, hands=[["9C", "AS"], ["2D"], []], top=["5D"])
    assert "9♣" not in str(s.observation(1)) and "2♦" not in s.render(0)
    mark = s.log.total
    play_out(s)  # Player 1 draws the 5♦, the last card: the deck has run out
    shown = [e.text for e in s.log.since(mark, None) if e.kind == "hand shown"]
    assert shown == ["Player 1 shows the hand: 9♣, A♠, 5♦ ($14 in money)",
                     "Player 2 shows the hand: 2♦ ($2 in money)",
                     "Player 3's hand is empty"]
    texts = s.log.view(None)
    assert texts.index(shown[-1]) < min(i for i, t in enumerate(texts) if " scores " in t)
    assert "9♣" in s.render(1) and "2♦" in s.render(0)
    for viewer in (0, 1, 2, None):
        assert s.observation(viewer)["hands"] == s.hands
        assert all(t in s.log.view(viewer) for t in shown)


def test_a_jokers_victim_takes_part_in_the_bribe_question(arrange) -> None:
    """The only question asked outside one's turn is the bribe, and its victim is part of
    it: nothing is played for a player who "stays out of questions"."""
    s = arrange(hands=[["RJ"], ["10C", "10D"]], territories=[[], ["KH"]],
                options={"bribe": 20})
    s.apply(PlayJoker("RJ", "KH"))
    assert s.to_act == 1 and s.stay_out() is None
    for state in _walk(3, 21, {"bribe": 20}):
        assert state.stay_out() is None


_BAD_ENGLISH = (
    re.compile(r"(?<!Player )\b1 (cards|henchmen|dice|discards|territories)\b"),
    re.compile(r"\b(?:0|[2-9]|\d\d+) (card|henchman|die|discard|territory)\b(?![-\w])"),
    re.compile(r"\bcards is\b|\ba henchman of Player|\bwho has \d"),
    re.compile(r"\byour (?:The|A|An) "),
)


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (4, 32)])
def test_options_and_events_read_as_english(players: int, seed: int) -> None:
    """Numbers agree with their nouns, hit men are said plainly, no line is empty."""
    state = None
    for state in _walk(players, seed, {"bribe": 20}):
        for action in state.legal_actions():
            for text in (state.describe(action), state.describe_public(action)):
                assert text and not any(p.search(text) for p in _BAD_ENGLISH), text
                assert "does something" not in text
    assert state is not None
    for event in state.log.since(0, EVERYONE):
        assert not any(p.search(event.text) for p in _BAD_ENGLISH), event.text


def test_the_table_fits_a_terminal_of_80_columns() -> None:
    for state in _walk(4, 41):
        for seat in (0, None):
            text = state.render(seat)
            assert max(len(line) for line in text.splitlines()) <= 80, text


def test_declining_a_bribe_and_a_hire_read_differently(arrange) -> None:
    """The one Decline action reads for what it refuses."""
    s = arrange(hands=[["RJ"], ["10C", "10D"]], territories=[[], ["KH"]],
                options={"bribe": 20})
    s.apply(PlayJoker("RJ", "KH"))
    assert s.describe(Decline()) == ("does not pay the police the $20 bribe: K♥ (South Side) "
                                     "goes back into the deck")
