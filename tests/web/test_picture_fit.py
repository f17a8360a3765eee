"""Every game's picture reads at desktop size (text at least 11 px where the table page draws
it, 820 px wide at 1280x800) and every text stays inside its card, tile or box: measured in
headless Chromium on pictures of random games at their start, along the way and at the end,
for a seat and a spectator, at the smallest and largest player counts."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import registry
from tabletop.agents import random_choice
from tabletop.rng import Rng
from tests.web.picture_fit import fit_problems

#: the moves after which pictures are measured (and the end of the game)
MOMENTS = (0, 6, 25, 80, 200)


def pictures(name: str, players: int, seed: int) -> list[tuple[str, str]]:
    """(where, svg) pairs of one random game of ``name``."""
    game = registry.get(name)
    state = game.new_state(players, seed)
    rng = Rng.from_seed(seed, "picture-fit")
    out: list[tuple[str, str]] = []
    step = 0
    while True:
        if step in MOMENTS or state.is_over:
            for viewer in (0, None):
                svg = state.picture(viewer)
                if svg is not None:
                    where = f"{players} players, seed {seed}, move {step}, viewer {viewer}"
                    out.append((where, svg))
        if state.is_over or step >= game.step_cap(players):
            return out
        state.apply(random_choice(state.legal_actions(), rng))
        step += 1


@pytest.mark.parametrize("name", [n for n in registry.names() if n != "tic_tac_toe"])
def test_every_picture_reads_at_desktop_size(browser: Any, name: str) -> None:
    game = registry.get(name)
    page = browser.new_page()
    found: list[str] = []
    for players in sorted({game.min_players, game.max_players}):
        for where, svg in pictures(name, players, seed=players):
            found += [f"{where}: {p}" for p in fit_problems(page, svg)[:3]]
    page.close()
    assert not found, f"{len(found)} problems, first: " + "\n".join(found[:12])
