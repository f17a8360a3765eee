"""Rule scenarios for the Mob layout, control and unhappiness."""

from __future__ import annotations

from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords import attacks, mob
from tabletop_games.crime_lords.scenario import blank, boss, card, commit, free, rigged, sub
from tabletop_games.crime_lords.state import DISCARD


# rules: cl-boss-bonus
def test_boss_token_lets_power_4_control_power_5() -> None:
    """"Choosing your Boss": a Power 4 Crook with a +2 Boss token controls any Crook of
    Power 5 or less (but not 6)."""
    s = blank(2, ("southside_crew",))          # a +2 Boss token
    b = boss(s, 0, "rosa_delgado")              # Power 4
    assert mob.power(s, b) == 6
    assert mob.placements_for(s, 0, card("lucky_lou"))          # Power 5 fits
    assert not mob.placements_for(s, 0, card("big_sal"))        # Power 6 does not


# rules: cl-touching-rule
def test_figure_3_north_lieutenant_closes_neighbouring_sides() -> None:
    """Figure 3: with Bro Bronson and Captain Shepherd beside Mom Parker, a Crook in the
    north Lieutenant slot closes the spaces north of both."""
    s = blank(2, ("old_family",))
    boss(s, 0, "mom_parker")
    bro = sub(s, 0, "bro_bronson", "mom_parker", (1, 0))
    cap = sub(s, 0, "captain_shepherd", "mom_parker", (-1, 0))
    kid = card("kid_cobb")
    before = {cell for sup, cell in mob.placements_for(s, 0, kid) if sup in (bro, cap)}
    assert {(1, 1), (-1, 1)} <= before
    sub(s, 0, "judge_cohen", "mom_parker", (0, 1))
    after = {cell for sup, cell in mob.placements_for(s, 0, kid) if sup in (bro, cap)}
    assert (1, 1) not in after and (-1, 1) not in after
    assert {(1, -1), (-1, -1)} <= after


# rules: cl-assistance
def test_only_one_helper_unless_zebrini() -> None:
    """"Assisting Recruitment": one Crook from below the attacker may help, more only with a
    special ability such as The Great Zebrini's."""
    s = blank(2, ("southside_crew",))
    boss(s, 0, "big_sal")
    zeb = sub(s, 0, "the_great_zebrini", "big_sal", (1, 0))
    sub(s, 0, "slim_jim", "the_great_zebrini", (2, 0))
    sub(s, 0, "kid_cobb", "the_great_zebrini", (1, -1))
    boss(s, 1, "judge_cohen")
    target = free(s, "whispers")
    s.money[0] = 0
    s.apply(A.Recruit(zeb, target))
    commit(s, 0)
    commit(s, 0)
    s.apply(A.REVEAL)
    s.apply(A.Assist(card("slim_jim")))
    assert A.Assist(card("kid_cobb")) in s.legal_actions()   # Zebrini: more than one
    s2 = blank(2, ("southside_crew",))
    boss(s2, 0, "big_sal")
    rosa = sub(s2, 0, "rosa_delgado", "big_sal", (1, 0))
    sub(s2, 0, "slim_jim", "rosa_delgado", (2, 0))
    sub(s2, 0, "kid_cobb", "rosa_delgado", (1, -1))
    boss(s2, 1, "judge_cohen")
    t2 = free(s2, "whispers")
    s2.money[0] = 0
    s2.apply(A.Recruit(rosa, t2))
    commit(s2, 0)
    commit(s2, 0)
    s2.apply(A.REVEAL)
    s2.apply(A.Assist(card("slim_jim")))
    assert s2.attack is None  # no second helper possible: the dice were rolled


def test_the_hit_comes_before_the_promotion() -> None:
    """"Unhappy Crooks": when his superior is Hit a Crook with two markers flees before any
    promotion could cheer him up."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    sal = boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    vera = sub(s, 1, "velvet_vera", "judge_cohen", (1, 0))
    kid = sub(s, 1, "kid_cobb", "velvet_vera", (2, 0))
    s.unhappy[kid] = 2
    from tabletop_games.crime_lords.state import Attack
    s.attack = Attack("hit", 0, sal, vera, 1)
    attacks.hit_success(s, s.attack)
    s.attack = None
    assert s.loc[kid] == DISCARD and s.loc[vera] == DISCARD


# rules: cl-reassign
def test_orphans_are_reassigned_under_a_stronger_crook() -> None:
    """"So What Happens?" (Hit): the dead Crook's subordinates go to open sides of other
    Crooks with more Power, or uncontrolled if none fits."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    sal = boss(s, 0, "big_sal")
    judge = boss(s, 1, "judge_cohen")
    vera = sub(s, 1, "velvet_vera", "judge_cohen", (1, 0))
    kid = sub(s, 1, "kid_cobb", "velvet_vera", (2, 0))
    from tabletop_games.crime_lords.state import Attack
    s.attack = Attack("hit", 0, sal, vera, 1)
    attacks.hit_success(s, s.attack)
    s.attack = None
    assert s.mobs[1].parent[kid] == judge
    assert s.mobs[1].problems() == []


# rules: cl-wants-promotion
def test_stronger_than_superior_gets_unhappy_each_turn() -> None:
    """"Power Increases for Hits": a Crook who grows stronger than his superior gets a marker
    at the start of each turn; equal Power is fine."""
    from tabletop_games.crime_lords import flow
    s = blank(2, ("carnival_boys",))
    boss(s, 0, "big_sal")                      # 6 + 1
    rosa = sub(s, 0, "rosa_delgado", "big_sal", (1, 0))
    kid = sub(s, 0, "kid_cobb", "rosa_delgado", (2, 0))
    boss(s, 1, "judge_cohen")
    s.pbonus[kid] = 3                          # 1 + 3 = 4: equal to Rosa
    flow.begin_turn(s, 0)
    assert s.unhappy[kid] == 0
    s.pbonus[kid] = 4                          # 5 > 4
    flow.begin_turn(s, 0)
    assert s.unhappy[kid] == 1
    assert rosa in s.mobs[0].cell


def _wipe_out_kid(rackets: tuple[str, ...], *more: tuple[str, tuple[int, int]]) -> tuple:
    """Mom Parker (with Smoothie and the Kelly Street Gang, token on) Hits Kid Cobb, the
    last Crook of seat 1, who holds ``rackets``; the dice say yes. ``more``: other Crooks
    under Mom. Returns the state (asking seat 0 for spoils) and the cards by id."""
    from tabletop_games.crime_lords.scenario import racket
    s = blank(3, ("old_family", "carnival_boys", "westside_outfit"))
    ids = {"mom_parker": boss(s, 0, "mom_parker"),
           "smoothie_smythe": sub(s, 0, "smoothie_smythe", "mom_parker", (1, 0))}
    for cid, cell in more:
        ids[cid] = sub(s, 0, cid, "mom_parker", cell)
    ids["kelly_street_gang"] = racket(s, 0, "kelly_street_gang")
    s.tokens[ids["kelly_street_gang"]] = True
    kid = ids["kid_cobb"] = boss(s, 1, "kid_cobb")
    for cid in rackets:
        ids[cid] = racket(s, 1, cid)
    boss(s, 2, "judge_cohen")
    s.tokens[kid] = False
    s.rng = rigged(2)
    s.apply(A.Hit(ids["mom_parker"], kid))
    commit(s, 5)
    s.apply(A.Assist(ids["smoothie_smythe"]))
    assert s.phase == "spoils" and s.actor == 0
    return s, ids


# rules: cl-elimination
def test_wiping_out_takes_rackets() -> None:
    """"Eliminating a Player": the player who removes the last Crook takes one Racket free
    and one more per Action Token he spends."""
    s, ids = _wipe_out_kid(("north_numbers", "south_numbers"))
    r1, r2, gang = ids["north_numbers"], ids["south_numbers"], ids["kelly_street_gang"]
    s.apply(A.TakeSpoils(r1))
    assert s.tokens[gang]
    s.apply(A.TakeSpoils(r2, gang))   # costs the gang's token
    assert not s.tokens[gang]
    assert not s.alive[1] and set(s.rackets[0]) >= {r1, r2}


# rules: cl-elimination
def test_the_wiper_chooses_whose_token_pays_for_more_spoils() -> None:
    """"Eliminating a Player": "one more Racket for every Action Token (from either a Crook
    or a Racket) that he spends" - he picks the card, here a Crook rather than his gang."""
    s, ids = _wipe_out_kid(("north_numbers", "south_numbers", "east_numbers"),
                           ("rosa_delgado", (-1, 0)))
    r1, r2, r3 = ids["north_numbers"], ids["south_numbers"], ids["east_numbers"]
    rosa, gang = ids["rosa_delgado"], ids["kelly_street_gang"]
    s.apply(A.TakeSpoils(r1))
    # a real attempt on a Boss ended the turn and retokened the Crooks: any of them, or the
    # gang, may pay
    payers = (ids["mom_parker"], ids["smoothie_smythe"], rosa, gang)
    assert {a for a in s.legal_actions() if type(a) is A.TakeSpoils} == {
        A.TakeSpoils(r, c) for r in (r2, r3) for c in payers}
    assert "spends the token of Rosa Delgado" in s.describe(A.TakeSpoils(r2, rosa))
    s.apply(A.TakeSpoils(r2, rosa))
    assert s.phase == "spoils" and not s.tokens[rosa] and s.tokens[gang]
    s.apply(A.DONE)
    assert set(s.rackets[0]) >= {r1, r2} and r3 in s.uncontrolled
