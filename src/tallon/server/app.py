"""The server's ASGI application (Starlette): the JSON HTTP API and a WebSocket per seat
that pushes the player's new message after every change (docs/server.md).

The engine's work runs in worker threads (``anyio.to_thread``), one game at a time per
game lock, so that a game thinking (an AI seat) never blocks the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from tallon.cards.pool import default_squads
from tallon.cards.pool_1e import CORE_SET_SQUADS
from tallon.engine.effects import damage_titles
from tallon.render.replay import replay_html
from tallon.server import odds, table
from tallon.server.host import Host, RequestError, scenario_list
from tallon.server.library import SquadLibrary, card_pool, check_report, opponent_list
from tallon.server.store import Store
from tallon.squads import to_xws

STATIC = Path(__file__).resolve().parent / "static"


def _error(error: RequestError) -> JSONResponse:
    return JSONResponse({"error": str(error), "problems": error.problems},
                        status_code=error.status)


async def _body(request: Request) -> Any:
    try:
        return json.loads(await request.body())
    except (ValueError, RecursionError):
        raise RequestError(400, "the body is not JSON") from None


class Pushes:
    """The open WebSockets of each game, each with its player and a queue of changes."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: dict[str, set[asyncio.Queue[str]]] = defaultdict(set)

    def changed(self, game_id: str) -> None:
        """Called from any thread when a game changed."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._notify, game_id)

    def _notify(self, game_id: str) -> None:
        for queue in self.queues.get(game_id, ()):
            queue.put_nowait(game_id)


def create_app(database: str = "sqlite:///tallon.db", ruleset: str = "2.5") -> Starlette:
    """The server, keeping its games in ``database`` (an SQLAlchemy URL); ``ruleset``: the
    rules of the lobby's example squads (every game takes squads of either ruleset)."""
    host = Host(Store(database))
    pushes = Pushes()
    host.listeners.append(pushes.changed)

    async def call(work: Any, *args: Any, respond: Any = JSONResponse) -> Response:
        """``respond(work(*args))``, the work in a worker thread; a refusal as its error."""
        try:
            return respond(await to_thread.run_sync(work, *args))
        except RequestError as error:
            return _error(error)

    def game_and_token(request: Request) -> tuple[str, str | None]:
        return request.path_params["game"], request.query_params.get("token")

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def play_page(request: Request) -> Response:
        return FileResponse(STATIC / "play.html")

    async def examples(request: Request) -> Response:
        # the lobby's example squads: the ruleset's (1e: the core set's game, XWS 1.0)
        if ruleset == "1e":
            return JSONResponse({"squads": list(CORE_SET_SQUADS)})
        return JSONResponse({"squads": [to_xws(squad) for squad in default_squads()]})

    # saved squads, ready-made opponents and the quick build's cards (library.py)
    library = SquadLibrary(host.store)

    async def with_body(request: Request, work: Any) -> Response:
        try:
            body = await _body(request)
        except RequestError as error:
            return _error(error)
        return await call(work, body)

    async def squad_list(request: Request) -> Response:
        return await call(library.listing)

    async def squad_save(request: Request) -> Response:
        return await with_body(request, library.save)

    async def squad_check(request: Request) -> Response:
        return await with_body(request, check_report)

    async def squad_export(request: Request) -> Response:
        return await call(library.export, request.path_params["name"])

    async def squad_delete(request: Request) -> Response:
        return await call(library.delete, request.path_params["name"])

    async def scenarios(request: Request) -> Response:
        return JSONResponse(scenario_list())

    async def opponents(request: Request) -> Response:
        return await call(opponent_list, request.query_params.get("faction") or None)

    async def cards(request: Request) -> Response:
        return await call(card_pool, request.query_params.get("faction") or None,
                          request.query_params.get("q", ""))

    async def board(request: Request) -> Response:
        since = request.query_params.get("since")
        return await call(host.board, *game_and_token(request),
                          int(since) if since and since.isdigit() else None,
                          respond=lambda svg: Response(svg, media_type="image/svg+xml"))

    async def create_game(request: Request) -> Response:
        return await with_body(request, host.create)

    async def view(request: Request) -> Response:
        return await call(host.view, *game_and_token(request))

    async def answer(request: Request) -> Response:
        return await with_body(request, lambda body: host.answer(*game_and_token(request),
                                                                 body))

    async def roster(request: Request) -> Response:
        return await call(host.inspect, *game_and_token(request), lambda game, player: {
            "ships": table.roster(game), "damage": damage_titles()})

    async def preview(request: Request) -> Response:
        maneuver = request.query_params.get("maneuver", "")

        def work(game: Any, player: int) -> Any:
            try:
                return table.preview(game, player, maneuver)
            except table.PreviewError as error:
                raise RequestError(409, str(error)) from None

        return await call(host.inspect, *game_and_token(request), work)

    async def replay_page(request: Request) -> Response:
        return await call(lambda: replay_html(host.record(*game_and_token(request)),
                                              "Tallon: replay"), respond=HTMLResponse)

    async def record(request: Request) -> Response:
        return await call(host.record, *game_and_token(request))

    async def socket(websocket: WebSocket) -> None:
        game_id = websocket.path_params["game"]
        token = websocket.query_params.get("token")
        await websocket.accept()
        try:
            first = await to_thread.run_sync(host.view, game_id, token)
        except RequestError as error:
            await websocket.send_json({"error": str(error), "status": error.status})
            await websocket.close(code=4000 + error.status)
            return
        pushes.loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue()
        pushes.queues[game_id].add(queue)
        try:
            await websocket.send_json(first)
            waiting = asyncio.ensure_future(websocket.receive_text())
            while True:
                changed = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({waiting, changed},
                                             return_when=asyncio.FIRST_COMPLETED)
                if waiting in done:  # the client spoke or left: answers go over HTTP
                    waiting.result()
                    waiting = asyncio.ensure_future(websocket.receive_text())
                if changed in done:
                    await websocket.send_json(
                        await to_thread.run_sync(host.view, game_id, token))
                else:
                    changed.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            pushes.queues[game_id].discard(queue)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pushes.loop = asyncio.get_running_loop()
        yield

    return Starlette(lifespan=lifespan, routes=[
        Route("/", index),
        Route("/play", play_page),
        *odds.ROUTES,  # the odds page and its API (issue 20)
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/examples", examples),
        Route("/api/squads", squad_list),
        Route("/api/squads", squad_save, methods=["POST"]),
        Route("/api/squads/check", squad_check, methods=["POST"]),
        Route("/api/squads/{name:path}", squad_export),
        Route("/api/squads/{name:path}", squad_delete, methods=["DELETE"]),
        Route("/api/opponents", opponents),
        Route("/api/scenarios", scenarios),
        Route("/api/cards", cards),
        Route("/api/games/{game}/board.svg", board),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games/{game}/view", view),
        Route("/api/games/{game}/answer", answer, methods=["POST"]),
        Route("/api/games/{game}/record", record),
        Route("/api/games/{game}/replay", replay_page),
        Route("/api/games/{game}/roster", roster),
        Route("/api/games/{game}/preview", preview),
        WebSocketRoute("/api/games/{game}/socket", socket),
    ])


__all__ = ["create_app"]
