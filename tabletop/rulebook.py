"""A game's RULES.md as a player reads it: plain text, without markup, rule ids or designers' notes.

RULES.md serves two readers. Designers and tests want the rule ids (``[cl-pay]``), the
``[untested: ...]`` marks and notes on how a rule is implemented or was measured; players want
the rules. :func:`plain` gives the players' text:

- headings become lines underlined with ``=`` (the title) or ``-`` (a section);
- ``**bold**``, ``*emphasis*``, ```code``` and links lose their markup, and the markers read as
  words: ``**[designed]**`` is "(our design)", ``**[decided]**`` "(our ruling: the rulebook is
  silent)", ``**[partial]**`` "(simplified)", ``**[left out]**`` "(left out)";
- rule ids and ``[untested: ...]`` marks are dropped;
- designers' notes are dropped unless ``notes=True``: a block quote (lines starting ``> ``), or
  a whole section whose heading starts "Notes", "Designer" or "Implementation";
- paragraphs and list items are joined and wrapped again at ``width``, never leaving one word
  alone on a paragraph's last line.

:func:`player_text_problems` lists what a player should never meet in such text; the tests run it
over every game's guide and plain rules.
"""

from __future__ import annotations

import re
import textwrap

from tabletop.narration import balance

#: a rule id as RULES.md gives it (see :mod:`tabletop.testing.rule_ids`), with the space before
RULE_ID_PATTERN = re.compile(r"\s*\[[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*\]")
#: a rule's "untested" mark, with the space before
UNTESTED_PATTERN = re.compile(r"\s*\[untested: [^\]]+\]")

#: markers as a player reads them
MARKERS = {
    "designed": "(our design)",
    "decided": "(our ruling: the rulebook is silent)",
    "partial": "(simplified)",
    "left out": "(left out)",
}
_MARKER = re.compile(r"\*\*\[(designed|decided|partial|left out)\]\*\*|\[(designed|decided|"
                     r"partial|left out)\]")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]*)`")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_NOTE_HEADINGS = ("notes", "note", "designer", "implementation")
_LIST_ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+")


def _inline(text: str) -> str:
    text = _MARKER.sub(lambda m: MARKERS[m.group(1) or m.group(2)], text)
    text = UNTESTED_PATTERN.sub("", text)
    text = RULE_ID_PATTERN.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = _CODE.sub(r"\1", text)
    text = _BOLD.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    text = re.sub(r"[ \t]{2,}", " ", text)
    return re.sub(r"\s+([.,;:)])", r"\1", text).strip()


def _is_note_heading(heading: str) -> bool:
    first = heading.strip().lower()
    return any(first.startswith(word) for word in _NOTE_HEADINGS)


def wrap_paragraph(text: str, width: int, indent: str = "", hang: str = "") -> list[str]:
    """``text`` wrapped to ``width`` columns at spaces, with ``indent`` before the first line
    and ``hang`` before the others; a last line of a single word takes a second word from the
    line above, so no word stands alone (unless the text is one word)."""
    def at(w: int) -> list[str]:
        return textwrap.wrap(text, width=w, initial_indent=indent, subsequent_indent=hang,
                             break_long_words=False, break_on_hyphens=False)

    lines = balance(at, width, len(hang))
    return lines or [indent.rstrip()]


def _blocks(markdown: str, notes: bool) -> list[tuple[str, str, str]]:
    """The text as blocks (kind, prefix, text): ``heading1``/``heading2``/``heading3``,
    ``item`` (prefix: the list marker with its indentation), ``para``, ``row`` (a table's
    row, its cells joined), ``code`` (kept as it is), ``blank``. Notes are left out unless ``notes``."""
    blocks: list[tuple[str, str, str]] = []
    skip_level = 0  # inside a notes section of this heading level (0: not)
    in_code = False
    current: list[str] | None = None

    def flush() -> None:
        nonlocal current
        current = None

    for raw in markdown.splitlines():
        line = raw.rstrip()
        if line.startswith("```"):
            in_code = not in_code
            flush()
            continue
        if in_code:
            if not skip_level:
                blocks.append(("code", "", line))
            continue
        hashes = len(line) - len(line.lstrip("#"))
        if 1 <= hashes <= 6 and line[hashes:hashes + 1] == " ":
            flush()
            heading = line[hashes:].strip()
            if skip_level and hashes > skip_level:
                continue
            skip_level = 0
            if _is_note_heading(heading) and not notes:
                skip_level = hashes
                continue
            blocks.append((f"heading{min(hashes, 3)}", "", _inline(heading)))
            continue
        if skip_level:
            continue
        if line.lstrip().startswith(">"):
            flush()
            if notes:
                body = line.lstrip()[1:].strip()
                if body:
                    blocks.append(("para", "Note: ", body))
            continue
        if not line.strip():
            flush()
            blocks.append(("blank", "", ""))
            continue
        if set(line.strip()) <= set("|-: ") and "|" in line:
            continue  # a table's separator row
        if line.lstrip().startswith("|"):
            flush()
            cells = [_inline(c) for c in line.strip().strip("|").split("|")]
            blocks.append(("row", "", "  ".join(c for c in cells if c)))
            continue
        item = _LIST_ITEM.match(line)
        if item:
            marker = item.group(2)
            marker = "-" if marker in "-*" else marker
            blocks.append(("item", f"{item.group(1)}{marker} ", line[item.end():].strip()))
            current = [line[item.end():].strip()]
            continue
        if blocks and current is not None and blocks[-1][0] in ("item", "para"):
            kind, prefix, text = blocks[-1]
            blocks[-1] = (kind, prefix, f"{text} {line.strip()}")
            continue
        blocks.append(("para", "", line.strip()))
        current = [line.strip()]
    return blocks


def plain(markdown: str, notes: bool = False, width: int = 100) -> str:
    """``markdown`` (a RULES.md) as plain text for players, every line within ``width``
    columns; with ``notes``, the designers' notes are kept (each paragraph marked "Note:")."""
    out: list[str] = []
    for kind, prefix, text in _blocks(markdown, notes):
        if kind == "blank":
            if out and out[-1] != "":
                out.append("")
            continue
        if kind == "code":  # kept as drawn where it fits; a longer line wraps under itself
            indent = text[:len(text) - len(text.lstrip())]
            out.extend([text] if len(text) <= width else
                       wrap_paragraph(text.strip(), width, indent, indent + "    "))
            continue
        if kind == "row":  # a table's row: its cells on one line, continued under a hang
            out.extend(wrap_paragraph(text, width, "", "    "))
            continue
        if kind.startswith("heading"):
            if out and out[-1] != "":
                out.append("")
            lines = wrap_paragraph(text, width)
            out.extend(lines)
            if kind != "heading3":
                out.append(("=" if kind == "heading1" else "-") * max(map(len, lines)))
            continue
        body = _inline(text)
        if not body:
            continue
        if prefix.startswith("Note: "):
            body = prefix + body
            prefix = ""
        out.extend(wrap_paragraph(body, width, prefix, " " * len(prefix)))
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)


_PROBLEMS = (
    (re.compile(r"\[[a-z]{2}-[a-z0-9-]+\]"), "a rule id"),
    (re.compile(r"\[untested"), "an [untested] mark"),
    (re.compile(r"\*\*|`|^#+ ", re.MULTILINE), "markdown markup"),
    (re.compile(r"\b[\w./-]+\.(?:py|json|toml|md|txt)\b|\b(?:data|games|tabletop|shared|tests)/"),
     "a file path"),
    (re.compile(r"\bissues? \d+|#\d+\b", re.IGNORECASE), "an issue number"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a code name"),
    (re.compile(r"\b(?:State|Decisions|EventLog|Supply|TileGrid|GraphBoard|Hierarchy|"
                r"SealedChoice|Rng|Game|Match)[.(]|\b(?:EventLog|TileGrid|GraphBoard|"
                r"SealedChoice)\b|\(\)"), "a kernel name"),
)


def player_text_problems(text: str) -> list[str]:
    """What a player should not meet in ``text`` (a guide, the plain rules), one line each
    naming the kind of problem and the line it is on (empty: clean)."""
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, what in _PROBLEMS:
            for found in pattern.finditer(line):
                before = line[:found.start()]
                if what == "a code name" and (before.endswith(("option ", "options ", "="))):
                    continue  # an option's name, as the player types it (--option short_game=1)
                problems.append(f"line {number}: {what} ({found.group(0)!r}): {line[:80]}")
                break
    return problems
