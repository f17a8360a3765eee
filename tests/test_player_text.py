"""What a player reads about a game: the one-screen guide and the plain rules (issue 26 §3).

Every installed game's guide fits one 80x40 screen and, like the plain rules that follow it in
``tabletop rules GAME``, holds no rule ids, markup, file paths, issue numbers or code names.
"""

from __future__ import annotations

import pytest

from tabletop import registry
from tabletop.engine import GUIDE_LINES
from tabletop.rulebook import plain, player_text_problems, wrap_paragraph

GAMES = [game.name for game in registry.all_games()]


@pytest.mark.parametrize("name", GAMES)
def test_guide_fits_one_screen_and_reads_as_plain_words(name: str) -> None:
    guide = registry.get(name).guide()
    lines = guide.splitlines()
    assert len(lines) <= GUIDE_LINES, f"{len(lines)} lines"
    assert max(len(line) for line in lines) <= 80
    assert player_text_problems(guide) == []
    words = guide.casefold()
    for topic in ("goal", "turn", "end"):
        assert topic in words, f"the guide does not say a word about the {topic}"


@pytest.mark.parametrize("name", GAMES)
def test_plain_rules_hold_no_ids_markup_paths_or_code_names(name: str) -> None:
    text = plain(registry.get(name).rules_text(), width=80)
    assert player_text_problems(text) == []
    assert max(len(line) for line in text.splitlines()) <= 80


@pytest.mark.parametrize("name", GAMES)
def test_notes_are_only_behind_the_notes_switch(name: str) -> None:
    game = registry.get(name)
    with_notes = plain(game.rules_text(), notes=True, width=80)
    without = plain(game.rules_text(), width=80)
    assert len(with_notes) >= len(without)


def test_plain_drops_markup_ids_and_notes() -> None:
    markdown = ("# Title\n\nIntro with `code` and **bold** [xx-intro].\n\n## Setup\n\n"
                "- Deal five cards. **[decided]** [xx-deal] [untested: goldens only]\n"
                "  and more words on the next line.\n\n"
                "> Measured in 400 games (a designer's note).\n\n"
                "## Notes for designers\n\nThe engine does this.\n\n## End\n\nLast words.\n")
    text = plain(markdown, width=200)
    assert text.splitlines()[:2] == ["Title", "====="]
    assert "Intro with code and bold." in text
    assert ("- Deal five cards. (our ruling: the rulebook is silent) and more words on the "
            "next line.") in text
    assert "Measured" not in text and "engine" not in text and "[xx-" not in text
    assert "Last words." in text
    noted = plain(markdown, notes=True, width=80)
    assert "Note: Measured in 400 games" in noted and "The engine does this." in noted


def test_wrapping_leaves_no_word_alone_on_the_last_line() -> None:
    text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    for width in range(20, 80):
        lines = wrap_paragraph(text, width)
        assert all(len(line) <= width for line in lines)
        if len(lines) > 1:
            assert len(lines[-1].split()) >= 2, (width, lines)


def test_problems_are_found() -> None:
    bad = ("See games/x/RULES.md [cl-pay] for the `code`, issue 16 and attack_bonus via "
           "State.apply.")
    kinds = " ".join(player_text_problems(bad))
    for what in ("rule id", "markup", "file path", "issue number", "code name", "kernel name"):
        assert what in kinds
    assert player_text_problems("Play with --option short_game=true for a short game.") == []
    assert player_text_problems("The State Politics card buys men.") == []  # a card's name


def test_every_line_of_the_plain_rules_fits_headings_rows_and_drawings_too() -> None:
    markdown = ("# A title long enough to need two lines at this width\n\n"
                "| column one | column two holds a long cell |\n|---|---|\n"
                "| a | b c d e f g h i j k l m n o |\n\n```\n  a drawing wider than the width\n```\n")
    text = plain(markdown, width=30)
    assert max(len(line) for line in text.splitlines()) <= 30
    assert text.splitlines()[2].startswith("=")  # the title's underline, after its two lines


@pytest.mark.parametrize("name", GAMES)
def test_option_help_is_in_words_not_identifiers(name: str) -> None:
    # the lobby shows each option's help beside its field: no code names such as
    # 'more_than_all', no rulebook headings quoted in capitals
    import re

    from tabletop.options import option_infos

    game = registry.get(name)
    options = game.make_options().__class__
    for info in option_infos(options).values():
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", info.help), (info.name, info.help)
        assert not re.search(r"\b[A-Z]{4,}:", info.help), (info.name, info.help)
