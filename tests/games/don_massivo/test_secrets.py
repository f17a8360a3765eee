"""Side channels and menus: whether a player is asked something never depends on what he hides,
the others never read a hand's contents in a move or an event, and a menu never offers two
choices that read the same."""

from __future__ import annotations

from tabletop_games.don_massivo.actions import (
    DONE,
    FACEDOWN,
    LEAN,
    MOVES,
    PAY,
    SELL_TO,
    SET_MONEY,
    STAKES,
    USE,
    Move,
)
from tabletop_games.don_massivo.cards import STOOGES

from tabletop.amounts import AmountQuestion, parse_amount
from tabletop.cli.menus import build_menus

from .test_casino import casino_next, leaning_villa_holder
from .test_refresh import to_phase4


def test_every_other_player_is_asked_about_face_down_additions_whatever_he_holds(table):
    """Page, phase 3/4: the others may add face down. A player with an empty hand and an empty
    pile is asked like everybody else, so being asked tells nothing. The question is about his
    own display, so he takes part in it: stay_out() is None and the terminal never writes "you
    take no part" above it (issue 26 §1)."""
    st = to_phase4(table)
    table.hand(st, 2, gangsters=[table.g("art", 1)])
    table.money(st, 2, pile=9)
    assert st.hand_size(1) == 0 and st.pile(1) == 2  # Player 2: only the $2,000 he was paid
    table.money(st, 1, pile=0)
    assert st.to_act == 1 and list(st.legal_actions()) == [FACEDOWN[("", 0)]]
    assert st.stay_out() is None
    table.play(st, FACEDOWN[("", 0)])
    assert st.to_act == 2 and len(st.legal_actions()) > 1
    assert st.stay_out() is None
    table.play(st, FACEDOWN[("", 0)])
    assert st.stay_out() is None


def test_every_player_is_asked_for_a_casino_stake_even_without_money(table):
    """Reconstructed Casino: every player stakes, from the current player on; a broke player is
    asked too (his only answer is to stay out), so being asked tells nothing."""
    st = leaning_villa_holder(table)
    table.money(st, 1, pile=0)
    casino_next(st, 1)
    table.play(st, LEAN[1], STAKES[0])
    assert st.to_act == 1 and list(st.legal_actions()) == [STAKES[0]]


def test_the_others_never_read_what_a_sellers_hand_would_fetch(table):
    """Page, Hints: the kinds in a hand are secret. The seller's menu says what all his loot
    would fetch at a fence; the others read only which fence he chose."""
    st = table.new(3, [["bank", "villa"], ["east", "west"], ["west", "west"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "east")], PAY[1])
    table.hand(st, 0, stooges=[table.s("art", 3), table.s("money", 2)])
    table.play(st, USE["east"])
    own, seen = st.describe(SELL_TO[0]), st.describe_public(SELL_TO[0])
    assert "would fetch $" in own and "fetch" not in seen and "$" in seen  # the prices show
    assert own.startswith(seen)


def test_a_hand_is_never_named_in_the_public_record_of_a_whole_game():
    """Page, Hints: hand kinds are secret. Over a seeded game, no public event names a card
    that a player drew into his hand (draws, thefts, recruits are private to their owner)."""
    from tabletop_games.don_massivo import GAME

    from tabletop.rng import Rng

    st = GAME.new_state(4, 3)
    rng = Rng.from_seed(3, "secrets")
    private = 0
    while not st.is_over and st.turn < 40:
        legal = st.legal_actions()
        mark = st.log.total
        st.apply(legal[rng.below(len(legal))])
        for event in st.log.since(mark, -1):
            if event.to is not None:
                private += 1
                continue
            if event.kind in ("theft", "gangster drawn", "recruit"):
                assert not any(f"the {s.name} (" in event.text for s in STOOGES.values())
                assert "strength" not in event.text, event.text
    assert private > 20


def test_two_tokens_on_one_location_offer_each_move_once(table):
    """Menus: moving either of two tokens that stand together is one choice, not two lines
    that read the same."""
    st = table.new(3, [["east", "east"], ["bank", "bank"], ["villa", "villa"]])
    moves = [a for a in st.legal_actions() if isinstance(a, Move)]
    texts = [st.describe(a) for a in moves]
    assert len(set(texts)) == len(texts) == 2
    assert {a.location for a in moves} == {"bank", "villa"}


def test_the_display_money_is_one_typed_amount_in_dollars(table):
    """Issue 26 §2: deciding the display money from a big pile is one question whose answer
    is typed; every value on screen is the very amount it stands for (no off-by-one)."""
    st = to_phase4(table, pile=60)
    table.money(st, 0, shown=7)
    table.play(st, FACEDOWN[("", 0)], FACEDOWN[("", 0)], DONE)
    legal = st.legal_actions()
    top, everything = build_menus(st, legal, [st.describe(a) for a in legal])
    assert everything is None and len(top.lines) == 1
    text, question = top.lines[0]
    assert isinstance(question, AmountQuestion)
    assert text == ("Money to leave in your display (now $7,000, with $58,000 in your pile) "
                    "($0 to $65,000 in steps of $1,000)")
    assert legal[parse_amount("$12,000", question)] == SET_MONEY[12]
    assert legal[parse_amount("0", question)] == SET_MONEY[0]
    assert isinstance(parse_amount("66000", question), str)
    assert "leaves the $7,000 in the display as it is" in st.describe(SET_MONEY[7])
    assert "takes $4,000 out of the display, leaving $3,000" in st.describe(SET_MONEY[3])
    assert "adds $5,000 to the display, making $12,000" in st.describe(SET_MONEY[12])
    texts = [st.describe(a) for a in legal]
    assert len(set(texts)) == len(texts)


def test_pay_and_rob_say_what_follows(table):
    """Menus: paying and robbing say their sums and who plays next, so the choice is clear."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=5)
    table.money(st, 1, shown=9)
    table.display(st, 1, [table.g("art", 2)])
    table.hand(st, 0, gangsters=[table.g("money", 3)])
    table.play(st, MOVES[(0, "bank")])
    pay = st.describe(PAY[1])
    assert "$2,000" in pay and "both tokens' locations" in pay and "Player 2 plays next" in pay
    rob = st.describe(next(a for a in st.legal_actions() if type(a).__name__ == "Rob"))
    assert "display defence 2" in rob and "$4,000 (half of the $9,000 in his display" in rob
    assert "Prison" in rob and "he plays next" in rob
