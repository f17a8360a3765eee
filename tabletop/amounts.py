"""Amount decisions: a choice that is a number in a range, typed rather than picked from a list.

A bid of 0 to 25 G, crates in a deal, money moved to a display: the legal actions stay what they
always were, one concrete action per amount (so records, the action space, bots and the
learning adapters need nothing new), and the game says which of them are amounts of the same
question with :meth:`tabletop.engine.State.amount`::

    def amount(self, action):
        if isinstance(action, Bid):
            return Amount("Your bid", action.money, unit="G")
        return None

The terminal then asks "Your bid (0 to 25 G)" and takes the number typed; the browser shows a
number field. Everything a reader of the menu needs is here: :func:`amount_questions` gathers
the legal actions by question, :func:`values_text` says which values are allowed in words, and
:func:`parse_amount` reads what a player typed ("12", "12 G", "$8,000").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs


@attrs.frozen
class Amount:
    """What an action is as an amount: the ``question`` it answers (actions that answer the
    same question with different values are one amount decision), its ``value``, and how a
    value is written: ``prefix`` before the number ("$"), ``unit`` after it ("G", "crates")."""

    question: str
    value: int
    unit: str = ""
    prefix: str = ""

    def text(self, value: int | None = None) -> str:
        """``value`` (default: this one) written as the game writes money or counts:
        "$8,000", "12 G", "3 crates"."""
        return written(self.value if value is None else value, self.unit, self.prefix)


def written(value: int, unit: str = "", prefix: str = "") -> str:
    """A value as players read it: thousands separated, with its prefix and unit ("12 G",
    "3 crates", "$8,000", and "$3G" where a prefix and a short unit go together)."""
    sign = "-" if value < 0 else ""
    return _with_unit(f"{sign}{prefix}{abs(value):,}", unit, prefix)


def _with_unit(text: str, unit: str, prefix: str) -> str:
    """``text`` (a number, or a range of them) followed by ``unit``: a money sign before and
    a short unit after read as one word ("$3G"), anything else with a space ("12 G")."""
    if not unit:
        return text
    return f"{text}{unit}" if prefix and len(unit) <= 2 else f"{text} {unit}"


@attrs.frozen
class AmountQuestion:
    """The legal actions that answer one question, by value: ``choices[value]`` is the index of
    that value's action in the legal list (the first, where two actions give the same value)."""

    question: str
    unit: str
    prefix: str
    choices: dict[int, int]

    @property
    def values(self) -> list[int]:
        """The allowed values, smallest first."""
        return sorted(self.choices)

    def range_text(self) -> str:
        """The allowed values in words: "0 to 25 G", "$1,000 to $20,000 in steps of $1,000",
        "0 to 5 or 10"."""
        return values_text(self.values, self.unit, self.prefix)

    def prompt(self) -> str:
        """The question with its range, as the terminal asks it: "Your bid (0 to 25 G)"."""
        return f"{self.question} ({self.range_text()})"


def amount_questions(legal: Sequence[Any], amount_of: Callable[[Any], Amount | None]
                     ) -> tuple[list[AmountQuestion], list[int]]:
    """The amount questions among ``legal`` (in order of first appearance, each with at least
    two values: one value is no question to type an answer to) and the indices of the other
    actions, in order."""
    found: dict[str, tuple[Amount, dict[int, int]]] = {}
    marks: list[Amount | None] = []
    for index, action in enumerate(legal):
        amount = amount_of(action)
        marks.append(amount)
        if amount is None:
            continue
        entry = found.setdefault(amount.question, (amount, {}))
        entry[1].setdefault(amount.value, index)
    questions = [AmountQuestion(q, first.unit, first.prefix, choices)
                 for q, (first, choices) in found.items() if len(choices) >= 2]
    asked = {q.question for q in questions}
    others = [i for i, mark in enumerate(marks) if mark is None or mark.question not in asked]
    return questions, others


def values_text(values: Sequence[int], unit: str = "", prefix: str = "") -> str:
    """Sorted ``values`` in words: runs of a common step read "0 to 25" or "1,000 to 20,000 in
    steps of 1,000"; anything else is listed ("0 to 5 or 10")."""
    if not values:
        return "nothing"
    values = sorted(values)

    def w(v: int) -> str:
        return written(v, "", prefix)

    step = values[1] - values[0] if len(values) > 1 else 0
    if len(values) > 2 and all(b - a == step for a, b in itertools.pairwise(values)):
        text = f"{w(values[0])} to {w(values[-1])}"
        if step != 1:
            text += f" in steps of {w(step)}"
    else:
        runs: list[list[int]] = []
        for v in values:
            if runs and v == runs[-1][-1] + 1:
                runs[-1].append(v)
            else:
                runs.append([v])
        parts = [part for r in runs for part in (
            [w(v) for v in r] if len(r) <= 2 else [f"{w(r[0])} to {w(r[-1])}"])]
        text = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}"
    return _with_unit(text, unit, prefix)


_NUMBER = re.compile(r"-?\d[\d,]*")


def parse_amount(text: str, question: AmountQuestion) -> int | str:
    """The legal index of the amount typed in ``text`` for ``question``, or a reason a player
    understands why it is not one. Accepts "12", "12 G", "$8,000", "8000" and "8k" (8,000);
    a bare "8" where only thousands are allowed is refused with the amount it may mean."""
    cleaned = text.strip().replace(question.prefix, "", 1) if question.prefix else text.strip()
    if question.unit and cleaned.lower().endswith(question.unit.lower()):
        cleaned = cleaned[: -len(question.unit)].strip()
    thousands = cleaned[-1:] in ("k", "K")
    if thousands:
        cleaned = cleaned[:-1].strip()
    match = _NUMBER.fullmatch(cleaned)
    if match is None or not cleaned.isascii():
        return f"type a whole number: {question.range_text()}"
    digits = cleaned.replace(",", "")
    if len(digits.lstrip("-")) > 12:
        return f"{text.strip()[:20]} is out of range: {question.range_text()}"
    value = int(digits) * (1000 if thousands else 1)
    index = question.choices.get(value)
    if index is None:
        meant = ""
        if not thousands and value * 1000 in question.choices:
            meant = (f" (for {written(value * 1000, question.unit, question.prefix)} type "
                     f"{value * 1000} or {value}k)")
        return (f"{written(value, question.unit, question.prefix)} is not an amount you can "
                f"choose now{meant}: {question.range_text()}")
    return index
