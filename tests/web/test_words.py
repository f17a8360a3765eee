"""What the web table says of its seats and its game (issue 26): bots by their level ("Hard
bot"), never by an agent spec, on every page's data (lobby, table, feed, replay); the
player's guide and the rules as plain text."""

from __future__ import annotations

import re
from typing import Any

from tabletop import registry
from tabletop.rulebook import plain, player_text_problems
from tests.web.conftest import Client, auth, make_table
from tests.web.test_api import refused, view
from tests.web.test_trust import strings

#: what an agent spec is made of, and the random bot named by its kind; none of it may
#: reach a page ("random moves" may: that is what the Easy bot does)
SPEC_WORDS = ("ismcts", "heuristic", "guide=", "200ms", "[random]", "(random)")


def spec_words(data: Any) -> list[str]:
    """The strings of a payload that hold a piece of an agent spec."""
    return [s for s in strings(data) if any(word in s for word in SPEC_WORDS)]


def test_the_lobby_offers_bots_by_level_and_names_the_other_kinds(client: Client) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    chicago = games["chicago_diy"]
    assert [(lv["name"], lv["label"]) for lv in chicago["levels"]] == [
        ("easy", "Easy bot"), ("normal", "Normal bot"), ("hard", "Hard bot")]
    # random and heuristic are what easy and normal stand for: only the plain search is left
    assert chicago["bots"] == [{"kind": "ismcts", "label": "Search bot"}]
    shown = [lv["label"] for lv in chicago["levels"]] + [b["label"] for b in chicago["bots"]]
    assert spec_words(shown) == []


def test_a_table_names_its_bots_by_level_on_every_link(client: Client) -> None:
    made = make_table(client, "chicago_diy", ["hard", "normal", "ismcts:20", "human"], seed=4)
    client.settle()
    table = client.hub.tables[made.id]
    assert table.match.seats[0] == "ismcts:200ms:guide=heuristic"  # what plays
    for token in (made.seats[4], made.hotseat, made.spectator):
        seen = view(client, made, token).json()
        assert seen["seats"] == ["Hard bot", "Normal bot",
                                 "Search bot, 20 iterations or 2,000 ms a move", "human"]
        assert spec_words(seen) == [], spec_words(seen)
    feed = view(client, made, made.spectator).json()["feed"][1:]  # after the set-up
    movers = [re.match(r"\d+\. Player \d \[([^]]+)\]", entry["lines"][0]) for entry in feed]
    assert movers and all(movers), feed
    assert {m.group(1) for m in movers if m} == {"Hard bot", "Normal bot",
                                                 "Search bot, 20 iterations or 2,000 ms a move"}


def test_a_replay_names_its_bots_by_level(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["hard", "normal"], seed=2)
    client.settle()
    record = client.get(made.url("record"), headers=auth(made.spectator)).json()
    assert record["seats"] == ["ismcts:200ms:guide=heuristic", "heuristic"]  # the file keeps
    summary = client.post("/api/replays/open", json={"record": record}).json()
    assert summary["seats"] == ["Hard bot", "Normal bot"]
    assert spec_words(summary) == [], spec_words(summary)
    assert "1. Player 1 [Hard bot]: X marks" in summary["feed"][0]["lines"][0]


def test_the_guide_is_the_games_guide_then_its_rules_in_plain_text(client: Client) -> None:
    for name in ("crime_lords", "tic_tac_toe"):
        game = registry.get(name)
        answer = client.get(f"/api/games/{name}/guide").json()
        assert answer["guide"] == game.guide() and answer["title"] == game.title
        assert answer["rules"] == plain(game.rules_text(), width=80)
        assert "**" not in answer["rules"] and "[cl-" not in answer["rules"]
        assert max(len(line) for line in answer["rules"].splitlines()) <= 80
        assert player_text_problems(answer["guide"]) == []
    refused(client.get("/api/games/chess/guide"), 404, "no game named 'chess'")
