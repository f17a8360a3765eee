"""Rule scenarios for winning, sharing and elimination."""

from __future__ import annotations

import attrs
from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords import victory
from tabletop_games.crime_lords.cards import CARDS, CARDSET
from tabletop_games.crime_lords.scenario import blank, boss, card, commit, racket, sub


# rules: cl-racket-table
def test_racket_table() -> None:
    """"Winning the Game": 14/11 for 2-3 players down to 9/7 for 7-8."""
    assert [victory.LONG[p] for p in range(2, 9)] == [14, 14, 13, 12, 11, 9, 9]
    assert [victory.SHORT[p] for p in range(2, 9)] == [11, 11, 10, 9, 8, 7, 7]
    assert victory.target(blank(4)) == 13
    assert victory.target(blank(4, short_game=True)) == 10


# rules: cl-bonuses
def test_monopoly_and_district_bonuses() -> None:
    """"Winning the Game": three of a type that nobody else has +1; four in a district with
    nobody else holding more than one there +2."""
    s = blank(2)
    for cid in ("north_casinos", "south_casinos", "east_casinos"):
        racket(s, 0, cid)
    assert victory.score(s, 0) == 4
    racket(s, 1, "west_casinos")
    assert victory.score(s, 0) == 3
    for cid in ("north_numbers", "north_fencing", "north_smuggling"):
        racket(s, 0, cid)
    assert victory.score(s, 0) == 6 + 2
    racket(s, 1, "north_protection")
    assert victory.score(s, 0) == 8
    racket(s, 1, "north_bookmaking")
    assert victory.score(s, 0) == 6


# rules: cl-racket-table cl-short-game
def test_end_of_turn_victory_and_shared_victory() -> None:
    """"Winning the Game" and "Shared Victory": everyone at the target at the end of a turn
    wins together."""
    s = blank(2, short_game=True)
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    rackets = [c for c in range(len(CARDS)) if c in s.draw_pile and hasattr(CARDS[c], "rtype")]
    for i, r in enumerate(rackets[:22]):
        racket(s, i % 2, CARDS[r].id)
    assert victory.score(s, 0) >= 11 and victory.score(s, 1) >= 11
    s.apply(A.TAKE_TEN)
    assert s.is_over and s.result().winners == (0, 1)


# rules: cl-share-one-short
def test_one_short_shared_victory_needs_everyones_yes() -> None:
    """"Shared Victory": Mobs all one card short may agree to share; one refusal and the game
    goes on."""
    s = blank(3, short_game=True)
    for seat, cid in enumerate(("big_sal", "judge_cohen", "iron_mike")):
        boss(s, seat, cid)
    # hand out plain Rackets so that no bonus applies: both Mobs hold exactly 10
    for r in CARDSET.rackets:
        for seat in (0, 1):
            if len(s.rackets[seat]) >= 10 or r.id not in ids_in_deck(s):
                continue
            c = racket(s, seat, r.id)
            if victory.score(s, seat) != len(s.rackets[seat]) or any(
                victory.score(s, p) != len(s.rackets[p]) for p in (0, 1)
            ):
                s.rackets[seat].remove(c)
                s.draw_pile.append(c)
                s.loc[c] = -1
    assert victory.score(s, 0) == 10 == victory.score(s, 1)
    s.apply(A.TAKE_TEN)
    assert s.phase == "share" and s.actor == 0
    s.apply(A.ACCEPT)
    s.apply(A.REFUSE)
    assert not s.is_over and s.current == 1
    s2 = blank(3, short_game=True)
    assert s2.phase == "actions"


# rules: cl-last-standing
def test_last_mob_standing_wins() -> None:
    """"Winning the Game": you also win when every rival is eliminated; wiping out a Mob lets
    you take one of its Rackets at once."""
    s = blank(2)
    sal = boss(s, 0, "big_sal")
    judge = boss(s, 1, "judge_cohen")
    racket(s, 1, "north_numbers")
    s.rng = __import__("tabletop_games.crime_lords.scenario", fromlist=["rigged"]).rigged(2)
    s.unhappy[judge] = 2
    s.money[0] = 50
    s.apply(A.Hit(sal, judge))
    commit(s, 5)
    while s.phase == "assist":
        s.apply(A.DONE)
    # 7 + 5 - 7 - 10 < 2: only a warning shot, Judge Cohen stays
    assert s.loc[judge] == 1


# rules: cl-throwing-the-game
def test_throwing_the_game_is_refused() -> None:
    """"Throwing the Game": a gift may not hand another player the win. P2 scores 10 of the
    short game's 11 (8 Rackets, +1 for each of two monopolies); City Hall would make 11."""
    s = blank(2, short_game=True)
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    give = racket(s, 0, "city_hall")
    for cid in ("north_numbers", "south_numbers", "east_numbers", "west_numbers",
                "central_numbers", "north_fencing", "south_fencing", "east_fencing"):
        racket(s, 1, cid)
    assert victory.score(s, 1) == 10 and victory.target(s) == 11
    before = s.rackets[0][:], s.rackets[1][:]
    assert A.GiveCard(1, give) not in s.legal_actions()
    assert (s.rackets[0], s.rackets[1]) == before  # checking it changed nothing, not even order
    s.options = attrs.evolve(s.options, short_game=False)     # 14 to win: now it is a gift
    s.forget_legal_actions()
    assert A.GiveCard(1, give) in s.legal_actions()


def ids_in_deck(s) -> set[str]:
    return {CARDS[c].id for c in s.draw_pile}


# rules: cl-victory-options
def test_more_than_all_foes_option() -> None:
    """Optional Rules, "Shorter and Longer Games": more Crooks and Rackets than all foes
    together wins at the end of any turn."""
    s = blank(2, victory="more_than_all")
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    racket(s, 0, "north_numbers")
    s.apply(A.TAKE_TEN)
    assert s.is_over and s.result().winners == (0,)


# rules: cl-victory-options
def test_last_man_standing_option_ignores_the_table() -> None:
    """Optional Rules: "last man standing" - only elimination wins."""
    s = blank(2, victory="last_man", short_game=True)
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    for r in CARDSET.rackets[:12]:
        racket(s, 0, r.id)
    s.apply(A.TAKE_TEN)
    assert not s.is_over


# rules: cl-round-limit
def test_round_limit_ends_the_game() -> None:
    """[decided] the round limit: after round_limit rounds the best Racket score wins."""
    s = blank(2, round_limit=5)
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    racket(s, 1, "north_numbers")
    s.turn_no = 9
    s.apply(A.TAKE_TEN)
    assert s.is_over and s.result().winners == (1,) and "round limit" in s.end_reason


def test_step_cap_is_far_above_real_games() -> None:
    from tabletop_games.crime_lords import GAME
    assert GAME.step_cap(2) > 100 * 1_000 and GAME.step_cap(8) > GAME.step_cap(2)


# rules: cl-leaving
def test_leaving_the_game_voluntarily() -> None:
    """"Leaving the Game": a player may drop out on his turn; his Crooks and Rackets go to
    the uncontrolled area, his Specials to the discard pile, his Mob card out of play.
    Nobody wiped him out, so nobody takes spoils; the next player plays his turn."""
    from tabletop_games.crime_lords.scenario import special, sub
    from tabletop_games.crime_lords.state import DISCARD, UNCONTROLLED

    s = blank(3)
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "mom_parker")
    for seat, cid in ((0, "velvet_vera"), (1, "lucky_lou")):
        sub(s, seat, cid, "big_sal" if seat == 0 else "judge_cohen", (1, 0))
    r = racket(s, 0, "north_numbers")
    sp = special(s, 0, "fat_envelope")
    s.forget_legal_actions()
    assert A.LEAVE in s.legal_actions()
    s.apply(A.LEAVE)
    assert not s.alive[0] and s.phase == "actions" and s.actor == 1
    assert s.loc[card("big_sal")] == UNCONTROLLED and s.loc[card("velvet_vera")] == UNCONTROLLED
    assert s.loc[r] == UNCONTROLLED and r in s.uncontrolled and s.rackets[0] == []
    assert s.loc[sp] == DISCARD and s.specials[0] == []
    assert not s.mobs[0].cell and s.pending_wipe == []
    s.apply(A.LEAVE)  # seat 1 leaves too: seat 2 is the last Mob and wins at once
    assert s.is_over and s.winners == [2] and "eliminated" in s.end_reason


# rules: cl-leaving
def test_leaving_is_only_in_the_own_action_phase() -> None:
    """"Leaving the Game" [decided]: offered only in the action phase of one's own turn."""
    s = blank(2)
    sal = boss(s, 0, "big_sal")
    judge = boss(s, 1, "judge_cohen")
    s.money[0] = 50
    s.forget_legal_actions()
    s.apply(A.Hit(sal, judge))
    assert s.phase == "hitmoney" and A.LEAVE not in s.legal_actions()
    assert "own turn" in s.why_illegal(A.LEAVE)


def test_seats_are_named_from_one_like_the_cli() -> None:
    """Text names a seat as the CLI does ("Player 1", with the Mob's name), never from 0."""
    from tabletop_games.crime_lords import GAME
    from tabletop_games.crime_lords.words import who

    state = GAME.new_state(3, 1)
    assert who(state, 0).startswith("Player 1 (") and who(state, 2).startswith("Player 3 (")


# rules: cl-bonuses
def test_district_bonus_looks_at_each_rival_on_his_own() -> None:
    """"Winning the Game": four in a district count +2 if "no one else has more than one in
    that district" - two rivals holding one each do not spoil it."""
    s = blank(3)
    for cid in ("north_numbers", "north_fencing", "north_smuggling", "north_casinos"):
        racket(s, 0, cid)
    racket(s, 1, "north_protection")
    racket(s, 2, "north_bookmaking")
    assert victory.score(s, 0) == 4 + 2
    racket(s, 2, "north_speakeasies")
    assert victory.score(s, 0) == 4


def test_throwing_the_game_follows_the_victory_rule_in_force() -> None:
    """"Throwing the Game" under the optional victory rules: with "last man standing" a
    Racket decides nothing, so it may be given; with "more than all foes" a gift that gives
    the receiver more Crooks and Rackets than all his foes together is refused."""
    s = blank(2, victory="last_man")
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    give = racket(s, 0, "city_hall")
    for cid in ("north_numbers", "south_numbers", "east_numbers", "west_numbers",
                "central_numbers", "north_fencing", "south_fencing", "east_fencing",
                "west_fencing", "central_fencing", "north_casinos"):
        racket(s, 1, cid)
    assert victory.score(s, 1) == 13 and victory.target(s) == 14
    assert A.GiveCard(1, give) in s.legal_actions()
    s = blank(2, victory="more_than_all")
    boss(s, 0, "big_sal")
    rosa = sub(s, 0, "rosa_delgado", "big_sal", (1, 0))
    give = racket(s, 0, "city_hall")
    boss(s, 1, "judge_cohen")
    racket(s, 1, "north_numbers")
    assert A.GiveCard(1, give) not in s.legal_actions()      # 3 against 2: a win handed over
    assert A.GiveCrook(1, rosa) not in s.legal_actions()
    racket(s, 0, "south_numbers")
    s.forget_legal_actions()
    assert A.GiveCard(1, give) in s.legal_actions()          # 3 against 3: no win


# rules: cl-racket-target
def test_a_custom_racket_target_wins_the_game() -> None:
    """"Shorter and Longer Games": the game "can be easily tweaked by changing the number of
    Rackets needed to win" (option ``racket_target``, validated)."""
    import pytest
    from tabletop_games.crime_lords.options import CrimeLordsOptions
    s = blank(2, racket_target=3)
    assert victory.target(s) == 3
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    for cid in ("north_numbers", "south_fencing", "east_smuggling"):
        racket(s, 0, cid)
    s.apply(A.TAKE_TEN)
    assert s.is_over and s.result().winners == (0,)
    with pytest.raises(ValueError):
        CrimeLordsOptions(racket_target=-1)


# rules: cl-throwing-the-game
def test_winning_gifts_agree_with_the_exact_test_card_by_card() -> None:
    """"Throwing the game": the counted shortcut names exactly the Rackets whose gift would
    make the receiver win, as :func:`victory.wins_after` finds card by card (random
    positions near the target, where monopolies and districts decide)."""
    from tabletop_games.crime_lords import GAME

    from tabletop.rng import Rng

    rng = Rng.from_seed(7, "gifts")
    base = GAME.new_state(3, 1)
    rackets = [c for c in range(len(base.loc)) if victory.is_racket(c)]
    checked = thrown = 0
    for _ in range(1500):
        s = base.clone()
        s.options = attrs.evolve(s.options, racket_target=4 + rng.below(8))
        s.rackets = [[], [], []]
        for c in rackets:
            seat = rng.below(5)
            if seat < 3:
                s.rackets[seat].append(c)
                s.loc[c] = seat
        giver, to = rng.below(3), rng.below(3)
        if giver == to or victory.wins_after(s, [], (to,))[0]:
            continue
        got = victory.winning_gifts(s, giver, to, victory.score(s, to))
        for r in s.rackets[giver]:
            exact = victory.wins_after(s, [(r, giver, to)], (to,))[0]
            assert (r in got) == exact, (r, s.rackets)
            checked += 1
            thrown += exact
    assert checked > 1000 and thrown > 20
