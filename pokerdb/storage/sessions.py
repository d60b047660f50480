"""A player's sessions, as SQL over every seat: a run of one player's hands at one site in one
money, each played at most `gap` seconds after the one before (deals.played_at, in UTC), for
`pokerdb sessions` at a gap under storage.player_runs.BUCKET (from it on, the rows of
player_runs answer: answers.sessions), and for the tests to hold those rows against. A view
cannot take the gap, hence a SELECT bound by `:gap` (and the filter's parameters).

Hands without a time of play (a file that gives none in UTC: PHH without `_played_at`,
GGPoker's) are in no session; `untimed` counts them. The SELECT returns integer sums per
session and big blind (net over big blind is exact only per big blind), for the figures to be
computed exactly by their reader: player, site, currency, session number, big_blind, start,
end, hands, the session's tables first seen in the group, net, its first deal's id.
"""

from datetime import datetime
from typing import Final, NamedTuple

from sqlalchemy import Engine, Integer, String, TextualSelect, text

from pokerdb.storage.column_types import UtcDateTime
from pokerdb.storage.deal_texts import texts_sql
from pokerdb.storage.engines import reading
from pokerdb.storage.hand_filters import HandFilter, named_player, where

DEFAULT_GAP_MINUTES: Final = 30
_KEYS: Final = "name, site, currency"


def seconds_sql(dialect: str, column: str) -> str:
    """A time's whole seconds since 1970 (sites write times to the second)."""
    if dialect == "sqlite":
        return f"CAST(strftime('%s', {column}) AS INTEGER)"
    return f"CAST(EXTRACT(EPOCH FROM {column}) AS BIGINT)"


def _conditions(within: HandFilter | None, player: str | None) -> list[str]:
    return ["s.name IS NOT NULL",
            *([named_player("s", "player")] if player is not None else []),
            *(within.on_seats("s", "d") if within else [])]


def sessions_select(dialect: str, within: HandFilter | None = None,
                    player: str | None = None) -> TextualSelect:
    """The sessions of every player (or of `player`) among the hands `within` selects, bound
    by `:gap` (seconds), `:player` and the filter's parameters: see the module's doc."""
    order = "ORDER BY played_at, deal_id"
    joins, shown = texts_sql("d", "venue", "table_name")
    return text(
        f"WITH timed AS (\n"
        f"  SELECT s.name, COALESCE(d.site, {shown['venue']}, '') AS site,\n"
        f"         COALESCE(d.currency, '') AS currency, d.played_at, s.deal_id,\n"
        f"         COALESCE({shown['table_name']}, '') AS table_name, s.big_blind, s.net,\n"
        f"         {seconds_sql(dialect, 'd.played_at')} AS at_second\n"
        f"  FROM seat_stats s JOIN deals d ON d.id = s.deal_id{joins}\n"
        f"  {where([*_conditions(within, player), 'd.played_at IS NOT NULL'])}),\n"
        f"starts AS (\n"
        f"  SELECT timed.*, CASE WHEN at_second - LAG(at_second) OVER (\n"
        f"    PARTITION BY {_KEYS} {order}) <= :gap THEN 0 ELSE 1 END AS starts\n"
        f"  FROM timed),\n"
        f"numbered AS (\n"
        f"  SELECT starts.*, SUM(starts) OVER (PARTITION BY {_KEYS} {order}\n"
        f"    ROWS UNBOUNDED PRECEDING) AS session FROM starts),\n"
        f"tabled AS (\n"
        f"  SELECT numbered.*, ROW_NUMBER() OVER (\n"
        f"    PARTITION BY {_KEYS}, session, table_name {order}) AS at_table FROM numbered)\n"
        f"SELECT name, site, currency, session, big_blind, MIN(played_at) AS started,\n"
        f"       MAX(played_at) AS ended, COUNT(*) AS hands,\n"
        f"       SUM(CASE WHEN at_table = 1 THEN 1 ELSE 0 END) AS tables, SUM(net) AS net,\n"
        f"       MIN(deal_id) AS first_deal\n"
        f"FROM tabled\n"
        f"GROUP BY {_KEYS}, session, big_blind\n"
        f"ORDER BY name, site, currency, session").columns(
            name=String, site=String, currency=String, session=Integer,
            big_blind=Integer, started=UtcDateTime(), ended=UtcDateTime(), hands=Integer,
            tables=Integer, net=Integer, first_deal=Integer)


def untimed(engine: Engine, within: HandFilter | None = None,
            player: str | None = None) -> int:
    """The hands (a player's seats) `within` selects that have no time of play."""
    statement = text(f"SELECT COUNT(*) FROM seat_stats s JOIN deals d ON d.id = s.deal_id"
                     f"{where([*_conditions(within, player), 'd.played_at IS NULL'])}")
    with reading(engine) as connection:
        return int(connection.execute(statement, _params(within, player)).scalar_one())


def _params(within: HandFilter | None, player: str | None) -> dict[str, object]:
    return {**(within.params() if within else {}),
            **({"player": player} if player is not None else {})}


class SessionRow(NamedTuple):
    """A row of `sessions_select`: amounts as the stored integers (ten-thousandths)."""

    name: str
    site: str
    currency: str
    session: int
    big_blind: int | None
    started: datetime
    ended: datetime
    hands: int
    tables: int
    net: int
    first_deal: int


def session_rows(engine: Engine, gap_seconds: int, within: HandFilter | None = None,
                 player: str | None = None) -> list[SessionRow]:
    """The rows of `sessions_select`."""
    statement = sessions_select(engine.dialect.name, within, player)
    with reading(engine) as connection:
        return [SessionRow(name, site, currency, int(session),
                           None if big_blind is None else int(big_blind), started, ended,
                           int(hands), int(tables), int(net), int(first_deal))
                for (name, site, currency, session, big_blind, started, ended, hands, tables,
                     net, first_deal) in connection.execute(
                    statement, {**_params(within, player), "gap": gap_seconds})]

