"""Shared pytest options: ``--nightly`` runs the heavier sweeps marked ``slow``."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--nightly", action="store_true", default=False,
        help="also run the heavier sweeps (tests marked slow); CI runs without it",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--nightly"):
        return
    skip = pytest.mark.skip(reason="heavier sweep: run with --nightly")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
