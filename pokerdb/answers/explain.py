"""Why a hand wins: each player's hand in words and the comparison that decides the deal (the
words and the verdict: pokerdb.answers.hand_verdicts), for a stored deal or for cards given.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Engine, Row, and_, select

from pokerdb.answers.dealt_hands import parsed_deal, valued_hands
from pokerdb.answers.hand_verdicts import PlayerHand, verdict
from pokerdb.answers.named_hands import NamedHand, low_verdict, named_verdict
from pokerdb.errors import PokerdbError, quoted, shown
from pokerdb.formats.deals.holdem import GROUP_SEPARATOR, parse_holdem_line
from pokerdb.formats.deals.pe54 import parse_pe54_line
from pokerdb.rules.equity import equities
from pokerdb.rules.evaluators import (
    HandValue,
    best_five,
    best_positions,
    best_strengths,
    card_codes,
    evaluate_cards,
)
from pokerdb.rules.games import FIVE_CARD, HOLDEM, Game
from pokerdb.rules.variant_equity import variant_equities
from pokerdb.rules.variants import VARIANTS, Naming, Variant
from pokerdb.storage.deal_texts import texted
from pokerdb.storage.engines import reading
from pokerdb.storage.schema import datasets, deals, seats
from pokerdb.storage.view_columns import hands


@dataclass(frozen=True)
class UnvaluedHand:
    """A hand of a deal that stops before the river, and its equity (pokerdb.rules.equity)."""

    player: int
    cards: str
    equity: float | None  # None where pokerdb computes none (the deals of a variant's game)

    @property
    def line(self) -> str:
        equity = "" if self.equity is None else f"  equity {self.equity:.1%}"
        return f"Player {self.player}: {self.cards}{equity}"


@dataclass(frozen=True)
class SeatResult:
    """A recorded hand's seat: who sat there and the chips won or lost."""

    player: int
    name: str | None
    net: int | Decimal | None  # the hand's money, exact (whole ones as int); None: unknown
    # what the site paid the player beside the pot (a cash-out, insurance), less what the
    # player paid it there: part of the net (seats.cashed_out)
    cashed_out: int | Decimal | None = None

    @property
    def text(self) -> str:
        who = f"player {self.player}" if self.name is None else (
            f"{self.name} (player {self.player})")
        outside = self.cashed_out
        beside = "" if not outside else (
            f" (paid {outside} by the site beside the pot)" if outside > 0 else
            f" (paid {-outside} to the site beside the pot)")
        net = self.net
        return f"{who} {'unknown' if net is None else f'+{net}' if net > 0 else net}{beside}"


@dataclass(frozen=True)
class Explanation:
    hands: tuple[PlayerHand | NamedHand, ...]
    verdict: str
    heading: str | None = None  # where the deal comes from, when it is stored
    board: str | None = None  # for a game with a board: the board ("" before the flop)
    unvalued: tuple[UnvaluedHand, ...] = ()  # without a showdown
    results: tuple[SeatResult, ...] = ()  # a recorded hand's seats

    def lines(self) -> list[str]:
        """The explanation as lines to print: names and sources as data, every character a
        terminal would act on escaped (errors.shown)."""
        board = [] if self.board is None else [f"Board: {self.board or '(none: preflop)'}"]
        rows = [hand.line for hand in self.hands]
        rows += [hand.line for hand in self.unvalued]
        results = ([f"Net: {', '.join(seat.text for seat in self.results)}"]
                   if self.results else [])
        return [shown(line) for line in (*([self.heading] if self.heading else []), *board,
                                         *rows, self.verdict, *results)]

    def record(self) -> dict[str, Any]:
        """The explanation as JSON-ready data: {"deal", ["board",] "hands": [...], "verdict"}."""
        hands = [{"player": hand.player, "cards": hand.cards,
                  **({} if hand.best is None else {"best": hand.best}),
                  "category": hand.category, "strength": hand.strength,
                  "description": hand.description,
                  **({"low": {"best": hand.low.best, "category": hand.low.category,
                              "strength": hand.low.strength,
                              "description": hand.low.description}}
                     if isinstance(hand, NamedHand) and hand.low is not None else {})}
                 for hand in self.hands]
        hands += [{"player": hand.player, "cards": hand.cards, "equity": hand.equity}
                  for hand in self.unvalued]
        return {
            "deal": self.heading,
            **({} if self.board is None else {"board": self.board}),
            "hands": sorted(hands, key=lambda hand: int(hand["player"])),
            "verdict": self.verdict,
            **({} if not self.results else {"results": [
                {"player": seat.player, "name": seat.name,
                 "net": float(seat.net) if isinstance(seat.net, Decimal) else seat.net,
                 **({"cashed_out": float(seat.cashed_out)} if seat.cashed_out else {})}
                for seat in self.results]}),
        }


def explain_cards(text: str, game: Game | None = None) -> Explanation:
    """Explain a deal given as text: PE54 (5 cards per player, players in order), or Hold'em
    (the board, then each player's hole cards, groups separated by '|'); with `game`, a deal
    of that game as its deal files write it (import --game), in the game's words."""
    if game is not None and game.variant is not None:
        return _variant_cards_explanation(game, *parsed_deal(text, game))
    if game is FIVE_CARD and GROUP_SEPARATOR in text:
        _, hands = parsed_deal(text, game)
        return _explanation([PlayerHand(player, cards, evaluate_cards(cards))
                             for player, cards in enumerate(hands, start=1)])
    if GROUP_SEPARATOR in text or game is HOLDEM:
        holdem = parse_holdem_line(text)
        if isinstance(holdem, str):
            raise PokerdbError(f"--cards: {holdem}")
        if holdem is None:
            raise PokerdbError("--cards: no cards given")
        return _holdem_explanation(*holdem)
    parsed = parse_pe54_line(text)
    if isinstance(parsed, str):
        raise PokerdbError(f"--cards: {parsed}")
    if not parsed:
        raise PokerdbError("--cards: no cards given")
    return _explanation([PlayerHand(player, cards, evaluate_cards(cards))
                         for player, cards in enumerate(parsed, start=1)])


def explain_deal(engine: Engine, deal_id: int) -> Explanation:
    """Explain a stored deal; hands not evaluated yet are evaluated from their cards."""
    if not 0 < deal_id < 1 << 63:  # beyond any id: no need to ask (nor can the database)
        raise PokerdbError(f"no deal with id {deal_id} in the database")
    deal_texts, text = texted(deals, "source")
    with reading(engine) as connection:
        origin = connection.execute(
            select(datasets.c.name, deals.c.line_no, deals.c.board, text["source"],
                   deals.c.winner, deals.c.variant, deals.c.hand_number,
                   deals.c.result_known).select_from(deal_texts)
            .join(datasets, datasets.c.id == deals.c.dataset_id)
            .where(deals.c.id == deal_id)).first()
        # The net from seats, as stored (Amount: exact), not as the view shows it.
        rows = connection.execute(
            select(hands.c.player, hands.c.cards, hands.c.strength, hands.c.equity,
                   hands.c.best, hands.c.showed, hands.c.name, seats.c.net, seats.c.cashed_out,
                   hands.c.description, hands.c.category_name, hands.c.low_strength,
                   hands.c.low_category_name, hands.c.low_description, hands.c.low_best)
            .outerjoin(seats, and_(seats.c.deal_id == hands.c.deal_id,
                                   seats.c.player == hands.c.player))
            .where(hands.c.deal_id == deal_id).order_by(hands.c.player)).all()
    if origin is None:
        raise PokerdbError(f"no deal with id {deal_id} in the database")
    if origin.source is not None:
        # Named as its file names it: the hand's own number (`hand = 2`), not its position
        # among the dataset's hands.
        number = "" if origin.hand_number is None else f", hand {origin.hand_number}"
        return _recorded_explanation(
            f"Deal {deal_id} (dataset {origin.name}: {origin.source}{number})",
            origin.board, origin.winner, rows, VARIANTS.get(origin.variant),
            known=origin.result_known)
    heading = f"Deal {deal_id} (dataset {origin.name}, line {origin.line_no})"
    if origin.variant is not None:  # a deal file of a variant's game (games.Game.variant)
        return _dealt_variant_explanation(heading, origin.board, rows, VARIANTS[origin.variant])
    stored_cards = [row.cards for row in rows]
    if origin.board is not None:
        line = " | ".join([origin.board, *stored_cards])
        if isinstance(parse_holdem_line(line), str):
            raise PokerdbError(f"deal {deal_id} is not a deal: its board and hand_cards rows "
                               f"read {quoted(line)}")
        equities = [row.equity for row in rows]
        return _holdem_explanation(origin.board, tuple(stored_cards), heading,
                                   None if None in equities else equities)
    parsed = parse_pe54_line(" ".join(stored_cards))
    if not rows or isinstance(parsed, str) or list(parsed) != stored_cards:
        raise PokerdbError(f"deal {deal_id} is not a deal: its hand_cards rows read "
                           f"{quoted(' | '.join(stored_cards))}")
    stored = [PlayerHand(row.player, row.cards, evaluate_cards(row.cards)
                         if row.strength is None else HandValue.from_strength(row.strength))
              for row in rows]
    return _explanation(stored, heading)


def _dealt_variant_explanation(heading: str, board: str | None,
                               rows: Sequence[Row[*tuple[Any, ...]]],
                               variant: Variant) -> Explanation:
    """A deal of a variant's game: every hand is shown, as at a recorded hand's showdown; a
    board short of the river decides nothing yet."""
    if any(row.strength is None for row in rows):
        return _no_showdown(heading, board, [(row.cards, row.equity) for row in rows])
    return _recorded_explanation(heading, board, 0, rows, variant, dealt=True)


def _variant_cards_explanation(game: Game, board: str | None,
                               holes: Sequence[str]) -> Explanation:
    """A deal of a variant's game given as text: every hand valued and compared as at a
    showdown, or, with a board short of the river, each player's exact equity."""
    assert game.variant is not None
    variant = VARIANTS[game.variant]
    named = valued_hands(game, board, holes)
    if not named:
        shares = variant_equities(variant, _codes(*holes).reshape(1, len(holes), -1),
                                  _codes(board or "").reshape(1, -1) if board else
                                  np.zeros((1, 0), dtype=np.uint8))[0].tolist()
        return _no_showdown(None, board, list(zip(holes, shares, strict=True)))
    high = [PlayerHand(hand.player, hand.cards, HandValue.from_strength(hand.strength),
                       hand.best) for hand in named] if variant.high.naming == Naming.HIGH else []
    hands, outcome = _showdown(high, named, variant)
    return Explanation(hands, outcome, None, board)


def _no_showdown(heading: str | None, board: str | None,
                 hands: Sequence[tuple[str, float | None]]) -> Explanation:
    """A deal whose board stops before the river: each player's cards and equity, in order."""
    street = {0: "before the flop", 3: "at the flop", 4: "at the turn"}[
        len((board or "").split())]
    return Explanation((), f"No showdown: the deal stops {street}; the cards still to come "
                           f"decide it", heading, board,
                       tuple(UnvaluedHand(player, cards, equity)
                             for player, (cards, equity) in enumerate(hands, start=1)))


def _showdown(high: Sequence[PlayerHand], named: Sequence[NamedHand], variant: Variant | None
              ) -> tuple[tuple[PlayerHand | NamedHand, ...], str]:
    """The hands to show of a showdown of two or more, and who wins it: high hands by the rank
    that decides, other kinds as described, and a split game's low half too."""
    outcome = verdict(high) if high else named_verdict(named)
    if variant is not None and variant.low is not None:
        outcome = f"High: {outcome}. Low: {low_verdict(named)}"
    shown: Sequence[PlayerHand | NamedHand] = named if not high or (
        variant is not None and variant.low is not None) else high
    return tuple(shown), outcome


def _recorded_explanation(heading: str, board: str | None, winner: int,
                          rows: Sequence[Row[*tuple[Any, ...]]],
                          variant: Variant | None, dealt: bool = False,
                          known: bool = True) -> Explanation:
    """A recorded hand (PHH): the hands shown at the showdown and why the best one wins the
    main pot (high hands: which rank decides; other kinds: as described; a split game: the
    low half too), or who won it unshown, or, `known` false, that its file does not tell;
    then every seat's net result. `dealt`: a deal file's deal, every hand shown and no
    seats."""
    # A seat that showed less than its hand (a single card) has no value: it is not tabled.
    tabled = [row for row in rows if dealt or (row.showed and row.strength is not None)]
    high = [PlayerHand(row.player, row.cards, HandValue.from_strength(row.strength), row.best)
            for row in tabled] if variant is None or variant.high.naming == Naming.HIGH else []
    named = [NamedHand(row.player, row.cards, row.strength, row.category_name,
                       row.description, row.best, None if row.low_strength is None else
                       NamedHand(row.player, row.cards, row.low_strength,
                                 row.low_category_name, row.low_description, row.low_best))
             for row in tabled]
    if not known:
        hands = _showdown(high, named, variant)[0] if tabled else ()
        outcome = ("The result is unknown: the file shows cards it does not know (????) at "
                   "the showdown, and records no winnings")
    elif len(tabled) > 1:
        hands, outcome = _showdown(high, named, variant)
    else:
        others = "the others mucked" if tabled else "everyone else folded"
        outcome = f"Player {winner} wins: {others}"
        hands = _showdown(high, named, variant)[0] if tabled else ()
    return Explanation(hands, outcome, heading, board, results=() if dealt else tuple(
        SeatResult(row.player, row.name, row.net, row.cashed_out)
        for row in rows))


def _explanation(player_hands: Sequence[PlayerHand], heading: str | None = None) -> Explanation:
    return Explanation(tuple(player_hands), verdict(player_hands), heading)


def _holdem_explanation(board: str, holes: Sequence[str], heading: str | None = None,
                        stored_equities: Sequence[float] | None = None) -> Explanation:
    """Each player's best five of their hole cards and the board; without a complete board
    there is no showdown to explain yet, only each player's equity (the stored one when
    there is one, else computed)."""
    board_cards = board.split()
    if not HOLDEM.is_showdown(len(board_cards)):
        if stored_equities is None:
            stored_equities = equities(
                _codes(" ".join(holes)).reshape(1, len(holes), HOLDEM.hole_cards),
                _codes(board).reshape(1, len(board_cards)))[0].tolist()
        return _no_showdown(heading, board, list(zip(holes, stored_equities, strict=True)))
    codes = _codes(*(f"{hole} {board}" for hole in holes))
    strength = best_strengths(codes)
    positions = best_positions(best_five(codes, strength))
    player_hands = []
    for player, (hole, value, columns) in enumerate(zip(holes, strength.tolist(),
                                                        positions.tolist(), strict=True), start=1):
        cards = f"{hole} {board}".split()
        best = " ".join(cards[column] for column in columns)
        player_hands.append(PlayerHand(player, hole, HandValue.from_strength(value), best))
    return Explanation(tuple(player_hands), verdict(player_hands), heading, board)


def _codes(*rows: str) -> npt.NDArray[np.uint8]:
    """The card codes of rows of card texts of one width ("AH KH"), one row each."""
    text = "".join(f"{row} " for row in rows).encode("ascii")
    return card_codes(np.frombuffer(text, dtype=np.uint8).reshape(len(rows), -1))
