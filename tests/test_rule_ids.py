"""Every rule in every built-in game's RULES.md has an id, and a test that names it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.testing.rule_ids import (
    cited_ids,
    code_problems,
    duplicated_ids,
    rule_ids,
    rule_problems,
)

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo"]


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_a_test(game: str) -> None:
    problems = rule_problems(ROOT / "games" / game / "RULES.md", [ROOT / "tests"])
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_found_in_the_code(game: str) -> None:
    problems = code_problems(ROOT / "games" / game / "RULES.md", ROOT / "games" / game)
    assert not problems, "\n".join(problems)


def test_the_code_checker_finds_uncited_and_unknown_ids(tmp_path: Path) -> None:
    rules = tmp_path / "RULES.md"
    rules.write_text("- Sales. [xx-sale]\n- Moves. [xx-move]\n- Bluff. [xx-bluff] [left out]\n")
    (tmp_path / "rules.py").write_text("def sell():\n    # xx-sale\n    pass\n# xx-gone\n")
    assert code_problems(rules, tmp_path) == [
        "rule [xx-move] is named by no code in " + tmp_path.name + "/ (cite it in a comment "
        "where it is implemented)",
        "the code cites [xx-gone], which RULES.md does not give"]


def test_the_checker_finds_each_kind_of_problem(tmp_path: Path) -> None:
    rules = tmp_path / "RULES.md"
    rules.write_text("- Sales pay the price. [xx-sale]\n- Moves. [xx-move] [untested: goldens]\n"
                     "- Dice. [xx-dice]\n- Again. [xx-dice]\n- [decided] words [left out]\n")
    tests = tmp_path / "test_x.py"
    tests.write_text('def test_sale():\n    """xx-sale: the price."""\n# xx-gone\n')
    assert rule_ids(rules.read_text()) == {"xx-sale": False, "xx-move": True, "xx-dice": False}
    assert duplicated_ids(rules.read_text()) == ["xx-dice"]
    assert cited_ids([tmp_path], "xx") == {"xx-sale", "xx-gone"}
    assert rule_problems(rules, [tmp_path]) == [
        "rule id [xx-dice] is given to more than one rule",
        "rule [xx-dice] has no test citing it (or mark it [untested: reason])",
        "a test cites [xx-gone], which RULES.md does not give",
    ]
    assert rule_problems(tmp_path / "test_x.py", [tmp_path])[0].endswith(
        "gives its rules no ids ([xx-name] after each rule)")
