"""The play of a PokerStars hand, after its seats: the forced bets, the actions street by street,
the showdown and the summary, read line by line into PHH actions and what the file says was
paid (see pokerdb.formats.sites.pokerstars)."""

from typing import Final, Protocol

from pokerdb.errors import quoted
from pokerdb.formats.sites.stars_shape.boards import SUMMARY_BOARDS, Boards, words_by_run
from pokerdb.formats.sites.stars_shape.lines import (
    BOARD,
    CASH_DROP,
    CASHED_OUT,
    COLLECTED,
    RAISE,
    RETURNED,
    SHOWN,
    SUMMARY_SEAT,
    TOTAL_POT,
    HandSite,
)
from pokerdb.formats.sites.stars_shape.outside_pot import OutsideLines
from pokerdb.formats.sites.stars_shape.play_state import PlayLines, PlayState


class HandLines(PlayLines, Protocol):
    """A hand of a site in PokerStars' shape being read."""

    site: HandSite


_BETTING_VERBS: Final = frozenset(("checks", "calls", "bets", "raises", "folds"))
_PRE: Final = 0  # before *** HOLE CARDS ***
_PLAY: Final = 1
_SHOWDOWN: Final = 2
_SECOND_SHOWDOWN: Final = 3
_SUMMARY: Final = 4


class HandPlay(PlayState):
    """The lines after the seats: forced bets, the play, the showdown and the summary."""

    def __init__(self, hand: HandLines, names: list[str], hole_count: int, big: int) -> None:
        super().__init__(hand, names, hole_count, big)
        self.site = hand.site
        self.shape = hand.site.shape
        # whether a name holds what follows names on action lines: then the longest is sought
        self.spaced = any(self.shape.after_name in name for name in names)
        n = len(names)
        self.cashed_out = [0] * n
        self.cards: list[str | None] = [None] * n
        self.shown: list[list[str] | None] = [None] * n  # the cards each showed in the play
        self.early_shows: list[tuple[int, str]] = []  # shown before the showdown (shows_early)
        self.boards = Boards(hand)
        self.all_in = [False] * n
        self.acted = [False] * n  # on this street, by a check, call, bet, raise or fold
        self.fees = self.cash_out_fees = self.cash_drop = 0
        # money beside the pot (GGPoker's EV Cashout, all-in insurance), where the site has any
        self.outside = (OutsideLines(hand, n, self.written) if hand.site.outside_pot
                        else None)
        # A player all in by their ante: the antes are then pots by level, as the bets are
        # (PHH's ante trimming), so what no one else can match is returned.
        self.short_ante = False
        self.phase = _PRE

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
        if self.shape.summarises_every_seat and not all(self.summarised):
            hand.index = len(lines) - 1
            missing = self.names[self.summarised.index(False)]
            raise hand.fail(f"the summary lists no seat of {quoted(missing)}: the hand is cut "
                            f"short")
        if self.shape.pot_collected:
            self.uncalled_collected()
        self.lay_out()

    def uncalled_collected(self) -> None:
        """A site whose summary's pot is what was collected, the rake taken from it first, and
        whose `collected` counts an uncalled bet that no line returns (Winamax): the pot is
        what was collected plus the rake and fees; the bet no one called, the excess of the
        last street's only top bet over the next, returned to its bettor, out of the pot and
        out of what they collected."""
        self.total_pot += self.rake + self.fees
        bets = self.street_bet
        top = max(bets)
        if any(self.returned) or bets.count(top) != 1:
            return
        bettor = bets.index(top)
        excess = top - max(bet for seat, bet in enumerate(bets) if seat != bettor)
        self.give_back(bettor, excess)
        self.collected[bettor] -= min(excess, self.collected[bettor])
        self.total_pot -= excess

    def lay_out(self) -> None:
        """The PHH actions: every player's hole cards, then the play; and per action, its line."""
        self.lay_out_dealt(self.cards, self.play)

    def known_at_end(self) -> tuple[str | None, ...]:
        """The cards known of players that the actions cannot deal (SiteFacts.known_at_end):
        none here, every known card is dealt."""
        return ()

    def marker(self, line: str) -> bool:
        """A `*** ... ***` line; True for the summary's."""
        if line.startswith(self.shape.play_starts):
            self.phase = _PLAY
        elif line.startswith("*** SUMMARY ***"):
            self.phase = _SUMMARY
            return True
        elif line.startswith(self.site.showdowns):
            self.phase = _SHOWDOWN
            if sum(not folded for folded in self.folded) > 1:  # shown early: at the showdown
                self.play += self.early_shows
        elif line.startswith(self.site.second_showdowns):
            self.phase = _SECOND_SHOWDOWN
        elif (board := BOARD.match(line)) is not None:
            cards = self.hand_cards(board["cards"])
            if board["street"] != "PRE-FLOP":  # Courchevel's first flop card: no new street
                self.new_street()
            dealt = self.boards.deal(board["street"], board["run"], cards)
            if dealt is not None:
                self.play.append((self.hand.index, f"d db {''.join(dealt)}"))
        elif line.startswith("*** ") and self.phase != _SUMMARY and not line.startswith(
                self.shape.quiet_markers):
            raise self.hand.fail("unknown section")
        return False

    def new_street(self) -> None:
        self.check_unwritten()
        self.street_bet = [0] * len(self.names)
        self.acted = [False] * len(self.names)

    def check_unwritten(self) -> None:
        """The check PokerStars leaves out: it ends a street's betting once everyone else still
        in is all-in and the one player left, who has not acted, has nothing to call (a big
        blind against a short all-in call); the rules (and pokerkit) still give that player
        their turn, a check, once anyone has acted on the street (a street whose betting
        opens with one player able to act has no betting)."""
        live = [seat for seat, folded in enumerate(self.folded) if not folded]
        able = [seat for seat in live if not self.all_in[seat]]
        if len(live) < 2 or len(able) != 1:
            return
        seat = able[0]
        bet = self.street_bet[seat]
        if bet and not self.acted[seat] and any(self.acted) and bet >= max(
                self.street_bet[other] for other in live):
            self.play.append((self.hand.index, f"p{seat + 1} cc"))

    def hand_cards(self, written: str) -> list[str]:
        return self.checked_cards(written.split())

    def player(self, line: str) -> tuple[int, str] | None:
        """The seat and the rest of a line `NAME: rest` of a player dealt in (`NAME rest` where
        the site writes no colon: the longest name that fits)."""
        after = self.shape.after_name
        found = None
        start = 0
        while (end := line.find(after, start)) >= 0:
            seat = self.seat_of.get(line[:end])
            if seat is not None:
                found = seat, line[end + len(after):]
                if not self.spaced:
                    return found
            start = end + 1
        return found

    def line(self, line: str) -> None:
        if " collected " in line and (collected := COLLECTED.match(line)) is not None and (
                winner := self.seat_of.get(collected["name"])) is not None:
            self.collected[winner] += self.hand.amount(collected["amount"])
            return
        acting = self.player(line)
        if acting is not None:
            seat, what = acting[0], acting[1].strip()
            if self.outside is not None and self.outside.read(seat, what):
                return
            self.all_in[seat] |= what.endswith(" and is all-in")
            self.act(seat, what)
            return
        if line.startswith("Dealt to "):
            for seat, name in enumerate(self.names):
                if line.startswith(f"Dealt to {name} ["):
                    self.deal(seat, line[len(name) + 10:])
                    return
        if (returned := RETURNED.match(line)) is not None:
            bettor = self.seat_of.get(returned["name"])
            if bettor is None:
                raise self.hand.fail(f"{quoted(returned['name'])} is not dealt in")
            self.give_back(bettor, self.hand.amount(returned["amount"]))
            return
        if (cashed := CASHED_OUT.match(line)) is not None:
            leaver = self.seat_of.get(cashed["name"])
            if leaver is not None:
                self.cashed_out[leaver] += self.hand.amount(cashed["amount"])
                if cashed["fee"] is not None:
                    fee = self.hand.amount(cashed["fee"])
                    self.fees += fee
                    self.cash_out_fees += fee
                return
        if self.outside is not None and (drop := CASH_DROP.match(line)) is not None:
            if self.phase != _PRE:
                raise self.hand.fail("a Cash Drop after the hole cards were dealt")
            self.cash_drop += self.hand.amount(drop["amount"])
            return
        if (posts := f"{self.shape.after_name}posts ") in line:  # `NAME: posts`, `NAME posts`
            raise self.hand.fail(f"{quoted(line.partition(posts)[0])} posts but is not "
                                 f"dealt in")
        # Anything else is chat, a player joining, leaving, sitting out or reconnecting, or
        # a note of the dealer's ("No low hand qualified"): nothing that moves chips.

    def deal(self, seat: int, written: str) -> None:
        """A `Dealt to NAME [CARDS]` line (`written` from its first bracket): the hero's hole
        cards; a stud or draw hand deals its own way."""
        self.hero = seat + 1
        self.know(seat, written)

    def act(self, seat: int, what: str) -> None:
        hand = self.hand
        p = f"p{seat + 1}"
        verb, _, rest = what.partition(" ")
        rest = rest.removesuffix(" and is all-in")
        self.acted[seat] |= verb in _BETTING_VERBS
        rest = rest.removesuffix(" out of position")  # Winamax's blind of a player joining
        if " and has reached the " in rest:
            rest = rest.partition(" and has reached the ")[0]
        if verb == "posts":
            self.post(seat, rest)
        elif verb == "straddle":  # GGPoker's `NAME: straddle $2`
            self.post(seat, what)
        elif verb == "folds":
            self.folded[seat] = True
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
            by = to - max(self.street_bet) if raised["by"] is None else hand.amount(raised["by"])
            if to - max(self.street_bet) != by:
                top = max(self.street_bet)
                raise hand.fail(f"the bet to call is {self.written(top)}: a raise by "
                                f"{raised['by']} is to {self.written(top + by)}, not "
                                f"{raised['to']}")
            self.put_in[seat] += to - self.street_bet[seat]
            self.street_bet[seat] = to
            self.play.append((hand.index, f"{p} cbr {self.written(to)}"))
        elif verb == "shows":
            shown = SHOWN.match(rest)
            if shown is None:
                raise hand.fail("expected 'shows [CARDS]'")
            self.know(seat, rest)
            cards = self.hand_cards(shown["cards"])
            if self.folded[seat] or self.shown[seat] == cards:
                return  # shown once folded, then the showdown's shows again (GGPoker's)
            self.shown[seat] = cards
            self.at_showdown(f"{p} sm {self.cards[seat]}")
        elif verb == "mucks":
            self.at_showdown(f"{p} sm")
        elif what == "Dealt" or what.startswith(("doesn't show", "is sitting out", "sits out",
                                                 "is disconnected", "is connected",
                                                 "has timed out", "has returned")):
            return
        elif verb in ("discards", "stands", "brings", "draws", "bring"):
            raise hand.fail(f"{quoted(verb)}: not part of a hold'em or Omaha hand")
        else:
            raise hand.fail(f"unknown action {quoted(what)}")

    def at_showdown(self, action: str) -> None:
        """A show or muck: an action at the showdown; one before it (a site that shows hands
        early: at an all-in, or once the river's betting closes) waits for the showdown."""
        if self.phase == _SHOWDOWN:
            self.play.append((self.hand.index, action))
        elif self.site.shows_early:
            self.early_shows.append((self.hand.index, action))

    def post(self, seat: int, rest: str) -> None:
        words, _, written = rest.rpartition(" ")
        amount = self.hand.amount(written)
        self.put_in[seat] += amount
        if words in ("the ante", "ante"):
            self.antes[seat] += amount
            self.short_ante |= self.all_in[seat]
        elif words == "missed blind" or (words == "small blind" and any(self.blinds)):
            self.antes[seat] += amount  # a blind missed, or one of a player joining: dead
        elif words in ("small blind", "big blind", "straddle", "button blind"):
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
        if shown["words"] and not self.site.shows_early:
            self.words[seat].append(shown["words"])

    def summary(self, line: str) -> None:
        hand = self.hand
        if line.startswith("Total pot ") and (total := TOTAL_POT.match(line)) is not None:
            self.total_pot = hand.amount(total["total"])
            for fee in total["fees"].split(" | ")[1:]:
                name, _, written = fee.strip().rpartition(" ")
                if fee.strip() == "No rake":  # Winamax's
                    continue
                if name == "Rake":
                    self.rake += hand.amount(written)
                else:
                    self.fees += hand.amount(written)
        elif line.startswith(SUMMARY_BOARDS):
            run, _, written = line.replace("Board: [", "Board [", 1).partition("Board [")
            self.boards.check(run.strip(), self.hand_cards(written.rstrip().removesuffix("]")))
        elif (seat := SUMMARY_SEAT.match(line)) is not None:
            for index, name in enumerate(self.names):
                if line.startswith(f"Seat {seat['seat']}: {name} "):
                    self.summarised[index] = True
                    self.check_summary_seat(index, line)
                    break

    def check_summary_seat(self, seat: int, line: str) -> None:
        """A summary's `Seat N: NAME ...`: the cards it says were shown are those the player
        showed; cards mucked face up are known; the amounts beside the pot that end it are
        the player's lines'."""
        if self.outside is not None:
            line = self.outside.summary(seat, line)
        if " mucked [" in line:
            self.know(seat, line[line.index(" mucked [") + 8:])
        elif " showed [" in line and self.shown[seat] is not None:
            written, _, rest = line[line.index(" showed [") + 9:].partition("]")
            if sorted(self.hand_cards(written)) != sorted(self.shown[seat] or ()):  # any order
                raise self.hand.fail(f"{quoted(self.names[seat])} showed "
                                     f"[{' '.join(self.shown[seat] or ())}], not [{written}]")
            if self.site.shows_early and " with " in rest:  # one name per run
                self.words[seat] += words_by_run(rest.partition(" with ")[2].rstrip())
