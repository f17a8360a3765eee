"""Amount decisions in every game (issue 26 §2): each amount question is well formed, and an
amount a player types is the very action that the record, the action space and the learning
adapters carry."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop import registry
from tabletop.amounts import AmountQuestion, amount_questions, parse_amount
from tabletop.engine import State
from tabletop.match import Match
from tabletop.record import Record, replay
from tabletop.serialization import decode_action, encode_action
from tests.conftest import BUILT_IN

#: the games whose rulebooks have number-in-a-range decisions that the issue names: bids,
#: showdown money and gifts (Crime Lords), crates and prices in deals (Bootleggers), money to
#: or from a display (Don Massivo)
WITH_AMOUNTS = ("crime_lords", "bootleggers", "don_massivo")


def positions(name: str, players: int, seeds: range, limit: int = 400
              ) -> Iterator[tuple[State, list[AmountQuestion]]]:
    """States met in games of random play, with the amount questions of each decision."""
    game = registry.get(name)
    for seed in seeds:
        match = Match(game, players, seed, seats=["random"] * players, keep_record=False)
        for _ in range(limit):
            state = match.state
            if state.is_over:
                break
            questions, _ = amount_questions(state.legal_actions(), state.amount)
            if questions:
                yield state, questions
            match.play(match.bot_action())


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_amount_question_is_well_formed(name: str) -> None:
    for state, questions in positions(name, 3 if name != "tic_tac_toe" else 2, range(3)):
        legal = state.legal_actions()
        for question in questions:
            assert question.question and "\n" not in question.prompt()
            assert all(isinstance(v, int) for v in question.choices)
            for value, index in question.choices.items():
                amount = state.amount(legal[index])
                assert amount is not None and amount.value == value
                assert parse_amount(amount.text(), question) == index  # typed as written


@pytest.mark.parametrize("name", WITH_AMOUNTS)
def test_a_typed_amount_goes_through_record_space_and_replay(name: str) -> None:
    game = registry.get(name)
    found = 0
    pick = random.Random(7)
    for seed in range(4):
        match = Match(game, 3, seed, seats=["random"] * 3)
        for _ in range(300):
            state = match.state
            if state.is_over:
                break
            questions, _ = amount_questions(state.legal_actions(), state.amount)
            if questions:
                question = questions[0]
                value = pick.choice(question.values)
                index = parse_amount(str(value), question)
                assert isinstance(index, int)
                action = state.legal_actions()[index]
                assert decode_action(game, encode_action(action)) == action
                assert state.action_from_index(state.action_index(action)) == action
                match.play(action)
                found += 1
            else:
                match.play(match.bot_action())
        again = replay(Record.from_json(match.record.to_json()), game)
        assert again.observation(None) == match.state.observation(None)
    assert found, f"{name} asked no amount in four games"


@pytest.mark.parametrize("name", WITH_AMOUNTS)
def test_pettingzoo_and_openspiel_play_a_typed_amount(name: str) -> None:
    pytest.importorskip("pettingzoo", reason="the adapter tests need the rl extra: "
                        "pip install -e '.[rl]' (or '.[test]')")
    import pyspiel

    from tabletop.adapters.openspiel import register
    from tabletop.adapters.pettingzoo import env

    table = env(name, players=3, seed=11)
    spiel = pyspiel.load_game(register(name, 3, name=f"amounts_{name}_3p"),
                              {"rng_seed": 11})
    spiel_state = spiel.new_initial_state()
    pick = random.Random(3)
    played = 0
    for agent in table.agent_iter():
        observation, _r, terminated, truncated, _i = table.last()
        if terminated or truncated or played >= 3:
            break
        state = table.tabletop
        questions, _ = amount_questions(state.legal_actions(), state.amount)
        mask = observation["action_mask"]
        if questions:
            question = questions[0]
            index = question.choices[pick.choice(question.values)]
            action: Any = state.legal_actions()[index]
            played += 1
        else:
            playable = [a for a in state.legal_actions() if not state.is_concession(a)]
            action = pick.choice(playable or list(state.legal_actions()))
        number = state.action_index(action)
        assert mask[number] == 1 or state.is_concession(action)
        assert number in spiel_state.legal_actions()
        table.step(number)
        spiel_state.apply_action(number)
        assert table.tabletop.observation(None) == spiel_state.tabletop.observation(None)
        assert agent
    assert played, f"{name} asked no amount before the game ended"
