"""``view.position``, the heuristic bot's view: the determinization without its four shuffles
(sorted instead), the generator left where ``determinize`` leaves it, and the bot's choices
the same from both views."""

from __future__ import annotations

from typing import Any

from tabletop_games.crimopolis.agents import HeuristicAgent
from tabletop_games.crimopolis.state import CrimopolisState

from tabletop.agents.personality import Personality
from tabletop.rng import Rng
from tests.positions import choice_differs
from tests.positions import heuristic_positions as positions

JOBS, NEWS, FORTUNES = 0, 1, 2


def heuristic_positions(players: int, seed: int, every: int) -> list[Any]:
    """Every ``every``-th position of a game of heuristic self-play."""
    return positions("crimopolis", players, seed, every)


def unseen(s: CrimopolisState, seat: int) -> list[list[str]]:
    """What ``seat`` cannot see, pool by pool (each sorted): the jobs (the unseen pile, the
    others' hands and pending keep choices), the fortunes (pile and others' hands), the news
    pile below its public bottom, the tile stack."""
    others = [p for p in range(s.players) if p != seat]
    keep_top = 1 if s.job_top_known == seat and s.decks[JOBS].draw_pile else 0
    pile = s.decks[JOBS].draw_pile
    jobs = pile[s.pub_bottom[JOBS]:len(pile) - keep_top]
    jobs += [j for p in others for j in s.hands[p]]
    jobs += [j for p in s.prompts if p.kind == "keep" and p.seat != seat for j in p.options]
    fortunes = s.decks[FORTUNES].draw_pile[s.pub_bottom[FORTUNES]:]
    if not s.is_over:
        fortunes += [f for p in others for f in s.fortune_hands[p]]
    news = s.decks[NEWS].draw_pile[s.pub_bottom[NEWS]:]
    return [sorted(jobs), sorted(fortunes), sorted(news), sorted(s.tile_stack)]


def test_the_position_is_the_determinization_but_for_the_order_of_what_is_unseen() -> None:
    """Same generator state after both, same public part (the seat's observation, its own
    cards, every count), the same unseen cards in each pool; only where they lie differs:
    sorted in the position (piles, stack and the others' hands dealt from the sorted pool)."""
    checked = 0
    for n, s in enumerate(heuristic_positions(2, 3, 7) + heuristic_positions(4, 5, 11)):
        seat = s.to_act
        a, b = Rng.from_seed(n, "a"), Rng.from_seed(n, "a")
        world, pos = s.determinize(seat, a), s.position(seat, b)
        assert a.state == b.state and pos.rng == world.rng
        assert pos.observation(seat) == world.observation(seat) == s.observation(seat)
        assert unseen(pos, seat) == unseen(world, seat) == unseen(s, seat)
        assert pos.tile_stack == sorted(pos.tile_stack)
        news = pos.decks[NEWS].draw_pile[pos.pub_bottom[NEWS]:]
        assert news == sorted(news)
        # with the hidden parts of the determinization put in, the position is that world
        pos.decks, pos.tile_stack = world.decks, world.tile_stack
        pos.hands, pos.fortune_hands, pos.prompts = world.hands, world.fortune_hands, world.prompts
        assert pos == world
        checked += 1
    assert checked > 40


def test_the_heuristic_chooses_alike_from_the_position_and_from_the_determinization() -> None:
    """The bot reads no other gang's hidden cards and no pile's order (it plays a fortune on
    a copy only to see whether a job becomes possible, which draws nothing): in every sampled
    position of a 2- and a 4-player game it makes the same choice, and leaves its generator
    in the same state, from either view, whatever its personality."""
    agents = [HeuristicAgent(), HeuristicAgent(Personality(aggression=1.0, caution=0.0)),
              HeuristicAgent(Personality(aggression=0.0, caution=1.0))]
    states = heuristic_positions(2, 7, 2) + heuristic_positions(4, 8, 3)
    assert len(states) > 100
    assert choice_differs(states, agents) == ""
