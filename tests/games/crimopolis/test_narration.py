"""The table tells the whole story: every public consequence of a move is an event that says
the number and the cause, private facts reach only their seat, and the menus and the map
read well (issue "The table tells the whole story")."""

from __future__ import annotations

from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.actions import (
    ACCEPT,
    END_TURN,
    INVEST,
    ChooseTarget,
    DoJob,
    ExecuteDestiny,
    Move,
    PlayFortune,
)
from tabletop_games.crimopolis.cards import fortunes, jobs, tiles
from tabletop_games.crimopolis.scenario import (
    build,
    card_with,
    give_fortune,
    give_job,
    put_on_top,
    refresh,
    tile_of,
)

from tabletop.components.log import EVERYONE
from tabletop.rng import Rng

TELLER = "J22"  # Teller's little slip: BANK (orange), 1 gangster, 2 hours, 2 prestige


def events(s, mark, viewer=EVERYONE):
    return [e.text for e in s.log.since(mark, viewer)]


def bank_job(pieces=(), players=2):
    """Player 1 stands with 3 gangsters north of an orange BANK and holds Teller's little
    slip; Player 2's HQ is east of the BANK."""
    s = build([("HQ0", 0, 0, 0), (tile_of("BANK", "orange"), 1, 0, 0), ("HQ1", 2, 0, 0)],
              [("s1,0N", 0, 3), *pieces], players=players)
    give_job(s, 0, TELLER)
    return s


def do_job(s, job=TELLER):
    act = min((a for a in s.legal_actions() if type(a) is DoJob and a.job == job),
              key=lambda a: sum(k for _, k in a.takes))
    mark = s.log.total
    s.apply(act)
    return events(s, mark)


# rules: cp-job-steps, cp-never-down, cp-narration
def test_a_job_tells_its_newsflash_and_the_prestige_actually_earned():
    """EXECUTE A JOB steps 3-4: 'Laughing stock' takes 2 of the job's 2 prestige: the table
    reads the newsflash, its text and that 0 prestige was earned, and why."""
    s = bank_job()
    put_on_top(s, 1, card_with("prestige", "news", -2))
    text = "\n".join(do_job(s))
    assert s.prestige[0] == 0
    assert "Newsflash 'Laughing stock': Nobody believes it was you" in text
    assert "earns 0 prestige for 'Teller's little slip'" in text
    assert "2 for the job, 2 less for 'Laughing stock'; prestige now 0" in text
    assert "shows the job 'Teller's little slip' (BANK, orange: 1 gangster, 2 hours" in text


def test_a_job_tells_the_bonus_prestige_and_the_new_job_privately():
    """EXECUTE A JOB step 5: the new job is the drawer's secret; the table hears one was
    drawn."""
    s = bank_job()
    put_on_top(s, 1, card_with("prestige", "news", 2))
    top = s.decks[0].draw_pile[-1]
    mark = s.log.total
    do_job(s)
    assert s.prestige[0] == 4
    assert any("earns 4 prestige" in t and "2 more for 'Front-page legend'" in t
               for t in events(s, mark, None))
    mine = [e for e in s.log.since(mark, EVERYONE) if e.to == 0]
    assert len(mine) == 1 and jobs()[top].title in mine[0].text
    assert jobs()[top].title not in "\n".join(events(s, mark, 1))
    assert "Player 1 (Yellow) draws 1 new job (1 in hand)" in events(s, mark, 1)


# rules: cp-fx-hours
def test_a_destiny_newsflash_is_read_before_its_target_is_chosen_and_when_executed():
    """DESTINY CARDS: the newsflash 'Buttons on the corner' (2 hours less) is told when
    drawn and in each target's choice; accepted, it lies in front of Player 2; executed at
    the start of its turn, the clock shows 2 hours less."""
    s = bank_job()
    jam = card_with("hours", "news", -2)
    put_on_top(s, 1, jam)
    text = "\n".join(do_job(s))
    assert "Newsflash 'Buttons on the corner': Destiny. Pick a gang: it has 2 hours less" in text
    assert "Player 1 (Yellow) picks the gang" in text
    choice = s.describe(ChooseTarget(1))
    assert "'Buttons on the corner'" in choice and "Player 2 (Green)" in choice
    assert "2 hours less at the start of its next turn" in choice
    s.apply(ChooseTarget(1))
    mark = s.log.total
    s.apply(ACCEPT)
    assert events(s, mark) == [("'Buttons on the corner' lies in front of Player 2 (Green): "
                               "2 hours less at the start of its next turn")]
    left = s.hours
    mark = s.log.total
    s.apply(END_TURN)
    assert any("must first execute its destinies: 'Buttons on the corner'" in t
               for t in events(s, mark))
    mark = s.log.total
    s.apply(ExecuteDestiny(jam))
    assert s.hours == 7 + left - 2
    assert events(s, mark) == [(f"'Buttons on the corner': Player 2 (Green) has 2 hours less, "
                               f"{7 + left - 2} hours left")]


# rules: cp-job-steps
def test_a_job_in_a_rivals_block_is_told_as_the_take_over_it_is():
    """EXECUTE A JOB step 2 with TAKE OVER A CITY BLOCK: Player 2's defender and one
    attacker go back to their supplies; Player 1's body count and prestige rise by 1."""
    s = bank_job([("b1,0", 1, 1)])
    assert "taking it over from Player 2 (Green)" in next(
        s.describe(a) for a in s.legal_actions() if type(a) is DoJob)
    put_on_top(s, 1, card_with("calm", "news"))
    text = "\n".join(do_job(s))
    assert "Player 1 (Yellow) takes over the BANK at 1,0 from Player 2 (Green)" in text
    assert "Player 2 (Green)'s 1 defending and 1 of the 2 attackers go back" in text
    assert "Body count of Player 1 (Yellow) +1, now 1." in text
    assert "Prestige of Player 1 (Yellow) +1 for the take-over, now 1." in text
    assert "earns 2 prestige" in text and s.prestige[0] == 3


# rules: cp-unused-time
def test_hours_left_unused_are_told_as_carried_over():
    """FINISH YOUR TURN: 3 hours left make the next turn 10 hours."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], hours=3)
    assert s.describe(END_TURN) == "ends its turn, passing 3 hours on to Player 2 (Green)"
    mark = s.log.total
    s.apply(END_TURN)
    assert events(s, mark) == [("Round 1: Player 2 (Green)'s turn, 10 hours on the clock (7 + 3 "
                               "carried over from Player 1 (Yellow))")]


# rules: cp-ambush, cp-narration
def test_an_ambush_tells_the_losses_on_both_sides_and_the_body_count():
    """AMBUSH A GANGSTER: 2 Yellow meet 1 Green: one of each goes back to the supply and
    Yellow's body count rises by 1; the survivor explores the street missing a tile."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("s0,0E", 0, 2), ("s1,0N", 1, 1)])
    move = Move("s0,0E", "s1,0N", 2)
    assert ("from Yellow HQ 0,0 east street to Green HQ 1,0 north street, ambushing 1 "
            "gangster of Player 2 (Green) one for one, exploring — 1 hour" in s.describe(move))
    mark = s.log.total
    s.apply(move)
    ambush, explore = events(s, mark)
    assert ambush.startswith("Ambush on the north street of the Green HQ at 1,0: Player 1 "
                             "(Yellow)'s 2 against Player 2 (Green)'s 1; 1 of each goes back")
    assert "1 gangster of Player 1 (Yellow) now stands there" in ambush
    assert ambush.endswith("Body count of Player 1 (Yellow) +1, now 1.")
    assert "explores the empty cell 1,-1" in explore


def test_exploring_tells_the_tile_placed_and_the_tile_revealed():
    """EXPLORE THE CITY: the tile goes on the empty cell and a new tile is revealed."""
    s = build([("HQ0", 0, 0, 0)], [("b0,0", 0, 1)])
    s.apply(Move("b0,0", "s0,0E", 1))
    place = next(a for a in s.legal_actions() if a.tile[0] == "T")
    assert f"at {place.x},{place.y}" in s.describe(place)
    stack = len(s.tile_stack)
    mark = s.log.total
    s.apply(place)
    (revealed,) = events(s, mark)
    assert revealed.startswith(f"The stack reveals the {tiles()[s.revealed[-1]].name} (")
    assert revealed.endswith(f"{stack - 1} tiles left face down")


def test_a_fortune_is_private_when_drawn_and_public_when_played():
    """INVEST IN A FORTUNE / PLAY A FORTUNE: the drawer alone reads the card; playing it
    tells everyone what it does, with the hours it gives."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)])
    owl = card_with("hours", amount=2)
    put_on_top(s, 2, owl)
    mark = s.log.total
    s.apply(INVEST)
    assert events(s, mark, 1) == ["Investing: Player 1 (Yellow) draws 1 fortune card (1 in hand)"]
    secret = [e.text for e in s.log.since(mark, EVERYONE) if e.to == 0]
    worth = fortunes()[owl].game_end
    kept = f" (worth {worth} prestige at the end if kept)" if worth else ""
    assert secret == [f"Your new fortune: 'Night owl'{kept}: Play in your turn: 2 more hours now."]
    assert "Night owl" not in s.render(1) and "Night owl" not in str(s.observation(1))
    mark = s.log.total
    s.apply(PlayFortune(owl))
    assert events(s, mark, 1) == ["'Night owl' gives Player 1 (Yellow) 2 hours more: 7 hours left"]


# rules: cp-fx-bombing
def test_a_bombing_names_the_victim_the_losses_and_the_bodies():
    """The fortune Bombing: up to 2 rival gangsters blown out of a block next to you count
    as bodies."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("b1,0", 1, 3), ("s1,0N", 0, 1)])
    bomb = card_with("bombing")
    give_fortune(s, 0, bomb)
    mark = s.log.total
    s.apply(PlayFortune(bomb, block="b1,0"))
    assert events(s, mark) == [("'Bombing' blows 2 gangsters of Player 2 (Green) out of the "
                               "Green HQ at 1,0, back to its supply; body count of Player 1 "
                               "(Yellow) +2, now 2")]


def test_an_arrest_destiny_tells_which_gangster_goes():
    """A destiny 'Dirty cop' executed: 1 gangster on a street back to the supply."""
    s = build([("HQ0", 0, 0, 0), ("HQ1", 1, 0, 0)], [("s0,0N", 0, 2)])
    cop = card_with("arrest")
    s.decks[2].draw_pile.remove(cop)
    s.destinies[0].append(cop)
    s._start_turn(0, 7)
    refresh(s)
    mark = s.log.total
    s.apply(ExecuteDestiny(cop))
    assert events(s, mark) == [("'Dirty cop': a gangster of Player 1 (Yellow) on the north "
                               "street of the Yellow HQ at 0,0 is arrested, back to its supply")]
    assert s.city.board.count("s0,0N", 0) == 1


# rules: cp-fx-retreat
def test_a_lie_low_newsflash_tells_who_goes_home():
    """Newsflash 'Lie low': 1 of the job's gangsters hides in the HQ."""
    s = bank_job()
    put_on_top(s, 1, card_with("retreat", "news", 1))
    text = "\n".join(do_job(s))
    assert ("'Lie low': 1 gangster of Player 1 (Yellow) leaves the BANK at 1,0 for its HQ"
            in text)
    assert s.city.board.count("b0,0", 0) == 1


# rules: cp-identical-choices
def test_two_identical_revealed_tiles_are_one_choice():
    """Menus: two revealed tiles with the same face (name, colour, streets, clock) offer
    each placement once, and no two choices read the same."""
    bank = [t for t, d in tiles().items() if (d.name, d.colour, d.clock) == ("BANK", "teal",
                                                                              False)]
    assert len(bank) == 2
    s = build([("HQ0", 0, 0, 0)], [("b0,0", 0, 1)])
    for t in bank:
        for pile in (s.tile_stack, s.revealed):
            if t in pile:
                pile.remove(t)
    s.revealed = bank[:2]
    refresh(s)
    s.apply(Move("b0,0", "s0,0E", 1))
    acts = s.legal_actions()
    texts = [s.describe(a) for a in acts]
    assert len(texts) == len(set(texts))
    assert {a.tile for a in acts if a.tile[0] == "T"} == {bank[0]}


def test_long_menus_are_grouped_by_where_the_move_starts():
    """Menus: moves group by the place they start from, whatever the number moving."""
    s = build([("HQ0", 0, 0, 0)], [("b0,0", 0, 3)])
    groups = {s.action_group(a) for a in s.legal_actions() if type(a) is Move}
    assert groups == {"Move from the Yellow HQ at 0,0"}


# rules: cp-move-typed
def test_how_many_gangsters_move_is_one_typed_amount():
    """MOVE GANGSTERS: "either one by one or in groups of up to 3": the 1, 2 or 3 moving along
    one route are one amount decision (the menu asks for the number), whose question names
    the route and its time; the menu shows it as one line, and typing 2 plays the move of 2."""
    from tabletop.amounts import parse_amount
    from tabletop.cli.menus import build_menus

    s = build([("HQ0", 0, 0, 0)], [("b0,0", 0, 3)])
    legal = s.legal_actions()
    amounts = [s.amount(a) for a in legal if type(a) is Move and a.dst == "s0,0N"]
    assert [a.value for a in amounts] == [1, 2, 3]
    assert {a.question for a in amounts} == {
        "Move gangsters from its HQ 0,0 to its north street for 1 hour, exploring"}
    assert s.amount(legal[0]) is None  # "end turn" is no amount
    top, _ = build_menus(s, legal, [s.describe(a) for a in legal])
    texts = [text for text, _ in top.lines]
    assert ("Move gangsters from its HQ 0,0 to its north street for 1 hour, exploring (1 to "
            "3 gangsters)") in texts
    assert not any(t.startswith("moves") for t in texts)  # no move left as three lines
    question = next(target for text, target in top.lines if "north street" in text)
    assert legal[parse_amount("2", question)] == Move("b0,0", "s0,0N", 2)


# rules: cp-text-map
def test_the_map_fits_80_columns_in_readable_cells():
    """The text map: at most 80 columns even for a city 10 tiles wide (cut in strips); a
    cell names its tile and colour, who is inside and who stands on which street; a large
    block's tiles say on which side they join."""
    banks = [t for t, d in tiles().items() if d.streets == 4][:10]
    s = build([(t, x, 0, 0) for x, t in enumerate(banks)], [("s0,0N", 0, 2)])
    text = s.render(0)
    assert max(len(line) for line in text.split("\n")) <= 80
    assert "Columns 0 to 4 (the map goes on east below)" in text and "Columns 5 to 9" in text
    park, market = tile_of("PARK"), tile_of("MARKET")
    s = build([("HQ0", 0, 0, 0), (park, 0, 1, 0), (market, 0, 2, 2)],
              [("b0,0", 0, 2), ("s0,0E", 0, 1), ("b0,1", 1, 3)])
    lines = s.render(0).split("\n")
    assert lines[:7] == [
        "  0",
        "0 HQ →Y1",
        "  Yellow Y2",
        "1 PARK &↓",
        f"  {tiles()[park].colour} G3",
        "2 MARKET &↑",
        f"  {tiles()[market].colour}",
    ]


def test_a_seats_determinization_keeps_no_other_seats_private_events():
    """Side channel: the copy a bot plans on holds the texts of the public events and its own
    only; the others' private events keep their places (blank), so a mark taken in the real
    log (what the web table's feed uses) reads the same events in the copy."""
    s = GAME.new_state(2, 4)
    rng = Rng.from_seed(4)
    while not any(e.to == 1 for e in s.log.entries) and not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    mark = s.log.total - 3
    hidden = [e for e in s.log.entries if e.to == 1]
    copy = s.determinize(0, Rng.from_seed(1))
    assert all(e.to in (None, 0) or e.text == "" for e in copy.log.entries)
    assert not any(e.text in copy.log.view(EVERYONE) for e in hidden)
    assert copy.observation(0)["events"] == s.observation(0)["events"]
    assert copy.log.since(mark, 0) == s.log.since(mark, 0)


def test_the_glossary_explains_the_terms_tiles_and_every_card():
    """Cards and terms explained where used: 'i WORDS' finds the game's terms, each
    location and every newsflash and fortune title."""
    from tabletop_games.crimopolis.cards import newsflashes

    words = GAME.glossary()
    for term in ("destiny", "influence", "prestige", "Safe House", "HQ", "ambush",
                 "take-over", "Big Business", "large block", "3-street tile", "clock tile"):
        assert words[term]
    assert "3-street tile" in words["HOUSE"] and "'Rent collection'" in words["HOUSE"]
    for d in (*newsflashes().values(), *fortunes().values()):
        assert d.text in words[d.title]
    assert "2 worth 1 prestige at the end if kept" in words["Night owl"]


# rules: cp-news-odds
def test_a_job_shows_its_prestige_and_the_newsflash_odds_in_percent():
    """EXECUTE A JOB: the job's prestige, then the chance the newsflash adds or takes some,
    counted over the newsflashes nobody has seen; a known top card gives a sure answer, and an
    armed shield says the newsflash is ignored."""
    from tabletop_games.crimopolis.actions import DoJob
    from tabletop_games.crimopolis.cards import jobs, newsflashes

    job = min((j for j, d in jobs().items() if d.location in ("BANK", "CASINO", "HOTEL")),
              key=lambda j: jobs()[j].gangsters)
    d = jobs()[job]
    place = tile_of(d.location, d.colour)
    s = build([("HQ0", 0, 0, 0), (place, 0, -1, 0)], [("s0,-1N", 0, 3)])
    s.hands[0] = [job]
    pile = s.decks[1].draw_pile
    unseen = pile[s.pub_bottom[1]:]
    ups = [newsflashes()[c].amount for c in unseen if newsflashes()[c].effect == "prestige"
           and newsflashes()[c].amount > 0]
    assert sorted(set(ups)) == [1, 2]
    act = next(a for a in s.legal_actions() if type(a) is DoJob)
    text = s.describe(act)
    assert f"{jobs()[job].prestige} prestige, then the newsflash: " in text
    assert f"{round(100 * len(ups) / len(unseen))}% 1 or 2 more" in text and "% 1 or 2 less" in text
    good = next(c for c in pile if newsflashes()[c].effect == "prestige"
                and newsflashes()[c].amount == 2)
    s.decks[1].draw_pile = [good]
    s.pub_bottom[1] = 1  # every card left was seen: the top one is known
    assert "then the newsflash: 100% 2 more" in s.describe(act)
    s.shield = True
    assert "its newsflash ignored" in s.describe(act)
