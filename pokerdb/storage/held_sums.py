"""The players' summaries as an import holds them (storage.player_sums, whose rows of
player_runs are storage.player_runs'): a seat added to a batch's rows, a batch's rows merged into
those held, and the rows held laid out as the tables' rows to write, each a loop over plain
dicts, tuples and integers. Compiled with mypyc in the wheel: steps.seat_sums adds a batch's
seats by one call of `add_seats` (whose loop calls `add_seat` and `add_run_seat` natively),
where interpreted the calls a seat cost a worker more than the loops (the importer's merges
take as long either way: their time is in the dicts, the tuples and the long integers).

A row of player_totals or player_days is one integer: its counts (`PACKED`: the hands, the
TRACKER_COUNTS and the hands of unknown result) a field of FIELD_BITS bits each, and above them
its net (of any sign: the fields below it stay whole and positive), so that a seat, or a
batch's row, adds every sum in one addition. A row of player_runs is a list (`Run`): its hands,
known, net, first and last deal, first and last second, its tables' names and its biggest hands,
each a `ranked` integer (more than RUN_BIGGEST at times).
"""

import json
import struct
import sys
from collections.abc import Iterator, Sequence
from typing import Any, Final

from pokerdb.storage import run_biggest
from pokerdb.storage.run_biggest import RUN_BIGGEST
from pokerdb.storage.schema.seat_bits import (
    COUNT_BITS,
    FLAGS_MASK,
    FLAGS_SHIFT,
    FOLDS_BIT,
    NAMED_POSITIONS,
    POSITION_MASK,
    SEAT_FLAGS,
    TRACKER_COUNTS,
)

FIELD_BITS: Final = 64  # an unsigned 64-bit integer a count, read back at once by struct
PACKED: Final = ("hands", *TRACKER_COUNTS, "hands_result_unknown")
_SHIFT: Final = {name: FIELD_BITS * at for at, name in enumerate(PACKED)}
_NET_SHIFT: Final = FIELD_BITS * len(PACKED)
_COUNTS: Final = (1 << _NET_SHIFT) - 1
_FIELDS: Final = struct.Struct(f"<{len(PACKED)}Q")
_AGGRESSIVE: Final = _SHIFT["postflop_aggressive"]
_CALLS: Final = _SHIFT["postflop_calls"]
_FOLDS: Final = _SHIFT["postflop_folds"]
_ALLIN: Final = _SHIFT["allin"]
_UNKNOWN: Final = 1 << _SHIFT["hands_result_unknown"]
_FLAGS: Final = (1 << len(SEAT_FLAGS)) - 1
_FLAG_COUNTS: Final[dict[int, int]] = {}  # seats.flags: the hand and its flags, packed
# A seat's counts but its net (seat_value), by its columns packed in one small integer
# (_counts_key); forgotten at _SEAT_COUNTS_MOST. Each count's field is a shift of hundreds of
# bits: added one by one, a seat's counts made as many long integers.
_SEAT_COUNTS: Final[dict[int, int]] = {}
_SEAT_COUNTS_MOST: Final = 1 << 16
_COUNT_BITS: Final = 8  # postflop_aggressive's and postflop_calls' in the key (larger: not kept)
_COUNT_LIMIT: Final = 1 << _COUNT_BITS

# The keys of player_totals and of player_days (storage.player_stats.KEPT), each with the
# big blind, and of player_runs (storage.player_runs.KEYS: its site, money, stakes and big
# blind as texts, 0 for none), each player by its name: (name, currency, position, stakes,
# dataset id, big blind or None), (name, day, site, currency, position, stakes, dataset id,
# big blind or None) and (name, dataset id, site, currency, stakes, day, bucket, big blind or
# 0). Typed as tuples of any length: compiled, a tuple of fixed types is taken apart where a
# function takes it, and made again (a new tuple, and new objects of its integers) each time
# a dict looks it up.
TotalKey = tuple[Any, ...]
DayKey = tuple[Any, ...]
RunKey = tuple[Any, ...]
# A row of player_runs held, its fields by these indexes.
Run = list[Any]
_HANDS: Final = 0
_KNOWN: Final = 1
_NET: Final = 2
_FIRST: Final = 3
_LAST: Final = 4
_STARTED: Final = 5
_ENDED: Final = 6
_TABLES: Final = 7
_BIGGEST: Final = 8
_AGGRESSIVE_AT, _AGGRESSIVE_WIDTH = COUNT_BITS["postflop_aggressive"]
_AGGRESSIVE_MASK: Final = (1 << _AGGRESSIVE_WIDTH) - 1
_CALLS_AT, _CALLS_WIDTH = COUNT_BITS["postflop_calls"]
_CALLS_MASK: Final = (1 << _CALLS_WIDTH) - 1
_DEAL_BITS: Final = 40  # deal ids below 2 ** 40
_DEALS: Final = (1 << _DEAL_BITS) - 1
_SIZE_SHIFT: Final = _DEAL_BITS + 1


def seat_value(flags: int, aggressive: int, calls: int, folds: int, allin: int,
               net: int | None) -> int:
    """What a seat adds to its rows of player_totals and player_days: seats' columns, its net
    (None: unknown)."""
    key = _counts_key(flags, aggressive, calls, folds, allin)
    counts = _SEAT_COUNTS.get(key) if key >= 0 else None
    if counts is None:
        counts = _FLAG_COUNTS.get(flags)
        if counts is None:
            counts = 1 << _SHIFT["hands"]
            for bit, name in enumerate(SEAT_FLAGS):
                counts |= ((flags >> bit) & 1) << _SHIFT[name]
            _FLAG_COUNTS[flags] = counts
        counts += ((aggressive << _AGGRESSIVE) + (calls << _CALLS) + (folds << _FOLDS)
                   + (allin << _ALLIN))
        if key >= 0:
            if len(_SEAT_COUNTS) >= _SEAT_COUNTS_MOST:
                _SEAT_COUNTS.clear()
            _SEAT_COUNTS[key] = counts
    return counts + (_UNKNOWN if net is None else net << _NET_SHIFT)


def _counts_key(flags: int, aggressive: int, calls: int, folds: int, allin: int) -> int:
    """A seat's columns of seat_value but its net as one small integer, -1 where one is out of
    its field's range (not kept)."""
    if not (0 <= flags <= _FLAGS and 0 <= aggressive < _COUNT_LIMIT
            and 0 <= calls < _COUNT_LIMIT and 0 <= folds <= 1 and 0 <= allin <= 1):
        return -1
    return ((((flags << _COUNT_BITS | aggressive) << _COUNT_BITS | calls) << 1 | folds) << 1
            | allin)


def add_seats(days: dict[DayKey, int], runs: dict[RunKey, Run], seats: Sequence[Sequence[Any]],
              deals: dict[int, tuple[Any, ...]], dataset_id: int,
              columns: tuple[int, int, int, int, int]) -> None:
    """The seats with a name (rows of seats, whose deal id, name, net, allin and packed are
    at `columns`) added to their rows (add_seat), each deal's keys from `deals`: its site,
    money, stakes, day, bucket, big blind, table and second of play."""
    deal_at, name_at, net_at, allin_at, packed_at = columns
    for seat in seats:
        name = seat[name_at]
        if name is None:
            continue
        deal_id: int = seat[deal_at]
        site, currency, stakes, day, bucket, big_blind, table, second = deals[deal_id]
        packed: int = seat[packed_at]  # storage.schema.seat_bits
        net: int | None = seat[net_at]
        # Its names kept once: a batch's rows of a player are sent with one copy of them.
        add_seat(days, runs, (sys.intern(name), dataset_id, site, currency, stakes, day, bucket,
                              big_blind or 0),
                 NAMED_POSITIONS[packed & POSITION_MASK],
                 seat_value(packed >> FLAGS_SHIFT & FLAGS_MASK,
                            packed >> _AGGRESSIVE_AT & _AGGRESSIVE_MASK,
                            packed >> _CALLS_AT & _CALLS_MASK, packed >> FOLDS_BIT & 1,
                            seat[allin_at], net),
                 big_blind, deal_id, second, table, net)


def add_seat(days: dict[DayKey, int], runs: dict[RunKey, Run], run: RunKey, position: str,
             sums: int, big_blind: int | None, deal_id: int, second: int | None, table: str,
             net: int | None) -> None:
    """A seat added to its row of player_days (its `sums`: seat_value) and of player_runs
    (`run`, whose keys name player_days' but the position)."""
    name, dataset_id, site, currency, stakes, day, _, _ = run
    key: DayKey = (name, day, site, currency, position, stakes, dataset_id, big_blind)
    before = days.get(key)
    days[key] = sums if before is None else before + sums
    add_run_seat(runs, run, deal_id, second, table, net)


def add_run_seat(runs: dict[RunKey, Run], key: RunKey, deal_id: int, second: int | None,
                 table: str, net: int | None) -> None:
    """A seat of deal `deal_id`, played at `second` at `table`, its net None where unknown,
    added to its row of player_runs."""
    row = runs.get(key)
    if row is None:
        row = [0, 0, 0, deal_id, deal_id, second, second, {table}, []]
        runs[key] = row
    else:
        if deal_id < row[_FIRST]:
            row[_FIRST] = deal_id
        elif deal_id > row[_LAST]:
            row[_LAST] = deal_id
        if second is not None:
            if row[_STARTED] is None or second < row[_STARTED]:
                row[_STARTED] = second
            if row[_ENDED] is None or second > row[_ENDED]:
                row[_ENDED] = second
        row[_TABLES].add(table)
    row[_HANDS] += 1
    if net is not None:
        row[_KNOWN] += 1
        row[_NET] += net
        biggest: list[int] = row[_BIGGEST]
        biggest.append(_ranked(deal_id, net))
        if len(biggest) >= 2 * RUN_BIGGEST:
            _kept(biggest, [])


def merge_days(held: dict[DayKey, int], rows: dict[DayKey, int]) -> None:
    """A batch's rows of player_days (which it gives up) added to those `held`: the rows held
    of its keys added to the batch's, which then replace them (one hash of each key)."""
    known = held.get
    for key, summed in rows.items():
        before = known(key)
        if before is not None:
            rows[key] = summed + before
    held.update(rows)


def merge_runs(held: dict[RunKey, Run], rows: dict[RunKey, Run]) -> None:
    """A batch's rows of player_runs (which it gives up) added to those `held`: the rows held
    of its keys joined to the batch's, which then replace them."""
    known = held.get
    for key, row in rows.items():
        before = known(key)
        if before is not None:
            _joined(row, before)
    held.update(rows)


def totals(days: dict[DayKey, int]) -> dict[TotalKey, int]:
    """The rows of player_totals that rows of player_days sum to (over their days and
    sites)."""
    summed: dict[TotalKey, int] = {}
    known = summed.get
    for (name, _, _, currency, position, stakes, dataset_id, big_blind), value in days.items():
        key: TotalKey = (name, currency, position, stakes, dataset_id, big_blind)
        summed[key] = known(key, 0) + value
    return summed


def total_rows(held: dict[TotalKey, int], name_ids: dict[str, int]) -> list[tuple[Any, ...]]:
    """The rows of player_totals `held`, in key order: the key (the player by the number of
    its name), the PACKED counts, the net, the big blind."""
    return sorted((name_ids[name], currency, position, stakes, dataset_id,
                   *_FIELDS.unpack((summed & _COUNTS).to_bytes(_FIELDS.size, "little")),
                   summed >> _NET_SHIFT, big_blind)
                  for (name, currency, position, stakes, dataset_id, big_blind), summed
                  in held.items())


def day_rows(held: dict[DayKey, int], name_ids: dict[str, int],
             key_ids: dict[tuple[str, str, str, int], int]) -> list[tuple[Any, ...]]:
    """The rows of player_days `held`, in key order: the key (the player by the number of its
    name, the site, money, stakes and big blind by theirs in summary_keys: `key_ids`), the
    PACKED counts, the net."""
    return sorted((name_ids[name], day, key_ids[site, currency, stakes, big_blind or 0],
                   position, dataset_id,
                   *_FIELDS.unpack((summed & _COUNTS).to_bytes(_FIELDS.size, "little")),
                   summed >> _NET_SHIFT)
                  for (name, day, site, currency, position, stakes, dataset_id, big_blind),
                  summed in held.items())


def run_sums(row: Run, table_ids: dict[str, int] | None) -> tuple[object, ...]:
    """A row of player_runs' sums, in the order of player_runs' _SUMS: its tables by their
    numbers (`table_ids`), its biggest hands as revision 0033 keeps them (run_biggest.kept); or
    its tables by their names and its biggest as JSON, always written, as revision 0023 kept
    them (None)."""
    biggest: list[int] = row[_BIGGEST]
    first: int = row[_FIRST]
    last: int = row[_LAST]
    names: set[str] = row[_TABLES]
    if table_ids is None:
        listed = json.dumps(list(_biggest(biggest)), separators=(",", ":"))
        tables = json.dumps(sorted(names), ensure_ascii=False, separators=(",", ":"))
    else:
        listed = run_biggest.kept(_biggest(biggest), first, last)
        tables = "[" + ",".join([str(number) for number in sorted(
            [table_ids[name] for name in names])]) + "]"
    return (row[_HANDS], row[_KNOWN], row[_NET], max(biggest) >> _SIZE_SHIFT if biggest else -1,
            listed, first, last, row[_STARTED], row[_ENDED], tables)


def table_names(held: dict[RunKey, Run]) -> set[str]:
    """The names of the tables of the rows of player_runs `held`."""
    names: set[str] = set()
    for row in held.values():
        names |= row[_TABLES]
    return names


def _biggest(biggest: list[int]) -> Iterator[tuple[int, int]]:
    """A row's biggest hands (`_ranked`), at most RUN_BIGGEST, ranked: (deal id, net)."""
    for ranked in sorted(biggest, reverse=True)[:RUN_BIGGEST]:
        size = ranked >> _SIZE_SHIFT
        yield _DEALS - ((ranked >> 1) & _DEALS), -size if ranked & 1 else size


def _ranked(deal_id: int, net: int) -> int:
    """A hand as one integer (a tenth of the memory of a tuple) that ranks the hands as the
    biggest are ranked, larger first: |net|, then the lower deal id; its sign last."""
    return (abs(net) << _SIZE_SHIFT) | ((_DEALS - deal_id) << 1) | (net < 0)


def _joined(row: Run, other: Run) -> None:
    """A held row with the hands of `other`, a row of the same key, added."""
    row[_HANDS] += other[_HANDS]
    row[_KNOWN] += other[_KNOWN]
    row[_NET] += other[_NET]
    if other[_FIRST] < row[_FIRST]:
        row[_FIRST] = other[_FIRST]
    if other[_LAST] > row[_LAST]:
        row[_LAST] = other[_LAST]
    if other[_STARTED] is not None:
        if row[_STARTED] is None or other[_STARTED] < row[_STARTED]:
            row[_STARTED] = other[_STARTED]
        if row[_ENDED] is None or other[_ENDED] > row[_ENDED]:
            row[_ENDED] = other[_ENDED]
    row[_TABLES] |= other[_TABLES]
    _kept(row[_BIGGEST], other[_BIGGEST])


def _kept(biggest: list[int], added: list[int]) -> None:
    """A row's biggest hands (`_ranked`) with those `added`, cut to RUN_BIGGEST once they are
    twice as many."""
    biggest.extend(added)
    if len(biggest) >= 2 * RUN_BIGGEST:
        biggest.sort(reverse=True)
        del biggest[RUN_BIGGEST:]
