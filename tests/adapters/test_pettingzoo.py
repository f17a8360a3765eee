"""The PettingZoo adapter (tabletop/adapters/pettingzoo.py): PettingZoo's own API and seed
tests over the tutorial game and the built-in games, and what the module's docstring
promises: masked concessions, seeded episodes, rewards, the seat's view only."""

from __future__ import annotations

from typing import Any

import pytest

from tests.adapters.conftest import INSTALL, random_episode

pytest.importorskip("pettingzoo", reason=INSTALL)
import numpy as np
from pettingzoo.test import api_test, seed_test
from tic_tac_toe.game import TicTacToe

from tabletop import registry
from tabletop.adapters.pettingzoo import env
from tabletop.adapters.table import NotAdaptable
from tabletop.rng import Rng


def smallest(name: str) -> int:
    return registry.get(name).min_players


def test_pettingzoos_api_test_passes(game_name: str) -> None:
    api_test(env(game_name, players=smallest(game_name), seed=1), num_cycles=300)


def test_pettingzoos_seed_test_passes(game_name: str) -> None:
    seed_test(lambda: env(game_name, players=smallest(game_name)), num_cycles=100)


def test_the_same_seed_plays_the_same_episode(game_name: str) -> None:
    """Chance is the game's, from the seed: the same seed and the same choices give the same
    moves, observations and rewards; ``reset()`` without a seed deals the next one."""
    def trace(seed: int) -> list[Any]:
        table = env(game_name, players=smallest(game_name), seed=seed)
        table.reset()
        seen: list[Any] = []
        rng = np.random.default_rng(5)
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            seen.append((agent, observation["observation"].tobytes(),
                         observation["action_mask"].tobytes(), reward, terminated, truncated))
            if terminated or truncated:
                table.step(None)
            else:
                table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        return seen

    assert trace(11) == trace(11)
    table = env(game_name, players=smallest(game_name), seed=20)
    table.reset()
    table.reset()  # the next deal: seed 21
    game = registry.get(game_name)
    assert table.state.observation(None) == game.new_state(smallest(game_name), 21).observation(
        None)


def test_a_random_masked_agent_never_concedes(game_name: str) -> None:
    """With concessions masked (the default), uniformly random agents play every game to its
    end by the rules; with ``keep_concessions`` the mask offers them again."""
    players = smallest(game_name)
    table = env(game_name, players=players, seed=3)
    kept = env(game_name, players=players, seed=3, keep_concessions=True)
    offered = 0
    for seed in range(3):
        rng = np.random.default_rng(seed)
        table.reset(seed=seed)
        for agent in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                assert terminated and not truncated, f"seed {seed}: cut at the step cap"
                table.step(None)
                continue
            state = table.state
            concessions = [state.action_index(a) for a in state.legal_actions()
                           if state.is_concession(a)]
            if concessions and len(concessions) < len(state.legal_actions()):
                offered += 1
                assert not observation["action_mask"][concessions].any()
                kept.state = state
                assert kept.observe(agent)["action_mask"][concessions].all()
            number = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            assert not state.is_concession(state.action_from_index(number))
            table.step(number)
        assert table.state.is_over and not table.agents
    if any(getattr(kind, "concession", False) for kind in registry.get(game_name).action_types):
        assert offered, "the game marks a concession but never offered one beside other moves"


def test_each_agent_sees_its_own_seats_tensor_and_nothing_hidden(game_name: str) -> None:
    """An agent's observation is ``observation_tensor`` of its own seat, and it is the same in
    a world that differs only in what that seat cannot see (resampled by ``determinize``,
    changed by the game's ``perturb``)."""
    game = registry.get(game_name)
    players = smallest(game_name)
    table = env(game_name, players=players, seed=4)
    rng = np.random.default_rng(4)
    worlds = Rng.from_seed(4, "worlds")
    table.reset(seed=4)
    differs = 0
    for step, agent in enumerate(table.agent_iter()):
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        if step % 7 == 0:
            real = table.state
            for seat, name in enumerate(table.possible_agents):
                mine = table.observe(name)["observation"]
                assert mine.ravel().tolist() == real.observation_tensor(seat)
                for world in (real.determinize(seat, worlds), real.perturb(seat, worlds)):
                    if world is None:
                        continue
                    table.state = world
                    assert np.array_equal(table.observe(name)["observation"], mine), (
                        f"{name}'s observation changed with what it cannot see (step {step})")
                    differs += any(world.observation_tensor(other) != real.observation_tensor(
                        other) for other in range(players) if other != seat)
                table.state = real
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    if game.has_hidden_information:
        assert differs, "no other world changed anything another seat sees: nothing was tested"


def test_rewards_follow_the_result_as_documented() -> None:
    """X takes the top row: +1 and -1 with reward='win', the scores 1 and 0 with 'score'; a
    full grid without a line pays 0 to both, or the scores 0.5 each."""
    for reward, won, drawn in (("win", [1.0, -1.0], [0.0, 0.0]),
                               ("score", [1.0, 0.0], [0.5, 0.5])):
        for cells, paid in (((0, 3, 1, 4, 2), won), ((0, 1, 2, 4, 3, 5, 7, 6, 8), drawn)):
            table = env("tic_tac_toe", players=2, reward=reward)  # type: ignore[arg-type]
            table.reset(seed=0)
            for cell in cells:
                assert table.rewards == {"player_1": 0.0, "player_2": 0.0}
                table.step(cell)
            assert [table.rewards[a] for a in ("player_1", "player_2")] == paid
            assert all(table.terminations.values()) and not any(table.truncations.values())
            assert table.agent_selection == "player_1" and table.last()[1] == paid[0]


def test_an_illegal_number_is_refused_and_changes_nothing() -> None:
    table = env("tic_tac_toe", players=2)
    table.reset(seed=0)
    table.step(4)
    before = table.state.clone()
    with pytest.raises(ValueError, match="action 4 is not legal for player_2"):
        table.step(4)
    with pytest.raises(TypeError):
        table.step(2.5)
    assert table.state == before and table.agent_selection == "player_2"


class _ShortCap(TicTacToe):
    """Tic-tac-toe cut after three decisions: a game still running at its step cap."""

    def step_cap(self, players: int, options: Any = None) -> int:
        return 3


def test_a_game_cut_at_its_step_cap_truncates_every_agent_without_reward() -> None:
    table = env(_ShortCap(), players=2)
    table.reset(seed=0)
    for cell in (0, 1, 2):
        table.step(cell)
    assert all(table.truncations.values()) and not any(table.terminations.values())
    assert set(table.rewards.values()) == {0.0} and not table.state.is_over


class _NoSpace(TicTacToe):
    """Tic-tac-toe before its author declared the action space and the result bounds."""

    def action_space(self, players: int, options: Any) -> None:  # type: ignore[override]
        return None

    def result_bounds(self, players: int, options: Any) -> None:  # type: ignore[override]
        return None


def test_a_game_without_an_action_space_is_refused_saying_what_is_missing() -> None:
    with pytest.raises(NotAdaptable, match=r"Tic-tac-toe declares no Game\.action_space: .*"
                       "For researchers"):
        env(_NoSpace(), players=2)
    with pytest.raises(NotAdaptable, match=r"no Game\.action_space and no Game\.result_bounds "
                       r"\(needed for reward='score'\)"):
        env(_NoSpace(), players=2, reward="score")


def test_random_episodes_end_and_differ_with_the_seed() -> None:
    """A sanity check of the helper the OpenSpiel tests share: random episodes end."""
    table = env("tic_tac_toe", players=2)
    first = random_episode(table, 1, draws=1)
    assert 5 <= len(first) <= 9 and random_episode(table, 1, draws=1) == first
