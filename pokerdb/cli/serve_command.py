"""`pokerdb serve`: the database in a local web page (pokerdb.serve, on datasette)."""

from typing import Annotated

import typer

from pokerdb.cli.options import DbOption
from pokerdb.cli.program import ANSWERS, command
from pokerdb.cli.terminal import user_errors
from pokerdb.errors import shown


@command("serve", panel=ANSWERS)
def serve_command(
    db: DbOption = None,
    host: Annotated[str, typer.Option(
        "--host", help="The address to listen on; another than 127.0.0.1 opens the page to "
                       "the network.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="The port.")] = 8001,
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", help="A name the page is reached by besides --host (and localhost "
                             "on 127.0.0.1 or 0.0.0.0), e.g. the machine's name on the "
                             "network; repeatable. Requests to other names are refused.")
                          ] = None,
) -> None:
    """Browse the database in a web page, read-only: a player's page, a hand's page, and
    (datasette, SQLite only) tables, views, canned queries and charts (docs/serve.md). Needs
    the `serve` extra."""
    from sqlalchemy import make_url

    from pokerdb.serve.app import serve, served_database

    with user_errors():
        served = served_database(db)
        if served.path is None:
            where = (f"{make_url(served.url).render_as_string(hide_password=True)} (read-only; "
                     f"pokerdb's player and hand pages alone: datasette browses SQLite files)")
        else:
            where = f"{served.path} ({'immutable' if served.immutable else 'read-only'})"
        typer.echo(shown(f"serving {where} on http://{host}:{port}/ (Ctrl-C stops)"))
        serve(served, host, port, allow_host or ())
