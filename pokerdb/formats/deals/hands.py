"""Deals of the games without a board, one per line: each player's cards, groups separated by
'|': seven cards a player in stud, stud hi/lo and razz (`AH KH 2C 3D 4S 5H 6C | ...`, in the
order dealt), five in deuce-to-seven lowball and five-card draw (five-card), four in badugi
(`--game`; default seven-card stud). The cards are the hands at the showdown: a draw's cards
after its last draw."""

from collections.abc import Iterable, Iterator
from functools import cache
from typing import cast

from pokerdb.formats.deals.holdem import GROUP_SEPARATOR, looks_like_holdem
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
from pokerdb.rules.games import FIVE_CARD, GAMES, Game, GameName

# The games whose deals are each player's cards alone: the five-card game is five-card draw's.
HAND_GAMES: tuple[Game, ...] = (*(game for game in GAMES.values()
                                   if not game.board_cards and game.variant is not None),
                                 FIVE_CARD)


def read_hands(lines: Iterable[bytes], rule: PlayerRule, batch_lines: int = BATCH_LINES,
               game: Game = GAMES[GameName.STUD]) -> Iterator[DealBatch | Rejected]:
    """Deals of a game without a board (each player's cards) and rejected lines, given raw
    lines; blank lines are skipped."""
    return read_deal_lines(lines, rule, batch_lines, hand_lines(game))


def hands_template(players: int, cards: int) -> str:
    """The layout of a line in normal form, CARD_SLOT for each card."""
    return f" {GROUP_SEPARATOR} ".join([" ".join([CARD_SLOT] * cards)] * players)


def parse_hands_line(text: str, game: Game) -> tuple[str, ...] | str | None:
    """Each player's cards of one line, normalised ("ah kh" -> "AH KH"); None for a blank
    line; else the reason the line is not a deal of the game."""
    groups = [group.split() for group in text.split(GROUP_SEPARATOR)]
    if len(groups) == 1 and not groups[0]:
        return None
    hands: list[list[str]] = []
    for tokens in groups:
        normalised = [normalise_card(token) for token in tokens]
        if None in normalised:
            return explain_bad_card(next(token for token, card in zip(tokens, normalised,
                                                                      strict=True)
                                         if card is None))
        hands.append(cast(list[str], normalised))
    for player, cards in enumerate(hands, start=1):
        if len(cards) != game.hole_cards:
            return (f"player {player} has {counted(len(cards), 'card')}; each player has "
                    f"{game.hole_cards} in {game.label} (groups separated by "
                    f"'{GROUP_SEPARATOR}')")
    if not 2 <= len(hands) <= game.max_players:
        return f"a {game.label} deal has 2 to {game.max_players} players, found {len(hands)}"
    seen: dict[str, int] = {}
    for player, cards in enumerate(hands, start=1):
        for card in cards:
            if card in seen:
                where = (f"in player {player}'s hand" if seen[card] == player
                         else f"in player {seen[card]}'s and player {player}'s hands")
                return f"card '{card}' appears twice in the deal ({where})"
            seen[card] = player
            if card not in game.deck:
                return f"card '{card}' is not in the {game.label} deck"
    return tuple(" ".join(cards) for cards in hands)


@cache
def hand_lines(game: Game) -> LineFormat:
    """The lines of a game without a board."""
    def hands_of(text: str) -> tuple[str, ...] | str:
        return parse_hands_line(text, game) or "a blank line"

    def canonical(chunk: list[bytes], players: int) -> tuple[list[str], list[str]] | None:
        lines = canonical_lines(chunk, hands_template(players, game.hole_cards), game.deck)
        separator = f" {GROUP_SEPARATOR} "
        return None if lines is None else ([], [line.replace(separator, " ") for line in lines])

    def deal_of(line_no: int, raw: bytes, rule: PlayerRule,
                first_players: int) -> tuple[str, str] | Rejected | None:
        text = line_text(line_no, raw)
        if isinstance(text, Rejected):
            return text
        parsed = parse_hands_line(text.removeprefix(UTF8_BOM) if line_no == 1 else text, game)
        if parsed is None:
            return None
        if isinstance(parsed, str):
            return rejected(line_no, raw, parsed)
        reason = rule.check(len(parsed), first_players or None, game)
        if reason:
            return rejected(line_no, raw, reason)
        return "", " ".join(parsed)

    return LineFormat(game, hands_of, canonical, deal_of)


FORMAT = FormatDescription("hands", GAMES[GameName.STUD],
                           "each player's cards of a game without a board",
                           "each player's cards of a game without a board (--game: stud's "
                           "seven, deuce-to-seven's five, badugi's four, ...), groups "
                           "separated by '|'.",
                           read_lines=read_hands, games=HAND_GAMES,
                           reader_of=reader_of_game(hand_lines), looks_like=looks_like_holdem)
