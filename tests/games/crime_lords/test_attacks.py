"""Rule scenarios for attacks: the rulebook's worked numbers and the modifier tables."""

from __future__ import annotations

from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords import attacks, mob
from tabletop_games.crime_lords.scenario import (
    blank,
    boss,
    card,
    commit,
    free,
    racket,
    rigged,
    start_gang_war,
    sub,
)
from tabletop_games.crime_lords.state import DISCARD, UNCONTROLLED, Attack

from tabletop.amounts import Amount


def number(s, kind, leader, target):
    owner = s.loc[target]
    s.attack = Attack(kind, s.actor, leader, target, owner if owner >= 0 else -1)
    try:
        return attacks.success_number(s)
    finally:
        s.attack = None


# rules: cl-modifiers
def test_power_6_against_resistance_1_needs_5() -> None:
    """"Announce the Attack": a Power of 6 against a Resistance of 1 succeeds on 5 or less."""
    s = blank(2, ("southside_crew",))
    boss(s, 0, "mom_parker")
    sal = sub(s, 0, "big_sal", "mom_parker", (1, 0))       # Power 6, not the Boss
    silk = free(s, "silk_simmons")                         # Resistance 1
    assert number(s, "recruit", sal, silk) == 5
    assert "needs 5 or less" in s.describe(A.Recruit(sal, silk))


# rules: cl-modifiers
def test_power_9_against_resistance_1_needs_8() -> None:
    """"Announce the Attack": a Power of 9 against the same Resistance 1 needs 8 or less."""
    s = blank(2, ("old_family",))
    mom = boss(s, 0, "mom_parker")
    silk = free(s, "silk_simmons")
    assert mob.power(s, mom) == 9
    assert number(s, "recruit", mom, silk) == 8


def test_mom_parker_is_power_9_as_old_family_boss() -> None:
    """Figure 1: Mom Parker's effective Power is 9, her 6 plus 3 for the Old Family Boss;
    the table talk of issue 3 reads "Mom Parker (Power 9 as Boss) ... needs 7 or less"."""
    s = blank(2, ("old_family",))
    mom = boss(s, 0, "mom_parker")
    anita = free(s, "anita_callahan")
    assert mob.power(s, mom) == 9 and mob.base_power(s, mom) == 6
    text = s.describe(A.Recruit(mom, anita))
    assert text == ("Mom Parker (Power 9 as Boss) attempts to recruit Anita Callahan: needs 7 or less"
                    " on two dice (58%): Power as Boss 9 - Resistance 2 = 7")


# rules: cl-showdown
def test_showdown_10_for_5_against_needs_10() -> None:
    """"Showdown": Power 6 recruiting Resistance 1 needs 5; 10 G for and 5 G against raise
    it by 5, to 10 or less. All the money goes to the bank."""
    s = blank(3, ("southside_crew",))
    boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "iron_mike")
    sal = sub(s, 0, "big_sal", "mom_parker", (1, 0))
    sub(s, 0, "kid_cobb", "big_sal", (2, 0))  # a possible helper keeps the assist stage open
    silk = free(s, "silk_simmons")
    s.apply(A.Recruit(sal, silk))
    assert s.phase == "showdown"
    commit(s, 10)       # the attacker
    commit(s, -5)       # an ally of the "defence" (the target is uncontrolled)
    commit(s, 0)
    assert s.phase == "reveal"
    s.apply(A.REVEAL)
    assert s.money == [40, 45, 50]
    assert s.attack is not None and attacks.success_number(s) == 10


# rules: cl-showdown
def test_others_may_spend_at_most_10() -> None:
    """"Recruiting a Crook: the Showdown": players other than attacker and defender may
    commit no more than 10 G."""
    s = blank(3, ("southside_crew",))
    boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "iron_mike")
    sal = sub(s, 0, "big_sal", "mom_parker", (1, 0))
    silk = free(s, "silk_simmons")
    s.apply(A.Recruit(sal, silk))
    commit(s, 0)
    assert max(abs(a.amount) for a in s.legal_actions()) == 10


# rules: cl-showdown, cl-announce
def test_backing_out_before_the_reveal_gives_the_tokens_back() -> None:
    """"Showdown": the attacker's last chance to back out; spent tokens go back."""
    s = blank(2, ("southside_crew",))
    boss(s, 0, "mom_parker")
    sal = sub(s, 0, "big_sal", "mom_parker", (1, 0))
    silk = free(s, "silk_simmons")
    s.apply(A.Recruit(sal, silk))
    assert not s.tokens[sal]
    commit(s, 5)
    commit(s, 0)
    s.apply(A.BACK_OUT)
    assert s.tokens[sal] and s.money[0] == 50 and s.phase == "actions"


# rules: cl-roll
def test_exceeding_by_20_means_the_defence_needs_11_to_matter() -> None:
    """"Announce the Attack": beyond 10 more Power does not help the roll, but a lead of 20
    forces the defence to spend 11 G to change it at all; 11 and 12 always fail."""
    s = blank(2, ("southside_crew",))
    mom = boss(s, 0, "mom_parker")
    slim = free(s, "slim_jim")
    base = number(s, "recruit", mom, slim)
    s.attack = Attack("recruit", 0, mom, slim, money=30 - base)
    assert attacks.success_number(s) == 30
    s.attack.money -= 20
    assert min(attacks.success_number(s), 10) == 10
    s.attack.money -= 1
    assert min(attacks.success_number(s), 10) == 9
    s.attack.money += 21
    s.rng = rigged(11)
    s.phase = "assist"
    attacks.roll(s)
    assert s.last_roll == 11 and slim in s.uncontrolled  # failed despite 30


# rules: cl-recruit-number
def test_recruitment_modifiers() -> None:
    """"Modifiers to Recruitment": Lieutenant -10, under a Lieutenant -5, Weakness +-4,
    +2 per Unhappy marker; a rival Boss is immune (never offered)."""
    s = blank(2, ("southside_crew", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    judge = boss(s, 1, "judge_cohen")
    sub(s, 1, "rosa_delgado", "judge_cohen", (1, 0))
    anita = sub(s, 1, "anita_callahan", "rosa_delgado", (2, 0))
    rosa = card("rosa_delgado")
    base = mob.power(s, mom)
    assert number(s, "recruit", mom, rosa) == base - 2 - 10
    assert number(s, "recruit", mom, anita) == base - 2 - 5
    racket(s, 0, "north_speakeasies")       # Anita's Weakness
    assert number(s, "recruit", mom, anita) == base - 2 - 5 + 4
    racket(s, 1, "south_speakeasies")
    racket(s, 1, "east_speakeasies")
    assert number(s, "recruit", mom, anita) == base - 2 - 5 - 4
    s.unhappy[anita] = 2
    assert number(s, "recruit", mom, anita) == base - 2 - 5 - 4 + 4
    assert A.Recruit(mom, judge) not in s.legal_actions()


# rules: cl-takeover-number
def test_takeover_modifiers_same_type_and_district() -> None:
    """"Modifiers to Takeovers": +2 per attacker Racket of the same district or type, -2 per
    other defender Racket of the same district or type; the protector adds his Power."""
    s = blank(2, ("southside_crew", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    target = racket(s, 1, "north_casinos")
    res = 4
    assert number(s, "takeover", mom, target) == mob.power(s, mom) - res
    racket(s, 0, "north_numbers")      # same district
    racket(s, 0, "south_casinos")      # same type
    assert number(s, "takeover", mom, target) == mob.power(s, mom) - res + 4
    racket(s, 1, "north_fencing")      # defender, same district
    assert number(s, "takeover", mom, target) == mob.power(s, mom) - res + 4 - 2


# rules: cl-takeover-number, cl-protector
def test_takeover_with_protector_and_alternating_help() -> None:
    """"Taking Over a Racket: Assistance and Defense": the protector spends his action and
    adds his Power to the Resistance; then helpers of both sides alternate."""
    s = blank(2, ("southside_crew", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    rosa = sub(s, 0, "rosa_delgado", "mom_parker", (1, 0))
    sub(s, 0, "kid_cobb", "mom_parker", (-1, 0))
    judge = boss(s, 1, "judge_cohen")
    nails = sub(s, 1, "nails_nolan", "judge_cohen", (1, 0))
    target = racket(s, 1, "north_numbers")
    s.apply(A.Takeover(mom, target))
    assert s.phase == "protect" and s.actor == 1
    s.apply(A.Protect(judge))
    for amount in (0, 0):
        commit(s, amount)
    s.apply(A.REVEAL)
    assert s.phase == "assist" and s.actor == 0
    start = attacks.success_number(s)
    s.apply(A.Assist(rosa))
    assert s.actor == 1 and attacks.success_number(s) == start + 4
    s.apply(A.Assist(nails))
    assert s.actor == 0 and attacks.success_number(s) == start + 4 - 4
    s.apply(A.DONE)   # the defender has nothing left either: the dice are rolled
    assert s.attack is None


# rules: cl-hit-number
def test_hit_modifiers_boss_subordinates_bodyguard_hiding() -> None:
    """"Modifiers to Hit Attempts": Boss -10, a Crook with subordinates -5, -5 for each
    Bodyguard directly under the target, -3 if he hides out."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    mom = boss(s, 0, "mom_parker")
    judge = boss(s, 1, "judge_cohen")
    rosa = sub(s, 1, "rosa_delgado", "judge_cohen", (1, 0))
    hit_bonus = 2  # Mom Parker: +2 to every Hit of her Mob
    p = mob.power(s, mom) + hit_bonus
    assert number(s, "hit", mom, judge) == p - mob.power(s, judge) - 10
    assert number(s, "hit", mom, rosa) == p - 4
    sub(s, 1, "the_butcher", "rosa_delgado", (2, 0))   # a Bodyguard, not weaker? 4 vs 4
    assert number(s, "hit", mom, rosa) == p - 4 - 5 - 5


def test_smoothie_bonus_only_when_involved() -> None:
    """"Attack Bonuses": Smoothie Smythe gives +5 only to Hits he takes part in; Mom
    Parker's +2 is for any Hit of her Mob."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    smoothie = sub(s, 0, "smoothie_smythe", "big_sal", (1, 0))
    rosa = sub(s, 0, "rosa_delgado", "big_sal", (-1, 0))
    boss(s, 1, "judge_cohen")
    kid = free(s, "kid_cobb")
    assert number(s, "hit", smoothie, kid) == 4 + 5 - 1
    assert number(s, "hit", rosa, kid) == 4 - 1


# rules: cl-hit-power, cl-hit-success
def test_successful_hit_raises_power_and_spreads_unhappiness() -> None:
    """"So What Happens?" and "Power Increases for Hits": the victim is discarded; his
    superior and subordinates get a marker; the leader gains +2 if the victim was stronger."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    nails = sub(s, 0, "smoothie_smythe", "big_sal", (1, 0))      # Power 4, +5 in Hits
    judge = boss(s, 1, "judge_cohen")
    vera = sub(s, 1, "velvet_vera", "judge_cohen", (1, 0))        # Power 5, has a sub
    kid = sub(s, 1, "kid_cobb", "velvet_vera", (2, 0))
    s.rng = rigged(2)
    s.apply(A.Hit(nails, vera))
    commit(s, 5)                                          # 4 + 5 + 5 - 5 - 5 = 4
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.loc[vera] == DISCARD
    assert s.unhappy[judge] == 1
    assert s.loc[kid] == 1 and s.unhappy[kid] == 1
    assert mob.base_power(s, nails) == 6                          # 4 + 2, capped at 6


# rules: cl-warning-shot
def test_warning_shot_below_2_does_not_count() -> None:
    """"Warning Shots": unless the final number is at least 2 the dice are not rolled, the
    target gets no marker and (aimed at a Boss) no Gang War starts."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    kid = sub(s, 0, "kid_cobb", "big_sal", (1, 0))
    judge = boss(s, 1, "judge_cohen")
    s.money[0] = 0
    s.apply(A.Hit(kid, judge))
    commit(s, 0)
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.unhappy[judge] == 0 and not s.war and s.phase == "actions"


# rules: cl-failed-hit-marker, cl-unhappy-markers
def test_failed_real_hit_makes_the_target_unhappy() -> None:
    """"Calling In a Hit": a failed (real) attempt leaves the target Unhappy."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    nails = sub(s, 0, "nails_nolan", "big_sal", (1, 0))
    boss(s, 1, "judge_cohen")
    kid = sub(s, 1, "kid_cobb", "judge_cohen", (1, 0))
    s.money[0] = 0
    s.rng = rigged(12)
    s.apply(A.Hit(nails, kid))
    commit(s, 0)
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.loc[kid] == 1 and s.unhappy[kid] == 1


# rules: cl-own-hit
def test_hitting_your_own_crook_always_works() -> None:
    """"Calling In a Hit": rubbing out your own Crook needs another Crook's action and
    succeeds automatically."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    nails = sub(s, 0, "nails_nolan", "big_sal", (1, 0))
    kid = sub(s, 0, "kid_cobb", "nails_nolan", (2, 0))
    boss(s, 1, "judge_cohen")
    assert A.Hit(kid, kid) not in s.legal_actions()
    s.apply(A.Hit(nails, kid))
    assert s.loc[kid] == DISCARD and s.phase == "actions"


# rules: cl-recruit-success
def test_recruit_goes_under_the_recruiter_or_stays_uncontrolled() -> None:
    """"Recruiting a Crook: So What Happens?": the recruit goes somewhere under the Crook
    who recruited him; one who fits nowhere stays uncontrolled."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    vera = sub(s, 0, "velvet_vera", "big_sal", (1, 0))
    boss(s, 1, "judge_cohen")
    silk = free(s, "silk_simmons")
    s.money[0] = 0
    s.rng = rigged(2)
    s.apply(A.Recruit(vera, silk))
    commit(s, 0)
    commit(s, 0)
    s.apply(A.REVEAL)
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.phase == "place"
    assert {a.superior for a in s.legal_actions()} == {vera}
    s.apply(s.legal_actions()[0])
    assert s.mobs[0].parent[silk] == vera and silk not in s.uncontrolled


# rules: cl-gang-war-start
def test_gang_war_starts_when_a_boss_is_attacked() -> None:
    """"Gang War!": an attempt on a Boss ends the attacker's turn; both retoken their Crooks;
    the attacked player takes the first war turn, a single Hit at +5."""
    s = blank(2, ("old_family", "westside_outfit"))
    sal = boss(s, 0, "mom_parker")
    nails = sub(s, 0, "smoothie_smythe", "mom_parker", (1, 0))
    judge = boss(s, 1, "judge_cohen")
    s.tokens[judge] = False
    s.rng = rigged(12)
    s.apply(A.Hit(sal, judge))
    commit(s, 5)
    s.apply(A.Assist(nails))   # 9 + 2 + 5 + 4 + 5 - 7 - 10 = 8: a real attempt
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.war and s.phase == "war" and s.actor == 1
    assert s.unhappy[judge] == 1 and s.tokens[judge] and s.tokens[sal] and s.tokens[nails]
    hit = A.Hit(judge, nails)
    assert hit in s.legal_actions()
    assert "Gang War, +5" in s.describe(hit)
    s.apply(A.END_TURN)
    assert s.actor == 0
    s.apply(A.END_TURN)
    assert not s.war and s.current == 1 and s.phase == "actions"


# rules: cl-new-boss
def test_boss_hit_makes_the_whole_gang_unhappy_and_a_new_boss_rises() -> None:
    """"The Boss": if the Boss is Hit every Crook of the Mob gets a marker, anyone at three
    leaves, and a new Boss is picked."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    sal = boss(s, 0, "big_sal")
    judge = boss(s, 1, "judge_cohen")
    rosa = sub(s, 1, "rosa_delgado", "judge_cohen", (1, 0))
    kid = sub(s, 1, "kid_cobb", "judge_cohen", (-1, 0))
    s.unhappy[kid] = 2
    s.attack = Attack("hit", 0, sal, judge, 1)
    attacks.hit_success(s, s.attack)
    s.attack = None
    assert s.loc[judge] == DISCARD and s.loc[kid] == DISCARD
    from tabletop_games.crime_lords import flow
    flow.settle(s)
    assert s.phase == "newboss" and s.actor == 1
    assert list(s.legal_actions()) == [A.ChooseBoss(rosa)]
    s.apply(A.ChooseBoss(rosa))
    assert s.mobs[1].root == rosa and s.unhappy[rosa] == 0   # becoming Boss clears markers


# rules: cl-third-marker
def test_unpaid_third_marker_goes_uncontrolled() -> None:
    """"Unhappy Crooks": the third marker from missing pay sends him uncontrolled."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    kid = sub(s, 0, "kid_cobb", "big_sal", (1, 0))
    s.unhappy[kid] = 1
    mob.add_unhappy(s, kid, "no pay", 2, unpaid=True)
    assert s.loc[kid] == UNCONTROLLED and s.unhappy[kid] == 0


def test_third_party_street_gang_and_north_side_boss_interfere() -> None:
    """"Taking Over a Racket: Assistance and Defense": Street Gangs and Crooked Precincts of
    the district, and the North Side Mob's Boss on North Side Rackets, may join either side
    of any takeover, even one between two other players."""
    s = blank(3, ("southside_crew", "carnival_boys", "north_side"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    iron = boss(s, 2, "iron_mike")
    gang = racket(s, 2, "kelly_street_gang")
    s.tokens[gang] = True
    target = racket(s, 1, "north_numbers")
    s.apply(A.Takeover(mom, target))
    s.apply(A.Protect(-1))
    for amount in (0, 0, 0):
        commit(s, amount)
    s.apply(A.REVEAL)
    assert s.phase == "assist" and s.actor == 2          # both sides had nothing to add
    options = set(s.legal_actions())
    assert {A.Interfere(gang, 1), A.Interfere(gang, -1), A.Interfere(iron, -1)} <= options
    before = attacks.success_number(s)
    s.apply(A.Interfere(iron, -1))
    assert s.actor == 2 and attacks.success_number(s) == before - mob.power(s, iron)
    s.apply(A.DONE)
    assert s.attack is None


# rules: cl-last-special-governs
def test_last_special_played_governs() -> None:
    """"Special Cards": when two cards contradict each other, the last one played governs
    (a Sure Thing after a Tipped Off makes the attack succeed on 10 or less)."""
    from tabletop_games.crime_lords.scenario import special
    s = blank(2, ("southside_crew", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    sub(s, 0, "kid_cobb", "mom_parker", (1, 0))
    boss(s, 1, "judge_cohen")
    target = racket(s, 1, "north_numbers")
    sure = special(s, 0, "sure_thing_1")
    foil = special(s, 1, "tipped_off_1")
    s.apply(A.Takeover(mom, target))
    s.apply(A.Protect(-1))
    commit(s, 0)
    commit(s, 0)
    s.apply(A.REVEAL)
    s.apply(A.DONE)                       # attacker adds nothing yet
    s.apply(A.PlaySpecial(foil, -1))      # defender: the attack fails
    assert s.attack is not None and s.attack.verdict == -1
    s.rng = rigged(9)
    s.apply(A.PlaySpecial(sure, -1))      # attacker answers: succeeds on 10 or less
    while s.phase == "assist":
        s.apply(A.DONE)
    assert target in s.rackets[0]


# rules: cl-war-turns
def test_gang_war_draws_in_a_third_mob() -> None:
    """"Gang War!": a war Hit against a Crook of another Mob brings that Mob into the war;
    its Crooks all get a token; turns then go counterclockwise among the Mobs at war."""
    s = blank(3, ("old_family", "westside_outfit", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    smoothie = sub(s, 0, "smoothie_smythe", "mom_parker", (1, 0))
    judge = boss(s, 1, "judge_cohen")
    sal = boss(s, 2, "big_sal")
    kid = sub(s, 2, "kid_cobb", "big_sal", (1, 0))
    s.tokens[sal] = s.tokens[kid] = False
    _war_between_seats_0_and_1(s, mom, smoothie, judge)
    s.rng = rigged(12)
    s.apply(A.Hit(judge, kid))           # Seat 2 is drawn in
    commit(s, 0)
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.war_in == [True, True, True] and s.tokens[sal]
    assert s.actor == 2                  # counterclockwise after seat 1


# rules: cl-assistance
def test_hide_out_is_plus_3_to_the_defence() -> None:
    """"Defense Against a Hit": the target may spend his token to hide out, +3 defence."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    smoothie = sub(s, 0, "smoothie_smythe", "big_sal", (1, 0))
    boss(s, 1, "judge_cohen")
    kid = sub(s, 1, "kid_cobb", "judge_cohen", (1, 0))
    s.apply(A.Hit(smoothie, kid))
    commit(s, 0)
    before = attacks.success_number(s)
    assert s.actor == 1 and A.Assist(kid) in s.legal_actions()
    s.apply(A.Assist(kid))
    assert s.attack is None or attacks.success_number(s) == before - 3


def _war_between_seats_0_and_1(s, mom: int, smoothie: int, target_boss: int) -> None:
    """Seat 0's Mom Parker (helped by Smoothie) misses seat 1's Boss: a Gang War begins."""
    start_gang_war(s, mom, smoothie, target_boss)
    assert s.war and s.actor == 1


# rules: cl-war-turns
def test_a_mob_at_war_does_not_retoken_again_when_its_boss_is_attacked() -> None:
    """"Gang War!": "If a Mob is already involved in Gang War and its Boss is attacked again,
    it does not get to retoken again!" - the Mob that started the war included."""
    s = blank(2, ("old_family", "westside_outfit"))
    mom = boss(s, 0, "mom_parker")
    smoothie = sub(s, 0, "smoothie_smythe", "mom_parker", (1, 0))
    sal = boss(s, 1, "big_sal")
    bro = sub(s, 1, "bro_bronson", "big_sal", (1, 0))
    kid = sub(s, 1, "kid_cobb", "bro_bronson", (2, 0))
    _war_between_seats_0_and_1(s, mom, smoothie, sal)
    s.apply(A.END_TURN)                       # seat 1 passes its war turn
    s.rng = rigged(12)
    s.apply(A.Hit(smoothie, kid))             # Smoothie spends his war token
    commit(s, 0)
    while s.phase == "assist":
        s.apply(A.DONE)
    assert not s.tokens[smoothie] and s.actor == 1
    s.rng = rigged(12)
    s.apply(A.Hit(sal, mom))                  # a real attempt on the starter's Boss
    commit(s, 5)
    s.apply(A.Assist(bro))
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.last_roll == 12 and not s.tokens[smoothie]


# rules: cl-war-turns
def test_a_war_warning_shot_draws_nobody_in() -> None:
    """"Warning Shots": a Hit whose number stays below 2 "doesn't count as an attempt", so
    it does not bring a third Mob into the Gang War (nor give its Crooks tokens)."""
    s = blank(3, ("old_family", "westside_outfit", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    smoothie = sub(s, 0, "smoothie_smythe", "mom_parker", (1, 0))
    sal = boss(s, 1, "big_sal")
    kid = sub(s, 1, "kid_cobb", "big_sal", (1, 0))
    lou = boss(s, 2, "lucky_lou")
    iron = sub(s, 2, "iron_mike", "lucky_lou", (1, 0))
    s.tokens[lou] = s.tokens[iron] = False
    _war_between_seats_0_and_1(s, mom, smoothie, sal)
    s.apply(A.Hit(kid, lou))                  # Power 1 against a Boss: hopeless
    commit(s, 0)
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.war_in == [True, True, False]
    assert not s.tokens[lou] and not s.tokens[iron] and s.unhappy[lou] == 0


# rules: cl-war-turns
def test_a_third_mob_drawn_in_gets_its_tokens_after_the_dice() -> None:
    """"Gang War!": the +5 Hit brings the Mob in "whether it succeeds or not": its Crooks get
    tokens then, too late to hide out from the Hit that drew it in."""
    s = blank(3, ("old_family", "westside_outfit", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    smoothie = sub(s, 0, "smoothie_smythe", "mom_parker", (1, 0))
    sal = boss(s, 1, "big_sal")
    lou = boss(s, 2, "lucky_lou")
    kid = sub(s, 2, "kid_cobb", "lucky_lou", (1, 0))
    s.tokens[lou] = s.tokens[kid] = False
    _war_between_seats_0_and_1(s, mom, smoothie, sal)
    s.rng = rigged(12)
    s.apply(A.Hit(sal, kid))
    commit(s, 0)
    assert s.phase != "assist" or A.Assist(kid) not in s.legal_actions()
    while s.phase == "assist":
        s.apply(A.DONE)
    assert s.war_in == [True, True, True] and s.tokens[lou] and s.tokens[kid]


# rules: cl-recruit-success
def test_a_recruit_keeps_his_token_and_his_people_lose_a_marker() -> None:
    """"Recruiting a Crook": "if he has (or gets) one, he can use it on that turn"; "Unhappy
    Crooks": a marker comes off when "He moves to another Mob" - his subordinates too."""
    s = blank(2, ("old_family", "westside_outfit"))
    boss(s, 0, "mom_parker")
    judge = boss(s, 1, "judge_cohen")
    bro = sub(s, 1, "bro_bronson", "judge_cohen", (1, 0))
    rosa = sub(s, 1, "rosa_delgado", "bro_bronson", (2, 0))
    kid = sub(s, 1, "kid_cobb", "rosa_delgado", (3, 0))
    s.unhappy[rosa] = s.unhappy[kid] = 2
    s.money[1] = 0
    s.tokens[bro] = s.tokens[judge] = False
    s.rng = rigged(2)
    s.forget_legal_actions()
    s.apply(A.Recruit(card("mom_parker"), rosa))
    commit(s, 20)
    commit(s, 0)
    s.apply(A.REVEAL)
    while s.phase == "assist":
        s.apply(A.DONE)
    while s.phase == "place":
        s.apply(s.legal_actions()[0])
    assert s.loc[rosa] == 0 and s.loc[kid] == 0
    assert s.mobs[0].parent[rosa] == card("mom_parker")  # a Lieutenant now: one more off
    assert s.unhappy[rosa] == 0 and s.unhappy[kid] == 1
    assert s.tokens[rosa] and s.tokens[kid]
    assert any(getattr(a, "leader", None) == rosa for a in s.legal_actions())


def test_a_crooks_own_defence_counts_when_he_is_uncontrolled() -> None:
    """"Special Abilities": a Crook's own card defends him wherever he is (Iron Mike Dolan,
    -3 to Hits against him; "Shyster" Shatner, -3 to recruiting him); a Mob's defence
    bonus only while a Mob controls him."""
    s = blank(2, ("old_family", "uptown_combine"))
    boss(s, 0, "big_sal")
    rosa = sub(s, 0, "rosa_delgado", "big_sal", (1, 0))
    boss(s, 1, "judge_cohen")
    iron = free(s, "iron_mike")
    shyster = free(s, "shyster_shatner")
    assert number(s, "hit", rosa, iron) == 4 - 5 - 3
    assert number(s, "recruit", rosa, shyster) == 4 - 3 - 3


def test_backing_out_leaves_passing_for_10_open() -> None:
    """"Showdown": "If he backs out now ... it didn't really happen" - a player who backs
    out of his only attack may still take no action and collect 10 G."""
    s = blank(2, ("southside_crew",))
    boss(s, 0, "mom_parker")
    sal = sub(s, 0, "big_sal", "mom_parker", (1, 0))
    silk = free(s, "silk_simmons")
    assert A.TAKE_TEN in s.legal_actions()
    s.apply(A.Recruit(sal, silk))
    commit(s, 0)
    commit(s, 0)
    s.apply(A.BACK_OUT)
    assert A.TAKE_TEN in s.legal_actions() and A.END_TURN not in s.legal_actions()


# rules: cl-hit-uncontrolled
def test_a_hit_may_target_an_uncontrolled_crook() -> None:
    """"Calling In a Hit": Hits may be aimed at uncontrolled Crooks too; a success discards
    him from the uncontrolled area."""
    s = blank(2)
    sal = boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    kid = free(s, "kid_cobb")
    assert A.Hit(sal, kid) in s.legal_actions()
    s.rng = rigged(2)
    s.apply(A.Hit(sal, kid))
    while s.attack is not None:
        s.apply(A.Commit(0) if s.phase == "hitmoney" else A.DONE)
    assert kid not in s.uncontrolled and s.loc[kid] == DISCARD


# rules: cl-showdown-any-amount
def test_attacker_and_defender_may_commit_any_amount_they_can_pay() -> None:
    """"Recruiting a Crook: the Showdown": "The attacker and defender may commit any
    amount". Below 200 G the amount is typed at once: with 150 G the attacker answers
    one question of 0 to 150 G. With more, it is picked in steps (the action space is
    finite): the defender with 2,500 G picks the hundreds, the tens, the G (3 answers for
    203 G), each step one typed amount; a bystander with 7 G picks among -7 to 7 G at once.
    Only the sealed totals leave the treasuries at the reveal."""
    s = blank(3, ("southside_crew",))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "iron_mike")
    kid = sub(s, 1, "kid_cobb", "judge_cohen", (1, 0))
    s.money = [150, 2500, 7]
    s.apply(A.Recruit(mom, kid))
    amounts = [a.amount for a in s.legal_actions() if type(a) is A.Commit]
    assert amounts == list(range(151))
    assert s.amount(A.Commit(47)) == Amount("Your money for the attack", 47, unit="G")
    assert s.amount(A.Commit(0)) is None  # "commits nothing" is a line of its own
    s.apply(A.Commit(47))
    assert s.actor == 1
    assert [a.amount for a in s.legal_actions() if type(a) is A.Commit] == [
        0, *range(-100, -2501, -100)]
    assert s.amount(A.Commit(-200)) == Amount(
        "Your money against the attack (the smaller part comes next)", 200, unit="G")
    s.apply(A.Commit(-200))
    assert s.amount(A.Commit(-30)) == Amount(
        "More money against the attack, on top of the 200 G (the smaller part comes next)", 30,
        unit="G")
    for part in (0, -3):
        s.apply(A.Commit(part))
    assert s.actor == 2 and [a.amount for a in s.legal_actions() if type(a) is A.Commit] == [
        0, *(x for a in range(1, 8) for x in (a, -a))]
    s.apply(A.Commit(-7))
    assert s.phase == "reveal"
    s.apply(A.REVEAL)
    assert s.shown_money == [47, -203, -7] and s.money == [103, 2297, 0]
    assert "Player 1 47 G for, Player 2 203 G against, Player 3 7 G against" in " / ".join(
        s.log.recent(3))


# rules: cl-showdown-any-amount
def test_the_questions_of_a_showdown_amount_do_not_depend_on_the_amount() -> None:
    """"To commit money to the showdown, cover it with your hand": the table sees how many
    answers a player gives, so that number depends only on how much he may commit (his
    treasury, which the table has seen move), never on the amount chosen: 0 G and 1,500 G
    both take two answers from a treasury of 1,500 G."""
    answers = []
    for total in (0, 9, 47, 1500):
        s = blank(2, ("southside_crew",))
        mom = boss(s, 0, "mom_parker")
        silk = free(s, "silk_simmons")
        s.money = [1500, 50]
        s.apply(A.Recruit(mom, silk))
        steps = 0
        while s.actor == 0 and s.phase == "showdown":
            s.apply(A.Commit(attacks.step_toward(s, total)))
            steps += 1
        answers.append(steps)
        s.apply(A.Commit(0))
        s.apply(A.REVEAL)
        assert s.shown_money == [total, 0]
    assert answers == [2, 2, 2, 2]
