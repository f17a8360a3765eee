"""The numbered menus a human chooses from in ``tabletop play``.

A legal list longer than :data:`GROUP_ABOVE` is shown in groups when the game names them
(``State.action_group``); two actions that read the same are one line (a player cannot tell
them apart, so either is what he means). The actions of one amount decision
(``State.amount``: a bid of 0 to 25 G) are one line whose target is the
:class:`~tabletop.amounts.AmountQuestion`: the player types the amount (the terminal) or fills
a number field (the browser), never walks a list of amounts. The terminal and the web table
share these menus.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tabletop.amounts import AmountQuestion, amount_questions
from tabletop.engine import State

#: a legal list longer than this is shown in groups, when the game groups its actions
GROUP_ABOVE = 20


@attrs.frozen
class Menu:
    """One numbered list a human chooses from: each line is a text and either an action (its
    index in the legal list), a group of actions to open (another menu) or an amount to ask
    for (an :class:`AmountQuestion`, whose ``choices`` map each value to its legal index)."""

    heading: str
    lines: tuple[tuple[str, int | Menu | AmountQuestion], ...]


def distinct(texts: Sequence[str]) -> list[int]:
    """The indices of the first action of each distinct text, in order."""
    seen: set[str] = set()
    out = []
    for i, text in enumerate(texts):
        if text not in seen:
            seen.add(text)
            out.append(i)
    return out


def build_menus(state: State, legal: Sequence[Any], texts: Sequence[str]
                ) -> tuple[Menu, Menu | None]:
    """The top menu, and the full listing ``a`` opens (``None``: the menu is the flat list).

    Actions that read the same appear once. Grouping happens when more than
    :data:`GROUP_ABOVE` distinct actions are left and the grouped menu has at least two lines
    and fewer lines than the flat list: one line per group of ``state.action_group`` in order
    of first appearance, an ungrouped action (group ``""``) or the only action of its group as
    itself, a larger group as ``Group (n choices)``."""
    questions, _ = amount_questions(legal, state.amount)
    asked = {index: question for question in questions for index in question.choices.values()}
    first = {min(q.choices.values()): q for q in questions}
    shown = [i for i in distinct(texts) if i not in asked or i in first]

    def line(i: int) -> tuple[str, int | Menu | AmountQuestion]:
        question = first.get(i)
        return (question.prompt(), question) if question is not None else (texts[i], i)

    flat = Menu("Your options:", tuple(line(i) for i in shown))
    if len(shown) <= GROUP_ABOVE:
        return flat, None
    entries: list[tuple[str, list[int]]] = []
    members: dict[str, list[int]] = {}
    for i in shown:
        group = state.action_group(legal[i])
        if not group:
            entries.append(("", [i]))
        elif group in members:
            members[group].append(i)
        else:
            members[group] = [i]
            entries.append((group, members[group]))
    if not 2 <= len(entries) < len(shown):
        return flat, None
    lines: list[tuple[str, int | Menu | AmountQuestion]] = []
    for group, indices in entries:
        if len(indices) == 1:
            lines.append(line(indices[0]))
        else:
            title = f"{group} ({len(indices)} choices)"
            lines.append((title, Menu(f"{title}:", tuple(line(i) for i in indices))))
    return (Menu("Your options:", tuple(lines)),
            Menu(f"All {len(shown)} actions:", flat.lines))


def menu_lines(menu: Menu) -> list[str]:
    """The menu as printed: its heading, then ``  12. text`` per line."""
    return [menu.heading, *(f"  {n:>2}. {text}" for n, (text, _) in enumerate(menu.lines, 1))]
