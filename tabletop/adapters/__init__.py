"""Tabletop games for learning libraries (the optional ``rl`` extra:
``pip install "tabletop[rl]"``).

- :mod:`tabletop.adapters.pettingzoo`: ``env(game, players=..., seed=..., options=...)``, a
  PettingZoo AEC environment;
- :mod:`tabletop.adapters.openspiel`: ``register(game, players, options)``, a game OpenSpiel's
  ``pyspiel.load_game`` knows.

Both need the game to declare its fixed action space and observation tensor
(``Game.action_space``, ``Game.observation_shape``; see docs/game-modules.md, "For
researchers"). :mod:`tabletop.adapters.table` holds what the two share: the game's numbers,
the legal mask without concessions, the rewards.
"""
