"""`pokerdb serve` against a hostile page or user, over HTTP (httpx against the ASGI app, no
browser): one request cannot exhaust the machine's memory, a request addressed to another name
(DNS rebinding) reads nothing, `?sql=` reaches only the functions `pokerdb query` allows, and
slow queries of the user's leave the other pages answering."""

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from support import PE54_FILE, succeeds
from typer.testing import CliRunner

from pokerdb.serve.app import asgi_app, served_database
from pokerdb.serve.connections import TOO_BIG, TOO_LONG, limit_sqlite_heap
from pokerdb.serve.gate import QUERY_SLOTS, Gate, served_hosts
from pokerdb.serve.metadata import QUERIES, TABLES
from pokerdb.storage.schema import deals

PORT = 8001
BASE = f"http://127.0.0.1:{PORT}"
# A loop of a bounded length: seconds of work, stopped sooner by a time limit.
SLOW = ("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 100000000) "
        "SELECT count(*) AS n FROM r")
PLAYER = {"player": "nobody", "position": "", "stakes": "", "showdown": ""}


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("guarded")
    deals = folder / "deals.txt"
    deals.write_text("\n".join(PE54_FILE.read_text().splitlines()[:50]) + "\n")
    succeeds(CliRunner(), "import", str(deals), "--evaluate", "--db", str(folder / "poker.db"))
    return folder / "poker.db"


def app_of(database: Path, sql_ms: int = 20_000) -> Gate:
    return asgi_app(served_database(str(database)), served_hosts("127.0.0.1", PORT),
                    sql_ms=sql_ms)


def get_all(app: Gate, *urls: str, host: str | None = None) -> list[httpx.Response]:
    """The answers to `urls`, asked one after the other."""
    async def ask() -> list[httpx.Response]:
        headers = {"host": host} if host else {}
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url=BASE, headers=headers) as client:
            return [await client.get(url) for url in urls]
    return asyncio.run(ask())


def sql_error(response: httpx.Response) -> tuple[int, Any]:
    return response.status_code, response.json()["error"]


# --- what one request may build and return ----------------------------------------------------

def test_a_request_cannot_build_a_huge_value(database: Path) -> None:
    answer, = get_all(app_of(database), "/poker.json?sql=select+zeroblob(900000000)+as+b")
    assert sql_error(answer) == (400, "string or blob too big")


def rows_of(megabytes: int) -> str:
    return ("/poker.json?sql=WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x %2B 1 FROM r "
            f"WHERE x < {megabytes}) SELECT randomblob(1048576) AS b FROM r")


def test_a_page_holds_a_bounded_number_of_bytes(database: Path) -> None:
    fits, too_long = get_all(app_of(database), rows_of(7), rows_of(9))
    assert fits.status_code == 200 and len(fits.json()["rows"]) == 7
    assert sql_error(too_long) == (400, TOO_LONG)


@pytest.fixture
def small_sqlite_heap() -> Iterator[None]:
    """SQLite's heap in this process bounded as `serve` bounds it, at 100 MB (unbounded
    again afterwards)."""
    limit_sqlite_heap(100_000_000)
    try:
        yield
    finally:
        limit_sqlite_heap(0)


def test_a_row_cannot_hold_more_than_sqlite_s_heap(database: Path,
                                                   small_sqlite_heap: None) -> None:
    # Five values of 30 MB, each within the length limit, 150 MB in one row.
    columns = ",".join(f"length(randomblob(30000000)) AS a{n}" for n in range(5))
    fits, = get_all(app_of(database), f"/poker.json?sql=select+{columns}")
    assert fits.json()["rows"] == [[30000000] * 5]
    columns = ",".join(f"randomblob(30000000) AS a{n}" for n in range(5))
    too_big, = get_all(app_of(database), f"/poker.json?sql=select+{columns}")
    assert (too_big.status_code, too_big.text) == (400, TOO_BIG + "\n")


# --- who may ask ---------------------------------------------------------------------------------

def test_only_the_names_it_is_served_as_are_answered(database: Path) -> None:
    app = app_of(database)
    for host in (f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}",
                 f"LOCALHOST:{PORT}"):
        answer, = get_all(app, "/poker.json?sql=select+count(*)+from+deals", host=host)
        assert answer.json()["rows"] == [[50]], host
    for host in (f"rebound.example:{PORT}", "rebound.example", f"127.0.0.1:{PORT + 1}",
                 "127.0.0.1", f"localhost.:{PORT}"):
        answer, = get_all(app, "/poker.json?sql=select+count(*)+from+deals", host=host)
        assert (answer.status_code, answer.text) == (
            421, f"pokerdb serve answers only as 127.0.0.1:{PORT}, [::1]:{PORT}, "
                 f"localhost:{PORT} (--allow-host NAME adds a name)\n"), host


def test_the_names_of_an_address() -> None:
    assert served_hosts("0.0.0.0", 8001, ["Box.lan"]) == {
        "127.0.0.1:8001", "localhost:8001", "[::1]:8001", "box.lan:8001"}
    assert served_hosts("192.168.1.5", 80) == {"192.168.1.5:80", "192.168.1.5"}
    assert served_hosts("::1", 9000) == {"127.0.0.1:9000", "localhost:9000", "[::1]:9000"}


def test_allow_host_reaches_the_server(database: Path, runner: CliRunner,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: served.append((app, options)))
    monkeypatch.setattr("pokerdb.serve.connections.limit_sqlite_heap", lambda: None)
    succeeds(runner, "serve", "--db", str(database), "--host", "0.0.0.0", "--port", "9000",
             "--allow-host", "box.lan", "--allow-host", "10.0.0.7")
    (app, options), = served
    assert options == {"host": "0.0.0.0", "port": 9000, "log_level": "warning"}
    assert app.hosts == {"box.lan:9000", "10.0.0.7:9000", "127.0.0.1:9000", "localhost:9000",
                         "[::1]:9000"}


# --- what ?sql= may call -----------------------------------------------------------------------

@pytest.mark.parametrize("call", ["fts3_tokenizer('simple')", "load_extension('/tmp/x.so')",
                                  "sqlite_log(1, 'x')", "escape_fts('x')"])
def test_sql_reaches_only_the_functions_query_allows(database: Path, call: str) -> None:
    answer, = get_all(app_of(database), f"/poker.json?sql=select+{call}")
    name = call.partition("(")[0]
    assert sql_error(answer) == (400, f"not authorized to use function: {name}")


def test_every_page_still_answers_under_the_guard(database: Path) -> None:
    urls = ["/", "/poker", *(f"/poker/{name}.json" for name in TABLES),
            "/poker/hands.json?_facet=category&_sort=deal_id",
            "/poker/deals.json?_where=id+<+3",
            *(f"/poker/{name}.json?" + "&".join(f"{key}={value}" for key, value in PLAYER.items()
                                               if f":{key}" in query["sql"])
              for name, query in QUERIES.items()),
            "/poker.json?sql=select+abs(-1),+json_extract('[7]',+'$[0]'),+"
            "(select+count(*)+from+pragma_table_info('deals'))"]
    answers = get_all(app_of(database), *urls)
    assert [answer.status_code for answer in answers] == [200] * len(urls)
    # table_info lists the stored columns (date and time are generated since revision 0035,
    # the rarely filled columns from deals.extras since 0037, a site's from deals.site_values
    # since 0038)
    stored = [column for column in deals.columns if column.computed is None]
    assert answers[-1].json()["rows"] == [[1, 7, len(stored)]] and len(stored) == 23
    win_counts = answers[urls.index("/poker/win_counts.json?")].json()
    assert win_counts["rows"] == [["deals.txt", "five-card", 50, "player 1", 23],
                                  ["deals.txt", "five-card", 50, "player 2", 27]]


# --- slow queries --------------------------------------------------------------------------------

def test_slow_queries_leave_the_pages_answering(database: Path) -> None:
    """More slow `?sql=` queries than datasette has threads (each stopped after 3 s), then a
    table page: the page answers while every slow query is still running."""
    app = app_of(database)

    async def ask() -> tuple[int, list[bool], list[int]]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE,
                                     timeout=120) as client:
            slow = [asyncio.create_task(client.get(
                "/poker.json", params={"sql": SLOW, "_timelimit": "3000"}))
                for _ in range(QUERY_SLOTS + 1)]
            await asyncio.sleep(0.5)  # the slow ones under way first
            page = await asyncio.wait_for(client.get("/poker/deals.json?_size=5"), 60)
            running = [not query.done() for query in slow]
            return page.status_code, running, [(await query).status_code for query in slow]

    status, running, slow = asyncio.run(ask())
    assert status == 200
    assert running == [True] * len(slow)
    assert slow == [400] * len(slow)  # each stopped at its own time limit


def test_users_sql_stops_at_its_own_limit(database: Path) -> None:
    sql = SLOW.replace("+", "%2B")
    canned, slow, asked_more = get_all(
        app_of(database, sql_ms=200), "/poker/win_counts.json", f"/poker.json?sql={sql}",
        f"/poker.json?sql={sql}&_timelimit=60000")
    assert canned.status_code == 200
    for answer in (slow, asked_more):
        assert (answer.status_code, answer.json()["title"]) == (400, "SQL Interrupted")
