"""What a player reads before he chooses (issue 26 §1-2): robberies and Casino stakes say the
sum that decides them and the chance in percent, money is typed as one amount, menus keep
their order, options that change nothing are not offered, "done" names its step, and at the
end what was hidden is shown."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations

from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.actions import (
    DISCARD,
    DONE,
    FACEDOWN,
    LAY,
    LEAN,
    MOVES,
    PAY,
    ROB,
    SET_MONEY,
    STAKES,
    STRIKE,
    TAKE_G,
    TAKE_MONEY,
    USE,
    LayGangster,
    Move,
    Rob,
    Stake,
    Strike,
)
from tabletop_games.don_massivo.cards import GANGSTERS, LOOT_KIND, STRENGTH
from tabletop_games.don_massivo.money import end_by_most_money
from tabletop_games.don_massivo.odds import robbery_chance, unseen_gangsters

from tabletop.amounts import AmountQuestion
from tabletop.cli.menus import build_menus
from tabletop.rng import Rng

from .test_casino import casino_next, leaning_villa_holder
from .test_refresh import to_phase4

PERCENT = re.compile(r"\((\d+)%\)")


def robbery(table, target_hand=2, display=(2,), shown=8, robber=(3, 2, 1)):
    """Player 1 has moved to the Bank, where Player 2 stands with ``shown`` thousand and
    gangsters of strength ``display`` face up and ``target_hand`` Gangster cards in hand."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    kinds = iter(["money", "jewellery", "art"] * 3)
    table.display(st, 1, [table.g(next(kinds), s) for s in display])
    table.hand(st, 0, gangsters=[table.g(next(kinds), s, 1) for s in robber])
    table.hand(st, 1, gangsters=st.gangsters.draw_pile[-target_hand:] if target_hand else [])
    table.money(st, 1, shown=shown)
    table.play(st, MOVES[(0, "bank")])
    return st


def brute_force(st, attack: int) -> Fraction:
    """The robber's chance counted the slow way: every hand of the target's size drawn from
    the cards the robber cannot see, equally likely."""
    seen = set(st.hand_g[0]) | set(st.down_g[0]) | set(st.gangsters.discard_pile)
    seen |= {c for d in st.show_g for c in d} | set(st.laid)
    pool = [c for c in GANGSTERS if c not in seen]
    hands = list(combinations(pool, len(st.hand_g[1])))
    d = st.defence(1)
    good = sum(1 for h in hands if d + sum(STRENGTH[c] for c in h) < attack)
    return Fraction(good, len(hands))


def test_the_robbers_chance_is_counted_over_the_cards_he_cannot_see(table):
    """dm-rob-hand-defence: the target may throw in his hand; the robber's chance is that his
    hand cannot stop the attack, counted over every hand the unseen cards could make."""
    st = robbery(table)
    assert sorted(unseen_gangsters(st, 0)) == sorted(
        c for c in GANGSTERS if c not in st.hand_g[0] and c not in st.show_g[1]
        and c not in st.gangsters.discard_pile)
    for attack in range(1, 9):
        assert robbery_chance(st, 0, 1, attack) == brute_force(st, attack)
    assert robbery_chance(st, 0, 1, 2) == 0  # does not beat the display defence 2


def test_every_robbery_option_shows_its_sum_and_chance_and_no_negative_target(table):
    """Issue 26 §1: choosing whom to rob, laying a gangster and striking each say the sum in
    the rules' order (attack against display defence + what he throws in) and a percent, or
    in words why it cannot succeed; no number on screen is negative."""
    st = robbery(table)
    rob = st.describe(ROB[1])
    assert ("robs Player 2 for $4,000 (half of the $8,000 in his display; he plays next): the "
            "attack must beat display defence 2 + what Player 2 throws in from his 2 Gangster "
            "cards in hand; with all 3 gangsters in hand (attack 6) it succeeds unless he "
            "throws in strength 4 or more") in rob
    chance = robbery_chance(st, 0, 1, 6)
    assert PERCENT.search(rob).group(1) == str(round(100 * chance))
    table.play(st, ROB[1])
    three = next(c for c in st.hand_g[0] if STRENGTH[c] == 3)
    one = next(c for c in st.hand_g[0] if STRENGTH[c] == 1)
    lay = st.describe(LAY[one])
    assert "attack 1 against display defence 2" in lay
    assert "striking then cannot succeed: attack 1 does not beat display defence 2" in lay
    table.play(st, LAY[three])
    lay = st.describe(LAY[one])
    assert "attack 3 + 1 = 4 against display defence 2 + what Player 2 throws in" in lay
    assert ("unless he throws in strength 2 or more, which his 2 Gangster cards always make "
            "(0%)") in lay
    strike = st.describe(STRIKE)
    assert "strikes: attack 3 against display defence 2 + what Player 2 throws in" in strike
    assert "always make (0%)" in strike
    two = next(c for c in st.hand_g[0] if STRENGTH[c] == 2)
    table.play(st, LAY[two])
    strike = st.describe(STRIKE)
    assert "attack 3 + 2 = 5" in strike and "unless he throws in strength 3 or more" in strike
    assert f"({round(100 * brute_force(st, 5))}%)" in strike
    for action in st.legal_actions():
        text = st.describe(action)
        assert not re.search(r"-\d", text), text
        assert PERCENT.search(text) or "cannot succeed" in text


def test_a_target_without_hand_gangsters_is_robbed_for_certain(table):
    """dm-rob: with no gangster to throw in, an attack above the display defence succeeds."""
    st = robbery(table, target_hand=0)
    assert "it succeeds for certain (100%)" in st.describe(ROB[1])


def test_the_others_read_a_robbery_without_the_robbers_chances(table):
    """A chance is counted from the robber's own view (his hand is not in the unseen pool),
    so the others read the sums only."""
    st = robbery(table)
    assert "%" not in st.describe_public(ROB[1]) and "display defence 2" in st.describe_public(
        ROB[1])
    table.play(st, ROB[1])
    for action in st.legal_actions():
        assert isinstance(action, (LayGangster, Strike))
        assert "%" not in st.describe_public(action)


def test_robbing_an_empty_display_says_it_takes_nothing(table):
    """Issue 26 §2: robbing for $0 still hands the turn over unpaid; it says so instead of
    "to take $0"."""
    st = robbery(table, shown=1)
    text = st.describe(ROB[1])
    assert "robs Player 2 for nothing (his display holds $1,000; he plays next all the same)" \
        in text and "take $0" not in text


def test_casino_stakes_are_typed_per_kind_with_the_chance_of_the_kind(table):
    """dm-casino-game: the stake is a sum of $1,000 to $5,000 typed per kind of loot; each
    kind says how many of the Stooge cards the Casino may turn over are of it."""
    st = leaning_villa_holder(table)
    table.money(st, 0, pile=10)
    casino_next(st, 1)
    table.play(st, LEAN[1])
    legal = st.legal_actions()
    top, _ = build_menus(st, legal, [st.describe(a) for a in legal])
    assert top.lines[0][0] == "Player 1 stays out of the Casino game"
    unseen = list(st.stooges.draw_pile) + st.hand_s[1] + st.hand_s[2]
    kinds = ("money", "jewellery", "art")
    for line, kind in zip(top.lines[1:], kinds, strict=True):
        text, question = line
        assert isinstance(question, AmountQuestion)
        hits = sum(1 for c in unseen if LOOT_KIND[c] == kind)
        assert text.startswith(f"Stake on {kind}: wins if the Stooge card turned over is {kind} "
                               f"({hits} of the {len(unseen)} it may be: "
                               f"{round(100 * hits / len(unseen))}%)")
        assert text.endswith("($1,000 to $5,000 in steps of $1,000)")
        assert legal[question.choices[3000]] == Stake(3, kind)
    assert STAKES[0] in legal


def test_money_taken_back_is_one_amount_after_the_moves(table):
    """dm-take-back: any sum of the display may be taken back before moving, typed as one
    amount; the moves come first so they keep their numbers whether or not the display holds
    anything."""
    tokens = [["west", "east"], ["bank", "bank"], ["villa", "villa"]]
    before = list(table.new(3, tokens).legal_actions())
    st = table.new(3, tokens)
    table.money(st, 0, shown=8)
    table.display(st, 0, [table.g("art", 2)])
    legal = st.legal_actions()
    assert list(legal[:len(before)]) == before and all(isinstance(a, Move) for a in before)
    assert [a for a in legal if a in TAKE_MONEY.values()] == [TAKE_MONEY[a] for a in range(1, 9)]
    top, _ = build_menus(st, legal, [st.describe(a) for a in legal])
    texts = [text for text, _ in top.lines]
    assert texts[len(before)] == ("Take money out of the display into your pile (it holds "
                                  "$8,000) ($1,000 to $8,000 in steps of $1,000)")
    assert TAKE_G[table.g("art", 2)] in legal
    table.play(st, TAKE_MONEY[6])
    assert (st.shown(0), st.pile(0)) == (2, 6)


def test_face_down_notes_are_any_sum_typed_once_per_gangster_choice(table):
    """dm-face-down: any sum of the pile, with no gangster or one from the hand; "no gangster"
    is always the first line."""
    st = to_phase4(table)
    g = table.g("art", 3)
    table.hand(st, 1, gangsters=[g])
    table.money(st, 1, pile=14)
    legal = st.legal_actions()
    top, _ = build_menus(st, legal, [st.describe(a) for a in legal])
    assert [text for text, _ in top.lines] == [
        ("Add notes face down without a gangster, $0 for nothing ($0 to $14,000 in steps of "
         "$1,000)"),
        "Add Fresco Franco (art 3) face down, with notes ($0 to $14,000 in steps of $1,000)"
        .replace("Fresco Franco", GANGSTERS[g].name)]
    assert FACEDOWN[(g, 13)] in legal and FACEDOWN[("", 14)] in legal
    table.play(st, FACEDOWN[(g, 13)])
    assert st.down(1) == 13 and st.down_g[1] == [g]


# rules dm-bank-nothing
def test_the_bank_is_not_offered_when_it_would_pay_nobody(table):
    """dm-bank-nothing: using the Bank when no display there holds $4,000 face up changes
    nothing, so it is not offered; with $4,000 on show there it is."""
    for shown, offered in ((3, False), (4, True)):
        st = table.new(3, [["west", "bank"], ["bank", "east"], ["villa", "villa"]])
        table.money(st, 0, pile=4)
        table.money(st, 1, shown=shown)
        table.play(st, MOVES[(0, "east")], PAY[1])
        assert (USE["bank"] in st.legal_actions()) is offered


def test_every_done_names_the_step_it_ends(table):
    """Issue 26 §1: "done" says which step it ends."""
    st = to_phase4(table)
    table.play(st, FACEDOWN[("", 0)], FACEDOWN[("", 0)])
    assert "ends taking gangsters back out of the display (phase 4)" in st.describe(DONE)
    table.play(st, DONE, SET_MONEY[0])
    assert "ends phase 4 and his turn" in st.describe(DONE)


def test_a_card_discarded_at_the_hand_limit_is_named_for_all(table):
    """dm-hand-limit: the discard piles are face up, so the others read which card went (two
    discards never read as one line said twice)."""
    st = to_phase4(table)
    cards = st.stooges.draw_pile[-8:]
    table.hand(st, 0, stooges=cards)
    table.play(st, FACEDOWN[("", 0)], FACEDOWN[("", 0)], DONE, SET_MONEY[0], DONE)
    assert st.step == "limit"
    texts = {st.describe_public(DISCARD[c]) for c in cards}
    assert len(texts) == len(cards)


def test_at_the_end_the_hidden_cards_and_money_are_shown(table):
    """dm-end-shown (issue 26 §1): once the game is over, hands, face-down additions and
    piles decide nothing: a public event shows them, and every seat's observation and table
    view hold them."""
    st = to_phase4(table)
    g = table.g("art", 3)
    table.hand(st, 1, gangsters=[g])
    table.money(st, 1, pile=9)
    table.play(st, FACEDOWN[(g, 5)])
    hand = list(st.hand_s[2])
    assert "hand" not in st.observation(0)["seats"][1]
    mark = st.log.total
    end_by_most_money(st, "the test ends it")
    shown = [e for e in st.log.since(mark, 0) if e.kind == "hidden shown"]
    assert len(shown) == 3 and all(e.to is None for e in shown)
    assert (f"Player 2 shows what was hidden: in his hand Gangster cards none and Stooge cards "
            f"none; face down in his display $5,000 and {GANGSTERS[g].name} (art 3); his money "
            "pile $4,000") in shown[1].text
    seen = st.observation(0)["seats"]
    assert seen[1]["facedown_money"] == 5 and seen[1]["facedown_cards"] == [g]
    assert seen[2]["hand"]["stooges"] == hand
    assert f"{GANGSTERS[g].name} (art 3)" in st.render(0)
    copy = st.determinize(0, Rng.from_seed(1, "d"))
    assert copy.observation(0) == st.observation(0)


def test_a_whole_game_offers_no_two_like_lines_and_only_real_choices():
    """Every menu of a seeded game: no robbery reads "take $0", every robbery option has a
    percent or says why it cannot succeed."""
    st = GAME.new_state(3, 5)
    rng = Rng.from_seed(5, "walk")
    robs = 0
    while not st.is_over:
        legal = st.legal_actions()
        for action in legal:
            if isinstance(action, (Rob, LayGangster, Strike)):
                robs += 1
                text = st.describe(action)
                assert "take $0" not in text
                assert PERCENT.search(text) or "cannot succeed" in text, text
        st.apply(legal[rng.below(len(legal))])
    assert robs > 0
