"""The play of a Winning Poker Network hand, after its seats (see pokerdb.formats.sites.wpn): the
forced bets, the actions street by street and the summary, read line by line into PHH actions
and what the file says was paid.

Every amount of an action is what it adds (`raises (12)`: twelve more, not to twelve; `allin
(124)`: a bet, raise or call of what the player had left). The hands shown are in the summary
alone, each player's line there stating what they bet, collected and won or lost: each is
checked against the player's lines, and the pot (what was collected) and the rake against what
the players put in. A fee the summary does not state (as a jackpot's: fifteen of the samples,
all of which saw a flop, are $0.25 short) leaves the hand short: it is refused, saying how
much.
"""

import re
from typing import Final

from pokerdb.errors import quoted
from pokerdb.formats.sites.stars_shape.play_state import PlayState
from pokerdb.formats.sites.stars_shape.reading import HandReading
from pokerdb.formats.sites.wpn import SITE

ACTION: Final = re.compile(r"(?P<verb>calls|bets|raises|allin|straddle|posts|has small blind|"
                           r"has big blind) \((?P<amount>[\d.]+)\)(?P<dead> as a dead bet)?$")
BOARD: Final = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*: (?:\[[^]]*\] )?"
                          r"\[(?P<cards>[^]]*)\]\s*$")
RETURNED: Final = re.compile(r"Uncalled bet \((?P<amount>[\d.]+)\) returned to (?P<name>.*)$")
POT: Final = re.compile(r"Pot: (?P<pot>[\d.]+)\. Rake (?P<rake>[\d.]+)\s*$")
SUMMARY: Final = re.compile(r"\*?Player (?P<rest>.*?) ?Bets: (?P<bets>[\d.]+)\. Collects: "
                            r"(?P<collects>[\d.]+)\. (?P<result>Wins|Loses): (?P<net>[\d.]+)\."
                            r"\s*$")
SHOWN: Final = re.compile(r"(?:shows: (?P<words>.*) |mucks \(does not show: )"
                          r"\[(?P<cards>[^]]*)\]\)?\.$")
# A player's lines that move no chips and deal no cards.
QUIET: Final = ("sitting out", "wait BB", "is timed out.", "mucks cards")


class WpnPlay(PlayState):
    """The lines after the seats: forced bets, the play, and the summary."""

    def __init__(self, hand: HandReading, names: list[str], hole_count: int, big: int) -> None:
        super().__init__(hand, names, hole_count, big)
        # every name seated, dealt in or not, longest first (names hold spaces)
        self.seated = sorted({*names, *_listed(hand.text.lines)}, key=len, reverse=True)
        n = len(names)
        self.cards: list[list[str]] = [[] for _ in range(n)]
        self.shows = [False] * n
        self.board: list[str] = []
        self.opener = 0  # who shows first: the last to bet or raise on the last street
        self.pot = 0

    def read(self) -> None:
        hand = self.hand
        lines = hand.text.lines
        summary = ended = False
        while hand.index < len(lines) and not ended:
            line = lines[hand.index].rstrip()
            if line.startswith("------ Summary"):
                summary = True
            elif line.startswith("Game ended at: ") and summary:
                ended = True
            elif summary:
                self.summary_line(line)
            elif (board := BOARD.match(line)) is not None:
                self.street(board["cards"])
            elif (returned := RETURNED.match(line)) is not None:
                self.returned_to(returned["name"], hand.amount(returned["amount"]))
            elif line.startswith("Player "):
                self.player_line(line)
            else:
                raise hand.fail(f"not a line of a {SITE} hand")
            hand.index += 1
        hand.index = len(lines) - 1
        if not ended:
            raise hand.fail("the hand ends without its 'Game ended at:' line: it is cut short")
        if not all(self.summarised):
            missing = self.names[self.summarised.index(False)]
            raise hand.fail(f"the summary lists no line of {quoted(missing)}: the hand is cut "
                            f"short")
        self.lay_out()

    def named(self, text: str) -> tuple[str, str] | None:
        """The seated player a text starts with (`NAME rest`), and the rest."""
        for name in self.seated:
            if text.startswith(name + " "):
                return name, text[len(name) + 1:]
        return None

    def player_line(self, line: str) -> None:
        hand = self.hand
        found = self.named(line[7:])
        if found is None or found[0] not in self.seat_of:
            if line.endswith(QUIET):  # of a player not dealt in, or not seated (no name)
                return
            raise hand.fail("a player not dealt in moves chips")
        name, what = found
        seat = self.seat_of[name]
        p = f"p{seat + 1}"
        if what == "received a card." or what in QUIET:
            return
        if what.startswith("received card: ["):
            self.hero = seat + 1
            self.cards[seat] += self.hand_cards(what[16:].rstrip("]"))
            return
        if what == "folds":
            self.folded[seat] = True
            self.play.append((hand.index, f"{p} f"))
            return
        if what == "checks":
            self.play.append((hand.index, f"{p} cc"))
            return
        action = ACTION.match(what)
        if action is None:
            raise hand.fail(f"unknown action {quoted(what)}")
        verb, amount = action["verb"], hand.amount(action["amount"])
        self.put_in[seat] += amount
        if action["dead"]:
            self.antes[seat] += amount
            return
        top = max(self.street_bet)
        self.street_bet[seat] += amount
        if verb in ("has small blind", "has big blind", "straddle", "posts"):
            self.blinds[seat] += amount
        elif verb == "calls" or (verb == "allin" and self.street_bet[seat] <= top):
            self.play.append((hand.index, f"{p} cc"))
        else:  # a bet or raise of `amount` more
            self.opener = seat
            self.play.append((hand.index, f"{p} cbr {self.written(self.street_bet[seat])}"))

    def street(self, written: str) -> None:
        cards = self.hand_cards(written)
        self.board += cards
        self.street_bet = [0] * len(self.names)
        self.opener = 0
        self.play.append((self.hand.index, f"d db {''.join(cards)}"))

    def returned_to(self, name: str, amount: int) -> None:
        seat = self.seat_of.get(name)
        if seat is None:
            raise self.hand.fail(f"{quoted(name)} is not dealt in")
        self.give_back(seat, amount)

    def hand_cards(self, written: str) -> list[str]:
        """Cards as the network writes them ('10d' for a ten) in PHH's letters."""
        return self.checked_cards([card.replace("10", "T", 1) if card.startswith("10") else card
                                   for card in written.split()])

    def summary_line(self, line: str) -> None:
        hand = self.hand
        if (pot := POT.match(line)) is not None:
            self.pot, self.rake = hand.amount(pot["pot"]), hand.amount(pot["rake"])
            self.check_pot()
        elif line.startswith("Board: ["):
            cards = self.hand_cards(line[8:].rstrip().removesuffix("]"))
            if cards != self.board:
                raise hand.fail(f"the summary's board [{' '.join(cards)}] is not the one "
                                f"dealt, [{' '.join(self.board)}]")
        elif (seat_line := SUMMARY.match(line)) is not None:
            self.summary_seat(seat_line)
        else:
            raise hand.fail(f"not a line of a {SITE} hand's summary")

    def check_pot(self) -> None:
        """The pot (what was collected) and the rake against what the players put in."""
        amount = self.written
        put = sum(self.put_in)
        if put != self.pot + self.rake:
            raise self.hand.fail(
                f"the players put in {amount(put)}; the summary pays {amount(self.pot)} and "
                f"rakes {amount(self.rake)}: {amount(put - self.pot - self.rake)} is not "
                f"accounted for (a fee the file does not state, such as a jackpot's)")
        self.total_pot = put

    def summary_seat(self, line: re.Match[str]) -> None:
        """A summary's player line: what they bet (put in, uncalled bets returned) and
        collected, their net, and the cards they showed or mucked face up."""
        hand = self.hand
        found = self.named(line["rest"])
        bets, collects = hand.amount(line["bets"]), hand.amount(line["collects"])
        net = hand.amount(line["net"]) * (1 if line["result"] == "Wins" else -1)
        if collects - bets != net:
            raise hand.fail(f"bets {line['bets']} and collects {line['collects']}: a net of "
                            f"{self.written(collects - bets)}, not {self.written(net)}")
        if found is None or found[0] not in self.seat_of:
            if bets or collects:
                raise hand.fail("a player not dealt in bets or collects")
            return
        name, what = found
        seat = self.seat_of[name]
        self.summarised[seat] = True
        if bets != self.put_in[seat]:
            raise hand.fail(f"{quoted(name)} bets {line['bets']} by the summary, "
                            f"{self.written(self.put_in[seat])} by their lines")
        self.collected[seat] = collects
        shown = SHOWN.match(what.strip())
        if shown is not None:
            self.cards[seat] = self.hand_cards(shown["cards"])
            if shown["words"] is not None:
                self.shows[seat] = True
                self.words[seat].append(shown["words"])

    def lay_out(self) -> None:
        """The PHH actions: every player's hole cards, the play, then the showdown (the summary
        says who showed), in the order players show: from the last to bet or raise on the last
        street (else from p1); and per action, its line."""
        n = len(self.names)
        play = list(self.play)
        if sum(not folded for folded in self.folded) > 1:
            at = len(self.hand.text.lines) - 1
            for seat in [*range(self.opener, n), *range(self.opener)]:
                if not self.folded[seat]:
                    shown = "".join(self.cards[seat]) if self.shows[seat] else ""
                    play.append((at, f"p{seat + 1} sm {shown}".rstrip()))
        self.lay_out_dealt(["".join(cards) for cards in self.cards], play)

    def written(self, units: int) -> str:
        """An amount in the hand's units ('0.3', '300'), or less than none ('-1.25': a net)."""
        return "-" + super().written(-units) if units < 0 else super().written(units)


def _listed(lines: list[str]) -> list[str]:
    """The names of a hand's seats."""
    return [line[line.index(": ") + 2:line.rindex(" (")] for line in lines
            if line.startswith("Seat ") and ": " in line and line.endswith(").")]
