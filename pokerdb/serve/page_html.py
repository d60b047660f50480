"""What the pages of `pokerdb serve` are written with: every value escaped (HTML, and the
characters a terminal would act on as errors.shown writes them), tables, links to players, and
the engine reading the served database."""

import html
import re
import sqlite3
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Engine, create_engine

from pokerdb.errors import shown
from pokerdb.storage.engines import configured_engine
from pokerdb.storage.location import database_url, sqlite_path

_NUMBER = re.compile(r"-?[0-9][0-9.,]*$")  # a cell shown right-aligned
STYLE = ("body{font-family:sans-serif;margin:1.5em}"
         "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}"
         "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}"
         "th{background:#f3f3f3;max-width:7em}td{white-space:nowrap}td.n{text-align:right}"
         "nav a{margin-right:1em}.graphs{display:flex;flex-wrap:wrap;gap:1em}")


def text(value: Any) -> str:
    """A value as escaped HTML text ('' for None)."""
    return "" if value is None else html.escape(shown(str(value)))


def player_link(name: str, query: str = "") -> str:
    return (f'<a class="player" href="/player/{quote(name, safe="")}'
            f'{"?" + html.escape(query) if query else ""}">{text(name)}</a>')


def hand_link(deal_id: int, label: str | None = None) -> str:
    return f'<a href="/hand/{int(deal_id)}">{text(label or f"#{deal_id}")}</a>'


def table(columns: Sequence[str], rows: Iterable[Sequence[str]], id_: str) -> str:
    """A table of cells already written as HTML."""
    head = "".join(f"<th>{text(column.replace('_', ' '))}</th>" for column in columns)
    body = "".join("<tr>" + "".join(
        f'<td class="col-{column}{" n" if _NUMBER.match(cell) else ""}">{cell}</td>'
        for column, cell in zip(columns, row, strict=True)) + "</tr>" for row in rows)
    return f'<table id="{id_}"><tr>{head}</tr>{body}</table>'


def page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{text(title)}</title>"
            f"<style>{STYLE}</style></head><body><nav><a href=\"/\">database</a></nav>"
            f"<h1>{text(title)}</h1>{body}</body></html>")


@cache
def engine_of(database: str) -> Engine:
    """An engine reading the served database, read-only: an SQLite file's path (opened
    read-only), or a PostgreSQL URL (each page read in a read-only transaction:
    storage.engines.reading)."""
    if sqlite_path(database_url(database)) is None:
        return configured_engine(database)

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(f"file:{Path(database).resolve()}?mode=ro", uri=True,
                               check_same_thread=False)

    return create_engine("sqlite://", creator=connect)
