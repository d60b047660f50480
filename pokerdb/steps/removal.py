"""Removing a dataset and everything derived from it, in one transaction, on any backend.

SQLite does not enforce foreign keys in pokerdb's connections (see db.py), so nothing is left
to ON DELETE CASCADE: each table that holds rows of the dataset is emptied of them, children
first. Dataset ids are never reused (schema.datasets), so nothing left elsewhere could be
adopted by a later import either.
"""

from sqlalchemy import Engine, delete, func, select

from pokerdb.storage.reading import connection_fetch
from pokerdb.storage.schema import (
    actions,
    datasets,
    deals,
    hand_cards,
    hand_equities,
    hand_labels,
    hand_values,
    rejects,
    seats,
    win_counts,
)
from pokerdb.storage.win_counts import find_dataset
from pokerdb.storage.write_locks import lock_for_append


def delete_dataset(engine: Engine, name: str) -> int:
    """Remove the dataset named `name` with its deals, hands, values, labels, equities, seats,
    actions, rejected lines and win counts; returns how many deals it had. Waits for imports
    and evaluations in progress, which it must not interleave with."""
    with engine.begin() as connection:
        lock_for_append(connection, deals)
        dataset_id = find_dataset(connection_fetch(connection), name)
        its_deals = select(deals.c.id).where(deals.c.dataset_id == dataset_id)
        count = connection.scalar(select(func.count()).select_from(deals)
                                  .where(deals.c.dataset_id == dataset_id)) or 0
        for table in (hand_values, hand_labels, hand_equities, seats, hand_cards, actions):
            connection.execute(delete(table).where(table.c.deal_id.in_(its_deals)))
        for table in (deals, rejects, win_counts):
            connection.execute(delete(table).where(table.c.dataset_id == dataset_id))
        connection.execute(delete(datasets).where(datasets.c.id == dataset_id))
    return int(count)
