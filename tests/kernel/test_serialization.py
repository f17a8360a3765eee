"""Snapshots and action encoding: JSON only, equal after a round trip, corrupt input refused."""

from __future__ import annotations

import json

import pytest
from tic_tac_toe import GAME, Place

from tabletop.errors import CorruptRecord
from tabletop.serialization import (
    decode_action,
    encode_action,
    load_snapshot,
    snapshot,
    snapshot_json,
)


def test_snapshot_round_trip_gives_an_equal_state() -> None:
    state = GAME.new_state(2, 8)
    state.apply(Place(0))
    loaded = load_snapshot(GAME, json.loads(snapshot_json(GAME, state)))
    assert loaded == state and snapshot_json(GAME, loaded) == snapshot_json(GAME, state)
    loaded.apply(Place(1))
    assert state.cells[1] == -1  # independent


def test_actions_encode_with_their_type() -> None:
    assert encode_action(Place(3)) == {"type": "Place", "cell": 3}
    assert decode_action(GAME, {"type": "Place", "cell": 3}) == Place(3)


@pytest.mark.parametrize("data, message", [
    ({"type": "Fly", "cell": 3}, "no action of type 'Fly'"),
    ({"cell": 3}, "must be an object with a 'type'"),
    ({"type": "Place", "cell": "three"}, "Place"),
    ({"type": "Place", "cell": 3, "extra": 1}, "Place"),
    (["Place", 3], "must be an object"),
])
def test_malformed_actions_are_corrupt(data: object, message: str) -> None:
    with pytest.raises(CorruptRecord, match=message):
        decode_action(GAME, data)


def test_malformed_snapshots_are_refused() -> None:
    good = snapshot(GAME, GAME.new_state(2, 1))
    for bad, message in [
        ([], "JSON object"),
        ({**good, "format": "pickle"}, "not a Tabletop snapshot"),
        ({**good, "version": 99}, "version"),
        ({**good, "game": "chess"}, "is of 'chess'"),
        ({**good, "state": {**good["state"], "cells": "xxx"}}, "TicTacToeState"),
        ({**good, "state": {**good["state"], "secret": 1}}, "TicTacToeState"),
    ]:
        with pytest.raises(CorruptRecord, match=message):
            load_snapshot(GAME, bad)


def test_a_snapshot_of_another_state_form_is_refused() -> None:
    """A game raises ``snapshot_version`` when its state's stored form changes: a snapshot of
    another form is refused in one line that says so (form 1 when none is written)."""
    good = snapshot(GAME, GAME.new_state(2, 1))
    assert "game_version" not in good  # form 1 writes none: older snapshots stay readable
    assert load_snapshot(GAME, good) == GAME.new_state(2, 1)
    with pytest.raises(CorruptRecord, match="form 3; this Tabletop reads form 1 only"):
        load_snapshot(GAME, {**good, "game_version": 3})
