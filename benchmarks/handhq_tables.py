"""Where and when each HandHQ-shaped hand is dealt (handhq_hands): a site's tables, the players
seated at each, and the site's clock, as a real HandHQ file has them.

Measured on the phh-dataset's files (uoftcprg/phh-dataset, data/handhq/; read in 16,000-character
chunks, only these figures kept):

- Absolute Poker, `ABS-2009-07-01_2009-07-23_100NLH_OBFU/1/abs NLH handhq_1-OBFUSCATED.phhs`,
  offsets 0, 16,000 and 768,000: its 999 hands span 00:00:09 to 00:47:03 of 1 July 2009 (1,270
  hands an hour for the site), the file in order of time, several hands sharing a second. 11
  tables in its first 41 hands (three minutes), 10 in its last 14; a table deals a hand every 6
  seconds a player or so (9 players 42 s, 7 to 8 about 50 s, 6 27 s, 4 to 5 18 to 44 s, 2 to 3
  15 s): some 95 hands an hour a table, 60 to 90 at a full one, 120 to 240 short-handed. Players
  stay: of the 31 players seated at six tables in the first two minutes, 15 are still at the same
  table 46 minutes later (a mean stay near an hour, 60 to 100 hands at a full table); a table's
  player count moves by one now and then (3 to 2, 4 to 6 to 4, 5 to 6 to 4). In the first three
  minutes 9 of the 54 players are seated at more than one table (2 to 4 tables each), holding 27
  of the 72 seats.
- PokerStars, `PS-2009-07-01_2009-07-23_25NLH_OBFU/0.25/ps NLH handhq_1-OBFUSCATED.phhs`, offsets
  0 and 820,000: its 991 hands span 00:00:00 to 00:02:17 (26,000 hands an hour for the site):
  at some 100 hands an hour a table, about 260 tables at once, so a table deals only 3 or 4 hands
  a file and a stay is not measurable in one file; in its first 20 hands (19 tables) 9 players
  are seated at two or three of them, and players seen early sit at other tables two minutes on.

What is drawn here: each site has TABLES of its own (ABS and PS as measured; the other four not
measured, guessed between them), each with a size (a sample hand's player count, redrawn now and
then) and its seated players; a table deals its next hand SECONDS_A_PLAYER a player later (times
a factor of 0.5 to 1.5), the hands of a site in order of time from 1 July 2009 00:00:00 on; each
player leaves after a hand with the chance that hand's seconds over MEAN_STAY, and an empty seat
is filled at once: one time in REGULAR_SEATS by one of the site's regulars (about 0.75 a table,
each at several tables), else by a player of the pool drawn as before (its first names more
often)."""

import base64
import hashlib
import heapq
import random
from dataclasses import dataclass, field
from datetime import date, timedelta

SECONDS_A_PLAYER = 6.0  # ABS: a table deals a hand every 6 s a player or so
MEAN_STAY = 3_600.0  # s: half of ABS's players still at their table after 46 minutes
RESIZE = 0.02  # the chance a table's size is redrawn after a hand
REGULAR_SEATS = 0.37  # ABS: 27 of 72 seats held by players at more than one table
REGULARS_A_TABLE = 0.75  # ABS: 9 such players at 12 tables
TABLES = {"ABS": 12, "PS": 260, "FTP": 120, "IPN": 40, "ONG": 20, "PTY": 40}
START = date(2009, 7, 1)


@dataclass
class Table:
    """A table of a site: its name (a Python literal, as the files write it), its size and its
    seated players (in the order of the next hand's seats)."""

    name: str
    size: int
    seated: list[str] = field(default_factory=list)


def _name(site: str, names: list[str], number: int) -> str:
    """A table's name in the site's convention: the sample's names first (IPN's one name for
    all), then new ones of their shape."""
    if number < len(names) or len(names) == 1:
        return names[number % len(names)]
    first = names[0]
    if "#" in first:
        return f"{first.split('#')[0]}#{1_500_000 + number}'"
    if len(first) == 24:  # 22 characters of base64, quoted
        digest = hashlib.md5(f"{site}:table:{number}".encode()).digest()
        return repr(base64.b64encode(digest).decode()[:22])
    return f"{first[:-1]} {number // len(names) + 1}'"


class Site:
    """A site's tables and clock: `deal()` seats the next table due for its next hand."""

    def __init__(self, rng: random.Random, site: str, table_names: list[str], sizes: list[int],
                 pool: list[str], regulars: list[str]) -> None:
        self.rng, self.sizes, self.pool, self.regulars = rng, sizes, pool, regulars
        # (when it deals next, its number, the table): the next table due first
        self.due = [(rng.uniform(0, 60), number, Table(_name(site, table_names, number),
                                                       rng.choice(sizes)))
                    for number in range(TABLES[site])]
        heapq.heapify(self.due)
        self.minutes: dict[int, tuple[str, str]] = {}

    def _newcomer(self, seated: list[str]) -> str:
        rng = self.rng
        if self.regulars and rng.random() < REGULAR_SEATS:
            name = self.regulars[int(rng.random() * len(self.regulars))]
            if name not in seated:
                return name
        while True:
            name = self.pool[int(len(self.pool) * rng.random() ** 2)]
            if name not in seated:
                return name

    def deal(self) -> tuple[str, list[str], str]:
        """The next table to deal: its name, its players seated for the hand (in the order of
        the hand's seats), and the hand's time, day, month and year lines. The table is due again
        a hand's time later, the button passed on, some players gone."""
        rng = self.rng
        when, number, table = self.due[0]
        if rng.random() < RESIZE:
            table.size = rng.choice(self.sizes)
        seated = table.seated
        while len(seated) > table.size:
            del seated[int(rng.random() * len(seated))]
        while len(seated) < table.size:
            seated.insert(int(rng.random() * (len(seated) + 1)), self._newcomer(seated))
        gap = SECONDS_A_PLAYER * len(seated) * (0.5 + rng.random())
        heapq.heapreplace(self.due, (when + gap, number, table))
        leave = gap / MEAN_STAY
        table.seated = [name for name in seated[1:] + seated[:1] if rng.random() >= leave]
        return table.name, seated, self.time_lines(int(when))

    def time_lines(self, second: int) -> str:
        """The time, day, month and year lines of `second` seconds after 1 July 2009 00:00:00."""
        minute, second = divmod(second, 60)
        if minute not in self.minutes:
            day, of_day = divmod(minute, 1_440)
            today = START + timedelta(days=day)
            self.minutes[minute] = (f"time = {of_day // 60:02d}:{of_day % 60:02d}:",
                                    f"\nday = {today.day}\nmonth = {today.month}\n"
                                    f"year = {today.year}\n")
        start, end = self.minutes[minute]
        return f"{start}{second:02d}{end}"
