"""Words for people: results and narrated moves, shared by the CLI and the transcripts."""

from __future__ import annotations

from tabletop.engine import Result, seat_label


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def result_text(result: Result) -> str:
    """A result in one or two lines: who won, why, and the scores."""
    if not result.winners:
        head = "The game is a draw"
    elif len(result.winners) == 1:
        head = f"{seat_label(result.winners[0])} wins"
    else:
        head = "Shared victory: " + ", ".join(seat_label(w) for w in result.winners)
    scores = ", ".join(f"{seat_label(s)} {_number(result.scores[s])}" for s in result.ranking)
    return f"{head} ({result.reason}).\nScores: {scores}"


def move_line(step: int, seat: int, kind: str, description: str) -> str:
    """One narrated decision: ``12. Player 2 [heuristic]: draws a card``; a description that
    already starts with the seat's name is not prefixed again."""
    label = seat_label(seat)
    if description.startswith(label):
        return f"{step}. [{kind}] {description}"
    return f"{step}. {label} [{kind}]: {description}"


def event_lines(events: list[str]) -> list[str]:
    """New public events, indented under the move that caused them."""
    return [f"     > {event}" for event in events]
