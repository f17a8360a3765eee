"""Every rule with its test: the ids a game's RULES.md gives its rules, and where tests cite them.

A rule in RULES.md carries a short stable id in square brackets, the game's two-letter prefix,
a dash and a name (``[bl-sale-price]``), and a test that checks the rule names the id in its
name, docstring or a comment. A rule checked only through golden transcripts, or not at all,
says so after its id: ``[bl-copper-moves] [untested: only the goldens play it]``. The checker
reports ids given twice, ids no test cites, and ids tests cite that RULES.md does not give (a
rule renamed or removed)::

    problems = rule_problems(Path("games/bootleggers/RULES.md"), [Path("tests/games/bootleggers")])

The code names them too, so that a maintainer goes from RULES.md to the code in one search:
the function (or the data loader) that implements a rule cites its id in a short comment or
its docstring (``# bl-sale-price``). :func:`code_problems` lists the rules no code of the
game names, but for those marked ``[left out]``::

    problems = code_problems(Path("games/bootleggers/RULES.md"), Path("games/bootleggers"))
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

RULE_ID = re.compile(r"\[([a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*)\]")
UNTESTED = re.compile(r"\[untested: [^\]]+\]")


def rule_ids(rules_text: str) -> dict[str, bool]:
    """Each rule id in a RULES.md text, mapped to whether it is marked ``[untested: ...]``."""
    ids: dict[str, bool] = {}
    for line in rules_text.splitlines():
        for match in RULE_ID.finditer(line):
            rest = line[match.end():]
            ids[match.group(1)] = ids.get(match.group(1), False) or bool(
                UNTESTED.match(rest.lstrip()))
    return ids


def duplicated_ids(rules_text: str) -> list[str]:
    """Ids given to more than one rule."""
    counts = Counter(m.group(1) for m in RULE_ID.finditer(rules_text))
    return sorted(rule for rule, n in counts.items() if n > 1)


def cited_ids(test_paths: Iterable[Path], prefix: str) -> set[str]:
    """The rule ids with this two-letter prefix that the Python files under ``test_paths``
    name anywhere (test names use underscores: ``test_bl_sale_price`` cites ``bl-sale-price``
    only when written ``bl-sale-price`` somewhere in the file, e.g. in its docstring)."""
    pattern = re.compile(rf"\b{re.escape(prefix)}-[a-z0-9]+(?:-[a-z0-9]+)*\b")
    found: set[str] = set()
    for root in test_paths:
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in files:
            found.update(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def rule_problems(rules_md: Path, test_paths: Iterable[Path]) -> list[str]:
    """What is wrong between a RULES.md and its tests, one line each (empty: all well)."""
    text = rules_md.read_text(encoding="utf-8")
    ids = rule_ids(text)
    if not ids:
        return [f"{rules_md} gives its rules no ids ([xx-name] after each rule)"]
    prefixes = {rule.split("-", 1)[0] for rule in ids}
    cited: set[str] = set()
    for prefix in prefixes:
        cited |= cited_ids(test_paths, prefix)
    problems = [f"rule id [{rule}] is given to more than one rule"
                for rule in duplicated_ids(text)]
    problems += [f"rule [{rule}] has no test citing it (or mark it [untested: reason])"
                 for rule, untested in sorted(ids.items()) if not untested and rule not in cited]
    problems += [f"a test cites [{rule}], which {rules_md.name} does not give"
                 for rule in sorted(cited - set(ids))]
    return problems


def left_out_ids(rules_text: str) -> set[str]:
    """The ids of rules marked ``[left out]`` (on the same line): no code implements them."""
    return {match.group(1) for line in rules_text.splitlines() if "[left out]" in line
            for match in RULE_ID.finditer(line)}


def code_problems(rules_md: Path, code_dir: Path) -> list[str]:
    """The rules of a RULES.md that no Python file under ``code_dir`` names, one line each
    (empty: every implemented rule can be found from its id); and ids the code names that
    RULES.md does not give."""
    text = rules_md.read_text(encoding="utf-8")
    ids = rule_ids(text)
    prefixes = {rule.split("-", 1)[0] for rule in ids}
    cited: set[str] = set()
    for prefix in prefixes:
        cited |= cited_ids([code_dir], prefix)
    wanted = set(ids) - left_out_ids(text)
    problems = [f"rule [{rule}] is named by no code in {code_dir.name}/ (cite it in a comment "
                "where it is implemented)" for rule in sorted(wanted - cited)]
    problems += [f"the code cites [{rule}], which {rules_md.name} does not give"
                 for rule in sorted(cited - set(ids))]
    return problems
