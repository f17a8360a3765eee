"""What a player reads on screen: "done" lines that name their step, the seat asked to stay
out only of questions it takes no part in, hands shown once the game is over, plain English
in the table view."""

from __future__ import annotations

import random

from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import END_TURN
from tabletop_games.bootleggers.muscle import new_truck


def _play_to_the_end(players: int, seed: int) -> object:
    s = GAME.new_state(players, seed, {"short_game": True})
    rng = random.Random(seed)
    while not s.is_over:
        legal = s.legal_actions()
        stay = s.stay_out()
        # the seat is kept out only where it has nothing to decide
        assert stay is None or list(legal) == [stay], (s.step, stay, legal)
        s.apply(legal[rng.randrange(len(legal))])
    return s


def test_done_lines_name_the_step_they_end(make_table, goto):
    s = make_table(3)
    said = {}
    for step in ("influence", "production", "deals", "loading", "loaded", "lined_up"):
        goto(s, step, [0])
        said[step] = s.describe(END_TURN)
    assert said["deals"] == "Player 1 is done dealing"
    assert said["loading"] == "Player 1 is done loading"
    assert said["influence"] == "Player 1 is done placing men (Phase 2)"
    assert said["production"] == "Player 1 is done before the stills are rolled (Phase 3)"
    assert len(set(said.values())) == len(said)


def test_stay_out_only_where_the_seat_takes_no_part():
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        _play_to_the_end(players, seed)


def test_at_the_end_every_hand_is_shown():
    # RULES.md: bl-hands-shown
    s = _play_to_the_end(4, 5)
    events = s.observation(1)["events"]
    shown = [e for e in events if e.startswith("Hands shown, now that they decide nothing: ")]
    assert len(shown) == 1
    for p in range(4):
        assert f"Player {p + 1} held " in shown[0]
    obs = s.observation(0)
    assert obs["final_thugs"] == [list(h) for h in s.hands]
    assert obs["final_muscle"] == [sorted(h) for h in s.muscle_hands]
    assert GAME.new_state(4, 5).observation(0)["final_thugs"] is None
    text = s.render(0)
    for p in range(1, 4):
        if s.hands[p]:
            assert "Thug cards: " in text.split(f"Player {p + 1}: ")[1].split("\n")[0]


def test_the_table_reads_as_english(make_table):
    s = make_table(3)
    s.remote_owner[0] = 1
    s.remote_dice[0] = 1
    s.crates[1] = 4
    new_truck(s, 1, 6)
    text = " ".join(s.render(0).split())  # the table is wrapped at 80 columns
    assert "Family Still with 1 die, Remote Still 1 with 1 die; Back Room: 1 man, 4 crates;" \
        in text
    assert "Back Room: 1 man; trucks" in text  # no "0 crates, 0 dice, 0 impr."
    assert "impr." not in text and "0 dice" not in text


def test_after_the_end_no_hand_is_guessed_again():
    # RULES.md: bl-hands-shown, bl-determinize
    from tabletop.rng import Rng

    s = _play_to_the_end(3, 4)
    guess = s.determinize(0, Rng(9))
    assert guess.hands == s.hands and guess.muscle_hands == s.muscle_hands
    assert guess.observation(0) == s.observation(0)
