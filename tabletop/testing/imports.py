"""Import circles in a package: which of its modules import each other in a ring, and where.

Issue 30 asks that no game folder and not the kernel have an import circle, neither one that
Python runs into at import time nor one dodged by putting the import inside a function (the
circle is still there: it only waits until the function runs). This module reads a package's
source with :mod:`ast`, without importing it, and builds the graph of which of its modules
import which::

    graph = import_graph(Path("games/don_massivo"))
    for circle in graph.circles():
        print(circle)

An import counts wherever it stands (module level, inside a function or a class, under ``try``
or ``if``), except under ``if TYPE_CHECKING:``, which never runs. Relative imports are resolved
against the importing module. Imports of modules outside the package are left out, and so are
the implicit imports of parent packages (importing ``pkg.a.b`` runs ``pkg/a/__init__.py``
first): they would put every subpackage's ``__init__`` in a circle with its own modules.
Dynamic imports (``importlib.import_module(name)``) are not seen.

A circle is a strongly connected component of the graph with more than one module, or a module
that imports itself. It is reported with every import edge inside it and one sample import line
for each edge (``file:line``), so a maintainer sees which imports to move to break it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT_MODULE = "__init__"
"""The name :func:`import_graph` gives the package's own ``__init__.py``."""


@dataclass(frozen=True)
class ImportLine:
    """One import statement of one module of the package naming another module of it.

    Module names are relative to the package checked: ``flow``, ``cli.play``, and
    :data:`ROOT_MODULE` for the package's own ``__init__.py``.
    """

    importer: str
    imported: str
    path: Path
    line: int
    in_function: bool
    """True when the import runs only when a function runs (the usual way to dodge a circle)."""

    def __str__(self) -> str:
        where = " (inside a function)" if self.in_function else ""
        return f"{self.importer} -> {self.imported}  {self.path}:{self.line}{where}"


@dataclass(frozen=True)
class Circle:
    """Modules of one package that import each other in a ring, with the imports that do it.

    ``modules`` are sorted; ``edges`` hold one sample line for each pair (importer, imported)
    inside the circle, sorted by importer then imported; ``lines_per_edge`` says how many
    import statements each pair has in all (all of them must move to cut that edge).
    """

    package: str
    modules: tuple[str, ...]
    edges: tuple[ImportLine, ...]
    lines_per_edge: tuple[int, ...]

    def __str__(self) -> str:
        head = (f"import circle of {len(self.modules)} modules in {self.package}: "
                if len(self.modules) > 1 else f"module importing itself in {self.package}: ")
        lines = [head + ", ".join(self.modules)]
        for edge, count in zip(self.edges, self.lines_per_edge, strict=True):
            more = f" (+{count - 1} more)" if count > 1 else ""
            lines.append(f"  {edge}{more}")
        return "\n".join(lines)


@dataclass(frozen=True)
class ImportGraph:
    """Which modules of a package import which, each edge with every line that makes it.

    ``modules`` maps each module's name (relative to the package, see :class:`ImportLine`) to
    its file; ``imports`` maps each (importer, imported) pair to its import lines in file order.
    """

    package: str
    modules: dict[str, Path]
    imports: dict[tuple[str, str], tuple[ImportLine, ...]]

    def imported_by(self, module: str) -> list[str]:
        """The modules of the package that ``module`` imports, sorted."""
        return sorted(imported for importer, imported in self.imports if importer == module)

    def circles(self) -> list[Circle]:
        """Every import circle, sorted by its modules (empty when the package has none)."""
        found: list[Circle] = []
        for component in _strong_components(
                {module: self.imported_by(module) for module in self.modules}):
            members = set(component)
            if len(members) == 1 and (component[0], component[0]) not in self.imports:
                continue
            pairs = sorted(pair for pair in self.imports
                           if pair[0] in members and pair[1] in members)
            found.append(Circle(
                package=self.package, modules=tuple(sorted(members)),
                edges=tuple(self.imports[pair][0] for pair in pairs),
                lines_per_edge=tuple(len(self.imports[pair]) for pair in pairs)))
        return sorted(found, key=lambda circle: circle.modules)

    def __str__(self) -> str:
        circles = self.circles()
        if not circles:
            return f"no import circle in {self.package} ({len(self.modules)} modules)"
        return "\n".join(str(circle) for circle in circles)


def package_name(folder: Path) -> str:
    """The dotted name a package folder is imported by: its own name, behind those of the
    folders above it that are packages too (``games/crime_lords`` is ``games.crime_lords``)."""
    folder = folder.resolve()
    names = [folder.name]
    parent = folder.parent
    while (parent / "__init__.py").is_file():
        names.append(parent.name)
        parent = parent.parent
    return ".".join(reversed(names))


def import_graph(folder: Path, package: str | None = None) -> ImportGraph:
    """The import graph of the package in ``folder`` (which holds its ``__init__.py``) and its
    subpackages; ``package`` is its dotted name, by default :func:`package_name`."""
    if not (folder / "__init__.py").is_file():
        raise ValueError(f"{folder} is not a package: it has no __init__.py")
    package = package or package_name(folder)
    modules: dict[str, Path] = {}
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(folder).with_suffix("").parts
        if not all((folder.joinpath(*parts[:depth]) / "__init__.py").is_file()
                   for depth in range(len(parts))):
            continue  # a script in a folder that is not a package: nothing imports it by name
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts) or ROOT_MODULE] = path
    imports: dict[tuple[str, str], list[ImportLine]] = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for node, in_function in _runtime_imports(tree.body, in_function=False):
            for target in _targets(node, module, is_package, package, modules):
                line = ImportLine(module, target, path, node.lineno, in_function)
                imports.setdefault((module, target), []).append(line)
    return ImportGraph(package, modules,
                       {pair: tuple(lines) for pair, lines in sorted(imports.items())})


def import_circles(folder: Path, package: str | None = None) -> list[Circle]:
    """The import circles of the package in ``folder``: ``import_graph(...).circles()``."""
    return import_graph(folder, package).circles()


def _runtime_imports(body: list[ast.stmt], in_function: bool
                     ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """The import statements in ``body`` and the blocks nested in it that can run, each with
    whether it stands inside a function; ``if TYPE_CHECKING:`` blocks are skipped."""
    for statement in body:
        if isinstance(statement, ast.Import | ast.ImportFrom):
            yield statement, in_function
        elif isinstance(statement, ast.If) and _is_type_checking(statement.test):
            yield from _runtime_imports(statement.orelse, in_function)
        else:
            inside = in_function or isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef)
            for field in ("body", "orelse", "finalbody"):
                yield from _runtime_imports(getattr(statement, field, []), inside)
            for handler in getattr(statement, "handlers", []):  # try / except
                yield from _runtime_imports(handler.body, inside)
            for case in getattr(statement, "cases", []):  # match / case
                yield from _runtime_imports(case.body, inside)


def _is_type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` test is ``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` (any alias)."""
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, package: str,
             modules: dict[str, Path]) -> list[str]:
    """The package's modules one import statement loads, by relative name (others dropped)."""
    if isinstance(node, ast.Import):
        found = (_within(alias.name, package, modules) for alias in node.names)
        return sorted({target for target in found if target is not None})
    if node.level:
        # relative: level 1 is the importing module's own package, each level more one above
        here = [] if module == ROOT_MODULE else module.split(".")
        base = here if is_package else here[:-1]
        if node.level - 1 > len(base):
            return []  # goes above the package checked
        base = base[:len(base) - (node.level - 1)]
        source = ".".join([package, *base, *([node.module] if node.module else [])])
    else:
        assert node.module is not None  # only `from . import x` has no module
        source = node.module
    targets: set[str] = set()
    for alias in node.names:
        # `from pkg import name` loads the submodule pkg.name when there is one
        target = _exact(f"{source}.{alias.name}", package, modules)
        if target is None:
            target = _within(source, package, modules)
        if target is not None:
            targets.add(target)
    return sorted(targets)


def _exact(dotted: str, package: str, modules: dict[str, Path]) -> str | None:
    """The relative name of the package's module called ``dotted``, if there is one."""
    if dotted == package:
        return ROOT_MODULE
    relative = dotted.removeprefix(package + ".")
    return relative if relative != dotted and relative in modules else None


def _within(dotted: str, package: str, modules: dict[str, Path]) -> str | None:
    """The package's module that importing ``dotted`` loads: the module itself, or the deepest
    one whose name it starts with; None when ``dotted`` lies outside the package."""
    parts = dotted.split(".")
    for length in range(len(parts), 0, -1):
        target = _exact(".".join(parts[:length]), package, modules)
        if target is not None:
            return target
    return None


def _strong_components(graph: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of ``graph`` (node -> successors), iteratively
    so that a long chain of imports cannot exhaust the recursion limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for start, first_successors in graph.items():
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(first_successors))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(graph[successor])))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(component)
    return components
