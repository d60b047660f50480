"""A datasette plugin adding pokerdb's pages (serve.pages) to `pokerdb serve` on SQLite, beside
datasette's tables."""

import asyncio
from typing import Any

from datasette import Response, hookimpl

from pokerdb.serve.page_html import engine_of, page
from pokerdb.serve.pages import HAND, PLAYER, answer


async def _datasette_page(datasette: Any, request: Any) -> Any:
    [database] = [each for name, each in datasette.databases.items() if name != "_internal"]
    engine = engine_of(database.path)
    found = await asyncio.to_thread(answer, engine, request.path, request.query_string)
    status, written = found if found is not None else (404, page("Not found", ""))
    return Response.html(written, status=status)


@hookimpl  # type: ignore[untyped-decorator]
def register_routes() -> list[tuple[str, Any]]:
    """The datasette plugin hook: pokerdb's pages beside datasette's."""
    return [(PLAYER.pattern, _datasette_page), (HAND.pattern, _datasette_page)]
