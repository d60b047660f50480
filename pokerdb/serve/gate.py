"""What `pokerdb serve` answers, in front of datasette (an ASGI middleware):

- only requests addressed to a name it is served as (the Host header): a page elsewhere that
  points its own name at 127.0.0.1 (DNS rebinding) is answered 421 and reads nothing;
- the pages that run SQL someone wrote (`?sql=`, a table's `?_where=`, the canned queries) run
  at most QUERY_SLOTS at a time, the others waiting their turn outside datasette's threads, so
  that slow queries never hold every thread and the other pages always find one; and SQL of
  the user's own (`?sql=`, `?_where=`) stops after `sql_ms` (`_timelimit` lowered to it).
"""

import asyncio
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any, Final
from urllib.parse import parse_qsl, urlencode

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK: Final = ("127.0.0.1", "localhost", "::1")
_EVERY_ADDRESS: Final = ("0.0.0.0", "::", "")
# Queries of the user's or canned, running at once; datasette has QUERY_SLOTS + PAGE_THREADS
# threads, so the other pages always have PAGE_THREADS of them.
QUERY_SLOTS: Final = 2
PAGE_THREADS: Final = 2
_USERS_SQL: Final = ("sql", "_where")


def served_hosts(host: str, port: int, names: Iterable[str] = ()) -> frozenset[str]:
    """The Host headers of requests to `host`:`port`: the address itself (unless it is every
    address), the loopback names when it listens there, and `names`."""
    hosts = {*names, *([] if host in _EVERY_ADDRESS else [host])}
    if host in LOOPBACK or host in _EVERY_ADDRESS:
        hosts.update(LOOPBACK)
    shown = [f"[{name}]" if ":" in name else name for name in hosts]
    return frozenset(form.lower() for name in shown
                     for form in (f"{name}:{port}", *([name] if port == 80 else [])))


class Gate:
    """The ASGI application answering for `app` (datasette's)."""

    def __init__(self, app: App, hosts: frozenset[str], queries: Iterable[str],
                 sql_ms: int) -> None:
        self.app = app
        self.hosts = hosts
        self.queries = frozenset(queries)
        self.sql_ms = sql_ms
        self.slots = asyncio.Semaphore(QUERY_SLOTS)
        self.refusal = ("pokerdb serve answers only as " + ", ".join(sorted(hosts)) +
                        " (--allow-host NAME adds a name)\n").encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = dict(scope["headers"]).get(b"host", b"").decode("latin-1").lower()
        if host not in self.hosts:
            await _answer(send, 421, self.refusal)
            return
        arguments = parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True)
        users = any(name in _USERS_SQL for name, _ in arguments)
        if not users and not self._canned(scope["path"]):
            await self.app(scope, receive, send)
            return
        if users:
            scope = {**scope, "query_string": self._limited(arguments).encode("latin-1")}
        async with self.slots:
            await self.app(scope, receive, send)

    def _canned(self, path: str) -> bool:
        parts = path.strip("/").split("/")
        return len(parts) == 2 and parts[1].partition(".")[0] in self.queries

    def _limited(self, arguments: list[tuple[str, str]]) -> str:
        """The query string with `_timelimit` at most sql_ms (0 or none: no lower limit than
        datasette's, so sql_ms)."""
        asked = [int(value) for name, value in arguments
                 if name == "_timelimit" and value.isdigit() and int(value) > 0]
        limit = min([*asked[-1:], self.sql_ms])
        return urlencode([*((name, value) for name, value in arguments
                            if name != "_timelimit"), ("_timelimit", str(limit))])


async def _answer(send: Send, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
