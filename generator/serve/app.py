"""The web application (Starlette): the list of games, each rulebook, and the table.

Routes: ``/`` the games of the folder; ``/rules/PATH`` a rulebook (and the fonts it names beside
it); ``/play/PATH`` the seating form (GET) and a new game (POST, then the table); ``/table/ID``
a game in progress (``?hint=1``, ``?rules=1``), with ``/move``, ``/undo`` and ``/quit`` posted to
it. Every change is a POST answered by a redirect to the table (a reload never plays a move
twice), and a move carries the count of the person's moves it was chosen at, so a page left
behind (another tab, the back button) cannot play into a game that has moved on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..table import Seating, SeatingError, Session
from ..table.seating import TABLE_BOTS
from . import pages
from .folder import Folder
from .sessions import Sessions


def make_app(root: Path, sessions: Sessions | None = None) -> Starlette:
    folder = Folder(root)
    store = sessions if sessions is not None else Sessions()

    def not_found(what: str) -> HTMLResponse:
        return HTMLResponse(pages.message("Not here", what), status_code=404)

    def game_at(rel: str) -> tuple[Path | None, Any, Response | None]:
        path = folder.inside(rel)
        if path is None:
            return None, None, not_found(f"There is no game {rel!r} in this folder.")
        spec, problem = folder.spec(path)
        if spec is None:
            return path, None, HTMLResponse(pages.message("This game cannot be played", f"{rel}: {problem}"),
                                            status_code=422)
        return path, spec, None

    def index(request: Request) -> HTMLResponse:
        return HTMLResponse(pages.page("index.html.j2", title="Games", folder=folder.root.name,
                                       entries=folder.entries()))

    def rules(request: Request) -> Response:
        rel = request.path_params["path"]
        parts = rel.split("/")
        if len(parts) >= 2 and parts[-2] == "fonts":   # the rulebook's fonts, named beside it
            from ..publish.fonts import FONT_DIR

            font = FONT_DIR / parts[-1]
            if font.parent == FONT_DIR and font.is_file() and font.suffix in (".otf", ".txt"):
                return FileResponse(font)
            return not_found("No such font.")
        path, spec, refused = game_at(rel)
        if refused is not None:
            return refused
        return HTMLResponse(pages.rulebook(spec, folder.report(path), rel))

    async def play(request: Request) -> Response:
        rel = request.path_params["path"]
        path, spec, refused = game_at(rel)
        if refused is not None:
            return refused
        values = {"players": spec.players.min, "seat": 1, "bot": "greedy", "seed": 1}
        problem = None
        if request.method == "POST":
            form = await request.form()
            try:
                values = {"players": int(form.get("players", spec.players.min)), "seat": int(form.get("seat", 1)),
                          "bot": str(form.get("bots", "greedy")), "seed": int(form.get("seed", 1))}
                seating = Seating.build(spec, values["players"], values["seat"], values["bot"], values["seed"])
            except (ValueError, SeatingError) as exc:
                problem = str(exc) if isinstance(exc, SeatingError) else "players, seat and seed are whole numbers"
            else:   # the bots' first moves are work: off the event loop, which keeps answering
                session = await run_in_threadpool(Session, spec, seating, game=folder.game(path))
                sid = store.add(session, rel)
                return RedirectResponse(f"/table/{sid}", status_code=303)
        return HTMLResponse(pages.page("setup.html.j2", title=spec.naming.name, name=spec.naming.name, path=rel,
                                       counts=list(spec.players.counts()), players=values["players"],
                                       seat=values["seat"], bots=TABLE_BOTS, bot=values["bot"], seed=values["seed"],
                                       problem=problem), status_code=400 if problem else 200)

    def stale(sid: str) -> HTMLResponse:
        return HTMLResponse(pages.message("No such game", "This game is not at this table any more (the server "
                                          "was restarted, or the game was cleared away). Start a new one from the "
                                          "list of games."), status_code=404)

    def table(request: Request) -> Response:
        sid = request.path_params["sid"]
        seat = store.get(sid)
        if seat is None:
            return stale(sid)
        with seat.lock:
            hint = request.query_params.get("hint") == "1"
            if hint and seat.session.your_turn():
                seat.hint = seat.session.hint()
            html = pages.table(sid, seat.path, seat, rules=request.query_params.get("rules") == "1",
                               hint=hint)
        return HTMLResponse(html)

    async def act(request: Request) -> Response:
        sid, what = request.path_params["sid"], request.path_params["what"]
        seat = store.get(sid)
        if seat is None:
            return stale(sid)
        form = await request.form()
        answer = await run_in_threadpool(_act, seat, what, form)
        return answer if answer is not None else RedirectResponse(f"/table/{sid}", status_code=303)

    def _act(seat: Any, what: str, form: Any) -> Response | None:
        """A change to a game, under its lock, in a worker thread; None when done."""
        with seat.lock:
            s = seat.session
            seat.hint = None
            if what == "move":
                try:
                    at, number = int(form.get("at", -1)), int(form.get("move", 0))
                except ValueError:
                    return HTMLResponse(pages.message("Not a move", "A move is chosen by its number."), status_code=400)
                moves = s.moves()
                if at == s.your_moves and 1 <= number <= len(moves):
                    s.play(moves[number - 1])
                # else: a page left behind, or a number that is no move: the table as it stands
            elif what == "undo":
                s.undo()
            elif what == "quit":
                if not s.over:
                    s.leave()
            else:
                return not_found("No such action.")
        return None

    routes = [
        Route("/", index),
        Route("/rules/{path:path}", rules),
        Route("/play/{path:path}", play, methods=["GET", "POST"]),
        Route("/table/{sid}", table),
        Route("/table/{sid}/{what}", act, methods=["POST"]),
    ]
    app = Starlette(routes=routes)
    app.state.sessions = store
    app.add_middleware(ServerTiming)
    return app


class ServerTiming:
    """Adds a ``Server-Timing`` header: how long the application took over a request, from its
    arrival to its answer (what ``benchmarks/serve_latency.py`` reads, apart from the network and
    the players' own machine)."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.perf_counter()

        async def timed(message: Any) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - start) * 1000
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"server-timing", f"app;dur={took:.1f}".encode())]
            await send(message)

        await self.app(scope, receive, timed)
