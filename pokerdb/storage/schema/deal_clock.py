"""deals.day and deals.clock (revision 0035): a deal's date and time of day as integers, which
`deals` shows again as the columns `date` and `time`, generated from them with the same types
and values (computed as read on SQLite, which stores neither; STORED on PostgreSQL). SQLite
stored the date as its text of 10 characters and the time as 8 (HandHQ's '2009-07-01' and
'00:00:06'); as integers they take 3 bytes and at most 3.

`day` is the date's date.toordinal() (0001-01-01 is 1, as player_days.day counts), `clock` the
time's seconds since midnight, or, for a time with a fraction of a second (a PHH file's TOML
may write one), -1 less its microseconds since midnight. Each is NULL where the date or time is.
"""

import datetime
from typing import Final

from pokerdb.storage.schema.dialect_sql import DialectSql

DAY: Final = "day"
CLOCK: Final = "clock"
_MICROSECONDS: Final = 1_000_000
_FRACTION: Final = f"(-1 - {CLOCK})"  # a negative clock's microseconds since midnight

# deals.date and deals.time of `day` and `clock`, on each backend: SQLite's as the texts that
# its Date and Time read ('2009-07-01', '00:00:06', '00:00:06.500000'), PostgreSQL's its types.
DATE_SQL: Final = {"sqlite": f"date({DAY} + 1721424.5)",
                   "postgresql": f"make_date(1, 1, 1) + ({DAY} - 1)"}
TIME_SQL: Final = {
    "sqlite": (f"CASE WHEN {CLOCK} >= 0 THEN printf('%02d:%02d:%02d', {CLOCK} / 3600, "
               f"{CLOCK} / 60 % 60, {CLOCK} % 60) WHEN {CLOCK} < 0 THEN "
               f"printf('%02d:%02d:%02d.%06d', {_FRACTION} / 3600000000, "
               f"{_FRACTION} / 60000000 % 60, {_FRACTION} / 1000000 % 60, "
               f"{_FRACTION} % 1000000) END"),
    "postgresql": (f"CASE WHEN {CLOCK} >= 0 THEN make_time(0, 0, 0) + {CLOCK} * "
                   f"INTERVAL '1 second' ELSE make_time(0, 0, 0) + {_FRACTION} * "
                   f"INTERVAL '1 microsecond' END"),
}
GENERATED_DATE: Final = DialectSql(DATE_SQL)
GENERATED_TIME: Final = DialectSql(TIME_SQL)


def stored_day(day: datetime.date | None) -> int | None:
    """deals.day of a date (NULL: None)."""
    return None if day is None else day.toordinal()


def stored_clock(moment: datetime.time | None) -> int | None:
    """deals.clock of a time of day (NULL: None)."""
    if moment is None:
        return None
    seconds = moment.hour * 3600 + moment.minute * 60 + moment.second
    if not moment.microsecond:
        return seconds
    return -1 - (seconds * _MICROSECONDS + moment.microsecond)
