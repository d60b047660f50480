"""seats.packed (revision 0034): a seat's position, its flags (schema.SEAT_FLAGS), showed,
postflop_folds and (revision 0038) the counts postflop_aggressive and postflop_calls as the bits
of one integer, which `seats` shows again as the columns of those names, generated from it
(GENERATED, GENERATED_COUNTS: SQLite computes them as they are read and stores none;
PostgreSQL, whose generated columns are STORED before 18, stores them too). At 100,000
HandHQ-shaped hands the five columns of 0034 took 38 bytes a deal of SQLite (a byte of each
row's header a column, the position's text), the one integer 13: seats 207 bytes a deal, not
236.

Bits 0-4 hold the position's number (POSITION_NAMES; 0 none), bit 5 is set where the site names
the position (seats.position) and clear where pokerdb's order of the seats does
(seats.tracker_position: a hand of PHH or without a button); bits 6-19 the flags (seats.flags),
20 showed, 21 postflop_folds, 22-25 postflop_aggressive (0 to 15) and 26-30 postflop_calls (0 to
31). What most seats have comes first, so that most seats' integers take one to three bytes
(SQLite stores an integer in 1, 2, 3, 4, 6 or 8 bytes, the fewest that hold it): a seat that
bets or raises once after the flop and calls nothing still takes three, any other with a count
four. The counts' widths hold any count a hand can make where the bets of a street are capped
at four (a seat bets or raises at most twice a street, and calls at most four times: 8 and 16
over stud's four streets after the first; no-limit's raises are bounded by the stacks alone,
and no recorded hand we have comes near: 4 at most in 100,000 HandHQ-shaped hands); 31 bits in
all, so that `packed` stays a 32-bit INTEGER on PostgreSQL. A seat's count beyond its width is
refused (packed_seat's CountTooLargeError; revision 0038's upgrade names the first such seat),
never wrapped into the other bits: import rejects such a hand as an invalid hand before it
numbers the deals (steps.count_limits reads the widths from COUNT_BITS). At 100,000
HandHQ-shaped hands (12.4 % of the seats bet or raise after the flop, 4.6 % call) `seats`
takes 186.8 bytes a hand of SQLite with the counts in `packed`, 197.1 with them as two
columns.

seats.allin stays a column of its own: the views read the all-in seats from a partial index
(WHERE allin = 1) alone, which SQLite does not do where the query reads a generated column
(it reads the row), nor where the condition is an expression of a view.
"""

from typing import Final

from pokerdb.errors import PokerdbError

# What a tracker counts of each seat of a recorded hand (pokerdb.rules.tracker_stats), kept by
# import in `seats` (as PokerTracker's per-seat statistics table holds the player, position and
# amount won) and shown by the view seat_stats. Flags are 0 or 1, the postflop_* columns
# counts; docs/player-stats.md defines each.
TRACKER_COUNTS: Final = (
    "preflop_acted", "vpip", "pfr", "three_bet_chance", "three_bet", "faced_three_bet",
    "folded_to_three_bet", "saw_flop", "cbet_chance", "cbet", "faced_cbet", "folded_to_cbet",
    "postflop_aggressive", "postflop_calls", "postflop_folds", "went_to_showdown",
    "won_at_showdown", "allin")
# The flags among them that seats.flags packs into one integer, bit i the i-th (revision 0022:
# a seat's 18 columns took 18 bytes of SQLite, the integer 2); the view seat_stats has them as
# columns again. The counts keep a column each (0 and 1 take no byte beyond the record's
# header); allin and postflop_folds, 0 or 1, are bits of seats.packed since revision 0034.
SEAT_FLAGS: Final = tuple(name for name in TRACKER_COUNTS if name not in (
    "postflop_aggressive", "postflop_calls", "postflop_folds", "allin"))
# The positions by number from 1 (the most seats first), then UTG+k numbered 7 + k.
POSITION_NAMES: Final = ("BB", "BTN", "SB", "UTG", "CO", "HJ", "LJ")
POSITION_MASK: Final = 31  # room for UTG+24: 23 players have UTG+16 at most
SITE_POSITION: Final = 32
FLAGS_SHIFT: Final = 6
FLAGS_MASK: Final = (1 << len(SEAT_FLAGS)) - 1
SHOWED_BIT: Final = FLAGS_SHIFT + len(SEAT_FLAGS)
FOLDS_BIT: Final = SHOWED_BIT + 1
# The counts held above the bits (revision 0038): each one's first bit and its width.
COUNT_BITS: Final = {"postflop_aggressive": (FOLDS_BIT + 1, 4),
                     "postflop_calls": (FOLDS_BIT + 5, 5)}
_UTG: Final = len(POSITION_NAMES)
PACKED: Final = "packed"  # the column
_NUMBERS: Final = {name: number for number, name in enumerate(POSITION_NAMES, start=1)}
# Each position's name by its number ('' for none, as player_totals.position has it).
NAMED_POSITIONS: Final = ("", *POSITION_NAMES,
                          *(f"UTG+{rank}" for rank in range(1, POSITION_MASK + 1 - _UTG)))


class CountTooLargeError(PokerdbError):
    """A seat's count that seats.packed cannot hold (COUNT_BITS)."""


def packed_seat(position: str, by_site: bool, flags: int, showed: bool, folds: int,
                aggressive: int, calls: int) -> int:
    """seats.packed of a seat: its position (the site's where `by_site`), its flags packed
    (packed_counts.packed_flags), whether it showed, folded after the flop, and its bets and
    raises and its calls after the flop (CountTooLargeError beyond their widths)."""
    number = _NUMBERS.get(position)
    if number is None:
        number = _UTG + int(position.removeprefix("UTG+"))
        assert position == f"UTG+{number - _UTG}" and number <= POSITION_MASK, position
    assert folds <= 1, "a seat folds once"
    aggressive_at, aggressive_width = COUNT_BITS["postflop_aggressive"]
    calls_at, calls_width = COUNT_BITS["postflop_calls"]
    if aggressive >> aggressive_width or calls >> calls_width:
        raise CountTooLargeError(
            f"a seat's {aggressive} bets and raises and {calls} calls after the flop: "
            f"seats.packed holds at most {(1 << aggressive_width) - 1} and "
            f"{(1 << calls_width) - 1}")
    return (number | (SITE_POSITION if by_site else 0) | flags << FLAGS_SHIFT
            | int(showed) << SHOWED_BIT | folds << FOLDS_BIT | aggressive << aggressive_at
            | calls << calls_at)


def position_sql(packed: str, site: bool | None = None) -> str:
    """SQL for the position held by the integer `packed` (SQL): seats.position (`site`),
    seats.tracker_position (not `site`), or whichever names it (None: seat_stats.position)."""
    number = f"({packed} & {POSITION_MASK})"
    named = " ".join(f"WHEN {index} THEN '{name}'"
                     for index, name in enumerate(POSITION_NAMES, start=1))
    name = (f"CASE {number} WHEN 0 THEN NULL {named} "
            f"ELSE 'UTG+' || CAST({number} - {_UTG} AS TEXT) END")
    if site is None:
        return name
    return f"CASE WHEN ({packed} & {SITE_POSITION}) {'<>' if site else '='} 0 THEN {name} END"


def bit_sql(packed: str, bit: int, width: int = 1) -> str:
    """SQL for the `width` bits from the bit `bit` of the integer `packed` (SQL), a
    SMALLINT."""
    return f"CAST(({packed} >> {bit}) & {(1 << width) - 1} AS SMALLINT)"


# Each column of seats generated from seats.packed by revision 0034, as SQL (the same on both
# backends).
GENERATED: Final = {
    "showed": f"(({PACKED} >> {SHOWED_BIT}) & 1) = 1",
    "position": position_sql(PACKED, True),
    "tracker_position": position_sql(PACKED, False),
    "flags": f"({PACKED} >> {FLAGS_SHIFT}) & {FLAGS_MASK}",
    "postflop_folds": bit_sql(PACKED, FOLDS_BIT),
}
# The counts generated from it since revision 0038, as SQL.
GENERATED_COUNTS: Final = {name: bit_sql(PACKED, *bits) for name, bits in COUNT_BITS.items()}
