"""Records, saves and secrets you can trust: each kind of tampering with a position is
caught by ``invariants()`` (which never raises), and no question or text tells a seat what
another holds."""

from __future__ import annotations

import pytest
from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.actions import ACCEPT, PlayFortune
from tabletop_games.crimopolis.cards import fortunes, jobs
from tabletop_games.crimopolis.scenario import build, card_with, give_fortune
from tabletop_games.crimopolis.state import Prompt


def played(seed=2, steps=120):
    s = GAME.new_state(3, seed)
    for _ in range(steps):
        s.apply(s.legal_actions()[min(1, len(s.legal_actions()) - 1)])
    assert not s.invariants()
    return s


def test_a_card_held_in_two_places_is_caught():
    s = played()
    s.fortune_hands[1].append(s.hands[0][0])
    assert any(f"card {s.hands[0][0]} is in 2 places" in p for p in s.invariants())


def test_a_missing_card_is_caught():
    s = played()
    s.hands[2].pop()
    assert any("cards are missing" in p for p in s.invariants())


@pytest.mark.parametrize("field", ["prestige", "bodies", "supply"])
def test_a_negative_count_is_caught(field):
    s = played()
    getattr(s, field)[1] = -1
    assert any("Player 2" in p and "-1" in p for p in s.invariants())


def test_negative_hours_are_caught():
    s = played()
    s.hours = -2
    assert "hours is -2" in s.invariants()


def test_an_unknown_phase_is_caught():
    s = played()
    s.phase = "intermission"
    assert "unknown phase 'intermission'" in s.invariants()


def test_a_seat_to_act_out_of_range_is_caught():
    s = played()
    s.active = 3
    assert any("the active seat is seat 4, not one of the 3 players" in p
               for p in s.invariants())
    s = played()
    s.prompts.append(Prompt("defend", 7, card="N23", by=0))
    assert any("a defend question is seat 8" in p for p in s.invariants())


@pytest.mark.parametrize("field", ["prestige", "hands", "destinies"])
def test_lists_of_the_wrong_length_are_caught(field):
    s = played()
    getattr(s, field).append(getattr(s, field)[0])
    assert any("for 3 players" in p for p in s.invariants())


def test_a_gangster_too_many_is_caught():
    s = played()
    node, _ = s.city.board.held_by(0)[0]
    s.city.board.pieces[node][0] += 1
    assert any("Player 1:" in p and "on the board" in p for p in s.invariants())


def test_invariants_never_raise_on_a_broken_position():
    s = played()
    s.decks = []  # nothing left to count cards in
    s.city = None
    problems = s.invariants()
    assert problems and "cannot be inspected" in problems[0]


# rules: cp-destiny-asked
def test_a_destiny_target_is_asked_whether_or_not_it_holds_a_defence():
    """Side channel: the target of a destiny is always asked, and its choices for a bot
    with or without a defence read the same to the table."""
    for defended in (False, True):
        s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)])
        cop = card_with("arrest")
        give_fortune(s, 0, cop)
        if defended:
            give_fortune(s, 1, card_with("defence"))
        s.apply(PlayFortune(cop, seat=1))
        assert s.to_act == 1 and ACCEPT in s.legal_actions()
        public = s.describe_public(ACCEPT)
        assert "lets the destiny 'Dirty cop' lie in front of it" in public
        # the target takes part in this question: the terminal must not say it does not
        assert s.stay_out() is None


# rules: cp-narration
def test_no_seat_reads_the_jobs_and_fortunes_another_seat_drew():
    """Side channel: what a seat drew (its private events) never reaches another seat's
    render, observation or events, and the others read only how many it drew."""
    s = played(seed=5, steps=200)
    secrets = [e for e in s.log.entries if e.to is not None]
    assert secrets
    for e in secrets:
        for seat in range(3):
            if seat == e.to:
                continue
            seen = s.render(seat) + "\n".join(s.log.view(seat)) + str(s.observation(seat))
            assert e.text not in seen


# rules: cp-end-shown
def test_every_hand_is_shown_at_the_end_and_a_copy_keeps_them():
    """GAME END: the kept fortunes are shown for scoring, and the jobs still held with them
    (they decide nothing any more): a public event, and the observation after the end. A
    seat's copy of a finished game draws the same hands and final scores (it once resampled
    the others' fortunes and jobs)."""
    from tabletop.rng import Rng

    s = GAME.new_state(3, 0, {"max_rounds": 5})
    end = card_with("keep")
    give_fortune(s, 2, end)
    while not s.is_over:
        s.apply(s.legal_actions()[0])  # setup placements, then always "end turn"
    worth = fortunes()[end].game_end
    titles = [f"'{jobs()[j].title}'" for j in s.hands[2]]
    shown = (f"Player 3 (Red) shows its hand: the jobs {titles[0]} and {titles[1]}; the "
             f"fortune 'Rainy-day fund' ({worth} prestige at the end)")
    assert shown in s.log.view(0) and shown in s.log.view(1)
    assert s.observation(0)["fortunes_shown"][2] == [end]
    assert s.observation(0)["jobs_shown"] == s.hands
    copy = s.determinize(0, Rng.from_seed(9))
    assert copy.picture(0) == s.picture(0) and copy.observation(0) == s.observation(0)
    assert copy.hands == s.hands and s.perturb(0, Rng.from_seed(9)) is None
