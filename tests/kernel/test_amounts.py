"""Amount decisions (tabletop.amounts): values in words, what a player types, menus (issue 26 §2)."""

from __future__ import annotations

import pytest

from tabletop.amounts import Amount, AmountQuestion, amount_questions, parse_amount, values_text
from tabletop.cli.menus import Menu, build_menus
from tabletop.record import Record, replay
from tests.fixtures.pot_luck import GAME, Bid


@pytest.mark.parametrize(("values", "unit", "prefix", "words"), [
    (range(26), "G", "", "0 to 25 G"),
    (range(1000, 21000, 1000), "", "$", "$1,000 to $20,000 in steps of $1,000"),
    ([0, 1, 2, 3, 10], "", "", "0 to 3 or 10"),
    ([2, 5], "crates", "", "2 or 5 crates"),
    ([7], "", "", "7"),
    (range(100), "G", "$", "$0 to $99G"),
    ([1, 2], "gangsters", "", "1 or 2 gangsters"),
    ([0, 1, 5, 6, 7], "", "", "0, 1 or 5 to 7"),
])
def test_values_read_as_words(values: range | list[int], unit: str, prefix: str,
                              words: str) -> None:
    assert values_text(list(values), unit, prefix) == words


def bid_question(top: int = 25) -> AmountQuestion:
    return AmountQuestion("Your bid", "G", "", {v: v + 1 for v in range(top + 1)})


@pytest.mark.parametrize(("typed", "index"), [("12", 13), ("12 G", 13), (" 0 ", 1),
                                              ("25g", 26), ("1,2", 13)])
def test_a_typed_amount_is_the_action_of_that_amount(typed: str, index: int) -> None:
    assert parse_amount(typed, bid_question()) == index


@pytest.mark.parametrize("typed", ["26", "-1", "x", "", "1.5", "²", "9" * 40])
def test_an_amount_out_of_range_or_not_a_number_is_refused_with_the_range(typed: str) -> None:
    reason = parse_amount(typed, bid_question())
    assert isinstance(reason, str) and "0 to 25 G" in reason


def test_dollars_take_their_prefix_and_separators() -> None:
    question = AmountQuestion("Money out", "", "$", {v: v // 1000 for v in range(0, 9000, 1000)})
    assert parse_amount("$8,000", question) == 8
    assert parse_amount("8000", question) == 8
    assert parse_amount("8k", question) == 8 and parse_amount("$8K", question) == 8
    reason = parse_amount("$8,500", question)
    assert isinstance(reason, str) and "$8,500 is not an amount" in reason
    reason = parse_amount("8", question)
    assert isinstance(reason, str) and "for $8,000 type 8000 or 8k" in reason


def test_amount_questions_need_two_values_and_keep_the_rest_in_order() -> None:
    legal = ["pass", Bid(3), Bid(4), "fold", Bid(5)]

    def amount_of(action: object) -> Amount | None:
        return Amount("Your bid", action.coins, "G") if isinstance(action, Bid) else None

    questions, others = amount_questions(legal, amount_of)
    assert [q.choices for q in questions] == [{3: 1, 4: 2, 5: 4}]
    assert others == [0, 3]
    questions, others = amount_questions(["pass", Bid(3)], amount_of)
    assert questions == [] and others == [0, 1]  # one value is no question to type


def test_a_menu_shows_an_amount_decision_as_one_line() -> None:
    state = GAME.new_state(2, 1, {"mixed": False})
    legal = state.legal_actions()
    assert len(legal) == 11
    top, everything = build_menus(state, legal, [state.describe(a) for a in legal])
    assert everything is None
    assert len(top.lines) == 1
    text, target = top.lines[0]
    assert text == "Your bid (0 to 10 coins)"
    assert isinstance(target, AmountQuestion) and not isinstance(target, Menu)
    assert legal[target.choices[7]] == Bid(7)


def test_an_amount_played_goes_through_the_record_and_the_action_space() -> None:
    state = GAME.new_state(2, 5, {"mixed": False})
    question = build_menus(state, state.legal_actions(), ["" for _ in state.legal_actions()]
                           )[0].lines[0][1]
    assert isinstance(question, AmountQuestion)
    action = state.legal_actions()[question.choices[6]]
    assert state.action_from_index(state.action_index(action)) == action
    record = Record.start(GAME, 2, 5, state.options, ["human", "random"])
    assert record.options == {"mixed": False, "peek": False}
    state.apply(action)
    record.add(action)
    again = replay(Record.from_json(record.to_json()), GAME)
    assert again.observation(0) == state.observation(0)
