"""`/player/NAME` of `pokerdb serve`: a player's results per money (overall, by stakes, the
variant and blinds, and by position), as `pokerdb players` computes them under the same
filters (the query string: currency, kind, since, until, game, stakes, site, dataset); the
cumulative net and all-in adjusted net per money, over hands and over time (serve.net_graph);
the sessions of `pokerdb sessions`; and the biggest hands won and lost."""

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import Final

from sqlalchemy import Engine

from pokerdb.answers.players import money_shown, player_results
from pokerdb.answers.sessions import sessions
from pokerdb.errors import PokerdbError
from pokerdb.serve.net_graph import Hand, graphs, player_hands
from pokerdb.serve.page_html import hand_link, page, table
from pokerdb.serve.page_html import text as escaped
from pokerdb.storage.hand_filters import HandFilter
from pokerdb.storage.player_stats import one_dataset
from pokerdb.storage.sessions import DEFAULT_GAP_MINUTES

FILTERS: Final = ("currency", "kind", "since", "until", "game", "stakes", "site", "dataset")
BIGGEST: Final = 10


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


def _results(engine: Engine, name: str, within: HandFilter | None, by: str | None) -> str:
    found = player_results(engine, replace(within or HandFilter(), player=name), by)
    rows = [[escaped(value) for value in row[1:]] for row in found.rows]
    return table(found.columns[1:], rows, f"results-{by or 'all'}")


def player_html(engine: Engine, name: str, query: Mapping[str, str]) -> str:
    within = hand_filter(engine, query)
    hands = player_hands(engine, name, within)
    by_money: dict[str, list[Hand]] = {}
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
        "<h2>Net over hands and over time</h2>",
        *(graphs(money, each) for money, each in sorted(by_money.items())),
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
