"""Texas Hold'em deals, one per line: a board (0, 3, 4 or 5 cards), then each player's two hole
cards, groups separated by '|': `7C 2D 9S 4H 5S | AH KH | QS QD`. The other games with a board
read the same lines (`--game`): Omaha's four (five, six) hole cards, short-deck's 36 cards."""

from collections.abc import Iterable, Iterator
from functools import cache
from typing import cast

from pokerdb.formats.deals.lines import (
    BATCH_LINES,
    CARD_SLOT,
    LineFormat,
    canonical_lines,
    counted,
    line_text,
    read_deal_lines,
    reader_of_game,
    rejected,
)
from pokerdb.formats.encodings import UTF8_BOM
from pokerdb.formats.input import DealBatch, FormatDescription, PlayerRule, Rejected
from pokerdb.rules.cards import explain_bad_card, normalise_card
from pokerdb.rules.games import GAMES, HOLDEM, Game

GROUP_SEPARATOR = "|"
HOLDEM_EXAMPLE = "7C 2D 9S 4H 5S | AH KH | QS QD"


def read_holdem(lines: Iterable[bytes], rule: PlayerRule,
                batch_lines: int = BATCH_LINES, game: Game = HOLDEM
                ) -> Iterator[DealBatch | Rejected]:
    """Hold'em deals (a board, then each player's hole cards), or deals of another game with a
    board, and rejected lines, given raw lines; blank lines are skipped."""
    return read_deal_lines(lines, rule, batch_lines, board_game_lines(game))


def holdem_template(board_cards: int, players: int, hole_cards: int = 2) -> str:
    """The layout of a Hold'em line in normal form, CARD_SLOT for each card."""
    groups = ([" ".join([CARD_SLOT] * board_cards)]
              + [" ".join([CARD_SLOT] * hole_cards)] * players)
    return " | ".join(groups).lstrip()


def _canonical_holdem(chunk: list[bytes], players: int,
                      game: Game = HOLDEM) -> tuple[list[str], list[str]] | None:
    """(boards, hands texts) of a chunk whose lines are all deals of `players` players with
    boards of one size, in normal form; else None."""
    width = len(chunk[0].rstrip(b"\r\n"))
    for board_cards in game.board_sizes:
        template = holdem_template(board_cards, players, game.hole_cards)
        if len(template) == width:
            lines = canonical_lines(chunk, template, game.deck)
            if lines is None:
                return None
            board_width = max(3 * board_cards - 1, 0)
            hands_start = template.index(GROUP_SEPARATOR) + 2
            return ([line[:board_width] for line in lines],
                    [line[hands_start:].replace(" | ", " ") for line in lines])
    return None


def _holdem_deal(line_no: int, raw: bytes, rule: PlayerRule, first_players: int,
                 game: Game = HOLDEM) -> tuple[str, str] | Rejected | None:
    """One line's board and hands' text, or why it is rejected; None for a blank line."""
    text = line_text(line_no, raw)
    if isinstance(text, Rejected):
        return text
    parsed = parse_holdem_line(text.removeprefix(UTF8_BOM) if line_no == 1 else text, game)
    if parsed is None:
        return None
    if isinstance(parsed, str):
        return rejected(line_no, raw, parsed)
    reason = rule.check(len(parsed[1]), first_players or None, game)
    if reason:
        return rejected(line_no, raw, reason)
    return parsed[0], " ".join(parsed[1])


def _holdem_hands(text: str, game: Game = HOLDEM) -> tuple[str, ...] | str:
    """The hands of a Hold'em line, or why it is not a deal."""
    parsed = parse_holdem_line(text, game)
    return parsed[1] if isinstance(parsed, tuple) else parsed or "a blank line"


def parse_holdem_line(text: str, game: Game = HOLDEM
                      ) -> tuple[str, tuple[str, ...]] | str | None:
    """The board and hands of one line of a game with a board (Hold'em by default),
    normalised ("ah kh" -> "AH KH"); None for a blank line; else the reason the line is not a
    deal."""
    groups = [group.split() for group in text.split(GROUP_SEPARATOR)]
    if len(groups) == 1:
        if not groups[0]:
            return None
        return (f"expected the board and each player's {_number(game.hole_cards)} hole cards, "
                f"separated by '{GROUP_SEPARATOR}' (e.g. '{_example(game)}')")
    board, hands = _normalised(groups[0]), [_normalised(group) for group in groups[1:]]
    for group in (board, *hands):
        if isinstance(group, str):
            return group
    board_cards = cast(list[str], board)
    hole_cards = cast(list[list[str]], hands)
    if len(board_cards) not in game.board_sizes:
        return (f"the board has {counted(len(board_cards), 'card')}; a board has 0 (preflop), "
                f"3 (flop), 4 (turn) or 5 (river)")
    for player, cards in enumerate(hole_cards, start=1):
        if len(cards) != game.hole_cards:
            return (f"player {player} has {counted(len(cards), 'hole card')}; each player has "
                    f"{game.hole_cards}{_in_game(game)}")
    if not 2 <= len(hole_cards) <= game.max_players:
        return (f"a {_deal_name(game)} deal has 2 to {game.max_players} players, "
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
        if (outside := not_in_deck(card, place, game)) is not None:
            return outside
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


def not_in_deck(card: str, place: str, game: Game) -> str | None:
    """Why a card cannot be dealt in the game (a 2 in a short-deck deal), or None."""
    if card in game.deck:
        return None
    return (f"card '{card}' {place} is not in the {game.label} deck ({len(game.deck)} cards, "
            f"{game.deck[0][0]} to A)")


_NUMBERS = {2: "two", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _number(count: int) -> str:
    return _NUMBERS.get(count, str(count))


def _deal_name(game: Game) -> str:
    return "Hold'em" if game is HOLDEM else game.label


def _in_game(game: Game) -> str:
    return "" if game is HOLDEM else f" in {game.label}"


def _example(game: Game) -> str:
    """A line of the game, for messages: Hold'em's, or a board and two players' cards."""
    if game is HOLDEM:
        return HOLDEM_EXAMPLE
    spread = game.deck[::-1][::3]  # every third card from the aces down: no two alike
    board, holes = spread[:5], spread[5:5 + 2 * game.hole_cards]
    return " | ".join([" ".join(board), " ".join(holes[:game.hole_cards]),
                       " ".join(holes[game.hole_cards:])])


@cache
def board_game_lines(game: Game) -> LineFormat:
    """The lines of a game with a board, each its board then each player's hole cards."""
    def hands_of(text: str) -> tuple[str, ...] | str:
        return _holdem_hands(text, game)

    def canonical(chunk: list[bytes], players: int) -> tuple[list[str], list[str]] | None:
        return _canonical_holdem(chunk, players, game)

    def deal_of(line_no: int, raw: bytes, rule: PlayerRule,
                first_players: int) -> tuple[str, str] | Rejected | None:
        return _holdem_deal(line_no, raw, rule, first_players, game)

    return LineFormat(game, hands_of, canonical, deal_of)


# The games whose deals are a board and each player's hole cards.
BOARD_GAMES = tuple(game for game in GAMES.values() if game.board_cards)

FORMAT = FormatDescription("holdem", HOLDEM, "Hold'em deals",
                           "the board then each player's hole cards, groups separated by "
                           "'|' (the game by --game: Hold'em's two, Omaha's four, ...).",
                           read_lines=read_holdem, looks_like=looks_like_holdem,
                           games=BOARD_GAMES, reader_of=reader_of_game(board_game_lines))
