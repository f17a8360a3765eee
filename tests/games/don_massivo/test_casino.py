"""The Casino game and the early end with the third Casino card."""

from __future__ import annotations

from tabletop_games.don_massivo.actions import DONE, LEAN, MOVES, PAY, STAKES, Stake
from tabletop_games.don_massivo.cards import CASINO_IDS, LOOT_KIND
from tabletop_games.don_massivo.casino import stake_options


def leaning_villa_holder(table, players=3):
    """Player 1 stands at the East Side and the Villa in phase 3, free to lean on a fence."""
    tokens = [["bank", "villa"], ["east", "west"], ["west", "west"], ["west", "bank"],
              ["bank", "bank"]][:players]
    st = table.new(players, tokens)
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "east")], PAY[1])
    return st


def casino_next(st, pile: int) -> str:
    """Make the card below the top of ``pile`` its Casino card; return that Casino's id."""
    cards = st.fence_piles[pile]
    casino = next(c for c in cards if c in CASINO_IDS)
    i = cards.index(casino)
    cards[i], cards[-2] = cards[-2], cards[i]
    return casino


# rules dm-casino-turns-up
def test_a_casino_card_showing_starts_a_casino_game_for_everyone(table):
    """Page, Game end: a Casino card can 'appear on top of a Fence card pile'; reconstructed:
    every player then stakes in secret, from the current player on."""
    st = leaning_villa_holder(table)
    casino_next(st, 1)
    table.play(st, LEAN[1])
    assert st.step == "casino" and st.casino.order == [0, 1, 2] and st.to_act == 0
    table.play(st, Stake(1, "art"))
    obs = st.observation(1)
    assert obs["casino"]["committed"] == [0] and "values" not in obs["casino"]
    assert "1:art" not in str(obs)


# rules dm-casino-game
def test_casino_winners_share_the_pot_in_proportion(table):
    """Reconstructed Casino: stakes and the bank's $5,000 form the pot; those who named the
    kind of the turned Stooge card share it in proportion to their stakes, rounded down."""
    st = leaning_villa_holder(table)
    for s, pile in ((0, 10), (1, 10), (2, 10)):
        table.money(st, s, pile=pile)
    casino_next(st, 1)
    table.stack_stooges(st, [table.s("money", 2)])
    table.play(st, LEAN[1], Stake(1, "money"), Stake(2, "money"), Stake(5, "art"))
    # pot 1 + 2 + 5 + 5 = 13: Player 1 gets 13 * 1 // 3 = 4, Player 2 gets 13 * 2 // 3 = 8
    assert (st.pile(0), st.pile(1), st.pile(2)) == (10 - 1 + 4, 10 - 2 + 8, 5)
    assert st.step == "locations" and len(st.casinos_out) == 1 and not st.is_over
    assert st.fence_top(1) not in CASINO_IDS


def test_stakes_are_limited_by_the_pile(table):
    """Reconstructed: a stake is $1,000-$5,000 from the pile, or nothing."""
    st = leaning_villa_holder(table)
    table.money(st, 2, pile=2)
    assert stake_options(st, 2) == STAKES[:7]
    table.money(st, 2, pile=0)
    assert stake_options(st, 2) == (Stake(0, ""),)


# rules dm-third-casino
def test_the_third_casino_is_played_and_then_the_game_ends(table):
    """Page, Game end: 'The game also comes to an end (prematurely) when the third Casino card
    appears on top of a Fence card pile. The Casino game will be played as usual and the game
    ends afterwards. The player holding the most money - including money in the display area -
    is then the winner.'"""
    st = leaning_villa_holder(table)
    casino = casino_next(st, 1)
    others = [c for c in CASINO_IDS if c != casino]
    for c in others:  # the first two Casinos were played earlier
        for p in st.fence_piles:
            if c in p:
                p.remove(c)
        st.casinos_out.append(c)
    for s, (pile, shown) in enumerate(((3, 0), (1, 30), (6, 20))):
        table.money(st, s, pile=pile, shown=shown)
    table.stack_stooges(st, [table.s("art", 1)])
    table.play(st, LEAN[1])
    assert st.step == "casino" and not st.is_over  # played as usual first
    table.play(st, STAKES[0], Stake(1, "money"), Stake(5, "art"))
    # pot 0 + 1 + 5 + 5 = 11, all to Player 3 who alone named art
    assert st.is_over and st.pile(2) == 6 - 5 + 11
    # Player 2 holds the most in the pile before the game; display money decides it
    assert [st.total(s) for s in range(3)] == [3, 30, 32]
    assert st.result().winners == (2,)
    assert "third Casino" in st.result().reason


# rules dm-casino-pot
def test_a_pot_nobody_wins_goes_to_the_bank(table):
    """Reconstructed: with no winner the pot goes to the bank."""
    st = leaning_villa_holder(table)
    table.money(st, 0, pile=5)
    casino_next(st, 1)
    table.stack_stooges(st, [table.s("jewellery", 1)])
    table.play(st, LEAN[1], Stake(3, "money"), STAKES[0], STAKES[0])
    assert st.pile(0) == 2 and LOOT_KIND[st.stooges.discard_pile[-1]] == "jewellery"
    table.play(st, DONE)
    assert st.step == "facedown"
