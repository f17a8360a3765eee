"""``view.position``, the heuristic bot's view: the determinization with the unseen Gangster
and Stooge cards and the hidden Fence cards sorted instead of shuffled, the generator left
where ``determinize`` leaves it, and the bot's choices the same from both views."""

from __future__ import annotations

from tabletop_games.don_massivo.agents import HeuristicAgent

from tabletop.agents.personality import Personality
from tabletop.rng import Rng
from tests.positions import choice_differs, heuristic_positions


def test_the_position_is_the_determinization_but_for_the_order_of_the_unseen_cards() -> None:
    """Same generator state after both, the seat's observation the same, the same unseen
    cards (the others' hands and face-down Gangsters with the draw pile, the others' unshown
    Stooges with theirs, the hidden Fence cards) and every count; only their order differs."""
    checked = 0
    for n, s in enumerate(heuristic_positions("don_massivo", 2, 3, 5)
                          + heuristic_positions("don_massivo", 4, 5, 9)):
        seat = s.to_act
        a, b = Rng.from_seed(n, "a"), Rng.from_seed(n, "a")
        world, pos = s.determinize(seat, a), s.position(seat, b)
        assert a.state == b.state and pos.rng == world.rng
        assert pos.observation(seat) == world.observation(seat) == s.observation(seat)
        others = [p for p in range(s.players) if p != seat]
        for w in (pos, world):
            assert sorted(w.gangsters.draw_pile + [c for p in others
                                                   for c in w.hand_g[p] + w.down_g[p]]) == sorted(
                s.gangsters.draw_pile + [c for p in others for c in s.hand_g[p] + s.down_g[p]])
        assert pos.gangsters.draw_pile == sorted(pos.gangsters.draw_pile)
        assert pos.stooges.draw_pile == sorted(pos.stooges.draw_pile)
        # with the cards of the determinization put in, the position is that world
        pos.gangsters, pos.stooges, pos.fence_piles = world.gangsters, world.stooges, \
            world.fence_piles
        pos.hand_g, pos.down_g, pos.hand_s = world.hand_g, world.down_g, world.hand_s
        assert pos == world
        checked += 1
    assert checked > 40


def test_the_heuristic_chooses_alike_from_the_position_and_from_the_determinization() -> None:
    """The bot reads no other seat's hidden cards and no pile's order: in every sampled
    position of a 2- and a 4-player game it makes the same choice, and leaves its generator
    in the same state, from either view, whatever its personality."""
    agents = [HeuristicAgent(), HeuristicAgent(Personality(aggression=1.0, caution=0.0)),
              HeuristicAgent(Personality(aggression=0.0, caution=1.0))]
    states = (heuristic_positions("don_massivo", 2, 7, 2)
              + heuristic_positions("don_massivo", 4, 8, 3))
    assert len(states) > 100
    assert choice_differs(states, agents) == ""
