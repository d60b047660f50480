"""A datasette plugin adding pokerdb's own pages to `pokerdb serve`: `/player/NAME`
(serve.player_page) and `/hand/DEAL_ID` (serve.hand_page), written on the server as plain
HTML, every value escaped, readable without JavaScript. They read the served file through
SQLAlchemy, read-only, with the answers of the command line (players, sessions, explain), in a
thread of their own."""

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote

from datasette import Response, hookimpl
from sqlalchemy import Engine

from pokerdb.errors import PokerdbError
from pokerdb.serve.hand_page import hand_html
from pokerdb.serve.page_html import engine_of, page, text
from pokerdb.serve.player_page import player_html


def _served(datasette: Any) -> Path:
    [database] = [each for name, each in datasette.databases.items() if name != "_internal"]
    return Path(database.path)


async def _answer(datasette: Any, write: Callable[[Engine], str | None]) -> Response:
    try:
        written = await asyncio.to_thread(write, engine_of(_served(datasette)))
    except PokerdbError as error:
        return Response.html(page("Not answered", f"<p>{text(error)}</p>"), status=400)
    if written is None:
        return Response.html(page("Not found", "<p>No such hand.</p>"), status=404)
    return Response.html(written)


async def _player(datasette: Any, request: Any) -> Response:
    name = unquote(request.url_vars["name"])
    query = dict(parse_qsl(request.query_string))
    return await _answer(datasette, lambda engine: player_html(engine, name, query))


async def _hand(datasette: Any, request: Any) -> Response:
    deal_id = int(request.url_vars["deal_id"])
    return await _answer(datasette, lambda engine: hand_html(engine, deal_id))


@hookimpl  # type: ignore[untyped-decorator]
def register_routes() -> list[tuple[str, Any]]:
    return [(r"^/player/(?P<name>.+)$", _player), (r"^/hand/(?P<deal_id>[0-9]{1,18})$", _hand)]
