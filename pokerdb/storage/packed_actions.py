"""A recorded hand's actions as one value (revision 0022): the table hand_actions holds one row
a hand, its actions in the file's order, and the view `actions` unpacks them into the rows
(deal_id, seq, player, action) that users' SQL reads (SQLite's json_each, PostgreSQL's
json_array_elements WITH ORDINALITY). One row of about 90 bytes a hand replaced some 15 rows of
20 bytes each, with their keys (HandHQ-shaped hands: 321 bytes a hand).

The value is the actions joined by `|` (revision 0032: 30 bytes a HandHQ hand fewer than the
JSON array of 0022), each in one of three forms: a player's action without its `p` (`3 cbr 7000`
for `p3 cbr 7000`: the player's number, N from 1 to 99 without a leading zero, and a space
first), the dealer's without its `d ` (`db Jc3d5c`), and the number N alone for the dealing of
two unknown hole cards, `d dh pN ????` (the most common action of a site's hands, one for each
player but the file's owner). A hand that this cannot hold exactly is a JSON array instead (the
view tells it by its first character, `[`), of each action's whole text, N for `d dh pN ????`,
and [player, text] for an action whose text does not tell its player as `pN ` (the replay reads
words: " p3 f", a tab after the player): a hand with such an action, a dealer's action not
written `d ` first or written `d ` and then a digit or `[`, a text holding `|`, a quote, a
backslash or a control character (JSON would escape them: the view makes the JSON array of a
joined value by replacing each `|` with `","`), or no actions.

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
_TOLD_LIMIT: Final = 100  # players _TOLD reads: 1 to 99
_UNKNOWN_DEALT: Final = ("d dh p", " ????")  # around N in `d dh pN ????`
# What a joined value cannot hold but as its delimiter: a quote, a backslash, a control
# character or a lone surrogate (JSON would escape them; `|` is counted).
_ESCAPED: Final = re.compile(r'["\\\x00-\x1f\ud800-\udfff]')

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
    joined by `|` where they can be (`delimited`), else the JSON array."""
    if delimited and actions:
        joined = _joined(actions, players)
        if joined is not None:
            return joined
    return _json_array(actions, players)


def _joined(actions: Sequence[str], players: Sequence[int | None]) -> str | None:
    """The actions joined by `|`, each in its form, or None where one has none. What no
    element may hold is looked for once, in the joined value."""
    elements: list[str] = []
    if len(actions) != len(players):
        raise ValueError("an action's player is missing")
    # by index: compiled, zip(..., strict=True) is built and stepped as a Python object
    for index in range(len(actions)):
        action, player = actions[index], players[index]
        known = _ELEMENTS.get(action)
        if known is None:
            known = _element(action)
            if len(_ELEMENTS) < _ELEMENTS_MOST:
                _ELEMENTS[action] = known
        told, element = known
        if player is None:
            if told != _DEALER:
                return None
        elif told != player or told < 1:
            return None
        elements.append(element)
    joined = "|".join(elements)
    if joined.count("|") != len(elements) - 1:
        return None
    if joined.isascii() and joined.isprintable():  # of _ESCAPED, it can hold only these
        return None if '"' in joined or "\\" in joined else joined
    return None if _ESCAPED.search(joined) is not None else joined


# Each action's element by its text (a site's hands repeat most texts: `p3 f`, `d dh p1 ????`),
# the first _ELEMENTS_MOST texts met: `_element`'s.
_ELEMENTS: Final[dict[str, tuple[int, str]]] = {}
_ELEMENTS_MOST: Final = 1 << 12
_DEALER: Final = -1  # an action of the dealer's form
_NO_ELEMENT: Final = -2  # an action that has no form


def _element(action: str) -> tuple[int, str]:
    """An action's form in a joined value, with whose action it must be for that: the player
    N its `pN ` first tells (1 to 99, no leading zero), _DEALER for `d ` first (but a digit or
    `[` then, which the view would read as a number or JSON), else _NO_ELEMENT."""
    if action[:2] == "d ":
        dealt = _unknown_dealt(action)
        if dealt is not None:
            return _DEALER, dealt
        if "0" <= action[2:3] <= "9" or action[2:3] == "[":  # read as a number, JSON
            return _NO_ELEMENT, ""
        return _DEALER, action[2:]
    told = _TOLD.match(action)
    if told is None:
        return _NO_ELEMENT, ""
    return int(told.group(1)), action[1:]


def _unknown_dealt(action: str) -> str | None:
    """N of the action `d dh pN ????` (N from 1 to 99, no leading zero), else None."""
    before, after = _UNKNOWN_DEALT
    if not (action.startswith(before) and action.endswith(after)):
        return None
    number = action[len(before):len(action) - len(after)]
    if len(number) == 1:
        return number if "1" <= number <= "9" else None
    if len(number) == 2:
        return number if "1" <= number[0] <= "9" and "0" <= number[1] <= "9" else None
    return None


def _json_array(actions: Sequence[str], players: Sequence[int | None]) -> str:
    """The actions as a JSON array, written element by element as json.dumps writes it
    (ensure_ascii=False, separators "," and ":"), each text by json's own
    `encode_basestring`; json.dumps of the elements took a third of laying out a HandHQ
    hand's rows."""
    elements: list[str] = []
    for action, player in zip(actions, players, strict=True):
        if player is None:
            dealt = _unknown_dealt(action)
            if dealt is not None:
                elements.append(dealt)
                continue
            own = action[:1] != "p" or _TOLD.match(action) is None  # tells no player
        else:  # its own `pN ` first (N from 1 to 99), as _TOLD reads it
            own = 0 < player < _TOLD_LIMIT and action.startswith(f"p{player} ")
        text = encode_basestring(action)
        elements.append(text if own else f"[{'null' if player is None else player},{text}]")
    return f"[{','.join(elements)}]"


def unpacked(value: str | list[Any]) -> list[tuple[int | None, str]]:
    """(player, action) of each action a hand_actions value holds, in order: `value` as the
    database gives it (the text; psycopg's list for a JSON column, before revision 0032)."""
    if isinstance(value, str) and value[:1] != "[":
        return [_joined_action(element) for element in value.split("|")]
    acted: list[tuple[int | None, str]] = []
    for element in json.loads(value) if isinstance(value, str) else value:
        if isinstance(element, str):
            told = _TOLD.match(element)
            acted.append((None if told is None else int(told[1]), element))
        elif isinstance(element, int):
            acted.append((None, f"d dh p{element} ????"))
        else:
            acted.append((element[0], element[1]))
    return acted


def _joined_action(element: str) -> tuple[int | None, str]:
    """(player, action) of an element of a joined value."""
    number, space, _ = element.partition(" ")
    if not (number.isascii() and number.isdigit()):
        return None, f"d {element}"
    if space:
        return int(number), f"p{element}"
    return None, f"d dh p{number} ????"


def told_player(text: str, dialect: str) -> str:
    """SQL for the player the action `text` (an SQL expression) tells, as `packed` reads it:
    NULL for the dealer."""
    if dialect == "postgresql":
        return f"CAST(substring({text} from '^p([1-9][0-9]?) ') AS SMALLINT)"
    return (f"CASE WHEN {text} GLOB 'p[1-9] *' THEN CAST(substr({text}, 2, 1) AS INTEGER) "
            f"WHEN {text} GLOB 'p[1-9][0-9] *' THEN CAST(substr({text}, 2, 2) AS INTEGER) END")


def actions_view_sql(dialect: str) -> str:
    """CREATE VIEW actions: a row per element of each hand's value, numbered from 1. A joined
    value is read as the JSON array of its elements (each `|` a `","`); the value's text cast,
    so that the view reads a JSON column too (revisions 0022 to 0031)."""
    value = "CAST(h.actions AS TEXT)"
    if dialect == "postgresql":
        text = "(a.value #>> '{}')"
        joined = f"left({value}, 1) <> '['"
        return (
            "CREATE VIEW actions AS\n"
            "SELECT h.deal_id, CAST(a.seq AS INTEGER) AS seq,\n"
            f"       CASE WHEN {joined} "
            f"THEN CAST(substring({text} from '^([0-9]+) ') AS SMALLINT) "
            f"WHEN json_typeof(a.value) = 'array' THEN CAST(a.value ->> 0 AS SMALLINT) "
            f"WHEN json_typeof(a.value) = 'string' THEN {told_player(text, dialect)} "
            f"END AS player,\n"
            f"       CASE WHEN {joined} THEN CASE WHEN {text} ~ '^[0-9]+ ' THEN 'p' || {text} "
            f"WHEN {text} ~ '^[0-9]+$' THEN 'd dh p' || {text} || ' ????' "
            f"ELSE 'd ' || {text} END "
            f"WHEN json_typeof(a.value) = 'array' THEN a.value ->> 1 "
            f"WHEN json_typeof(a.value) = 'number' THEN 'd dh p' || {text} || ' ????' "
            f"ELSE {text} END AS action\n"
            "FROM hand_actions h\n"
            f"CROSS JOIN LATERAL json_array_elements(CASE WHEN {joined} "
            f"THEN CAST('[\"' || replace({value}, '|', '\",\"') || '\"]' AS JSON) "
            f"ELSE CAST({value} AS JSON) END) WITH ORDINALITY AS a(value, seq)")
    joined = f"substr({value}, 1, 1) <> '['"
    return (
        "CREATE VIEW actions AS\n"
        "SELECT h.deal_id, a.key + 1 AS seq,\n"
        f"       CASE WHEN {joined} THEN CASE WHEN a.value GLOB '[0-9]* *' "
        f"THEN CAST(substr(a.value, 1, instr(a.value, ' ') - 1) AS INTEGER) END "
        f"WHEN a.type = 'array' THEN json_extract(a.value, '$[0]') "
        f"WHEN a.type = 'text' THEN {told_player('a.value', dialect)} END AS player,\n"
        f"       CASE WHEN {joined} THEN CASE WHEN a.value GLOB '[0-9]* *' THEN 'p' || a.value "
        "WHEN a.value GLOB '[0-9]*' THEN 'd dh p' || a.value || ' ????' "
        "ELSE 'd ' || a.value END "
        "WHEN a.type = 'array' THEN json_extract(a.value, '$[1]') "
        "WHEN a.type = 'integer' THEN 'd dh p' || a.value || ' ????' ELSE a.value END "
        "AS action\n"
        f"FROM hand_actions h, json_each(CASE WHEN {joined} "
        f"THEN '[\"' || replace({value}, '|', '\",\"') || '\"]' ELSE h.actions END) a")


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
