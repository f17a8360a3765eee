"""Tabletop: a kernel for tabletop game rules, and the contract its game modules keep.

Start with :mod:`tabletop.engine` (the contract), :mod:`tabletop.components` (decks, supplies,
dice, turn orders, prompts), :mod:`tabletop.rng` (the state's seeded randomness) and
:mod:`tabletop.testing` (the conformance suite every game passes).
"""

__version__ = "0.1.0"
