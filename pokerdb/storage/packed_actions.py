"""A recorded hand's actions as one value (revision 0023): the table hand_actions holds one row
a hand, its actions a JSON array in the file's order, and the view `actions` unpacks them into
the rows (deal_id, seq, player, action) that users' SQL reads (SQLite's json_each,
PostgreSQL's json_array_elements WITH ORDINALITY). One row of about 150 bytes a hand replaced
some 15 rows of 20 bytes each, with their keys (HandHQ-shaped hands: 321 bytes a hand to 150).

An element is the action's text when the text tells its player ("p3 cbr 7000": player 3; "d db
Jc3d5c": the dealer, NULL): `pN ` first, N from 1 to 99 without a leading zero, is player N,
and any other beginning the dealer. An action whose player its text does not tell that way
(the replay reads words: " p3 f", a tab after the player) is the pair [player, text].

pokerdb's own readers of one hand's actions read the value itself (`unpacked`); the view is
for SQL."""

import json
import re
from collections.abc import Sequence
from typing import Any, Final

from sqlalchemy import Column, Integer, MetaData, SmallInteger, String, Table

from pokerdb.storage.column_types import DealId

_TOLD: Final = re.compile(r"p([1-9][0-9]?) ")

# The `actions` view, described for queries (as view_columns.hands describes `hands`).
actions_view = Table(
    "actions",
    MetaData(),
    Column("deal_id", DealId),
    Column("seq", Integer),
    Column("player", SmallInteger),
    Column("action", String),
)


def packed(actions: Sequence[str], players: Sequence[int | None]) -> str:
    """The hand's actions, each by its player (None: the dealer), as hand_actions stores them:
    compact JSON."""
    elements: list[str | list[Any]] = []
    for action, player in zip(actions, players, strict=True):
        told = _TOLD.match(action)
        said = None if told is None else int(told[1])
        elements.append(action if said == player else [player, action])
    return json.dumps(elements, ensure_ascii=False, separators=(",", ":"))


def unpacked(value: str | list[Any]) -> list[tuple[int | None, str]]:
    """(player, action) of each action a hand_actions value holds, in order: `value` as SQLite
    gives it (the JSON text) or psycopg (the list it has read)."""
    acted: list[tuple[int | None, str]] = []
    for element in json.loads(value) if isinstance(value, str) else value:
        if isinstance(element, str):
            told = _TOLD.match(element)
            acted.append((None if told is None else int(told[1]), element))
        else:
            acted.append((element[0], element[1]))
    return acted


def told_player(text: str, dialect: str) -> str:
    """SQL for the player the action `text` (an SQL expression) tells, as `packed` reads it:
    NULL for the dealer."""
    if dialect == "postgresql":
        return f"CAST(substring({text} from '^p([1-9][0-9]?) ') AS SMALLINT)"
    return (f"CASE WHEN {text} GLOB 'p[1-9] *' THEN CAST(substr({text}, 2, 1) AS INTEGER) "
            f"WHEN {text} GLOB 'p[1-9][0-9] *' THEN CAST(substr({text}, 2, 2) AS INTEGER) END")


def actions_view_sql(dialect: str) -> str:
    """CREATE VIEW actions: a row per element of each hand's value, numbered from 1."""
    if dialect == "postgresql":
        text = "a.value #>> '{}'"
        return (
            "CREATE VIEW actions AS\n"
            "SELECT h.deal_id, CAST(a.seq AS INTEGER) AS seq,\n"
            f"       CASE WHEN json_typeof(a.value) = 'array' "
            f"THEN CAST(a.value ->> 0 AS SMALLINT) ELSE {told_player(text, dialect)} END "
            f"AS player,\n"
            f"       CASE WHEN json_typeof(a.value) = 'array' THEN a.value ->> 1 "
            f"ELSE {text} END AS action\n"
            "FROM hand_actions h\n"
            "CROSS JOIN LATERAL json_array_elements(h.actions) WITH ORDINALITY "
            "AS a(value, seq)")
    return (
        "CREATE VIEW actions AS\n"
        "SELECT h.deal_id, a.key + 1 AS seq,\n"
        f"       CASE WHEN a.type = 'array' THEN json_extract(a.value, '$[0]') "
        f"ELSE {told_player('a.value', dialect)} END AS player,\n"
        "       CASE WHEN a.type = 'array' THEN json_extract(a.value, '$[1]') "
        "ELSE a.value END AS action\n"
        "FROM hand_actions h, json_each(h.actions) a")


def packing_select(rows: str, dialect: str, where: str = "") -> str:
    """SELECT deal_id, actions: the hand_actions rows of the action rows of table `rows`
    (deal_id, seq, player, action; `where` their condition), as `packed` makes them."""
    told = told_player("action", dialect)
    if dialect == "postgresql":
        element = (f"CASE WHEN {told} IS NOT DISTINCT FROM player THEN to_json(action)::text "
                   f"ELSE json_build_array(player, action)::text END")
        return (f"SELECT deal_id, CAST('[' || string_agg({element}, ',' ORDER BY seq) || ']' "
                f"AS JSON) FROM {rows} {where} GROUP BY deal_id")
    # json_group_array adds the rows in the order the subquery gives them.
    element = f"CASE WHEN {told} IS player THEN action ELSE json_array(player, action) END"
    return (f"SELECT deal_id, json_group_array({element}) FROM (SELECT deal_id, seq, player, "
            f"action FROM {rows} {where} ORDER BY deal_id, seq) GROUP BY deal_id")
