"""The table tells the whole story: every public consequence is an event whose words carry
the number and the cause; a treasury, being hidden ("Money"), is told to its owner only."""

from __future__ import annotations

from tabletop_games.crime_lords import GAME, flow
from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords.scenario import (
    blank,
    boss,
    commit,
    free,
    racket,
    rigged,
    special,
    start_gang_war,
    sub,
    to_assistance,
)
from tabletop_games.crime_lords.words import name


def _events(s, kind: str, viewer: int | None = None) -> list[str]:
    """The texts of the kept events of ``kind`` that ``viewer`` may see."""
    return [e.text for e in s.log.entries if e.kind == kind and e.visible_to(viewer)]


def test_wages_are_told_crook_by_crook_with_who_was_short() -> None:
    """"Sequence of Play" step 2: the Boss is paid first and in full; when the money does
    not reach, the player says who gets what (unless every order ends alike), and short pay
    costs one marker. The table reads
    each Crook's pay, who was short and the marker that follows; the treasury only its
    owner."""
    s = blank(2, ("old_family",))
    boss(s, 0, "mom_parker")                                  # 6 + 3 as Boss: wants 9
    judge = sub(s, 0, "judge_cohen", "mom_parker", (1, 0))    # wants 5
    sub(s, 0, "kid_cobb", "judge_cohen", (2, 0))              # wants 1
    boss(s, 1, "big_sal")
    s.money[0] = 12
    flow.start_pay(s, 0)
    # 3 G left for 6 G of wages: Kid's 1 G first or Judge's 1 G first ends alike (Kid in
    # full, Judge 2 of 5), so nobody is asked
    assert s.phase != "pay"
    wages = _events(s, "wages", 1)
    assert wages == [
        ("Player 1 (The Old Family) pays 12 G of wages, short for 1 Crook (the treasury ran "
        "dry): Mom Parker 9 G as Boss; Judge Cohen 2 of 5 G (short pay: 1 Unhappy marker); "
        "Kid Cobb 1 G")]
    assert _events(s, "unhappy", 1) == [
        "Judge Cohen (Player 1) gets 1 Unhappy marker, short pay: 1 now"]
    assert s.unhappy[judge] == 1
    assert _events(s, "treasury", 0) == ["Your treasury: 12 G - 12 G wages = 0 G"]
    assert _events(s, "treasury", 1) == [] and _events(s, "treasury", None) == []


def test_an_unpaid_crook_on_two_markers_quits_and_the_table_says_why() -> None:
    """"Unhappy Crooks": no pay is two markers; the third sends him uncontrolled."""
    s = blank(2, ("carnival_boys",))
    boss(s, 0, "big_sal")                                     # 6 + 1 as Boss: wants 7
    rosa = sub(s, 0, "rosa_delgado", "big_sal", (1, 0))       # wants 4
    s.unhappy[rosa] = 1
    boss(s, 1, "judge_cohen")
    s.money[0] = 7
    flow.start_pay(s, 0)
    text = " / ".join(s.log.view(1))
    assert "Rosa Delgado nothing of 4 G (no pay: 2 Unhappy markers)" in text
    assert ("Rosa Delgado quits Player 1's Mob on her third Unhappy marker (no pay) and goes "
            "uncontrolled") in text


# rules: cl-income
def test_income_is_told_racket_by_racket() -> None:
    """"Collect Income": each Racket's income, with the Mob's bonus where it applies (the
    Harbor Syndicate's East Side Rackets pay 1 G more)."""
    s = blank(2, ("harbor_syndicate",))
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    racket(s, 0, "north_numbers")                             # 3 G
    racket(s, 0, "east_numbers")                              # 3 G + 1
    s.money[0] = 20
    flow.begin_turn(s, 0)
    assert _events(s, "income", 1) == [
        ("Player 1 (The Harbor Syndicate) collects 7 G of income: North Side Numbers 3 G, "
        "East Side Numbers 4 G")]
    assert _events(s, "treasury", 0)[0] == "Your treasury: 20 G + 7 G income = 27 G"


def test_a_hit_tells_the_dead_the_markers_and_the_power_from_what_to_what() -> None:
    """"So What Happens?" and "Power Increases for Hits": the victim, his superior's and his
    subordinate's markers, and the leader's Power from 4 to 6 (+2: the victim was
    stronger)."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    boss(s, 0, "big_sal")
    smythe = sub(s, 0, "smoothie_smythe", "big_sal", (1, 0))
    boss(s, 1, "judge_cohen")
    vera = sub(s, 1, "velvet_vera", "judge_cohen", (1, 0))
    sub(s, 1, "kid_cobb", "velvet_vera", (2, 0))
    s.rng = rigged(2)
    s.apply(A.Hit(smythe, vera))
    commit(s, 5)
    assert _events(s, "attack number") == [
        "With 5 G of Player 1's money, the Hit on Velvet Vera needs 4 or less on two dice (17%)"]
    while s.phase == "assist":
        s.apply(A.DONE)
    text = " / ".join(s.log.view(None))
    assert "the dice roll 2, success" in text
    assert "Velvet Vera (Player 2's Lieutenant) is rubbed out by \"Smoothie\" Smythe" in text
    assert "Kid Cobb (Player 2) gets 1 Unhappy marker, his superior Velvet Vera was Hit" in text
    assert "Judge Cohen (Player 2) gets 1 Unhappy marker, his man Velvet Vera was Hit" in text
    assert ("Player 2 (The Westside Outfit) lays out again, each under a stronger Crook: "
            "Kid Cobb") in text
    assert _events(s, "power") == [
        ("\"Smoothie\" Smythe (Player 1) rises from Power 4 to 6 after Hitting a stronger Crook "
        "(+2 Power markers)")]


def test_lieutenants_made_and_demoted_are_told_with_their_markers() -> None:
    """"Unhappy Crooks": a demoted Lieutenant gets a marker ("Moving a Crook")."""
    s = blank(2, ("carnival_boys",))
    boss(s, 0, "big_sal")
    vera = sub(s, 0, "velvet_vera", "big_sal", (1, 0))
    kid = sub(s, 0, "kid_cobb", "big_sal", (-1, 0))
    boss(s, 1, "judge_cohen")
    s.apply(A.Move(kid))
    place = next(a for a in s.legal_actions() if a.superior == vera)
    s.apply(place)
    assert _events(s, "lieutenant") == ["Kid Cobb is no longer a Lieutenant of Player 1's Mob"]
    assert _events(s, "unhappy") == [
        "Kid Cobb (Player 1) gets 1 Unhappy marker, demoted from Lieutenant: 1 now"]


def test_taking_a_crook_nobody_controls_is_told() -> None:
    """"Recruiting a Crook": an uncontrolled Crook joins the Mob of the recruiter."""
    s = blank(2, ("carnival_boys",))
    sal = boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    slim = free(s, "slim_jim")
    s.rng = rigged(2)
    to_assistance(s, A.Recruit(sal, slim))
    while s.phase == "assist":
        s.apply(A.DONE)
    assert _events(s, "recruited") == [
        ("Player 1 (The Carnival Boys) takes Slim Jim from the uncontrolled area, recruited by "
        "Big Sal Marino")]


def test_every_auction_sale_is_told_with_the_bidding_money_left() -> None:
    """"Bidding for Crooks": the last bidder standing pays and takes the card."""
    s = GAME.new_state(2, 3)
    card = s.auc_card
    s.apply(A.Bid(3))
    s.apply(A.PASS_BID)
    assert s.loc[card] >= 0
    buyer = s.loc[card]
    sale = _events(s, "auction won")
    assert len(sale) == 1 and sale[0].startswith(f"Player {buyer + 1} (")
    assert sale[0].endswith(f"buys {name(card)} for 3 G of bidding money (22 G left)")


def test_specials_played_say_what_they_did() -> None:
    """"Special Cards": Payday (any time) takes money from the bank; Hot Tip moves the
    number of the attack in progress."""
    s = blank(2, ("carnival_boys", "old_family"))
    sal = boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    payday = special(s, 0, "payday_1")
    tip = special(s, 0, "hot_tip_1")
    s.apply(A.PlaySpecial(payday, -1))
    assert _events(s, "special") == [
        "Player 1 (The Carnival Boys) plays Payday: takes 10 G from the bank"]
    target = racket(s, 1, "north_numbers")
    to_assistance(s, A.Takeover(sal, target))
    s.apply(A.PlaySpecial(tip, -1))
    assert _events(s, "special")[-1] == (
        "Player 1 (The Carnival Boys) plays Hot Tip: +3 for the attack, the takeover of North "
        "Side Numbers needs 8 or less on two dice (72%)")
    assert s.describe_public(A.PlaySpecial(tip, -1)).endswith("plays Hot Tip")


def test_the_stages_of_an_attack_and_the_showdown_money_are_told() -> None:
    """"Attacks": the protector adds his Power to the Resistance; the showdown money of each
    player is revealed; each card added moves the number; then the roll."""
    s = blank(3, ("southside_crew", "old_family", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    kid = sub(s, 0, "kid_cobb", "mom_parker", (1, 0))
    boss(s, 1, "judge_cohen")
    anita = sub(s, 1, "anita_callahan", "judge_cohen", (1, 0))
    boss(s, 2, "big_sal")
    target = racket(s, 1, "north_numbers")
    s.apply(A.Takeover(mom, target))
    s.apply(A.Protect(anita))
    assert _events(s, "attack number") == [
        ("With +3 Resistance from Anita Callahan, the takeover of North Side Numbers needs 3 or "
        "less on two dice (8%)")]
    commit(s, 10)
    commit(s, -5)
    commit(s, 0)
    s.apply(A.REVEAL)
    assert _events(s, "showdown") == [
        ("Showdown money revealed (all of it to the bank): Player 1 10 G for, Player 2 5 G "
        "against, Player 3 nothing; +5 to the attack: the takeover of North Side Numbers "
        "needs 8 or less on two dice (72%)")]
    s.rng = rigged(9)
    s.apply(A.Assist(kid))
    assert _events(s, "attack number")[-1] == (
        "With Kid Cobb for it, the takeover of North Side Numbers needs 9 or less on two "
        "dice (83%)")
    while s.phase == "assist":
        s.apply(A.DONE)
    assert _events(s, "takeover roll") == [
        ("Mom Parker against North Side Numbers (takeover): needs 9 or less on two dice (83%); the "
        "dice roll 9, "
        "success")]
    assert _events(s, "takeover") == [
        ("Player 1 (The Southside Crew) takes over North Side Numbers from Player 2 (1 Racket "
        "now)")]


# rules: cl-war-end
def test_a_gang_war_is_told_from_its_start_to_its_end() -> None:
    """"Gang War!": a real attempt on a Boss starts it; when all pass it ends and everybody
    retokens."""
    s = blank(2, ("old_family", "westside_outfit"))
    mom = boss(s, 0, "mom_parker")
    smythe = sub(s, 0, "smoothie_smythe", "mom_parker", (1, 0))
    judge = boss(s, 1, "judge_cohen")
    s.tokens[judge] = False
    start_gang_war(s, mom, smythe, judge)
    war = _events(s, "gang war")
    assert war and war[0].startswith("GANG WAR! Player 1 (The Old Family) went after the Boss "
                                     "of Player 2 (The Westside Outfit)")
    assert "Judge Cohen (Player 2) gets 1 Unhappy marker, survived a Hit: 1 now" in s.log.view(1)
    s.apply(A.END_TURN)
    s.apply(A.END_TURN)
    assert _events(s, "gang war over") == [
        "The Gang War is over (everyone passed): every Mob retokens its Crooks"]


def test_counters_are_the_public_numbers_and_never_a_treasury() -> None:
    """What everybody sees of a Mob: Crooks, Rackets, Specials (the count), markers,
    Lieutenants; a treasury is hidden ("Money"), so it is no counter."""
    s = blank(2, ("carnival_boys",))
    boss(s, 0, "big_sal")
    vera = sub(s, 0, "velvet_vera", "big_sal", (1, 0))
    sub(s, 0, "kid_cobb", "velvet_vera", (2, 0))
    racket(s, 0, "north_numbers")
    special(s, 0, "payday_1")
    s.unhappy[vera] = 2
    s.pbonus[vera] = 1
    boss(s, 1, "judge_cohen")
    assert dict(s.counters(0)) == {
        "crooks": 3, "rackets": 1, "specials": 1, "unhappy markers": 2, "power markers": 1,
        "lieutenants": 1, "bidding money": 0}
    before = dict(s.counters(0))
    s.money[0] += 40
    assert dict(s.counters(0)) == before


def test_characters_get_their_pronouns() -> None:
    """The card says who the character is: "Anita Callahan spends her token", "The Twins
    spend their token"."""
    s = blank(2, ("southside_crew", "old_family"))
    mom = boss(s, 0, "mom_parker")
    anita = sub(s, 0, "anita_callahan", "mom_parker", (1, 0))
    twins = sub(s, 0, "the_twins", "mom_parker", (-1, 0))
    boss(s, 1, "judge_cohen")
    target = racket(s, 1, "north_numbers")
    to_assistance(s, A.Takeover(mom, target))
    assert s.describe(A.Assist(anita)).startswith("Anita Callahan spends her token")
    assert s.describe(A.Assist(twins)).startswith("The Twins spend their token")
