"""EventLog: events as data (kind, words, who sees them); readers ask for what is new since
their mark, even after old entries were dropped, and see only what they may."""

from __future__ import annotations

from tabletop.components import EventLog
from tabletop.components.log import EVERYONE, Event
from tabletop.narration import event_lines


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def test_since_gives_the_new_events_after_a_mark() -> None:
    log = EventLog()
    log.add("note", "a")
    mark = log.total
    log.add("note", "b")
    log.add("roll", "c")
    assert texts(log.since(mark)) == ["b", "c"] and log.since(log.total) == []
    assert [e.kind for e in log.since(mark)] == ["note", "roll"]


def test_old_events_are_dropped_but_marks_stay_valid() -> None:
    log = EventLog(keep=3)
    for text in "abcdef":
        log.add("note", text)
    assert texts(log.entries) == ["d", "e", "f"] and log.total == 6
    assert texts(log.since(4)) == ["e", "f"]
    assert texts(log.since(0)) == ["d", "e", "f"]  # what is still kept
    assert log.recent(2) == ["e", "f"] and log.recent(0) == []


def test_a_private_event_reaches_its_seat_and_omniscient_readers_only() -> None:
    log = EventLog()
    log.add("lay", "Player 1 lays the 7")
    log.add("draw", "you draw the Ace of spades", to=0)
    log.add("draw", "you draw the 2 of hearts", to=1)
    assert log.view(0) == ["Player 1 lays the 7", "you draw the Ace of spades"]
    assert log.view(1) == ["Player 1 lays the 7", "you draw the 2 of hearts"]
    assert log.view(None) == ["Player 1 lays the 7"]  # a spectator
    assert texts(log.since(0, 1)) == ["Player 1 lays the 7", "you draw the 2 of hearts"]
    assert len(log.since(0, EVERYONE)) == 3
    assert log.recent(1, 0) == ["you draw the Ace of spades"]
    assert log.recent(1, None) == ["Player 1 lays the 7"]


def test_narration_marks_private_events_and_never_shows_them_to_others() -> None:
    events = [Event("lay", "Player 1 lays the 7"), Event("draw", "draws the Ace", to=0)]
    assert event_lines(events, 0) == ["     > Player 1 lays the 7", "     > (only you) draws the Ace"]
    assert event_lines(events, 1) == ["     > Player 1 lays the 7"]
    assert event_lines(events, None) == ["     > Player 1 lays the 7"]
    assert event_lines(events, EVERYONE)[1] == "     > (only Player 1) draws the Ace"


def test_clone_is_independent() -> None:
    log = EventLog()
    copy = log.clone()
    log.add("note", "x")
    assert copy.entries == [] and copy.total == 0


def test_a_seats_log_leaves_the_others_private_events_out_and_keeps_marks() -> None:
    log = EventLog(keep=5)
    log.add("lay", "a")
    log.add("draw", "you draw the Ace", to=1)
    log.add("draw", "you draw the 2", to=0)
    log.add("lay", "b")
    mine = log.for_seat(0)
    assert texts(mine.entries) == ["a", "you draw the 2", "b"] and mine.total == 4
    assert mine.hidden_from(0) == [] and texts(log.hidden_from(0)) == ["you draw the Ace"]
    for mark in range(5):
        assert mine.since(mark, 0) == log.since(mark, 0)
    mark = mine.total
    for text in "cdefg":  # a bot plays on in its copy: marks stay right as old entries go
        mine.add("lay", text)
        log.add("lay", text)
    assert mine.clone().since(mark - 1, 0) == log.since(mark - 1, 0)
    assert texts(mine.since(mark)) == list("cdefg") and len(mine.entries) == 5
    assert log.for_seat(None).view(None) == log.view(None)
    assert log.for_seat(EVERYONE) == log and log.numbers is None


def test_a_seats_log_is_stored_as_any_log() -> None:
    """Where each entry stood is for the copy a bot plays on, never part of a snapshot."""
    from tabletop.serialization import unstructure

    log = EventLog()
    log.add("draw", "you draw the Ace", to=1)
    log.add("lay", "a")
    assert set(unstructure(log)) == {"entries", "total", "keep"}
    assert unstructure(log.for_seat(0)) == {"entries": [{"kind": "lay", "text": "a",
                                                        "to": None}], "total": 2, "keep": 60}
