"""iPoker's games (pokerdb.formats.sites.ipoker_xml) read into recorded hands: each game's
elements put in the bracket shape's terms, one line of script per element (`<action
player="d0dge" type="23" sum="$15" />`: `d0dge raises to [$15]`), and read as its hands are
(bracket_shape.recorded), every error naming the element's line of the file.

Actions in the order of their numbers (`no`), by type: 0 folds, 1 and 2 the blinds (a big
blind above the table's: a dead small blind with it), 3 calls, 4 checks, 5 bets, 6 and 7 all
in (what the action puts in), 8 and 9 sitting out, 15 an ante, 23 raises (to the amount).
Cards are written suit first (`D9 H10`); the hero's (the session's `nickname`) are dealt to
them, the other players' known at the end are shown at the showdown, from the last to bet or
raise on the last street with a bet. Each player's `win` is what the file says they won
(their uncalled bet counted), their `bet` all they put in, which the actions must add up to.
"""

import functools
import re
from collections.abc import Callable, Iterator
from typing import Final

from pokerdb.errors import quoted
from pokerdb.formats.encodings import decoded
from pokerdb.formats.phh.file_contents import Found
from pokerdb.formats.phh.files import PhhFile
from pokerdb.formats.phh.hand_histories import HandReader
from pokerdb.formats.recognition import site_hint
from pokerdb.formats.sites.bracket_shape.lines import plain_amount
from pokerdb.formats.sites.bracket_shape.recorded import Header, in_order, recorded
from pokerdb.formats.sites.ipoker import GAME_TYPE, IPOKER, ipoker_files
from pokerdb.formats.sites.ipoker_xml import (
    DOCTYPE,
    Element,
    Game,
    Session,
    XmlRefused,
    leading_text,
    session_starts,
    sessions,
)
from pokerdb.formats.sites.stars_shape.hand_files import pokerstars_files
from pokerdb.formats.sites.stars_shape.lines import HandText, normalized
from pokerdb.formats.sites.stars_shape.reader import SiteHand
from pokerdb.rules.hand_record import Cancelled, PhhError, PhhHand
from pokerdb.rules.money import CURRENCY_SYMBOLS, PLAY_MONEY, money_of
from pokerdb.rules.variants import VARIANTS, Betting

# Each action type, as the shape's words for it ("{sum}": its amount).
ACTIONS: Final = {"0": "folds", "1": "posts small blind [{sum}]", "2": "posts big blind [{sum}]",
                  "3": "calls [{sum}]", "4": "checks", "5": "bets [{sum}]",
                  "6": "is all-In [{sum}]", "7": "is all-In [{sum}]", "8": "is sitting out",
                  "9": "is sitting out", "15": "posts ante [{sum}]", "23": "raises to [{sum}]"}
_AGGRESSIVE: Final = frozenset({"5", "6", "7", "23"})
_SITTING_OUT: Final = frozenset({"8", "9"})
_STREETS: Final = {"Flop": "flop", "Turn": "turn", "River": "river"}
_DATE: Final = re.compile(r"(\d{4})-(\d{2})-(\d{2}) (\d{1,2}:\d{2}:\d{2})\s*$")
PART_SESSIONS: Final = 100  # sessions of a file read as one part (ipoker_parts)
_CARD: Final = re.compile(r"([CDHScdhs])(10|[2-9TJQKAtjqka])")


def parse_ipoker(file: PhhFile, content: bytes) -> Iterator[PhhHand | PhhError | Cancelled]:
    """The hands of one file's content, in order (a session that cannot be read: why)."""
    text = normalized(decoded(content))
    before = leading_text(text)
    if before is not None:
        number, line = before
        problem = (DOCTYPE if line.lstrip().startswith("<!DOCTYPE") else
                   f"not an iPoker hand history (every session starts '<session')"
                   f"{site_hint(line)}")
        yield PhhError(file.source, f"line {number} {quoted(line)}: {problem}")
        return
    starts = session_starts(text)
    yield from _games(file.source, text, starts, len(text),
                      1 + text.count("\n", 0, starts[0]) if starts else 1)


def ipoker_parts(file: PhhFile, content: bytes) -> list[Callable[[], Found]]:
    """A file's sessions in parts of PART_SESSIONS, each read on its own (by another
    process), together what parse_ipoker reads; the file whole when it holds fewer or does
    not start with a session."""
    text = normalized(decoded(content))
    starts = session_starts(text)
    if len(starts) <= PART_SESSIONS or leading_text(text) is not None:
        return [functools.partial(parse_ipoker, file, content)]
    parts: list[Callable[[], Found]] = []
    line, counted = 1, 0  # the line of each part's first session, counted once through the file
    for first in range(0, len(starts), PART_SESSIONS):
        line += text.count("\n", counted, starts[first])
        counted = starts[first]
        parts.append(functools.partial(
            _games, file.source, text, starts[first:first + PART_SESSIONS],
            starts[first + PART_SESSIONS] if first + PART_SESSIONS < len(starts) else len(text),
            line))
    return parts


def _games(source: str, text: str, starts: list[int], end: int,
           first_line: int) -> Iterator[PhhHand | PhhError | Cancelled]:
    """The games of the sessions that start at `starts` (the first on line `first_line`), the
    last ending at `end`."""
    for _, session in sessions(text, starts, end, first_line):
        if isinstance(session, XmlRefused):
            yield PhhError(source, f"line {session.line} {quoted(session.text)}: "
                                   f"{session.reason}")
            continue
        for game in session.games:
            try:
                yield _convert(session, game, source)
            except PhhError as error:
                yield error


def _convert(session: Session, game: Game, source: str) -> PhhHand:
    items = sorted(game.items, key=lambda item: (item.round, item.name == "action",
                                                 _order(item)))
    # the game, its rounds' items, then its players (whose wins follow the showdown)
    elements = [Element("game", {}, game.line), *items, *game.players]
    first_player = 1 + len(items)
    hand = SiteHand(IPOKER.hand, source, HandText(
        [element.line for element in elements],
        [session.line_text(element.line) for element in elements]))
    hand.exponent = 2
    hand.source = f"{source}#{game.code}"
    hand.digits(game.code, "the game code")
    general = session.general
    game_type = GAME_TYPE.match(general.get("gametype", ""))
    if game_type is None:
        raise hand.fail(f"the game type {quoted(general.get('gametype', ''))} is not "
                        f"'GAME NL|PL|L SMALL/BIG'")
    code, hole_count = IPOKER.games.get(f"{game_type['game']} {game_type['structure']}",
                                        (None, 0))
    if code is None:
        raise hand.fail(f"the game {quoted(general['gametype'])} is not one pokerdb reads")
    stakes = [plain_amount(part) for part in game_type["stakes"].split("/")]
    small, big = (hand.amount(part or game_type["stakes"]) for part in stakes)
    when = _DATE.match(game.startdate)
    if when is None:
        raise hand.fail(f"the start date {quoted(game.startdate)} is not 'YYYY-MM-DD HH:MM:SS'")
    moment = hand.when(f"{when[1]}/{when[2]}/{when[3]}", when[4])
    symbol = next((char for char in game_type["stakes"] if char in CURRENCY_SYMBOLS), None)
    currency = (PLAY_MONEY if general.get("mode") == "play" else
                money_of(general.get("tablecurrency") or general.get("currency") or None, symbol,
                         tournament=False))
    acting = {item.attrs.get("player", "") for item in items
              if item.name == "action" and item.attrs.get("type") not in _SITTING_OUT}
    seated: list[tuple[int, str, int]] = []
    listed: dict[str, int] = {}
    button = 0
    for index, player in enumerate(game.players, start=first_player):
        hand.index = index
        attrs = player.attrs
        seat = hand.seat_number(attrs.get("seat", ""), 0, listed.values())
        name = hand.player_name(attrs.get("name", ""), listed)
        listed[name] = seat
        stack = _amount(hand, attrs.get("chips", ""))
        button = seat if attrs.get("dealer") == "1" else button
        if stack and name in acting:
            seated.append((seat, name, stack))
    for index, item in enumerate(items, start=1):
        if item.name == "action" and item.attrs.get("player", "") not in listed:
            hand.index = index
            raise hand.fail(f"{quoted(item.attrs.get('player', ''))} acts but has no seat")
    hand.index = 0
    if not button:
        raise hand.fail("no player is the dealer")
    if len(seated) < 2:
        raise hand.fail("fewer than two players are dealt in")
    fixed = VARIANTS[code].betting is Betting.FIXED_LIMIT
    header = Header(game.code, general.get("tablename", ""), moment, None, 0, button, currency,
                    symbol, code, hole_count, (small, big) if fixed else None,
                    small if fixed else big)
    seated = in_order(seated, header)
    script = _script(hand, elements, [name for _, name, _ in seated],
                     general.get("nickname", ""), big)
    hand.index = 0  # the play is read from the game's first element
    recorded_hand = recorded(IPOKER, hand, header, seated, script)
    _check_bets(hand, game, recorded_hand, first_player)
    return recorded_hand


def _order(item: Element) -> int:
    number = item.attrs.get("no", "")
    return int(number) if number.isascii() and number.isdigit() else 0


def _amount(hand: SiteHand, written: str) -> int:
    return hand.amount(plain_amount(written) or written)


def _script(hand: SiteHand, elements: list[Element], names: list[str], hero: str,
            big: int) -> list[str]:
    """Each element's line of script, in the shape's terms."""
    script: list[str] = []
    known: dict[str, str] = {}
    dealt = False
    for index, element in enumerate(elements):
        hand.index = index
        attrs = element.attrs
        line = ""
        if element.name == "player" and attrs.get("name") in names:
            known_win = _amount(hand, attrs.get("win", "0"))
            line = f"{attrs['name']} collected [ {attrs['win']} ]" if known_win else ""
        elif element.name == "action":
            words = ACTIONS.get(attrs.get("type", ""))
            if words is None:
                raise hand.fail(f"action type {quoted(attrs.get('type', ''))} is not one "
                                f"pokerdb reads")
            if attrs.get("type") == "2" and _amount(hand, attrs.get("sum", "")) > big:
                words = "posts dead blind [{sum}]"  # a big blind and a dead small blind
            line = f"{attrs.get('player', '')} {words.format(sum=attrs.get('sum', ''))}"
            if not dealt and element.round >= 1:
                line, dealt = f"** Dealing down cards **\n{line}", True
        elif element.name == "cards":
            kind, cards = attrs.get("type", ""), _cards(hand, element.text)
            if kind == "Pocket" and cards:
                known[attrs.get("player", "")] = cards
                if attrs.get("player") == hero:
                    line = f"Dealt to {hero} [{cards}]"
            elif kind in _STREETS:
                line = f"** Dealing {_STREETS[kind]} ** [{cards}]"
            if not dealt and element.round >= 1:
                line, dealt = f"** Dealing down cards **\n{line}", True
        script.append(line)
    return _with_showdown(script, elements, names, known)


def _with_showdown(script: list[str], elements: list[Element], names: list[str],
                   known: dict[str, str]) -> list[str]:
    """The script with the hands known shown at the showdown, before the wins, from the last
    to bet or raise on the last street with a bet."""
    actions = [element.attrs for element in elements if element.name == "action"]
    folded = {attrs.get("player") for attrs in actions if attrs.get("type") == "0"}
    live = [name for name in names if name not in folded]
    if len(live) < 2:
        return script
    aggressors = [attrs.get("player") for attrs in actions if attrs.get("type") in _AGGRESSIVE]
    first = live.index(aggressors[-1]) if aggressors and aggressors[-1] in live else 0
    shows = [f"{name} shows [{known[name]}]" if name in known else f"{name} mucks [ ]"
             for name in live[first:] + live[:first]]
    at = next((index for index, element in enumerate(elements) if element.name == "player"), 0)
    script[at] = "\n".join([*shows, script[at]]).strip("\n")
    return script


def _cards(hand: SiteHand, written: str) -> str:
    """Cards as iPoker writes them (`D9 H10`; `X X` unknown: "") in PokerStars' terms."""
    cards: list[str] = []
    for card in written.split():
        if card == "X":
            return ""
        match = _CARD.fullmatch(card)
        if match is None:
            raise hand.fail(f"{quoted(card)} is not a card")
        cards.append(("T" if match[2] == "10" else match[2].upper()) + match[1].lower())
    return " ".join(cards)


def _check_bets(hand: SiteHand, game: Game, recorded_hand: PhhHand, first_player: int) -> None:
    """Each player's `bet`: all the actions have them put in."""
    facts = recorded_hand.site
    assert facts is not None and recorded_hand.players is not None
    put = {name: put_in + back for name, put_in, back in zip(
        recorded_hand.players, facts.put_in, facts.returned, strict=True)}
    for index, player in enumerate(game.players, start=first_player):
        name = player.attrs.get("name", "")
        bet = _amount(hand, player.attrs.get("bet", "0"))
        if bet != put.get(name, 0):
            hand.index = index
            raise hand.fail(f"{quoted(name)} bet {recorded_hand.amount(bet)} by the file, "
                            f"{recorded_hand.amount(put.get(name, 0))} by its actions")


READER: Final = HandReader(functools.partial(pokerstars_files, listing=ipoker_files),
                           parse_ipoker, ".xml or .txt files", site=True, parts=ipoker_parts)
