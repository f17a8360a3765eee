"""Rules of RULES.md that no other test checked: each test names its rule id."""

from __future__ import annotations

from tabletop_games.crimopolis.actions import END_TURN, REDRAW, DoJob, Move, PlayFortune
from tabletop_games.crimopolis.cards import jobs, newsflashes
from tabletop_games.crimopolis.scenario import (
    build,
    card_with,
    give_fortune,
    put_on_top,
    refresh,
    tile_of,
)
from tabletop_games.crimopolis.scoring import body_bonus
from tabletop_games.crimopolis.state import REDRAW_CAP, TURN_STEP_CAP

from tests.games.crimopolis.test_effects import job_state


def test_no_explore_when_the_ambush_leaves_none_of_the_movers():
    """cp-explore-after-ambush: 1 Yellow steps onto the street west of its HQ, which is
    missing a tile and where 1 Green stands: both fall, nobody is left to explore."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 1), ("s0,0W", 1, 1)])
    s.apply(Move("b0,0", "s0,0W", 1))
    assert s.bodies == [1, 0] and s.city.board.total("s0,0W") == 0
    assert not s.prompts and s.to_act == 0
    assert not any("explores" in t for t in s.log.view(0))


def test_after_an_ambush_two_gangs_never_share_a_street():
    """cp-no-sharing: 2 Yellow onto 1 Green: Green's one and one Yellow fall; only Yellow's
    survivor stands there, and the one surviving Yellow explores."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 2), ("s0,0W", 1, 1)])
    s.apply(Move("b0,0", "s0,0W", 2))
    assert s.city.board.occupants("s0,0W") == [0] and s.city.board.count("s0,0W", 0) == 1
    assert s.prompts and s.prompts[-1].kind == "explore"


def test_a_calm_newsflash_changes_nothing():
    """cp-fx-calm: the job earns exactly its prestige; no prompt, nothing else moves."""
    s, _, d = job_state()
    calm = next(c for c, n in newsflashes().items() if n.effect == "calm")
    put_on_top(s, 1, calm)
    supply, bodies = s.supply[:], s.bodies[:]
    act = min((a for a in s.legal_actions() if type(a) is DoJob), key=lambda a: a.takes)
    s.apply(act)
    crew = sum(k for _, k in act.takes)
    assert s.prestige[0] == d.prestige and not s.prompts and s.bodies == bodies
    assert s.supply == supply and s.city.board.count("b1,0", 0) == crew
    assert s.decks[1].draw_pile[0] == calm  # discarded under its deck


def test_a_shield_keeps_the_newsflash_out_of_print():
    """cp-fx-shield: armed before the job, the newsflash (here 2 prestige less) is discarded
    unread: the job earns its full prestige."""
    shield = card_with("shield")
    s, _, d = job_state([shield])
    put_on_top(s, 1, card_with("prestige", "news", -2))
    s.apply(PlayFortune(shield))
    assert s.shield
    act = min((a for a in s.legal_actions() if type(a) is DoJob), key=lambda a: a.takes)
    s.apply(act)
    assert s.prestige[0] == d.prestige and not s.shield
    assert any("keeps it out of print" in t for t in s.log.view(1))


def test_no_tombstones_no_bonus_for_the_highest_body_count():
    """cp-no-body-bonus: with no tombstones at all nobody has the highest body count."""
    assert [body_bonus([0, 0, 0], seat) for seat in range(3)] == [0, 0, 0]
    assert body_bonus([0, 1, 0], 1) == 2 and body_bonus([0, 1, 0], 0) == 0


def test_defence_and_keep_fortunes_are_not_played_in_ones_own_turn():
    """cp-no-defence-in-turn: a defence card waits for a destiny played on you; a keep card
    only scores at the end; neither is offered as a play in your turn."""
    s, _, _ = job_state([card_with("defence"), card_with("keep"), card_with("hours")])
    played = {a.card for a in s.legal_actions() if type(a) is PlayFortune}
    assert played == {card_with("hours")}


def test_identical_jobs_are_redrawn_at_most_three_times_a_turn():
    """cp-redraw-cap: with two jobs for the same block the redraw is offered, but not after
    the third redraw of the turn."""
    bank = tile_of("BANK")
    s = build([("HQ0", 0, 0, 0), (bank, 1, 0, 0), ("HQ1", 2, 0, 0)])
    by_target: dict[tuple[str, str], list[str]] = {}
    for j, d in jobs().items():
        by_target.setdefault((d.location, d.colour), []).append(j)
    pair = next(v for v in by_target.values() if len(v) >= 2)[:2]
    for j in pair:
        s.decks[0].draw_pile.remove(j)
    s.decks[0].draw_pile[0:0] = s.hands[0]
    s.hands[0] = list(pair)
    refresh(s)
    assert REDRAW in s.legal_actions()
    s.redraws = REDRAW_CAP
    refresh(s)
    assert REDRAW not in s.legal_actions()


def test_a_turn_of_60_decisions_offers_only_the_end():
    """cp-turn-cap: after 60 decisions in one turn, only "end turn" is left."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 2)])
    give_fortune(s, 0, card_with("hours"))
    assert len(s.legal_actions()) > 1
    s.turn_steps = TURN_STEP_CAP
    refresh(s)
    assert tuple(s.legal_actions()) == (END_TURN,)
