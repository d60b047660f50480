"""pokerdb's own pages of `pokerdb serve`: `/player/NAME` (serve.player_page) and
`/hand/DEAL_ID` (serve.hand_page), written on the server as plain HTML, every value escaped,
readable without JavaScript, and `/`, the players, where datasette is not in front
(PostgreSQL). They read the database through SQLAlchemy, read-only, with the answers of the
command line (players, sessions, explain), in a thread of their own. On SQLite a datasette
plugin adds them (serve.page_routes); on PostgreSQL `PagesApp` serves them alone."""

import asyncio
import re
from collections.abc import Callable
from typing import Any, Final
from urllib.parse import parse_qsl, quote, unquote

from sqlalchemy import Engine
from sqlalchemy import text as sql

from pokerdb.errors import PokerdbError
from pokerdb.serve.hand_page import hand_html
from pokerdb.serve.page_html import page, player_link, table, text
from pokerdb.serve.player_page import player_html
from pokerdb.storage.engines import reading

LISTED: Final = 200  # players on the first page, most hands first
PLAYER: Final = re.compile(r"^/player/(?P<name>.+)$")
HAND: Final = re.compile(r"^/hand/(?P<deal_id>[0-9]{1,18})$")
Page = tuple[int, str]


def _written(engine: Engine, write: Callable[[Engine], str | None]) -> Page:
    try:
        written = write(engine)
    except PokerdbError as error:
        return 400, page("Not answered", f"<p>{text(error)}</p>")
    if written is None:
        return 404, page("Not found", "<p>No such hand.</p>")
    return 200, written


def answer(engine: Engine, path: str, query: str) -> Page | None:
    """The page at `path` (as requested: still %-encoded) with the query string `query`, or
    None where pokerdb has no page."""
    query_values = dict(parse_qsl(query))
    if (player := PLAYER.match(path)) is not None:
        name = unquote(player["name"])
        return _written(engine, lambda reader: player_html(reader, name, query_values))
    if (hand := HAND.match(path)) is not None:
        deal_id = int(hand["deal_id"])
        return _written(engine, lambda reader: hand_html(reader, deal_id))
    return None


def players_html(engine: Engine) -> str:
    """The first page: the players with the most hands, each a link to their page."""
    with reading(engine) as connection:
        found = list(connection.execute(sql(
            "SELECT n.name, f.hands FROM (SELECT name_id, SUM(hands) AS hands "
            "FROM player_totals GROUP BY name_id) f JOIN player_names n ON n.id = f.name_id "
            "ORDER BY f.hands DESC, n.name LIMIT :listed"), {"listed": LISTED}))
    return page("Players", f"<p>The {LISTED} players with the most hands; any other at "
                           f"/player/NAME.</p>" + table(("player", "hands"), [
                               [player_link(name), text(f"{int(hands):,}")]
                               for name, hands in found], "players"))


class PagesApp:
    """pokerdb's pages alone, as an ASGI application (PostgreSQL: no datasette): `/` lists
    the players, each a link to their page."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            for event in ("startup", "shutdown"):
                await receive()
                await send({"type": f"lifespan.{event}.complete"})
            return
        raw = scope.get("raw_path") or quote(scope["path"]).encode()
        path = raw.decode("latin-1").partition("?")[0]
        query = scope["query_string"].decode("latin-1")
        if path == "/":
            found: Page | None = await asyncio.to_thread(
                lambda: (200, players_html(self.engine)))
        else:
            found = await asyncio.to_thread(answer, self.engine, path, query)
        status, written = found if found is not None else (404, page(
            "Not found", "<p>pokerdb serves /player/NAME and /hand/DEAL_ID here.</p>"))
        body = written.encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
