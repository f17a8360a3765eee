"""Newsflashes, fortunes, destinies and the rarer situations of exploring and setup."""

from __future__ import annotations

from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.actions import (
    ACCEPT,
    END_TURN,
    LEAVE_EMPTY,
    RECRUIT_SAFE,
    ChooseTarget,
    DoJob,
    ExecuteDestiny,
    Move,
    PlaceTile,
    PlayFortune,
)
from tabletop_games.crimopolis.cards import jobs
from tabletop_games.crimopolis.scenario import (
    build,
    card_with,
    job_for,
    put_on_top,
    refresh,
    tile_of,
)


def job_state(boosts=()):
    job = job_for("BANK", max_crew=2)
    d = jobs()[job]
    s = build([("HQ0", 0, 0, 0), (tile_of("BANK", d.colour), 1, 0, 0), ("HQ1", 2, 0, 0)],
              [("s1,0N", 0, 3)])
    s.decks[0].draw_pile.remove(job)
    s.decks[0].draw_pile[0:0] = s.hands[0]
    s.hands[0] = [job]
    for card in boosts:
        s.decks[2].draw_pile.remove(card)
        s.fortune_hands[0].append(card)
    refresh(s)
    return s, job, d


def do_job(s, job):
    act = min((a for a in s.legal_actions() if type(a) is DoJob and a.job == job),
              key=lambda a: sum(k for _, k in a.takes))
    s.apply(act)


# rules: cp-fx-prestige
def test_prestige_newsflash_changes_the_job_award():
    """EXECUTE A JOB step 4: prestige as per the job unless the newsflash says otherwise."""
    for amount in (2, -2):
        s, job, d = job_state()
        put_on_top(s, 1, card_with("prestige", "news", amount))
        do_job(s, job)
        assert s.prestige[0] == max(0, d.prestige + amount)
        assert s.decks[1].draw_pile[0] == card_with("prestige", "news", amount)


# rules: cp-destiny-target
def test_destiny_newsflash_is_placed_on_a_chosen_gang():
    """DESTINY CARDS: a destiny newsflash goes in front of the gang its player picks and is
    executed at the start of that gang's next turn."""
    s, job, d = job_state()
    jam = card_with("hours", "news", -2)
    put_on_top(s, 1, jam)
    do_job(s, job)
    assert s.prestige[0] == d.prestige and s.to_act == 0
    assert set(s.legal_actions()) == {ChooseTarget(0), ChooseTarget(1)}
    s.apply(ChooseTarget(1))
    assert s.to_act == 1 and s.legal_actions() == (ACCEPT,)  # asked even with no defence
    s.apply(ACCEPT)
    assert s.destinies[1] == [jam]
    hours = s.hours
    s.apply(END_TURN)
    assert s.legal_actions() == (ExecuteDestiny(jam),)
    s.apply(ExecuteDestiny(jam))
    assert s.hours == 7 + hours - 2


# rules: cp-fx-job-boost, cp-armed-before-job
def test_armed_fortunes_change_the_next_job():
    """PLAY A FORTUNE: some fortunes work together with a job (fewer hours, fewer gangsters,
    more prestige, no newsflash)."""
    fast = card_with("job_hours")
    big = card_with("job_prestige")
    shield = card_with("shield")
    s, job, d = job_state((fast, big, shield))
    for card in (fast, big, shield):
        s.apply(PlayFortune(card))
    news_top = s.decks[1].draw_pile[-1]
    do_job(s, job)
    assert s.hours == 7 - max(1, d.hours - 2)
    assert s.prestige[0] == d.prestige + 2
    assert s.decks[1].draw_pile[0] == news_top  # discarded unread
    assert (s.boost_hours, s.boost_prestige, s.shield) == (0, 0, False)


# rules: cp-fx-arrest, cp-arrest-order
def test_arrest_destiny_takes_from_the_biggest_street_group():
    cop = card_with("arrest")
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)],
              [("s1,0N", 1, 1), ("s1,0E", 1, 3), ("b1,0", 1, 1)])
    s.decks[2].draw_pile.remove(cop)
    s.fortune_hands[0].append(cop)
    refresh(s)
    s.apply(PlayFortune(cop, seat=1))
    s.apply(ACCEPT)
    s.apply(END_TURN)
    s.apply(ExecuteDestiny(cop))
    assert s.city.board.count("s1,0E", 1) == 2 and s.supply[1] == 7 - 4
    assert not s.invariants()


# rules: cp-explore-safe-house, cp-explore-must
def test_safe_house_placed_when_exploring_then_recruited_into():
    """EXPLORE THE CITY: your own SAFE HOUSE may be placed instead of a revealed tile; then
    RECRUIT can go there."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 1)])
    s.apply(Move("b0,0", "s0,0W", 1))
    safe = PlaceTile("SH0", -1, 0, 0)
    assert safe in s.legal_actions()
    assert PlaceTile("SH1", -1, 0, 0) not in s.legal_actions()
    assert LEAVE_EMPTY not in s.legal_actions()  # a revealed tile fits: exploring is a must
    revealed = s.revealed[:]
    s.apply(safe)
    assert s.revealed == revealed and s.city.safe[0] == "b-1,0"
    s.apply(RECRUIT_SAFE)
    assert s.city.board.count("b-1,0", 0) == 1


# rules: cp-out-of-tiles
def test_running_out_of_tiles_lets_anyone_place_other_safe_houses():
    """RUNNING OUT OF TILES: "if anyone still has a SAFE HOUSE to place, you can choose any
    of them" — any unplaced SAFE HOUSE, or none."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 1)])
    s.tile_stack.clear()
    s.revealed.clear()
    refresh(s)
    s.apply(Move("b0,0", "s0,0W", 1))
    assert set(s.legal_actions()) == {
        PlaceTile("SH0", -1, 0, 0), PlaceTile("SH1", -1, 0, 0), LEAVE_EMPTY}
    s.apply(PlaceTile("SH1", -1, 0, 0))
    assert s.city.safe[1] == "b-1,0"


# rules: cp-safe-house-optional
def test_when_only_a_safe_house_fits_the_explorer_may_place_none():
    """EXPLORE THE CITY: "Instead of choosing a revealed tile, you can place your SAFE HOUSE
    instead" — a can, not a must: when no revealed tile fits, the cell may stay empty."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 1)])
    s.tile_stack.clear()
    s.revealed.clear()
    refresh(s)
    s.apply(Move("b0,0", "s0,0W", 1))
    assert s.describe(LEAVE_EMPTY) == "places no Safe House and leaves the cell -1,0 empty"
    s.apply(LEAVE_EMPTY)
    assert not s.prompts and s.city.safe == ["", ""] and s.city.grid.at(-1, 0) is None
    assert s.log.view(1)[-1] == ("Player 1 (Yellow) places no Safe House: the cell -1,0 "
                                 "stays empty and nothing is revealed")
    assert s.hours == 6  # the move cost its hour; placing nothing costs none


def immediate(effect):
    from tabletop_games.crimopolis.cards import newsflashes

    return next(c for c, d in newsflashes().items() if d.effect == effect and not d.destiny)


# rules: cp-fx-recruit, cp-fx-fortune
def test_newsflash_recruit_and_fortune_draw():
    """Newsflashes that recruit into the HEADQUARTERS or hand out a fortune."""
    s, job, _ = job_state()
    put_on_top(s, 1, immediate("recruit"))
    supply = s.supply[0]
    do_job(s, job)
    assert s.supply[0] == supply - 1 and s.city.board.count("b0,0", 0) == 1
    s, job, _ = job_state()
    put_on_top(s, 1, immediate("fortune"))
    top = s.decks[2].draw_pile[-1]
    do_job(s, job)
    assert s.fortune_hands[0] == [top]


# rules: cp-setup-skip
def test_setup_skips_a_tile_placement_that_cannot_be_done():
    """START THE GAME: when a revealed tile cannot go next to your HEADQUARTERS, skip it."""
    s = GAME.new_state(2, 9)
    # Surround the start HEADQUARTERS' free cells so that nothing fits there.
    s.revealed[:] = []
    s.tile_stack[:] = []
    refresh(s)
    s._advance_setup()
    assert s.setup_seat == 1 and s.setup_step == 0


# rules: cp-fx-defence
def test_defence_only_when_played():
    lawyer = card_with("defence")
    tip = card_with("hours", amount=-2)
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)])
    for seat, card in ((0, tip), (1, lawyer)):
        s.decks[2].draw_pile.remove(card)
        s.fortune_hands[seat].append(card)
    refresh(s)
    # A defence is not something one plays in one's own turn.
    assert not [a for a in s.legal_actions() if type(a) is PlayFortune and a.card == lawyer]
    s.apply(PlayFortune(tip, seat=1))
    s.apply(ACCEPT)
    assert s.fortune_hands[1] == [lawyer] and s.destinies[1] == [tip]


# rules: cp-destiny-waits
def test_a_destiny_placed_on_oneself_waits_for_the_next_turn():
    """DESTINY CARDS: executed at the start of the target's next turn, even when the player
    placed it on themselves this turn."""
    drive = next(c for c in fortunes_with("recruit") if c)
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)])
    s.decks[2].draw_pile.remove(drive)
    s.fortune_hands[0].append(drive)
    refresh(s)
    s.apply(PlayFortune(drive, seat=0))
    assert s.destinies[0] == [drive]
    assert not [a for a in s.legal_actions() if type(a) is ExecuteDestiny]
    s.apply(END_TURN)
    s.apply(END_TURN)
    assert s.legal_actions() == (ExecuteDestiny(drive),)
    s.apply(ExecuteDestiny(drive))
    assert s.city.board.count("b0,0", 0) == 1 and s.destinies[0] == []


def fortunes_with(effect):
    from tabletop_games.crimopolis.cards import fortunes

    return [c for c, d in fortunes().items() if d.effect == effect and d.destiny]
