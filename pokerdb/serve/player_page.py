"""`/player/NAME` of `pokerdb serve`: a player's results per money (overall, by stakes, the
variant and blinds, and by position), as `pokerdb players` computes them under the same
filters (the query string: currency, kind, since, until, game, stakes, site, dataset); the
cumulative net over hands per money, drawn as SVG here; the sessions of `pokerdb sessions`;
and the biggest hands won and lost."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Final

from sqlalchemy import Engine, text

from pokerdb.answers.players import money_shown, player_results
from pokerdb.answers.sessions import sessions
from pokerdb.errors import PokerdbError
from pokerdb.serve.page_html import hand_link, page, table
from pokerdb.serve.page_html import text as escaped
from pokerdb.storage.hand_filters import HandFilter, where
from pokerdb.storage.player_stats import one_dataset
from pokerdb.storage.sessions import DEFAULT_GAP_MINUTES

FILTERS: Final = ("currency", "kind", "since", "until", "game", "stakes", "site", "dataset")
BIGGEST: Final = 10
POINTS: Final = 1000  # at most, on a graph
WIDTH, HEIGHT = 720, 220


def hand_filter(engine: Engine, query: Mapping[str, str]) -> HandFilter | None:
    """The filter the query string names (None: every hand); PokerdbError for a bad value."""
    values = {name: query[name] for name in FILTERS if query.get(name)}
    dataset = values.pop("dataset", None)
    found = HandFilter() if dataset is None else one_dataset(engine, dataset)
    try:
        days: dict[str, date] = {name: date.fromisoformat(values.pop(name))
                                 for name in ("since", "until") if name in values}
    except ValueError as error:
        raise PokerdbError(f"since and until are days (YYYY-MM-DD): {error}") from None
    fields: dict[str, object] = {**vars(found), **values}
    fields.update(days)
    filtered = HandFilter(**fields)  # type: ignore[arg-type]
    return None if filtered == HandFilter() else filtered


@dataclass(frozen=True)
class _Hand:
    deal_id: int
    currency: str
    net: int  # ten-thousandths


def _hands(engine: Engine, name: str, within: HandFilter | None) -> list[_Hand]:
    conditions = ["s.name = :player", "s.net IS NOT NULL",  # a hand of known result
                  *(within.on_seats("s", "d") if within else [])]
    statement = text(f"SELECT s.deal_id, COALESCE(d.currency, ''), s.net FROM seat_stats s "
                     f"JOIN deals d ON d.id = s.deal_id{where(conditions)} ORDER BY s.deal_id")
    with engine.connect() as connection:
        return [_Hand(int(deal_id), money, int(net)) for deal_id, money, net in
                connection.execute(statement, {**(within.params() if within else {}),
                                               "player": name})]


def _graph(money: str, hands: list[_Hand]) -> str:
    """The cumulative net after each hand, as SVG (at most POINTS points, the last always)."""
    totals, running = [0], 0
    for hand in hands:
        running += hand.net
        totals.append(running)
    step = max(1, len(totals) // POINTS)
    kept = list(range(0, len(totals), step))
    if kept[-1] != len(totals) - 1:
        kept.append(len(totals) - 1)
    low, high = min(0, *totals), max(0, *totals)

    def y(value: int) -> float:
        return 10 + (HEIGHT - 20) * (0.5 if high == low else (high - value) / (high - low))

    points = " ".join(f"{10 + (WIDTH - 20) * index / max(1, len(totals) - 1):.1f},"
                      f"{y(totals[index]):.1f}" for index in kept)
    return (f'<h3>{escaped(money)}: {escaped(money_shown(running, money))} over '
            f'{len(hands):,} hands</h3><svg class="net" width="{WIDTH}" height="{HEIGHT}" '
            f'role="img" aria-label="cumulative net in {escaped(money)}">'
            f'<line x1="10" x2="{WIDTH - 10}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#bbb"/>'
            f'<polyline class="net-line" fill="none" stroke="#1f6feb" stroke-width="2" '
            f'points="{points}"/></svg>')


def _results(engine: Engine, name: str, within: HandFilter | None, by: str | None) -> str:
    found = player_results(engine, within, by)
    rows = [[escaped(value) for value in row] for row in found.rows if row[0] == name]
    return table(found.columns, rows, f"results-{by or 'all'}")


def player_html(engine: Engine, name: str, query: Mapping[str, str]) -> str:
    within = hand_filter(engine, query)
    hands = _hands(engine, name, within)
    by_money: dict[str, list[_Hand]] = {}
    for hand in hands:
        by_money.setdefault(hand.currency, []).append(hand)
    biggest = sorted(hands, key=lambda hand: (-abs(hand.net), hand.deal_id))[:BIGGEST]
    found = sessions(engine, DEFAULT_GAP_MINUTES, within, name)
    session_rows = [[escaped(value) for value in session.row()[1:-1]]
                    + [hand_link(session.first_deal)] for session in found]
    filters = ", ".join(f"{key} = {escaped(value)}" for key, value in query.items()
                        if key in FILTERS and value)
    body = [
        f"<p>{len(hands):,} hands{'; ' + filters if filters else ''}.</p>",
        "<h2>Results</h2>", _results(engine, name, within, None),
        "<h2>By stakes</h2>", _results(engine, name, within, "stakes"),
        "<h2>By position</h2>", _results(engine, name, within, "position"),
        "<h2>Net over hands</h2>",
        *(_graph(money, each) for money, each in sorted(by_money.items())),
        f"<h2>Sessions</h2><p>Hands at most {DEFAULT_GAP_MINUTES} minutes apart, times in "
        f"UTC.</p>",
        table(("site", "currency", "start", "end", "hands", "tables", "net", "bb_per_100",
               "first_hand"), session_rows, "sessions"),
        "<h2>Biggest hands</h2>",
        table(("hand", "currency", "net"), [
            [hand_link(hand.deal_id), escaped(hand.currency),
             escaped(money_shown(hand.net, hand.currency))] for hand in biggest], "biggest"),
    ]
    return page(f"Player {name}", "".join(body))
