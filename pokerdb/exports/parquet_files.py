"""Record batches written as new Parquet files: one file, or a file per Hive partition
(`format=phh/month=2023-06/`), each batch split by its partition columns and written as it
comes, so no more than one batch is held whatever the number of partitions.

Every file is created new (`open(..., "xb")`): an export that appends writes beside hard links
to the files already exported (exports.folders), and must never write into one of them.
"""

from collections import OrderedDict
from collections.abc import Iterable
from functools import reduce
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

OPEN_FILES: Final = 64  # partitions written at once; one more closes the longest unused
COMPRESSION: Final = "zstd"


def write_file(batches: Iterable[Any], schema: Any, path: Path) -> None:
    """The batches as one new file."""
    import pyarrow.parquet as pq

    with (open(path, "xb") as file,
          pq.ParquetWriter(file, schema, compression=COMPRESSION) as writer):
        for batch in batches:
            writer.write_batch(batch)


def write_partitioned(batches: Iterable[Any], schema: Any, folder: Path, keys: tuple[str, ...],
                      name: str) -> None:
    """The batches as new files `name.format(i=N)` in `folder`, a folder per value of `keys`
    (Hive-style: `key=value`, the value percent-encoded), without the keys' columns."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    data = pa.schema([field for field in schema if field.name not in keys])
    writers: OrderedDict[tuple[str, ...], tuple[Any, Any]] = OrderedDict()  # file, writer
    files: dict[tuple[str, ...], int] = {}  # the files each partition has had
    try:
        for batch in batches:
            for values in pa.Table.from_batches([batch]).group_by(list(keys)).aggregate(
                    []).to_pylist():
                key = tuple(str(values[each]) for each in keys)
                mask = reduce(pc.and_, (pc.equal(batch.column(each), value)
                                        for each, value in zip(keys, key, strict=True)))
                if key not in writers:
                    if len(writers) >= OPEN_FILES:
                        _close(*writers.popitem(last=False)[1])
                    within = folder.joinpath(*(f"{each}={quote(value, safe='')}"
                                               for each, value in zip(keys, key, strict=True)))
                    within.mkdir(parents=True, exist_ok=True)
                    files[key] = files.get(key, -1) + 1
                    file = open(within / name.format(i=files[key]), "xb")  # noqa: SIM115
                    writers[key] = file, pq.ParquetWriter(file, data, compression=COMPRESSION)
                writers.move_to_end(key)
                writers[key][1].write_batch(batch.filter(mask).select(data.names))
    finally:
        for file, writer in writers.values():
            _close(file, writer)


def _close(file: Any, writer: Any) -> None:
    try:
        writer.close()
    finally:
        file.close()
