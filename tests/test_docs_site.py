"""The docs site (mkdocs.yml, docs/): it builds with warnings as errors (a broken link, a
docstring griffe cannot parse), and its API reference holds the kernel's public API with
signatures, generated from the docstrings."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

try:
    import mkdocs  # noqa: F401
    import mkdocstrings_handlers.python  # noqa: F401
except ImportError:
    pytest.skip('the docs site needs mkdocs and mkdocstrings-python: pip install -e ".[docs]" '
                '(the test extra includes them)', allow_module_level=True)

#: what the reference must show, by page: the objects an author of a game looks up
REFERENCE = {
    "engine": ["tabletop.engine.Game", "tabletop.engine.Game._new_state",
               "tabletop.engine.Game.options_class", "tabletop.engine.State",
               "tabletop.engine.State.players", "tabletop.engine.State.rng",
               "tabletop.engine.State.options", "tabletop.engine.State._legal_actions",
               "tabletop.engine.State._apply", "tabletop.engine.State.determinize",
               "tabletop.engine.Result", "tabletop.engine.Result.by_scores"],
    "components": ["tabletop.rng.Rng", "tabletop.rng.Rng.shuffle", "tabletop.components.dice.Dice",
                   "tabletop.components.dice.Dice.roll", "tabletop.components.log.EventLog",
                   "tabletop.components.log.EventLog.add"],
    "pictures": ["tabletop.pictures.svg.Svg", "tabletop.pictures.pieces.card",
                 "tabletop.pictures.targets.element_id", "tabletop.pictures.lettering.wrap"],
    "agents": ["tabletop.agents.base.Agent", "tabletop.agents.kinds.KERNEL_KINDS",
               "tabletop.agents.kinds.LEVELS", "tabletop.agents.kinds.HARD_MILLISECONDS",
               "tabletop.agents.ismcts.DEFAULT_ITERATIONS", "tabletop.agents.ismcts.IsmctsAgent"],
    "play": ["tabletop.match.Match", "tabletop.record.Record", "tabletop.record.replay",
             "tabletop.options.option", "tabletop.options.make_options"],
}


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The site built once, strictly, into a temporary folder, with mkdocs' output."""
    site = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
         str(ROOT / "mkdocs.yml"), "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    return site, done


def page(build: tuple[Path, subprocess.CompletedProcess[str]], name: str) -> str:
    return (build[0] / "reference" / name / "index.html").read_text(encoding="utf-8")


def section(html: str, identifier: str) -> str:
    """The rendered documentation of ``identifier``: from its heading to the next object's."""
    start = html.index(f'id="{identifier}"')
    following = re.compile(r'<h[2-6] id="tabletop\.').search(html, start + 1)
    return html[start:following.start() if following else len(html)]


def test_the_site_builds_without_a_warning(
        build: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    done = build[1]
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "WARNING" not in output, output
    assert (build[0] / "index.html").is_file()
    assert (build[0] / "game-modules" / "index.html").is_file()
    assert (build[0] / "benchmarks" / "index.html").is_file()


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_reference_documents_the_kernels_public_api(
        build: tuple[Path, subprocess.CompletedProcess[str]], name: str) -> None:
    html = page(build, name)
    missing = [ident for ident in REFERENCE[name] if f'id="{ident}"' not in html]
    assert not missing, f"reference/{name} does not document {missing}"


def test_signatures_and_docstrings_are_shown(
        build: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    by_scores = section(page(build, "engine"), "tabletop.engine.Result.by_scores")
    signature = re.sub(r"<[^>]+>", "", by_scores.split('class="doc-signature', 1)[1])
    assert "tiebreak: Sequence[float] | None = None" in signature
    assert "highest score wins" in by_scores
    assert "Required field" in section(page(build, "engine"), "tabletop.engine.State.rng")
    default = section(page(build, "agents"), "tabletop.agents.ismcts.DEFAULT_ITERATIONS")
    assert "iterations per decision" in default  # documented by a ``#:`` comment


def test_sphinx_roles_become_links(build: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    for name in REFERENCE:
        html = page(build, name)
        assert not re.search(r":(class|meth|func|data|mod|attr):`", html), name
    # ``:func:`conceal``` in a method of State: resolved in the module's scope
    determinize = section(page(build, "engine"), "tabletop.engine.State.determinize")
    assert 'href="#tabletop.engine.conceal"' in determinize
    # ``:class:`~tabletop.rng.Rng``` on another page: shown as its last part, linked there
    assert re.search(r'href="../components/#tabletop.rng.Rng"><code>Rng</code>',
                     page(build, "engine"))
