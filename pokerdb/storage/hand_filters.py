"""The filters a player expects on recorded hands: money, cash or tournament, dates, game,
stakes, site and dataset. One definition, written as SQL here, for `pokerdb players`, the
Parquet export and whatever else asks for a part of the hands.

- money (`currency`): deals.currency, the hand's money ("USD", "play", "chips");
- kind: "tournament" is money in chips, "cash" any other (a currency, or play money);
- since / until: the hand's date as its file writes it (the file's time zone), both days in;
  a hand without a date is left out by either;
- game: the variant's code ("NT", "PO", ...), the first word of the stakes;
- stakes: as `players --by stakes` shows them ("NT 0.5/1");
- site: deals.site, else the PHH venue, in any case ("pokerstars");
- player: one player's name (its seats, and its rows of player_totals, player_days and
  player_runs, by the name's number in player_names: those read through their key).

player_totals holds the money, the stakes and the name, so money, kind, game, stakes and player
filter its rows; dates and site need each seat's deal (`needs_deals`), or the rows of
player_days or player_runs, which hold them all (`on_runs`).
"""

from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from pokerdb.errors import PokerdbError
from pokerdb.rules.money import CHIPS

KINDS: Final = ("cash", "tournament")


@dataclass(frozen=True)
class HandFilter:
    """Which recorded hands count (None: any). `deals` is the dataset's run of deal ids."""

    currency: str | None = None
    kind: str | None = None
    since: date | None = None
    until: date | None = None
    game: str | None = None
    stakes: str | None = None
    site: str | None = None
    player: str | None = None
    deals: tuple[int, int] | None = None
    dataset_id: int | None = None

    def __post_init__(self) -> None:
        if self.kind is not None and self.kind not in KINDS:
            raise PokerdbError(f"the kind of game is cash or tournament, not {self.kind!r}")
        if self.since is not None and self.until is not None and self.since > self.until:
            raise PokerdbError(f"--since {self.since} is after --until {self.until}")

    @property
    def needs_deals(self) -> bool:
        """Whether the filter reads each hand's deal (dates, site), or player_days, not
        player_totals."""
        return self.since is not None or self.until is not None or self.site is not None

    def params(self) -> dict[str, Any]:
        found: dict[str, Any] = {} if self.kind is None else {"f_chips": CHIPS}
        for name in ("currency", "since", "until", "game", "stakes", "site", "player"):
            value = getattr(self, name)
            if value is not None:
                found[f"f_{name}"] = value
        if self.deals is not None:
            found["f_first"], found["f_last"] = self.deals
        return found

    def on_totals(self, totals: str) -> list[str]:
        """Conditions on rows of player_totals (alias `totals`) for what they hold."""
        conditions = self._on_money_and_stakes(f"{totals}.currency", f"{totals}.stakes")
        if self.player is not None:
            conditions.append(named_player(totals, "f_player"))
        if self.dataset_id is not None:
            conditions.append(f"{totals}.dataset_id = {int(self.dataset_id)}")
        return conditions

    def on_runs(self, runs: str) -> list[str]:
        """Conditions on rows of player_runs or player_days (alias `runs`), which hold every
        key a filter reads: a dataset by its id (player_stats.one_dataset gives its run of deal
        ids too)."""
        conditions = self.on_totals(runs)
        if self.since is not None:  # its day: the date's ordinal, 0 for none
            conditions.append(f"{runs}.day >= {self.since.toordinal()}")
        if self.until is not None:
            conditions.append(f"{runs}.day BETWEEN 1 AND {self.until.toordinal()}")
        if self.site is not None:
            conditions.append(f"lower({runs}.site) = lower(:f_site)")
        return conditions

    def on_seats(self, stats: str, deal: str) -> list[str]:
        """Conditions on rows of seats or seat_stats (alias `stats`) joined to their deals
        (`deal`, which holds the stakes); a player by the number of its name."""
        conditions = self._on_money_and_stakes(
            f"COALESCE({deal}.currency, '')",
            f"COALESCE({_deal_text(deal, 'stakes_id', 'stakes_names')}, '')")
        if self.player is not None:
            conditions.append(named_player(stats, "f_player"))
        if self.deals is not None:
            conditions.append(f"{stats}.deal_id BETWEEN :f_first AND :f_last")
        if self.since is not None:
            conditions.append(f"{deal}.date >= :f_since")
        if self.until is not None:
            conditions.append(f"{deal}.date <= :f_until")
        if self.site is not None:
            venue = _deal_text(deal, "venue_id", "venue_names")
            conditions.append(f"lower(COALESCE({deal}.site, {venue})) = lower(:f_site)")
        return conditions

    def _on_money_and_stakes(self, currency: str, stakes: str) -> list[str]:
        conditions = []
        if self.currency is not None:
            conditions.append(f"{currency} = :f_currency")
        if self.kind is not None:
            conditions.append(f"{currency} {'=' if self.kind == 'tournament' else '<>'} "
                              f":f_chips")
        if self.game is not None:
            conditions.append(f"substr({stakes}, 1, length(CAST(:f_game AS VARCHAR)) + 1) = "
                              f"CAST(:f_game AS VARCHAR) || ' '")
        if self.stakes is not None:
            conditions.append(f"{stakes} = :f_stakes")
        return conditions


def _deal_text(deal: str, number: str, names: str) -> str:
    """The text of the deals `deal` that they hold by its `number` in the table `names`
    (revision 0029: storage.deal_texts)."""
    return f"(SELECT t.name FROM {names} t WHERE t.id = {deal}.{number})"


def named_player(seats: str, parameter: str) -> str:
    """The condition that the seats (or seat_stats, or rows of the players' summaries)
    `seats` are the player's whose name is bound to `parameter`: its number in player_names,
    looked up once (none: no row)."""
    return f"{seats}.name_id = (SELECT id FROM player_names WHERE name = :{parameter})"


def where(conditions: list[str], first: str = "WHERE") -> str:
    """`conditions` as a WHERE clause (or AND ... with first="AND"), "" for none."""
    return f" {first} " + " AND ".join(conditions) if conditions else ""
