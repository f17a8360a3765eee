"""The web table's feed shows what a bot said with its move (``State.talk``), under the move
line and worded for each reader ("your Casino" to its owner), as ``tabletop play`` does."""

from __future__ import annotations

from tabletop import registry
from tabletop.components.log import EVERYONE
from tabletop.match import Match
from tabletop.web.tables import narrate
from tabletop.web.views import Entry, feed_json


def test_an_entry_shows_each_reader_the_talk_addressed_to_him() -> None:
    said = ("I'm going after your Casino.", "I'm going after Player 1's Casino.",
            "I'm going after Player 1's Casino.")
    entry = Entry(4, 1, "heuristic", "attacks", "attacks", (), said)
    assert entry.lines(0)[1] == '     Player 2: "I\'m going after your Casino."'
    assert entry.lines(None)[1] == '     Player 2: "I\'m going after Player 1\'s Casino."'
    assert entry.lines(EVERYONE)[1] == entry.lines(None)[1]
    assert len(Entry(4, 1, "heuristic", "attacks", "attacks", ()).lines(0)) == 1


def test_a_bots_table_feed_carries_their_talk() -> None:
    game = registry.get("crime_lords")
    match = Match(game, 3, 5, None, ["heuristic"] * 3)
    match.run(400)
    _, entries = narrate(game, match.record, upto=len(match.record.actions), live=True)
    lines = [line for item in feed_json(entries, 0) for line in item["lines"]]
    talk = [line for line in lines if line.startswith('     Player ') and ': "' in line]
    assert talk, "no bot said anything in 400 moves of Crime Lords"
