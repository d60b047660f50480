"""The UCI Machine Learning Repository "Poker Hand" CSV: one labelled five-card hand per row.

https://archive.ics.uci.edu/dataset/158/poker+hand: suits 1-4 are Hearts, Spades, Diamonds,
Clubs; ranks 1-13 are Ace, 2, ..., King; CLASS 0-9 counts as our categories do. A row is a
one-player deal; its CLASS, when given, is kept in hand_labels.
"""

from collections.abc import Iterable, Iterator

from pokerdb.errors import quoted
from pokerdb.formats.deals import lines as deal_lines
from pokerdb.formats.deals.lines import chunks, counted, line_text, rejected
from pokerdb.formats.encodings import UTF8_BOM
from pokerdb.formats.input import DealBatch, FormatDescription, PlayerRule, Rejected
from pokerdb.rules.games import FIVE_CARD

UCI_SUITS = {"1": "H", "2": "S", "3": "D", "4": "C"}
UCI_RANKS = {str(number): rank for number, rank in enumerate("A23456789TJQK", start=1)}
UCI_CLASSES = {str(number): number for number in range(10)}
UCI_FIELDS = (*(f"{kind}{card}" for card in range(1, 6) for kind in "SC"), "CLASS")
_UCI_MEANING = {
    "S": "suits are 1-4: Hearts, Spades, Diamonds, Clubs",
    "C": "ranks are 1-13: Ace, 2-10, Jack, Queen, King",
    "CLASS": "classes are 0-9: High Card to Royal Flush",
}


def read_uci(lines: Iterable[bytes]) -> Iterator[DealBatch | Rejected]:
    """One-player deals, labelled with CLASS when the row has one, and rejected rows; blank
    lines and a header row (S1,C1,...) are skipped."""
    line_no = 0
    for chunk in chunks(lines, deal_lines.BATCH_LINES):
        batch = DealBatch()
        for raw in chunk:
            line_no += 1
            row = _uci_row(line_no, raw)
            if isinstance(row, Rejected):
                yield row
            elif row is not None:
                batch.line_nos.append(line_no)
                batch.texts.append(row[0])
                batch.labels.append(row[1])
        if batch:
            yield batch


def _uci_row(line_no: int, raw: bytes) -> tuple[str, int | None] | Rejected | None:
    """One row's hand and CLASS, or why it is rejected; None for a blank line or the header."""
    text = line_text(line_no, raw)
    if isinstance(text, Rejected):
        return text
    fields = [field.strip() for field in text.split(",")]
    if line_no == 1:
        fields[0] = fields[0].removeprefix(UTF8_BOM)
        if tuple(field.upper() for field in fields) in (UCI_FIELDS, UCI_FIELDS[:-1]):
            return None
    if fields == [""]:
        return None  # a blank line
    parsed = parse_uci_fields(fields)
    if isinstance(parsed, str):
        return rejected(line_no, raw, parsed)
    return parsed


def parse_uci_fields(fields: list[str]) -> tuple[str, int | None] | str:
    """(hand text in file order, CLASS or None) of one row's fields, or why it is not a hand."""
    if len(fields) not in (len(UCI_FIELDS) - 1, len(UCI_FIELDS)):
        return (f"found {counted(len(fields), 'field')}; a row is S1,C1,...,S5,C5 and an "
                f"optional CLASS, 10 or 11 numbers separated by commas")
    cards: list[str] = []
    for index in range(0, len(UCI_FIELDS) - 1, 2):
        suit, rank = UCI_SUITS.get(fields[index]), UCI_RANKS.get(fields[index + 1])
        if suit is None:
            return _bad_uci_field(fields, index, "S")
        if rank is None:
            return _bad_uci_field(fields, index + 1, "C")
        card = rank + suit
        if card in cards:
            first = 2 * cards.index(card) + 1
            return (f"card '{card}' appears twice in the hand "
                    f"(fields {first}-{first + 1} and {index + 1}-{index + 2})")
        cards.append(card)
    label = None
    if len(fields) == len(UCI_FIELDS):
        label = UCI_CLASSES.get(fields[-1])
        if label is None:
            return _bad_uci_field(fields, len(UCI_FIELDS) - 1, "CLASS")
    return " ".join(cards), label


def _bad_uci_field(fields: list[str], index: int, kind: str) -> str:
    value = fields[index]
    where = f"field {index + 1} ({UCI_FIELDS[index]})"
    if not value:
        problem = "is empty"
    elif value.isascii() and value.isdigit() and str(int(value)) == value:
        problem = f"is {value}, out of range"
    else:
        problem = f"is {quoted(value)}, not a plain number"
    return f"{where} {problem} ({_UCI_MEANING[kind]})"


def looks_like_uci(text: str) -> bool:
    """Whether text is one word of 10 or 11 comma-separated fields, as a UCI row is."""
    tokens = text.split()
    return len(tokens) == 1 and tokens[0].count(",") + 1 in (len(UCI_FIELDS) - 1,
                                                             len(UCI_FIELDS))


def _read_rows(lines: Iterable[bytes], _: PlayerRule) -> Iterator[DealBatch | Rejected]:
    """The rows of a file: one hand each, so the player rule does not apply to them."""
    return read_uci(lines)


def _players_problem(rule: PlayerRule) -> str | None:
    if rule.check(1, 1) is None:
        return None
    return (f"--format uci has one hand per row (one-player deals), but --players allows "
            f"{rule.allowed}")


FORMAT = FormatDescription("uci", FIVE_CARD, "UCI Poker Hand rows",
                           "the UCI Poker Hand CSV, one hand per row, its CLASS kept in "
                           "hands.label.", read_lines=_read_rows, looks_like=looks_like_uci,
                           players_problem=_players_problem)
