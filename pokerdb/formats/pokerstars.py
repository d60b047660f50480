"""PokerStars hand histories read into the model every hand history is read into (`PhhHand`, with
the `SiteFacts` a tracker needs): a file holds any number of hands (pokerdb.formats.
pokerstars_lines splits and decodes it), and each becomes a `PhhHand` whose actions are PHH's
(`d dh p1 AhKh`, `p2 cbr 0.30`, `p1 cc`, `p3 f`, `d db QhJc3h`, `p1 sm AhKh`).

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
from pathlib import Path
from typing import Final
from zoneinfo import ZoneInfo

from pokerdb.errors import quoted
from pokerdb.formats.phh import PhhFile, is_phh_name
from pokerdb.formats.phh_input import HandReader
from pokerdb.formats.pokerstars_lines import (
    BOARD,
    CASHED_OUT,
    COLLECTED,
    HEADER,
    RAISE,
    RETURNED,
    SEAT,
    SHOWN,
    STAKES,
    SUMMARY_SEAT,
    TABLE,
    TIME_ZONES,
    TOTAL_POT,
    HandText,
    amount_units,
    currency_of,
    decoded,
    hand_texts,
    leading_text,
    looks_like_pokerstars,
    parse_date,
)
from pokerdb.rules.cards import normalise_card
from pokerdb.rules.hand_record import Cancelled, HandDetails, PhhError, PhhHand, SiteFacts
from pokerdb.rules.settlement import VARIANTS as SETTLED_VARIANTS

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
    recursively, in path order (PokerStars writes a `.txt` file per table and day)."""
    if not path.exists():
        raise PhhError(str(path), "no such file or folder")
    if not path.is_dir():
        return [PhhFile(path.name, path)]
    found = sorted(file.relative_to(path).parts for file in path.rglob("*")
                   if file.suffix.lower() == ".txt" and file.is_file())
    return [PhhFile("/".join(parts), path.joinpath(*parts)) for parts in found]


def is_pokerstars_path(name: str) -> bool:
    """Whether `name` is a PokerStars hand history by its first bytes, or a folder without PHH
    files where a `.txt` file is."""
    path = Path(name)
    try:
        if not path.is_dir():
            return path.is_file() and _starts_as_pokerstars(path)
        if any(is_phh_name(file.name) for file in path.rglob("*.ph*")):
            return False
        return any(_starts_as_pokerstars(file.path) for file in pokerstars_files(path))
    except (OSError, PhhError):
        return False


def _starts_as_pokerstars(path: Path) -> bool:
    with path.open("rb") as file:
        return looks_like_pokerstars(file.read(4096))


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

    def fail(self, problem: str, index: int | None = None) -> PhhError:
        at = self.index if index is None else index
        line = self.text.lines[at] if at < len(self.text.lines) else ""
        return PhhError(self.source, f"line {self.text.numbers[at]} {quoted(line)}: {problem}")

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
        if any(line.strip() == "Hand cancelled" for line in lines):
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
        body = _Body(self, [name for _, name, _ in seated], hole_count, big)
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
    return moment.replace(tzinfo=ZoneInfo(name)).astimezone(datetime.UTC)


_PRE: Final = 0  # before *** HOLE CARDS ***
_PLAY: Final = 1
_SHOWDOWN: Final = 2
_SECOND_SHOWDOWN: Final = 3
_SUMMARY: Final = 4


class _Body:
    """The lines after the seats: forced bets, the play, the showdown and the summary."""

    def __init__(self, hand: _Hand, names: list[str], hole_count: int, big: int) -> None:
        self.hand = hand
        self.names = names
        self.seat_of = {name: index for index, name in enumerate(names)}
        n = len(names)
        self.hole_count = hole_count
        self.big = big
        self.antes = [0] * n
        self.blinds = [0] * n
        self.put_in = [0] * n
        self.street_bet = [0] * n
        self.collected = [0] * n
        self.returned = [0] * n
        self.cashed_out = [0] * n
        self.cards: list[str | None] = [None] * n
        self.words: list[list[str]] = [[] for _ in range(n)]
        self.hero: int | None = None
        self.play: list[tuple[int, str]] = []  # (line index, PHH action) after the hole cards
        self.boards: tuple[list[str], list[str]] = ([], [])
        self.total_pot = self.rake = self.fees = 0
        self.phase = _PRE
        self.actions: list[str] = []
        self.action_lines: list[int] = []
        self.action_texts: list[str] = []

    def read(self) -> None:
        hand = self.hand
        lines = hand.text.lines
        summary_seen = False
        while hand.index < len(lines):
            line = lines[hand.index].rstrip()
            if line.startswith("*** "):
                summary_seen |= self.marker(line)
            elif self.phase == _SUMMARY:
                self.summary(line)
            else:
                self.line(line)
            hand.index += 1
        if not summary_seen:
            hand.index = len(lines) - 1
            raise hand.fail("the hand ends without its *** SUMMARY ***")
        self.lay_out()

    def lay_out(self) -> None:
        """The PHH actions: every player's hole cards, then the play; and per action, its line."""
        numbers, lines = self.hand.text.numbers, self.hand.text.lines
        unknown = "??" * self.hole_count
        first = numbers[0]
        for seat, cards in enumerate(self.cards):
            self.actions.append(f"d dh p{seat + 1} {cards or unknown}")
            self.action_lines.append(first)
            self.action_texts.append(lines[0])
        for index, action in self.play:
            self.actions.append(action)
            self.action_lines.append(numbers[index])
            self.action_texts.append(lines[index])

    def second_board(self) -> str | None:
        first, second = self.boards
        if not second:
            return None
        return " ".join(str(normalise_card(card)) for card in [*first[:5 - len(second)], *second])

    def marker(self, line: str) -> bool:
        """A `*** ... ***` line; True for the summary's."""
        if line.startswith("*** HOLE CARDS ***"):
            self.phase = _PLAY
        elif line.startswith("*** SUMMARY ***"):
            self.phase = _SUMMARY
            return True
        elif line.startswith(("*** SHOW DOWN ***", "*** FIRST SHOW DOWN ***")):
            self.phase = _SHOWDOWN
        elif line.startswith("*** SECOND SHOW DOWN ***"):
            self.phase = _SECOND_SHOWDOWN
        elif (board := BOARD.match(line)) is not None:
            self.new_street()
            cards = self.hand_cards(board["cards"])
            if board["run"] == "SECOND":
                self.boards[1].extend(cards)
            else:
                self.boards[0].extend(cards)
                self.play.append((self.hand.index, f"d db {''.join(cards)}"))
        elif line.startswith("*** ") and self.phase != _SUMMARY:
            raise self.hand.fail("unknown section")
        return False

    def new_street(self) -> None:
        self.street_bet = [0] * len(self.names)

    def hand_cards(self, written: str) -> list[str]:
        cards = written.split()
        for card in cards:
            if normalise_card(card) is None:
                raise self.hand.fail(f"{quoted(card)} is not a card")
        return cards

    def player(self, line: str) -> tuple[int, str] | None:
        """The seat and the rest of a line `NAME: rest` of a player dealt in."""
        start = 0
        while (colon := line.find(": ", start)) >= 0:
            seat = self.seat_of.get(line[:colon])
            if seat is not None:
                return seat, line[colon + 2:]
            start = colon + 1
        return None

    def line(self, line: str) -> None:
        acting = self.player(line)
        if acting is not None:
            self.act(acting[0], acting[1].strip())
            return
        if line.startswith("Dealt to "):
            for seat, name in enumerate(self.names):
                if line.startswith(f"Dealt to {name} ["):
                    self.hero = seat + 1
                    self.know(seat, line[len(name) + 10:])
                    return
        if (collected := COLLECTED.match(line)) is not None:
            winner = self.seat_of.get(collected["name"])
            if winner is not None:
                self.collected[winner] += self.hand.amount(collected["amount"])
                return
        if (returned := RETURNED.match(line)) is not None:
            bettor = self.seat_of.get(returned["name"])
            if bettor is None:
                raise self.hand.fail(f"{quoted(returned['name'])} is not dealt in")
            amount = self.hand.amount(returned["amount"])
            self.put_in[bettor] -= amount
            self.returned[bettor] += amount
            return
        if (cashed := CASHED_OUT.match(line)) is not None:
            leaver = self.seat_of.get(cashed["name"])
            if leaver is not None:
                self.cashed_out[leaver] += self.hand.amount(cashed["amount"])
                if cashed["fee"] is not None:
                    self.fees += self.hand.amount(cashed["fee"])
                return
        # Anything else is chat, a player joining, leaving, sitting out or reconnecting, or
        # a note of the dealer's ("No low hand qualified"): nothing that moves chips.

    def act(self, seat: int, what: str) -> None:
        hand = self.hand
        p = f"p{seat + 1}"
        verb, _, rest = what.partition(" ")
        rest = rest.removesuffix(" and is all-in")
        if " and has reached the " in rest:
            rest = rest.partition(" and has reached the ")[0]
        if verb == "posts":
            self.post(seat, rest)
        elif verb == "folds":
            self.play.append((hand.index, f"{p} f"))
            if rest.startswith("["):
                self.know(seat, rest)
        elif verb == "checks":
            self.play.append((hand.index, f"{p} cc"))
        elif verb == "calls":
            amount = hand.amount(rest)
            self.put_in[seat] += amount
            self.street_bet[seat] += amount
            self.play.append((hand.index, f"{p} cc"))
        elif verb == "bets":
            amount = hand.amount(rest)
            self.put_in[seat] += amount
            self.street_bet[seat] += amount
            self.play.append((hand.index, f"{p} cbr {self.written(self.street_bet[seat])}"))
        elif verb == "raises":
            raised = RAISE.match(rest)
            if raised is None:
                raise hand.fail("expected 'raises AMOUNT to AMOUNT'")
            to = hand.amount(raised["to"])
            self.put_in[seat] += to - self.street_bet[seat]
            self.street_bet[seat] = to
            self.play.append((hand.index, f"{p} cbr {self.written(to)}"))
        elif verb == "shows":
            shown = SHOWN.match(rest)
            if shown is None:
                raise hand.fail("expected 'shows [CARDS]'")
            self.know(seat, rest)
            if self.phase == _SHOWDOWN:
                self.play.append((hand.index, f"{p} sm {self.cards[seat]}"))
        elif verb == "mucks":
            if self.phase == _SHOWDOWN:
                self.play.append((hand.index, f"{p} sm"))
        elif what == "Dealt" or what.startswith(("doesn't show", "is sitting out", "sits out",
                                                 "is disconnected", "is connected",
                                                 "has timed out", "has returned")):
            return
        elif verb in ("discards", "stands", "brings", "draws", "bring"):
            raise hand.fail(f"{quoted(verb)}: not part of a hold'em or Omaha hand")
        else:
            raise hand.fail(f"unknown action {quoted(what)}")

    def post(self, seat: int, rest: str) -> None:
        words, _, written = rest.rpartition(" ")
        amount = self.hand.amount(written)
        self.put_in[seat] += amount
        if words == "the ante":
            self.antes[seat] += amount
        elif words in ("small blind", "big blind", "straddle"):
            if self.phase != _PRE:
                raise self.hand.fail("a blind posted after the hole cards were dealt")
            self.blinds[seat] += amount
            self.street_bet[seat] += amount
        elif words == "small & big blinds":
            live = min(amount, self.big)
            self.blinds[seat] += live
            self.street_bet[seat] += live
            self.antes[seat] += amount - live  # the small blind is dead
        else:
            raise self.hand.fail(f"unknown forced bet {quoted(words)}")

    def know(self, seat: int, written: str) -> None:
        """Cards of a player, shown (`[Ah Kh] (two pair, ...)`) or mucked face up."""
        shown = SHOWN.match(written)
        if shown is None:
            return
        cards = self.hand_cards(shown["cards"])
        if len(cards) < self.hole_count:
            cards += ["??"] * (self.hole_count - len(cards))
        self.cards[seat] = "".join(cards)
        if shown["words"]:
            self.words[seat].append(shown["words"])

    def summary(self, line: str) -> None:
        hand = self.hand
        if (total := TOTAL_POT.match(line)) is not None:
            self.total_pot = hand.amount(total["total"])
            for fee in total["fees"].split(" | ")[1:]:
                name, _, written = fee.strip().rpartition(" ")
                if name == "Rake":
                    self.rake += hand.amount(written)
                else:
                    self.fees += hand.amount(written)
        elif (seat := SUMMARY_SEAT.match(line)) is not None and " mucked [" in line:
            for index, name in enumerate(self.names):
                if line.startswith(f"Seat {seat['seat']}: {name} "):
                    self.know(index, line[line.index(" mucked [") + 8:])
                    break

    def written(self, units: int) -> str:
        """An amount as PHH writes it in the hand's units: '0.3', '300'."""
        exponent = self.hand.exponent
        if not exponent:
            return str(units)
        whole, fraction = divmod(units, 10 ** exponent)
        return f"{whole}.{fraction:0{exponent}d}" if fraction else str(whole)


POKERSTARS_READER: Final = HandReader(pokerstars_files, parse_pokerstars, ".txt files")
