"""Revision 0039: deals.min_bet held as its difference from the deal's big blind,
deals.min_bet_delta (storage.schema.deal_min_bet), generated back with the same values. A
database at 0038 with hands of PHH and of a site upgrades in place to the rows a fresh import
makes; with every kind of minimum bet and big blind (either NULL, smaller, larger, equal, near
the largest amount), it upgrades and downgrades keeping every row."""

from functools import partial
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import Engine, create_engine, text
from test_migrations import current_revision, downgrade, schema_differences
from test_migrations import upgrade as upgraded
from test_revision_0038 import _hands, _rows
from test_seat_extras import imported, read_rows
from typer.testing import CliRunner

from pokerdb.storage.schema.deal_min_bet import MIN_BET_DELTA, min_bet_delta

_LARGE = 1 << 62
# (min_bet, big_blind) set on the first deals of a database at 0038, each kind there is.
_SET = [(None, 20000), (30000, None), (None, None), (5000, 20000), (20000, 20000),
        (_LARGE, 1), (1, _LARGE), (0, 0)]
_DEALS = "SELECT * FROM deals"
_BETS = "SELECT id, min_bet, big_blind FROM deals"


def test_revision_0039_holds_min_bet_by_its_difference_from_the_big_blind(
        runner: CliRunner, db_url: str, other_url: str, fresh: Engine, tmp_path: Path) -> None:
    """Upgraded in place, a database at 0038 reads what a fresh import of the same files reads
    (every deal's every column, min_bet_delta 0 in every HandHQ hand); downgraded and upgraded
    again with every kind of min_bet and big blind set, every row the same."""
    hands = _hands(tmp_path)
    imported(runner, db_url, *hands)
    imported(runner, other_url, *hands)
    read = partial(_rows, fresh)
    other = create_engine(other_url)
    assert read(_DEALS) == _rows(other, _DEALS)
    other.dispose()
    at_head = read(_BETS)
    # The HandHQ sample's no-limit hands: the minimum bet is the big blind.
    assert read(f"SELECT count(*) FROM deals WHERE {MIN_BET_DELTA} = 0") > [(10,)]
    assert read(f"SELECT count(*) FROM deals WHERE {MIN_BET_DELTA} IS DISTINCT FROM "
                f"min_bet - coalesce(big_blind, 0)") == [(0,)]
    downgrade(fresh, "0038")
    assert current_revision(fresh) == "0038" and read(_BETS) == at_head
    upgraded(fresh)
    assert schema_differences(fresh) == [] and read(_BETS) == at_head
    downgrade(fresh, "0038")
    first = [deal for deal, in read_rows(fresh, f"SELECT id FROM deals ORDER BY id "
                                                f"LIMIT {len(_SET)}")]
    with fresh.begin() as connection:
        for deal, (min_bet, big_blind) in zip(first, _SET, strict=True):
            connection.execute(text("UPDATE deals SET min_bet = :min_bet, big_blind = :big_blind "
                                    "WHERE id = :deal"),
                               {"min_bet": min_bet, "big_blind": big_blind, "deal": deal})
    at_0038 = read(_BETS)
    assert at_0038 != at_head
    assert {row[0]: row[1:] for row in at_0038 if row[0] in first} == dict(zip(first, _SET,
                                                                              strict=True))
    upgraded(fresh)
    assert read(_BETS) == at_0038
    downgrade(fresh, "0038")
    assert read(_BETS) == at_0038
    upgraded(fresh)


@given(st.one_of(st.none(), st.integers(0, _LARGE)), st.one_of(st.none(), st.integers(0, _LARGE)))
def test_min_bet_reads_back_from_its_difference(min_bet: int | None,
                                                big_blind: int | None) -> None:
    """The generated column's sum, COALESCE(big_blind, 0) + min_bet_delta, gives min_bet back."""
    delta = min_bet_delta(min_bet, big_blind)
    assert (None if delta is None else (big_blind or 0) + delta) == min_bet
