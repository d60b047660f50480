"""PE54: 5*k cards per line, one five-card deal of k players (the layout of Project Euler's
problem 54, extended to any number of players). The format read when no other is named."""

from collections.abc import Iterable, Iterator
from typing import cast

from pokerdb.formats.deals.lines import (
    BATCH_LINES,
    CARD_SLOT,
    LineFormat,
    canonical_lines,
    counted,
    line_text,
    read_deal_lines,
    rejected,
)
from pokerdb.formats.encodings import UTF8_BOM
from pokerdb.formats.input import DealBatch, FormatDescription, PlayerRule, Rejected
from pokerdb.rules.cards import CARDS_PER_HAND, explain_bad_card, normalise_card
from pokerdb.rules.games import FIVE_CARD


def read_pe54(lines: Iterable[bytes], rule: PlayerRule,
              batch_lines: int = BATCH_LINES) -> Iterator[DealBatch | Rejected]:
    """Deals and rejected lines of a PE54 file given as raw lines; blank lines are skipped."""
    return read_deal_lines(lines, rule, batch_lines, _PE54_LINES)


def parse_pe54_line(text: str) -> tuple[str, ...] | str:
    """The hands of one line (none for a blank line), or the reason the line is not a deal."""
    return parse_pe54_tokens(text.split())


def parse_pe54_tokens(tokens: list[str]) -> tuple[str, ...] | str:
    """The hands of a line's tokens, normalised ("ts" -> "TS"), or why they are not a deal."""
    cards = [normalise_card(token) for token in tokens]
    if None in cards:
        bad = next(t for t, card in zip(tokens, cards, strict=True) if card is None)
        return explain_bad_card(bad)
    if len(cards) % CARDS_PER_HAND:
        return (f"found {counted(len(cards), 'card')}; a deal is 5 cards per player "
                f"(10 for two players)")
    if len(set(cards)) != len(cards):
        repeated = next(card for i, card in enumerate(cards) if card in cards[:i])
        return f"card '{repeated}' appears twice in the deal"
    return _hands_of(cast(list[str], cards))  # no None left


def _hands_of(cards: list[str]) -> tuple[str, ...]:
    if len(cards) == 2 * CARDS_PER_HAND:  # the usual deal, twice as fast as the general case
        return " ".join(cards[:CARDS_PER_HAND]), " ".join(cards[CARDS_PER_HAND:])
    return tuple(" ".join(cards[i:i + CARDS_PER_HAND])
                 for i in range(0, len(cards), CARDS_PER_HAND))


def _canonical_texts(chunk: list[bytes], players: int) -> tuple[list[str], list[str]] | None:
    """(no boards, the lines without their endings), if every line is a deal of `players`
    players already in normal form; else None (see deal_lines.canonical_lines)."""
    lines = canonical_lines(chunk, " ".join([CARD_SLOT] * (CARDS_PER_HAND * players)))
    return None if lines is None else ([], lines)


def _pe54_deal(line_no: int, raw: bytes, rule: PlayerRule,
               first_players: int) -> tuple[str, str] | Rejected | None:
    """One line's deal (no board, its hands' text), or why it is rejected; None for a blank
    line."""
    text = line_text(line_no, raw)
    if isinstance(text, Rejected):
        return text
    cards = text.split()
    parsed = parse_pe54_tokens(_without_bom(cards) if line_no == 1 else cards)
    if not parsed:
        return None
    if isinstance(parsed, str):
        return rejected(line_no, raw, parsed)
    reason = rule.check(len(parsed), first_players or None)
    if reason:
        return rejected(line_no, raw, reason)
    return "", " ".join(parsed)


def _without_bom(tokens: list[str]) -> list[str]:
    if not tokens or not tokens[0].startswith(UTF8_BOM):
        return tokens
    first = tokens[0].removeprefix(UTF8_BOM)
    return [first, *tokens[1:]] if first else tokens[1:]


_PE54_LINES = LineFormat(FIVE_CARD, parse_pe54_line, _canonical_texts, _pe54_deal)

FORMAT = FormatDescription("pe54", FIVE_CARD, "PE54 deals",
                           "a deal of 5 cards per player per line.", read_lines=read_pe54)
