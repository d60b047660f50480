"""The views over tournament results (the tournaments and tournament_entries tables, revision
0018), as SQL for each backend; the migrations create them.

- tournament_hands: each tournament's hands, the deals of its site and number;
- player_tournaments: per player and money, the tournaments and the hands of them stored
  (the player's seats in their deals), what they cost, what they won
  (prizes and bounties), the profit, the return on investment and the share of tournaments
  in the money (percent, to one decimal), and the average finish (to two);
- player_buy_in_tournaments: the same per buy-in too.

Amounts are summed as the integers they are stored as and shown once as amounts
(view_columns.amount_sql); a percentage is a number (a double on SQLite). `pokerdb players
--tournaments` reads the sums and works out each figure exactly (answers.tournaments).
"""

from typing import Final

from pokerdb.storage.view_columns import amount_sql

VIEWS: Final = ("tournament_hands", "player_tournaments", "player_buy_in_tournaments")

# What an entry won: its place's prize and its bounties.
WON: Final = "e.prize + COALESCE(e.bounties, 0)"
IN_THE_MONEY: Final = "CASE WHEN e.prize > 0 THEN 1 ELSE 0 END"


def played(numbered: bool = True) -> str:
    """Each entry's hands stored (`p.hands`): its player's seats in the deals of its
    tournament, the seats' names by their numbers in player_names (`numbered`, revision 0027
    on) or as text."""
    names, name = ((" JOIN player_names n ON n.id = s.name_id", "n.name") if numbered
                   else ("", "s.name"))
    return (f"LEFT JOIN (SELECT d.site AS site, d.tournament AS number, {name} AS name, "
            f"COUNT(*) AS hands FROM deals d JOIN seats s ON s.deal_id = d.id{names} "
            f"WHERE d.tournament IS NOT NULL GROUP BY d.site, d.tournament, {name}) p "
            f"ON p.site = t.site AND p.number = t.number AND p.name = e.player")


def tournament_hands_sql() -> str:
    return ("SELECT t.id AS tournament_id, d.id AS deal_id FROM tournaments t "
            "JOIN deals d ON d.site = t.site AND d.tournament = t.number")


def player_tournaments_sql(dialect: str, by_buy_in: bool, numbered: bool = True) -> str:
    """The figures per player and money (and buy-in); `numbered` as played takes."""
    def amount(stored: str) -> str:
        return amount_sql(stored, dialect)

    buy_in = f"{amount('t.buy_in')} AS buy_in, " if by_buy_in else ""
    return (
        f"SELECT e.player AS player, e.currency AS currency, {buy_in}"
        f"COUNT(*) AS tournaments, COALESCE(SUM(p.hands), 0) AS hands, "
        f"{amount('SUM(e.cost)')} AS cost, "
        f"{amount(f'SUM({WON})')} AS won, {amount(f'SUM({WON} - e.cost)')} AS profit, "
        f"{_rounded(f'100.0 * SUM({WON} - e.cost) / NULLIF(SUM(e.cost), 0)', 1)} AS roi, "
        f"{_rounded(f'100.0 * SUM({IN_THE_MONEY}) / COUNT(*)', 1)} AS itm, "
        f"{_rounded('1.0 * SUM(e.place) / NULLIF(COUNT(e.place), 0)', 2)} AS average_finish "
        f"FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id "
        f"{played(numbered)} "
        f"GROUP BY e.player, e.currency{', t.buy_in' if by_buy_in else ''}")


def _rounded(figure: str, places: int) -> str:
    """A figure to `places` decimals, as a double on both backends (PostgreSQL rounds its
    numeric exactly, half away from zero)."""
    return f"CAST(ROUND({figure}, {places}) AS DOUBLE PRECISION)"


def create_views(dialect: str, numbered: bool = True) -> list[str]:
    """The statements that create the views (`numbered` as played takes)."""
    return [f"CREATE VIEW tournament_hands AS {tournament_hands_sql()}",
            *(f"CREATE VIEW {name} AS {player_tournaments_sql(dialect, by, numbered)}"
              for name, by in (("player_tournaments", False),
                               ("player_buy_in_tournaments", True)))]
