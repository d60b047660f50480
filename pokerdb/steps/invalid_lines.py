"""The lines (or hands) of an import that are not deals: the first few reported, and the
import failed, nothing stored (deals_or_fail); or, with --skip-invalid, each recorded in
`rejects` and the valid ones imported (SkippedLines)."""

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TypeVar

from sqlalchemy import Connection

from pokerdb.errors import InputError, InvalidLinesError, NothingToImportError
from pokerdb.formats.input import Rejected
from pokerdb.formats.sources import Source
from pokerdb.storage.row_writes import Row, insert_rows
from pokerdb.storage.schema import rejects

BATCH_ROWS = 20_000  # rejected lines written at once
REJECT_COLUMNS = ("dataset_id", "line_no", "raw", "reason", "line_bytes")
T = TypeVar("T")


def deals_or_fail(items: Iterable[T | Rejected], source: Source, max_errors: int,
                  item: str) -> Iterator[T]:
    """The deals, until a rejected line: then up to `max_errors` rejected lines are collected
    (deals are no longer read into the database) and the import fails with all of them.
    `item`: what holds a deal (InputFormat.item), a line or a hand."""
    iterator = iter(items)
    for prepared in iterator:
        if isinstance(prepared, Rejected):
            more = (other for other in iterator if isinstance(other, Rejected))
            raise _invalid_lines(source, [prepared, *islice(more, max_errors - 1)], max_errors,
                                 item)
        yield prepared


def invalid_hand(source: Source, rejected: Rejected) -> InvalidLinesError:
    """The error of an import that fails on one invalid hand found as it stores them."""
    return _invalid_lines(source, [rejected], 1, "hand")


def _invalid_lines(source: Source, rejected: list[Rejected], max_errors: int,
                   item: str) -> InvalidLinesError:
    errors = [InputError(source.label, line.line_no, line.reason) if line.where is None
              else InputError(line.where, None, line.reason) for line in rejected]
    if max_errors == 1:
        return InvalidLinesError(errors)  # the one line says it all
    count = len(errors)
    if count == max_errors:
        found = f"stopped after {count} invalid {item}s (--max-errors {max_errors})"
    else:
        found = f"{count} invalid {item}{'s' if count > 1 else ''}"
    return InvalidLinesError(errors, f"{source.label}: {found}; nothing imported")


class SkippedLines:
    """Rejected lines of a --skip-invalid import, written to `rejects` in batches, in the
    import's transaction."""

    def __init__(self, connection: Connection, dataset_id: int) -> None:
        self.connection = connection
        self.dataset_id = dataset_id
        self.pending: list[Row] = []
        self.count = 0
        self.first: Rejected | None = None

    def deals(self, items: Iterable[T | Rejected]) -> Iterator[T]:
        """The deals; each rejected line among them recorded."""
        for item in items:
            if isinstance(item, Rejected):
                self.add(item)
            else:
                yield item

    def add(self, rejected: Rejected) -> None:
        self.first = self.first or rejected
        self.count += 1
        self.pending.append((self.dataset_id, rejected.line_no, rejected.raw, rejected.reason,
                             rejected.line_bytes))
        if len(self.pending) >= BATCH_ROWS:
            self.flush()

    def flush(self) -> None:
        insert_rows(self.connection, rejects, REJECT_COLUMNS, self.pending)
        self.pending.clear()


def nothing_to_import(source: Source, skipped: SkippedLines,
                      item: str) -> NothingToImportError:
    """Why an import found nothing to store: an empty file, or only invalid lines. `item`:
    what holds a deal (InputFormat.item), a line or a hand."""
    if skipped.first is None:
        return NothingToImportError(source.label, None, "no deals in the file (it is empty)")
    first = skipped.first
    kind = "non-blank line" if item == "line" else item
    found = f"the only {kind} is" if skipped.count == 1 else f"all {skipped.count} {kind}s are"
    where = f"line {first.line_no}" if first.where is None else first.where
    return NothingToImportError(source.label, None,
                                f"nothing to import: {found} invalid; {where}: {first.reason}")
