"""Golden playthroughs: seeded games written as readable transcripts and compared on every run.

A transcript's header says how to play it again (game, players, seed, agents, options), so
``regen`` can rewrite every file after an intended change and the diff shows every behavioural
change. Usage::

    python -m tabletop.testing.goldens new GAME --players 3 --seed 1   # write one
    python -m tabletop.testing.goldens regen                            # rewrite all
    python -m tabletop.testing.goldens check                            # compare all
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any

import attrs
import click

from tabletop import registry
from tabletop.agents import default_bot
from tabletop.engine import Game
from tabletop.match import Match
from tabletop.narration import event_lines, move_line, result_text, wrap
from tabletop.options import parse_option_pairs

DEFAULT_DIR = Path("tests/playthroughs")
HEADER = "# Tabletop playthrough"
REGEN = "# Regenerate all with: python -m tabletop.testing.goldens regen"


@attrs.frozen
class Spec:
    """What a transcript replays: a game, its players, seed, agents and options."""

    game: str
    players: int
    seed: int
    agents: tuple[str, ...]
    options: dict[str, Any] = attrs.field(factory=dict, hash=False)

    def filename(self) -> str:
        """The file name that names this playthrough."""
        extra = "".join(f"-{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}-{self.players}p-seed{self.seed}{extra}.txt"


def transcript(spec: Spec) -> str:
    """Play the spec'd game and write it down."""
    game: Game = registry.get(spec.game)
    match = Match(game, spec.players, spec.seed, spec.options, list(spec.agents))
    lines = [
        f"{HEADER}: {game.title}",
        f"# game: {spec.game}",
        f"# players: {spec.players}",
        f"# seed: {spec.seed}",
        f"# agents: {','.join(spec.agents)}",
        f"# options: {json.dumps(spec.options, sort_keys=True)}",
        REGEN,
        "",
        "== Setup ==",
        match.state.render(None),
        "",
        "== Play ==",
        *event_lines(match.take_events()),
    ]
    last_round = match.state.round

    def narrate(seat: int, action: Any, description: str) -> None:
        nonlocal last_round
        lines.extend(event_lines(match.take_events()))
        if match.state.round != last_round:
            last_round = match.state.round
            lines.append(f"-- round {last_round} --")
        lines.extend(wrap(move_line(match.steps + 1, seat, spec.agents[seat], description)))

    outcome = match.run(on_step=narrate)
    lines.extend(event_lines(match.take_events()))
    lines += ["", f"== End after {match.steps} decisions ({outcome}) ==",
              match.state.render(None), ""]
    if match.state.is_over:
        lines.append(result_text(match.state.result()))
    return "\n".join(lines).rstrip() + "\n"


def parse_header(text: str) -> Spec:
    """The spec a transcript's header describes."""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        if not line.startswith("# "):
            break
        key, sep, value = line[2:].partition(": ")
        if sep:
            fields[key] = value
    try:
        return Spec(fields["game"], int(fields["players"]), int(fields["seed"]),
                    tuple(fields["agents"].split(",")), json.loads(fields["options"]))
    except (KeyError, ValueError) as exc:
        raise ValueError(f"not a playthrough header: {exc}") from None


def diff(path: Path) -> str:
    """Empty if ``path`` still matches a fresh playthrough, else a unified diff."""
    expected = path.read_text(encoding="utf-8")
    actual = transcript(parse_header(expected))
    if actual == expected:
        return ""
    return "".join(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        fromfile=f"{path} (golden)", tofile="now", n=2))


@click.group()
def main() -> None:
    """Write, rewrite and compare golden playthroughs."""


@main.command()
@click.argument("game_name")
@click.option("--players", type=int, required=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--agents", default=None, help="agent kind per seat, comma-separated")
@click.option("--option", "options", multiple=True, help="KEY=VALUE game option")
@click.option("--dir", "folder", type=click.Path(path_type=Path), default=DEFAULT_DIR)
def new(game_name: str, players: int, seed: int, agents: str | None, options: tuple[str, ...],
        folder: Path) -> None:
    """Write a new transcript for GAME_NAME."""
    game = registry.get(game_name)
    kinds = tuple(agents.split(",")) if agents else (default_bot(game),) * players
    if len(kinds) != players:
        raise click.UsageError(f"--agents names {len(kinds)} seats for {players} players")
    spec = Spec(game_name, players, seed, kinds, parse_option_pairs(options))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / spec.filename()
    path.write_text(transcript(spec), encoding="utf-8")
    click.echo(f"wrote {path}")


@main.command()
@click.option("--dir", "folder", type=click.Path(path_type=Path), default=DEFAULT_DIR)
@click.option("--game", "only", default=None, help="only this game's transcripts")
def regen(folder: Path, only: str | None) -> None:
    """Rewrite every transcript from its header (read the diff afterwards)."""
    for path in sorted(folder.glob("*.txt")):
        spec = parse_header(path.read_text(encoding="utf-8"))
        if only and spec.game != only:
            continue
        path.write_text(transcript(spec), encoding="utf-8")
        click.echo(f"rewrote {path}")


@main.command()
@click.option("--dir", "folder", type=click.Path(path_type=Path), default=DEFAULT_DIR)
def check(folder: Path) -> None:
    """Compare every transcript with a fresh playthrough; exit 1 on any difference."""
    bad = 0
    for path in sorted(folder.glob("*.txt")):
        text = diff(path)
        if text:
            bad += 1
            click.echo(text)
    click.echo(f"{bad} of {len(list(folder.glob('*.txt')))} playthroughs differ")
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
