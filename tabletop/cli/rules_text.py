"""A game's RULES.md by section, for ``r`` at a ``tabletop play`` prompt and ``tabletop rules
GAME WORDS``: a long rulebook is read a section at a time, not 600 lines at once."""

from __future__ import annotations

import attrs


@attrs.frozen
class Section:
    """One heading of the rules and the text under it (up to the next heading of any level)."""

    heading: str
    level: int
    body: str

    def text(self) -> str:
        """The section as printed: its heading line, then its text."""
        return f"{'#' * self.level} {self.heading}\n{self.body}".rstrip()


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


def contents(parts: list[Section]) -> list[str]:
    """The numbered table of contents, indented by heading level."""
    return [f"  {n:>2}. {'  ' * (s.level - 1)}{s.heading}" for n, s in enumerate(parts, 1)]


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
