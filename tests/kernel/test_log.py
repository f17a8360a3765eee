"""EventLog: readers ask for what is new since their mark, even after old lines are dropped."""

from __future__ import annotations

from tabletop.components import EventLog


def test_since_gives_the_new_events_after_a_mark() -> None:
    log = EventLog()
    log.add("a")
    mark = log.total
    log.add("b")
    log.add("c")
    assert log.since(mark) == ["b", "c"] and log.since(log.total) == []


def test_old_events_are_dropped_but_marks_stay_valid() -> None:
    log = EventLog(keep=3)
    for text in "abcdef":
        log.add(text)
    assert log.entries == ["d", "e", "f"] and log.total == 6
    assert log.since(4) == ["e", "f"]
    assert log.since(0) == ["d", "e", "f"]  # what is still kept
    assert log.recent(2) == ["e", "f"] and log.recent(0) == []


def test_clone_is_independent() -> None:
    log = EventLog()
    copy = log.clone()
    log.add("x")
    assert copy.entries == [] and copy.total == 0
