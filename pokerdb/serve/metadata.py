"""What `pokerdb serve` tells datasette: a description of every table and view of the schema
(pokerdb.storage.schema) and of their main columns, and the canned queries of the docs'
cookbook, two of them drawn as charts (pokerdb.serve.charts)."""

from typing import Any, Final

from sqlalchemy import and_, func, select
from sqlalchemy.dialects import sqlite

from pokerdb.rules.games import GAMES
from pokerdb.rules.hand_words import category_id
from pokerdb.rules.variants import game_kind, low_kind
from pokerdb.storage.player_stats import FIGURE_NAMES
from pokerdb.storage.schema import categories, datasets, deals, hand_values
from pokerdb.storage.view_columns import category_id as category_of_hand

TABLES: Final = {
    "categories": "The hand categories of every kind of hand: 0 High Card to 9 Royal Flush "
                  "for high hands, then those of the low and badugi kinds.",
    "variants": "The variants of recorded hands: the kind of hand each compares, and a split "
                "game's low.",
    "variant_values": "A recorded hand's cards that play and, in a split game, its low half, "
                      "for every variant but Hold'em.",
    "id_marks": "The highest deal id ever given, so that no id is reused after a delete.",
    "datasets": "One row per imported file: its name, format, game, deals and SHA-256.",
    "deals": "One row per deal (a line of a deal file, or a recorded hand): its winner, board "
             "and, for a recorded hand, where it comes from and the file's fields.",
    "win_counts": "How many deals of each dataset each player won (winner 0: tied).",
    "hand_cards": "Each player's cards in each deal, where they are known (a recorded "
                  "hand's seat whose cards were never shown has no row).",
    "hand_values": "Each hand's strength as evaluated (category and tie-break ranks packed).",
    "hand_equities": "Each hand's exact equity (Hold'em, Omaha, short-deck), and for recorded "
                     "hands all in before the river their all-in equity and all-in adjusted net "
                     "(pokerdb equity).",
    "hand_descriptions": "The hand in words for each strength seen, e.g. 'Pair of Queens'.",
    "hand_labels": "The category a labelled input file (UCI Poker Hand) claims.",
    "seats": "A recorded hand's seats: name (its number in player_names), position, stacks, "
             "chips put in, net, showdown, and what a tracker counts (flags packed into one "
             "integer's bits).",
    "actions": "Every action of every recorded hand, in order, in PHH notation (a view of "
               "hand_actions).",
    "hand_actions": "A recorded hand's actions, one text a hand (joined by |, or a JSON array), "
                    "which the view actions unpacks.",
    "site_hands": "Each site's hand number stored, once, with the dataset that stored it.",
    "seat_stats": "What a tracker counts of each seat of a recorded hand: position, stakes, "
                  "VPIP, PFR, 3-bet, c-bet, postflop actions, showdown (docs/player-stats.md; "
                  "a view of seats, their names and deals).",
    "player_totals": "seat_stats summed per dataset, player, position and stakes ('': not "
                     "recorded), kept by import: what the player_stats views add up.",
    "player_days": "player_totals per day and site too, kept by import: what `pokerdb "
                   "players` and a player's page add up under dates or a site.",
    "player_runs": "Each player's hands in runs at most 30 minutes apart, per dataset, site, "
                   "money, stakes, day, hour, table and big blind, kept by import: the "
                   "sessions and graphs of a player's page.",
    "summary_keys": "The site, money, stakes and big blind of rows of player_days and "
                    "player_runs, by their number (key_id).",
    "table_names": "The name of each table deals (table_name_id) and player_runs hold by "
                   "its number.",
    "venue_names": "The name of each venue deals hold by its number (deals.venue_id).",
    "stakes_names": "The stakes deals hold by their number (deals.stakes_id): 'NT 0.5/1'.",
    "source_names": "Each file a recorded hand comes from, by its number (deals.source_id; "
                    "the hand's key in a .phhs file is deals.source_key).",
    "player_names": "The name of each player seats and the players' summaries hold by its "
                    "number (name_id).",
    "rejects": "Lines that import --skip-invalid left out, and why.",
    "tournaments": "Tournaments as their sites' summary files tell them: buy-in (prize pool "
                   "part, bounty part, fee), money, start, entrants, prize pool.",
    "tournament_entries": "Each player's result in a tournament: place, prize, bounties, "
                          "re-entries, rebuys and add-ons, and what the entry cost.",
    "deal_results": "Two-player deals with both hands and the result in words.",
    "hands": "Every hand with its cards, category, description, best five, equity and seat.",
    "player_stats": "Tracker statistics per player name over recorded hands: VPIP, PFR, 3-bet, "
                    "fold to 3-bet, c-bet, fold to c-bet, aggression, showdowns, net, bb/100.",
    "player_position_stats": "player_stats per player and position (SB, BB, UTG ... BTN).",
    "player_stakes_stats": "player_stats per player and stakes (variant, blinds, ante).",
    "tournament_hands": "Each tournament's hands: the deals of its site and number.",
    "player_tournaments": "Tournament results per player and money: tournaments, cost, won, "
                          "profit, ROI %, ITM %, average finish.",
    "player_buy_in_tournaments": "player_tournaments per player, money and buy-in.",
}

_FIGURES: Final = {
    "hands": "recorded hands the player sat in",
    "hands_result_unknown": "of them, hands whose result the file does not tell (not in net)",
    "vpip": "% of hands with a preflop decision where the player called or raised",
    "pfr": "% of hands with a preflop decision where the player raised",
    "three_bet": "% of chances (facing one raise preflop) the player re-raised",
    "fold_to_three_bet": "% of times the first raiser, re-raised, folded",
    "cbet": "% of chances the last preflop raiser bet the flop first",
    "fold_to_cbet": "% of times the player folded to a continuation bet",
    "aggression_factor": "postflop bets and raises per call",
    "aggression_frequency": "% of postflop bets and raises among bets, raises, calls, folds",
    "went_to_showdown": "% of flops seen that reached a showdown",
    "won_at_showdown": "% of showdowns of known result where the player won chips",
    "net": "chips won minus chips put in, over the hands whose result is known",
    "bb_per_100": "net in big blinds per 100 hands (hands with a big blind, of known result)",
    "allin_adjusted_net": "net with all-in hands counted at their equity (pokerdb equity)",
}
COLUMNS: Final = {
    "deals": {"winner": "the player who won (0: a tie; NULL: not evaluated or no showdown)",
              "board": "a game with a board: its cards ('' before the flop)",
              "source_id": "a recorded hand: its file in the folder imported, in "
                           "source_names",
              "source_key": "its key in a .phhs file (the source is 'FILE#KEY')",
              "venue_id": "its venue, in venue_names",
              "table_name_id": "its table, in table_names",
              "stakes_id": "its stakes, in stakes_names",
              "allin_board": "the board when the players were all in before the river"},
    "seats": {"put_in": "chips put in the pots (uncalled bets returned)",
              "net": "chips won minus put_in (NULL: result unknown)",
              "showed": "reached the showdown and showed",
              "flags": "what a tracker counts, each flag a bit (seat_stats shows each)"},
    "seat_stats": {"position": "BTN, SB, BB, UTG, UTG+1, ..., LJ, HJ, CO",
                   "stakes": "variant and blinds, e.g. 'NT 1/2' (NULL: not recorded)",
                   "preflop_acted": "1: took a preflop decision (a walk is none)",
                   "allin": "1: contested an all-in before the river"},
    **{view: _FIGURES for view in ("player_stats", "player_position_stats",
                                   "player_stakes_stats")},
}

CHARTS: Final = ("player_net_over_hands", "categories_against_odds")
_SAMPLES = 1000  # points of the cumulative net chart at most



def _odds_rows() -> str:
    """Each game's exact odds of each category of its kind of hand (a split game's high half),
    and of its low half's, as SQL rows (game, half, category id, probability)."""
    rows: list[str] = []
    for game in GAMES.values():
        halves = [("high", game_kind(game), game.random_hands)]
        low = low_kind(game)
        if low is not None and game.random_lows is not None:
            halves.append(("low", low, game.random_lows))
        rows.extend(f"('{game.name}', '{half}', {category_id(kind.naming, index)}, "
                    f"{hands_of / game.all_hands!r})"
                    for half, kind, counts in halves for index, hands_of in enumerate(counts))
    return ",\n  ".join(rows)


# A split game's hand without a qualifying low is of its low kind's first category (No Low).
_NO_LOWS = ", ".join(f"('{game.name}', {category_id(low.naming, 0)})" for game in GAMES.values()
                     if (low := low_kind(game)) is not None)
# A hand's source, "FILE#KEY", from its file's number (revision 0029: storage.deal_texts).
_SOURCE = "sn.name || COALESCE('#' || d.source_key, '') AS source"
_SOURCE_JOIN = "LEFT JOIN source_names sn ON sn.id = d.source_id"
_PLAYER_COLUMNS = ", ".join(("currency", *FIGURE_NAMES))


def _wins_by_category() -> str:
    """The SQL of the deals won by category, each hand's category found as pokerdb's own
    answers find it (view_columns.category_id), written out for SQLite."""
    winning = hand_values.alias("v")
    won, category = category_of_hand(
        select(datasets.c.name.label("dataset"), categories.c.name.label("winning_category"),
               categories.c.kind, func.count().label("wins"))
        .select_from(deals).join(datasets, datasets.c.id == deals.c.dataset_id)
        .join(winning, and_(winning.c.deal_id == deals.c.id,
                            winning.c.player == deals.c.winner)), winning)
    statement = (won.join(categories, categories.c.id == category)
                 .group_by(datasets.c.id, datasets.c.name, categories.c.id, categories.c.name,
                           categories.c.kind)
                 .order_by(datasets.c.id, categories.c.id))
    return str(statement.compile(dialect=sqlite.dialect(),
                                 compile_kwargs={"literal_binds": True}))


_WINS_BY_CATEGORY: Final = _wins_by_category()

QUERIES: Final[dict[str, dict[str, str]]] = {
    "win_counts": {
        "title": "Win counts",
        "description": "Deals won by each player and ties, per dataset.",
        "sql": "SELECT ds.name AS dataset, ds.game, ds.deals,\n"
               "       CASE w.winner WHEN 0 THEN 'ties' ELSE 'player ' || w.winner END "
               "AS result,\n       w.deals AS won\nFROM win_counts w\n"
               "JOIN datasets ds ON ds.id = w.dataset_id\n"
               "ORDER BY ds.id, w.winner = 0, w.winner",
    },
    "wins_by_category": {
        "title": "Wins by category",
        "description": "Deals won, by the category of the winning hand (of its kind: high, "
                       "low, badugi), per dataset.",
        "sql": _WINS_BY_CATEGORY,
    },
    "player_results": {
        "title": "A player's results",
        "description": "A player's statistics overall and by position, per money.",
        "sql": f"SELECT 'all' AS position, {_PLAYER_COLUMNS}\nFROM player_stats "
               f"WHERE player = :player\nUNION ALL\nSELECT position, {_PLAYER_COLUMNS}\n"
               f"FROM player_position_stats WHERE player = :player",
    },
    "biggest_pots": {
        "title": "Biggest pots",
        "description": "The hundred recorded hands with the most put in, per money.",
        "sql": f"SELECT d.id AS deal_id, ds.name AS dataset, {_SOURCE}, d.board, d.currency,\n"
               "       sum(s.put_in) / 10000.0 AS pot, count(*) AS players,\n"
               "       group_concat(CASE WHEN s.net > 0 THEN n.name END, ', ') AS winners\n"
               "FROM seats s\nJOIN deals d ON d.id = s.deal_id\n"
               "LEFT JOIN player_names n ON n.id = s.name_id\n"
               f"JOIN datasets ds ON ds.id = d.dataset_id\n{_SOURCE_JOIN}\n"
               "GROUP BY d.id, ds.name, sn.name, d.source_key, d.board, d.currency\n"
               "ORDER BY d.currency, sum(s.put_in) DESC, d.id\nLIMIT 100",
    },
    "player_hands": {
        "title": "A player's hands",
        "description": "A player's recorded hands; leave a filter empty to take all. "
                       "showdown: 1 or 0.",
        "sql": f"SELECT s.deal_id, {_SOURCE}, s.position, s.stakes, c.cards, d.board,\n"
               "       d.currency, s.net / 10000.0 AS net,\n"
               "       s.vpip, s.pfr, s.went_to_showdown, s.won_at_showdown\n"
               f"FROM seat_stats s\nJOIN deals d ON d.id = s.deal_id\n{_SOURCE_JOIN}\n"
               "LEFT JOIN hand_cards c ON c.deal_id = s.deal_id AND c.player = s.player\n"
               "WHERE s.name = :player\n"
               "  AND (:position = '' OR s.position = :position)\n"
               "  AND (:stakes = '' OR s.stakes = :stakes)\n"
               "  AND (:showdown = '' OR s.went_to_showdown = CAST(:showdown AS INTEGER))\n"
               "ORDER BY s.deal_id",
    },
    "player_net_over_hands": {
        "title": "A player's net over hands",
        "description": "The tracker graph: the player's cumulative net in one money "
                       "(USD, EUR, chips, play: never two added), hand after hand "
                       f"(at most {_SAMPLES} points, evenly spaced).",
        "sql": "WITH played AS (\n"
               "  SELECT row_number() OVER (ORDER BY s.deal_id) AS hand, s.deal_id,\n"
               "         sum(s.net) OVER (ORDER BY s.deal_id ROWS UNBOUNDED PRECEDING) "
               "/ 10000.0 AS cumulative_net\n"
               "  FROM seat_stats s JOIN deals d ON d.id = s.deal_id\n"
               "  WHERE s.name = :player AND d.currency = :currency),\n"
               "total AS (SELECT count(*) AS hands FROM played)\n"
               "SELECT hand, deal_id, cumulative_net FROM played, total\n"
               f"WHERE hand % ((hands + {_SAMPLES - 1}) / {_SAMPLES}) = 0 OR hand = hands\n"
               "ORDER BY hand",
    },
    "categories_against_odds": {
        "title": "Categories against their exact odds",
        "description": "The share of evaluated hands of each category in dealt (not "
                       "recorded) datasets, against the exact odds of a random hand of the "
                       "game, in percent: the categories of the game's kind of hand (high, "
                       "or razz's, deuce-to-seven's, badugi's lows), then a split game's low "
                       "half's (No Low, Eight Low .. Five Low).",
        "sql": f"WITH odds(game, half, category, probability) AS (VALUES\n  {_odds_rows()}),\n"
               f"lows(game, no_low) AS (VALUES {_NO_LOWS}),\n"
               "observed AS (\n"
               "  SELECT ds.game, h.category, h.low_category, count(*) AS hands\n"
               "  FROM hands h JOIN deals d ON d.id = h.deal_id\n"
               "  JOIN datasets ds ON ds.id = d.dataset_id\n"
               "  WHERE h.strength IS NOT NULL AND d.source_id IS NULL\n"
               "  GROUP BY ds.game, h.category, h.low_category),\n"
               "counted AS (\n"
               "  SELECT game, 'high' AS half, category, sum(hands) AS hands FROM observed\n"
               "  GROUP BY game, category\n"
               "  UNION ALL\n"
               "  SELECT ob.game, 'low', coalesce(ob.low_category, l.no_low), sum(ob.hands)\n"
               "  FROM observed ob JOIN lows l ON l.game = ob.game\n"
               "  GROUP BY ob.game, coalesce(ob.low_category, l.no_low)),\n"
               "totals AS (SELECT game, sum(hands) AS hands FROM observed GROUP BY game)\n"
               "SELECT o.game, c.kind, c.name AS category, coalesce(ct.hands, 0) AS hands,\n"
               "       100.0 * coalesce(ct.hands, 0) / t.hands AS observed_percent,\n"
               "       100.0 * o.probability AS exact_percent\n"
               "FROM odds o JOIN totals t ON t.game = o.game\n"
               "JOIN categories c ON c.id = o.category\n"
               "LEFT JOIN counted ct ON ct.game = o.game AND ct.half = o.half\n"
               "  AND ct.category = o.category\n"
               "ORDER BY o.game, o.half, o.category",
    },
}


def datasette_metadata(database: str) -> dict[str, Any]:
    """Datasette's metadata for the database file named `database` (its stem)."""
    tables: dict[str, Any] = {
        name: {"description": description,
               **({"columns": COLUMNS[name]} if name in COLUMNS else {})}
        for name, description in TABLES.items()}
    tables["alembic_version"] = {"hidden": True}
    return {
        "title": "pokerdb",
        "description": "Deals and recorded hands imported by pokerdb, read-only. "
                       "The canned queries below answer the docs' cookbook.",
        "databases": {database: {"tables": tables, "queries": QUERIES}},
    }
