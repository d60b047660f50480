"""player_runs.biggest, each row's biggest hands (storage.player_runs keeps RUN_BIGGEST a row):
packed as revision 0031 keeps them (`packed`: each hand "deal,net", its deal id less the
row's first_deal, ';' between hands), read as JSON (`listed`, and `biggest_sql` in SQL, as
revision 0026's JSON of whole deal ids too), and merged in SQL (`hands_sql`, `biggest_value`:
an import's upsert of a row written before, the revisions' conversions). Since revision 0033 a
row whose deals span fewer than KEPT_SPAN ids keeps none (''): its hands are read from seats
when asked for (storage.run_hands), a few thousand seats at most.
"""

from collections.abc import Iterable
from typing import Final

RUN_BIGGEST: Final = 10  # hands a row keeps of its biggest
# The deal ids a row's deals span (last_deal - first_deal) from which it keeps its biggest
# hands (revision 0033): a narrower row's are read from its seats (storage.run_hands). A row
# of hands without a time of play spans fewer (storage.player_runs.UNTIMED_DEALS). Not
# Final: the tests keep more rows' lists.
KEPT_SPAN = 1_000


def kept(hands: Iterable[tuple[int, int]], first_deal: int, last_deal: int) -> str:
    """The biggest `hands` ((deal id, net), ranked) of a row of deals first_deal..last_deal as
    player_runs.biggest holds them since revision 0033: packed, or '' for a row narrower than
    KEPT_SPAN (its hands read from seats, `hands` not) and for none."""
    if last_deal - first_deal < KEPT_SPAN:
        return ""
    return ";".join(f"{deal_id - first_deal},{net}" for deal_id, net in hands)


def kept_sql(biggest: str, first: str, last: str) -> str:
    """`biggest`, the packed biggest hands of two rows of player_runs merged (SQL), as the
    merged row keeps them: '' where its deals, `first` to `last`, span fewer than KEPT_SPAN
    ids, or where either row kept none (its hands then read from seats too)."""
    return (f"CASE WHEN {last} - {first} < {KEPT_SPAN} OR player_runs.biggest = '' "
            f"OR excluded.biggest = '' THEN '' ELSE {biggest} END")


def kept_json(biggest: str) -> str | None:
    """player_runs.biggest (revision 0033's) as JSON, [[deal id less first_deal, net], ...];
    None for '', the hands to read from seats (storage.run_hands)."""
    return f"[[{biggest.replace(';', '],[')}]]" if biggest else None


def biggest_sql(runs: str, packed: bool = False) -> str:
    """player_runs.biggest (alias `runs`) as JSON, a row of one hand's too: as revision 0026
    kept it (the deal ids whole, JSON), or as 0031 packs it (`packed`: listed's JSON)."""
    if not packed:
        return (f"CASE WHEN {runs}.biggest = '' THEN '[[' || {runs}.first_deal || ',' || "
                f"{runs}.net || ']]' ELSE {runs}.biggest END")
    return (f"CASE WHEN {runs}.biggest <> '' THEN '[[' || replace({runs}.biggest, ';', '],[') "
            f"|| ']]' WHEN {runs}.known = 0 THEN '[]' ELSE '[[0,' || {runs}.net || ']]' END")


def hands_sql(dialect: str, runs: str, packed: bool = True) -> str:
    """The biggest hands of the row `runs` of player_runs as rows (deal, net), their deal ids
    whole, from its biggest as revision 0031 packs it (`packed`) or as 0026 kept it."""
    shift = f" + {runs}.first_deal" if packed else ""
    if dialect == "sqlite":
        return (f"SELECT json_extract(value, '$[0]'){shift} AS deal, "
                f"json_extract(value, '$[1]') AS net "
                f"FROM json_each({biggest_sql(runs, packed)})")
    return (f"SELECT (hand->>0)::bigint{shift} AS deal, (hand->>1)::bigint AS net "
            f"FROM json_array_elements(({biggest_sql(runs, packed)})::json) hand")


def biggest_value(dialect: str, hands: str, first: str, packed: bool = True) -> str:
    """The biggest RUN_BIGGEST of `hands` (a SELECT of rows deal, net), ranked as the biggest
    are, their deal ids less `first` (SQL): packed as revision 0031 keeps them ('' for none),
    or as JSON ('[]' for none; not `packed`)."""
    order = "abs(net) DESC, deal"
    kept = f"SELECT deal, net FROM ({hands}) hands ORDER BY {order} LIMIT {RUN_BIGGEST}"
    hand = f"(deal - {first}) || ',' || net"
    if dialect == "sqlite":
        return (f"(SELECT COALESCE(group_concat({hand}, ';'), '') FROM ({kept}))" if packed
                else f"(SELECT json_group_array(json_array(deal - {first}, net)) FROM ({kept}))")
    if packed:
        return (f"(SELECT COALESCE(string_agg({hand}, ';' ORDER BY {order}), '') "
                f"FROM ({kept}) kept)")
    # A list of numbers without json_agg's spaces; '[]' for none (json_agg of none is NULL).
    return (f"(SELECT COALESCE(replace(json_agg(json_build_array(deal - {first}, net) "
            f"ORDER BY {order})::text, ' ', ''), '[]') FROM ({kept}) kept)")
