"""The locks that keep pokerdb's writers apart on PostgreSQL (SQLite's BEGIN IMMEDIATE already
serialises every writer), and the right a bulk writer uses to skip the foreign keys' per-row
triggers.
"""

from sqlalchemy import Connection, Table, text


def lock_for_append(connection: Connection, table: Table) -> None:
    """Serialise writers that allocate ids from max(id), and those that rewrite rows an append
    could add to mid-way (evaluate's windows). SQLite's BEGIN IMMEDIATE already has."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"LOCK TABLE {table.name} IN SHARE ROW EXCLUSIVE MODE")


def lock_for_bulk_write(connection: Connection) -> None:
    """lock_for_append on deals for a bulk writer (import, evaluate), and on PostgreSQL the
    rest of its transaction skips the foreign keys' per-row triggers, when the role may
    (may_skip_reference_triggers). They took four fifths of an import and of an evaluate (a
    million deals: 24 s of 30 s to COPY deals and hands, 15 s of 19 s to COPY hand values).
    The constraints stay, and every other writer is checked row by row. These writers'
    references hold by construction: an import's rows refer to the dataset and deals it
    inserts in the same transaction, evaluate's hand values to hands it has read, which a lock
    on hand_cards, taken here, keeps until it commits. One round trip: evaluate takes these
    locks once a window, and each statement waits for Python's lock while the thread reading
    the next window holds it (5 ms)."""
    if connection.dialect.name != "postgresql":
        return
    statements = ["LOCK TABLE deals IN SHARE ROW EXCLUSIVE MODE"]
    info = connection.connection.info  # the role's right, asked once a connection
    if "may_skip_reference_triggers" not in info:
        info["may_skip_reference_triggers"] = may_skip_reference_triggers(connection)
    if info["may_skip_reference_triggers"]:
        statements += ["LOCK TABLE hand_cards IN SHARE ROW EXCLUSIVE MODE",
                       "SET LOCAL session_replication_role = replica"]
    connection.exec_driver_sql("; ".join(statements))


def skips_reference_triggers(connection: Connection) -> bool:
    """Whether lock_for_bulk_write switched off the per-row key checks of this transaction."""
    return bool(connection.connection.info.get("may_skip_reference_triggers"))


def may_skip_reference_triggers(connection: Connection) -> bool:
    """Whether the role may switch off trigger firing (session_replication_role): a superuser,
    or a role granted `SET ON PARAMETER session_replication_role` (PostgreSQL 15 or newer)."""
    version = connection.dialect.server_version_info or (0,)
    return version >= (15,) and bool(connection.scalar(text(
        "SELECT has_parameter_privilege('session_replication_role', 'SET')")))


_MIGRATION_LOCK_KEY = int.from_bytes(b"pokerdb", "big")  # any key every pokerdb process shares


def lock_for_migration(connection: Connection) -> None:
    """Serialise schema upgrades: processes opening a new PostgreSQL database at once would each
    create the tables. SQLite's BEGIN IMMEDIATE already has; the lock ends with the transaction."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK_KEY})")

