"""Text that came from outside (a record, a request) made safe to print in one line."""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def clean(text: str) -> str:
    """``text`` without control characters (terminal escape codes, line breaks, bidi
    overrides): what came from a file cannot move the cursor or recolour a terminal."""
    return _CONTROL.sub("", text)


def shorten(text: str, limit: int = 200) -> str:
    """``text`` cleaned and cut to at most ``limit`` characters, marked with "..." when cut."""
    text = clean(text)
    return text if len(text) <= limit else text[: max(0, limit - 3)] + "..."
