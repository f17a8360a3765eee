"""Options: validated attrs classes built from KEY=VALUE strings or mappings."""

from __future__ import annotations

import attrs
import pytest

from tabletop.errors import InvalidOptions
from tabletop.options import NoOptions, make_options, option_fields, parse_option_pairs


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
    ({"scoring": "odd"}, "bad options"),
    ({"rounds": True}, "must be int"),
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
