"""A recorded hand's actions as one value (revision 0022): the table hand_actions holds one row
a hand, its actions in the file's order, and the view `actions` unpacks them into the rows
(deal_id, seq, player, action) that users' SQL reads (SQLite's json_each, PostgreSQL's
json_array_elements WITH ORDINALITY). One row of about 90 bytes a hand replaced some 15 rows of
20 bytes each, with their keys (HandHQ-shaped hands: 321 bytes a hand).

The value is the actions joined by `|` (revision 0032: two bytes an action fewer than a JSON
array's quotes), each one's text, which tells its player (`pN ` first, N from 1 to 99 without
a leading zero, is player N; any other beginning, the dealer), or the number N for the dealing
of two unknown hole cards, `d dh pN ????` (the most common action of a site's hands, one for
each player but the file's owner). A hand that this cannot hold exactly (an action whose player
its text does not tell that way, as the replay reads words: " p3 f", a tab after the player; a
text with `|`, a quote, a backslash or a control character, or beginning with a digit or `[`;
no actions) is a JSON array instead, of the texts and numbers, and [player, text] for an action
whose text does not tell its player: the view reads it by its first character, `[`.

pokerdb's own readers of one hand's actions read the value itself (`unpacked`); the view is
for SQL."""

import json
import re
from collections.abc import Sequence
from json.encoder import encode_basestring
from typing import Any, Final

from sqlalchemy import Column, Integer, MetaData, SmallInteger, String, Table

from pokerdb.storage.column_types import DealId

_TOLD: Final = re.compile(r"p([1-9][0-9]?) ")
_UNKNOWN_DEALT: Final = re.compile(r"d dh p([1-9][0-9]?) \?\?\?\?")
_TOLD_LIMIT: Final = 100  # players _TOLD reads: 1 to 99
# A text a `|`-joined value holds as it is: none of `|`, a quote, a backslash, a control
# character (which JSON would escape: the view makes a JSON array of the value by replacing each
# `|`) or a lone surrogate; not beginning with a digit (a dealing's number) or `[` (a JSON
# array's value).
_PLAIN: Final = re.compile(r'[^0-9\[|"\\\x00-\x1f\ud800-\udfff][^|"\\\x00-\x1f\ud800-\udfff]*')

# The `actions` view, described for queries (as view_columns.hands describes `hands`).
actions_view = Table(
    "actions",
    MetaData(),
    Column("deal_id", DealId),
    Column("seq", Integer),
    Column("player", SmallInteger),
    Column("action", String),
)


def packed(actions: Sequence[str], players: Sequence[int | None], *,
           delimited: bool = True) -> str:
    """The hand's actions, each by its player (None: the dealer), as hand_actions stores them:
    joined by `|` where they can be (`delimited`), else the JSON array, written element by
    element as json.dumps writes it (ensure_ascii=False, separators "," and ":"), each text by
    json's own `encode_basestring`; json.dumps of the elements took a third of laying out a
    HandHQ hand's rows."""
    elements: list[str] = []
    plain = delimited and len(actions) > 0
    for action, player in zip(actions, players, strict=True):
        if player is None:
            dealt = _UNKNOWN_DEALT.fullmatch(action) if action[:1] == "d" else None
            if dealt is not None:
                elements.append(dealt[1])  # its digits: no leading zero
                continue
            own = action[:1] != "p" or _TOLD.match(action) is None  # tells no player
        else:  # its own `pN ` first (N from 1 to 99), as _TOLD reads it
            own = 0 < player < _TOLD_LIMIT and action.startswith(f"p{player} ")
        if plain and own and _PLAIN.fullmatch(action) is not None:
            elements.append(action)
            continue
        if plain:  # the hand is a JSON array: its elements so far as JSON
            plain = False
            elements = [element if element[:1].isdigit() else encode_basestring(element)
                        for element in elements]
        text = encode_basestring(action)
        elements.append(text if own else f"[{'null' if player is None else player},{text}]")
    return "|".join(elements) if plain else f"[{','.join(elements)}]"


def unpacked(value: str | list[Any]) -> list[tuple[int | None, str]]:
    """(player, action) of each action a hand_actions value holds, in order: `value` as the
    database gives it (the text; psycopg's list for a JSON column, before revision 0032)."""
    acted: list[tuple[int | None, str]] = []
    elements: list[Any]
    if isinstance(value, list):
        elements = value
    elif value[:1] == "[":
        elements = json.loads(value)
    else:
        elements = [int(element) if element[:1].isdigit() else element
                    for element in value.split("|")]
    for element in elements:
        if isinstance(element, str):
            told = _TOLD.match(element)
            acted.append((None if told is None else int(told[1]), element))
        elif isinstance(element, int):
            acted.append((None, f"d dh p{element} ????"))
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
    """CREATE VIEW actions: a row per element of each hand's value, numbered from 1. A
    `|`-joined value is read as the JSON array of its texts (each `|` a `","`), a dealing's
    number then a text of digits; the value's text cast, so that the view reads a JSON column
    too (revisions 0022 to 0031)."""
    value = "CAST(h.actions AS TEXT)"
    if dialect == "postgresql":
        text = "(a.value #>> '{}')"
        return (
            "CREATE VIEW actions AS\n"
            "SELECT h.deal_id, CAST(a.seq AS INTEGER) AS seq,\n"
            f"       CASE json_typeof(a.value) WHEN 'array' "
            f"THEN CAST(a.value ->> 0 AS SMALLINT) WHEN 'string' "
            f"THEN {told_player(text, dialect)} END AS player,\n"
            f"       CASE WHEN json_typeof(a.value) = 'array' THEN a.value ->> 1 "
            f"WHEN {text} ~ '^[0-9]' THEN 'd dh p' || {text} || ' ????' ELSE {text} END "
            f"AS action\n"
            "FROM hand_actions h\n"
            f"CROSS JOIN LATERAL json_array_elements(CASE WHEN left({value}, 1) = '[' "
            f"THEN CAST({value} AS JSON) "
            f"ELSE CAST('[\"' || replace({value}, '|', '\",\"') || '\"]' AS JSON) END) "
            "WITH ORDINALITY AS a(value, seq)")
    return (
        "CREATE VIEW actions AS\n"
        "SELECT h.deal_id, a.key + 1 AS seq,\n"
        f"       CASE a.type WHEN 'array' THEN json_extract(a.value, '$[0]') "
        f"WHEN 'text' THEN {told_player('a.value', dialect)} END AS player,\n"
        "       CASE WHEN a.type = 'array' THEN json_extract(a.value, '$[1]') "
        "WHEN a.value GLOB '[0-9]*' THEN 'd dh p' || a.value || ' ????' ELSE a.value END "
        "AS action\n"
        f"FROM hand_actions h, json_each(CASE WHEN substr({value}, 1, 1) = '[' THEN h.actions "
        f"ELSE '[\"' || replace({value}, '|', '\",\"') || '\"]' END) a")


def packing_select(rows: str, dialect: str, where: str = "") -> str:
    """SELECT deal_id, actions: the hand_actions rows of the action rows of table `rows`
    (deal_id, seq, player, action; `where` their condition), as `packed` makes them."""
    told = told_player("action", dialect)
    if dialect == "postgresql":
        dealt = "substring(action from '^d dh p([1-9][0-9]?) \\?\\?\\?\\?$')"
        element = (f"CASE WHEN player IS NULL AND {dealt} IS NOT NULL THEN {dealt} "
                   f"WHEN {told} IS NOT DISTINCT FROM player THEN to_json(action)::text "
                   f"ELSE json_build_array(player, action)::text END")
        return (f"SELECT deal_id, CAST('[' || string_agg({element}, ',' ORDER BY seq) || ']' "
                f"AS JSON) FROM {rows} {where} GROUP BY deal_id")
    # json_group_array adds the rows in the order the subquery gives them.
    unknown = "[?][?][?][?]"
    element = (f"CASE WHEN player IS NULL AND action GLOB 'd dh p[1-9] {unknown}' "
               f"THEN CAST(substr(action, 7, 1) AS INTEGER) "
               f"WHEN player IS NULL AND action GLOB 'd dh p[1-9][0-9] {unknown}' "
               f"THEN CAST(substr(action, 7, 2) AS INTEGER) "
               f"WHEN {told} IS player THEN action ELSE json_array(player, action) END")
    return (f"SELECT deal_id, json_group_array({element}) FROM (SELECT deal_id, seq, player, "
            f"action FROM {rows} {where} ORDER BY deal_id, seq) GROUP BY deal_id")
