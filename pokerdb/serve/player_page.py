"""`/player/NAME` of `pokerdb serve`: a player's results per money (overall, by stakes, the
variant and blinds, and by position), as `pokerdb players` computes them under the same
filters (the query string: currency, kind, since, until, game, stakes, site, dataset); the
cumulative net and all-in adjusted net per money, over hands and over time (serve.net_graph);
the sessions of `pokerdb sessions`; and the biggest hands won and lost. The graphs, the
sessions and the biggest hands read the player's rows of player_runs (storage.player_runs),
which answer every filter of the page, and the player's seats all in before the river (and
the seats of the few rows whose biggest hands are read from them: storage.run_hands)."""

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import Final

from sqlalchemy import Engine

from pokerdb.answers.player_figures import money_shown
from pokerdb.answers.players import player_results
from pokerdb.answers.sessions import sessions_of_runs
from pokerdb.errors import PokerdbError
from pokerdb.serve.net_graph import graphs, points
from pokerdb.serve.page_html import hand_link, page, table
from pokerdb.serve.page_html import text as escaped
from pokerdb.storage.hand_filters import HandFilter
from pokerdb.storage.player_runs import allin_deltas, run_rows
from pokerdb.storage.player_stats import one_dataset
from pokerdb.storage.run_hands import biggest_hands
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
    rows = run_rows(engine, within, name)
    by_money = points(rows, allin_deltas(engine, name, within))
    hands = sum(row.known for row in rows)
    biggest = biggest_hands(engine, rows, BIGGEST)
    found = sessions_of_runs(rows, 60 * DEFAULT_GAP_MINUTES)
    session_rows = [[escaped(value) for value in session.row()[1:-1]]
                    + [hand_link(session.first_deal)] for session in found]
    filters = ", ".join(f"{key} = {escaped(value)}" for key, value in query.items()
                        if key in FILTERS and value)
    body = [
        f"<p>{hands:,} hands{'; ' + filters if filters else ''}.</p>",
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
            [hand_link(deal_id), escaped(money), escaped(money_shown(net, money))]
            for deal_id, money, net in biggest], "biggest"),
    ]
    return page(f"Player {name}", "".join(body))
