"""The deck as data: composition, validation of the data file, and paying with money cards."""

from __future__ import annotations

import sys
from collections import Counter

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.cards import (
    CARDS,
    COST,
    DECK,
    DISTRICTS,
    KIND,
    POINTS,
    VALUE,
    label,
    load_deck,
    payments,
)

from tabletop.errors import CorruptRecord


# rule: ch-deck
def test_the_deck_is_a_standard_54_card_deck_with_the_rulebook_roles() -> None:
    """Rulebook "Game Components": 2-10 money, J/Q/K territories, aces, two jokers."""
    assert len(DECK) == 54 and len(set(DECK)) == 54
    kinds = Counter(KIND[c] for c in DECK)
    assert kinds == {"money": 36, "territory": 12, "hitman": 4, "joker": 2}
    assert {COST[c] for c in DECK if c[0] == "J" and KIND[c] == "territory"} == {10}
    assert {COST[c] for c in DECK if c[0] == "Q"} == {15}
    assert {COST[c] for c in DECK if c[0] == "K"} == {20}
    assert sum(VALUE[c] for c in DECK) == 4 * sum(range(2, 11))


# rule: ch-score
def test_scoring_values_follow_the_rulebook() -> None:
    """Rulebook "Scoring": J 5, Q 10, K 15 points; money a point a dollar."""
    assert POINTS["JH"] == 5 and POINTS["QS"] == 10 and POINTS["KC"] == 15
    assert all(POINTS[c] == VALUE[c] for c in DECK if KIND[c] == "money")
    assert POINTS["AS"] == 0 and POINTS["RJ"] == 0


def test_jokers_carry_their_effects() -> None:
    assert CARDS["RJ"].effect == "police_raid"
    assert CARDS["BJ"].effect == "mob_attack"
    assert CARDS["AD"].effect == "eliminate_henchman"


# rule: ch-districts
def test_every_territory_has_its_own_district() -> None:
    assert len(DISTRICTS) == 12 and len(set(DISTRICTS.values())) == 12
    assert label("QH") == f"Q♥ ({DISTRICTS['QH']})"
    assert label("10S") == "10♠" and label("RJ") == "Police raid joker"


def _write_package(tmp_path, monkeypatch, name: str, toml: str) -> str:
    pkg = tmp_path / name
    (pkg / "data").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "data" / "cards.toml").write_text(toml)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop(name, None)
    return name


GOOD_TERRITORY = '[[cards]]\nid = "J"\nname = "Jack"\nkind = "territory"\ncost = 10\npoints = 5\nsuits = "C"\n'
DISTRICT = '[[districts]]\ncard = "JC"\nname = "Somewhere"\n'


def test_a_valid_small_deck_loads(tmp_path, monkeypatch) -> None:
    name = _write_package(tmp_path, monkeypatch, "deck_ok", GOOD_TERRITORY + DISTRICT)
    cards, districts = load_deck(name)
    assert list(cards) == ["JC"] and districts == {"JC": "Somewhere"}


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ('id = "7"\nname = "Seven"\nkind = "money"\nvalue = 0\nsuits = "C"', ["7", "field value"]),
        ('id = "K"\nname = "King"\nkind = "castle"\nsuits = "C"', ["K", "'kind'"]),
        ('id = "A"\nname = "Ace"\nkind = "hitman"\nsuits = "C"', ["A", "field effect"]),
        ('id = "RJ"\nname = "Raid"\nkind = "joker"\neffect = "teleport"', ["RJ", "'effect'"]),
        ('id = "Q"\nname = "Queen"\nkind = "territory"\ncost = 15\nsuits = "X"', ["Q", "field suits"]),
        ('id = "9"\nname = "Nine"\nkind = "money"\nvalue = 9\nsuits = "C"\ncolour = 1',
         ["9", "colour"]),
    ],
)
def test_a_bad_card_is_refused_naming_the_card_and_the_field(
    tmp_path, monkeypatch, record: str, words: list[str]
) -> None:
    name = _write_package(tmp_path, monkeypatch, "deck_bad_" + str(abs(hash(record)) % 10**8),
                          GOOD_TERRITORY + "[[cards]]\n" + record + "\n" + DISTRICT)
    with pytest.raises(CorruptRecord) as err:
        load_deck(name)
    text = str(err.value)
    assert f"card {words[0]}:" in text and f"{words[1]}" in text.split(f"card {words[0]}:")[1]
    assert "invalid value" not in text


def test_a_territory_without_a_district_is_refused(tmp_path, monkeypatch) -> None:
    name = _write_package(tmp_path, monkeypatch, "deck_nodistrict",
                          GOOD_TERRITORY + '[[districts]]\ncard = "QC"\nname = "X"\n')
    with pytest.raises(CorruptRecord, match="QC"):
        load_deck(name)


# rule: ch-payment
def test_payments_cover_the_price_with_no_card_to_spare() -> None:
    """[decided] no change: any set of money cards that covers the price, none superfluous."""
    hand = ["10H", "5C", "5D", "3S", "AS", "RJ"]
    options = payments(hand, 12)
    for p in options:
        total = sum(VALUE[c] for c in p)
        assert total >= 12
        assert all(total - VALUE[c] < 12 for c in p), f"{p} has a card to spare"
        assert all(KIND[c] == "money" for c in p)
    assert {tuple(sorted(VALUE[c] for c in p)) for p in options} == {
        (5, 10), (3, 10), (3, 5, 5)
    }
    # the 3 is never needed for $10
    assert {tuple(sorted(VALUE[c] for c in p)) for p in payments(hand, 10)} == {(10,), (5, 5)}


# rule: ch-payment
def test_payments_offer_each_set_of_values_once_cheapest_first() -> None:
    hand = ["5C", "5D", "5H", "7S"]
    options = payments(hand, 5)
    assert [tuple(VALUE[c] for c in p) for p in options] == [(5,), (7,)]
    assert payments(["2C", "3D"], 10) == []


def test_the_glossary_explains_every_card_and_term() -> None:
    """`i WORDS` finds every card as the table names it, and the game's own terms."""
    entries = GAME.glossary()
    names = " | ".join(entries)
    for cid in DECK:
        if KIND[cid] in ("territory", "joker"):
            assert label(cid) in entries, label(cid)
    assert "Hit man (ace)" in entries and "Money card (2 to 10)" in entries
    for term in ("Henchman", "Territory", "Bribe", "Battle", "Reshuffle", "Hand limit",
                 "Points showing", "Discard pile", "Draw pile", "Jack", "Queen", "King"):
        assert term in entries, term
    assert "price $20" in entries["K♦ (Gold Coast)"] and "15 points" in entries["K♦ (Gold Coast)"]
    assert "$50" in entries["Bribe"] and "eliminate one henchman" in entries["Hit man (ace)"]
    assert all(len(text) > 20 for text in entries.values()) and "ace" in names
