"""A griffe extension for the docs site: the kernel's Sphinx habits, read as Markdown.

The kernel's docstrings name other objects the Sphinx way (``:class:`~tabletop.rng.Rng```,
``:meth:`determinize```), and its constants are documented by ``#:`` comments above them.
Before mkdocstrings renders the package, this extension

- gives an attribute without a docstring the text of the ``#:`` comment lines right above it;
- turns each role into a code span linked to the object it names, resolved in the scope of
  the object whose docstring it is (a method's name in its class, an imported name in its
  module). The links are optional cross-references: a name the site does not document (a
  private helper, the command line) stays plain code instead of failing the strict build.
"""

from __future__ import annotations

import html
import re
from textwrap import dedent
from typing import Any

import griffe

#: a Sphinx role: its target, and the ``~`` that shows only the last part of the name
ROLE = re.compile(
    r":(?:class|meth|func|data|mod|attr|exc|obj|const):`(?P<tilde>~?)(?P<target>[^`]+)`")


def _identifier(obj: griffe.Object, target: str) -> str:
    """The full path of ``target`` as named in ``obj``'s docstring (as written when it cannot
    be resolved: the optional link then simply does not link)."""
    head, _, rest = target.lstrip(".").partition(".")
    try:
        base = obj.resolve(head)
    except (griffe.NameResolutionError, KeyError, AttributeError):
        return target.lstrip(".")
    return f"{base}.{rest}" if rest else base


def convert(obj: griffe.Object, text: str) -> str:
    """``text`` with every Sphinx role replaced by a linked code span."""

    def link(match: re.Match[str]) -> str:
        target = match["target"]
        shown = target.rpartition(".")[2] if match["tilde"] else target.lstrip(".")
        identifier = html.escape(_identifier(obj, target), quote=True)
        return (f'<autoref identifier="{identifier}" optional>'
                f"<code>{html.escape(shown)}</code></autoref>")

    return ROLE.sub(link, text)


def comment_above(obj: griffe.Object) -> str | None:
    """The text of the ``#:`` comment lines right above ``obj``'s first line, if any."""
    if obj.lineno is None or isinstance(obj.filepath, list):  # a namespace package: no lines
        return None
    lines = obj.lines_collection[obj.filepath]
    index = obj.lineno - 2  # the line above, counted from 0
    found: list[str] = []
    while index >= 0 and (line := lines[index].lstrip()).startswith("#:"):
        found.append(line[2:])
        index -= 1
    return dedent("\n".join(reversed(found))).strip() or None


class SphinxRoles(griffe.Extension):
    """Apply :func:`comment_above` and :func:`convert` to everything a loaded package holds."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader,
                   **kwargs: Any) -> None:
        """Rewrite the docstrings of ``pkg`` and of its members, nested ones included
        (aliases excepted: their target is rewritten where it is defined)."""
        pending: list[griffe.Object] = [pkg]
        while pending:
            obj = pending.pop()
            if obj.docstring is None and obj.is_attribute and (text := comment_above(obj)):
                obj.docstring = griffe.Docstring(
                    text, parent=obj, parser=loader.docstring_parser,
                    parser_options=loader.docstring_options)
            if obj.docstring is not None:
                obj.docstring.value = convert(obj, obj.docstring.value)
            pending.extend(m for m in obj.members.values() if not m.is_alias)
