"""Rule scenarios for reassigning Crooks: after a Hit, a quit, a new Boss, a double-cross."""

from __future__ import annotations

from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords import attacks, flow, mob
from tabletop_games.crime_lords.scenario import blank, boss, card, sub
from tabletop_games.crime_lords.state import DISCARD, UNCONTROLLED, Attack


def _places(s, crook):
    return {(a.superior, a.x, a.y) for a in s.legal_actions() if a.crook == crook}


def _hit(s, leader: int, target: int, settle: bool = True) -> None:
    """Seat 0's ``leader`` has just Hit ``target`` of seat 1 (the roll succeeded)."""
    s.attack = Attack("hit", 0, leader, target, 1)
    attacks.hit_success(s, s.attack)
    s.attack = None
    if settle:
        flow.settle(s)


def _vera_with_two() -> tuple:
    """Seat 1 (the Westside Outfit, Boss +2): Judge Cohen (7) over Velvet Vera (5) over
    Anita Callahan (3) and Kid Cobb (1)."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    sal = boss(s, 0, "big_sal")
    judge = boss(s, 1, "judge_cohen")
    vera = sub(s, 1, "velvet_vera", "judge_cohen", (1, 0))
    kid = sub(s, 1, "kid_cobb", "velvet_vera", (2, 0))
    anita = sub(s, 1, "anita_callahan", "velvet_vera", (1, 1))
    return s, sal, judge, vera, kid, anita


# rules: cl-hit-success, cl-orphans-asked
def test_the_dead_crooks_owner_reassigns_his_subordinates() -> None:
    """"So What Happens?" (Hit): "The dead Crook's owner may immediately reassign his
    subordinates to any open sides of other Crooks, as long as their new superior has more
    Power". The owner (not the attacker) is asked, strongest first; a Crook who becomes a
    Lieutenant loses a marker ("Unhappy Crooks")."""
    s, sal, judge, vera, kid, anita = _vera_with_two()
    _hit(s, sal, vera, settle=False)
    assert s.loc[vera] == DISCARD and s.unhappy[anita] == 1 and s.unhappy[kid] == 1
    flow.settle(s)
    assert s.phase == "regroup" and s.actor == 1 and s.regroup == [anita, kid]
    # Anita may go on any open side of the Judge (the only Crook stronger than 3)
    assert _places(s, anita) == {(judge, 0, 1), (judge, 1, 0), (judge, 0, -1), (judge, -1, 0)}
    assert "reassigns Anita Callahan under Judge Cohen, on his west side" in s.describe(
        A.Place(anita, judge, -1, 0))
    s.apply(A.Place(anita, judge, -1, 0))
    # Kid may go under the Judge or under Anita, wherever a side is open
    kid_places = _places(s, kid)
    assert (anita, -2, 0) in kid_places and (judge, 1, 0) in kid_places
    s.apply(A.Place(kid, anita, -2, 0))
    m = s.mobs[1]
    assert m.parent[anita] == judge and m.parent[kid] == anita and m.problems() == []
    assert s.unhappy[anita] == 0 and s.unhappy[kid] == 1  # Anita was promoted
    assert s.phase == "actions" and s.actor == 0  # back to the attacker's turn


# rules: cl-reassign
def test_a_quitting_lieutenants_people_are_reassigned_by_the_player() -> None:
    """"Unhappy Crooks": a Crook who leaves town on his third marker leaves his subordinates
    to be reassigned "wherever you like, as long as their new superior has more Power"."""
    s, _sal, judge, vera, kid, anita = _vera_with_two()
    s.unhappy[vera] = 2
    assert mob.add_unhappy(s, vera, "a test")
    assert s.loc[vera] == DISCARD
    flow.settle(s)
    assert s.phase == "regroup" and s.actor == 1
    s.apply(A.Place(anita, judge, 0, -1))
    s.apply(A.Place(kid, judge, 0, 1))
    m = s.mobs[1]
    assert m.children(judge) == sorted([anita, kid]) and m.problems() == []


# rules: cl-relayout
def test_after_a_boss_is_hit_the_whole_gang_is_laid_out_anew() -> None:
    """"Calling In a Hit": "if the Boss got Hit, the whole gang can be rearranged as the
    player chooses". The player picks Rosa as Boss, then places each Crook himself: Vera,
    who was Kid's superior, can end up with nobody under her."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    sal = boss(s, 0, "big_sal")
    judge = boss(s, 1, "judge_cohen")
    vera = sub(s, 1, "velvet_vera", "judge_cohen", (1, 0))
    kid = sub(s, 1, "kid_cobb", "velvet_vera", (2, 0))
    rosa = sub(s, 1, "rosa_delgado", "judge_cohen", (-1, 0))
    _hit(s, sal, judge)
    assert s.phase == "newboss" and s.actor == 1
    s.apply(A.ChooseBoss(rosa))                        # 4 + 2 as Boss = 6
    assert s.phase == "regroup" and s.regroup == [vera, kid]
    assert len(_places(s, vera)) == 4                  # every side of the new Boss
    s.apply(A.Place(vera, rosa, 0, 1))
    assert (rosa, 1, 0) in _places(s, kid) and (vera, 0, 2) in _places(s, kid)
    s.apply(A.Place(kid, rosa, 1, 0))
    m = s.mobs[1]
    assert m.root == rosa and m.children(rosa) == sorted([vera, kid])
    assert m.children(vera) == [] and m.problems() == []
    # everyone got a marker for the Hit; Kid, now a Lieutenant, loses his; Vera stays one
    assert s.unhappy[rosa] == 0 and s.unhappy[vera] == 1 and s.unhappy[kid] == 0
    assert s.phase == "actions" and s.actor == 0


# rules: cl-reassign
def test_crooks_that_cannot_be_reassigned_go_uncontrolled() -> None:
    """"Unhappy Crooks": "Any who you can't legally reassign must become uncontrolled!" With
    Kid Cobb (1 + 2 = 3) as the new Boss, Velvet Vera (5) has no stronger superior."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    sal = boss(s, 0, "big_sal")
    judge = boss(s, 1, "judge_cohen")
    vera = sub(s, 1, "velvet_vera", "judge_cohen", (1, 0))
    kid = sub(s, 1, "kid_cobb", "judge_cohen", (-1, 0))
    _hit(s, sal, judge)
    s.apply(A.ChooseBoss(kid))
    assert s.mobs[1].nodes() == [kid]
    assert s.loc[vera] == UNCONTROLLED and s.unhappy[vera] == 0
    assert s.phase == "actions" and s.actor == 0


# rules: cl-boss-swap-layout
def test_double_cross_keeps_the_other_lieutenants_and_reassigns_his_own_people() -> None:
    """"Changing Bosses": "put the Lieutenant in his place, and reorganize any of the
    Lieutenant's subordinates that you have to". Anita stays where she was; Rosa's own man
    Kid is placed by the player (here: under Anita)."""
    s = blank(2, ("old_family",))
    boss(s, 0, "mom_parker")
    rosa = sub(s, 0, "rosa_delgado", "mom_parker", (1, 0))
    kid = sub(s, 0, "kid_cobb", "rosa_delgado", (2, 0))
    anita = sub(s, 0, "anita_callahan", "mom_parker", (-1, 0))
    boss(s, 1, "judge_cohen")
    s.apply(A.DoubleCross(rosa))
    m = s.mobs[0]
    assert m.root == rosa and m.cell[rosa] == (0, 0) and m.cell[anita] == (-1, 0)
    assert s.phase == "regroup" and s.actor == 0 and s.regroup == [kid]
    assert (anita, -2, 0) in _places(s, kid) and (rosa, 1, 0) in _places(s, kid)
    s.apply(A.Place(kid, anita, -2, 0))
    assert m.parent[kid] == anita and m.problems() == []
    assert s.unhappy[anita] == 1 and s.unhappy[kid] == 1  # the double-cross upset everyone


# rules: cl-boss-swap-layout
def test_retirement_keeps_the_layout_when_nothing_has_to_move() -> None:
    """Retirement with no subordinates under the new Boss: the other Lieutenant keeps his
    side and nobody is asked anything; nobody gets a marker."""
    s = blank(2, ("old_family",))
    boss(s, 0, "mom_parker")
    rosa = sub(s, 0, "rosa_delgado", "mom_parker", (1, 0))
    anita = sub(s, 0, "anita_callahan", "mom_parker", (-1, 0))
    boss(s, 1, "judge_cohen")
    s.apply(A.Retire(rosa))
    m = s.mobs[0]
    assert s.phase == "actions" and m.cell[anita] == (-1, 0) and m.parent[anita] == rosa
    assert s.unhappy[anita] == 0


def _give_vera_with_kid(s, giver: int, to: int) -> tuple[int, int]:
    """P{giver} offers Velvet Vera, who has Kid Cobb north of her, and P{to} accepts."""
    vera, kid = card("velvet_vera"), card("kid_cobb")
    s.apply(A.GiveCrook(to, vera))
    s.apply(A.ACCEPT)
    assert s.phase == "place" and s.actor == to
    return vera, kid


def test_a_new_subordinate_that_overlaps_is_placed_by_the_player_under_the_same_crook() -> None:
    """"Recruiting" / "Moving a Crook": "he may rearrange any new cards that overlap, as long
    as they are still controlled by the same Crook". Vera goes west of the Judge; Kid's old
    place (north of her) touches Rosa, so the player picks one of Vera's open sides."""
    s = blank(2, ("old_family", "westside_outfit"))
    boss(s, 0, "mom_parker")
    sub(s, 0, "velvet_vera", "mom_parker", (1, 0))
    sub(s, 0, "kid_cobb", "velvet_vera", (1, 1))
    judge = boss(s, 1, "judge_cohen")
    rosa = sub(s, 1, "rosa_delgado", "judge_cohen", (0, 1))
    vera, kid = _give_vera_with_kid(s, 0, 1)
    s.apply(A.Place(vera, judge, -1, 0))
    assert s.phase == "regroup" and s.actor == 1 and s.regroup == [kid]
    # only sides of Vera: west and south (north touches Rosa)
    assert _places(s, kid) == {(vera, -2, 0), (vera, -1, -1)}
    s.apply(A.Place(kid, vera, -1, -1))
    m = s.mobs[1]
    assert m.parent[kid] == vera and m.parent[rosa] == judge and m.problems() == []
    assert s.phase == "actions" and s.actor == 0


def _crowded_receiver():
    """P2's Mob closes every side Vera could offer Kid once she is west of the Judge: Big
    Sal north of the Judge (with a chain of four down to Slim Jim at (-2,1)) and Silk
    Simmons south of him."""
    s = blank(2, ("old_family", "westside_outfit"))
    boss(s, 0, "mom_parker")
    sub(s, 0, "velvet_vera", "mom_parker", (1, 0))
    sub(s, 0, "kid_cobb", "velvet_vera", (1, 1))
    judge = boss(s, 1, "judge_cohen")                         # 5 + 2
    sub(s, 1, "big_sal", "judge_cohen", (0, 1))               # 6
    sub(s, 1, "lucky_lou", "big_sal", (0, 2))                 # 5
    sub(s, 1, "rosa_delgado", "lucky_lou", (-1, 2))           # 4
    sub(s, 1, "anita_callahan", "rosa_delgado", (-2, 2))      # 3
    jim = sub(s, 1, "slim_jim", "anita_callahan", (-2, 1))    # 2
    silk = sub(s, 1, "silk_simmons", "judge_cohen", (0, -1))  # 3
    assert s.mobs[1].problems() == []
    return s, judge, jim, silk


def test_a_given_crook_may_push_out_an_old_one_to_make_room() -> None:
    """"Giving Away Crooks": "If overlaps cannot be avoided, the player must eliminate them
    by choosing one or more overlapping card, new or old, to become uncontrolled". Kid has
    no open side under Vera; the receiver lets Silk Simmons go, and Kid takes his side."""
    s, judge, jim, silk = _crowded_receiver()
    vera, kid = _give_vera_with_kid(s, 0, 1)
    s.apply(A.Place(vera, judge, -1, 0))
    assert s.phase == "regroup" and s.actor == 1
    acts = set(s.legal_actions())
    assert A.Drop(silk) in acts and A.Drop(jim) in acts and A.DONE in acts
    assert A.Drop(judge) not in acts and not any(isinstance(a, A.Place) for a in acts)
    assert "to make room for Kid Cobb" in s.describe(A.Drop(silk))
    s.apply(A.Drop(silk))
    m = s.mobs[1]
    assert s.loc[silk] == UNCONTROLLED and m.parent[kid] == vera and m.cell[kid] == (-1, -1)
    assert m.problems() == [] and s.phase == "actions" and s.actor == 0


def test_or_the_given_crooks_man_goes_instead() -> None:
    """The same table, the other choice: the new card goes uncontrolled, the old ones stay."""
    s, judge, jim, silk = _crowded_receiver()
    vera, kid = _give_vera_with_kid(s, 0, 1)
    s.apply(A.Place(vera, judge, -1, 0))
    s.apply(A.DONE)
    assert s.loc[kid] == UNCONTROLLED and s.loc[silk] == 1 and s.loc[jim] == 1
    assert s.mobs[1].parent[vera] == judge and s.phase == "actions"


def test_a_recruit_has_no_such_choice_his_man_is_simply_lost() -> None:
    """"Recruiting": "New Crooks which still cannot fit are dropped and become
    uncontrolled" — only a gift lets the receiver push out old cards."""
    s, judge, _jim, silk = _crowded_receiver()
    vera, kid = card("velvet_vera"), card("kid_cobb")
    shape = s.mobs[0].detach(vera)
    flow.start_placing(s, 1, vera, shape, -1)
    s.apply(A.Place(vera, judge, -1, 0))
    assert s.loc[kid] == UNCONTROLLED and s.loc[silk] == 1 and s.phase == "actions"


# rules: cl-rank-changes
def test_a_promotion_counts_from_before_the_hit_even_when_the_boss_quits_too() -> None:
    """"Unhappy Crooks": "if his superior gets Hit, he becomes unhappy. If this gets him a
    promotion, he becomes happy again." Rosa's superior, Lieutenant Bro, is Hit; the same Hit
    gives the Boss his third marker. Rosa, made a Lieutenant in the new layout, loses the
    marker again; Crooks who were never Lieutenants are not "demoted"."""
    s = blank(2, ("old_family", "westside_outfit"))
    sal = boss(s, 0, "big_sal")
    mom = boss(s, 1, "mom_parker")
    bro = sub(s, 1, "bro_bronson", "mom_parker", (1, 0))
    iron = sub(s, 1, "iron_mike", "mom_parker", (-1, 0))
    rosa = sub(s, 1, "rosa_delgado", "bro_bronson", (2, 0))
    s.unhappy[rosa] = 1
    s.unhappy[mom] = 2
    _hit(s, sal, bro)
    assert s.loc[mom] == DISCARD and s.phase == "newboss"
    s.apply(A.ChooseBoss(iron))
    while s.phase == "regroup":
        s.apply(s.legal_actions()[0])
    m = s.mobs[1]
    assert m.root == iron and m.parent[rosa] == iron
    assert s.unhappy[rosa] == 1          # 1, +1 for the Hit, -1 for the promotion
