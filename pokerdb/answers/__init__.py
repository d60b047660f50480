"""Answers read from a database: wins, breakdown, stats, players, explain, the HTML report and
query, and how they are rendered."""
