"""Reading PHH files into hands (see pokerdb.formats.phh for what is read and how): each file's
hands (the files of a path: pokerdb.formats.phh.files), and each hand's fields checked into a
`PhhHand`.

Input is bounded as deal files' lines are: a file is read whole within its bound
(pokerdb.formats.phh.files); a string field holds at most MAX_TEXT_CHARS (each field is read by
pokerdb.formats.phh.fields); an amount is refused unless pokerdb can store it exactly
(pokerdb.formats.phh.amounts). TOML is read by pokerdb.formats.phh.toml, a .phhs one hand's
table at a time. A site's hand that pokerdb exported comes back with its site's facts
(pokerdb.formats.phh.site).
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Final, cast

from pokerdb.errors import quoted
from pokerdb.formats.encodings import UTF8_BOM
from pokerdb.formats.phh.amounts import MAX_DIGITS
from pokerdb.formats.phh.fields import Fields
from pokerdb.formats.phh.files import PhhFile, phh_files
from pokerdb.formats.phh.site import SITE_FIELD, TAKEN_FIELDS, exported_site
from pokerdb.formats.phh.toml import AMOUNT_FIELDS, hand_tables, load_toml
from pokerdb.formats.phh.venues import accounting_of
from pokerdb.rules.hand_record import PHH_RULES, PhhError, PhhHand, site_rules


def read_hands(path: Path) -> Iterator[PhhHand | PhhError]:
    """Every hand under `path` (see `phh_files`), in order; an invalid hand, or a file that
    cannot be read at all, comes as its PhhError."""
    for file in phh_files(path):
        try:
            content = file.content()
        except PhhError as error:
            yield error
            continue
        yield from parse_file(file, content)


def parse_file(file: PhhFile, content: bytes) -> Iterator[PhhHand | PhhError]:
    """The hands of one file's (decompressed) content."""
    try:
        text = content.decode("utf-8").removeprefix(UTF8_BOM)
    except UnicodeDecodeError as exc:
        yield PhhError(file.source, f"not UTF-8 text: byte {exc.start + 1} cannot be decoded")
        return
    if file.holds_many:
        yield from parse_hands(text, file.source)
        return
    try:
        yield parse_hand(text, file.source)
    except PhhError as error:
        yield error


def parse_hand(text: str, source: str) -> PhhHand:
    """The hand of a `.phh` file's text."""
    return hand_from_table(load_toml(text, source), source)


def parse_hands(text: str, source: str) -> Iterator[PhhHand | PhhError]:
    """The hands of a `.phhs` file's text, each named ``source#KEY``."""
    for item in hand_tables(text, source):
        if isinstance(item, PhhError):
            yield item
            continue
        key, table = item
        if not isinstance(table, dict):
            yield PhhError(source, f"{quoted(key)} is not a hand: a .phhs file holds only "
                                   f"tables [1], [2], ..., one per hand")
            continue
        try:
            yield hand_from_table(table, f"{source}#{key}")
        except PhhError as error:
            yield error


# --- fields ---------------------------------------------------------------------------------

def hand_from_table(table: dict[str, object], source: str) -> PhhHand:
    """A hand from its TOML table, every field checked for type and length, every amount
    for what pokerdb can store exactly (pokerdb.formats.phh.amounts)."""
    fields = Fields(table, source)
    variant = fields.text("variant")
    stacks = fields.numbers("starting_stacks", infinite=True)
    if len(stacks) < 2:
        raise fields.fail("starting_stacks", f"has {len(stacks)} value(s): a hand needs at "
                                             f"least 2 players")
    players = len(stacks)
    antes = fields.numbers("antes", players)
    blinds = fields.optional_numbers("blinds_or_straddles", players, signed=True)
    # a list, not map's iterator: compiled (mypyc), unpacking an iterator that raises reports
    # 'not enough values to unpack' instead of the field's error
    bring_in, small_bet, big_bet, min_bet = [fields.optional_number(name)
                                             for name in AMOUNT_FIELDS]
    finishing = fields.optional_numbers("finishing_stacks", players)
    winnings = fields.optional_numbers("winnings", players)
    details = fields.details()
    # A site's hand that pokerdb exported (`_site`) states PHH's own figures, whatever its venue.
    accounting = accounting_of(None if SITE_FIELD in fields.table else details.venue)
    if accounting.zeros_unrecorded and winnings is not None and not any(winnings):
        winnings = None  # the venue's files write zeros where nothing was recorded
    taken = [fields.optional_amount(name) for name in TAKEN_FIELDS]
    site = exported_site(fields, players)
    actions = fields.texts("actions")
    names = fields.optional_texts("players", players)
    exponent = fields.exponent(actions)
    starting_stacks = fields.units("starting_stacks", stacks)
    # The replay holds every bet to a stack; an unknown one (None) holds none. A `cbr` amount
    # has at most `exponent` more digits in the hand's unit than its action has characters
    # past "x cbr ": where no action is that long, none has more than MAX_DIGITS.
    longest = fields.longest["actions"]
    if None in starting_stacks or longest > _SHORT_ACTION or (
            exponent and longest + exponent > _CBR_WORDS + MAX_DIGITS):
        fields.check_bets(actions, exponent)
    paid = None if winnings is None else cast("tuple[int, ...]",
                                              fields.units("winnings", winnings))
    rake = fields.unit(TAKEN_FIELDS[0], taken[0]) or 0
    fees = fields.unit(TAKEN_FIELDS[1], taken[1]) or 0
    return PhhHand(
        source=source,
        variant=variant,
        exponent=exponent,
        antes=cast("tuple[int, ...]", fields.units("antes", antes)),
        blinds_or_straddles=None if blinds is None else cast(
            "tuple[int, ...]", fields.units("blinds_or_straddles", blinds)),
        bring_in=fields.unit("bring_in", bring_in),
        small_bet=fields.unit("small_bet", small_bet),
        big_bet=fields.unit("big_bet", big_bet),
        min_bet=fields.unit("min_bet", min_bet),
        starting_stacks=starting_stacks,
        actions=tuple(actions),
        ante_trimming_status=fields.flag("ante_trimming_status"),
        players=None if names is None else tuple(names),
        finishing_stacks=None if finishing is None else cast(
            "tuple[int, ...]", fields.units("finishing_stacks", finishing)),
        winnings=paid,
        details=details,
        site=None if site is None or paid is None else site.facts(fields, paid, rake, fees),
        taken=rake + fees,
        rules=PHH_RULES if site is None else site_rules(site.site),  # as exported
        accounting=accounting,
    )


# The longest action whose amount cannot have MAX_DIGITS digits ("p10 cbr " and fewer).
_SHORT_ACTION: Final = len("p10 cbr ") + MAX_DIGITS - 1
_CBR_WORDS: Final = len("x cbr ")  # the least a `cbr` action writes before its amount
