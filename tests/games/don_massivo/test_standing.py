"""``evaluate`` (``standing.py``): a seat's chance of winning for search agents, fitted to
heuristic games; in range, summing to 1, reading nothing hidden, richer is better."""

from __future__ import annotations

import pytest
from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.actions import BANK, EAST, PRISON, VILLA, WEST
from tabletop_games.don_massivo.state import DonMassivoState

from tabletop.match import Match
from tabletop.rng import Rng

from .conftest import Table, gangster, loot


def _heuristic_game(seed: int, players: int) -> list[DonMassivoState]:
    """Every position of a heuristic self-play game (each a copy), the end included."""
    match = Match(GAME, players, seed, None, ["heuristic"] * players, keep_record=False)
    seen = []
    while not match.state.is_over:
        seen.append(match.state.clone())
        match.play(match.bot_action())
    seen.append(match.state)
    return seen


@pytest.mark.parametrize(("seed", "players"), [(2, 2), (3, 3)])
def test_evaluate_stays_in_range_and_reads_nothing_hidden(seed: int, players: int) -> None:
    """Through whole games: every value lies in [0, 1], the seats' values sum to 1 before the
    end, and a seat's value in any world its determinization draws (other hands, face-down
    cards and the split of face-down notes, the piles, sealed stakes resampled) is its value
    in the real one. At the decided end the winner has 1 and the others 0."""
    rng = Rng.from_seed(7)
    steps = set()
    positions = _heuristic_game(seed, players)
    for s in positions[::3]:
        values = [s.evaluate(p) for p in range(players)]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert abs(sum(values) - 1.0) < 1e-9
        steps.add(s.step)
        for p in range(players):
            assert s.determinize(p, rng).evaluate(p) == values[p], (s.step, p)
    assert {"move", "locations", "refresh_money"} <= steps
    end = positions[-1]
    assert end.is_over and len(end.winners) == 1
    assert [end.evaluate(p) for p in range(players)] == [
        1.0 if p in end.winners else 0.0 for p in range(players)]


def _duel(table: Table) -> DonMassivoState:
    """Two players at the start of Player 1's phase 2, $20,000 each in the pile."""
    s = table.new(2, [[WEST, EAST], [BANK, EAST]])
    for seat in range(2):
        table.money(s, seat, pile=20)
    return s


def test_more_money_stands_higher(table: Table) -> None:
    """$10,000 more lifts the seat's chance and lowers its rival's; the more so the nearer
    the race is to its end."""
    s = _duel(table)
    even = s.evaluate(1)
    table.money(s, 1, pile=30)
    assert s.evaluate(1) > even and s.evaluate(0) < 1 - even
    late = _duel(table)
    table.money(late, 0, pile=80)
    table.money(late, 1, pile=80)
    late_even = late.evaluate(1)
    table.money(late, 1, pile=90)
    assert late.evaluate(1) - late_even > s.evaluate(1) - even


def test_display_money_counts_more_at_the_bank(table: Table) -> None:
    """Money face up in the display earns interest while a token stands at the Bank
    (rulebook section: Bank); Player 2 holds one there, Player 1 none: moving $10,000 from
    pile to display lifts Player 2 and leaves Player 1 where he stood."""
    s = _duel(table)
    before = [s.evaluate(p) for p in range(2)]
    table.money(s, 1, pile=10, shown=10)
    assert s.evaluate(1) > before[1]
    t = _duel(table)
    table.money(t, 0, pile=10, shown=10)
    assert t.evaluate(0) == pytest.approx(before[0])


def test_gangsters_and_loot_stand_higher(table: Table) -> None:
    """A Gangster card in hand, a Stooge card in hand and a gangster guarding the display
    each lift the seat."""
    s = _duel(table)
    base = s.evaluate(0)
    table.hand(s, 0, gangsters=[gangster("money", 2)])
    with_gangster = s.evaluate(0)
    assert with_gangster > base
    table.hand(s, 0, stooges=[loot("art", 3)])
    with_loot = s.evaluate(0)
    assert with_loot > with_gangster
    table.display(s, 0, [gangster("art", 3)])
    assert s.evaluate(0) > with_loot


def test_prison_stands_lower(table: Table) -> None:
    """A token in the Prison (bail to pay, a location lost) lowers the seat."""
    free = _duel(table)
    jailed = _duel(table)
    jailed.tokens[0][0] = PRISON  # as after a failed robbery
    assert jailed.evaluate(0) < free.evaluate(0)


def test_three_players_share_by_standing(table: Table) -> None:
    """With three players the richest stands first and the values still sum to 1."""
    s = table.new(3, [[WEST, EAST], [BANK, EAST], [VILLA, WEST]])
    for seat, amount in enumerate((10, 30, 20)):
        table.money(s, seat, pile=amount)
    values = [s.evaluate(p) for p in range(3)]
    assert values[1] > values[2] > values[0]
    assert sum(values) == pytest.approx(1.0)
