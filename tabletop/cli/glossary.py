"""The card glossary (``Game.glossary()``) as text: looked up at a ``tabletop play`` prompt
with ``i WORDS``, listed by ``i`` alone, and printed by ``tabletop rules``."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

WIDTH = 78


def entry_lines(name: str, text: str, indent: str = "  ") -> list[str]:
    """One entry, ``Name: what it is and does``, wrapped, later lines indented further."""
    return textwrap.wrap(f"{name}: {' '.join(text.split())}", width=WIDTH,
                         initial_indent=indent, subsequent_indent=indent + "    ")


def matching(glossary: Mapping[str, str], words: str) -> list[str]:
    """The names that contain ``words`` (case-insensitive, runs of spaces read as one), in the
    glossary's order."""
    wanted = " ".join(words.split()).casefold()
    return [name for name in glossary if wanted in " ".join(name.split()).casefold()]


def lookup_lines(glossary: Mapping[str, str], words: str) -> list[str]:
    """What ``i WORDS`` prints: every matching entry, or why there is none."""
    if not glossary:
        return ["This game has no card glossary."]
    names = matching(glossary, words)
    if not names:
        wanted = " ".join(words.split())
        return [f"No card name contains {wanted!r}; type i alone for the list of names."]
    return [line for name in names for line in entry_lines(name, glossary[name])]


def names_lines(glossary: Mapping[str, str]) -> list[str]:
    """What ``i`` alone prints: the names, comma-separated and wrapped."""
    if not glossary:
        return ["This game has no card glossary."]
    head = (f"Cards and components ({len(glossary)}; i WORDS explains the ones whose name "
            "contains WORDS):")
    lines, line = [head], ""
    names = list(glossary)
    for number, name in enumerate(names):
        item = name + ("," if number < len(names) - 1 else "")
        if line and len(line) + 1 + len(item) > WIDTH:  # a name is never split over lines
            lines.append(line)
            line = ""
        line = f"{line} {item}" if line else f"  {item}"
    lines.append(line)
    return lines


def section_lines(glossary: Mapping[str, str]) -> list[str]:
    """The "Cards" section ``tabletop rules`` appends (nothing for a game without one)."""
    if not glossary:
        return []
    return ["", "---", f"Cards ({len(glossary)}):",
            *(line for name, text in glossary.items() for line in entry_lines(name, text))]
