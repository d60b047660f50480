"""storage.held_sums, the players' summaries as an import holds them: random seats summed in one
batch, or in batches merged in any cut, lay out the same rows, and those rows are the seats
counted one by one (hands, flags, net, hands of unknown result; a row of player_runs' hands,
deals, seconds, tables and biggest hands)."""

from collections import defaultdict
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerdb.storage import held_sums, run_biggest
from pokerdb.storage.player_sums import PlayerSums
from pokerdb.storage.run_biggest import RUN_BIGGEST
from pokerdb.storage.schema import SEAT_FLAGS

NAMES = ("Ann", "Bea", "Col")
TABLES = ("Alpha", "Beta")
_seat = st.tuples(
    st.sampled_from(NAMES), st.integers(738_000, 738_001), st.sampled_from(("BB", "SB", "BTN")),
    st.integers(0, (1 << len(SEAT_FLAGS)) - 1), st.integers(0, 3), st.integers(0, 3),
    st.integers(0, 1), st.integers(0, 1),
    st.none() | st.integers(-(10 ** 12), 10 ** 12),
    st.none() | st.integers(-10 ** 6, 2 * 10 ** 9), st.sampled_from(TABLES))
DEALS = 50  # the deal ids between a seat's and the next one's: some rows' span KEPT_SPAN


def _dealt(seats: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The seats, each of a deal of its own, with its id and its row's bucket."""
    return [(*seat[:9], 1 + DEALS * index, seat[9], seat[10],
             -1 if seat[9] is None else seat[9] // 1800) for index, seat in enumerate(seats)]


def _summed(seats: list[tuple[Any, ...]]) -> PlayerSums:
    sums = PlayerSums()
    for (name, day, position, flags, aggressive, calls, folds, allin, net, deal_id, second,
         table, bucket) in seats:
        held_sums.add_seat(sums.days, sums.runs.held,
                           (name, 1, "site", "USD", "NT 1/2", day, bucket, 20_000), position,
                           held_sums.seat_value(flags, aggressive, calls, folds, allin, net),
                           20_000, deal_id, second, table, net)
    return sums


def _laid_out(sums: PlayerSums) -> tuple[list[Any], list[Any], list[Any]]:
    names = {name: number for number, name in enumerate(NAMES)}
    tables = {name: number for number, name in enumerate(TABLES)}
    return (held_sums.total_rows(held_sums.totals(sums.days), names),
            held_sums.day_rows(sums.days, names, {("site", "USD", "NT 1/2", 20_000): 7}),
            sorted((key, held_sums.run_sums(row, tables)) for key, row in sums.runs.held.items()))


@settings(max_examples=200, deadline=None)
@given(st.lists(_seat, max_size=60), st.lists(st.integers(0, 60), max_size=6))
def test_any_batches_lay_out_the_seats_counted_one_by_one(drawn: list[tuple[Any, ...]],
                                                          cuts: list[int]) -> None:
    seats = _dealt(drawn)
    held = PlayerSums()
    bounds = [0, *sorted(cuts), len(seats)]
    for start, end in pairwise(bounds):
        batch = _summed(seats[start:end])
        held_sums.merge_days(held.days, batch.days)
        held.runs.merge(batch.runs)
    totals, days, runs = _laid_out(held)
    assert (totals, days, runs) == _laid_out(_summed(seats))
    counted: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0] * 5)
    for name, _, position, flags, aggressive, calls, folds, allin, net, *_ in seats:
        row = counted[NAMES.index(name), position]
        row[0] += 1
        row[1] += (flags >> SEAT_FLAGS.index("vpip")) & 1
        row[2] += aggressive + calls + folds + allin
        row[3] += net or 0
        row[4] += net is None
    columns = held_sums.PACKED
    found = {(row[0], row[2]): [row[5 + columns.index("hands")],
                                row[5 + columns.index("vpip")],
                                sum(row[5 + columns.index(name)] for name in (
                                    "postflop_aggressive", "postflop_calls", "postflop_folds",
                                    "allin")),
                                row[5 + len(columns)], row[5 + columns.index(columns[-1])]]
             for row in totals}
    assert found == counted
    for (name, _, _, _, _, day, bucket, _), (hands, known, net, peak, biggest, first, last,
                                             started, ended, tables) in runs:
        mine = [seat for seat in seats if (seat[0], seat[1], seat[12]) == (name, day, bucket)]
        known_nets = [(seat[9], seat[8]) for seat in mine if seat[8] is not None]
        seconds = [seat[10] for seat in mine if seat[10] is not None]
        assert (hands, known, net, peak) == (len(mine), len(known_nets),
                                             sum(net for _, net in known_nets),
                                             max((abs(net) for _, net in known_nets), default=-1))
        assert (first, last) == (mine[0][9], mine[-1][9])
        assert (started, ended) == (min(seconds, default=None), max(seconds, default=None))
        assert tables == str(sorted({TABLES.index(seat[11]) for seat in mine})).replace(" ", "")
        ranked = sorted(known_nets, key=lambda hand: (-abs(hand[1]), hand[0]))[:RUN_BIGGEST]
        assert biggest == ("" if last - first < run_biggest.KEPT_SPAN else ";".join(
            f"{deal_id - first},{net}" for deal_id, net in ranked))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, (1 << len(SEAT_FLAGS)) - 1), st.integers(0, 300),
                          st.integers(0, 300), st.integers(0, 1), st.integers(0, 1) | st.booleans(),
                          st.none() | st.integers(-(10 ** 15), 10 ** 15)), max_size=40))
def test_a_seat_s_value_holds_each_of_its_columns_in_its_field(seats: list[Any]) -> None:
    """seat_value, whatever seats came before (it keeps the counts of those it met, and counts
    of 256 and more as they come): the hand, each flag, each count and the net in their own
    fields, whatever the seats' order."""
    columns = held_sums.PACKED
    for seats_in_order in (seats, seats[::-1]):
        for flags, aggressive, calls, folds, allin, net in seats_in_order:
            value = held_sums.seat_value(flags, aggressive, calls, folds, allin, net)
            fields = held_sums._FIELDS.unpack(
                (value & held_sums._COUNTS).to_bytes(held_sums._FIELDS.size, "little"))
            expected = dict.fromkeys(columns, 0) | {
                "hands": 1, "postflop_aggressive": aggressive, "postflop_calls": calls,
                "postflop_folds": folds, "allin": int(allin),
                "hands_result_unknown": int(net is None)} | {
                name: (flags >> bit) & 1 for bit, name in enumerate(SEAT_FLAGS)}
            assert dict(zip(columns, fields, strict=True)) == expected
            assert value >> held_sums._NET_SHIFT == (net or 0)
