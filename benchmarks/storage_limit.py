"""The storage limit: the rows `pokerdb import` stores, written with raw stdlib sqlite3.

`python benchmarks/storage_limit.py FILE DB` expects DB to exist at pokerdb's schema head
(the row pe54, deals_bench.py, creates it so). It sets pokerdb's pragmas, then in one
transaction inserts the datasets row, every deal (id, dataset_id, line_no) and every hand
(hand_cards: deal_id, player, cards) with executemany, and prints one JSON object. The timing covers
hashing and reading the file, building the tuples, executemany and commit.
"""

import hashlib
import json
import sqlite3
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

BATCH_DEALS = 20_000
PRAGMAS = ("journal_mode = WAL", "synchronous = NORMAL")
Batch = list[tuple[int, list[str]]]


def sha256_of(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def batches(path: str) -> Iterator[Batch]:
    """(line number, cards) of each non-blank line, in lists of BATCH_DEALS."""
    batch: Batch = []
    with open(path) as file:
        for line_no, line in enumerate(file, start=1):
            cards = line.split()
            if cards:
                batch.append((line_no, cards))
            if len(batch) == BATCH_DEALS:
                yield batch
                batch = []
    if batch:
        yield batch


def insert_dataset(connection: sqlite3.Connection, path: str) -> int:
    cursor = connection.execute(
        "INSERT INTO datasets (name, sha256, format, deals, imported_at) VALUES (?, ?, ?, 0, ?)",
        (Path(path).name, sha256_of(path), "pe54", datetime.now(UTC).isoformat(sep=" ")))
    return int(cursor.lastrowid or 0)


def store(connection: sqlite3.Connection, path: str) -> tuple[int, int]:
    """Insert the dataset, deals and hands; (deals, hands) written."""
    dataset_id = insert_dataset(connection, path)
    next_id = 1
    hand_count = 0
    for batch in batches(path):
        deal_rows = [(next_id + i, dataset_id, line_no) for i, (line_no, _) in enumerate(batch)]
        hand_rows = [(next_id + i, player, " ".join(cards[start:start + 5]))
                     for i, (_, cards) in enumerate(batch)
                     for player, start in enumerate(range(0, len(cards), 5), start=1)]
        connection.executemany(
            "INSERT INTO deals (id, dataset_id, line_no) VALUES (?, ?, ?)", deal_rows)
        connection.executemany(
            "INSERT INTO hand_cards (deal_id, player, cards) VALUES (?, ?, ?)", hand_rows)
        next_id += len(batch)
        hand_count += len(hand_rows)
    connection.execute("UPDATE datasets SET deals = ? WHERE id = ?", (next_id - 1, dataset_id))
    return next_id - 1, hand_count


def main() -> None:
    path, db = sys.argv[1], sys.argv[2]
    connection = sqlite3.connect(db, isolation_level=None)
    for pragma in PRAGMAS:
        connection.execute(f"PRAGMA {pragma}")
    started = time.perf_counter()
    connection.execute("BEGIN IMMEDIATE")
    deals, hands = store(connection, path)
    connection.execute("COMMIT")
    seconds = time.perf_counter() - started
    connection.close()
    print(json.dumps({"deals": deals, "hands": hands, "seconds": seconds}))


if __name__ == "__main__":
    main()
