"""Storage: the schema, engines and migrations, the fastest write path each backend offers, and
reading.

- schema, engines, location: the tables (the one source of truth), opening a database at head.
- row_writes, deal_writes, value_writes: rows of any table, deals and their hands, hand values
  and winners; staged ahead of their transaction (on another thread), stored in one statement
  each: a JSON array that SQLite's json_each unpacks in C, or a block of PostgreSQL's COPY text
  (copy_text) that numpy lays out.
- write_locks, fast_load: what keeps writers apart, and what makes a first load fast.
- column_reads, reading, win_counts: bulk reads as numpy arrays; light reads through sqlite3.
"""
