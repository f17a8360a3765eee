"""The heuristic bot takes the headline mechanics when they are clearly right (take-overs,
Safe Houses, held blocks), its personalities differ, and ``evaluate`` ranks positions."""

from __future__ import annotations

from tabletop_games.crimopolis.actions import Move, PlaceTile, TakeOver
from tabletop_games.crimopolis.agents import HeuristicAgent
from tabletop_games.crimopolis.scenario import build, give_job, job_for, refresh, tile_of
from tabletop_games.crimopolis.state import Prompt

from tabletop.agents.personality import Personality
from tabletop.rng import Rng

BOLD = Personality(aggression=1.0, caution=0.0)
CAREFUL = Personality(aggression=0.0, caution=1.0)


def choose(agent, s):
    return agent.choose(s.clone(), s.legal_actions(), Rng(1))


def test_evaluate_is_between_0_and_1_and_higher_for_a_clearly_better_seat():
    """evaluate: the seat far ahead scores above one half, the one far behind below it."""
    bank = tile_of("BANK")
    s = build([("HQ0", 0, 0, 0), (bank, 1, 0, 0), ("HQ1", 2, 0, 0)], [("b1,0", 0, 1)])
    s.prestige = [15, 2]
    ahead, behind = s.evaluate(0), s.evaluate(1)
    assert 0.0 <= behind < 0.5 < ahead <= 1.0
    s.prestige = [2, 2]  # only the BANK held by Player 1 (1 influence) tells them apart
    assert s.evaluate(0) > s.evaluate(1)


def test_the_bot_takes_over_a_weakly_held_block_when_no_job_calls():
    """TAKE OVER A CITY BLOCK: 2 gangsters next to a BANK Player 2 holds with 1, no job in
    reach: the bot takes it over (+1 prestige, +1 body, the influence is now its own)."""
    bank = tile_of("BANK")
    s = build([("HQ0", 0, 0, 0), (bank, 1, 0, 0), ("HQ1", 2, 0, 0)],
              [("b1,0", 1, 1), ("s1,0N", 0, 2)])
    give_job(s, 0, job_for("LAKE"))
    act = choose(HeuristicAgent(), s)
    assert type(act) is TakeOver and act.block == "b1,0"


def test_the_bot_leaves_a_gangster_behind_to_hold_a_block():
    """INFLUENCE: after a job its gangster stays in the BANK rather than walk off exploring."""
    bank = tile_of("BANK")
    s = build([("HQ0", 0, 0, 0), (bank, 1, 0, 0), ("HQ1", 2, 0, 0)],
              [("b1,0", 0, 1)])
    give_job(s, 0, job_for("LAKE"))
    assert any(type(a) is Move and a.src == "b1,0" for a in s.legal_actions())
    act = choose(HeuristicAgent(), s)
    assert not (type(act) is Move and act.src == "b1,0")


def far_exploration():
    """Player 1 explores the cell 4 east of its HEADQUARTERS; the revealed tiles are not the
    LAKE its job needs."""
    row = [tile_of("BANK", skip=k) for k in range(3)]
    s = build([("HQ0", 0, 0, 0), *((t, k + 1, 0, 0) for k, t in enumerate(row)),
               ("HQ1", 0, 1, 0)], [("s3,0E", 0, 1)])
    give_job(s, 0, job_for("LAKE"))
    s.revealed = [tile_of("HOTEL"), tile_of("CASINO")]
    s.tile_stack = [t for t in s.tile_stack if t not in s.revealed]
    s.prompts.append(Prompt("explore", 0, cell=(4, 0)))
    refresh(s)
    return s


def test_a_careful_bot_places_its_safe_house_far_from_home_and_a_bold_one_does_not_yet():
    """EXPLORE THE CITY: 'Instead of choosing a revealed tile, you can place your SAFE HOUSE';
    the personalities differ in how far from home that starts to pay."""
    s = far_exploration()
    assert {a.tile for a in s.legal_actions()} >= {"SH0", *s.revealed}
    careful = choose(HeuristicAgent(CAREFUL), s)
    bold = choose(HeuristicAgent(BOLD), s)
    assert type(careful) is PlaceTile and careful.tile == "SH0"
    assert type(bold) is PlaceTile and bold.tile != "SH0"


def test_personalities_set_different_leanings():
    bold, careful = HeuristicAgent(BOLD), HeuristicAgent(CAREFUL)
    assert bold.max_defenders > careful.max_defenders
    assert bold.trades and not careful.trades
    assert careful.hold > bold.hold
