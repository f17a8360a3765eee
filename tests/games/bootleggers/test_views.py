"""What each seat sees (views.py): hidden information, determinization, render, describe."""

from __future__ import annotations

from games.bootleggers import GAME
from games.bootleggers.actions import PickMuscle, TakeOffer
from games.bootleggers.cards import CARDS, SUBDECKS, key_of
from tabletop.rng import Rng


def midgame(seed: int = 2, players: int = 4, steps: int = 120):
    s = GAME.new_state(players, seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return s


def test_observation_hides_hands_money_and_decks():
    s = midgame()
    obs = s.observation(0)
    assert obs["muscle_hand"] == s.muscle_hands[0] and obs["money"] == s.cash(0)
    text = str(obs)
    assert "muscle_hands" not in obs and "hands" not in obs
    assert obs["thug_counts"] == [len(h) for h in s.hands]
    spectator = s.observation(None)
    assert spectator["money"] is None and spectator["muscle_hand"] is None
    assert "draw_pile" not in text


def test_determinize_keeps_what_the_seat_sees_and_resamples_the_rest():
    s = midgame()
    for seat in range(4):
        d = s.determinize(seat, Rng(11))
        assert d.observation(seat) == s.observation(seat)
        assert not d.invariants()
        for p in range(4):
            for first, last in SUBDECKS:
                assert (sum(first <= c <= last for c in d.muscle_hands[p])
                        == sum(first <= c <= last for c in s.muscle_hands[p]))
            assert all(CARDS[key_of(c)].kind == "thug" for c in d.hands[p])
    d = s.determinize(0, Rng(11))
    assert d.muscle_hands[1:] != s.muscle_hands[1:] or d.deck.draw_pile != s.deck.draw_pile


def test_sealed_pick_resampled_for_others():
    s = GAME.new_state(3, 1)
    s.apply(PickMuscle(s.muscle_hands[0][11]))
    s.apply(PickMuscle(s.muscle_hands[1][11]))
    picks = {s.determinize(2, Rng(k)).sealed.commitments[0] for k in range(10)}
    assert len(picks) > 1
    d = s.determinize(0, Rng(3))
    assert d.sealed.commitments[0] == s.sealed.commitments[0]
    assert d.sealed.commitments[0] in d.muscle_hands[0]


def test_render_shows_the_board_as_the_seat_sees_it():
    s = midgame(steps=60)
    text = s.render(1)
    assert "O'Malley's Dry Goods" in text and f"round {s.round_no}/12" in text
    assert f"${s.cash(1)}G" in text and "M1: $?" in text
    assert str(s.muscle_hands[1]) in text
    assert str(s.muscle_hands[0]) not in s.render(1) or s.muscle_hands[0] == s.muscle_hands[1]


def test_describe_names_the_money_and_keeps_sealed_picks_secret():
    s = GAME.new_state(2, 1)
    card = s.muscle_hands[0][-1]
    assert str(card) not in s.describe_public(PickMuscle(card))
    s.apply(PickMuscle(card))
    s.apply(PickMuscle(s.muscle_hands[1][0]))
    assert "price $" in s.describe(TakeOffer(-1))


def test_thug_plays_read_like_table_talk(make_table, goto):
    from games.bootleggers.actions import PlayThug
    from games.bootleggers.muscle import new_truck

    s = make_table(3, muscle=[30, 20, 10])
    s.influence[2] = [2, 2, 1]
    goto(s, "lined_up", [0])
    truck = new_truck(s, 1, 6)
    truck.cargo = 5
    assert s.describe(PlayThug("mob_war", 2, 1, 2)) == (
        "Player 1 plays Mob War at Mother's Groceries, removing two markers of M2 and M3")
    assert s.describe(PlayThug("hit", 2, 1)).endswith("removing a marker of M2")
    assert s.describe(PlayThug("state_politics", -1, 2)).endswith("2 marker(s) for $10G")
    assert s.describe(PlayThug("bust_a_shipment", truck.id)).endswith(
        f"on M2's Medium Truck #{truck.id} (5 crates)")
    assert s.describe(PlayThug("vigorish", 1, -1)).endswith("Family Still ($3G or idle)")


def test_invariants_catch_lost_pieces():
    s = midgame(steps=80)
    assert s.invariants() == []
    broken = s.clone()
    broken.deck.draw_pile.pop()
    assert any("Men of Action" in p for p in broken.invariants())
    broken = s.clone()
    broken.back_influence[0] += 25
    assert any("influence markers" in p for p in broken.invariants())
    broken = s.clone()
    broken.money.holdings["seat:1"] += 3
    assert any("dough" in p for p in broken.invariants())


def test_a_muscle_pick_is_named_to_its_player_and_hidden_from_the_others() -> None:
    """Phase 1: Muscle cards are chosen face down and revealed together."""
    from games.bootleggers import GAME
    from games.bootleggers.actions import PickMuscle

    state = GAME.new_state(3, 2)
    pick = next(a for a in state.legal_actions() if isinstance(a, PickMuscle))
    assert f"Muscle card {pick.card} " in state.describe(pick)
    public = state.describe_public(pick)
    assert str(pick.card) not in public and "face down" in public
