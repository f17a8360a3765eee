"""The event stream (server-sent events) a table page listens to: each viewer's stream
carries its own payload after every move, the feed from where it left off, and nothing of
another seat's secrets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import Client, auth, decision, make_table


def events(lines: Iterator[str]) -> Iterator[dict[str, Any] | None]:
    """The payloads of an event stream (``None`` for a keep-alive comment)."""
    data: list[str] = []
    for line in lines:
        if line.startswith("data: "):
            data.append(line[6:])
        elif line.startswith(":"):
            yield None
        elif line == "" and data:
            yield json.loads("\n".join(data))
            data = []


def test_each_stream_carries_its_viewers_payload_after_every_move(client: Client,
                                                                   menu_game: None) -> None:
    made = make_table(client, "menu_game", ["human", "human"])
    table = client.hub.tables[made.id]
    with client.stream("GET", made.url("stream"), headers=auth(made.seats[2])) as two, \
            client.stream("GET", made.url("stream"), headers=auth(made.spectator)) as spy:
        assert two.headers["content-type"].startswith("text/event-stream")
        seen_two, seen_spy = events(two.iter_lines()), events(spy.iter_lines())
        first = next(seen_two)
        assert first is not None and first["move"] == 0 and first["you"]["seat"] == 2
        assert next(seen_spy)["you"]["role"] == "spectator"  # type: ignore[index]
        legal = table.match.state.legal_actions()
        recruit = next(i for i, a in enumerate(legal) if type(a).__name__ == "Recruit")
        client.post(made.url("act"), headers=auth(made.seats[1]),
                    json={"move": 0, "decision": table.decision(), "action": recruit})
        after, watched = next(seen_two), next(seen_spy)
        assert after is not None and watched is not None
        assert after["move"] == watched["move"] == 1 and after["to_act"] == 2
        assert after == {**client.get(made.url("view"), headers=auth(made.seats[2]),
                                      params={"since": 1}).json()}
        assert [e["step"] for e in after["feed"]] == [1]  # only what the page lacks
        secret = next(e.text for e in table.entries[1].events if e.to == 0)
        for payload in (after, watched):
            assert secret not in json.dumps(payload, ensure_ascii=False)


def test_a_stream_resumes_where_the_page_left_off(client: Client) -> None:
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    for move in range(3):
        client.post(made.url("act"), headers=auth(made.seats[move % 2 + 1]),
                    json={"move": move, "decision": decision(client, made), "action": 0})
    with client.stream("GET", made.url("stream"), headers=auth(made.seats[1]),
                       params={"since": 2}) as stream:
        payload = next(events(stream.iter_lines()))
    assert payload is not None and [e["step"] for e in payload["feed"]] == [2, 3]


def test_an_idle_stream_sends_keep_alives(client: Client, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    monkeypatch.setattr("tabletop.web.app.KEEPALIVE", 0.05)
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    with client.stream("GET", made.url("stream"), headers=auth(made.spectator)) as stream:
        seen = events(stream.iter_lines())
        assert next(seen) is not None and next(seen) is None
