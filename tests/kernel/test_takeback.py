"""Taking back a decision (Match.undo, issue 26 §2): allowed while it revealed nothing and no
other seat has acted since; refused after a die roll, a hidden card shown, another seat's move;
the record keeps only what was finally played. Played on Pot Luck (tests/fixtures/pot_luck.py)
with its hidden deck: a bid, then sealing it, then a roll, a peek at the deck or the end of the
turn."""

from __future__ import annotations

from tabletop.match import CHANCE, NOTHING, OTHERS, SHOWN, Match
from tabletop.record import Record, replay
from tests.fixtures.pot_luck import GAME, Bid, Done, Peek, Roll, Seal

SEAL, ROLL, PEEK, DONE = Seal(), Roll(), Peek(), Done()


def match() -> Match:
    return Match(GAME, 2, 3, {"peek": True}, seats=["human", "random"])


def test_a_bid_that_showed_nothing_can_be_taken_back_and_leaves_no_trace() -> None:
    m = match()
    before = m.state.observation(0)
    m.play(Bid(4), undoable=True)
    assert m.can_undo(0) and not m.can_undo(1)
    assert m.undo() == Bid(4)
    assert m.state.observation(0) == before
    assert m.record.actions == [] and m.steps == 0
    m.play(Bid(2), undoable=True)
    assert replay(Record.from_json(m.record.to_json()), GAME).coins == [8, 10]


def test_a_die_roll_cannot_be_taken_back() -> None:
    m = match()
    for action in (Bid(1), SEAL, ROLL):
        m.play(action, undoable=True)
    assert not m.can_undo(0) and m.undo_refusal(0) == CHANCE


def test_a_card_drawn_from_the_hidden_deck_cannot_be_taken_back() -> None:
    m = match()
    for action in (Bid(1), SEAL, PEEK):  # no dice: the card was already in place, unseen
        m.play(action, undoable=True)
    assert not m.can_undo(0) and m.undo_refusal(0) == SHOWN


def test_another_seats_move_ends_the_chance() -> None:
    m = match()
    for action in (Bid(1), SEAL, DONE):
        m.play(action, undoable=True)
    assert m.can_undo(0)  # nobody has moved since: Player 1 may still change his mind
    m.play(m.bot_action())  # Player 2's bot moves
    assert not m.can_undo(0) and not m.can_undo(1)
    assert m.undo_refusal(0) == OTHERS and m.undo_refusal(1) == NOTHING


def test_a_bots_move_is_never_taken_back() -> None:
    m = Match(GAME, 2, 3, {"peek": True}, seats=["random", "random"])
    m.play(m.bot_action())
    assert not m.can_undo(0)


def test_several_decisions_of_the_same_seat_come_back_one_at_a_time() -> None:
    m = match()
    for action in (Bid(3), SEAL, DONE):
        m.play(action, undoable=True)
    assert m.undo() == DONE and m.can_undo(0)
    assert m.undo() == SEAL and m.undo() == Bid(3) and not m.can_undo(0)
    assert m.record.actions == []


def test_events_are_narrated_again_from_before_the_undone_move() -> None:
    m = match()
    m.take_events()
    m.play(Bid(5), undoable=True)
    assert [e.text for e in m.take_events()] == ["Player 1 bids 5 coins (pot 5)"]
    m.undo()
    m.play(Bid(6), undoable=True)
    assert [e.text for e in m.take_events()] == ["Player 1 bids 6 coins (pot 6)"]
