"""The steps that change a database: import, evaluate, equity, delete."""
