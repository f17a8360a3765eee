"""The conformance suite catches each kind of broken module (and passes a sound one)."""

from __future__ import annotations

import pytest

from tabletop.testing import CHECKS, check_game
from tests.fixtures.broken_game import GAME

CAUGHT_BY = {
    "endless": CHECKS[0],
    "crash": CHECKS[0],
    "empty_legal": CHECKS[1],
    "bad_listing": CHECKS[1],
    "accept_illegal": CHECKS[2],
    "mutate_on_refusal": CHECKS[2],
    "global_random": CHECKS[3],
    "shared_clone": CHECKS[4],
    "leak": CHECKS[5],
    "no_resample": CHECKS[5],
    "lose_card": CHECKS[6],
    "bad_result": CHECKS[7],
    "silent_steal": CHECKS[8],
    "private_render": CHECKS[8],
    "private_in_obs": CHECKS[8],
    "wide_table": CHECKS[8],
    "twin_actions": CHECKS[8],
    "picture_leak": CHECKS[5],
    "target_missing": CHECKS[5],
    "target_leak": CHECKS[5],
    "spectator_leak": CHECKS[5],
    "render_leak": CHECKS[5],
    "log_leak": CHECKS[5],
    "describe_leak": CHECKS[5],
    "talk_leak": CHECKS[5],
    "talk_repr": CHECKS[5],
    "talk_sealed": CHECKS[5],
    "keep_hands": CHECKS[5],
    "position_keeps": CHECKS[5],
    "position_drift": CHECKS[5],
    "perturb_only": CHECKS[5],
    "event_cache": CHECKS[5],
    "moves_cache": CHECKS[5],
    "index_clash": CHECKS[9],
    "tensor_leak": CHECKS[9],
    "graph_drift": CHECKS[10],
}


def test_sound_version_passes_every_check() -> None:
    results = check_game(GAME, games=30, options={"bug": "none"})
    assert [r.check for r in results] == list(CHECKS)
    assert all(r.passed for r in results), [r.line() for r in results if not r.passed]


@pytest.mark.parametrize("bug", sorted(CAUGHT_BY))
def test_each_planted_bug_is_caught_by_its_check(bug: str) -> None:
    results = {r.check: r for r in check_game(GAME, games=30, options={"bug": bug})}
    failed = results[CAUGHT_BY[bug]]
    assert not failed.passed, f"{bug} slipped through {failed.check}: {failed.detail}"
    assert failed.seed is not None  # every failure says how to reproduce it
    assert "FAIL" in failed.line() and f"seed {failed.seed}" in failed.line()


#: what check 6 must say of a planted leak into a bot's copy (and not a crash elsewhere)
SAYS = {
    "event_cache": "determinization holds Player",
    "moves_cache": "lists other legal actions than the position it stores",
}


@pytest.mark.parametrize("bug", sorted(SAYS))
def test_a_leak_into_a_bots_copy_is_named(bug: str) -> None:
    result = next(r for r in check_game(GAME, games=30, options={"bug": bug}, checks=["6"]))
    assert not result.passed and SAYS[bug] in result.detail, result.line()


def test_every_check_has_a_planted_bug() -> None:
    assert set(CAUGHT_BY.values()) == set(CHECKS)
