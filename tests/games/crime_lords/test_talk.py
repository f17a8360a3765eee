"""What players read: actions in words, the table, the glossary, the menu groups."""

from __future__ import annotations

from tabletop_games.crime_lords import GAME
from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords.scenario import (
    blank,
    boss,
    card,
    commit,
    free,
    racket,
    special,
    sub,
)


def test_a_sealed_commitment_shows_its_amount_to_its_owner_only() -> None:
    """"Showdown": money is committed under the hand. The player choosing sees the amounts
    of his options (with 500 G, first the tens as ranges, then the exact amount; the table
    shows him what is under his hand so far); the others only see that he committed, and
    the two steps of one amount read as two different steps, not two bets."""
    s = blank(2, ("southside_crew",))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    silk = free(s, "silk_simmons")
    s.money[0] = 500
    s.apply(A.Recruit(mom, silk))
    assert s.describe(A.Commit(10)).endswith(
        "commits 10 to 19 G for the attack (the exact amount next)")
    assert s.describe(A.Commit(500)).endswith(
        "commits 500 G for the attack (the exact amount next)")
    assert s.describe_public(A.Commit(10)).endswith(
        "starts counting money under the hand (the exact amount next)")
    s.apply(A.Commit(10))
    assert "yours so far: +10 G)" in s.render(0) and "+10" not in s.render(1)
    assert s.describe(A.Commit(5)).endswith("commits 15 G for the attack, sealed under the hand")
    assert s.describe_public(A.Commit(5)).endswith("commits money under the hand")
    s.apply(A.Commit(5))
    assert s.describe(A.Commit(-2)).endswith(
        "commits 2 G against the attack, sealed under the hand")
    assert "yours: +15 G)" in s.render(0) and "+15" not in s.render(1)


def test_the_table_shows_the_attack_and_its_number_now() -> None:
    """The attack in progress reads at a glance: who, what, the help on each side and the
    success number as it stands."""
    s = blank(2, ("southside_crew",))
    mom = boss(s, 0, "mom_parker")
    sal = sub(s, 0, "big_sal", "mom_parker", (1, 0))
    sub(s, 0, "kid_cobb", "mom_parker", (-1, 0))
    boss(s, 1, "judge_cohen")
    target = racket(s, 1, "north_numbers")
    s.apply(A.Takeover(mom, target))
    s.apply(A.Protect(-1))
    commit(s, 0)
    commit(s, 0)
    s.apply(A.REVEAL)
    s.apply(A.Assist(sal))
    text = " ".join(s.render(1).split())
    assert ("Mom Parker (Power 8 as Boss) tries to take over North Side Numbers of Player 2 "
            "(The Old Family)") in text
    assert "for it: Big Sal Marino (Power 6)" in text
    assert ("now: needs 10 or less on two dice (92%; 11 and 12 always fail): Power as Boss 8 "
            "- Resistance 2 + Big Sal Marino helping 6 = 12") in text


def test_own_hits_and_rival_targets_say_whose_they_are() -> None:
    """A Hit on one's own Crook always works and says so; a rival's card names its owner."""
    s = blank(2, ("southside_crew",))
    mom = boss(s, 0, "mom_parker")
    kid = sub(s, 0, "kid_cobb", "mom_parker", (1, 0))
    judge = boss(s, 1, "judge_cohen")
    anita = sub(s, 1, "anita_callahan", "judge_cohen", (1, 0))
    assert ("rubs out Kid Cobb (Player 1's Lieutenant) - one of the Mob's own, it always "
            "works") in s.describe(A.Hit(mom, kid))
    assert "goes after Anita Callahan (Player 2's Lieutenant)" in s.describe(A.Hit(mom, anita))
    assert "goes after Judge Cohen (Player 2's Boss)" in s.describe(A.Hit(mom, judge))
    assert "only a warning shot" in s.describe(A.Hit(kid, judge))


def test_a_hit_is_narrated_with_its_consequences() -> None:
    """"Calling In a Hit: So What Happens?": the log says who died and whose Power rose."""
    from tabletop_games.crime_lords.scenario import rigged
    s = blank(2, ("southside_crew",))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    anita = sub(s, 1, "anita_callahan", "judge_cohen", (1, 0))
    s.tokens[anita] = False
    s.rng = rigged(2)
    s.apply(A.Hit(mom, anita))
    commit(s, 0)
    text = " / ".join(s.log.recent(4))
    assert "Anita Callahan (Player 2's Lieutenant) is rubbed out by Mom Parker" in text
    assert ("Judge Cohen (Player 2) gets 1 Unhappy marker, his man Anita Callahan was Hit: "
            "1 now") in text
    # Mom is at 6 already: "No Crook can have Power greater than 6"
    assert "Mom Parker (Player 1) stays at Power 6 after Hitting a Crook: 6 is the most" in text


def test_pay_warns_before_a_crook_quits() -> None:
    """Short pay on a Crook with two markers makes her quit: the menu says so, with her
    pronouns."""
    s = blank(2, ("southside_crew",))
    boss(s, 0, "mom_parker")
    rosa = sub(s, 0, "rosa_delgado", "mom_parker", (1, 0))
    s.unhappy[rosa] = 2
    s.pay_due = {rosa: 4}
    assert s.describe(A.Pay(rosa, 1)).endswith("her third: she quits")


def test_render_reads_at_a_glance() -> None:
    """The table: full names in the layout, Rackets by district, what uncontrolled cards are
    worth, the Mob's ability, one's own Specials with their text, the score and its target."""
    s = blank(2, ("old_family",))
    boss(s, 0, "mom_parker")
    sub(s, 0, "the_great_zebrini", "mom_parker", (1, 0))
    racket(s, 0, "north_numbers")
    free(s, "kid_cobb")
    special(s, 0, "payday_1")
    text = " ".join(s.render(0).split())
    assert "The Great Zebrini 3 o" in text
    assert "Rackets (1) - North: Numbers (3 G, Res 2)" in text
    assert "Kid Cobb (Power 1, Res 1, wage 1 G, likes Numbers)" in text
    assert "Boss token +3" in text and "Racket score 1 of the 14 to win" in text
    assert ("Your Specials: Payday (at any time, even on another player's turn: Take 10 G "
            "from the bank.)") in text
    assert "Payday" not in s.render(1)


def test_the_auction_shows_the_card_and_the_bidding_money() -> None:
    """"Bidding for Crooks": the card up for auction with its numbers, and everybody's
    bidding money, which is public; each sale is narrated."""
    s = GAME.new_state(2, 3)
    text = " ".join(s.render(0).split())
    assert "Up for auction:" in text and "High bid 0 G by nobody yet" in text
    assert text.count("25 G bidding money") == 2
    s.apply(A.Bid(2))
    s.apply(A.PASS_BID)
    assert any(" buys " in line and "for 2 G" in line for line in s.log.recent(1))


def test_glossary_names_every_card() -> None:
    """The `i` command's glossary: every Mob and card, with its numbers and ability."""
    g = GAME.glossary()
    assert g["Mom Parker"].startswith("Crook: Power 6, Res 5")
    assert "+2 to every Hit" in g["Mom Parker"]
    assert g["The Old Family"].startswith("Mob card. Boss token +3")
    assert g["Tipped Off"].startswith("Special, played in the assistance stage of an attack")
    assert g["Payday"].startswith("Special, played at any time")
    assert g["North Side Numbers"].startswith("Racket, North district, Numbers")
    assert g["Kelly Street Gang"].startswith("Racket, North district, one of a kind")


def test_glossary_explains_the_games_terms_first() -> None:
    """`i WORDS` answers the words the table uses, not only card names."""
    g = GAME.glossary()
    terms = ["Unhappy", "Lieutenant", "Boss", "Power", "token", "uncontrolled", "Gang War",
             "Hit", "retoken", "Resistance", "Weakness", "showdown", "warning shot",
             "protector", "Racket score", "treasury", "bidding money"]
    assert all(term in g for term in terms)
    assert "third" in g["Unhappy"] and "+2 to recruit" in g["Unhappy"]
    assert "-10" in g["Lieutenant"] and "+5 Hit" in g["Gang War"]
    assert next(iter(g)) == "G" and list(g).index("Mom Parker") > list(g).index("Gang War")


def test_long_menus_fall_into_groups() -> None:
    """The action phase groups its many choices for the CLI's menus."""
    s = blank(2, ("southside_crew",))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    kid = free(s, "kid_cobb")
    mine = racket(s, 1, "north_numbers")
    assert s.action_group(A.Recruit(mom, kid)) == "Recruit a Crook"
    assert s.action_group(A.Takeover(mom, mine)) == "Take over a rival's Racket"
    assert s.action_group(A.Hit(mom, kid)) == "Call in a Hit"
    assert s.action_group(A.END_TURN) == ""
    assert card("kid_cobb") == kid
