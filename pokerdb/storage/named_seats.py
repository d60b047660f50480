"""Seats written with their players' names by number (revision 0027, storage.player_names): an
import stages the seats with the names' text (`staged_seats`), and the copy into seats numbers
them in SQL, a batch at a time (storage.numbered_texts).
"""

from typing import Final

from pokerdb.storage.numbered_texts import Numbered, staged_table
from pokerdb.storage.player_names import NAME
from pokerdb.storage.schema import player_names, seats

SEAT_TEXTS: Final = (Numbered(NAME, "name_id", player_names.name, "deal_id"),)
# seats as an import stages them: the name's text where seats has its number.
staged_seats: Final = staged_table(seats, SEAT_TEXTS)
