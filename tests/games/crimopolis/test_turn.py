"""The actions of a turn and their conditions (rulebook ACTIONS and WHAT HAPPENS WHEN...)."""

from __future__ import annotations

import pytest
from tabletop_games.crimopolis.actions import (
    ACCEPT,
    END_TURN,
    INVEST,
    RECRUIT_HQ,
    AbortJob,
    Defend,
    DoJob,
    ExecuteDestiny,
    KeepJob,
    Move,
    Occupy,
    PlaceTile,
    PlayFortune,
    TakeOver,
)
from tabletop_games.crimopolis.cards import fortunes, jobs, tiles
from tabletop_games.crimopolis.scenario import (
    build,
    card_with,
    give_fortune,
    give_job,
    job_for,
    refresh,
    tile_of,
)

from tabletop.errors import IllegalAction


def two_hqs(pieces=(), **kw):
    return build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], list(pieces), **kw)


# rules: cp-recruit
def test_recruit_costs_two_hours_and_respects_limits():
    """RECRUIT A GANGSTER: 2 hours, into the HEADQUARTERS, at most 3 there, none when the
    supply is empty."""
    s = two_hqs([("b0,0", 0, 2)])
    s.apply(RECRUIT_HQ)
    assert s.hours == 5 and s.city.board.count("b0,0", 0) == 3
    assert RECRUIT_HQ not in s.legal_actions()
    s = two_hqs()
    s.supply[0] = 0
    refresh(s)
    assert RECRUIT_HQ not in s.legal_actions()


# rules: cp-move, cp-free-moves
def test_moves_cost_one_hour_for_the_group_and_some_are_free():
    """MOVE GANGSTERS: 1 hour for up to 3 moving together; moving onto a street section you
    already hold, or into your own HEADQUARTERS, is free."""
    s = two_hqs([("b0,0", 0, 3)])
    s.apply(Move("b0,0", "s0,0W", 2))
    assert s.hours == 6
    s.apply(s.legal_actions()[0])  # the street missed a tile: explore (no time)
    s.apply(Move("b0,0", "s0,0W", 1))
    assert s.hours == 6 and s.city.board.count("s0,0W", 0) == 3
    s.apply(Move("s0,0W", "b0,0", 3))
    assert s.hours == 6 and s.city.board.count("b0,0", 0) == 3


# rules: cp-node-limit, cp-street-limit
def test_never_more_than_three_on_a_street_not_even_for_a_moment():
    """MOVE GANGSTERS: at most 3 on a street section at any time, ambushes included."""
    s = two_hqs([("s0,0N", 0, 3), ("s1,0N", 1, 2)])
    sizes = [a.n for a in s.legal_actions() if type(a) is Move and a.dst == "s1,0N"]
    assert sizes == [1]
    with pytest.raises(IllegalAction, match="at most 3"):
        s.apply(Move("s0,0N", "s1,0N", 2))
    assert s.city.board.count("s0,0N", 0) == 3


# rules: cp-adjacency
def test_street_adjacency_crosses_one_intersection():
    """MOVE GANGSTERS: from a street section to one touching the same intersection."""
    s = two_hqs([("s0,0N", 0, 1)])
    dsts = {a.dst for a in s.legal_actions() if type(a) is Move and a.src == "s0,0N"}
    # Around the HQ's north side: its own east and west sides, and the north and west sides
    # of the next tile east (they meet at the corner the two tiles share).
    assert dsts == {"s0,0E", "s0,0W", "s1,0N", "s1,0W", "b0,0"}  # b0,0: back into the HQ


# rules: cp-occupy, cp-free-moves
def test_occupy_an_empty_block_and_moving_in_later_is_free():
    """OCCUPY A CITY BLOCK: 3 hours, 1-3 gangsters from adjacent street sections; moving into
    a block you occupy is free."""
    bank = tile_of("BANK")
    s = build([("HQ0", 0, 0, 0), (bank, 1, 0, 0), ("HQ1", 2, 0, 0)],
              [("s1,0N", 0, 2), ("s1,0S", 0, 2)])
    occ = [a for a in s.legal_actions() if type(a) is Occupy]
    assert {sum(k for _, k in a.takes) for a in occ} == {1, 2, 3}
    s.apply(Occupy("b1,0", (("s1,0N", 1),)))
    assert s.hours == 4 and s.city.board.count("b1,0", 0) == 1
    s.apply(Move("s1,0S", "b1,0", 2))
    assert s.hours == 4 and s.city.board.count("b1,0", 0) == 3


# rules: cp-hq-safe, cp-no-plain-entry
def test_headquarters_are_safe_but_bombing_reaches_them():
    """HEADQUARTERS ARE SAFE: no occupying, taking over or entering another gang's HQ; a
    Bombing played from a street section reaches inside it."""
    s = two_hqs([("s1,0W", 0, 3), ("b1,0", 1, 2)])
    for a in s.legal_actions():
        assert getattr(a, "block", "") != "b1,0" or type(a) is PlayFortune
        assert getattr(a, "dst", "") != "b1,0"
    bomb = card_with("bombing")
    give_fortune(s, 0, bomb)
    act = PlayFortune(bomb, block="b1,0")
    assert act in s.legal_actions()
    s.apply(act)
    assert s.city.board.count("b1,0", 1) == 0 and s.bodies[0] == 2
    assert not s.invariants()


# rules: cp-take-over
def test_take_over_leaves_one_to_three_inside():
    """TAKE OVER A CITY BLOCK: 1-3 more than the defenders; after it, 1-3 inside."""
    bank = tile_of("BANK")
    s = build([("HQ0", 0, 0, 0), (bank, 1, 0, 0), ("HQ1", 2, 0, 0)],
              [("b1,0", 1, 1), ("s1,0N", 0, 3), ("s1,0S", 0, 3)])
    totals = {sum(k for _, k in a.takes) for a in s.legal_actions() if type(a) is TakeOver}
    assert totals == {2, 3, 4}


# rules: cp-time-warning, cp-job-preconditions, cp-job-fresh-block
def test_job_needs_match_crew_time_and_a_fresh_block():
    """EXECUTE A JOB: name and colour must match, enough gangsters adjacent, enough time, and
    no gangster of yours in the block at the start of or during the turn."""
    job = job_for("BANK", max_crew=2)
    d = jobs()[job]
    bank = tile_of("BANK", d.colour)
    other = next(t for t, x in tiles().items() if x.name == "BANK" and x.colour != d.colour)
    s = build([("HQ0", 0, 0, 0), (bank, 1, 0, 0), (other, 0, 1, 0), ("HQ1", 2, 0, 0)],
              [("s1,0N", 0, 3), ("s0,1S", 0, 3), ("b1,0", 0, 1)])
    give_job(s, 0, job)
    assert not [a for a in s.legal_actions() if type(a) is DoJob]  # held at turn start
    s.apply(Move("b1,0", "s1,0E", 1))
    assert not [a for a in s.legal_actions() if type(a) is DoJob]  # still this turn
    s.apply(END_TURN)
    s.apply(END_TURN)
    jobs_now = [a for a in s.legal_actions() if type(a) is DoJob]
    assert jobs_now and {a.block for a in jobs_now} == {"b1,0"}  # colour must match
    s.hours = d.hours - 1
    refresh(s)
    assert not [a for a in s.legal_actions() if type(a) is DoJob]


# rules: cp-over-occupation
def test_job_over_occupation_and_new_job():
    """OCCUPATION LIMITS: a job needing more than 3 enters from several street sections
    and over-fills the block; then nobody else may enter. EXECUTE A JOB step 5: a new job."""
    job = job_for(None, max_crew=5, min_crew=4)
    d = jobs()[job]
    tile = tile_of(d.location, d.colour)
    rot = 0 if tiles_streets(tile) == 4 else 2
    s = build([("HQ0", 0, 0, 0), (tile, 1, 0, rot), ("HQ1", 2, 0, 0)],
              [("s1,0E", 0, 3), ("s1,0S", 0, 3)], hours=7)
    give_job(s, 0, job)
    s.hands[0].append(s.decks[0].draw_pile.pop())
    refresh(s)
    acts = [a for a in s.legal_actions() if type(a) is DoJob and a.job == job]
    assert acts and min(sum(k for _, k in a.takes) for a in acts) == d.gangsters
    act = min(acts, key=lambda a: sum(k for _, k in a.takes))
    s.shield = True  # keep the newsflash out of this test
    s.apply(act)
    assert s.city.board.count("b1,0", 0) == d.gangsters > 3
    assert s.prestige[0] == d.prestige and len(s.hands[0]) == 2 and job not in s.hands[0]
    assert s.decks[0].draw_pile[0] == job  # discarded under the deck
    assert not [a for a in s.legal_actions() if type(a) is Move and a.dst == "b1,0"]


def tiles_streets(tile):
    return tiles()[tile].streets


# rules: cp-abort
def test_abort_a_job_draw_two_keep_one():
    """ABORT A JOB: 3 hours; discard the job, draw 2, keep 1, the other back on top."""
    s = two_hqs()
    old = s.hands[0][0]
    top2 = s.decks[0].draw_pile[-2:]
    s.apply(AbortJob(old))
    assert s.hours == 4 and s.to_act == 0
    keep = KeepJob(top2[0])
    assert set(s.legal_actions()) == {KeepJob(top2[0]), KeepJob(top2[1])}
    # the keeper reads which job each option keeps; the rivals only that one was kept
    assert s.describe(keep) != s.describe(KeepJob(top2[1]))
    assert s.describe_public(keep) == s.describe_public(KeepJob(top2[1]))
    assert top2[0] not in s.describe_public(keep)
    s.apply(keep)
    assert top2[0] in s.hands[0] and s.decks[0].draw_pile[-1] == top2[1]
    assert s.decks[0].draw_pile[0] == old
    assert s.observation(0)["known_top_job"] == [top2[1]]
    assert s.observation(1)["known_top_job"] == []


# rules: cp-end-turn, cp-invest, cp-play-fortune
def test_invest_and_play_a_fortune_with_no_time_left():
    """INVEST IN A FORTUNE (2 hours) and PLAY A FORTUNE (no time, even with none left)."""
    s = two_hqs(hours=2)
    top = s.decks[2].draw_pile[-1]
    s.apply(INVEST)
    assert s.fortune_hands[0] == [top] and s.hours == 0
    night = card_with("hours", amount=2)
    give_fortune(s, 0, night)
    s.apply(PlayFortune(night))
    assert s.hours == 2


# rules: cp-destinies-first, cp-destiny-target
def test_destiny_defended_when_played_or_executed_next_turn():
    """DESTINY CARDS: a destiny lies in front of its target and is executed at the start of
    its next turn; a defence works only when the destiny is played."""
    tip = card_with("hours", amount=-2)
    lawyer = card_with("defence")
    s = two_hqs()
    give_fortune(s, 0, tip)
    give_fortune(s, 1, lawyer)
    s.apply(PlayFortune(tip, seat=1))
    assert s.to_act == 1 and Defend(lawyer) in s.legal_actions()
    s.apply(Defend(lawyer))
    assert s.destinies[1] == [] and s.fortune_hands[1] == []
    # Without a defence the card becomes a destiny.
    s = two_hqs()
    give_fortune(s, 0, tip)
    give_fortune(s, 1, lawyer)
    s.apply(PlayFortune(tip, seat=1))
    s.apply(ACCEPT)
    assert s.destinies[1] == [tip]
    s.apply(END_TURN)
    assert s.legal_actions() == (ExecuteDestiny(tip),)  # a defence is useless now
    s.apply(ExecuteDestiny(tip))
    assert s.hours == 7 + 7 - 2 and s.destinies[1] == []
    assert s.decks[2].draw_pile[0] == tip


# rules: cp-last-turn
def test_last_turn_after_reaching_21():
    """GAME END: the player reaching 21 finishes that turn; every other player has one more
    turn, then the game ends."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0), ("HQ2", 2, 0, 0)], players=3)
    s.prestige[0] = 21
    s.apply(END_TURN)
    assert not s.is_over and s.active == 1
    s.apply(END_TURN)
    assert not s.is_over and s.active == 2
    s.apply(END_TURN)
    assert s.is_over and "21 prestige" in s.result().reason


# rules: cp-winner
def test_prestige_ties_go_to_body_count_then_shared():
    """WINNER: most prestige, then highest body count, then a shared victory."""
    s = two_hqs()
    s.prestige[:] = [21, 21]
    s.bodies[:] = [1, 0]
    s.tombstones = 39
    s.phase = "over"
    res = s.result()
    # bodies: 1 tombstone is 0 prestige, but the highest count gives seat 0 two more.
    assert res.winners == (0,)
    s.bodies[:] = [1, 1]
    s.tombstones = 38
    assert s.result().winners == (0, 1)


# rules: cp-tombstones
def test_tombstones_run_out():
    """MAXIMUM BODY COUNTS: once the 40 tombstones are gone, body counts stay put."""
    s = two_hqs([("s0,0N", 0, 1), ("s1,0N", 1, 1)])
    s.tombstones = 0
    s.bodies[:] = [30, 10]
    s.apply(Move("s0,0N", "s1,0N", 1))
    assert s.bodies == [30, 10] and s.city.board.total("s1,0N") == 0


def test_illegal_action_changes_nothing():
    """Bad input is refused with a reason and leaves the state as it was."""
    from tabletop_games.crimopolis import GAME

    from tabletop.serialization import snapshot_json

    s = two_hqs([("b0,0", 0, 1)])
    before = snapshot_json(GAME, s)
    with pytest.raises(IllegalAction, match="adjacent"):
        s.apply(Move("b0,0", "s1,0E", 1))
    with pytest.raises(IllegalAction):
        s.apply(PlayFortune("F01"))
    assert snapshot_json(GAME, s) == before


# rules: cp-hidden-fortunes
def test_fortune_cards_count_only_unplayed():
    """HIDDEN FORTUNES: played fortunes are discarded and no longer count."""
    s = two_hqs()
    night = next(c for c, d in fortunes().items() if d.effect == "hours" and d.game_end)
    give_fortune(s, 0, night)
    from tabletop_games.crimopolis import scoring

    assert scoring.hidden_fortunes(s, 0) == fortunes()[night].game_end
    s.apply(PlayFortune(night))
    assert scoring.hidden_fortunes(s, 0) == 0


# rules: cp-tile-placing
def test_explore_refuses_a_tile_that_does_not_fit_with_a_reason():
    s = two_hqs([("b0,0", 0, 1)])
    s.apply(Move("b0,0", "s0,0W", 1))
    with pytest.raises(IllegalAction, match="explored cell is -1,0"):
        s.apply(PlaceTile(s.revealed[0], 5, 5, 0))
    with pytest.raises(IllegalAction, match="must first decide which tile"):
        s.apply(END_TURN)
    assert s.prompts and s.prompts[-1].kind == "explore"
