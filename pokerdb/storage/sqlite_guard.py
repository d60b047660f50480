"""What an SQLite connection that runs whatever statement a user writes may do: read, call the
functions on an allow-list and the pragmas that only describe the schema, and build no value
longer than 64 MiB. One definition for `pokerdb query` (answers.sqlite_query) and `pokerdb
serve` (serve.guard), set up on the connection by `guard`.

An authorizer admits reads, the functions on the allow-list and those pragmas, and nothing
else; `query_only` backs it up, and a length limit keeps a statement from building values the
size of the machine's memory.
"""

import sqlite3
from typing import Any, Final

_READ_ACTIONS: Final = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_RECURSIVE}
# Pragmas that only describe the schema. They have no setting form: their argument is a table
# or index name.
_READ_PRAGMAS: Final = {"table_info", "table_xinfo", "index_list", "index_info",
                        "index_xinfo", "foreign_key_list"}
# Pragmas read without an argument (with one, schema_version would set it): datasette reads
# them to list the databases and to see whether a schema changed.
_BARE_PRAGMAS: Final = {"database_list", "schema_version"}
# Table-valued functions, set up (like the pragmas) before the authorizer is on.
_TABLE_FUNCTIONS: Final = ("json_each", "json_tree")
# The functions a query may call: SQLite's core, aggregate, window, date, math and JSON
# functions (some only in newer versions). Anything else, such as fts3_tokenizer (which
# hands out and takes raw pointers) or load_extension, is refused.
_FUNCTION_GROUPS: Final = {
    "core": "abs changes char coalesce concat concat_ws format glob hex ifnull iif instr "
            "last_insert_rowid length like likelihood likely lower ltrim max min nullif "
            "octet_length printf quote random randomblob replace round rtrim sign soundex "
            "sqlite_source_id sqlite_version substr substring total_changes trim typeof unhex "
            "unicode unistr unistr_quote unlikely upper zeroblob",
    "aggregate": "avg count group_concat string_agg sum total median percentile "
                 "percentile_cont percentile_disc",
    "window": "row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value "
              "last_value nth_value",
    "date": "date time datetime julianday unixepoch strftime timediff current_date "
            "current_time current_timestamp",
    "math": "acos acosh asin asinh atan atan2 atanh ceil ceiling cos cosh degrees exp floor ln "
            "log log10 log2 mod pi pow power radians sin sinh sqrt tan tanh trunc",
    "json": "json jsonb json_array jsonb_array json_array_length json_error_position "
            "json_extract jsonb_extract json_insert jsonb_insert json_object jsonb_object "
            "json_patch jsonb_patch json_pretty json_quote json_remove jsonb_remove "
            "json_replace jsonb_replace json_set jsonb_set json_type json_valid "
            "json_group_array jsonb_group_array json_group_object jsonb_group_object -> ->>",
}
SQLITE_FUNCTIONS: Final = frozenset(name for names in _FUNCTION_GROUPS.values()
                                    for name in names.split())
# The longest string or blob a statement may build, in bytes: far more than any value
# pokerdb stores, and far less than the memory of the machine (randomblob(1e9) is refused).
SQLITE_MAX_LENGTH: Final = 64 << 20


def _authorizer(action: int, arg1: str | None, arg2: str | None, *_: Any) -> int:
    if action in _READ_ACTIONS:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_FUNCTION and arg2 is not None \
            and arg2.lower() in SQLITE_FUNCTIONS:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA and (
            arg1 in _READ_PRAGMAS or (arg1 in _BARE_PRAGMAS and arg2 is None)):
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def guard(driver: sqlite3.Connection) -> None:
    """From now on `driver` runs only what the authorizer admits, and builds no value longer
    than SQLITE_MAX_LENGTH. There is no undoing it: close the connection afterwards."""
    driver.execute("PRAGMA query_only = ON")
    # SQLite asks to update sqlite_master the first time a connection reads a table-valued
    # function (pragma_table_info(...), json_each(...)) as it sets up its table; set them up
    # before the authorizer would refuse that.
    for pragma in _READ_PRAGMAS:
        driver.execute(f"SELECT * FROM pragma_{pragma}('sqlite_master') LIMIT 0").fetchall()
    for function in _TABLE_FUNCTIONS:
        driver.execute(f"SELECT * FROM {function}('[]') LIMIT 0").fetchall()
    driver.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, SQLITE_MAX_LENGTH)
    driver.set_authorizer(_authorizer)
