"""Cards and terms explained where they are used: the glossary (``i WORDS``), the options as
``tabletop rules`` documents them, and an effect for every card."""

from __future__ import annotations

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.cards import CARDS, EFFECTS, SPEAKEASIES, TRUCKS
from tabletop_games.bootleggers.effects import EFFECT_RULES

from tabletop.options import option_infos


def test_every_card_speakeasy_and_truck_size_has_an_entry():
    glossary = GAME.glossary()
    for d in CARDS.values():
        assert glossary[d.name].endswith(d.text)
    for d in SPEAKEASIES:
        assert d.name in glossary
    for t in TRUCKS.values():
        assert f"Carries {t.capacity} crates" in glossary[t.name]
    assert "costs money: 1-12 cost $0G, 13-27 cost $1G, 28-45 cost $2G" in glossary[
        "Muscle card"]


@pytest.mark.parametrize("words", ["copper", "heat", "graft", "influence", "speakeasy",
                                   "back room", "dock", "small truck", "medium truck",
                                   "large truck", "still", "muscle", "thug"])
def test_the_terms_of_the_table_are_found_by_i_words(words):
    """What ``i WORDS`` finds: an entry whose name contains the words."""
    assert any(words in name.lower() for name in GAME.glossary())


def test_thug_entries_say_when_they_may_be_played():
    glossary = GAME.glossary()
    assert glossary["Hey, Free Truck"].startswith(
        "Thug card, played only once every truck is loaded, or with the trucks at the docks:")
    assert glossary["Hit"].startswith("Thug card, played whenever Muscle cards are shown:")


def test_options_say_what_they_mean():
    infos = option_infos(type(GAME.make_options(None)))
    assert "8 rounds" in infos["short_game"].help
    assert "Send in the Boys" in infos["advanced_influence"].help


def test_every_effect_of_the_vocabulary_is_implemented_once():
    assert set(EFFECT_RULES) == set(EFFECTS)
