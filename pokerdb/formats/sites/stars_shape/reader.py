"""PokerStars hand histories (pokerdb.formats.sites.pokerstars) read into the model every hand
history is read into (`PhhHand`, with the `SiteFacts` a tracker needs): a file holds any number
of hands (stars_shape.lines splits and decodes it, stars_shape.hand_files reads its hands), and
each becomes a `PhhHand` whose actions are PHH's (`d dh p1 AhKh`, `p2 cbr 0.30`, `p1 cc`, `p3
f`, `d db QhJc3h`, `p1 sm AhKh`); its header and seats are read here (its game by
stars_shape.games), its play by stars_shape.play.

Players are numbered as PHH numbers them: p1 is the first seat dealt in after the button, the
button last (heads-up: p1 the big blind, p2 the button and small blind); stud, which has no
button, in seat order, its play read by pokerdb.formats.sites.stars_shape.stud; a draw game's by
pokerdb.formats.sites.stars_shape.draw. Cash amounts are in cents (`exponent` 2), tournament and
play-money chips whole. A dead blind (`posts small & big blinds`) is dead money, as an ante is;
a straddle is a blind. A hold'em cap game (`$20 Cap`) is no-limit with every stack cut to the
cap. Cards known of a player (`Dealt to`, shown at any time, mucked face up in the summary) are
dealt to them; `????` otherwise (a draw game deals only the hero's: the cards shown or mucked
face up are those held after the draws, `SiteFacts.known_at_end`). A hand's betting rules are
PokerStars' (`POKERSTARS_RULES`: rules.hand_record.BettingRules). A hand run twice (or three
times) keeps its first board in the actions and the others in `SiteFacts.second_board` (and
`third_board`).

What the file says was paid (each `collected`, the summary's pot, rake and fees, uncalled bets
returned, cash-outs, money beside the pot and in it from no player) is kept in `SiteFacts`,
for pokerdb.rules.site_settlement to check against pokerdb's own settlement. A cancelled hand
(`Hand cancelled`) is a `Cancelled`, not a hand.
"""

import datetime
import itertools
import string
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Final
from zoneinfo import ZoneInfo

from pokerdb.errors import quoted
from pokerdb.formats.phh.fields import MAX_NAME_CHARS
from pokerdb.formats.phh.toml_subset import has_control
from pokerdb.formats.sites.stars_shape.draw import DrawPlay
from pokerdb.formats.sites.stars_shape.games import game_played, variant_of
from pokerdb.formats.sites.stars_shape.lines import (
    STAKES,
    TIME_ZONES,
    HandSite,
    HandText,
    LineError,
    currency_of,
    parse_date,
)
from pokerdb.formats.sites.stars_shape.play import HandPlay
from pokerdb.formats.sites.stars_shape.reading import HandReading
from pokerdb.formats.sites.stars_shape.stud import StudPlay
from pokerdb.rules.hand_record import (
    Cancelled,
    HandDetails,
    PhhHand,
    SiteFacts,
    site_rules,
)
from pokerdb.rules.money import PLAY_MONEY
from pokerdb.rules.variants import VARIANTS, Betting, Variant


class SiteHand(HandReading):
    """One hand's lines being read, line by line, into PHH actions and site facts."""

    def __init__(self, site: HandSite, file_source: str, text: HandText) -> None:
        super().__init__(file_source, text)
        self.site = site

    def digits(self, written: str, what: str) -> int:
        """A number of the hand's lines, in ASCII digits (a pattern's \\d takes any)."""
        if not (written.isascii() and written.isdigit()):
            raise self.fail(f"{what} {quoted(written)} is not written in ASCII digits")
        return int(written)

    def seat_number(self, written: str, seat_count: int, taken: Iterable[int]) -> int:
        """A seat's number (or the button's; 0: none): a seat of the table, listed once."""
        number = self.digits(written, "the seat number")
        if seat_count and number > seat_count:
            raise self.fail(f"seat {number} at a table of {seat_count} seats")
        if number in taken:
            raise self.fail(f"seat {number} is listed twice")
        return number

    def stored_text(self, text: str, what: str) -> None:
        """A name the hand stores (a player's, a table's): no control characters (none in a
        TOML string; NUL none in PostgreSQL's text), within the length a name is stored to."""
        if has_control(text):
            raise self.fail(f"the {what} {quoted(text)} holds a control character")
        if len(text) > MAX_NAME_CHARS:
            raise self.fail(f"a {what} of {len(text):,} characters: at most {MAX_NAME_CHARS} "
                            f"are stored")

    def player_name(self, name: str, listed: Mapping[str, int]) -> str:
        """A seat's player: a name as `stored_text` takes it, seated once."""
        self.stored_text(name, "name")
        if name in listed:
            raise self.fail(f"{quoted(name)} is seated twice (in seat {listed[name]} too)")
        return name

    def when(self, date: str | None, time: str | None) -> datetime.datetime | None:
        """The header's date and time (None where it gives none), a date that is one."""
        if date is None or time is None:
            return None
        written = f"{date} {time}"
        if not written.isascii():
            raise self.fail(f"the date {quoted(written)} is not written in ASCII digits")
        try:
            moment = parse_date(date, time)
        except ValueError:
            raise self.fail(f"{quoted(written)} is not a date and time") from None
        first = self.site.first_year
        if not first <= moment.year <= datetime.date.today().year + 1:
            raise self.fail(f"{quoted(written)}: a {self.site.name} hand is played from "
                            f"{first} on, not in {moment.year}")
        return moment

    def utc(self, moment: datetime.datetime | None,
            zone: str | None) -> datetime.datetime | None:
        """The moment in UTC, when its zone is one pokerdb knows."""
        name = TIME_ZONES.get(zone or "")
        if moment is None or name is None:
            return None
        offset = _utc_offset(name, moment.replace(minute=0, second=0))
        return (moment - offset).replace(tzinfo=datetime.UTC)

    def refuse_unsettled(self) -> None:
        """A line of a construct the site's hands hold that pokerdb does not settle exactly
        (money outside the pot): the hand is refused, naming it."""
        for index, line in enumerate(self.text.lines):
            for words, reason in self.site.refused:
                if words in line:
                    self.index = index
                    raise self.fail(reason)

    def convert(self) -> PhhHand | Cancelled:
        site = self.site
        if site.rewrite is not None:
            try:
                self.text = site.rewrite(self.text)
            except LineError as error:
                self.index = error.index
                self.source += "" if error.hand is None else f"#{error.hand}"
                raise self.fail(error.problem) from None
        lines = self.text.lines
        header = site.header.match(lines[0])
        if header is None:
            raise self.fail(f"not a {site.name} hand header")
        fields = header.groupdict()
        number = header["number"]
        self.source = f"{self.source}#{number}"
        prefix = number[:len(number) - len(number.lstrip(_LETTERS))]  # GGPoker's "RC", "TM"
        groups = number[len(prefix):].split("-")  # Winamax's "5281577-471-1382586707"
        digits = "-".join(str(self.digits(group, "the hand number")) for group in groups)
        hand_number = number if prefix else digits
        if "Hand cancelled" in lines or "Hand cancelled " in lines:
            return Cancelled(self.source)
        self.refuse_unsettled()
        if header["tournament"] is not None:
            self.digits(header["tournament"], "the tournament number")
        if header["level"] is not None and not header["level"].isascii():
            raise self.fail(f"the level {quoted(header['level'])} is not written in ASCII")
        game, written_stakes = game_played(header["game"].strip(), header["stakes"])
        game = site.shape.games.get(game, game)
        code, hole_count = variant_of(game)
        if code is None:
            raise self.fail(f"the game {quoted(game)} is not one pokerdb reads")
        variant = VARIANTS[code]
        stakes = STAKES.match(written_stakes)
        if stakes is None:
            raise self.fail(f"stakes {quoted(written_stakes)} are not 'SMALL/BIG'")
        currency, symbol = currency_of(written_stakes)
        if currency is None and header["tournament"] is None:
            currency = PLAY_MONEY  # a cash game's chips are play money
        self.exponent = 2 if header["tournament"] is None and (
            symbol is not None or "." in written_stakes) else 0
        small, big = self.amount(stakes["small"]), self.amount(stakes["big"])
        cap = None if stakes["cap"] is None else self.amount(stakes["cap"])
        if len(lines) < 2 or (table := site.shape.table.match(lines[1])) is None:
            self.index = min(1, len(lines) - 1)
            raise self.fail("expected the table line: \"Table 'NAME' N-max Seat #N is the "
                            "button\"")
        if table["button"] is None and not variant.bring_in:
            raise self.fail("expected the table line: \"Table 'NAME' N-max Seat #N is the "
                            "button\"")
        self.index = 1
        self.stored_text(table["table"], "table name")
        # stud has no button: seats in order from seat 1; the oldest files do not say N-max
        seat_count = self.digits(table["seats"] or "0", "the number of seats")
        button = self.seat_number(table["button"] or "0", seat_count, set())
        seated: list[tuple[int, str, int]] = []
        listed: dict[str, int] = {}  # every seat listed, dealt in or not, by number
        self.index = 2
        while self.index < len(lines) and (seat := site.shape.seat.match(lines[self.index])):
            number = self.seat_number(seat["seat"], seat_count, listed.values())
            listed[self.player_name(seat["name"], listed)] = number
            stack = self.amount(seat["stack"])
            # a seat without chips (Winamax lists them) is not dealt in
            if (seat["out"] is None and stack and not site.shape.sitting_out_unsaid) or _plays(
                    lines, self.index + 1, seat["name"] + site.shape.after_name):
                seated.append((number, seat["name"], stack))
            self.index += 1
        if len(seated) < 2:
            raise self.fail("fewer than two players are dealt in")
        ring = max(seat_count, max(number for number, _, _ in seated))
        seated.sort(key=lambda each: (each[0] - button - 1) % ring)
        play = StudPlay if variant.bring_in else DrawPlay if variant.draws else HandPlay
        body = play(self, [name for _, name, _ in seated], hole_count, big)
        body.read()
        stacks = [stack if cap is None else min(stack, cap) for _, _, stack in seated]
        antes, blinds = body.forced_bets()
        self.index = 0
        if (club := fields.get("club")) is not None:
            self.stored_text(club, "club name")
        local = self.when(header["date"], header["time"])
        eastern = self.when(fields.get("date2"), fields.get("time2"))
        zone = fields.get("zone") or None
        played_at = self.utc(eastern, fields.get("zone2")) if eastern else self.utc(local, zone)
        details = HandDetails(
            hand=hand_number, table=table["table"], event=club,
            venue=site.name, year=local.year if local else None,
            month=local.month if local else None, day=local.day if local else None,
            time=local.time() if local else None, time_zone=zone,
            time_zone_abbreviation=zone, level=None, seat_count=seat_count or None,
            seats=tuple(number for number, _, _ in seated), currency=currency,
            currency_symbol=symbol)
        cashed_out, outside = ((tuple(body.cashed_out), None) if body.outside is None else
                               body.outside.cash_outs(body.cashed_out))
        facts = SiteFacts(
            site=site.rooms.get(fields.get("room") or fields.get("zoom") or "", site.name),
            button_seat=button or None,
            played_at=played_at,
            tournament=header["tournament"], buy_in=header["buy_in"], level=header["level"],
            total_pot=body.total_pot, rake=body.rake, fees=body.fees,
            collected=tuple(body.collected), put_in=tuple(body.put_in),
            returned=tuple(body.returned),
            cashed_out=cashed_out, second_board=body.boards.extra(1),
            words=tuple(tuple(words) for words in body.words), hero=body.hero,
            lines=tuple(body.action_lines), texts=tuple(body.action_texts),
            cash_out_fees=body.cash_out_fees, known_at_end=body.known_at_end(),
            cash_drop=body.cash_drop, third_board=body.boards.extra(2), outside=outside)
        fixed = variant.betting is Betting.FIXED_LIMIT
        return PhhHand(
            source=self.source, variant=code, exponent=self.exponent, antes=tuple(antes),
            blinds_or_straddles=tuple(blinds), bring_in=_bring_in(body, variant, small),
            small_bet=small if fixed else None, big_bet=big if fixed else None,
            min_bet=None if fixed else big, starting_stacks=tuple(stacks),
            actions=tuple(body.actions), ante_trimming_status=body.short_ante,
            players=tuple(name for _, name, _ in seated),
            finishing_stacks=None,
            winnings=tuple(body.collected), details=details, site=facts,
            rules=site_rules(site.name))


def _bring_in(body: HandPlay, variant: Variant, small: int) -> int | None:
    """A stud hand's bring-in: the one posted, or the small bet where the first to act
    completes instead (the bring-in then plays no part)."""
    if not variant.bring_in:
        return None
    return body.bring_in if isinstance(body, StudPlay) and body.bring_in is not None else small


def _plays(lines: list[str], start: int, playing: str) -> bool:
    """Whether a player listed as sitting out is dealt in all the same: they post (a
    tournament deals such a player in, and blinds them off) or act, if only to fold in turn
    (the site folds them), before the summary. `playing`: the start of their actions' lines
    ("NAME: ")."""
    for line in itertools.islice(lines, start, None):
        if line.startswith(playing) and line[len(playing):].startswith(_PLAYING):
            return True
        if line.startswith("*** SUMMARY ***"):
            return False
    return False


# A player's lines that only a player dealt in writes.
_PLAYING: Final = ("posts ", "folds", "checks", "calls ", "bets ", "raises ", "brings in ",
                   "discards ", "stands pat", "shows ", "mucks ")


@lru_cache(maxsize=4096)
def _utc_offset(zone: str, hour: datetime.datetime) -> datetime.timedelta:
    """The zone's offset from UTC at that local hour (a file's hands share their hours)."""
    offset = hour.replace(tzinfo=ZoneInfo(zone)).utcoffset()
    assert offset is not None
    return offset


_LETTERS: Final = string.ascii_letters
