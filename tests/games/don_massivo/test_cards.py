"""The card data: counts, validation, and refusal of a bad card naming card and field."""

from __future__ import annotations

import pytest
from tabletop_games.don_massivo.cards import (
    CASINO_IDS,
    FENCE_IDS,
    FENCES,
    GANGSTERS,
    KINDS,
    STOOGES,
    FenceCard,
    GangsterCard,
    check_records,
    price,
)

from tabletop.errors import CorruptRecord


# rules dm-gangster-deck, dm-stooge-deck, dm-fence-deck
def test_deck_sizes_and_kinds():
    """Reconstructed components (RULES.md 1): 36 gangsters, 45 stooges, 24 fences, 3 Casinos."""
    assert len(GANGSTERS) == 36 and len(STOOGES) == 45
    assert len(FENCE_IDS) == 24 and len(CASINO_IDS) == 3
    for kind in KINDS:
        assert sum(g.kind == kind for g in GANGSTERS.values()) == 12
        assert sum(s.kind == kind for s in STOOGES.values()) == 15


def test_fence_prices_are_symmetric_between_kinds():
    """Reconstructed: no kind of loot is worth more than another over the whole Fence deck."""
    totals = {k: sum(FENCES[f].prices[k] for f in FENCE_IDS) for k in KINDS}
    assert len(set(totals.values())) == 1


def test_price_is_per_loot_unit():
    """Reconstructed selling: a fence pays its price for the kind times the loot units."""
    launderer = next(f for f in FENCE_IDS if FENCES[f].name == "Launderer")
    money3 = next(s for s, c in STOOGES.items() if c.kind == "money" and c.value == 3)
    assert price(launderer, money3) == 9


@pytest.mark.parametrize("record,field", [
    ({"id": "G-x", "name": "Bad", "kind": "gold", "strength": 1}, "kind"),
    ({"id": "G-y", "name": "Bad", "kind": "art", "strength": 7}, "strength"),
])
def test_a_bad_gangster_is_refused_naming_card_and_field(record, field):
    """A designer's mistake in the data is refused with the card and the field named."""
    with pytest.raises(CorruptRecord, match=rf"{record['id']}.*{field}"):
        check_records([record], GangsterCard, "gangsters.json")


def test_a_fence_must_price_every_kind():
    """A fence without a price for a kind is refused, naming the card and 'prices'."""
    bad = {"id": "F-bad", "name": "Fence", "effect": "buy", "prices": {"money": 1, "art": 1}}
    with pytest.raises(CorruptRecord, match="F-bad.*prices"):
        check_records([bad], FenceCard, "fences.json")
    worse = {**bad, "id": "F-odd", "effect": "juggle",
             "prices": {"money": 1, "art": 1, "jewellery": 1}}
    with pytest.raises(CorruptRecord, match="F-odd.*effect"):
        check_records([worse], FenceCard, "fences.json")


def test_an_extra_field_is_refused_naming_it():
    """A misspelt field in the data is refused, not ignored."""
    bad = {"id": "S-bad", "name": "Bag", "kind": "money", "value": 1, "valeu": 2}
    from tabletop_games.don_massivo.cards import StoogeCard

    with pytest.raises(CorruptRecord, match="S-bad.*valeu"):
        check_records([bad], StoogeCard, "stooges.json")
