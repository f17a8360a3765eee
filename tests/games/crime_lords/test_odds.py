"""The odds of every attack in words a player can check (issue 26 §1): the number needed on
two dice and its chance in percent, the sum that makes it in the rulebook's order, and, when
the dice cannot succeed, why in words; never a negative target."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction

from tabletop_games.crime_lords import GAME, attacks, odds
from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords.scenario import blank, boss, commit, free, racket, sub
from tabletop_games.crime_lords.state import CrimeLordsState

from tabletop.rng import Rng
from tests.positions import heuristic_positions

ATTACKS = (A.Recruit, A.Takeover, A.Hit)
PERCENT = re.compile(r"\((\d{1,2})%")
NEGATIVE_TARGET = re.compile(r"needs -|-\d+ or less|needs \d+:|or less on two dice \(0%")


def random_positions(players: int, seed: int, steps: int) -> Iterator[CrimeLordsState]:
    """The positions of a game of random play (every legal action equally likely)."""
    s = GAME.new_state(players, seed)
    rng = Rng.from_seed(seed, "odds")
    for _ in range(steps):
        if s.is_over:
            return
        yield s
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])


def positions() -> Iterator[CrimeLordsState]:
    """Random and heuristic self-play positions at 2, 3 and 5 players."""
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        yield from random_positions(players, seed, 1500)
        yield from heuristic_positions("crime_lords", players, seed, every=1)


def test_two_dice_chances_are_the_rulebook_arithmetic() -> None:
    """Two dice: 2 or less is 1 in 36, 7 or less 21 in 36, 10 or less 33 in 36 ("an 11 or 12
    always fails"), nothing below 2; in percent, rounded, never 0 or 100 for a real roll."""
    assert odds.two_dice_chance(2) == Fraction(1, 36)
    assert odds.two_dice_chance(7) == Fraction(21, 36)
    assert odds.two_dice_chance(10) == odds.two_dice_chance(15) == Fraction(33, 36)
    assert odds.two_dice_chance(1) == odds.two_dice_chance(-4) == 0
    assert [odds.percent(n) for n in range(1, 12)] == [
        "0%", "3%", "8%", "17%", "28%", "42%", "58%", "72%", "83%", "92%", "92%"]


def test_every_attack_offered_shows_its_chance_and_no_negative_target() -> None:
    """In thousands of positions of random and heuristic play, every attack on the menu (a
    recruitment, a takeover, a Hit that is not on one's own Crook) says its chance in
    percent and the sum behind it; none shows a negative target; and every attack in
    progress shows the same on the table, its parts adding up to the success number."""
    offered = in_progress = 0
    for s in positions():
        for action in s.legal_actions():
            if type(action) not in ATTACKS or (
                    type(action) is A.Hit and s.loc[action.target] == s.actor):
                continue
            for text in (s.describe(action), s.describe_public(action)):
                assert PERCENT.search(text), text
                assert not NEGATIVE_TARGET.search(text), text
                assert "Power" in text.split(": ", 1)[1], text
            offered += 1
        if s.attack is not None and s.attack.kind != "hit" or (
                s.attack is not None and s.loc[s.attack.target] != s.attack.seat):
            parts = odds.terms(s)
            assert sum(p.value for p in parts) == attacks.success_number(s)
            for seat in range(s.players):
                text = " ".join(s.render(seat).split())
                assert PERCENT.search(text.split("now", 1)[-1]) and not NEGATIVE_TARGET.search(
                    text)
            in_progress += 1
    assert offered > 1000 and in_progress > 100


def test_the_sum_follows_the_rulebook_order() -> None:
    """"Attempt to Recruit. Target's Resistance is subtracted from attacking Crook's Power"
    then the modifiers: Mom Parker (9 as Old Family Boss) on a Lieutenant with an Unhappy
    marker: 9 - 3 - 10 + 2."""
    s = blank(2, ("old_family", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    lou = sub(s, 1, "lucky_lou", "judge_cohen", (1, 0))
    s.unhappy[lou] = 1
    text = s.describe(A.Recruit(mom, lou))
    assert "Power as Boss 9 - Resistance 4 - a Lieutenant 10 + Unhappy markers 2" in text


def test_an_attack_the_dice_cannot_win_says_why_in_words() -> None:
    """"Power has to exceed Resistance by at least 2 for an attack to have any chance": short
    of that, the option says by how much, and whether the attacker's own money and helpers
    could make it up ("money and helpers must add 7") or not ("even with every G you
    hold"); the other players do not read his treasury into it."""
    s = blank(2, ("old_family", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    lou = sub(s, 1, "lucky_lou", "judge_cohen", (1, 0))
    s.money = [40, 10]
    rich = s.describe(A.Recruit(mom, lou))
    assert "cannot succeed as it stands (0%), short by 7" in rich
    assert rich.endswith("money and helpers must add 7")
    s = blank(2, ("old_family", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    lou = sub(s, 1, "lucky_lou", "judge_cohen", (1, 0))
    s.money = [3, 10]
    poor = s.describe(A.Recruit(mom, lou))
    assert "cannot succeed (0%): short by 7 even with every G you hold and every helper" in poor
    public = s.describe_public(A.Recruit(mom, lou))
    assert "every G you hold" not in public and "short by 7" in public


def test_a_hit_below_two_is_a_warning_shot_and_says_so() -> None:
    """"Warning Shots": unless the number is at least 2 the dice are not rolled; the option
    says so, and the event after the attack tells why no dice were rolled."""
    s = blank(2, ("southside_crew", "carnival_boys"))
    boss(s, 0, "mom_parker")
    kid = sub(s, 0, "kid_cobb", "mom_parker", (1, 0))
    judge = boss(s, 1, "judge_cohen")
    s.money = [50, 10]
    text = s.describe(A.Hit(kid, judge))
    assert "only a warning shot (0%: the dice are not rolled): short by 14 even with up to 5 G" in text
    s.apply(A.Hit(kid, judge))
    commit(s, 0)
    while s.phase == "assist":
        s.apply(A.DONE)
    assert any("short by 14 of the 2 or less a roll needs" in e.text for e in s.log.entries)


def test_events_tell_the_number_with_its_chance() -> None:
    """The number as it changes during the attack is told with its chance, so a player can
    follow the odds move by move."""
    s = blank(2, ("southside_crew",))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    silk = free(s, "silk_simmons")
    racket(s, 0, "north_casinos")
    s.apply(A.Recruit(mom, silk))
    commit(s, 2)
    commit(s, 0)
    s.apply(A.REVEAL)
    shown = [e.text for e in s.log.entries if e.kind == "showdown"]
    assert shown and re.search(r"needs \d+ or less on two dice \(\d+%\)", shown[-1])


# rules: cl-roll cl-recruit-number cl-warning-shot cl-modifiers cl-odds-shown
