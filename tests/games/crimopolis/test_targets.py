"""Playing from the board (issue 27): every legal action names the picture's elements it acts
on, those elements are drawn in the picture of the seat to act, and the ids tell nothing a
seat may not see."""

from __future__ import annotations

from collections import Counter
from xml.etree import ElementTree

import pytest
from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.actions import (
    END_TURN,
    INVEST,
    LEAVE_EMPTY,
    RECRUIT_HQ,
    AbortJob,
    ChooseTarget,
    DoJob,
    Move,
    Occupy,
    PlaceHQ,
    PlaceTile,
    PlayFortune,
    TakeOver,
)
from tabletop_games.crimopolis.cards import fortunes, jobs, newsflashes
from tabletop_games.crimopolis.picture import CARD_W, _card_text, _cards, _job_card
from tabletop_games.crimopolis.scenario import (
    build,
    card_with,
    give_fortune,
    job_for,
    refresh,
    tile_of,
)
from tabletop_games.crimopolis.state import Prompt

from tabletop.agents import random_choice
from tabletop.pictures.lettering import width as text_width
from tabletop.pictures.targets import element_id, element_ids, target_problems
from tabletop.rng import Rng

NS = "{http://www.w3.org/2000/svg}"


def element(svg: str, element_id: str) -> ElementTree.Element:
    """The element of ``svg`` with that id."""
    found = [e for e in ElementTree.fromstring(svg).iter() if e.get("id") == element_id]
    assert len(found) == 1, f"{element_id} is drawn {len(found)} times"
    return found[0]


def texts(e: ElementTree.Element) -> str:
    return " ".join(t.text or "" for t in e.iter(f"{NS}text"))


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_every_legal_action_targets_elements_the_seat_to_act_sees(players, seed):
    """Over random games: no legal action is left to the buttons alone, and its targets are
    drawn, once each, in the picture of the seat to act."""
    state = GAME.new_state(players, seed)
    rng = Rng.from_seed(seed, "targets")
    kinds: Counter[str] = Counter()
    for _ in range(260):
        if state.is_over:
            break
        problems = target_problems(state, state.to_act)
        assert not problems, problems[:3]
        for action in state.legal_actions():
            assert state.targets(action), f"{state.describe(action)!r} has no target"
            kinds[type(action).__name__] += 1
        state.apply(random_choice(state.legal_actions(), rng))
    assert {"PlaceHQ", "PlaceTile", "Move", "Recruit", "EndTurn", "Occupy"} <= set(kinds)


def test_moving_gangsters_targets_the_group_then_where_it_goes():
    """Entering the city: the gangsters in the HQ, then the street; every count the same
    targets (the page asks how many)."""
    s = build([("HQ0", 0, 0, 0), (tile_of("BANK", "orange"), 1, 0, 0)], [("b0,0", 0, 3)])
    moves = [a for a in s.legal_actions() if a in [Move("b0,0", "s0,0E", n) for n in (1, 2, 3)]]
    assert len(moves) == 3
    assert {s.targets(a) for a in moves} == {("gangsters-block-0-0", "street-0-0-e")}
    s.apply(Move("b0,0", "s0,0E", 2))
    assert s.targets(Move("s0,0E", "s1,0W", 1)) == ("gangsters-street-0-0-e", "street-1-0-w")
    assert s.targets(Move("s0,0E", "b0,0", 1)) == ("gangsters-street-0-0-e", "block-0-0")
    svg = s.picture(0)
    assert element(svg, "gangsters-street-0-0-e").get("data-count") == "2"
    assert not target_problems(s, 0, svg)


def test_negative_coordinates_keep_their_sign_in_ids():
    s = build([("HQ0", 0, 0, 0), (tile_of("BANK", "orange"), -1, 0, 0)], [("s-1,0W", 0, 1)])
    assert s.targets(Move("s-1,0W", "s-1,0N", 1)) == ("gangsters-street-n1-0-w",
                                                      "street-n1-0-n")
    element(s.picture(0), "street-n1-0-n")


def test_setup_places_the_hq_on_a_cell_and_revealed_tiles_on_cells():
    s = GAME.new_state(2, 3)
    (tile_action, *_) = s.legal_actions()
    assert isinstance(tile_action, PlaceTile)
    assert s.targets(tile_action) == (f"revealed-{tile_action.tile.lower()}",
                                      element_id("cell", tile_action.x, tile_action.y))
    rng = Rng.from_seed(3, "setup")
    while s.setup_seat == 0:
        s.apply(random_choice(s.legal_actions(), rng))
    hq_cells = s.legal_actions()
    assert hq_cells and all(isinstance(a, PlaceHQ) for a in hq_cells)
    svg = s.picture(1)
    for a in hq_cells:
        (cell,) = s.targets(a)
        assert "street-missing" in element(svg, cell).get("class")


def test_exploring_places_a_revealed_tile_or_the_safe_house_on_the_marked_cell():
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 1)])
    s.apply(Move("b0,0", "s0,0W", 1))
    options = s.legal_actions()
    assert {s.targets(a)[1] for a in options} == {"cell-n1-0"}
    assert ("safe-house-1", "cell-n1-0") in {s.targets(a) for a in options}
    svg = s.picture(0)
    assert not target_problems(s, 0, svg)
    assert "being explored" in element(svg, "cell-n1-0").find(f"{NS}title").text
    assert "the marked cell -1,0" in svg


def test_leaving_a_cell_empty_is_a_drawn_marker():
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 1)])
    s.tile_stack.clear()
    s.revealed.clear()
    refresh(s)
    s.apply(Move("b0,0", "s0,0W", 1))
    assert s.targets(LEAVE_EMPTY) == ("leave-empty",)
    assert "Leave it empty" in texts(element(s.picture(0), "leave-empty"))


def test_a_job_is_its_card_then_the_block():
    job = job_for("BANK", max_crew=2)
    bank = tile_of("BANK", jobs()[job].colour)
    s = build([("HQ0", 0, 0, 0), (bank, 1, 0, 0)], [("s1,0N", 0, 3)])
    s.decks[0].draw_pile.remove(job)
    s.hands[0] = [job]
    refresh(s)
    done = [a for a in s.legal_actions() if isinstance(a, DoJob)]
    assert done and {s.targets(a) for a in done} == {(f"job-{job.lower()}", "block-1-0")}
    entries = [a for a in s.legal_actions() if isinstance(a, (Occupy, TakeOver))]
    assert entries and {s.targets(a) for a in entries} == {("block-1-0",)}
    assert s.targets(AbortJob(job)) == (f"job-{job.lower()}", "deck-jobs")
    svg = s.picture(0)
    assert jobs()[job].title.split()[0] in texts(element(svg, f"job-{job.lower()}"))
    assert not target_problems(s, 0, svg)


def test_turn_decisions_without_a_piece_target_markers_decks_and_rows():
    s = build([("HQ0", 0, 0, 0)], [("b0,0", 0, 1)])
    assert s.targets(END_TURN) == ("end-turn",)
    assert s.targets(INVEST) == ("deck-fortunes",)
    assert s.targets(RECRUIT_HQ) == ("supply-1", "block-0-0")
    svg = s.picture(0)
    assert "End turn" in texts(element(svg, "end-turn"))
    assert not target_problems(s, 0, svg)


def test_fortunes_target_their_card_and_then_the_gang_or_block():
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 1)])
    cop = card_with("arrest")
    give_fortune(s, 0, cop)
    plays = [a for a in s.legal_actions() if isinstance(a, PlayFortune)]
    assert {s.targets(a) for a in plays} == {(f"fortune-{cop.lower()}", "seat-1"),
                                             (f"fortune-{cop.lower()}", "seat-2")}
    assert not target_problems(s, 0)


def test_a_destiny_newsflash_goes_from_its_card_to_a_gang_row():
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b0,0", 0, 1)])
    news = next(c for c, d in newsflashes().items() if d.destiny)
    s.decks[1].draw_pile.remove(news)
    s.prompts.append(Prompt("target", 0, card=news))
    refresh(s)
    assert s.targets(ChooseTarget(1)) == (f"pending-{news.lower()}", "seat-2")
    assert not target_problems(s, 0)


def test_hidden_cards_are_named_by_their_place_and_determinize_keeps_the_picture():
    state = GAME.new_state(3, 5)
    rng = Rng.from_seed(5, "hidden")
    for step in range(120):
        if step % 20 == 0:
            for seat in range(3):
                svg = state.picture(seat)
                assert svg == state.determinize(seat, rng.fork(f"d{step}")).picture(seat)
                ids = " ".join(element_ids(svg))
                for other in range(3):
                    if other != seat:
                        for card in state.hands[other] + state.fortune_hands[other]:
                            assert card.lower() not in ids
        state.apply(random_choice(state.legal_actions(), rng))


def test_every_card_text_fits_its_card():
    """The cut-off job texts ("Penthouse party ... 5 gangsters,"): every line of every job and
    fortune card is whole and no wider than the card (a single word may be squeezed)."""
    for job in jobs():
        card = _job_card(job)
        title, body = _card_text(card)
        d = jobs()[job]
        assert " ".join(body) == f"{d.location} {d.colour} {d.gangsters} gangster" + (
            "s" if d.gangsters > 1 else "") + f" {d.hours} h, {d.prestige} prestige"
        assert " ".join(title) == d.title
        for line in title + body:
            assert " " not in line or text_width(line, 12.5, line in title) <= CARD_W - 10
    s = build([("HQ0", 0, 0, 0)], [("b0,0", 0, 1)])
    for card in fortunes():
        s.fortune_hands[0] = [card]
        (drawn,) = [c for c in _cards(s, 0, 0) if c.kind == "fortune"]
        title, body = _card_text(drawn)
        for line in title + body:
            assert " " not in line or text_width(line, 12.5, line in title) <= CARD_W - 10
