"""The Winning Poker Network's older hand histories (pokerdb.formats.sites.wpn) read into the model
every hand history is read into (`PhhHand`, with its `SiteFacts`): a file's hands, each from its
`Game started at:` (at the start of a line or not: the network's files end without a line
break, and files joined by `cat` run into one another), and each hand's header and seats; its
play and summary are read by pokerdb.formats.sites.wpn.play.

Players are numbered as PHH numbers them: p1 the first seat dealt in after the button, the
button last. A seat is dealt in when its player receives cards (`received a card.`, the hero's
`received card: [6d]`); a hand that deals fewer than two players (a blind posted, the other
player sitting out: `Pot: 0`) is a `Cancelled`, not a hand. Amounts are in cents.
"""

import datetime
import functools
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from pokerdb.errors import quoted
from pokerdb.formats.encodings import decoded
from pokerdb.formats.phh.file_contents import Found
from pokerdb.formats.phh.files import PhhFile
from pokerdb.formats.phh.hand_histories import HandReader
from pokerdb.formats.phh.toml_subset import has_control
from pokerdb.formats.recognition import site_hint
from pokerdb.formats.sites.stars_shape import hand_files
from pokerdb.formats.sites.stars_shape.lines import (
    BUTTON,
    HandText,
    normalized,
    parse_date,
    texts_between,
)
from pokerdb.formats.sites.stars_shape.reading import HandReading
from pokerdb.formats.sites.wpn import SITE, STARTS
from pokerdb.formats.sites.wpn.play import WpnPlay
from pokerdb.rules.hand_record import (
    Cancelled,
    HandDetails,
    PhhError,
    PhhHand,
    SiteFacts,
    site_rules,
)

START: Final = re.compile("\ufeff?" + re.escape(STARTS[0]))
STARTED: Final = re.compile(r"Game started at: (?P<date>\d{4}/\d{1,2}/\d{1,2}) "
                            r"(?P<time>\d{1,2}:\d{1,2}:\d{1,2})\s*$")
GAME: Final = re.compile(r"Game ID: (?P<number>\d+) (?P<small>[\d.]+)/(?P<big>[\d.]+) "
                         r"(?P<table>.+?) \((?P<game>[^()]+)\)\s*$")
SEAT: Final = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[\d.]+)\)\.\s*$")
RECEIVED: Final = re.compile(r"Player (?P<name>.*) received (?:a card\.|card: \[)")
# The games the files name, by pokerdb's variant (the structure the network deals each in) and
# the hole cards dealt.
GAMES: Final = {"Hold'em": ("NT", 2), "Omaha": ("PO", 4)}
FIRST_YEAR: Final = 2001  # the network's first rooms
EXPONENT: Final = 2  # cents: a cash game's amounts
CURRENCY: Final = "USD"


def parse(file: PhhFile, content: bytes) -> Iterator[PhhHand | PhhError | Cancelled]:
    """The hands of one file's content, in order."""
    text = normalized(decoded(content))
    starts = [match.start() for match in START.finditer(text)]
    before = text[:starts[0]] if starts else text
    for number, line in enumerate(before.split("\n"), start=1):
        if line.strip(" \t\ufeff"):
            yield PhhError(file.source, f"line {number} {quoted(line)}: not a {SITE} hand "
                                        f"(every hand starts '{STARTS[0]}', or since 2019 "
                                        f"'Hand #' or 'Game Hand #'){site_hint(line)}")
            return
    if not starts:
        yield PhhError(file.source, f"no {SITE} hands in the file")
        return
    yield from _converted(file.source, text, starts, len(text),
                          text.count("\n", 0, starts[0]) + 1)


def _converted(source: str, text: str, starts: Sequence[int], end: int,
               first_line: int) -> Iterator[PhhHand | PhhError | Cancelled]:
    """The hands of a normalized text that start at `starts`, each converted, or why it
    cannot be."""
    for hand in texts_between(text, starts, end, first_line):
        hand.lines[-1] = hand.lines[-1].rstrip("\ufeff")  # the next hand's mark, on this line
        try:
            yield _Hand(source, hand).convert()
        except PhhError as error:
            yield error


class _Hand(HandReading):
    """One hand's lines being read into PHH actions and site facts."""

    def __init__(self, source: str, text: HandText) -> None:
        super().__init__(source, text, EXPONENT)

    def expect(self, pattern: re.Pattern[str], what: str) -> re.Match[str]:
        """The line being read, as `pattern` has it (`what` it should be, if not)."""
        line = self.text.lines[self.index] if self.index < len(self.text.lines) else ""
        match = pattern.match(line)
        if match is None:
            self.index = min(self.index, len(self.text.lines) - 1)
            raise self.fail(f"expected {what}")
        self.index += 1
        return match

    def convert(self) -> PhhHand | Cancelled:
        started = self.expect(STARTED, "'Game started at: YYYY/MM/DD HH:MM:SS'")
        game = self.expect(GAME, "'Game ID: NUMBER SMALL/BIG TABLE (GAME)'")
        self.source = f"{self.source}#{game['number']}"
        self.index -= 1
        if game["game"] not in GAMES:
            raise self.fail(f"the game {quoted(game['game'])} is not one pokerdb reads")
        code, hole_count = GAMES[game["game"]]
        big = self.amount(game["big"])
        self.amount(game["small"])
        moment = self.when(started["date"], started["time"])
        self.index += 1
        button = int(self.expect(BUTTON, "'Seat N is the button'")["button"])
        listed: dict[str, tuple[int, int]] = {}
        while self.index < len(self.text.lines) and (
                seat := SEAT.match(self.text.lines[self.index])):
            listed[self.player_name(seat["name"], listed)] = (int(seat["seat"]),
                                                              self.amount(seat["stack"]))
            self.index += 1
        dealt = _dealt_in(self.text.lines[self.index:], listed)
        if len(dealt) < 2:
            return Cancelled(self.source)
        ring = max(number for number, _ in listed.values())
        names = sorted(dealt, key=lambda name: (listed[name][0] - button - 1) % ring)
        play = WpnPlay(self, names, hole_count, big)
        play.read()
        antes, blinds = play.forced_bets()
        details = HandDetails(
            hand=game["number"], table=game["table"].strip(), venue=SITE, year=moment.year,
            month=moment.month, day=moment.day, time=moment.time(),
            seats=tuple(listed[name][0] for name in names), currency=CURRENCY)
        facts = SiteFacts(
            site=SITE, button_seat=button, played_at=None, tournament=None, buy_in=None,
            level=None, total_pot=play.total_pot, rake=play.rake, fees=0,
            collected=tuple(play.collected), put_in=tuple(play.put_in),
            returned=tuple(play.returned), cashed_out=(0,) * len(names), second_board=None,
            words=tuple(tuple(words) for words in play.words), hero=play.hero,
            lines=tuple(play.action_lines), texts=tuple(play.action_texts))
        return PhhHand(
            source=self.source, variant=code, exponent=EXPONENT, antes=tuple(antes),
            blinds_or_straddles=tuple(blinds), bring_in=None, small_bet=None, big_bet=None,
            min_bet=big, starting_stacks=tuple(listed[name][1] for name in names),
            actions=tuple(play.actions), ante_trimming_status=False, players=tuple(names),
            finishing_stacks=None, winnings=tuple(play.collected), details=details,
            site=facts, rules=site_rules(SITE))

    def when(self, date: str, time: str) -> datetime.datetime:
        try:
            moment = parse_date(date, time)
        except ValueError:
            self.index = 0
            raise self.fail(f"{quoted(f'{date} {time}')} is not a date and time") from None
        if not FIRST_YEAR <= moment.year <= datetime.date.today().year + 1:
            self.index = 0
            raise self.fail(f"a {SITE} hand is played from {FIRST_YEAR} on, not in "
                            f"{moment.year}")
        return moment

    def player_name(self, name: str, listed: dict[str, tuple[int, int]]) -> str:
        if not name or has_control(name):
            raise self.fail(f"the name {quoted(name)} is empty or holds a control character")
        if name in listed:
            raise self.fail(f"{quoted(name)} is seated twice (in seat {listed[name][0]} too)")
        return name


def _dealt_in(lines: list[str], listed: dict[str, tuple[int, int]]) -> set[str]:
    """The players dealt cards, by the lines after the seats."""
    dealt: set[str] = set()
    for line in lines:
        if (received := RECEIVED.match(line)) is not None and received["name"] in listed:
            dealt.add(received["name"])
        elif line.startswith("------ Summary"):
            break
    return dealt


def parts(file: PhhFile, content: bytes) -> list[Callable[[], Found]]:
    """A file's hands in parts, as PokerStars' files are cut (hand_files.in_parts), together
    what `parse` reads."""
    text = normalized(decoded(content))
    starts = [match.start() for match in START.finditer(text)]
    leading = bool(starts) and text[:starts[0]].strip(" \t\n\ufeff") != ""
    return hand_files.in_parts(text, starts, leading, functools.partial(parse, file, content),
                               functools.partial(_converted, file.source, text))


READER: Final = HandReader(hand_files.pokerstars_files, parse, ".txt files", site=True,
                           parts=parts)
