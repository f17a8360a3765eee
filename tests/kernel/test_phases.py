"""Phases: named steps that cycle and count rounds."""

from __future__ import annotations

import pytest

from tabletop.components import Phases


def test_advance_cycles_and_counts_rounds() -> None:
    phases = Phases(("income", "pay", "draw"))
    assert phases.current == "income" and phases.round == 1
    assert [phases.advance() for _ in range(3)] == ["pay", "draw", "income"]
    assert phases.round == 2


def test_is_and_jump_refuse_unknown_names() -> None:
    phases = Phases(("a", "b"))
    phases.jump("b")
    assert phases.is_("b") and not phases.is_("a")
    with pytest.raises(KeyError):
        phases.is_("c")
    with pytest.raises(ValueError):
        Phases(())
