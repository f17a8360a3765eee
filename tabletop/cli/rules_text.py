"""A game's RULES.md by section, for ``r`` at a ``tabletop play`` prompt and ``tabletop rules
GAME WORDS``: a long rulebook is read a section at a time, not 600 lines at once. Sections are
found by the Markdown headings; a player reads each as plain text (:meth:`Section.plain`,
through :func:`tabletop.rulebook.plain`: no markup, no rule ids, no designers' notes), and
:func:`player_sections` leaves out the sections that are all designers' notes."""

from __future__ import annotations

import attrs

from tabletop.rulebook import plain


@attrs.frozen
class Section:
    """One heading of the rules and the text under it (up to the next heading of any level)."""

    heading: str
    level: int
    body: str

    def text(self) -> str:
        """The section as printed: its heading line, then its text."""
        return f"{'#' * self.level} {self.heading}\n{self.body}".rstrip()

    def plain(self, width: int = 100) -> str:
        """The section as a player reads it: plain text wrapped to ``width`` (empty for a
        section of designers' notes)."""
        return plain(self.text(), width=width).strip("\n")

    @property
    def title(self) -> str:
        """The heading as a player reads it: without markup or rule ids."""
        return plain(f"# {self.heading}").split("\n", 1)[0] or self.heading


def sections(text: str) -> list[Section]:
    """The Markdown headings of ``text`` with their text; what comes before the first heading
    is a section headed "Introduction"."""
    out: list[Section] = []
    heading, level = "Introduction", 1
    body: list[str] = []
    in_code = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        hashes = len(line) - len(line.lstrip("#"))
        if not in_code and 1 <= hashes <= 6 and line[hashes:hashes + 1] == " ":
            if heading != "Introduction" or any(part.strip() for part in body):
                out.append(Section(heading, level, "\n".join(body).strip("\n")))
            heading, level, body = line[hashes:].strip(), hashes, []
        else:
            body.append(line)
    out.append(Section(heading, level, "\n".join(body).strip("\n")))
    return out


def player_sections(text: str) -> list[Section]:
    """The sections of ``text`` a player reads: those with something left once designers'
    notes are dropped (a section under a notes heading is dropped with it)."""
    kept: list[Section] = []
    dropped_level = 0
    for section in sections(text):
        if dropped_level and section.level > dropped_level:
            continue
        dropped_level = 0
        if section.plain():
            kept.append(section)
        elif not plain(f"{'#' * section.level} {section.heading}"):
            dropped_level = section.level  # a notes heading: its subsections go with it
    return kept


def contents(parts: list[Section], titles: bool = False) -> list[str]:
    """The numbered table of contents, indented by heading level; with ``titles``, headings
    as a player reads them (:attr:`Section.title`)."""
    return [f"  {n:>2}. {'  ' * (s.level - 1)}{s.title if titles else s.heading}"
            for n, s in enumerate(parts, 1)]


def find(parts: list[Section], words: str) -> list[Section]:
    """The sections ``words`` names: a section number, or the sections whose heading contains
    the words (case-insensitive); failing that, the sections whose text contains them."""
    wanted = " ".join(words.split()).casefold()
    if wanted.isascii() and wanted.isdigit():
        number = int(wanted)
        return [parts[number - 1]] if 1 <= number <= len(parts) else []
    by_heading = [s for s in parts if wanted in s.heading.casefold()]
    if by_heading:
        return by_heading
    return [s for s in parts if wanted in " ".join(s.body.split()).casefold()]
