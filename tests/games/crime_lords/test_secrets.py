"""Secrets kept: who is asked a question must not depend on a hidden hand, and a seat that
takes no part in a question can stay out of it (``stay_out``)."""

from __future__ import annotations

from tabletop_games.crime_lords import GAME
from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords.scenario import (
    blank,
    boss,
    commit,
    racket,
    special,
    sub,
    to_assistance,
)

from tabletop.rng import Rng


def _takeover_to_assist(defender_special: str, attacker_special: str = "") -> list[int]:
    """Seat 0's Boss attacks seat 1's Racket; nobody has a card with a token to add. Returns
    the seats asked in the assistance stage, in order, each answering "nothing more"."""
    s = blank(2, ("southside_crew", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    s.tokens[s.mobs[1].root] = False            # the defender has no token left
    target = racket(s, 1, "north_numbers")
    if defender_special:
        special(s, 1, defender_special)
    if attacker_special:
        special(s, 0, attacker_special)
    to_assistance(s, A.Takeover(mom, target))
    asked = []
    while s.phase == "assist":
        asked.append(s.actor)
        assert A.DONE in s.legal_actions()
        s.apply(A.DONE)
    return asked


def test_the_defender_is_asked_whatever_special_he_holds() -> None:
    """"Specials": "The other players do not have the right to know what the card says".
    A defender holding Tipped Off (playable now) and one holding Sure Thing (an attacker's
    card) are asked alike in the assistance stage, so the question does not tell the table
    which one he holds; one with no Special and no token at all is not asked (that is
    public)."""
    playable = _takeover_to_assist("tipped_off_1")
    unplayable = _takeover_to_assist("sure_thing_1")
    any_time = _takeover_to_assist("payday_1")
    assert playable == unplayable == any_time and 1 in playable
    assert 1 not in _takeover_to_assist("")


def test_the_attacker_is_asked_whatever_special_he_holds() -> None:
    """The same for the attacker: Sure Thing (his to play) or Tipped Off (a defender's card)
    in his hand, the stage asks him the same questions."""
    playable = _takeover_to_assist("", attacker_special="sure_thing_1")
    unplayable = _takeover_to_assist("", attacker_special="tipped_off_1")
    assert playable == unplayable and playable[0] == 0
    assert _takeover_to_assist("") == []


def test_a_bystander_stays_out_of_a_showdown_and_its_principals_do_not() -> None:
    """"Showdown": every player may put money under his hand; a player who is neither
    attacker nor defender may stay out (nothing under the hand); the two sides may not."""
    s = blank(3, ("southside_crew", "carnival_boys", "north_side"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "iron_mike")
    target = racket(s, 1, "north_numbers")
    s.apply(A.Takeover(mom, target))
    assert s.phase == "protect" and s.stay_out() is None
    s.apply(A.Protect(-1))
    assert s.phase == "showdown" and s.actor == 0 and s.stay_out() is None
    commit(s, 5)
    assert s.actor == 1 and s.stay_out() is None
    commit(s, 0)
    assert s.actor == 2
    out = s.stay_out()
    assert out == A.Commit(0) and out in s.legal_actions()
    s.apply(out)
    assert s.phase == "reveal" and s.stay_out() is None


def test_a_third_party_asked_to_join_a_takeover_takes_part_in_the_question() -> None:
    """A player whose district muscle may join a takeover between two others is asked
    because his cards may act: the question is his own, so no stay-out answer is offered
    (a header "you take no part" would contradict the prompt); he may still add nothing.
    Whether he is asked depends on his Rackets and tokens, which are public, never on his
    hand."""
    s = blank(3, ("southside_crew", "carnival_boys", "north_side"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "iron_mike")
    gang = racket(s, 2, "kelly_street_gang")
    s.tokens[gang] = True
    target = racket(s, 1, "north_numbers")
    to_assistance(s, A.Takeover(mom, target))
    assert s.phase == "assist" and s.actor == 2
    assert s.stay_out() is None and A.DONE in s.legal_actions()
    assert A.Interfere(gang, 1) in s.legal_actions()


def test_stay_out_is_offered_only_to_a_seat_that_neither_attacks_nor_defends() -> None:
    """In many positions of self-play, a stay-out answer is never offered to the attacker or
    the defender of the attack in progress, nor to a seat asked to add its cards to one."""
    from tests.positions import heuristic_positions

    seen = 0
    for players in (3, 4):
        for state in heuristic_positions("crime_lords", players, 7, every=1):
            atk = state.attack
            if state.stay_out() is None or atk is None:
                continue
            seen += 1
            assert state.actor not in (atk.seat, atk.defender)
            assert state.phase != "assist"
    assert seen > 10


def test_the_principals_of_an_assistance_stage_are_never_stayed_out() -> None:
    """The attacker and the defender take part in their own attack: no stay-out answer."""
    s = blank(2, ("southside_crew", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    sub(s, 0, "kid_cobb", "mom_parker", (1, 0))
    boss(s, 1, "judge_cohen")
    target = racket(s, 1, "north_numbers")
    to_assistance(s, A.Takeover(mom, target))
    assert s.phase == "assist" and s.actor == 0 and s.stay_out() is None


def test_the_out_of_turn_window_can_be_stayed_out_of() -> None:
    """With the open table, the others are asked before the player acts; staying out gives
    nothing; the player whose turn it is never gets a stay-out answer."""
    from tabletop_games.crime_lords import flow
    s = blank(2, ("old_family", "downtowners"), open_table=True)
    boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    flow.begin_turn(s, 0)
    assert s.phase == "window" and s.actor == 1 and s.stay_out() == A.DONE
    s.apply(A.DONE)
    assert s.phase == "actions" and s.actor == 0 and s.stay_out() is None


def test_the_draw_tells_the_others_only_how_many_specials() -> None:
    """"Draw cards": "The other players do not have the right to know what the card says,
    but they do have the right to know how many Specials each player has"."""
    from tabletop_games.crime_lords import flow
    from tabletop_games.crime_lords.scenario import card, free
    s = blank(2, ("old_family", "carnival_boys"))
    boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    for cid in ("kid_cobb", "slim_jim", "whispers", "gimpy"):
        free(s, cid)                            # four uncontrolled: one card is drawn
    payday = card("payday_1")
    s.draw_pile.remove(payday)
    s.draw_pile.append(payday)                  # the top card
    flow.draw_cards(s, 0)
    public = " / ".join(s.log.view(1))
    assert "keeps 1 Special face down" in public and "Payday" not in public
    assert "Payday" not in s.render(1) and "Payday" not in str(s.observation(1))
    assert any("You keep Payday" in e for e in s.log.view(0))


def test_a_special_given_away_is_named_to_the_receiver_only() -> None:
    """"Gifts and Trades": a Special may be given; what it says stays between the two (the
    giver knows it, the receiver is told, the others see a Special change hands)."""
    s = blank(3, ("old_family", "carnival_boys", "downtowners"))
    boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "big_sal")
    tip = special(s, 0, "inside_man")
    gift = A.GiveCard(1, tip)
    assert "Inside Man" not in s.describe_public(gift)
    s.apply(gift)
    for viewer in (2, None):
        seen = " / ".join(s.log.view(viewer))
        assert "receives a Special card from Player 1 (1 Special now)" in seen
        assert "Inside Man" not in seen and "Inside Man" not in s.render(viewer)
    assert "Player 1 gives you Inside Man" in s.log.view(1)


# rules: cl-end-shown
def test_revealed_showdown_money_lies_on_the_table_and_treasuries_hide_until_the_end() -> None:
    """"Showdown": the money under the hands is revealed at "Now!" and stays on the table
    (the observation holds it, not only the words); a treasury stays hidden ("Money") while
    play goes on, and is shown to all once the game is over (it decides nothing then)."""
    s = blank(3, ("southside_crew", "old_family", "carnival_boys"))
    mom = boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "big_sal")
    target = racket(s, 1, "north_numbers")
    to_assistance(s, A.Takeover(mom, target), (10, -5, 2))
    for viewer in (0, 1, 2, None):
        assert s.observation(viewer)["shown_money"] == [10, -5, 2]
    s.money = [31, 47, 58]
    assert "47 G" not in s.render(0) and "58 G" not in s.render(0) and "31 G" in s.render(0)
    assert "31 G" not in s.render(None) and "47 G" in s.render(1)
    assert s.observation(0)["mobs"][1]["money"] is None
    s.phase, s.winners = "over", [0]
    for viewer in (0, 2, None):
        assert "31 G" in s.render(viewer) and "47 G" in s.render(viewer)
        assert [m["money"] for m in s.observation(viewer)["mobs"]] == [31, 47, 58]


def test_a_rival_who_runs_dry_paying_wages_pays_the_same_in_every_guessed_world() -> None:
    """"Pay off the gang" and "Money" (issue 15): wages are paid in front of everybody, so a
    Mob that runs dry shows how little its treasury held (its Crooks get 10 of their 8 + 5
    G: all there was). Seat 0 has seen every G move, so every world it may guess pays the
    same wages: a guessed treasury of 0 to 100 G (the old determinization) paid in full or
    short by another amount where the real one fell short by 3 G."""
    s = blank(2, ("southside_crew", "old_family"))
    boss(s, 0, "mom_parker")
    boss(s, 1, "judge_cohen")                     # 5 Power + 3 Boss token: 8 G
    sub(s, 1, "iron_mike", "judge_cohen", (1, 0))  # 5 G
    s.money = [50, 10]
    mark = s.log.total

    def wages(world: object) -> list[str]:
        world.apply(A.TAKE_TEN)  # type: ignore[attr-defined]
        lines = world.log.since(mark, 0)  # type: ignore[attr-defined]
        return [e.text for e in lines if e.kind == "wages"]

    real = wages(s.clone())
    assert real and "pays 10 G of wages, short for 1 Crook" in real[0]
    assert "Iron Mike Dolan 2 of 5 G (short pay" in real[0]
    for seed in range(40):
        guess = s.determinize(0, Rng.from_seed(seed))
        assert wages(guess.clone()) == real
        assert guess.money[1] == 10


# rules: cl-end-shown
def test_at_the_end_every_treasury_and_hand_is_told_and_shown() -> None:
    """Issue 26 §1: at the end what was hidden decides nothing, so the table is told every
    treasury and every hand of Specials (a public event), and every seat's observation and
    table view show them."""
    from tabletop.match import Match

    match = Match(GAME, 2, 1, seats=["heuristic", "heuristic"], keep_record=False)
    while not match.state.is_over:
        match.play(match.bot_action())
    s = match.state
    told = [e.text for e in s.log.entries if e.kind == "hidden shown"]
    assert len(told) == 1
    for p in range(2):
        assert f"{s.money[p]} G and" in told[0]
        for viewer in (0, 1, None):
            mob = s.observation(viewer)["mobs"][p]
            assert mob["money"] == s.money[p] and mob["shown_hand"] == sorted(s.specials[p])
    assert any(told[0] in line for line in s.log.view(0))
