"""The PostgreSQL role `pokerdb query` runs each statement as: `pokerdb_reader`, which holds
nothing but SELECT on pokerdb's tables and views, and the two SECURITY DEFINER functions owned
by it that open a statement's cursor and fetch its rows.

A security-definer context forbids switching roles (`set_config('role', ...)`), so the
statement cannot take back the rights of the connecting role. install_reader sets the role
and the functions up; the migrations call it where the connecting role may, and so does
`pokerdb query` when they are missing or lag behind the schema (ensure_reader).
"""

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError

from pokerdb.errors import PokerdbError
from pokerdb.storage.schema import metadata
from pokerdb.storage.view_columns import VIEW_NAMES
from pokerdb.storage.write_locks import lock_for_migration

READER_ROLE = "pokerdb_reader"
OPEN_FUNCTION, FETCH_FUNCTION = "pokerdb_query_open", "pokerdb_query_fetch"
_CURSOR = "pokerdb_query_rows"
# Both run as pokerdb_reader (SECURITY DEFINER): the statement is planned when the cursor
# opens and runs as its rows are fetched, each time inside one of them. Signature: (arguments
# and result, body).
_FUNCTIONS = {
    f"{OPEN_FUNCTION}(text)": (
        "(statement text) RETURNS void",
        f"DECLARE rows refcursor := '{_CURSOR}'; "
        f"BEGIN OPEN rows NO SCROLL FOR EXECUTE statement; END"),
    f"{FETCH_FUNCTION}(integer)": (
        "(count integer) RETURNS SETOF record",
        f"BEGIN RETURN QUERY EXECUTE 'FETCH ' || count || ' FROM {_CURSOR}'; END"),
}
READER_FUNCTIONS = tuple(_FUNCTIONS)  # their signatures
NOT_SET_UP = ("pokerdb query on PostgreSQL runs each statement as the role pokerdb_reader, "
              "which holds only SELECT on pokerdb's tables; {why}: an administrator can set "
              "it up once (see docs/postgresql.md, 'pokerdb query on PostgreSQL')")


def reader_tables() -> list[str]:
    """What pokerdb_reader may read: every table and view of pokerdb's schema."""
    return [*metadata.tables, *VIEW_NAMES, "alembic_version"]


def install_reader(connection: Connection) -> str | None:
    """Set up the role pokerdb_reader with SELECT on pokerdb's tables and views, and the
    functions that run a statement as that role, which only the connecting role may call.
    Returns None when done, else why it could not be (the connecting role may not create
    roles, or does not own the schema); the caller's transaction is left as it was then."""
    why = _reader_obstacle(connection)
    if why is not None:
        return why
    with connection.begin_nested():
        if not _role_exists(connection):
            _create_role(connection)
        if not connection.scalar(text("SELECT pg_has_role(current_user, :role, 'MEMBER')"),
                                 {"role": READER_ROLE}):
            connection.exec_driver_sql(f"GRANT {READER_ROLE} TO CURRENT_USER")
        for name in reader_tables():
            if connection.scalar(text("SELECT to_regclass(:name)"), {"name": name}):
                connection.exec_driver_sql(f"GRANT SELECT ON {name} TO {READER_ROLE}")
        schema = connection.scalar(text("SELECT quote_ident(current_schema())"))
        for signature, (header, body) in _FUNCTIONS.items():
            connection.exec_driver_sql(
                f"CREATE OR REPLACE FUNCTION {signature.partition('(')[0]}{header} "
                f"LANGUAGE plpgsql SECURITY DEFINER SET search_path = {schema}, pg_temp "
                f"AS $${body}$$")
            if _owner(connection, signature) != READER_ROLE:
                # A new owner needs CREATE on the schema: granted for the moment it takes.
                connection.exec_driver_sql(f"GRANT CREATE ON SCHEMA {schema} TO {READER_ROLE}")
                connection.exec_driver_sql(f"ALTER FUNCTION {signature} OWNER TO {READER_ROLE}")
                connection.exec_driver_sql(
                    f"REVOKE CREATE ON SCHEMA {schema} FROM {READER_ROLE}")
            connection.exec_driver_sql(f"REVOKE ALL ON FUNCTION {signature} FROM PUBLIC")
            connection.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {signature} TO CURRENT_USER")
    return None


def _create_role(connection: Connection) -> None:
    """CREATE ROLE pokerdb_reader, unless another database's set-up on the same server made it
    meanwhile (a role is the server's, and the migration lock a database's): that one waits
    for the other's commit, then finds the role there."""
    try:
        with connection.begin_nested():
            connection.exec_driver_sql(f"CREATE ROLE {READER_ROLE} NOLOGIN")
    except DBAPIError:
        if not _role_exists(connection):
            raise


def _role_exists(connection: Connection) -> bool:
    return bool(connection.scalar(text("SELECT 1 FROM pg_roles WHERE rolname = :role"),
                                  {"role": READER_ROLE}))


def _owner(connection: Connection, signature: str) -> str | None:
    owner: str | None = connection.scalar(text("SELECT pg_get_userbyid(proowner) FROM pg_proc "
                                  "WHERE oid = to_regprocedure(:signature)"),
                             {"signature": signature})
    return owner


def _reader_obstacle(connection: Connection) -> str | None:
    """Why the connecting role cannot set the reader up, or None if it can."""
    user, may_create_roles, owns_schema = connection.execute(text(
        "SELECT current_user, rolcreaterole OR rolsuper, pg_has_role(current_user, "
        "(SELECT nspowner FROM pg_namespace WHERE nspname = current_schema()), 'MEMBER') "
        "FROM pg_roles WHERE rolname = current_user")).one()
    if not _role_exists(connection):
        if not may_create_roles:
            return f"the role does not exist, and {user} may not create roles"
        if not owns_schema:  # its functions, made here, could not be given to it
            return (f"the role does not exist, and {user} may not give it the functions it "
                    f"runs (only the schema's owner may)")
        return None
    may_join = connection.scalar(text(
        "SELECT pg_has_role(current_user, :role, 'MEMBER') "
        "OR pg_has_role(current_user, :role, 'USAGE WITH ADMIN OPTION')"),
        {"role": READER_ROLE})
    if not (may_join or may_create_roles):
        return f"{user} is not a member of it"
    if not owns_schema and any(_owner(connection, signature) != READER_ROLE
                               for signature in _FUNCTIONS):
        return (f"its functions are missing, and {user} may not give them to it (only the "
                f"schema's owner may)")
    return None


def ensure_reader(engine: Engine) -> None:
    """Set the reader up if it is missing, or lacks SELECT on a table added since."""
    with engine.connect() as connection:
        ready = _role_exists(connection) and connection.scalar(text(
            "SELECT bool_and(p.prosrc IS NOT DISTINCT FROM f.body "
            "                AND has_function_privilege(p.oid, 'EXECUTE')) "
            "FROM unnest(CAST(:functions AS text[]), CAST(:bodies AS text[])) AS f(name, body) "
            "LEFT JOIN pg_proc p ON p.oid = to_regprocedure(f.name)"),
            {"functions": list(_FUNCTIONS), "bodies": [body for _, body in _FUNCTIONS.values()]}
        ) and not connection.scalar(text(
            "SELECT count(*) FROM unnest(CAST(:tables AS text[])) AS t(name) "
            "WHERE to_regclass(t.name) IS NOT NULL "
            "AND NOT has_table_privilege(:role, t.name, 'SELECT')"),
            {"tables": reader_tables(), "role": READER_ROLE})
    if ready:
        return
    with engine.begin() as connection:
        lock_for_migration(connection)
        why = install_reader(connection)
    if why is not None:
        raise PokerdbError(NOT_SET_UP.format(why=why))

