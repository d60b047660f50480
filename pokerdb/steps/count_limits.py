"""Recorded hands with a seat whose postflop count seats.packed cannot hold (the widths of
storage.schema.seat_bits.COUNT_BITS: 16 bets or raises of one seat after the flop, or 32
calls, as a no-limit raise war can make), refused as invalid hands: skipped and kept in
`rejects` with --skip-invalid, else failing the import with one line naming the hand.

They are refused as a unit's items are made (steps.hand_workers, a worker's unit; importer,
the input read in the importing process), before the importer gives the batches their deal
ids, so that the deals stored keep consecutive ids. A batch's refused hands come before what
is left of the batch, as HandHistories yields the hands a batch's settlement rejects.
"""

from collections.abc import Iterable, Iterator
from typing import Final, TypeVar

from pokerdb.formats.input import Rejected
from pokerdb.formats.phh.hand_histories import HandHistories
from pokerdb.rules.hand_batches import HandBatch
from pokerdb.rules.settlement import Replayed
from pokerdb.rules.tracker_stats import posted_blinds, tracker_counts
from pokerdb.storage.schema.seat_bits import COUNT_BITS

Item = TypeVar("Item")
_AGGRESSIVE_MOST: Final = (1 << COUNT_BITS["postflop_aggressive"][1]) - 1
_CALLS_MOST: Final = (1 << COUNT_BITS["postflop_calls"][1]) - 1
# A count beyond its width needs this many bets and raises in the hand: a seat's calls after
# the flop each answer a bet or raise made since its last (tracker_stats counts a call that
# faces one), so a seat calls no more times than the others bet or raise.
_FEWEST_RAISES: Final = min(_AGGRESSIVE_MOST, _CALLS_MOST) + 1


def within_count_limits(items: Iterable[Item | HandBatch], read: HandHistories
                        ) -> Iterator[Item | HandBatch | Rejected]:
    """The items, each batch's hands whose counts seats.packed cannot hold taken out of it
    and rejected (before the rest of the batch); the other items as they are."""
    for item in items:
        if not isinstance(item, HandBatch):
            yield item
            continue
        keep: list[int] = []
        for index, hand in enumerate(item.hands):
            problem = _count_problem(hand.replayed)
            if problem is None:
                keep.append(index)
            else:
                yield read.rejected(hand.position, hand.replayed.hand.error(problem))
        yield item.subset(keep) if len(keep) < len(item) else item


def _count_problem(replayed: Replayed) -> str | None:
    """Why seats.packed cannot hold a count of the hand's first such seat; None for a hand
    whose counts fit (nearly every hand: one with fewer than 16 bets and raises is not
    counted)."""
    hand = replayed.hand
    actions = hand.actions
    if len(actions) < _FEWEST_RAISES or "\n".join(actions).count("cbr") < _FEWEST_RAISES:
        return None
    counts = tracker_counts(hand.player_count, replayed.moves, replayed.actors,
                            posted_blinds(hand))
    for seat, stats in enumerate(counts, start=1):
        if stats.postflop_aggressive > _AGGRESSIVE_MOST:
            return (f"p{seat} bets or raises {stats.postflop_aggressive} times after the "
                    f"flop: pokerdb stores at most {_AGGRESSIVE_MOST} a seat")
        if stats.postflop_calls > _CALLS_MOST:
            return (f"p{seat} calls {stats.postflop_calls} times after the flop: pokerdb "
                    f"stores at most {_CALLS_MOST} a seat")
    return None
