"""Every worked example of the Crimopolis rulebook, as a scenario (docstrings name the section)."""

from __future__ import annotations

from tabletop_games.crimopolis import GAME, scoring
from tabletop_games.crimopolis.actions import (
    END_TURN,
    DoJob,
    Move,
    PlaceHQ,
    PlaceTile,
    TakeOver,
)
from tabletop_games.crimopolis.cards import jobs, tiles
from tabletop_games.crimopolis.scenario import build, card_with, job_for, refresh, tile_of


# rules: cp-take-over
def test_post_office_take_over():
    """TAKE OVER A CITY BLOCK, example: green holds the POST OFFICE with 2; you may enter with
    3, 4 or 5; both greens and 2 of yours are removed; body count +2, prestige +1, 3 hours."""
    po = tile_of("POST OFFICE")
    s = build(
        [("HQ0", 0, 0, 0), (po, 1, 0, 0), ("HQ1", -1, 0, 0)],
        [("b1,0", 1, 2), ("s1,0N", 0, 3), ("s1,0E", 0, 2)],
    )
    offers = [a for a in s.legal_actions() if type(a) is TakeOver and a.block == "b1,0"]
    assert sorted({sum(k for _, k in a.takes) for a in offers}) == [3, 4, 5]
    s.apply(TakeOver("b1,0", (("s1,0N", 3), ("s1,0E", 1))))
    board = s.city.board
    assert board.count("b1,0", 1) == 0
    assert board.count("b1,0", 0) == 2
    assert s.bodies == [2, 0]
    assert s.prestige == [1, 0]
    assert s.hours == 4
    assert s.supply == [7 - 5 + 2, 7]
    assert not s.invariants()


# rules: cp-seven-hours, cp-unused-time
def test_forfeited_hour_makes_an_eight_hour_turn():
    """TURNS, example: 1 hour left and forfeited gives the next player an 8-hour turn."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], hours=1)
    s.apply(END_TURN)
    assert s.active == 1
    assert s.hours == 8


# rules: cp-influence
def test_influence_example():
    """INFLUENCE, example: a GRAVEYARD and a BANK (small) plus a PARK & MARKET large block
    earn 2 + 3 = 5."""
    layout = [
        ("HQ0", 0, 0, 0), (tile_of("GRAVEYARD"), 1, 0, 0), (tile_of("BANK"), 2, 0, 0),
        (tile_of("PARK"), 0, 1, 1),  # block edge west
        (tile_of("MARKET"), -1, 1, 3),  # block edge east: one large block with the PARK
        ("HQ1", 3, 0, 0),
    ]
    s = build(layout, [("b1,0", 0, 1), ("b2,0", 0, 2), ("b0,1", 0, 1), ("b0,0", 0, 1)])
    assert s.city.block_name("b0,1") == "PARK & MARKET"
    assert scoring.influence(s, 0) == 5


# rules: cp-body-bonus
def test_tombstone_example():
    """BODY COUNTS, example: 5 tombstones give 2, and with nobody else holding one the
    highest-count bonus of 2 as well."""
    assert scoring.body_bonus([5, 0], 0) == 4
    assert scoring.body_bonus([5, 0], 1) == 0


# rules: cp-body-bonus
def test_highest_body_count_tie_all_score():
    """BODY COUNTS: when several players share the highest count, all of them get 2."""
    assert [scoring.body_bonus([3, 3, 1], s) for s in range(3)] == [3, 3, 0]


# rules: cp-hidden-fortunes, cp-fx-keep
def test_hidden_fortunes_example():
    """HIDDEN FORTUNES, example: 3 unplayed fortunes, two with game-end prestige 2 and 3:
    +5."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)])
    from tabletop_games.crimopolis.cards import fortunes

    two = next(c for c, d in fortunes().items() if d.game_end == 2)
    three = next(c for c, d in fortunes().items() if d.game_end == 3)
    none = next(c for c, d in fortunes().items() if d.game_end == 0)
    for c in (two, three, none):
        s.decks[2].draw_pile.remove(c)
    s.fortune_hands[0] = [two, three, none]
    assert scoring.hidden_fortunes(s, 0) == 5


# rules: cp-big-business
def test_big_business_example():
    """BIG BUSINESS, example: a PARK & BUTCHERY large block, 2 more PARKs, another BUTCHERY
    and a GRAVEYARD: 4 for 3 PARKs, 2 for 2 BUTCHERIES, nothing for the GRAVEYARD."""
    layout = [
        ("HQ0", 0, 0, 0),
        (tile_of("PARK"), 1, 0, 2),  # block edge north
        (tile_of("BUTCHERY"), 1, -1, 0),  # block edge south: PARK & BUTCHERY
        (tile_of("PARK", skip=1), 0, 1, 0),
        (tile_of("PARK", skip=2), -1, 0, 0),
        (tile_of("BUTCHERY", skip=1), 0, -1, 1),
        (tile_of("GRAVEYARD"), 2, 0, 0),
        ("HQ1", 3, 0, 0),
    ]
    s = build(layout, [(b, 0, 1) for b in ("b1,0", "b0,1", "b-1,0", "b0,-1", "b2,0")])
    assert s.city.block_name("b1,0") == "PARK & BUTCHERY"
    assert scoring.big_business(s, 0) == 6


# rules: cp-full-hq
def test_full_headquarters_sends_the_gangster_to_the_supply():
    """OCCUPATION LIMITS, example: with 3 gangsters in the HEADQUARTERS, a newsflash that
    sends one more there removes it to the supply instead."""
    job = job_for("BANK", max_crew=3)
    d = jobs()[job]
    bank = tile_of("BANK", d.colour)
    s = build(
        [("HQ0", 0, 0, 0), (bank, 1, 0, 0), ("HQ1", 2, 0, 0)],
        [("b0,0", 0, 3), ("s1,0N", 0, 3)],
    )
    s.decks[0].draw_pile.remove(job)
    s.decks[0].draw_pile.extend(s.hands[0])
    s.hands[0] = [job]
    lie_low = card_with("retreat", "news", 1)
    s.decks[1].draw_pile.remove(lie_low)
    s.decks[1].draw_pile.append(lie_low)  # on top
    refresh(s)
    act = next(a for a in s.legal_actions() if type(a) is DoJob and a.job == job)
    entered = sum(k for _, k in act.takes)
    supply = s.supply[0]
    s.apply(act)
    assert s.city.board.count("b0,0", 0) == 3
    assert s.city.board.count("b1,0", 0) == entered - 1
    assert s.supply[0] == supply + 1
    assert s.prestige[0] == d.prestige
    assert not s.invariants()


# rules: cp-homes, cp-revealed-tiles, cp-deal, cp-supply, cp-start-game, cp-first-auto
def test_setup_first_player_and_the_others():
    """START THE GAME: the first HEADQUARTERS in the middle with one recruit and two revealed
    tiles next to it; the next player puts the HEADQUARTERS next to any tile and its two
    tiles next to its own HEADQUARTERS."""
    s = GAME.new_state(3, 4)
    assert s.city.grid.at(0, 0).tile == "HQ0"
    assert s.city.board.count("b0,0", 0) == 1 and s.supply[0] == 6
    assert s.prestige == s.bodies == [0, 0, 0] and s.tombstones == 40
    assert not any(t[:2] in ("HQ", "SH") for t in s.tile_stack + s.revealed)  # homes kept
    assert all(type(a) is PlaceTile and abs(a.x) + abs(a.y) == 1 for a in s.legal_actions())
    revealed = s.revealed[:]
    s.apply(s.legal_actions()[0])
    assert len(s.revealed) == 2 and s.revealed != revealed
    s.apply(s.legal_actions()[0])
    assert s.setup_seat == 1 and s.setup_step == 0
    hq = s.legal_actions()[0]
    s.apply(hq)
    assert s.city.board.count(f"b{hq.x},{hq.y}", 1) == 1
    for a in s.legal_actions():
        assert abs(a.x - hq.x) + abs(a.y - hq.y) == 1  # next to its own HQ only
    assert len(s.hands[0]) == 2 and all(len(h) == 2 for h in s.hands)


# rules: cp-ambush
def test_ambush_one_green():
    """AMBUSH A GANGSTER, example: ambushing 1 green removes it and one of yours; your body
    count rises by 1 (green's does not); the move costs 1 hour."""
    s = build(
        [("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)],
        [("s0,0N", 0, 1), ("s1,0N", 1, 1)],
    )
    s.apply(Move("s0,0N", "s1,0N", 1))
    assert s.city.board.total("s1,0N") == 0 and s.city.board.total("s0,0N") == 0
    assert s.bodies == [1, 0]
    assert s.hours == 6


# rules: cp-missing-tile, cp-explore
def test_explore_example():
    """EXPLORE THE CITY, example: 2 gangsters move onto a street section missing a tile (1
    hour); a revealed tile is placed there at no extra time and a new one is revealed."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 2)])
    stack = len(s.tile_stack)
    s.apply(Move("b0,0", "s0,0N", 2))
    assert s.hours == 6
    options = s.legal_actions()
    assert options and all(type(a) is PlaceTile and (a.x, a.y) == (0, -1) for a in options)
    first = next(a for a in options if a.tile[0] == "T")
    s.apply(first)
    assert s.city.grid.at(0, -1).tile == first.tile
    assert len(s.revealed) == 2 and len(s.tile_stack) == stack - 1
    assert s.hours == 6


# rules: cp-explore-nothing-fits
def test_explore_places_nothing_when_nothing_fits():
    """EXPLORE THE CITY: with no suitable tile nothing is placed and nothing revealed."""
    # Cell (1, 0) would need a street north and block edges west and east: no tile has that.
    layout = [("HQ0", 1, -1, 0), (tile_of("BANK"), 0, -1, 0), (tile_of("HOUSE"), 0, 0, 3),
              (tile_of("DOCTORS"), 2, -1, 0), (tile_of("LAKE"), 2, 0, 1), ("HQ1", 1, -2, 0)]
    s = build(layout, [("b1,-1", 0, 1)])
    revealed = s.revealed[:]
    s.apply(Move("b1,-1", "s1,-1S", 1))
    assert not s.prompts and s.revealed == revealed
    assert s.city.grid.at(1, 0) is None


# rules: cp-identical-jobs, cp-same-target, cp-discard-under
def test_identical_jobs_are_redrawn():
    """IDENTICAL JOB CARDS, example: two jobs for the same block are shown, discarded under
    the deck, and two new ones drawn, at no time."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)])
    pair = [j for j, d in jobs().items() if (d.location, d.colour) == ("PARK", jobs()[
        job_for("PARK")].colour)][:2]
    for j in pair:
        if j in s.decks[0].draw_pile:
            s.decks[0].draw_pile.remove(j)
    s.decks[0].draw_pile.extend(h for h in s.hands[0] if h not in pair)
    s.hands[0] = pair
    refresh(s)
    top = s.decks[0].draw_pile[-2:]
    from tabletop_games.crimopolis.actions import REDRAW

    s.apply(REDRAW)
    assert sorted(s.hands[0]) == sorted(top)
    assert s.decks[0].draw_pile[:2] == pair[::-1] or sorted(s.decks[0].draw_pile[:2]) == sorted(pair)
    assert s.hours == 7


# rules: cp-large-block
def test_large_block_of_two_three_street_tiles():
    """UNDERSTANDING TILES: two 3-street tiles joined at their block edges make one large
    city block surrounded by 6 street sections."""
    s = build([("HQ0", 0, 0, 0), (tile_of("HOUSE"), 1, 0, 3), (tile_of("LAKE"), 0, 1, 0),
               (tile_of("LAKE", skip=1), 0, 2, 2)])
    streets = [n for n in s.city.board.neighbours("b0,1") if n[0] == "s"]
    assert len(streets) == 6
    assert s.city.is_large("b0,1") and not s.city.is_large("b1,0")
    assert tiles()[s.city.block_tiles["b0,1"][1]].name == "LAKE"


# rules: cp-entire-street
def test_entire_street_runs_straight_until_interrupted():
    """STREET DEFINITIONS: an entire street is an uninterrupted straight series of street
    sections over neighbouring tiles; where no tile borders the road, it stops."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0), (tile_of("CASINO"), 2, 0, 0),
               (tile_of("DOCTORS"), 3, 0, 0), (tile_of("BANK"), 3, -1, 0)])
    # The road north of row 0: HQ0, HQ1, CASINO, DOCTORS north sides, and the BANK's south.
    assert s.city.entire_street("s1,0N") == ["s0,0N", "s1,0N", "s2,0N", "s3,-1S", "s3,0N"]
    # The road between the two HQs is vertical and one tile long.
    assert s.city.entire_street("s0,0E") == ["s0,0E", "s1,0W"]
    # A gap interrupts: nothing at (4, 0), so the run north of row 0 stops at x = 3.
    assert "s4,0N" not in s.city.entire_street("s0,0N")


def _offer(s, *tiles_wanted):
    """Make ``tiles_wanted`` the revealed tiles (swapping them with the stack)."""
    for t in s.revealed:
        s.tile_stack.insert(0, t)
    s.revealed[:] = []
    for t in tiles_wanted:
        s.tile_stack.remove(t)
        s.revealed.append(t)
    while len(s.revealed) < 2:
        s.reveal_tile()
    refresh(s)


# rules: cp-start-game
def test_three_player_setup_example():
    """ALL OTHER PLAYERS, example: yellow places a DOCTORS and a PARK next to its
    HEADQUARTERS; green puts its HEADQUARTERS next to that PARK and adds a BUTCHERY and
    another PARK; red puts its HEADQUARTERS next to green's PARK and adds a BANK and a
    HOUSE."""
    s = GAME.new_state(3, 12)
    doctors, park, butchery = tile_of("DOCTORS"), tile_of("PARK"), tile_of("BUTCHERY")
    park2, bank, house = tile_of("PARK", skip=1), tile_of("BANK"), tile_of("HOUSE")
    _offer(s, doctors, park)
    s.apply(PlaceTile(doctors, -1, 0, 0))
    _offer(s, park)
    s.apply(PlaceTile(park, 1, 0, 0))  # block edge south
    assert s.setup_seat == 1
    # Green's HEADQUARTERS may go next to any tile, e.g. the PARK's street side.
    s.apply(PlaceHQ(1, -1))
    _offer(s, butchery, park2)
    options = s.legal_actions()
    assert PlaceTile(butchery, 1, -2, 2) in options  # block edge north, street to the HQ
    assert PlaceTile(butchery, 1, -2, 0) not in options  # block edge against the HQ street
    assert all((a.x, a.y) in ((1, -2), (2, -1), (0, -1)) for a in options)
    s.apply(PlaceTile(butchery, 1, -2, 2))
    _offer(s, park2)
    s.apply(PlaceTile(park2, 2, -1, 0))
    assert s.setup_seat == 2
    s.apply(PlaceHQ(3, -1))  # next to green's second PARK
    _offer(s, bank, house)
    s.apply(PlaceTile(bank, 3, -2, 0))
    _offer(s, house)
    s.apply(PlaceTile(house, 4, -1, 0))
    assert s.phase == "play" and s.active == 0 and s.hours == 7
    assert [s.city.board.count(s.city.hq[p], p) for p in range(3)] == [1, 1, 1]
    assert s.supply == [6, 6, 6]
    assert not s.invariants()
