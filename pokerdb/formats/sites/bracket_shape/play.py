"""The play of a hand in the bracket shape, after its seats, read by PokerStars' play
(stars_shape.play.HandPlay) once each line is put in its terms: amounts in brackets (`calls
[$0.05 USD]`: what the action puts in, a raise's too), `NAME verb` without a colon, the board
dealt by `** Dealing Flop ** [ Qs, 7h, 2s ]`.

The files state no uncalled bet returned, no total pot and no rake: what a player put in that
no one matched is returned at the end of its street, the pot is what the players put in, and
the rake is the pot less what the players won (a partypoker win counts the player's uncalled
bet, `wins $1.87 USD from the side pot 1`, an 888poker win the part of a blind no one
called, neither of which is a win). Hands are shown at the end (an
888poker hand's after its `** Summary **`), each a show at the showdown.
"""

import re
from typing import Final

from pokerdb.errors import quoted
from pokerdb.formats.sites.bracket_shape.lines import BracketSite, plain_amount, without_currency
from pokerdb.formats.sites.stars_shape.play import HandLines, HandPlay

DEALING: Final = re.compile(r"\*\* Dealing (?P<street>down cards|flop|turn|river) \*\*"
                            r"(?: \[(?P<cards>[^]]*)\])?\s*$", re.IGNORECASE)
DEALT: Final = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^]]*)\]\s*$")
POSTS: Final = re.compile(r"posts (?P<what>small blind|big blind|dead blind|big blind \+ dead|"
                          r"ante) \[(?P<amount>[^]]*)\]\.?$")
PUTS: Final = re.compile(r"(?P<verb>calls|bets|raises to|raises|is all-In) +"
                          r"\[(?P<amount>[^]]*)\]$")
SHOWS: Final = re.compile(r"(?P<verb>shows|doesn't show|mucks) \[(?P<cards>[^]]*)\]\s*"
                          r"(?P<words>.*?)\.?$")
SHOWDOWN: Final = "*** SHOW DOWN ***"  # the showdown's marker, in PokerStars' terms
# A player's lines that move no chips and say nothing of the cards.
QUIET: Final = re.compile(r"does not show cards\.|did not show his hand|"
                          r"will be using .*time bank.*|has (?:left|joined) the table\.|"
                          r"is sitting out|did not respond in time|shows[\dA-Z,]+ +for low\.|"
                          r"is disconnected.*|is connected.*|has returned.*")
_POSTED: Final = {"small blind": "small blind", "big blind": "big blind", "ante": "the ante",
                  "dead blind": "small & big blinds", "big blind + dead": "small & big blinds"}
_WINS: Final = ("collected ", "wins ")  # a win's verb (888poker's, partypoker's)


class BracketPlay(HandPlay):
    """A hand's lines after the seats, in the bracket shape."""

    def __init__(self, hand: HandLines, site: BracketSite, names: list[str], stacks: list[int],
                 hole_count: int, big: int, script: list[str] | None = None) -> None:
        super().__init__(hand, names, hole_count, big)
        # the hand's lines in the shape's terms, one per line (iPoker's XML put in them)
        self.script = hand.text.lines if script is None else script
        self.bracket = site
        self.stacks = stacks
        self.longest_first = sorted(names, key=len, reverse=True)
        self.spaced = any(" " in name for name in names)  # else a line's first word names it
        self.blind_back = [0] * len(names)  # the part of `returned` that a blind put in

    def read(self) -> None:
        hand = self.hand
        lines = self.script
        while hand.index < len(lines):
            for line in lines[hand.index].split("\n"):  # a line of script may be several
                self.bracket_line(line.rstrip())
            hand.index += 1
        hand.index = len(lines) - 1
        self.return_uncalled()
        self.total_pot = sum(self.put_in)
        if self.total_pot and not any(self.collected):
            raise hand.fail("no one wins the pot: the hand is cut short")
        counted = self.returned if self.bracket.wins_returned == "bets" else self.blind_back
        self.collected = [won - back for won, back in zip(self.collected, counted, strict=True)]
        if min(self.collected) < 0:
            seat = min(range(len(self.names)), key=self.collected.__getitem__)
            raise hand.fail(f"{quoted(self.names[seat])} wins less than the uncalled bet of "
                            f"{self.written(counted[seat])} returned to them")
        self.rake = self.total_pot - sum(self.collected)
        most = -(-self.total_pot * self.bracket.rake_percent // 100)
        if self.rake > most:
            raise hand.fail(f"the players won {self.written(sum(self.collected))} of a pot of "
                            f"{self.written(self.total_pot)}: a rake of "
                            f"{self.written(self.rake)}, more than {self.bracket.name}'s "
                            f"{self.bracket.rake_percent}%")
        self.lay_out()

    def bracket_line(self, line: str) -> None:
        if line.startswith("** "):
            if (dealing := DEALING.match(line)) is not None:
                street = dealing["street"].lower()
                if street == "down cards":
                    self.marker("*** HOLE CARDS ***")
                else:
                    cards = " ".join(dealing["cards"].replace(",", " ").split())
                    self.marker(f"*** {street.upper()} *** [{cards}]")
            elif line.startswith("** Summary **"):
                self.showdown()
            return
        if line.startswith("Dealt to "):
            if (dealt := DEALT.match(line)) is not None and dealt["name"] in self.seat_of:
                self.deal(self.seat_of[dealt["name"]], self.cards_of(dealt["cards"]))
            return
        name = self.speaker(line)
        if name is None:
            return  # the site's note ("Game #1458965857 starts.", an Omaha hi/lo hand's "(Lo:
            # 2h, 5d, 6d, 8h, As)") or chat: nothing that moves chips
        what = line[len(name) + 1:].strip()
        if what.startswith(_WINS):
            wins = self.bracket.wins.match(line)
            if wins is None or wins["name"] != name:
                raise self.hand.fail(f"expected {self.bracket.wins.pattern}")
            self.collected[self.seat_of[name]] += self.units(wins["amount"])
        else:
            self.player_line(self.seat_of[name], what)

    def speaker(self, line: str) -> str | None:
        """The player dealt in whose line it is (`NAME verb ...`), if any: the longest name
        the line starts with."""
        if not self.spaced:
            first = line.partition(" ")[0]
            return first if first in self.seat_of else None
        return next((name for name in self.longest_first if line.startswith(name)
                     and line[len(name):len(name) + 1] == " "), None)

    def player_line(self, seat: int, what: str) -> None:
        if what in ("folds", "checks"):
            self.act(seat, what)
        elif (puts := PUTS.match(what)) is not None:
            amount = self.units(puts["amount"])
            verb = puts["verb"]
            top = max(self.street_bet)
            if verb == "raises to":  # iPoker's: to the amount
                verb, amount = "raises", amount - self.street_bet[seat]
            to = self.street_bet[seat] + amount
            if verb == "is all-In":
                verb = "calls" if to <= top else "bets" if not top else "raises"
            if verb == "raises":
                self.act(seat, f"raises {self.written(to - top)} to {self.written(to)}")
            else:
                self.act(seat, f"{verb} {self.written(amount)}")
        elif (posts := POSTS.match(what)) is not None:
            posted = _POSTED[posts["what"]]
            if posted == "small blind" and any(self.blinds) and self.bracket.late_blind_live:
                posted = "straddle"  # a small blind posted out of position: live
            self.post(seat, f"{posted} {self.written(self.units(posts['amount']))}")
        elif (shows := SHOWS.match(what)) is not None:
            self.showdown()
            cards = self.cards_of(shows["cards"])
            if shows["verb"] == "shows":
                self.act(seat, f"shows {cards}")
                if shows["words"]:
                    self.words[seat].append(shows["words"])
            else:
                self.know(seat, cards)
                self.act(seat, "mucks")
        elif QUIET.fullmatch(what) is None:
            raise self.hand.fail(f"unknown action {quoted(what)}")
        self.all_in[seat] = self.put_in[seat] >= self.stacks[seat]

    def showdown(self) -> None:
        """The showdown begins (once): at the summary, or the first hand shown or mucked."""
        if self.phase < 2:
            self.marker(SHOWDOWN)

    def new_street(self) -> None:
        self.return_uncalled()
        super().new_street()

    def return_uncalled(self) -> None:
        """What the street's top bettor put in beyond what anyone else did: returned."""
        bets = self.street_bet
        top = max(range(len(bets)), key=bets.__getitem__)
        excess = bets[top] - max(bet for seat, bet in enumerate(bets) if seat != top)
        if excess > 0:
            if not self.boards.first and bets[top] == self.blinds[top]:
                self.blind_back[top] += excess  # a blind no one called
            bets[top] -= excess
            self.put_in[top] -= excess
            self.returned[top] += excess

    def units(self, written: str) -> int:
        """An amount in brackets ('$0.05 USD', '$1 + $2': their sum) in the hand's units."""
        total = 0
        for part in written.split("+"):
            plain = plain_amount(without_currency(part))
            if plain is None:
                raise self.hand.fail(f"{quoted(written.strip())} is not an amount")
            total += self.hand.amount(plain)
        return total

    def cards_of(self, written: str) -> str:
        """Cards as the shape writes them (' Ah, Kd ', '  Ah 4d 5d Qc ') in PokerStars' terms:
        '[Ah Kd]'."""
        return f"[{' '.join(written.replace(',', ' ').split())}]"
