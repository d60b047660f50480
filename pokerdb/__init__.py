"""pokerdb: turn files of poker deals into a SQL database you can question."""

__version__ = "0.1.0"
