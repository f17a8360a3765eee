"""Taking back a decision (Match.undo, issue 26 §2): allowed while it revealed nothing and no
other seat has acted since; refused after a die roll, a hidden card shown, another seat's move;
the record keeps only what was finally played."""

from __future__ import annotations

from tabletop.match import Match
from tabletop.record import Record, replay
from tests.fixtures.amount_game import GAME, PEEK, ROLL, STOP, Bid


def match() -> Match:
    return Match(GAME, 2, 3, seats=["human", "random"])


def test_a_bid_that_showed_nothing_can_be_taken_back_and_leaves_no_trace() -> None:
    m = match()
    before = m.state.observation(0)
    m.play(Bid(4), undoable=True)
    assert m.can_undo(0) and not m.can_undo(1)
    assert m.undo() == Bid(4)
    assert m.state.observation(0) == before
    assert m.record.actions == [] and m.steps == 0
    m.play(Bid(2), undoable=True)
    assert replay(Record.from_json(m.record.to_json()), GAME).money == [8, 10]


def test_a_die_roll_cannot_be_taken_back() -> None:
    m = match()
    m.play(Bid(1), undoable=True)
    m.play(ROLL, undoable=True)
    assert not m.can_undo(0)


def test_a_card_drawn_from_the_hidden_deck_cannot_be_taken_back() -> None:
    m = match()
    m.play(Bid(1), undoable=True)
    m.play(PEEK, undoable=True)  # no dice: the card was already in place, but unseen
    assert not m.can_undo(0)


def test_another_seats_move_ends_the_chance() -> None:
    m = match()
    m.play(Bid(1), undoable=True)
    m.play(STOP, undoable=True)
    assert m.can_undo(0)  # nobody has moved since: Player 1 may still change his mind
    m.play(m.bot_action())  # Player 2's bot moves
    assert not m.can_undo(0) and not m.can_undo(1)


def test_a_bots_move_is_never_taken_back() -> None:
    m = Match(GAME, 2, 3, seats=["random", "random"])
    m.play(m.bot_action())
    assert not m.can_undo(0)


def test_several_decisions_of_the_same_seat_come_back_one_at_a_time() -> None:
    m = match()
    m.play(Bid(3), undoable=True)
    m.play(STOP, undoable=True)
    assert m.undo() == STOP and m.can_undo(0)
    assert m.undo() == Bid(3) and not m.can_undo(0)
    assert m.record.actions == []


def test_events_are_narrated_again_from_before_the_undone_move() -> None:
    m = match()
    m.take_events()
    m.play(Bid(5), undoable=True)
    assert [e.text for e in m.take_events()] == ["Player 1 puts 5 G into the pot"]
    m.undo()
    m.play(Bid(6), undoable=True)
    assert [e.text for e in m.take_events()] == ["Player 1 puts 6 G into the pot"]
