"""seats.packed (revision 0034): a seat's position, its flags (schema.SEAT_FLAGS), showed and
postflop_folds as the bits of one integer, which `seats` shows again as the columns of those
names, generated from it (GENERATED: SQLite computes them as they are read and stores none;
PostgreSQL, whose generated columns are STORED before 18, stores them too). At 100,000
HandHQ-shaped hands the five columns took 38 bytes a deal of SQLite (a byte of each row's header
a column, the position's text), the one integer 13: seats 207 bytes a deal, not 236.

Bits 0-4 hold the position's number (POSITION_NAMES; 0 none), bit 5 is set where the site names
the position (seats.position) and clear where pokerdb's order of the seats does
(seats.tracker_position: a hand of PHH or without a button); bits 6-19 the flags (seats.flags),
20 showed, 21 postflop_folds. What most seats have comes first, so that most seats' integers
take one or two bytes.

seats.allin stays a column of its own: the views read the all-in seats from a partial index
(WHERE allin = 1) alone, which SQLite does not do where the query reads a generated column
(it reads the row), nor where the condition is an expression of a view.
"""

from typing import Final

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
_UTG: Final = len(POSITION_NAMES)
PACKED: Final = "packed"  # the column
_NUMBERS: Final = {name: number for number, name in enumerate(POSITION_NAMES, start=1)}
# Each position's name by its number ('' for none, as player_totals.position has it).
NAMED_POSITIONS: Final = ("", *POSITION_NAMES,
                          *(f"UTG+{rank}" for rank in range(1, POSITION_MASK + 1 - _UTG)))


def packed_seat(position: str, by_site: bool, flags: int, showed: bool, folds: int) -> int:
    """seats.packed of a seat: its position (the site's where `by_site`), its flags packed
    (packed_counts.packed_flags), whether it showed, folded after the flop."""
    number = _NUMBERS.get(position)
    if number is None:
        number = _UTG + int(position.removeprefix("UTG+"))
        assert position == f"UTG+{number - _UTG}" and number <= POSITION_MASK, position
    assert folds <= 1, "a seat folds once"
    return (number | (SITE_POSITION if by_site else 0) | flags << FLAGS_SHIFT
            | int(showed) << SHOWED_BIT | folds << FOLDS_BIT)


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


def bit_sql(packed: str, bit: int) -> str:
    """SQL for the bit `bit` of the integer `packed` (SQL), a SMALLINT."""
    return f"CAST(({packed} >> {bit}) & 1 AS SMALLINT)"


# Each column of seats generated from seats.packed, as SQL (the same on both backends).
GENERATED: Final = {
    "showed": f"(({PACKED} >> {SHOWED_BIT}) & 1) = 1",
    "position": position_sql(PACKED, True),
    "tracker_position": position_sql(PACKED, False),
    "flags": f"({PACKED} >> {FLAGS_SHIFT}) & {FLAGS_MASK}",
    "postflop_folds": bit_sql(PACKED, FOLDS_BIT),
}
