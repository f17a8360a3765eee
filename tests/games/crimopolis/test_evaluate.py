"""``evaluate``, the search's judgement of a position: a chance of winning from 0 to 1 that
moves with what is in play (held blocks, jobs within reach, fortunes, gangsters), not only
with what has scored, and that reads nothing the judging seat cannot see."""

from __future__ import annotations

from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.agents import HeuristicAgent
from tabletop_games.crimopolis.cards import fortunes, jobs
from tabletop_games.crimopolis.scenario import (
    build,
    card_with,
    give_fortune,
    give_job,
    job_for,
    tile_of,
)
from tabletop_games.crimopolis.scoring import final_scores
from tabletop_games.crimopolis.state import CrimopolisState
from tabletop_games.crimopolis.views import perturb

from tabletop.rng import Rng


def heuristic_positions(seed: int, every: int = 15) -> list[CrimopolisState]:
    """Positions of a two-player heuristic game, one every ``every`` decisions."""
    s = GAME.new_state(2, seed)
    agent, rng = HeuristicAgent(), Rng(seed)
    out = []
    while not s.is_over:
        if s.steps % every == 0:
            out.append(s.clone())
        s.apply(agent.choose(s.determinize(s.to_act, rng), s.legal_actions(), rng))
    return out


def bank_city(pieces: list[tuple[str, int, int]]) -> CrimopolisState:
    """Player 1's HEADQUARTERS, a BANK and a PARK & MARKET-like pair of blocks to hold, and
    Player 2's HEADQUARTERS; no job in either hand can be done here (both need a LAKE)."""
    s = build([("HQ0", 0, 0, 0), (tile_of("BANK"), 1, 0, 0), (tile_of("CASINO"), 1, 1, 0),
               ("HQ1", 2, 0, 0)], pieces)
    give_job(s, 0, job_for("LAKE"))
    give_job(s, 1, job_for("LAKE", min_crew=1))
    return s


def test_values_lie_in_0_1_and_two_seats_share_about_one():
    """Through a whole game: each value in [0, 1]; for two seats the two judgements, each
    from its own seat's knowledge, add up to about 1 (a chance of winning each)."""
    for s in heuristic_positions(4):
        a, b = s.evaluate(0), s.evaluate(1)
        assert 0.0 <= a <= 1.0 and 0.0 <= b <= 1.0
        assert abs(a + b - 1.0) < 0.3, (s.steps, a, b)


def test_evaluate_moves_between_scores():
    """The score if the game ended now changes only when something scores; the evaluation
    moves with what is in play too, so far more often over Player 1's decisions of a
    heuristic game (what lets a search of a few decisions tell its candidates apart)."""
    s = GAME.new_state(2, 6)
    agent, rng = HeuristicAgent(), Rng(6)
    scored = moved = 0
    while s.phase == "setup":
        s.apply(agent.choose(s.determinize(s.to_act, rng), s.legal_actions(), rng))
    for _ in range(120):
        mine = s.to_act == 0
        totals, before = final_scores(s), s.evaluate(0)
        s.apply(agent.choose(s.determinize(s.to_act, rng), s.legal_actions(), rng))
        if mine:
            scored += final_scores(s) != totals
            moved += s.evaluate(0) != before
    assert moved > 3 * scored > 0, (moved, scored)


def test_a_seat_holding_more_blocks_scores_higher():
    """INFLUENCE (1 per small block held at the end): with everything else equal, Player 1
    holding the BANK and the CASINO is better off than holding the BANK alone, and better
    than holding nothing; Player 2 sees the same the other way round."""
    none = bank_city([("b0,0", 0, 1), ("b2,0", 1, 2)])
    one = bank_city([("b0,0", 0, 1), ("b2,0", 1, 2), ("b1,0", 0, 1)])
    two = bank_city([("b0,0", 0, 1), ("b2,0", 1, 2), ("b1,0", 0, 1), ("b1,1", 0, 1)])
    assert none.evaluate(0) < one.evaluate(0) < two.evaluate(0)
    assert none.evaluate(1) > one.evaluate(1) > two.evaluate(1)


def test_a_gangster_next_to_its_jobs_block_scores_higher():
    """EXECUTE A JOB: a job whose block is one step away is more likely done than the same
    job with the gangster still in the HEADQUARTERS, so the position is worth more."""
    job = job_for("BANK", max_crew=1)
    bank = tile_of("BANK", jobs()[job].colour)
    layout = [("HQ0", 0, 0, 0), (bank, 1, 0, 0), ("HQ1", 2, 0, 0)]
    home = build(layout, [("b0,0", 0, 1), ("b2,0", 1, 1)])
    near = build(layout, [("s1,0N", 0, 1), ("b2,0", 1, 1)])
    for s in (home, near):
        give_job(s, 0, job)
        give_job(s, 1, job_for("LAKE"))
    assert near.evaluate(0) > home.evaluate(0)


def test_a_fortune_in_hand_is_worth_something():
    """INVEST IN A FORTUNE / HIDDEN FORTUNES: a fortune with game-end prestige in hand makes
    the seat's position better than an empty hand."""
    s = bank_city([("b0,0", 0, 1), ("b2,0", 1, 1)])
    before = s.evaluate(0)
    give_fortune(s, 0, next(c for c, d in fortunes().items() if d.game_end >= 2))
    assert s.evaluate(0) > before


def test_evaluate_is_1_or_0_at_the_end():
    s = GAME.new_state(2, 3, {"max_rounds": 5})
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    winners = s.result().winners
    for seat in range(2):
        assert s.evaluate(seat) == (1.0 / len(winners) if seat in winners else 0.0)


def test_evaluate_reads_nothing_hidden():
    """HIDDEN INFORMATION: a seat's judgement is the same in every world its own
    determinization draws and when a rival's job or fortune is swapped for an unseen card,
    since search runs it on such worlds."""
    checked = 0
    for s in heuristic_positions(8, every=20):
        for seat in range(2):
            value = s.evaluate(seat)
            for k in range(3):
                assert s.determinize(seat, Rng(k)).evaluate(seat) == value
                other = perturb(s, seat, Rng(k))
                if other is not None:
                    assert other.evaluate(seat) == value
                    checked += 1
    assert checked > 10


def test_a_rivals_fortunes_count_by_number_not_by_face():
    """A rival's fortunes are hidden: holding a 5-prestige keeper or a plain one is the same
    to Player 1's judgement, while Player 1's own keeper counts at its face value."""
    keeper = max(fortunes(), key=lambda c: fortunes()[c].game_end)
    plain = card_with("hours", amount=2)
    a = bank_city([("b0,0", 0, 1), ("b2,0", 1, 1)])
    b = bank_city([("b0,0", 0, 1), ("b2,0", 1, 1)])
    give_fortune(a, 1, keeper)
    give_fortune(b, 1, plain)
    assert a.evaluate(0) == b.evaluate(0)
    assert a.evaluate(1) > b.evaluate(1)
