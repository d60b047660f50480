"""Texas Hold'em deals, one per line: a board (0, 3, 4 or 5 cards), then each player's two hole
cards, groups separated by '|': `7C 2D 9S 4H 5S | AH KH | QS QD`."""

from collections.abc import Iterable, Iterator
from typing import cast

from pokerdb.formats.deal_lines import (
    BATCH_LINES,
    CARD_SLOT,
    UTF8_BOM,
    LineFormat,
    canonical_lines,
    counted,
    line_text,
    read_deal_lines,
    rejected,
)
from pokerdb.formats.input import DealBatch, FormatDescription, PlayerRule, Rejected
from pokerdb.rules.cards import explain_bad_card, normalise_card
from pokerdb.rules.games import HOLDEM

GROUP_SEPARATOR = "|"
HOLDEM_EXAMPLE = "7C 2D 9S 4H 5S | AH KH | QS QD"


def read_holdem(lines: Iterable[bytes], rule: PlayerRule,
                batch_lines: int = BATCH_LINES) -> Iterator[DealBatch | Rejected]:
    """Hold'em deals (a board, then each player's hole cards) and rejected lines, given raw
    lines; blank lines are skipped."""
    return read_deal_lines(lines, rule, batch_lines, _HOLDEM_LINES)


def holdem_template(board_cards: int, players: int) -> str:
    """The layout of a Hold'em line in normal form, CARD_SLOT for each card."""
    groups = [" ".join([CARD_SLOT] * board_cards)] + [f"{CARD_SLOT} {CARD_SLOT}"] * players
    return " | ".join(groups).lstrip()


def _canonical_holdem(chunk: list[bytes], players: int) -> tuple[list[str], list[str]] | None:
    """(boards, hands texts) of a chunk whose lines are all deals of `players` players with
    boards of one size, in normal form; else None."""
    width = len(chunk[0].rstrip(b"\r\n"))
    for board_cards in HOLDEM.board_sizes:
        template = holdem_template(board_cards, players)
        if len(template) == width:
            lines = canonical_lines(chunk, template)
            if lines is None:
                return None
            board_width = max(3 * board_cards - 1, 0)
            hands_start = template.index(GROUP_SEPARATOR) + 2
            return ([line[:board_width] for line in lines],
                    [line[hands_start:].replace(" | ", " ") for line in lines])
    return None


def _holdem_deal(line_no: int, raw: bytes, rule: PlayerRule,
                 first_players: int) -> tuple[str, str] | Rejected | None:
    """One line's board and hands' text, or why it is rejected; None for a blank line."""
    text = line_text(line_no, raw)
    if isinstance(text, Rejected):
        return text
    parsed = parse_holdem_line(text.removeprefix(UTF8_BOM) if line_no == 1 else text)
    if parsed is None:
        return None
    if isinstance(parsed, str):
        return rejected(line_no, raw, parsed)
    reason = rule.check(len(parsed[1]), first_players or None, HOLDEM)
    if reason:
        return rejected(line_no, raw, reason)
    return parsed[0], " ".join(parsed[1])


def _holdem_hands(text: str) -> tuple[str, ...] | str:
    """The hands of a Hold'em line, or why it is not a deal."""
    parsed = parse_holdem_line(text)
    return parsed[1] if isinstance(parsed, tuple) else parsed or "a blank line"


def parse_holdem_line(text: str) -> tuple[str, tuple[str, ...]] | str | None:
    """The board and hands of one Hold'em line, normalised ("ah kh" -> "AH KH"); None for a
    blank line; else the reason the line is not a deal."""
    groups = [group.split() for group in text.split(GROUP_SEPARATOR)]
    if len(groups) == 1:
        if not groups[0]:
            return None
        return (f"expected the board and each player's two hole cards, separated by "
                f"'{GROUP_SEPARATOR}' (e.g. '{HOLDEM_EXAMPLE}')")
    board, hands = _normalised(groups[0]), [_normalised(group) for group in groups[1:]]
    for group in (board, *hands):
        if isinstance(group, str):
            return group
    board_cards = cast(list[str], board)
    hole_cards = cast(list[list[str]], hands)
    if len(board_cards) not in HOLDEM.board_sizes:
        return (f"the board has {counted(len(board_cards), 'card')}; a board has 0 (preflop), "
                f"3 (flop), 4 (turn) or 5 (river)")
    for player, cards in enumerate(hole_cards, start=1):
        if len(cards) != HOLDEM.hole_cards:
            return (f"player {player} has {counted(len(cards), 'hole card')}; each player has "
                    f"{HOLDEM.hole_cards}")
    if not 2 <= len(hole_cards) <= HOLDEM.max_players:
        return (f"a Hold'em deal has 2 to {HOLDEM.max_players} players, "
                f"found {len(hole_cards)}")
    places = ["on the board"] * len(board_cards) + [
        f"in player {player}'s hand" for player, cards in enumerate(hole_cards, start=1)
        for _ in cards]
    seen: dict[str, str] = {}
    for card, place in zip([*board_cards, *(c for cards in hole_cards for c in cards)], places,
                           strict=True):
        if card in seen:
            where = place if seen[card] == place else f"{seen[card]} and {place}"
            return f"card '{card}' appears twice in the deal ({where})"
        seen[card] = place
    return " ".join(board_cards), tuple(" ".join(cards) for cards in hole_cards)


def _normalised(tokens: list[str]) -> list[str] | str:
    """The cards of a group's tokens in normal form, or why one is not a card."""
    cards = [normalise_card(token) for token in tokens]
    for token, card in zip(tokens, cards, strict=True):
        if card is None:
            return explain_bad_card(token)
    return cast(list[str], cards)


def looks_like_holdem(text: str) -> bool:
    """Whether text is cards in groups separated by '|', as a Hold'em line is (whether or not
    it is a valid deal)."""
    groups = text.removeprefix(UTF8_BOM).split(GROUP_SEPARATOR)
    tokens = [token for group in groups for token in group.split()]
    return len(groups) > 1 and bool(tokens) and None not in map(normalise_card, tokens)


_HOLDEM_LINES = LineFormat(HOLDEM, _holdem_hands, _canonical_holdem, _holdem_deal)

FORMAT = FormatDescription("holdem", HOLDEM, "Hold'em deals",
                           "the board then each player's two hole cards, groups separated "
                           "by '|'.", read_lines=read_holdem,
                           looks_like=looks_like_holdem)
