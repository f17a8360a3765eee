"""Text that came from outside (a record, a request) made safe to print in one line."""

from __future__ import annotations

import re

#: what :func:`clean` removes: the control characters (Unicode category Cc: terminal escape
#: codes, line breaks), the line and paragraph separators (Zl, Zp), the format characters (Cf:
#: bidi marks and overrides such as LRM, RLM and RLO, zero-width spaces and joiners, the soft
#: hyphen, the byte-order mark) and lone surrogates (Cs: not text at all, they cannot even be
#: printed as UTF-8). The Cf ranges are those of Unicode 15, a superset of older versions.
_UNSEEN = re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e"
    "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ud800-\udfff\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f]")


def clean(text: str) -> str:
    """``text`` without the characters a reader cannot see or that act on the terminal
    (control codes, line breaks, bidi marks and overrides, zero-width characters) and without
    lone surrogates: what came from a file cannot move the cursor, recolour a terminal, turn a
    line around, hide a difference between two labels or fail to print."""
    return _UNSEEN.sub("", text)


def shorten(text: str, limit: int = 200) -> str:
    """``text`` cleaned and cut to at most ``limit`` characters, marked with "..." when cut."""
    text = clean(text)
    return text if len(text) <= limit else text[: max(0, limit - 3)] + "..."


def first_line(text: str, default: str = "") -> str:
    """The first line of ``text`` (``default`` when it has none): how an error's message is
    told in one line."""
    return (text.splitlines() or [default])[0]
