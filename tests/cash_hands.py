"""PokerStars cash hands written for the tests of sessions, watch and the pages: three
players at $0.01/$0.02, the button (Ann) or the small blind (Bo) raising and taking the
blinds. Ann's raise nets her $0.03 (Bo -$0.01, Cy -$0.02); Bo's nets him $0.02 (Cy -$0.02)."""

_ANN_WINS = """\
Ann: raises $0.04 to $0.06
Bo: folds
Cy: folds
Uncalled bet ($0.04) returned to Ann
Ann collected $0.05 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.05 | Rake $0
Seat 1: Ann (button) collected ($0.05)
Seat 2: Bo (small blind) folded before Flop
Seat 3: Cy (big blind) folded before Flop
"""
_BO_WINS = """\
Ann: folds
Bo: raises $0.04 to $0.06
Cy: folds
Uncalled bet ($0.04) returned to Bo
Bo collected $0.04 from pot
Bo: doesn't show hand
*** SUMMARY ***
Total pot $0.04 | Rake $0
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bo (small blind) collected ($0.04)
Seat 3: Cy (big blind) folded before Flop
"""


def cash_hand(number: int, when: str, table: str = "Alpha", winner: str = "Ann",
              names: tuple[str, str, str] = ("Ann", "Bo", "Cy")) -> str:
    """Hand `number`, played at `when` ("2024/01/02 10:00:00", Eastern time) at `table`,
    won by "Ann" or "Bo" (the seats' names may be others: `names`)."""
    play = _ANN_WINS if winner == "Ann" else _BO_WINS
    text = (f"PokerStars Hand #{number}:  Hold'em No Limit ($0.01/$0.02 USD) - {when} ET\n"
            f"Table '{table}' 6-max Seat #1 is the button\n"
            f"Seat 1: Ann ($2 in chips)\nSeat 2: Bo ($2 in chips)\nSeat 3: Cy ($2 in chips)\n"
            f"Bo: posts small blind $0.01\nCy: posts big blind $0.02\n*** HOLE CARDS ***\n"
            f"{play}\n\n")
    for old, new in zip(("Ann", "Bo", "Cy"), names, strict=True):
        text = text.replace(f"{old} (", f"\x00{new} (").replace(f"{old}:", f"\x00{new}:") \
            .replace(f"to {old}\n", f"to \x00{new}\n").replace(f"{old} collected",
                                                            f"\x00{new} collected")
    return text.replace("\x00", "")
