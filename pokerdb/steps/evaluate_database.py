"""`pokerdb evaluate` on the database --db names. A database whose every deal is decided is
told apart by its import report alone, read with the standard library's sqlite3 on an SQLite
file at head (storage.reading): then nothing loads SQLAlchemy or numpy, which the evaluation
itself (evaluation.evaluate_pending) needs."""

from dataclasses import dataclass

from pokerdb.progress import Progress, unseen
from pokerdb.storage.reading import reader
from pokerdb.storage.win_counts import all_deals_decided


@dataclass(frozen=True)
class EvaluateResult:
    hands: int
    deals: int
    seconds: float


def evaluate_database(db: str | None, progress: Progress = unseen) -> EvaluateResult:
    """Evaluate every pending hand of the database --db names, which must exist."""
    with reader(db) as fetch:
        if all_deals_decided(fetch):
            return EvaluateResult(0, 0, 0.0)
    from pokerdb.steps.evaluation import evaluate_pending, pending_hands
    from pokerdb.storage.engines import open_engine

    engine = open_engine(db, create=False)
    with progress("evaluate", lambda: pending_hands(engine), "hands") as task:
        return evaluate_pending(engine, None if task is None else task.advance)
