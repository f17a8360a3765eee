"""The kernel's flow (tabletop.flow): steps, questions and the loop that says what comes next,
on a small game of coins written here.

The game, "Coins": each turn the seat to act is dealt a coin (an automatic step), then may
peek at the pot any number of times and ends its turn by banking or passing. Banking takes
the pot and asks the next seat to pay a toll of 2 coins, paid coin by coin (a question
answered in several actions) or refused at once. The first seat to hold 6 coins wins, in the
middle of whatever rule gave it the sixth. The first time anyone holds 5 coins, the others
are asked in turn whether to cheer (a question asked "when play settles", the interrupt).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from tabletop.engine import Game, Result, State
from tabletop.errors import IllegalAction
from tabletop.flow import Flow, Flowing, Question, Step
from tabletop.rng import Rng
from tabletop.testing.conformance import check_game

WIN = 6
#: the coins that make the others cheer, once a game
CHEER = 5


@attrs.frozen
class Peek:
    """Look at the pot (does not end the turn)."""


@attrs.frozen
class Bank:
    """Take the pot and end the turn."""


@attrs.frozen
class Pass:
    """End the turn."""


@attrs.frozen
class PayCoin:
    """Pay one coin of a toll."""


@attrs.frozen
class Refuse:
    """Refuse the toll (lose the turn's coin instead)."""


@attrs.frozen
class Cheer:
    yes: bool


@attrs.frozen
class Ask:
    kind: str
    seat: int
    due: int = 0


@attrs.define
class Coins:
    players: int
    coins: list[int]
    pot: int = 3
    turn: int = 0
    step: str = "deal"
    asks: list[Ask] = attrs.Factory(list)
    log: list[str] = attrs.Factory(list)
    decisions: int = 0
    cheered: bool = False
    winner: int = -1
    pending: str = ""


def give(state: Coins, seat: int, coins: int) -> None:
    state.coins[seat] += coins
    state.log.append(f"{seat} +{coins}")
    if state.coins[seat] >= WIN and state.winner < 0:
        state.winner = seat
        state.log.append(f"{seat} wins")


def deal(state: Coins) -> str:
    give(state, state.turn, 1)
    return "turn"


def turn_actions(state: Coins) -> list[Any]:
    return [Peek(), Bank(), Pass()]


def play_turn(state: Coins, action: Any) -> str | None:
    if isinstance(action, Peek):
        state.log.append(f"{state.turn} peeks at {state.pot}")
        return None  # the turn goes on
    if isinstance(action, Bank):
        pot, state.pot = state.pot, 0
        give(state, state.turn, pot)
        state.asks.append(Ask("toll", (state.turn + 1) % state.players, due=2))
    else:
        state.log.append(f"{state.turn} passes")
    return "end"


def turn_refused(state: Coins, action: Any) -> str | None:
    if isinstance(action, PayCoin):
        return "nobody asked you to pay"
    return None


def end_turn(state: Coins) -> str:
    state.pot += 1
    state.turn = (state.turn + 1) % state.players
    return "deal"


def toll_answers(state: Coins, ask: Ask) -> list[Any]:
    return [PayCoin(), Refuse()] if state.coins[ask.seat] else [Refuse()]


def toll_final(state: Coins, ask: Ask, action: Any) -> bool:
    return isinstance(action, Refuse) or ask.due == 1


def answer_toll(state: Coins, ask: Ask, action: Any) -> None:
    if isinstance(action, Refuse):
        state.log.append(f"{ask.seat} refuses the toll")
        return
    state.coins[ask.seat] -= 1
    state.pot += 1
    state.log.append(f"{ask.seat} pays a coin")
    if ask.due > 1:  # the question stays, one coin less due
        state.asks[-1] = attrs.evolve(ask, due=ask.due - 1)


def cheer_on(state: Coins) -> None:
    if not state.cheered and max(state.coins) >= CHEER:
        state.cheered = True
        leader = state.coins.index(max(state.coins))
        for seat in reversed([s for s in range(state.players) if s != leader]):
            state.asks.append(Ask("cheer", seat))


def answer_cheer(state: Coins, ask: Ask, action: Cheer) -> None:
    state.log.append(f"{ask.seat} {'cheers' if action.yes else 'is silent'}")


def count(state: Coins, action: Any) -> None:
    state.decisions += 1


FLOW: Flow[Coins] = Flow(
    [Step("deal", enter=deal),
     Step("turn", actor="turn", actions=turn_actions, play=play_turn, refuse=turn_refused),
     Step("end", enter=end_turn)],
    [Question("toll", toll_answers, answer_toll, final=toll_final,
              refuse=lambda s, ask, a: "pay the toll or refuse it"),
     Question("cheer", lambda s, ask: [Cheer(True), Cheer(False)], answer_cheer)],
    step_field="step", stack=lambda s: s.asks, is_over=lambda s: s.winner >= 0,
    pending_field="pending", before=count, interrupt=cheer_on)


def new_game(players: int = 2, coins: list[int] | None = None) -> Coins:
    state = Coins(players, coins or [0] * players)
    FLOW.begin(state)
    return state


def play(state: Coins, *actions: Any) -> None:
    for action in actions:
        assert action in FLOW.legal_actions(state), (action, FLOW.legal_actions(state))
        FLOW.apply(state, action)


# -- steps ------------------------------------------------------------------------------------
def test_begin_runs_the_automatic_steps_until_someone_must_act() -> None:
    state = new_game()
    assert state.step == "turn" and state.log == ["0 +1"]
    assert FLOW.to_act(state) == 0
    assert FLOW.legal_actions(state) == [Peek(), Bank(), Pass()]


def test_a_step_of_many_actions_ends_on_the_action_that_ends_it() -> None:
    state = new_game()
    play(state, Peek(), Peek())
    assert state.step == "turn" and FLOW.to_act(state) == 0
    play(state, Pass())
    # end (the pot grows, the turn passes), deal to seat 1: its turn
    assert state.step == "turn" and state.turn == 1 and state.pot == 4
    assert state.log[-2:] == ["0 passes", "1 +1"]


def test_the_hooks_run_before_every_decision() -> None:
    state = new_game(coins=[0, 2])
    play(state, Peek(), Bank(), PayCoin(), PayCoin())
    assert state.decisions == 4


# -- questions ---------------------------------------------------------------------------------
def test_a_rule_asks_and_the_step_below_stays_current_until_the_answer() -> None:
    state = new_game(coins=[0, 2])
    play(state, Bank())  # seat 0 takes 3: the toll is asked of seat 1, out of turn
    assert state.asks == [Ask("toll", 1, due=2)] and state.step == "turn"
    assert FLOW.to_act(state) == 1
    assert FLOW.legal_actions(state) == [PayCoin(), Refuse()]
    play(state, Refuse())
    # the step below (turn) was ended by the Bank: after the answer, play moves on
    assert state.asks == [] and state.turn == 1 and FLOW.to_act(state) == 1
    assert state.step == "turn" and state.pending == "" and state.log[-1] == "1 +1"


def test_while_the_questions_are_answered_the_flow_remembers_where_play_goes() -> None:
    state = new_game(coins=[0, 2])
    play(state, Bank())
    assert state.pending == "end" and state.step == "turn"


def test_a_step_ended_by_an_action_that_asks_needs_a_field_to_remember_it() -> None:
    forgetful = Flow(FLOW.steps.values(), FLOW.questions.values(), step_field="step",
                     stack=lambda s: s.asks, is_over=lambda s: s.winner >= 0)
    state = Coins(2, [0, 2])
    forgetful.begin(state)
    with pytest.raises(ValueError, match="step 'turn' ended on an action that asked"):
        forgetful.apply(state, Bank())


def test_after_the_last_answer_the_step_below_decides_with_resume() -> None:
    # a variant of the turn: banking does not end it; after the toll, the turn ends only
    # if the pot is empty and goes on otherwise
    def bank_and_stay(state: Coins, action: Any) -> str | None:
        going = play_turn(state, action)
        return None if isinstance(action, Bank) else going

    turn = attrs.evolve(FLOW.steps["turn"], play=bank_and_stay,
                        resume=lambda s: "end" if s.pot == 0 else None)
    flow = Flow([FLOW.steps["deal"], turn, FLOW.steps["end"]], FLOW.questions.values(),
                step_field="step", stack=lambda s: s.asks, is_over=lambda s: s.winner >= 0)
    state = Coins(2, [0, 2])
    flow.begin(state)
    flow.apply(state, Bank())
    flow.apply(state, PayCoin())
    flow.apply(state, PayCoin())  # the toll filled the pot: the turn goes on
    assert state.step == "turn" and flow.to_act(state) == 0 and state.pot == 2


def test_a_question_answered_in_several_actions_stays_until_its_last() -> None:
    state = new_game(coins=[0, 2])
    play(state, Bank(), PayCoin())
    assert state.asks == [Ask("toll", 1, due=1)] and FLOW.to_act(state) == 1
    play(state, PayCoin())
    # both coins paid (the pot 0 + 2, then + 1 as the turn ends), and the Bank had ended
    # seat 0's turn: seat 1's begins with its coin
    assert state.asks == [] and state.pot == 3 and state.turn == 1 and state.coins[1] == 1


def test_the_interrupt_asks_when_play_settles_and_only_then() -> None:
    state = new_game(players=3, coins=[4, 0, 0])
    # the deal gave seat 0 its fifth coin: the others are asked in turn, before its turn
    assert [(a.kind, a.seat) for a in reversed(state.asks)] == [("cheer", 1), ("cheer", 2)]
    assert FLOW.to_act(state) == 1
    play(state, Cheer(True))
    assert FLOW.to_act(state) == 2
    play(state, Cheer(False))
    assert state.step == "turn" and FLOW.to_act(state) == 0
    assert state.log[-2:] == ["1 cheers", "2 is silent"]
    play(state, Pass())
    assert not state.asks  # asked once only


def test_the_game_ends_in_the_middle_of_a_rule_and_the_flow_stops_there() -> None:
    state = new_game(coins=[4, 0])
    play(state, Cheer(True))  # the deal made 5: seat 1 is asked
    play(state, Bank())  # 5 + 3 = 8: seat 0 wins inside the Bank
    assert state.winner == 0 and FLOW.to_act(state) is None
    assert state.step == "turn"  # where it ended; no end step, no deal ran after the win
    assert state.log[-1] == "0 wins"


def test_refusals_come_from_the_step_or_the_question_asked() -> None:
    state = new_game()
    assert FLOW.why_illegal(state, PayCoin()) == "nobody asked you to pay"
    assert FLOW.why_illegal(state, Cheer(True)) is None  # no reason given
    play(state, Bank())
    assert FLOW.why_illegal(state, Peek()) == "pay the toll or refuse it"


# -- declaring ---------------------------------------------------------------------------------
def test_mistakes_in_a_declaration_are_refused_at_once() -> None:
    turn = Step[Coins]("turn", actor="turn", actions=turn_actions, play=play_turn)
    with pytest.raises(ValueError, match="two steps are named 'turn'"):
        Flow([turn, turn], step_field="step", is_over=lambda s: False)
    with pytest.raises(ValueError, match="needs the state's field"):
        Flow([turn, Step("deal", enter=deal)], is_over=lambda s: False)
    with pytest.raises(ValueError, match="needs the state's stack of asks"):
        Flow([turn], [Question("toll", toll_answers, answer_toll)], is_over=lambda s: False)
    with pytest.raises(ValueError, match="needs its actions"):
        Step[Coins]("turn", actor="turn")
    with pytest.raises(ValueError, match="say where the game ends"):
        Flow([turn])
    with pytest.raises(ValueError, match="say where the game ends"):
        Flow([turn], over="turn", is_over=lambda s: False, step_field="step")
    with pytest.raises(ValueError, match="cannot end in step 'done'"):
        Flow([turn], over="done", step_field="step")


def test_mistakes_met_while_playing_name_the_step() -> None:
    nowhere = Flow([Step("deal", enter=lambda s: "nowhere"),
                    Step[Coins]("turn", actor="turn", actions=turn_actions, play=play_turn)],
                   step_field="step", is_over=lambda s: False)
    with pytest.raises(ValueError, match="'deal' went on to 'nowhere', which is not a step"):
        nowhere.begin(Coins(2, [0, 0]))
    stuck = Flow([Step("deal", enter=lambda s: None),
                  Step[Coins]("turn", actor="turn", actions=turn_actions, play=play_turn)],
                 step_field="step", is_over=lambda s: False)
    with pytest.raises(ValueError, match="'deal' is automatic, but its enter says no step"):
        stuck.begin(Coins(2, [0, 0]))
    state = new_game()
    state.step = "lost"
    with pytest.raises(ValueError, match="'lost', which is not a step"):
        FLOW.to_act(state)


def test_a_game_that_ends_in_a_step_stops_there() -> None:
    # the Coins game with an end step: the win moves the game there, in the middle of a rule
    def give_and_end(state: Coins) -> str:
        deal(state)
        if state.winner >= 0:
            state.step = "won"
        return "turn"

    flow = Flow([Step("deal", enter=give_and_end), FLOW.steps["turn"], FLOW.steps["end"],
                 Step("won")], step_field="step", over="won")
    state = Coins(2, [5, 0])
    flow.begin(state)
    assert state.step == "won" and flow.to_act(state) is None and flow.is_over(state)
    assert flow.why_illegal(state, Pass()) == "the game is over"


def test_an_ask_of_an_undeclared_kind_is_named() -> None:
    state = new_game()
    state.asks.append(Ask("bribe", 1))
    with pytest.raises(ValueError, match="'bribe'"):
        FLOW.to_act(state)


# -- a State on the flow -------------------------------------------------------------------
@attrs.frozen
class Mark:
    cell: int


def _open(state: LineState) -> list[Mark]:
    return [Mark(c) for c in range(3) if state.cells[c] < 0]


def _mark(state: LineState, action: Mark) -> None:
    state.cells[action.cell] = state.turn
    state.turn = 1 - state.turn


def _taken(state: LineState, action: Any) -> str | None:
    if isinstance(action, Mark) and 0 <= action.cell < 3 and state.cells[action.cell] >= 0:
        return f"cell {action.cell + 1} is taken"
    return None


@attrs.define(slots=True)
class LineState(Flowing, State):
    """Three cells in a row, marked in turn: a game of one step, with no question."""

    FLOW = Flow([Step("mark", actor="turn", actions=_open, play=_mark, refuse=_taken)],
                is_over=lambda s: min(s.cells) >= 0)
    players: int
    rng: Rng
    options: None = None
    cells: list[int] = attrs.Factory(lambda: [-1, -1, -1])
    turn: int = 0

    @property
    def is_over(self) -> bool:
        return min(self.cells) >= 0

    def result(self) -> Result:
        return Result.by_scores([float(self.cells.count(s)) for s in (0, 1)], "all marked")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"cells": list(self.cells)}

    def describe(self, action: Mark) -> str:
        return f"mark cell {action.cell + 1}"

    def render(self, seat: int | None) -> str:
        return " ".join(".XO"[c + 1] for c in self.cells)

    def clone(self) -> LineState:
        return LineState(self.players, self.rng.clone(), None, self.cells[:], self.turn)


def test_a_state_on_the_flow_plays_and_refuses_through_it() -> None:
    state = LineState(2, Rng(1))
    assert state.to_act == 0 and list(state.legal_actions()) == [Mark(0), Mark(1), Mark(2)]
    state.apply(Mark(1))
    assert state.to_act == 1 and list(state.legal_actions()) == [Mark(0), Mark(2)]
    with pytest.raises(IllegalAction, match="cell 2 is taken"):
        state.apply(Mark(1))
    with pytest.raises(IllegalAction, match="not one of the legal actions"):
        state.apply(Mark(7))
    state.apply(Mark(0))
    state.apply(Mark(2))
    assert state.is_over and state.to_act is None and state.cells == [1, 0, 0]


class LineGame(Game):
    """The line game, for the conformance suite."""

    name = "line"
    title = "Line"
    min_players = 2
    max_players = 2
    state_class = LineState
    action_types = (Mark,)
    has_hidden_information = False

    def step_cap(self, players: int, options: Any = None) -> int:
        return 3

    def _new_state(self, players: int, seed: int, options: Any) -> LineState:
        return LineState(players, Rng(seed))


def test_conformance_requires_the_listing_and_the_refusal_to_agree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    [fine] = check_game(LineGame(), checks=["2"], games=4)
    assert fine.passed, fine.detail
    # a refusal that disagrees with the listing: it refuses every cell, open or not
    step = attrs.evolve(LineState.FLOW.steps["mark"], refuse=lambda s, a: "no, never")
    monkeypatch.setattr(LineState, "FLOW", Flow([step], is_over=LineState.FLOW.is_over))
    [broken] = check_game(LineGame(), checks=["2"], games=4)
    assert not broken.passed
    assert "is refused by the flow: no, never" in broken.detail


class PassingLineState(LineState):
    """A plain subclass that adds a move of its own (as tests and bots' views do)."""

    def _legal_actions(self) -> list[Any]:
        return [*LineState.FLOW.legal_actions(self), "pass"]

    def _apply(self, action: Any) -> None:
        if action == "pass":
            self.turn = 1 - self.turn
        else:
            LineState.FLOW.apply(self, action)


def test_a_subclass_of_a_state_on_the_flow_keeps_its_own_methods() -> None:
    state = PassingLineState(2, Rng(1))
    assert list(state.legal_actions())[-1] == "pass"
    state.apply("pass")
    assert state.to_act == 1 and state.cells == [-1, -1, -1]
