"""`pokerdb serve`: datasette over a pokerdb database (app.py), with the schema's descriptions
and the cookbook's canned queries (metadata.py) and their charts (charts.py)."""
