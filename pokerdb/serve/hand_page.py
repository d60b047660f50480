"""`/hand/DEAL_ID` of `pokerdb serve`: a recorded hand replayed street by street from its
stored rows: the seats (stacks, cards, forced bets), each action with the pot after it, the
board, who won what as `pokerdb explain` says it, each seat's put in, won, share of the rake
and cash-out, the previous and next hands, and where it came from (its file and dataset)."""

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Final

from sqlalchemy import Engine, text

from pokerdb.answers.explain import explain_deal
from pokerdb.answers.player_figures import money_shown
from pokerdb.errors import PokerdbError
from pokerdb.rules.money import AMOUNT_SCALE
from pokerdb.serve.page_html import hand_link, page, player_link, table
from pokerdb.serve.page_html import text as escaped
from pokerdb.storage.deal_texts import texts_sql
from pokerdb.storage.engines import reading
from pokerdb.storage.packed_actions import unpacked

_SEATS: Final = ("SELECT s.player, n.name, s.seat_number, s.position, s.starting_stack, "
                 "s.ante, s.blind, c.cards, s.put_in, s.net, s.raked, s.cashed_out "
                 "FROM seats s LEFT JOIN hand_cards c ON c.deal_id = s.deal_id AND "
                 "c.player = s.player LEFT JOIN player_names n ON n.id = s.name_id "
                 "WHERE s.deal_id = :id ORDER BY s.player")
_JOINS, _TEXT = texts_sql("d", "source", "table_name")  # the deal's texts (storage.deal_texts)
_DEAL: Final = (f"SELECT d.id, t.name, {_TEXT['source']}, d.line_no, d.variant, d.site, "
                f"d.hand_number, {_TEXT['table_name']}, d.played_at, d.date, d.time, d.board, "
                f"COALESCE(d.currency, ''), d.rake, d.fees, d.bring_in "
                f"FROM deals d JOIN datasets t ON t.id = d.dataset_id{_JOINS} WHERE d.id = :id")


def _stored(written: str) -> int:
    """An amount as an action writes it (in the hand's money), in ten-thousandths."""
    return int(Decimal(written) * AMOUNT_SCALE)


def pots_after(actions: list[str], forced: dict[int, tuple[int, int]],
               bring_in: int | None) -> list[int]:
    """The chips in the pot after each action (ten-thousandths), from the seats' antes and
    blinds (`forced`: player -> (ante, blind)); bets not called are in until returned at the
    end."""
    pot = sum(ante + blind for ante, blind in forced.values())
    street = {player: blind for player, (_, blind) in forced.items()}
    after = []
    for action in actions:
        words = action.split()
        if words[:1] == ["d"]:
            if words[1:2] == ["db"]:
                street = {}
        elif len(words) > 1 and words[0][:1] == "p" and words[0][1:].isdecimal():
            player = int(words[0][1:])
            verb, before = words[1], street.get(player, 0)
            added = 0
            if verb == "cbr" and len(words) > 2:
                added = _stored(words[2]) - before
            elif verb == "cc":
                added = max(street.values(), default=0) - before
            elif verb == "pb":
                added = bring_in or 0
            street[player] = before + added
            pot += added
        after.append(pot)
    return after


def hand_html(engine: Engine, deal_id: int) -> str | None:
    """The page of hand `deal_id` (None if there is none)."""
    with reading(engine) as connection:
        deal = connection.execute(text(_DEAL), {"id": deal_id}).one_or_none()
        if deal is None:
            return None
        seats = list(connection.execute(text(_SEATS), {"id": deal_id}))
        packed = connection.scalar(text("SELECT actions FROM hand_actions WHERE deal_id = :id"),
                                   {"id": deal_id})
        actions = [(seq, player, action) for seq, (player, action)
                   in enumerate([] if packed is None else unpacked(packed), start=1)]
        before, after = connection.execute(text(
            "SELECT (SELECT MAX(id) FROM deals WHERE id < :id), "
            "(SELECT MIN(id) FROM deals WHERE id > :id)"), {"id": deal_id}).one()
    money = deal[12]

    def amount(value: Any) -> str:
        return "" if value is None else escaped(money_shown(int(value), money))

    names = {int(seat[0]): seat[1] or f"p{seat[0]}" for seat in seats}

    def who(player: int | None) -> str:
        return "dealer" if player is None else player_link(names.get(player, f"p{player}"))

    pots = pots_after([action for _, _, action in actions],
                      {int(seat[0]): (int(seat[5] or 0), int(seat[6] or 0)) for seat in seats},
                      None if deal[15] is None else int(deal[15]))
    put_in = sum(int(seat[8]) for seat in seats)
    last_pot = pots[-1] if pots else put_in
    # What each was paid; None where the hand's result is unknown (its file shows ???? at
    # the showdown and no winnings: the seat's net is NULL).
    won = [None if seat[9] is None else int(seat[8]) + int(seat[9]) for seat in seats]
    try:
        explained = explain_deal(engine, deal_id).lines()
    except PokerdbError as error:
        explained = [str(error)]
    played = str(deal[8])[:19].replace("T", " ")
    where = (f"<p>From {escaped(deal[2])} (hand {deal[3]:,} of dataset {escaped(deal[1])})"
             f"{'; ' + escaped(deal[5]) + ' hand ' + escaped(deal[6]) if deal[5] else ''}"
             f"{'; table ' + escaped(deal[7]) if deal[7] else ''}"
             f"{'; played ' + escaped(played) + ' UTC' if deal[8] else ''}; "
             f"{escaped(deal[4] or '')} in {escaped(money)}.</p>")
    links = (f"<nav>{hand_link(before, 'previous hand') if before is not None else ''}"
             f"{hand_link(after, 'next hand') if after is not None else ''}</nav>")
    body = [
        links, where, "<h2>Seats</h2>",
        table(("player", "name", "seat", "position", "stack", "ante", "blind", "cards"), [
            [escaped(seat[0]), player_link(seat[1]) if seat[1] else "", escaped(seat[2]),
             escaped(seat[3]), amount(seat[4]), amount(seat[5]), amount(seat[6]),
             escaped(seat[7] or "????")] for seat in seats], "seats"),
        "<h2>Actions</h2>",
        table(("seq", "who", "action", "pot"), [
            [escaped(seq), who(player), escaped(action), amount(pot)]
            for (seq, player, action), pot in zip(actions, pots, strict=True)], "actions"),
        f"<p>Board: {escaped(deal[11] or '(none)')}</p>",
        "<h2>Showdown</h2>", "".join(f"<p>{escaped(line)}</p>" for line in explained),
        "<h2>Who won what</h2>",
        table(("name", "put_in", "won", "raked", "cashed_out", "net"), [
            [player_link(names[int(seat[0])]), amount(seat[8]),
             "unknown" if total is None else amount(total), amount(seat[10]),
             amount(seat[11]), "unknown" if seat[9] is None else amount(seat[9])]
            for seat, total in zip(seats, won, strict=True)], "results"),
        _totals(amount, put_in, won, deal[13] or 0, deal[14] or 0, last_pot),
    ]
    return page(f"Hand {deal_id}", "".join(body))


def _totals(amount: Callable[[Any], str], put_in: int, won: list[int | None], rake: int,
            fees: int, last_pot: int) -> str:
    """The line that adds the hand up: what was put in is what was won, the rake and the
    fees; where its result is unknown, only what was put in."""
    returned = (f"the pot after the last action {amount(last_pot)}, less "
                f"{amount(last_pot - put_in)} returned")
    if None in won:
        return (f'<p id="totals">Put in {amount(put_in)}; {returned}. Who won it is unknown: '
                f"the file shows cards it does not know at the showdown and no winnings.</p>")
    return (f'<p id="totals">Put in {amount(put_in)} = won {amount(sum(w or 0 for w in won))} '
            f"+ rake {amount(rake)} + fees {amount(fees)}; {returned}.</p>")
