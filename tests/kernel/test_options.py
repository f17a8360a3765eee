"""Options: validated attrs classes built from KEY=VALUE strings or mappings."""

from __future__ import annotations

import attrs
import pytest

from tabletop.errors import InvalidOptions
from tabletop.options import (
    NoOptions,
    make_options,
    option,
    option_fields,
    option_infos,
    parse_option_pairs,
)


@attrs.frozen
class Variant:
    rounds: int = attrs.field(default=12, validator=[attrs.validators.ge(8),
                                                     attrs.validators.le(12)])
    short_game: bool = False
    scoring: str = attrs.field(default="normal",
                               validator=attrs.validators.in_(["normal", "big"]))


def test_defaults_and_string_conversion() -> None:
    assert make_options(Variant) == Variant()
    opts = make_options(Variant, {"rounds": "8", "short_game": "yes", "scoring": "big"})
    assert opts == Variant(8, True, "big")
    assert option_fields(Variant)["rounds"] == (int, 12)


@pytest.mark.parametrize("values, message", [
    ({"colour": "red"}, "unknown option 'colour'"),
    ({"rounds": "many"}, "whole number"),
    ({"rounds": "20"}, "bad options"),
    ({"short_game": "perhaps"}, "true or false"),
    ({"scoring": "odd"}, "option 'scoring' must be one of normal, big, got 'odd'"),
    ({"rounds": "4_0"}, "whole number"),
    ({"rounds": "１２"}, "whole number"),
    ({"rounds": True}, "must be a whole number, got True"),
])
def test_bad_options_raise_invalid_options(values: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        make_options(Variant, values)


def test_games_without_variants_refuse_every_option() -> None:
    assert make_options(NoOptions) == NoOptions()
    with pytest.raises(InvalidOptions, match="options: none"):
        make_options(NoOptions, {"x": "1"})


def test_parse_option_pairs() -> None:
    assert parse_option_pairs(["b = x=y"]) == {"b": " x=y"}  # the first '=' splits
    assert parse_option_pairs(["a=1"]) == {"a": "1"}
    with pytest.raises(InvalidOptions, match="KEY=VALUE"):
        parse_option_pairs(["novalue"])


@attrs.frozen
class Documented:
    variant: str = option("standard", "Which game of the rulebook to play.",
                          choices=("standard", "short"))
    rounds: int = option(12, "Rounds before the game ends.", min=8, max=12)
    fast: bool = option(False, "Skip the auction.")


def test_documented_options_say_what_they_mean_and_which_values_they_take() -> None:
    infos = option_infos(Documented)
    assert infos["variant"].lines() == [
        "  variant: Which game of the rulebook to play.",
        "      values: one of standard, short; default: standard"]
    assert infos["rounds"].allowed() == "a whole number from 8 to 12"
    assert infos["fast"].lines()[1] == "      values: true or false; default: false"
    # the undocumented class still lists its choices from its validator
    assert option_infos(Variant)["scoring"].allowed() == "one of normal, big"


def test_a_bad_value_is_one_short_line_naming_the_values() -> None:
    with pytest.raises(InvalidOptions) as caught:
        make_options(Documented, {"variant": "nosuch" * 100})
    message = str(caught.value)
    assert message.startswith("option 'variant' must be one of standard, short, got 'nosuch")
    assert len(message) < 120 and "Attribute" not in message
    with pytest.raises(InvalidOptions, match="must be a whole number from 8 to 12, got 20"):
        make_options(Documented, {"rounds": "20"})
