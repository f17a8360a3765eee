"""The PettingZoo adapter (tabletop/adapters/pettingzoo.py): PettingZoo's own API and seed
tests over tic-tac-toe, the fixture Racket Row and the built-in games, and what the module's
docstring promises: masked concessions, seeded episodes, rewards, the seat's view only."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import Game
from tabletop.rng import Rng
from tests.adapters.conftest import INSTALL, RACKET_ROW, random_episode

pytest.importorskip("pettingzoo", reason=INSTALL)
import numpy as np
from pettingzoo.test import api_test, seed_test
from tic_tac_toe.game import TicTacToe

from tabletop.adapters.pettingzoo import TabletopEnv, env
from tabletop.adapters.table import NotAdaptable


def test_pettingzoos_api_test_passes(game: Game) -> None:
    api_test(env(game, players=game.min_players, seed=1), num_cycles=300)


@pytest.mark.slow
def test_pettingzoos_api_test_passes_at_the_largest_table(game: Game) -> None:
    api_test(env(game, players=game.max_players, seed=2), num_cycles=1000)


def test_pettingzoos_seed_test_passes(game: Game) -> None:
    seed_test(lambda: env(game, players=game.min_players), num_cycles=100)


def test_the_same_seed_plays_the_same_episode(game: Game) -> None:
    """Chance is the game's, from the seed: the same seed and the same choices give the same
    moves, observations and rewards; ``reset()`` without a seed deals the next one."""
    def trace(seed: int) -> list[Any]:
        table = env(game, players=game.min_players, seed=seed)
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
    table = env(game, players=game.min_players, seed=20)
    dealt = []
    for seed in (None, None, 5, None):
        table.reset(seed=seed)
        dealt.append(table.tabletop)
    for state, seed in zip(dealt, (20, 21, 5, 6), strict=True):
        opening = game.new_state(game.min_players, seed)
        assert state.rng == opening.rng and state.observation(None) == opening.observation(None)


def test_a_random_masked_agent_never_concedes(game: Game) -> None:
    """With concessions masked (the default), uniformly random agents play every game to its
    end by the rules; with ``keep_concessions`` the mask offers them again."""
    table = env(game, players=game.min_players, seed=3)
    kept = env(game, players=game.min_players, seed=3, keep_concessions=True)
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
            state = table.tabletop
            concessions = [state.action_index(a) for a in state.legal_actions()
                           if state.is_concession(a)]
            if concessions and len(concessions) < len(state.legal_actions()):
                offered += 1
                assert not observation["action_mask"][concessions].any()
                kept.tabletop = state
                assert kept.observe(agent)["action_mask"][concessions].all()
            number = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            assert not state.is_concession(state.action_from_index(number))
            table.step(number)
        assert table.tabletop.is_over and not table.agents
    if any(getattr(kind, "concession", False) for kind in game.action_types):
        assert offered, "the game marks a concession but never offered one beside other moves"


def test_without_the_mask_random_agents_leave_racket_row_early() -> None:
    """Why concessions are masked: with ``Leave`` offered, uniformly random agents end most
    games of Racket Row by leaving; masked, none (the test above)."""
    table = env(RACKET_ROW, players=2, keep_concessions=True)
    left = 0
    for seed in range(10):
        random_episode(table, seed, draws=seed)
        left += any(table.tabletop.left)
    assert left >= 5


def hidden_changes(table: TabletopEnv, seed: int) -> tuple[list[str], int]:
    """Along one random episode, every third step, compare an agent's observation (each seat
    in turn) with the one it gets in worlds that differ only in what its seat cannot see
    (``determinize``, ``perturb``): the differences found, and how many of those worlds
    changed what another seat is shown (how much hidden information there was to leak)."""
    rng = np.random.default_rng(seed)
    worlds = Rng.from_seed(seed, "worlds")
    players = table.table.players
    table.reset(seed=seed)
    leaks: list[str] = []
    changed = 0
    for step, agent in enumerate(table.agent_iter()):
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        if step % 3:
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            continue
        real, seat = table.tabletop, step // 3 % players
        name = table.possible_agents[seat]
        mine = table.observe(name)["observation"]
        assert mine.ravel().tolist() == pytest.approx(real.observation_tensor(seat))
        for world in (real.determinize(seat, worlds), real.perturb(seat, worlds)):
            if world is None:
                continue
            table.tabletop = world
            if not np.array_equal(table.observe(name)["observation"], mine):
                leaks.append(f"step {step}: {name}'s observation changed")
            changed += any(world.observation(other) != real.observation(other)
                           for other in range(players) if other != seat)
        table.tabletop = real
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return leaks, changed


def test_each_agent_sees_its_own_seats_tensor_and_nothing_hidden(game: Game) -> None:
    """An agent's observation is ``observation_tensor`` of its own seat, and it is the same in
    a world that differs only in what that seat cannot see (three seats where the game
    allows: more hidden hands)."""
    table = env(game, players=min(3, game.max_players))
    leaks, changed = [], 0
    for seed in (4, 5):
        found, resampled = hidden_changes(table, seed)
        leaks += found
        changed += resampled
    assert not leaks, leaks[:3]
    if game.has_hidden_information:
        assert changed, "no other world changed anything another seat sees: nothing was tested"


def test_a_tensor_that_shows_the_face_down_crooks_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails for a tensor built from the true state instead of the
    observation: Racket Row's with every Crook's owner appended."""
    state_class: Any = RACKET_ROW.state_class
    honest = state_class.observation_tensor
    monkeypatch.setattr(state_class, "observation_tensor", lambda self, seat: [
        *honest(self, seat)[:-len(self.crooks)], *(float(o) for o in self.crooks)])
    leaks, _ = hidden_changes(env(RACKET_ROW, players=3), 4)
    assert leaks


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
    before = table.tabletop.clone()
    with pytest.raises(ValueError, match="action 4 is not legal for player_2"):
        table.step(4)
    with pytest.raises(TypeError):
        table.step(2.5)
    assert table.tabletop == before and table.agent_selection == "player_2"


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
    assert set(table.rewards.values()) == {0.0} and not table.tabletop.is_over


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
