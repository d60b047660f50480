"""A PHH hand replayed action by action under its variant's rules (pokerdb.rules.variants):
the state machine of streets, each dealt (board cards, hole cards face down or up, or a draw)
and then bet (pokerdb.rules.settlement.betting), up to the showdown (who competes at the end:
pokerdb.rules.settlement.showdown).

- Players are p1..pN clockwise from the small blind; pN is the button (forced bets:
  pokerdb.rules.settlement.forced). Stud has antes and a bring-in instead of blinds.
- Every card is dealt by an action (`d dh pN CARDS`, `d db CARDS`); hole cards a file leaves
  out are unknown, as pokerkit deals them, except stud's up cards, which say who acts first.
- A draw: each player still in, in seat order from p1, discards (`pN sd CARDS`) or stands pat
  (`pN sd`), then the dealer deals each as many new cards.
- A bet no one else can match is returned in part at the end of its street, down to the second
  largest bet.
- Once the betting has closed for good (at most one player in with chips) the rest of the
  cards are dealt without betting; the players may show their hands meanwhile, except in a
  draw game, whose draws come first.
"""

from typing import Final

from pokerdb.errors import quoted
from pokerdb.rules.hand_record import PhhError, PhhHand
from pokerdb.rules.settlement.betting import Illegal, StreetBetting
from pokerdb.rules.settlement.dealing import Cards, cards_text
from pokerdb.rules.settlement.forced import forced_bets, street_sizes
from pokerdb.rules.settlement.opening import open_pair, openers
from pokerdb.rules.settlement.outcome import (
    MOVE_BOARD,
    MOVE_CALL,
    MOVE_FOLD,
    MOVE_OTHER,
    MOVE_RAISE,
    AllIn,
    Replayed,
)
from pokerdb.rules.settlement.showdown import contenders, contested_pots, undecided
from pokerdb.rules.settlement.street_dealing import StreetDealing
from pokerdb.rules.variants import VARIANTS, HandKind, Opening, Variant

UNKNOWN_STACK: Final = 1 << 80  # units standing for a stack the file gives as `inf`
_SEAT_OF: Final = {f"p{number}": number - 1 for number in range(1, 1000)}
_BETTING_VERBS: Final = frozenset(("cc", "f", "cbr", "pb"))
# The first action texts' words, split once: most hands repeat them (`p3 f`, `d dh p1 ????`).
_WORDS: Final[dict[str, list[str]]] = {}
_WORDS_MOST: Final = 1 << 10  # few enough to stay in the processor's cache

# What a seat did at the showdown: nothing yet (competes if its cards are known), mucked, or
# else it showed, holding this many cards (and may show again once dealt more, in a run-out).
_PENDING = 0
_MUCKED = -1

# The phases of a hand.
_DEALING = 0  # the street's cards are being dealt (its draws made); its betting follows
_BETTING = 1
_RUNOUT = 2  # the betting is over for good before the last street: the rest is dealt
_SHOWDOWN = 3  # every card dealt and every street bet
_FOLDED = 4  # won by folds


def replay(hand: PhhHand) -> Replayed:
    """The hand replayed under its variant's rules; PhhError if it breaks them."""
    variant = VARIANTS.get(hand.variant)
    if variant is None:
        raise hand.error(f"unknown variant {quoted(hand.variant)} (the variants are "
                         f"{', '.join(VARIANTS)})")
    return _Replay(hand, variant).run()


class _Replay:
    """The state of a hand being replayed, action by action."""

    __slots__ = (
        "actions_by", "all_in", "antes", "bets", "betting", "cards", "dealing", "hand",
        "in_count", "in_hand", "index", "moves", "n", "phase", "put_in", "returned", "scale",
        "shown", "sizes", "stacks", "street", "variant",
    )

    def __init__(self, hand: PhhHand, variant: Variant) -> None:
        self.hand = hand
        self.variant = variant
        self.n = n = hand.player_count
        self.scale: int = 10 ** hand.exponent
        self.stacks = [UNKNOWN_STACK if stack is None else stack
                       for stack in hand.starting_stacks]
        self.sizes = street_sizes(hand, variant)
        self.antes, self.bets = forced_bets(hand, self.stacks)
        self.put_in = list(self.antes)
        self.returned = [0] * n
        self.in_hand = [True] * n
        self.in_count = n
        self.cards = Cards(variant, n)
        self.shown = [_PENDING] * n
        self.betting = StreetBetting(hand, variant, self.stacks, self.bets, self.in_hand)
        self.actions_by: list[int | None] = []
        self.moves: list[int] = []
        self.index = 0
        self.phase = _DEALING
        self.street = 0
        self.all_in: AllIn | None = None
        self.dealing = StreetDealing(variant, self.cards, self.in_hand)
        self.dealing.open(0)

    # --- the run ------------------------------------------------------------------------

    def run(self) -> Replayed:
        for text in self.hand.actions:
            try:
                self._apply(text)
            except Illegal as illegal:
                raise self._fail(text, illegal.reason) from None
            self.index += 1
        try:
            self._finish()
        except Illegal as illegal:
            raise self.hand.error(illegal.reason) from None
        unknown = (undecided(self.cards, self.in_hand, self.shown)
                   if self.phase == _SHOWDOWN else ())
        competing = (list(self.in_hand) if unknown
                     else contenders(self.cards, self.in_hand, self.phase == _FOLDED))
        pots = contested_pots(self.hand, self.put_in, self.antes, competing)
        site = self.hand.site
        if site is not None and site.known_at_end:
            try:
                self.cards.reveal(site.known_at_end)
            except Illegal as illegal:
                raise self.hand.error(f"the cards shown at the end: {illegal.reason}") from None
        return Replayed(
            hand=self.hand,
            variant=self.variant,
            actors=tuple(self.actions_by),
            put_in=tuple(self.put_in),
            returned=tuple(self.returned),
            pots=pots,
            showdown=tuple(seat for seat in range(1, self.n + 1) if competing[seat - 1])
            if self.phase == _SHOWDOWN else (),
            hole_cards=tuple(cards_text(cards) if cards else None
                             for cards in self.cards.hole),
            board=cards_text(self.cards.board),
            all_in=self.all_in,
            undecided=unknown,
            moves=tuple(self.moves),
        )

    def _finish(self) -> None:
        """Checks that the actions played the hand out; deals unknown the hole cards a file
        leaves out (of a run-out, even stud's up cards)."""
        dealing = self.dealing
        if self.phase == _DEALING and not dealing.board_due and not dealing.draws_due \
                and not dealing.up_cards_due():
            self._close_dealing()
        while self.phase == _RUNOUT and not dealing.board_due and not dealing.draws_due:
            dealing.fill()
            self._dealing_done()
        phase = self.phase
        if phase == _BETTING:
            missing = f"p{self.betting.actors[0] + 1} is to act"
        elif phase in (_DEALING, _RUNOUT):
            missing = dealing.waits_for()
        else:
            return
        raise self.hand.error(f"the actions end before the hand is over ({missing})")

    def _fail(self, text: str, reason: str) -> PhhError:
        return PhhError(self.hand.source, f"action {self.index + 1} {quoted(text)}: {reason}",
                        self.index, reason)

    def _apply(self, text: str) -> None:
        words = _WORDS.get(text)
        if words is None:
            words = (text.partition("#")[0] if "#" in text else text).split()
            if len(_WORDS) < _WORDS_MOST:
                _WORDS[text] = words
        count = len(words)
        if not count:  # a no-op: blank or a commentary alone
            self.actions_by.append(None)
            self.moves.append(MOVE_OTHER)
            return
        actor = words[0]
        if actor == "d":
            self.actions_by.append(None)
            if count == 3 and words[1] == "db":
                self.moves.append(MOVE_BOARD + len(words[2]) // 2)
                self._deal_board(words[2])
            elif count == 4 and words[1] == "dh":
                self.moves.append(MOVE_OTHER)
                self._deal_hole(self._seat(words[2]), words[3])
            else:
                raise Illegal("unknown action (the dealer's are 'd db CARDS' and "
                              "'d dh pN CARDS')")
            return
        seat = self._seat(actor)
        self.actions_by.append(seat + 1)
        verb = words[1] if count > 1 else ""
        if verb in _BETTING_VERBS and count == 2 + (verb == "cbr"):
            self.moves.append(MOVE_FOLD if verb == "f" else MOVE_CALL if verb == "cc"
                              else MOVE_RAISE if verb == "cbr" else MOVE_OTHER)
            self._bet(seat, verb, words)
        elif verb == "sm" and count <= 3:
            self.moves.append(MOVE_OTHER)
            self._show_or_muck(seat, words[2] if count == 3 else None)
        elif verb == "sd" and count <= 3:
            self.moves.append(MOVE_OTHER)
            self._discard(seat, words[2] if count == 3 else "")
        else:
            raise Illegal("unknown action (a player's are 'cc', 'f', 'cbr AMOUNT', 'pb', "
                          "'sd [CARDS]' and 'sm [CARDS]')")

    def _seat(self, label: str) -> int:
        seat = _SEAT_OF.get(label, self.n)
        if seat < self.n:
            return seat
        raise Illegal(f"unknown player {quoted(label)} (the players are p1 to p{self.n})")

    def _amount(self, written_amount: str) -> int:
        if written_amount.isascii() and written_amount.isdigit():
            return int(written_amount) * self.scale
        whole, point, fraction = written_amount.partition(".")
        places = fraction.rstrip("0")  # "21.10" is 21.1: its zeros take no place
        if (point and whole.isascii() and whole.isdigit() and fraction.isascii()
                and fraction.isdigit() and len(places) <= self.hand.exponent):
            return int(whole + places.ljust(self.hand.exponent, "0"))
        raise Illegal(f"{quoted(written_amount)} is not an amount")

    # --- dealing ------------------------------------------------------------------------

    def _dealt(self) -> None:
        """After a dealing action: the street's betting (or the next street) once its dealing
        is complete; the first street's hole cards wait for the first player to act."""
        dealing = self.dealing
        if not (self.phase == _DEALING and dealing.first) and dealing.complete():
            self._dealing_done()

    def _dealing_done(self) -> None:
        if self.phase == _DEALING:
            self._begin_betting()
        elif self.street == len(self.variant.streets) - 1:
            self.phase = _SHOWDOWN
        else:
            self.street += 1
            self.dealing.open(self.street)

    def _close_dealing(self) -> None:
        """The street's dealing taken as done because a player acts: hole cards the file
        leaves out are unknown (not stud's up cards: they tell who acts first)."""
        if self.dealing.up_cards_due():
            raise Illegal(self.dealing.waits_for())
        self.dealing.fill()
        self._begin_betting()

    def _deal_hole(self, seat: int, text: str) -> None:
        phase = self.phase
        if phase == _BETTING:
            raise Illegal(f"hole cards are dealt while p{self.betting.actors[0] + 1} is to act")
        if phase >= _SHOWDOWN:
            self._check_not_over()
        self.dealing.deal_hole(seat, text)
        self._dealt()

    def _deal_board(self, text: str) -> None:
        dealing = self.dealing
        if self.phase == _DEALING and dealing.first and not dealing.board_due \
                and self.variant.board_cards:
            self._close_dealing()  # the first street's hole cards, dealt
        phase = self.phase
        if phase == _BETTING:
            raise Illegal(f"the board is dealt while p{self.betting.actors[0] + 1} is to act")
        if phase == _SHOWDOWN and self.variant.board_cards:
            raise Illegal("the board is already complete")
        self._check_not_over()
        dealing.deal_board(text)
        self._dealt()

    def _discard(self, seat: int, text: str) -> None:
        variant = self.variant
        if not variant.draws:
            raise Illegal(f"discarding is not part of {variant.code} ({variant.name})")
        if self.phase == _DEALING and self.dealing.first:
            self._close_dealing()  # the first street's hole cards, dealt
        if self.phase == _BETTING:
            raise Illegal(f"p{seat + 1} discards while p{self.betting.actors[0] + 1} is to act")
        self._check_not_over()
        self.dealing.discard(seat, text)
        self._dealt()

    def _check_not_over(self) -> None:
        if self.phase == _FOLDED:
            raise Illegal("the hand is over: everyone else folded")
        if self.phase == _SHOWDOWN:
            raise Illegal("every card is dealt")

    def _show_or_muck(self, seat: int, text: str | None) -> None:
        if self.phase == _DEALING and self.dealing.first:
            self._close_dealing()  # the first street's hole cards, dealt
        phase = self.phase
        if phase in (_DEALING, _BETTING) or (phase == _RUNOUT and any(
                street.draw for street in self.variant.streets[self.street:])):
            raise Illegal("a hand is shown or mucked before the showdown")
        hole = self.cards.hole[seat]
        # A seat may show again what it showed in part, or unknown (`sm ????`, then its cards
        # once known: a file that shows an all-in player's hand on every street).
        if self.shown[seat] != _PENDING and not (
                0 < self.shown[seat] < len(hole) or (self.shown[seat] > 0 and None in hole)):
            raise Illegal(f"p{seat + 1} has already shown or mucked")
        if not self.in_hand[seat]:
            raise Illegal(f"p{seat + 1} is not in the hand")
        if text is None:  # mucked: cards unshown, and out of the showdown
            self.shown[seat] = _MUCKED
            if phase != _FOLDED:
                self.in_hand[seat] = False
                self.in_count -= 1
            return
        self.shown[seat] = len(hole)
        if text == "-":
            if None in hole:
                raise Illegal(f"p{seat + 1}'s hole cards are not known: write them out")
            return
        self.cards.show(seat, self.cards.parse(text))

    # --- betting --------------------------------------------------------------------------

    def _bet(self, seat: int, verb: str, words: list[str]) -> None:
        if verb == "f" and not self.stacks[seat] and self._forfeits(seat):
            return
        if self.phase == _DEALING:
            if self.dealing.board_due or self.dealing.draws_due:
                raise Illegal(f"p{seat + 1} acts while {self.dealing.waits_for()}")
            self._close_dealing()
        betting = self.betting
        if self.phase != _BETTING or betting.openers or betting.actors[0] != seat:
            self._turn(seat)
        if verb == "cc":
            betting.check_or_call(seat)
        elif verb == "f":
            betting.fold(seat)
            self.in_hand[seat] = False
            self.in_count -= 1
            self.cards.muck(seat)
        elif verb == "pb":
            betting.post_bring_in(seat)
        else:
            betting.bet_or_raise(seat, self._amount(words[2]))
        if not betting.actors or self.in_count == 1:
            self._end_betting(self.index + 1)

    def _forfeits(self, seat: int) -> bool:
        """Whether `seat`, all in and so never to act, folds all the same, as the hand's rules
        may let it (BettingRules.all_in_player_folds): out of every pot, its chips left in."""
        if not (self.hand.rules.all_in_player_folds and self.in_hand[seat]
                and self.phase in (_DEALING, _BETTING, _RUNOUT)):
            return False
        self.in_hand[seat] = False
        self.in_count -= 1
        self.cards.muck(seat)
        if self.in_count == 1:
            if self.phase == _BETTING:
                self._end_betting(self.index + 1)
            else:
                self.phase = _FOLDED
        return True

    def _turn(self, seat: int) -> None:
        phase = self.phase
        if phase == _BETTING:
            actor = self.betting.to_act(seat)
            if actor != seat:
                raise Illegal(f"p{seat + 1} acts out of turn (p{actor + 1} is to act)")
            return
        if phase == _FOLDED:
            raise Illegal("the hand is over: everyone else folded")
        raise Illegal("the betting is over")

    def _begin_betting(self) -> None:
        self.phase = _BETTING
        street = self.variant.streets[self.street]
        up_cards = self.cards.up_cards() if street.opening is not Opening.POSITION else []
        first = openers(street.opening, self.bets, up_cards, self.in_hand)
        site = self.hand.site  # a site's money in the pot from no player counts (a Cash Drop)
        pot = sum(self.put_in) + (0 if site is None else site.cash_drop)
        if self.betting.open(self.street, self.sizes[self.street], first, pot,
                             self._double(up_cards)):
            self._end_betting(self.index)

    def _double(self, up_cards: list[list[str | None]]) -> int:
        """The big bet where the hand's rules let stud high's fourth street be bet double for
        an open pair (BettingRules.open_pair_doubles) and one shows; 0 otherwise."""
        variant = self.variant
        doubles = (self.street == 1 and self.hand.rules.open_pair_doubles and variant.bring_in
                   and variant.high is HandKind.HIGH and variant.low is None)
        return (self.hand.big_bet or 0) if doubles and open_pair(up_cards, self.in_hand) else 0

    def _end_betting(self, applied: int) -> None:
        """Closes the street's betting, `applied` actions into the hand: returns what no one
        could match, then deals on, shows down, or ends the hand won by folds."""
        bets, stacks, put_in, in_hand = self.bets, self.stacks, self.put_in, self.in_hand
        matched = sorted(bets)[-2]
        for seat in range(self.n):
            bet = bets[seat]
            if bet > matched:
                stacks[seat] += bet - matched
                self.returned[seat] += bet - matched
                bet = matched
            put_in[seat] += bet
            bets[seat] = 0
        self.betting.actors = []
        if self.in_count == 1:
            self.phase = _FOLDED
            return
        if self.street == len(self.variant.streets) - 1:
            self.phase = _SHOWDOWN
            return
        self.phase = _DEALING
        if sum(1 for seat in range(self.n) if in_hand[seat] and stacks[seat]) <= 1:
            self.phase = _RUNOUT
            self.all_in = AllIn(
                action=applied,
                board=cards_text(self.cards.board),
                seats=tuple(seat + 1 for seat in range(self.n) if in_hand[seat]),
                put_in=tuple(put_in),
                pots=contested_pots(self.hand, put_in, self.antes, in_hand),
            )
        self.street += 1
        self.dealing.open(self.street)
