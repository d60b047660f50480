"""A recorded hand in the terms of the PHH standard (the Poker Hand History format): the model
every hand history is read into, whatever file it came from, and that the settlement replays.

The classes made for every hand (`PhhHand`, `HandDetails`, `SiteFacts`, and the settlement's
outcome.Replayed, Pot, Award, Settlement) are dataclasses that nothing changes once made, but
not frozen: a frozen dataclass's `__init__` sets each field through `object.__setattr__`, four
times as long as a plain one's (22 fields: 2.6 against 0.6 µs), which is 5% of a PHH import's
CPU. They stay hashable (`unsafe_hash`), as they were frozen.
"""

import datetime
from collections.abc import Iterator
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Final

from pokerdb.errors import InputError, quoted


class PhhError(InputError):
    """An invalid PHH hand or file. `source` is the hand's source (or the file's, when the file
    as a whole cannot be read) and `message` says what is wrong, naming the field or action:
    ``hands.phhs#3: action 7 'p2 cbr 50': p2 acts out of turn (p3 is to act)``."""

    def __init__(self, source: str, message: str, action: int | None = None,
                 reason: str | None = None) -> None:
        super().__init__(source, None, message)
        self.action = action  # the 0-based index of the action at fault, when one is
        self.reason = reason or message  # what is wrong with that action

    def __reduce__(self) -> tuple[type["PhhError"], tuple[object, ...]]:
        """Pickled as its four fields (InputError's three are not its own)."""
        return type(self), (self.source, self.message, self.action, self.reason)


@dataclass(slots=True, unsafe_hash=True)
class OutsidePot:
    """Money between a player and the site beside the pot, which is paid as usual (GGPoker's
    EV Cashout and all-in insurance), or between the players through the site (a time bank
    card), as the hand's lines state it: per player, p1 first, amounts in the hand's units."""

    chose: tuple[bool, ...]  # `Chooses to EV Cashout`
    risk: tuple[int, ...]  # `Pays Cashout Risk ($X)`: paid back by one who cashed out and won
    received: tuple[int, ...]  # `Receives Cashout ($X)`: paid to one who cashed out and lost
    # `get an all-in insurance (premium (A/B/C) for (X/Y/Z) - (Mandatory/Main/Sub))`: the
    # premiums quoted and the cover bought, summed, and the cover of each part
    quoted: tuple[int, ...]
    cover: tuple[tuple[int, int, int], ...]
    premium: tuple[int, ...]  # `pay premium of all-in insurance ($X)`
    compensation: tuple[tuple[int, int, int], ...]  # `get main compensation of ... ($X)`, by part
    # the summary's `received ($X) from time bank card`, less its `bought time bank card ($X)`
    time_bank: tuple[int, ...]

    def flows(self) -> tuple[int, ...]:
        """Per player, what the site paid them beside the pot, less what they paid it."""
        return tuple(received - risk + sum(paid) - premium + card
                     for received, risk, paid, premium, card
                     in zip(self.received, self.risk, self.compensation, self.premium,
                            self.time_bank, strict=True))


@dataclass(slots=True, unsafe_hash=True)
class SiteFacts:
    """What a poker site's hand history states beyond PHH's fields, for the checks of the
    settlement against the file and for a tracker. Amounts are in the hand's units; per-player
    tuples have one entry per player, p1 first."""

    site: str  # "PokerStars", "PokerStars Zoom", "PokerStars Home Game"
    button_seat: int | None  # the seat number the file names as the button
    played_at: datetime.datetime | None  # in UTC, where the file's time zone tells it
    tournament: str | None  # the tournament's number; None for a cash game
    buy_in: str | None  # as written ("$1.00+$0.10 USD")
    level: str | None  # the tournament level as written ("IV")
    total_pot: int
    rake: int
    fees: int  # the other fees of the summary (jackpot, ...) and cash-out fees
    collected: tuple[int, ...]  # per player: what the file says each collected
    put_in: tuple[int, ...]  # per player: what the lines put in, uncalled bets returned
    returned: tuple[int, ...]  # per player: the uncalled bets the file says were returned
    # per player: paid for cashing out the hand, fee deducted (PokerStars: the site keeps the
    # pot); at a site that pays the pot as usual (PAYS_THE_POT_ON_CASH_OUT), what it paid the
    # player beside the pot less what the player paid it (OutsidePot.flows)
    cashed_out: tuple[int, ...]
    second_board: str | None  # run twice: the second board ("AH KH 7C 2D 9S")
    words: tuple[tuple[str, ...], ...]  # per player: the site's name of each shown hand
    hero: int | None  # the player (1-based) whose cards are `Dealt to` them
    lines: tuple[int, ...]  # per PHH action: the file's line it comes from
    texts: tuple[str, ...]  # per PHH action: that line
    cash_out_fees: int = 0  # the part of `fees` charged for cash-outs: not from the pot
    # Read from a PHH file that pokerdb exported (formats.phh.site): the site's columns only,
    # each line's text, put_in, returned and words left empty; settled by the file's winnings,
    # `_rake` and `_fees` (rules.recorded_figures), as any PHH hand's.
    exported: bool = False
    # Per player, the cards (PHH's, "AhKd??") the file shows of their hand at the end where
    # the actions cannot deal them: a draw game's summary shows a hand mucked at the showdown,
    # the cards held after the draws. () when the actions say all.
    known_at_end: tuple[str | None, ...] = ()
    # Money the site put in the pot that no player put in (GGPoker's `Cash Drop to Pot : total
    # $X`, before the blinds): the main pot starts with it, and the total pot counts it.
    cash_drop: int = 0
    third_board: str | None = None  # run three times: the third board, as `second_board`
    outside: OutsidePot | None = None  # the lines of the money beside the pot, where any

    def located(self, error: PhhError) -> PhhError:
        """The replay's error about an action, naming the file's line instead."""
        if error.action is None or error.action >= len(self.lines):
            return error
        return PhhError(error.source, f"line {self.lines[error.action]} "
                                      f"{quoted(self.texts[error.action])}: {error.reason}")


@dataclass(slots=True, unsafe_hash=True)
class HandDetails:
    """The descriptive optional fields of a hand (None when absent). `hand` and `table` may be
    strings or integers in a file; both are kept as text."""

    hand: str | None = None
    table: str | None = None
    event: str | None = None
    venue: str | None = None
    url: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    year: int | None = None
    month: int | None = None
    day: int | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    level: int | None = None
    seat_count: int | None = None
    seats: tuple[int, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    author: str | None = None


# HandDetails' fields by name, in order (HandDetails(*values) takes them so).
DETAIL_FIELDS: Final = tuple(field.name for field in fields(HandDetails))


@dataclass(frozen=True, slots=True)
class Cancelled:
    """A hand a site cancelled before it was played (`Hand cancelled`): nothing to store."""

    source: str


@dataclass(frozen=True, slots=True)
class BettingRules:
    """Where a site's betting differs from the rules PHH (and pokerkit) define, which hold by
    default (pokerdb.rules.settlement.betting applies them)."""

    # Fixed-limit: an all-in bet or raise for less than a full one is completed. The next bet
    # or raise goes to the full bet over the last full level (PokerStars' `raises 50 to 600`
    # after `raises 250 to 550 and is all-in` at 300/600), not a full bet over the all-in;
    # a player who has acted since that level may make it when the all-ins since add up to at
    # least half a bet (the half-bet rule of limit card rooms), one who has not, always.
    completes_short_all_ins: bool = False
    # A player all in by a forced bet (an ante, a blind) folds in turn: the site folds a player
    # sitting out, who gives up every pot they are in (the rules give an all-in player no turn).
    all_in_player_folds: bool = False
    # A player may bet or raise more than anyone left to act can call, all others but one
    # all in for less: what no one matches is returned at the end of the street (PokerStars'
    # `raises 108 to 308` over an all-in of 200; the rules refuse such a raise).
    raises_no_one_can_call: bool = False
    # Before the flop the bet to call is the big blind (the first street's bet size) even when
    # the big blind is all in for less, or all in by the ante and posts none: PokerStars' `calls
    # 120` where the big blind posted 0 (the rules call what was posted).
    full_blind_to_call: bool = False
    # Stud high's fourth street with a pair among the up cards: a bet or raise may be the big
    # bet, and once one is, every one after it ("Pair on board - a double bet is allowed").
    open_pair_doubles: bool = False


PHH_RULES = BettingRules()
POKERSTARS_RULES = BettingRules(completes_short_all_ins=True, all_in_player_folds=True,
                                raises_no_one_can_call=True, full_blind_to_call=True,
                                open_pair_doubles=True)


# The sites whose files pokerdb reads, by the start of the site's name as stored ("PokerStars
# Zoom" is PokerStars'): the rules their files are written by. GGPoker's files are written as
# PokerStars' are (a short all-in call completed, the big blind's full call before the flop).
SITE_RULES = {"PokerStars": POKERSTARS_RULES, "GGPoker": POKERSTARS_RULES,
              "888poker": POKERSTARS_RULES, "partypoker": POKERSTARS_RULES,
              "iPoker": POKERSTARS_RULES}


# The sites that pay a pot as usual when a player in it cashed out (GGPoker's EV Cashout),
# the cash-out money moving beside it; PokerStars keeps the pot of a player who cashed out.
PAYS_THE_POT_ON_CASH_OUT = ("GGPoker",)


# The sites that name a shown hand on a later run of a hand run more than once by that run's
# own cards alone (GGPoker's `and lost with Pair of Aces` for A-A on a board that pairs Jacks
# on the flop the runs share): such a name is not checked where the run shares the first board.
NAMES_A_RUN_BY_ITS_OWN_CARDS = ("GGPoker",)


def pays_the_pot(site: SiteFacts) -> bool:
    """Whether the site's cash-outs leave the pot to be paid as usual (SiteFacts.cashed_out
    then signed: what moved beside the pot)."""
    return site.site.startswith(PAYS_THE_POT_ON_CASH_OUT)


def site_rules(site: str | None) -> BettingRules:
    """The betting rules of a site's hands ("PokerStars", "PokerStars Zoom", "GGPoker", ...);
    PHH's for any other, or none."""
    for name, rules in SITE_RULES.items():
        if site is not None and site.startswith(name):
            return rules
    return PHH_RULES


@dataclass(frozen=True, slots=True)
class Accounting:
    """What a source's `winnings` (and `finishing_stacks`) count, as its files are written: the
    facts of one venue's conversion (pokerdb.formats.phh.venues), by which
    rules.recorded_figures reconciles them with the actions. PHH's own: what each seat took
    from the pots, uncalled bets not counted, before any rake."""

    # Whether the winnings count the seat's uncalled bets returned: "net" (they do not),
    # "gross" (they do), "either" (the venue's files do both, seat by seat).
    returned: str = "net"
    raked: bool = False  # the winnings are after the rake: a seat may take less than it won
    # The most rake of a hand: this percent of its pot (rounded up to the hand's unit), and a
    # fixed fee besides (a jackpot's drop), in hundredths of the hand's money.
    rake_percent: int = 0
    fee_cents: int = 0
    zeros_unrecorded: bool = False  # winnings all zero: not recorded


PHH_ACCOUNTING = Accounting()


_SITE_TEXTS = ("site", "tournament", "buy_in", "level", "second_board")


@dataclass(slots=True, unsafe_hash=True)
class PhhHand:
    """One hand as its file states it. Amounts are integers in units of ``10 ** -exponent``;
    per-player arrays have one entry per player, p1 first. `actions` are the texts as written."""

    source: str
    variant: str
    exponent: int
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...] | None
    bring_in: int | None
    small_bet: int | None
    big_bet: int | None
    min_bet: int | None
    starting_stacks: tuple[int | None, ...]  # None: unknown (`inf` in the file)
    actions: tuple[str, ...]
    ante_trimming_status: bool
    players: tuple[str, ...] | None
    finishing_stacks: tuple[int, ...] | None
    winnings: tuple[int, ...] | None
    details: HandDetails
    site: SiteFacts | None = None  # a site's hand history: its facts beyond PHH's
    # What the pots paid besides the players (a site's rake and fees), as a PHH file that
    # pokerdb exported from a site's hand states it (`_rake`, `_fees`); its winnings and
    # finishing stacks are then what the site paid.
    taken: int = 0
    rules: BettingRules = PHH_RULES  # the betting rules it was dealt by
    accounting: Accounting = PHH_ACCOUNTING  # what its winnings count (its venue's)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def amount(self, units: int) -> Decimal:
        """The exact amount that `units` of this hand stand for."""
        return Decimal(units).scaleb(-self.exponent) if self.exponent else Decimal(units)

    def error(self, message: str) -> PhhError:
        return PhhError(self.source, message)

    def texts(self) -> Iterator[tuple[str, str]]:
        """Each text of the hand, with the PHH field that holds it (a site's facts: the
        user-defined field pokerdb exports each as)."""
        for name in ("actions", "players"):
            for text in getattr(self, name) or ():
                yield name, text
        for name in DETAIL_FIELDS:
            if isinstance(value := getattr(self.details, name), str):
                yield name, value
        for name in _SITE_TEXTS if self.site is not None else ():
            if (value := getattr(self.site, name)) is not None:
                yield f"_{name}", value
