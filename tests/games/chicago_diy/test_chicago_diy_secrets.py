"""Side channels: what the table sees (the public narration and who is asked what) must not
depend on a hidden hand beyond what the rulebook itself makes public.

Each test plays the same moves on two tables that differ only in one hidden hand and checks
that a spectator's observation (every public fact and event) stays the same throughout.
"""

from __future__ import annotations

from tabletop_games.chicago_diy.actions import DECLINE, DRAW, END_TURN, HIRE, PlayJoker
from tabletop_games.chicago_diy.rules import PAY_HIRE


def _public(state) -> dict:
    """Everything a spectator sees: the public table and the public events."""
    return state.observation(None)


# rule: ch-hire-always-asked
def test_a_hire_roll_of_1_to_3_asks_the_player_whatever_the_hand(arrange, rig_dice) -> None:
    """Rulebook "Hire a Henchman" ("if you cannot pay, the action fails"): the player with $5
    and the one without are both asked; declining reads the same from either."""
    rich = arrange(hands=[["9H", "2S"], []])
    poor = arrange(hands=[["2D", "2C"], []])
    for s in (rich, poor):
        rig_dice(s, [2])
        s.apply(HIRE)
        assert s.phase == PAY_HIRE and s.to_act == 0
    assert DECLINE in poor.legal_actions() and len(poor.legal_actions()) == 1
    assert _public(rich) == _public(poor)
    assert "rolls 2" in rich.log.view(None)[-1] and "$5" in rich.log.view(None)[-1]
    for s in (rich, poor):
        s.apply(DECLINE)
    assert _public(rich) == _public(poor)
    assert not any("cannot pay" in e for e in poor.log.view(None))


# rule: ch-turn-end
def test_the_turn_does_not_end_by_itself_because_the_hand_has_no_hit_man(arrange) -> None:
    """A turn that ended by itself only when nothing in hand could be played would tell the
    table that the hand holds no hit man and no joker."""
    armed = arrange(hands=[["AS", "7C"], []], henchmen=[1, 2], top=["4D"])
    plain = arrange(hands=[["5S", "7C"], []], henchmen=[1, 2], top=["4D"])
    for s in (armed, plain):
        s.apply(DRAW)
        assert s.turn.current == 0 and END_TURN in s.legal_actions()
    assert _public(armed) == _public(plain)
    for s in (armed, plain):
        s.apply(END_TURN)
    assert _public(armed) == _public(plain)


# rule: ch-turn-end
def test_the_turn_ends_by_itself_when_everyone_can_see_nothing_is_left(arrange) -> None:
    """With no rival holding a henchman or a territory, no card could be played: a public
    fact, so the turn may end by itself."""
    s = arrange(hands=[["AS", "7C"], []], henchmen=[1, 0], top=["4D"])
    s.apply(DRAW)
    assert s.turn.current == 1


# rule: ch-bribe-asked
def test_a_jokers_victim_is_asked_whatever_the_hand_holds(arrange) -> None:
    """Rulebook "Jokers": the victim "can bribe"; whether they are asked depends on what a
    hand of their size could hold (public), not on what it holds."""
    rich = arrange(hands=[["RJ"], ["10C", "10D"]], territories=[[], ["KH"]],
                   options={"bribe": 20})
    poor = arrange(hands=[["RJ"], ["2C", "3D"]], territories=[[], ["KH"]],
                   options={"bribe": 20})
    for s in (rich, poor):
        s.apply(PlayJoker("RJ", "KH"))
        assert s.to_act == 1
    assert poor.legal_actions() == (DECLINE,)
    assert _public(rich) == _public(poor)
    for s in (rich, poor):
        s.apply(DECLINE)
    assert _public(rich) == _public(poor)
    assert rich.territories[1] == [] and poor.territories[1] == []


# rule: ch-bribe-asked
def test_a_victim_whose_hand_is_too_small_for_the_bribe_is_not_asked(arrange) -> None:
    """Two cards hold at most $20: against a $30 bribe the joker works at once, for any two
    cards (hand sizes are public)."""
    s = arrange(hands=[["BJ"], ["10C", "10D"]], territories=[[], ["KH"]],
                options={"bribe": 30})
    s.apply(PlayJoker("BJ", "KH"))
    assert not s.decisions.stack and s.territories == [["KH"], []]
