"""The order of play of Crimopolis, declared as data on the kernel's flow
(:mod:`tabletop.flow`): :data:`FLOW`.

Setup (step ``setup``): each gang in seat order places its HEADQUARTERS (the start
player's is placed for it) and then two revealed tiles next to it; a placement that cannot
be done is skipped with those after it. A turn (step ``play``): the destinies lying in front
of the player are executed first, then the player spends the clock's hours on actions until
"end turn"; ``turn_end`` passes the unused hours on and starts the next turn, or ends the
game. Four questions interrupt a turn and are answered before it goes on: ``explore`` (the
tile for a street missing one), ``keep`` (one of two jobs drawn after aborting), ``target``
(the gang a destiny newsflash lies in front of) and ``defend`` (a destiny played on a gang:
accept it or cancel it with a defence fortune).

Each decision has its listing (what may be played, in the order the menus keep) and its
refusal (why something else may not, in words) side by side here; what an action does is
in the rule modules :mod:`.setup`, :mod:`.moves`, :mod:`.effects` and :mod:`.turns`.
Every decision counts toward ``steps``, and in play toward the turn's ``turn_steps``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.flow import Flow, Question, Step

from . import effects, moves, setup, turns
from .actions import (
    ACCEPT,
    END_TURN,
    INVEST,
    RECRUIT_HQ,
    RECRUIT_SAFE,
    REDRAW,
    AbortJob,
    ChooseTarget,
    Defend,
    DoJob,
    EndTurn,
    ExecuteDestiny,
    Invest,
    KeepJob,
    Move,
    Occupy,
    PlaceTile,
    PlayFortune,
    Recruit,
    RedrawJobs,
    TakeOver,
)
from .cards import fortunes, jobs
from .rules import (
    DEFEND,
    EXPLORE,
    FORTUNES,
    HOURS_PER_TURN,
    JOBS,
    KEEP,
    OVER,
    PLAY,
    REDRAW_CAP,
    SETUP,
    TARGET,
    TURN_END,
    TURN_STEP_CAP,
    Prompt,
)
from .words import distinct, who

if TYPE_CHECKING:
    from .state import CrimopolisState

#: a question's listing of its answers, and its refusal of anything else
Listing = Callable[["CrimopolisState", Prompt], list[Any]]
Refusal = Callable[["CrimopolisState", Prompt, Any], "str | None"]
#: the actions that take time, none of them left once a turn has run long
TIMED = (Move, Occupy, TakeOver, Recruit, Invest, AbortJob, DoJob)
#: what a question asks, for the refusal of anything else while it is asked
QUESTION_WORDS = {
    EXPLORE: "which tile to place on the street missing one",
    KEEP: "which of the two drawn jobs to keep",
    TARGET: "which gang gets the destiny newsflash",
    DEFEND: "whether to defend against the destiny",
}


# -- listings ---------------------------------------------------------------------------------
# cp-destinies-first cp-end-turn cp-turn-cap cp-time-warning cp-redraw-cap
def turn_actions(state: CrimopolisState) -> list[Any]:
    """Step ``play``: the destinies due (two identical ones are one choice), else "end turn"
    first, then (unless the turn has run long) the fortunes, redrawing, recruiting, investing,
    aborting, the moves and the entries (occupations, take-overs, jobs)."""
    me = state.active
    if state.due:  # DESTINY CARDS: executed before anything else
        return [ExecuteDestiny(c) for c in distinct(list(dict.fromkeys(state.due)))]
    acts: list[Any] = [END_TURN]
    if state.turn_steps >= TURN_STEP_CAP:
        return acts
    acts.extend(effects.fortune_plays(state))
    hand = state.hands[me]
    if (
        len(hand) == 2 and state.redraws < REDRAW_CAP
        and len(state.decks[JOBS].draw_pile) >= 2 and _same_target(hand[0], hand[1])
    ):
        acts.append(REDRAW)
    hours = state.hours
    city = state.city
    board = city.board
    if hours >= 2 and state.supply[me]:
        if board.room(city.hq[me]):
            acts.append(RECRUIT_HQ)
        if city.safe[me] and board.room(city.safe[me]):
            acts.append(RECRUIT_SAFE)
    if hours >= 2 and state.decks[FORTUNES].draw_pile:
        acts.append(INVEST)
    if hours >= 3 and state.decks[JOBS].draw_pile:
        acts.extend(map(_abort, hand))
    held = board.held_by(me)
    moves.move_actions(state, me, hours, held, acts)
    moves.entry_actions(state, me, hours, held, acts)
    return acts


@functools.lru_cache(maxsize=1 << 12)
def _abort(job: str) -> AbortJob:
    """The AbortJob action for a job card, made once."""
    return AbortJob(job)


# cp-identical-jobs cp-same-target
@functools.lru_cache(maxsize=1 << 12)
def _same_target(a: str, b: str) -> bool:
    """Whether two job cards need the same location and colour (REDRAW JOBS), made once."""
    job_a, job_b = jobs()[a], jobs()[b]
    return job_a.location == job_b.location and job_a.colour == job_b.colour


def explore_answers(state: CrimopolisState, ask: Prompt) -> list[Any]:
    """Question ``explore``: the tiles that may go on the explored cell
    (:func:`.moves.explore_answers`)."""
    return moves.explore_answers(state, ask.seat, ask.cell)


def keep_answers(state: CrimopolisState, ask: Prompt) -> list[Any]:
    """Question ``keep``: each of the two jobs drawn (two identical ones are one choice)."""
    return [KeepJob(j) for j in dict.fromkeys(ask.options)]


# cp-destiny-target
def target_answers(state: CrimopolisState, ask: Prompt) -> list[Any]:
    """Question ``target``: every gang, the job's own included."""
    return [ChooseTarget(s) for s in range(state.players)]


def defend_answers(state: CrimopolisState, ask: Prompt) -> list[Any]:
    """Question ``defend``: accept the destiny, or cancel it with a defence fortune (each
    distinct one). Asked even with no defence in hand, so that the question tells nothing."""
    return [ACCEPT, *(
        Defend(c) for c in distinct(list(dict.fromkeys(state.fortune_hands[ask.seat])))
        if fortunes()[c].effect == "defence"
    )]


# -- refusals: None for what the listing above offers, else why not -------------------------
def refuse_setup(state: CrimopolisState, action: Any) -> str | None:
    """Why ``action`` may not be played in step ``setup``."""
    if action in setup.setup_actions(state):
        return None
    return "during setup only HEADQUARTERS and tile placements next to your own HQ"


def refuse_in_turn(state: CrimopolisState, action: Any) -> str | None:
    """Why ``action`` may not be played in step ``play`` (``None``: the listing offers it,
    or no reason more precise than the flow's own words)."""
    if action in turn_actions(state):
        return None
    if state.due:
        return "you must execute your destinies first"
    if isinstance(action, TIMED) and state.turn_steps >= TURN_STEP_CAP:
        return "this turn has run long: only ending the turn is left"
    if isinstance(action, Move):
        reason = _refuse_move(state, action)
        if reason:
            return reason
    if isinstance(action, Recruit) and state.hours < 2:
        return "recruiting takes 2 hours"
    if isinstance(action, Recruit) and not state.supply[state.active]:
        return "your gangster supply is empty"
    if isinstance(action, (Occupy, TakeOver)) and state.hours < 3:
        return "occupying or taking over takes 3 hours"
    if isinstance(action, DoJob):
        if action.job not in state.hands[state.active]:
            return "that job is not in your hand"
        if action.block in state.touched:
            return "you had gangsters in that block this turn"
        return "the job's location, crew or hours do not fit"
    return None


def _refuse_move(state: CrimopolisState, action: Move) -> str | None:
    """Why a move that the listing does not offer is wrong, where a reason is plain."""
    board = state.city.board
    if not board.has(action.dst) or not board.has(action.src):
        return "there is no such place in the city"
    if action.dst not in board.neighbours(action.src):
        return "gangsters move only to an adjacent place"
    if board.count(action.src, state.active) < action.n:
        return "you do not have that many gangsters there"
    if board.total(action.dst) + action.n > 3:
        return "at most 3 gangsters may stand there, not even for a moment"
    if state.hours < 1:
        return "no time left for that move"
    return None


def refuse_explore(state: CrimopolisState, ask: Prompt, action: Any) -> str | None:
    """Why ``action`` is no answer to the question ``explore``."""
    if action in explore_answers(state, ask):
        return None
    if type(action) is PlaceTile:
        if (action.x, action.y) != ask.cell:
            return f"the explored cell is {ask.cell[0]},{ask.cell[1]}"
        if action.tile not in state.revealed and not str(action.tile).startswith("SH"):
            return "only a revealed tile (or a SAFE HOUSE) can be placed"
        return "it does not fit: street must meet street, block edge block edge"
    return _first_decide(ask)


def refuse_answer(answers: Listing) -> Refusal:
    """The refusal of a question whose answers ``answers(state, ask)`` lists: anything else
    is refused until the question is decided."""
    def refuse(state: CrimopolisState, ask: Prompt, action: Any) -> str | None:
        return None if action in answers(state, ask) else _first_decide(ask)
    return refuse


def _first_decide(ask: Prompt) -> str:
    """The refusal of anything but an answer while ``ask`` is asked."""
    return f"{who(ask.seat)} must first decide {QUESTION_WORDS[ask.kind]}"


def refuse_over(state: CrimopolisState, action: Any) -> str:
    """Nothing may be played once the game is over."""
    return "the game is over"


# -- what an action does, and where play goes -------------------------------------------------
def _count(state: CrimopolisState) -> None:
    """One more decision (in play, one more of the turn's: cp-turn-cap)."""
    state.steps += 1
    if state.phase == PLAY:
        state.turn_steps += 1


def play_setup(state: CrimopolisState, action: Any) -> str:
    """Step ``setup``: a HEADQUARTERS or a tile placed; the next placement is asked."""
    state.steps += 1
    setup.place(state, action)
    return SETUP


def next_in_setup(state: CrimopolisState) -> str | None:
    """Step ``setup`` begins: wait for the next placement that can be done, or start the
    first turn once every gang is placed."""
    if setup.next_placement(state):
        return None
    turns.start_turn(state, 0, HOURS_PER_TURN)
    return PLAY


def play_turn(state: CrimopolisState, action: Any) -> str | None:
    """Step ``play``: a destiny executed or an action taken (the turn goes on), or "end
    turn"."""
    state.steps += 1
    state.turn_steps += 1
    me = state.active
    kind = type(action)
    if kind is Move:
        moves.move(state, me, action)
    elif kind is EndTurn:
        return TURN_END
    elif kind is Occupy:
        state.hours -= 3
        moves.occupy(state, me, action.block, action.takes)
    elif kind is TakeOver:
        state.hours -= 3
        moves.take_over(state, me, action.block, action.takes)
    elif kind is DoJob:
        moves.do_job(state, me, action)
    elif kind is Recruit:
        moves.recruit(state, me, action.to)
    elif kind is Invest:
        effects.invest(state, me)
    elif kind is AbortJob:
        moves.abort(state, me, action.job)
    elif kind is RedrawJobs:
        moves.redraw(state, me)
    elif kind is PlayFortune:
        effects.play_fortune(state, me, action)
    elif kind is ExecuteDestiny:
        effects.execute_due(state, me, action.card)
    else:  # pragma: no cover - turn_actions lists nothing else
        raise AssertionError(f"unexpected action {action!r}")
    return None


def end_of_turn(state: CrimopolisState) -> str:
    """Step ``turn_end``: the next gang's turn begins (unless the game ended: the flow stops
    in ``over``)."""
    turns.end_turn(state)
    return PLAY


def answer_explore(state: CrimopolisState, ask: Prompt, action: Any) -> None:
    """Question ``explore``: the tile placed, or the cell left empty."""
    _count(state)
    if type(action) is PlaceTile:
        moves.place_explored(state, ask.seat, action)
    else:
        moves.leave_empty(state, ask.seat, ask.cell)


def answer_keep(state: CrimopolisState, ask: Prompt, action: KeepJob) -> None:
    """Question ``keep``: one job kept, the other back on top of the deck."""
    _count(state)
    moves.keep(state, ask.seat, ask.options, action.job)


def answer_target(state: CrimopolisState, ask: Prompt, action: ChooseTarget) -> None:
    """Question ``target``: the destiny newsflash goes in front of the gang chosen (which
    may then be asked to defend)."""
    _count(state)
    effects.place_destiny(state, ask.card, action.seat, ask.seat)


def answer_defend(state: CrimopolisState, ask: Prompt, action: Any) -> None:
    """Question ``defend``: the destiny cancelled by a defence fortune, or accepted."""
    _count(state)
    if type(action) is Defend:
        effects.defend_destiny(state, ask.seat, ask.card, action.card)
    else:
        effects.accept_destiny(state, ask.seat, ask.card)


FLOW: Flow[CrimopolisState] = Flow(
    [Step(SETUP, actor="setup_seat", actions=setup.setup_actions, play=play_setup,
          refuse=refuse_setup, enter=next_in_setup),
     Step(PLAY, actor="active", actions=turn_actions, play=play_turn, refuse=refuse_in_turn),
     Step(TURN_END, enter=end_of_turn),
     # where turns.game_over leaves the game: the flow stops there
     Step(OVER, refuse=refuse_over)],
    [Question(EXPLORE, explore_answers, answer_explore, refuse=refuse_explore),
     Question(KEEP, keep_answers, answer_keep, refuse=refuse_answer(keep_answers)),
     Question(TARGET, target_answers, answer_target, refuse=refuse_answer(target_answers)),
     Question(DEFEND, defend_answers, answer_defend, refuse=refuse_answer(defend_answers))],
    step_field="phase", stack="prompts", over=OVER)
