"""The web server: a Starlette application over a :class:`~tabletop.web.hub.Hub`.

Pages (static HTML and JavaScript; the token of a link travels in the URL's fragment, which
browsers never send, and then in an ``Authorization: Bearer`` header, so it stays out of
logs and Referer headers):

- ``/`` the lobby; ``/table/{id}#TOKEN`` a table (a seat, the hot seat, a spectator);
  ``/replay`` a replay (an uploaded record, or ``/replay?table=ID#TOKEN`` a finished game).

The JSON API, every error one line as ``{"error": "..."}`` with a 4xx status (5xx only for
a server fault, never with a traceback):

- ``GET /api/games``; ``GET /api/games/{name}/guide`` the player's guide, the rules as
  plain text and the glossary (term: its text, what a tap on a card shows); ``POST /api/tables`` creates a table and returns its links;
- ``GET /api/tables/{id}/view`` and ``/stream`` (server-sent events) a viewer's payload;
- ``POST /api/tables/{id}/act`` a move: ``{"move": N, "decision": KEY, "action": INDEX}``,
  or for an amount decision ``{"move": N, "decision": KEY, "question": "Your bid",
  "amount": 12}`` (an amount that is not one of the question's choices is refused, 400).
  ``KEY`` is the view's ``decision``, the fingerprint of the decision answered: a move
  without it is refused (400), one answering another decision too (409, nothing played);
- ``POST /api/tables/{id}/settings`` ``{"single": false}`` a seat's "play single choices
  for me" (on by default, or as ``"single"`` when the table is created); ``GET
  /api/tables/{id}/record`` a finished game;
- ``POST /api/tables/{id}/name`` ``{"name": "Ann"}`` a seat's name; ``/chat`` ``{"text":
  "..."}`` a chat message; ``/undo`` takes back the seat's last move (while the rules allow
  it); ``/rematch`` "Play again" at the end (the page's own new link arrives as the
  payload's ``rematch``);
- ``POST /api/qr`` ``{"text": "..."}`` the QR code of a link, as SVG (made by segno; the
  link travels in the body, never in a URL);
- ``POST /api/replays/open`` and ``/api/replays/frame`` a record's narration and pictures.

Every request passes :class:`~tabletop.web.guard.Guard` first: a ``Host`` the server was not
started for is refused (400), a request that changes something from another site's page too
(403), and no answer but a static file may be cached. ``POST /api/tables`` is refused when the
client's address made too many tables lately (429, saying how long to wait) or when the
server holds its most live tables (503); ``/rematch`` too, for the latter.

Every payload a table's link receives carries, besides the table's view: ``you`` (who the
link is), ``rematch`` (this link's own place at the next game, once there is one; never
another link's) and ``undo`` (for a seat: whether it may take back its last move, and why
not).
"""

from __future__ import annotations

import contextlib
import io
import json
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import segno
import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop import registry
from tabletop.agents import agent_kinds, bot_name, default_bot
from tabletop.agents.kinds import LEVELS, level_kind
from tabletop.engine import Game
from tabletop.errors import TabletopError, UnknownGame
from tabletop.options import option_infos
from tabletop.rulebook import plain
from tabletop.text import first_line
from tabletop.web.guard import CreationRate, Guard, error_response
from tabletop.web.hub import AmountAnswer, Hub
from tabletop.web.limits import Limits
from tabletop.web.refusals import Refused
from tabletop.web.store import Link
from tabletop.web.tables import Table

STATIC = Path(__file__).parent / "static"
#: the largest request body accepted (a record of several thousand moves fits)
MAX_BODY = 1024 * 1024
#: seconds between two keep-alive comments on an idle event stream
KEEPALIVE = 15.0
#: the longest text a QR code is made of (a link is far shorter)
MAX_QR = 1000

HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; "
                                "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                                "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class _SecurityHeaders:
    """Adds :data:`HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


# -- reading requests ------------------------------------------------------------------
async def read_json(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, at most :data:`MAX_BODY` bytes; Refused otherwise."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise Refused(413, f"the request body is over {MAX_BODY // 1024} KiB")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                raise Refused(413, f"the request body is over {MAX_BODY // 1024} KiB")
    except ClientDisconnect:
        raise Refused(400, "the request was cut off") from None
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise Refused(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request body must be a JSON object")
    return data


def whole(data: dict[str, Any], key: str, default: Any = ...) -> Any:
    """``data[key]`` as a whole number (``default`` if absent and given); Refused 400."""
    if key not in data or data[key] is None:
        if default is ...:
            raise Refused(400, f"the request has no {key!r}")
        return default
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(400, f"{key!r} must be a whole number")
    return value


def move_choice(data: dict[str, Any]) -> int | AmountAnswer:
    """What a move request plays: ``action`` (an index in the legal list) or ``amount`` with
    the ``question`` it answers; Refused 400 for both, neither or a malformed one."""
    if data.get("amount") is None:
        return int(whole(data, "action"))
    if data.get("action") is not None:
        raise Refused(400, "a move names an 'action' or an 'amount', not both")
    question = data.get("question")
    if not isinstance(question, str) or not question:
        raise Refused(400, "an 'amount' needs the 'question' it answers")
    return AmountAnswer(question, whole(data, "amount"))


def decision_of(data: dict[str, Any]) -> str:
    """The fingerprint of the decision a move answers (the view's ``decision``); Refused 400
    when it is missing."""
    decision = data.get("decision")
    if not isinstance(decision, str) or not decision:
        raise Refused(400, "a move must name the 'decision' it answers (the view's "
                           "'decision'): nothing was played")
    return decision


def query_number(request: Request, key: str) -> int | None:
    """A whole number from the query string (absent: ``None``); Refused 400."""
    raw = request.query_params.get(key)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        raise Refused(400, f"{key!r} must be a whole number")
    return int(raw)


def token_of(request: Request) -> str | None:
    """The link token of a request (``Authorization: Bearer TOKEN``)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def seat_param(request: Request, table: Table) -> int | None:
    """The seat a request asks for (``?seat=2``, numbered from 1), 0-based; ``None``."""
    number = query_number(request, "seat")
    if number is None:
        return None
    if not 1 <= number <= table.match.state.players:
        raise Refused(400, f"seats are numbered 1 to {table.match.state.players}")
    return number - 1


# -- the application -------------------------------------------------------------------
def create_app(data: str | Path, bot_delay: float = 0.8,
               limits: Limits | None = None) -> Starlette:
    """The server's application, its tables stored under the folder ``data``; bots wait
    ``bot_delay`` seconds before each move; ``limits``: what the server allows (the
    defaults of :class:`~tabletop.web.limits.Limits` when not given)."""
    limits = Limits() if limits is None else limits
    hub = Hub(data, bot_delay, limits)
    rate = CreationRate(limits.create_burst, limits.create_window)

    def room_for_a_table() -> None:
        """Refused 503 when the server holds its most live tables (not over) already."""
        live = sum(1 for t in hub.tables.values() if not t.match.state.is_over)
        if live >= limits.max_tables:
            raise Refused(503, f"this server has {live} games going on, its most: try again "
                               "when one is over")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            return HTMLResponse((STATIC / name).read_text(encoding="utf-8"))
        return endpoint

    async def games(request: Request) -> Response:
        return JSONResponse([_game_json(g) for g in registry.all_games()])

    async def guide(request: Request) -> Response:
        try:
            game = registry.get(request.path_params["name"])
        except UnknownGame as error:
            raise Refused(404, str(error)) from None
        return JSONResponse({"game": game.name, "title": game.title, "guide": game.guide(),
                             "rules": plain(game.rules_text(), width=80),
                             "glossary": dict(game.glossary())})

    async def create(request: Request) -> Response:
        room_for_a_table()
        with rate.slot(request.client.host if request.client else "unknown"):
            return await make_table(request)

    async def make_table(request: Request) -> Response:
        data = await read_json(request)
        game = data.get("game")
        options = data.get("options", {})
        seats = data.get("seats")
        if not isinstance(game, str):
            raise Refused(400, "the request must name a 'game'")
        if not isinstance(options, dict) or not all(
                isinstance(v, str | int | float | bool) for v in options.values()):
            raise Refused(400, "'options' must map option names to values")
        if not isinstance(seats, list) or not all(isinstance(k, str) for k in seats):
            raise Refused(400, "'seats' must list each seat's kind (human, easy, normal, hard "
                                "or an agent kind)")
        single = data.get("single", True)
        if not isinstance(single, bool):
            raise Refused(400, "'single' must be true or false")
        names = data.get("names", [])
        if not isinstance(names, list) or not all(
                n is None or isinstance(n, str) for n in names):
            raise Refused(400, "'names' must list each seat's name (or null)")
        spectator_chat = data.get("spectator_chat", False)
        if not isinstance(spectator_chat, bool):
            raise Refused(400, "'spectator_chat' must be true or false")
        table_id, tokens = await hub.create(game, whole(data, "players"), options, seats,
                                            whole(data, "seed", None), single, names,
                                            spectator_chat)
        base = f"{request.base_url}table/{table_id}#"
        return JSONResponse({
            "table": table_id,
            "seats": {str(n): base + t for n, t in tokens["seats"].items()},
            "hotseat": base + tokens["hotseat"] if tokens["hotseat"] else None,
            "spectator": base + tokens["spectator"],
        }, status_code=201)

    def opened(request: Request) -> tuple[Table, int | None, dict[str, Any]]:
        """The table a request opens, the viewer its link may see as, and who it is."""
        table = hub.table(request.path_params["table_id"])
        token = token_of(request)
        viewer = hub.viewer(table, token, seat_param(request, table))
        return table, viewer, _you(hub.link(table, token), table, viewer)

    async def answer(request: Request, table: Table, viewer: int | None,
                     since: int) -> dict[str, Any]:
        """The payload of ``table`` for the link of ``request`` seen as ``viewer``: the
        table's view and feed from ``since``, who the link is, its own rematch link, and
        whether its seat may take back its last move."""
        token = token_of(request)
        link = hub.link(table, token)
        undo: dict[str, Any] | None = None
        if viewer is not None:
            undo = ({"can": True} if table.can_undo(viewer) else
                    {"can": False, "why": table.undo_refusal(viewer)})
        return {**table.payload(viewer, since), "you": _you(link, table, viewer),
                "rematch": await hub.rematch_link(table, token), "undo": undo}

    async def view(request: Request) -> Response:
        table, viewer, _ = opened(request)
        since = query_number(request, "since") or 0
        return JSONResponse(await answer(request, table, viewer, since))

    async def stream(request: Request) -> Response:
        table, viewer, _ = opened(request)
        since = query_number(request, "since") or 0

        async def events() -> AsyncIterator[str]:
            seen, start = -1, since
            while not hub.closing:
                if table.version != seen:
                    seen = table.version
                    # a move taken back: the feed is sent again from where it now ends
                    start = min(start, table.steps + 1)
                    payload = await answer(request, table, viewer, start)
                    start = table.steps + 1
                    yield (f"id: {payload['move']}\nevent: table\n"
                           f"data: {json.dumps(payload)}\n\n")
                elif not await table.changed(seen, KEEPALIVE):
                    yield ": still here\n\n"

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    async def act(request: Request) -> Response:
        table, viewer, _ = opened(request)
        data = await read_json(request)
        await hub.act(table, viewer, whole(data, "move"), decision_of(data), move_choice(data))
        return JSONResponse(await answer(request, table, viewer, whole(data, "since", 0)))

    async def settings(request: Request) -> Response:
        table, viewer, _ = opened(request)
        data = await read_json(request)
        single = data.get("single")
        if not isinstance(single, bool):
            raise Refused(400, "'single' must be true or false")
        await hub.set_single(table, viewer, single)
        return JSONResponse(await answer(request, table, viewer, whole(data, "since", 0)))

    async def name(request: Request) -> Response:
        table, viewer, _ = opened(request)
        data = await read_json(request)
        await hub.name(table, viewer, data.get("name"))
        return JSONResponse(await answer(request, table, viewer, whole(data, "since", 0)))

    async def chat(request: Request) -> Response:
        table, viewer, _ = opened(request)
        data = await read_json(request)
        await hub.chat(table, hub.link(table, token_of(request)), viewer, data.get("text"))
        return JSONResponse(await answer(request, table, viewer, whole(data, "since", 0)))

    async def undo(request: Request) -> Response:
        table, viewer, _ = opened(request)
        data = await read_json(request)
        await hub.undo(table, viewer)
        # the whole feed: the page's ends with the moves taken back
        return JSONResponse(await answer(request, table, viewer, whole(data, "since", 0)))

    async def rematch(request: Request) -> Response:
        table, viewer, _ = opened(request)
        if table.rematch is None:
            room_for_a_table()
        await hub.rematch(table, token_of(request))
        return JSONResponse(await answer(request, table, viewer, table.steps + 1))

    async def qr(request: Request) -> Response:
        data = await read_json(request)
        text = data.get("text")
        if not isinstance(text, str) or not text or len(text) > MAX_QR:
            raise Refused(400, f"'text' must be the link to encode (1 to {MAX_QR} "
                               f"characters)")
        out = io.BytesIO()
        segno.make(text, error="m").save(out, kind="svg", xmldecl=False, svgns=True,
                                         scale=4, border=4, title="QR code of the link",
                                         dark="#000", light="#fff")
        return Response(out.getvalue(), media_type="image/svg+xml",
                        headers={"Cache-Control": "no-store"})

    async def record(request: Request) -> Response:
        table = hub.table(request.path_params["table_id"])
        text = hub.record(table, token_of(request)).to_json() + "\n"
        name = f"tabletop-{table.game.name}-{table.id}.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def replay_open(request: Request) -> Response:
        data = await read_json(request)
        return JSONResponse(await hub.replay_summary(data))

    async def replay_frame(request: Request) -> Response:
        data = await read_json(request)
        seat = whole(data, "seat", None)
        return JSONResponse(await hub.replay_frame(data, whole(data, "step"),
                                                   None if seat is None else seat - 1))

    routes = [
        Route("/", page("lobby.html")),
        Route("/table/{table_id}", page("table.html")),
        Route("/replay", page("replay.html")),
        Route("/api/games", games),
        Route("/api/games/{name}/guide", guide),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table_id}/view", view),
        Route("/api/tables/{table_id}/stream", stream),
        Route("/api/tables/{table_id}/act", act, methods=["POST"]),
        Route("/api/tables/{table_id}/settings", settings, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/name", name, methods=["POST"]),
        Route("/api/tables/{table_id}/chat", chat, methods=["POST"]),
        Route("/api/tables/{table_id}/undo", undo, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/qr", qr, methods=["POST"]),
        Route("/api/replays/open", replay_open, methods=["POST"]),
        Route("/api/replays/frame", replay_frame, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        Refused: _refused, TabletopError: _bad_input, HTTPException: _http_error,
        Exception: _server_fault})
    app.state.hub = hub
    app.add_middleware(Guard, allowed_hosts=limits.allowed_hosts)
    app.add_middleware(_SecurityHeaders)  # the outermost: the guard's refusals get them too
    return app


class Server(uvicorn.Server):
    """uvicorn's server for the app of :func:`create_app`: on shutdown, the app's event
    streams end first, so that open table pages do not hold the server up (or get cut off
    with an error logged) until the graceful-shutdown timeout."""

    def __init__(self, config: uvicorn.Config, app: Starlette) -> None:
        super().__init__(config)
        self.hub: Hub = app.state.hub

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.hub.close_streams()
        await super().shutdown(sockets)


def _game_json(game: Game) -> dict[str, Any]:
    """A game as the lobby offers it: players, options with their values, who may play a
    seat: the ``levels`` (each with its name on screen, "Hard bot") and the other ``bots``
    (an agent kind no level stands for, with its name on screen); ``agents`` lists every
    agent kind the API accepts."""
    options = []
    for info in option_infos(game.options_class).values():
        options.append({"name": info.name, "label": option_label(info.name),
                        "type": getattr(info.type, "__name__", "str"),
                        "default": info.default, "help": info.help,
                        "choices": list(info.choices) if info.choices is not None else None,
                        "min": info.min, "max": info.max, "allowed": info.allowed()})
    levels = {level_kind(game, name) for name in LEVELS}
    return {"name": game.name, "title": game.title, "min_players": game.min_players,
            "max_players": game.max_players, "agents": agent_kinds(game),
            "default_bot": default_bot(game), "options": options,
            "levels": [{"name": name, "label": f"{name.capitalize()} bot", "help": text}
                       for name, text in LEVELS.items()],
            "bots": [{"kind": kind, "label": bot_name(game, kind)}
                     for kind in agent_kinds(game) if kind not in levels]}


def option_label(name: str) -> str:
    """An option's name in words for the lobby: ``short_game`` -> "Short game" (the options
    declare no label of their own; their ``help`` says what they mean)."""
    words = name.replace("_", " ").replace("-", " ").split()
    text = " ".join(words)
    return text[:1].upper() + text[1:] if text else name


def _you(link: Link, table: Table, viewer: int | None) -> dict[str, Any]:
    """Who a link is, for its page: a seat, the hot seat (with the human seats it plays) or
    a spectator, and the seat it shows now (numbered from 1)."""
    you: dict[str, Any] = {"role": link.role,
                           "seat": None if viewer is None else viewer + 1,
                           "single": None if viewer is None else table.single[viewer]}
    if link.role == "hotseat":
        you["humans"] = [s + 1 for s in table.humans]
    return you


def _error(request: Request, status: int, message: str) -> Response:
    """One line: JSON for the API, a tiny page for a browser."""
    return error_response(request.url.path, status, message)


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    return _error(request, exc.status, exc.message)


async def _bad_input(request: Request, exc: Exception) -> Response:
    return _error(request, 400, first_line(str(exc), "bad input"))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: "there is no such page", 405: "that method is not allowed here"}
    return _error(request, exc.status_code, messages.get(exc.status_code, str(exc.detail)))


async def _server_fault(request: Request, exc: Exception) -> Response:
    # Starlette logs the traceback on the server side after this answer; the page gets a line.
    return _error(request, 500, "the server failed on this request (its log says why)")
