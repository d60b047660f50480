"""PokerStars hand histories (pokerdb.formats.pokerstars) read into the model every hand
history is read into (`PhhHand`, with the `SiteFacts` a tracker needs): a file holds any number
of hands (pokerdb.formats.pokerstars_lines splits and decodes it), and each becomes a `PhhHand`
whose actions are PHH's (`d dh p1 AhKh`, `p2 cbr 0.30`, `p1 cc`, `p3 f`, `d db QhJc3h`,
`p1 sm AhKh`); its header and seats are read here, its play by pokerdb.formats.pokerstars_play.

Players are numbered as PHH numbers them: p1 is the first seat dealt in after the button, the
button last (heads-up: p1 the big blind, p2 the button and small blind). Cash amounts are in
cents (`exponent` 2), tournament and play-money chips whole. A dead blind (`posts small & big
blinds`) is dead money, as an ante is; a straddle is a blind. A hold'em cap game (`$20 Cap`) is
no-limit with every stack cut to the cap. Cards known of a player (`Dealt to`, shown at any
time, mucked face up in the summary) are dealt to them; `????` otherwise. A hand run twice keeps
its first board in the actions and the second in `SiteFacts.second_board`.

What the file says was paid (each `collected`, the summary's pot, rake and fees, uncalled bets
returned, cash-outs) is kept in `SiteFacts`, for pokerdb.rules.site_settlement to check against
pokerdb's own settlement. A cancelled hand (`Hand cancelled`) is a `Cancelled`, not a hand.
"""

import datetime
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Final
from zoneinfo import ZoneInfo

from pokerdb.errors import quoted
from pokerdb.formats.phh_files import PhhFile
from pokerdb.formats.phh_input import HandReader
from pokerdb.formats.pokerstars import text_files
from pokerdb.formats.pokerstars_lines import (
    HEADER,
    SEAT,
    STAKES,
    TABLE,
    TIME_ZONES,
    HandText,
    amount_units,
    currency_of,
    decoded,
    hand_texts,
    leading_text,
    parse_date,
)
from pokerdb.formats.pokerstars_play import HandPlay
from pokerdb.rules.hand_record import Cancelled, HandDetails, PhhError, PhhHand, SiteFacts
from pokerdb.rules.variants import VARIANTS as SETTLED_VARIANTS

# The games PokerStars names, as PHH variant codes, and their hole cards.
VARIANTS: Final = {
    "Hold'em No Limit": ("NT", 2), "Hold'em Limit": ("FT", 2), "Hold'em Pot Limit": ("PT", 2),
    "Omaha Pot Limit": ("PO", 4), "Omaha Limit": ("FO", 4), "Omaha No Limit": ("NO", 4),
    "Omaha Hi/Lo Limit": ("FO/8", 4), "Omaha Hi/Lo Pot Limit": ("PO/8", 4),
    "Omaha Hi/Lo No Limit": ("NO/8", 4), "5 Card Omaha Pot Limit": ("P5O", 5),
    "5 Card Omaha Hi/Lo Pot Limit": ("P5O/8", 5), "6 Card Omaha Pot Limit": ("P6O", 6),
    "Courchevel Pot Limit": ("PC", 5), "6+ Hold'em No Limit": ("NS", 2),
    "Hold'em Short Deck No Limit": ("NS", 2),
}
SITE: Final = "PokerStars"
_ROOMS: Final = {None: SITE, "Zoom ": "PokerStars Zoom", "Home Game ": "PokerStars Home Game"}


def pokerstars_files(path: Path) -> list[PhhFile]:
    """The files to read for `path`: the file itself, or every `.txt` file under a folder,
    recursively, in path order."""
    if not path.exists():
        raise PhhError(str(path), "no such file or folder")
    if not path.is_dir():
        return [PhhFile(path.name, path, site=True)]
    return [PhhFile(source, file, site=True) for source, file in text_files(path)]


def parse_pokerstars(file: PhhFile, content: bytes) -> Iterator[PhhHand | PhhError | Cancelled]:
    """The hands of one file's content, in order."""
    text = decoded(content)
    before = leading_text(text)
    if before is not None:
        number, line = before
        yield PhhError(file.source, f"line {number} {quoted(line)}: not a PokerStars hand "
                                    f"(every hand starts 'PokerStars Hand #' or 'PokerStars "
                                    f"Game #')")
        return
    found = False
    for hand in hand_texts(text):
        found = True
        try:
            yield _Hand(file.source, hand).convert()
        except PhhError as error:
            yield error
    if not found:
        yield PhhError(file.source, "no PokerStars hands in the file")


class _Hand:
    """One hand's lines being read, line by line, into PHH actions and site facts."""

    def __init__(self, file_source: str, text: HandText) -> None:
        self.text = text
        self.source = file_source
        self.index = 0

    def fail(self, problem: str) -> PhhError:
        at = min(self.index, len(self.text.lines) - 1)
        return PhhError(self.source, f"line {self.text.numbers[at]} "
                                     f"{quoted(self.text.lines[at])}: {problem}")

    def amount(self, written: str) -> int:
        units = amount_units(written, self.exponent)
        if units is None:
            raise self.fail(f"{quoted(written)} is not an amount")
        return units

    def convert(self) -> PhhHand | Cancelled:
        lines = self.text.lines
        header = HEADER.match(lines[0])
        if header is None:
            raise self.fail("not a PokerStars hand header")
        self.source = f"{self.source}#{header['number']}"
        if "Hand cancelled" in lines or "Hand cancelled " in lines:
            return Cancelled(self.source)
        game = header["game"].strip()
        variant = VARIANTS.get(game)
        if variant is None:
            raise self.fail(f"the game {quoted(game)} is not one pokerdb reads")
        code, hole_count = variant
        if code not in SETTLED_VARIANTS:
            raise self.fail(f"{game} hands are not settled by pokerdb yet (it settles "
                            f"{', '.join(each.name for each in SETTLED_VARIANTS.values())})")
        stakes = STAKES.match(header["stakes"])
        if stakes is None:
            raise self.fail(f"stakes {quoted(header['stakes'])} are not 'SMALL/BIG'")
        currency, symbol = currency_of(header["stakes"])
        self.exponent = 2 if header["tournament"] is None and (
            symbol is not None or "." in header["stakes"]) else 0
        small, big = self.amount(stakes["small"]), self.amount(stakes["big"])
        cap = None if stakes["cap"] is None else self.amount(stakes["cap"])
        if len(lines) < 2 or (table := TABLE.match(lines[1])) is None:
            self.index = min(1, len(lines) - 1)
            raise self.fail("expected the table line: \"Table 'NAME' N-max Seat #N is the "
                            "button\"")
        button = int(table["button"])
        seat_count = int(table["seats"])
        seated: list[tuple[int, str, int]] = []
        self.index = 2
        while self.index < len(lines) and (seat := SEAT.match(lines[self.index])):
            if seat["out"] is None:
                seated.append((int(seat["seat"]), seat["name"], self.amount(seat["stack"])))
            self.index += 1
        if len(seated) < 2:
            raise self.fail("fewer than two players are dealt in")
        ring = max(seat_count, max(number for number, _, _ in seated))
        seated.sort(key=lambda each: (each[0] - button - 1) % ring)
        body = HandPlay(self, [name for _, name, _ in seated], hole_count, big)
        body.read()
        n = len(seated)
        stacks = [stack if cap is None else min(stack, cap) for _, _, stack in seated]
        antes, blinds = body.antes, body.blinds
        if n == 2:  # PHH lists heads-up forced bets in reverse (p2, the button, first)
            antes, blinds = antes[::-1], blinds[::-1]
        local = _when(header["date"], header["time"])
        eastern = _when(header["date2"], header["time2"]) if header["date2"] else None
        zone = header["zone"] or None
        played_at = _utc(eastern, header["zone2"]) if eastern else _utc(local, zone)
        details = HandDetails(
            hand=header["number"], table=table["table"], event=header["club"],
            venue=SITE, year=local.year if local else None,
            month=local.month if local else None, day=local.day if local else None,
            time=local.time() if local else None, time_zone=zone,
            time_zone_abbreviation=zone, level=None, seat_count=seat_count,
            seats=tuple(number for number, _, _ in seated), currency=currency,
            currency_symbol=symbol)
        site = SiteFacts(
            site=_ROOMS.get(header["room"], SITE), button_seat=button, played_at=played_at,
            tournament=header["tournament"], buy_in=header["buy_in"], level=header["level"],
            total_pot=body.total_pot, rake=body.rake, fees=body.fees,
            collected=tuple(body.collected), put_in=tuple(body.put_in),
            returned=tuple(body.returned),
            cashed_out=tuple(body.cashed_out), second_board=body.second_board(),
            words=tuple(tuple(words) for words in body.words), hero=body.hero,
            lines=tuple(body.action_lines), texts=tuple(body.action_texts))
        return PhhHand(
            source=self.source, variant=code, exponent=self.exponent, antes=tuple(antes),
            blinds_or_straddles=tuple(blinds), bring_in=None,
            small_bet=small if code.startswith("F") else None,
            big_bet=big if code.startswith("F") else None,
            min_bet=None if code.startswith("F") else big, starting_stacks=tuple(stacks),
            actions=tuple(body.actions), ante_trimming_status=False,
            players=tuple(name for _, name, _ in seated),
            finishing_stacks=None,
            winnings=tuple(body.collected), details=details, site=site)


def _when(date: str | None, time: str | None) -> datetime.datetime | None:
    if date is None or time is None:
        return None
    try:
        return parse_date(date, time)
    except ValueError:
        return None


def _utc(moment: datetime.datetime | None, zone: str | None) -> datetime.datetime | None:
    """The moment in UTC, when its zone is one pokerdb knows."""
    name = TIME_ZONES.get(zone or "")
    if moment is None or name is None:
        return None
    offset = _utc_offset(name, moment.replace(minute=0, second=0))
    return (moment - offset).replace(tzinfo=datetime.UTC)


@lru_cache(maxsize=4096)
def _utc_offset(zone: str, hour: datetime.datetime) -> datetime.timedelta:
    """The zone's offset from UTC at that local hour (a file's hands share their hours)."""
    offset = hour.replace(tzinfo=ZoneInfo(zone)).utcoffset()
    assert offset is not None
    return offset


POKERSTARS_READER: Final = HandReader(pokerstars_files, parse_pokerstars, ".txt files",
                                      site=True)
