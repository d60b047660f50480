"""What each source's PHH files mean by their `winnings`: one `Accounting` per venue (the file's
`venue` field), as the conversion that wrote them follows it. The HandHQ part of the
phh-dataset (six sites' hands of July 2009) is converted site by site, each with its own
accounting; docs/hand-histories.md#sources-conventions describes each. A venue not listed
follows PHH's own (rules.hand_record.PHH_ACCOUNTING).
"""

from typing import Final

from pokerdb.rules.hand_record import PHH_ACCOUNTING, Accounting

# Rake, where a site's winnings are after it: at most 5% of the pot (capped), and on
# Absolute Poker and PartyPoker a jackpot's drop of 0.50 besides, taken from the same pots.
_RAKE_PERCENT: Final = 5
_JACKPOT_CENTS: Final = 50

VENUES: Final = {
    # Winnings after the rake and the jackpot's drop; the uncalled bet returned is counted
    # by some hands (a big blind's walk), not by others.
    "Absolute Poker": Accounting(returned="either", raked=True, rake_percent=_RAKE_PERCENT,
                                 fee_cents=_JACKPOT_CENTS),
    # Winnings after the rake, net of the uncalled bet; mostly all zeros: not recorded.
    "Full Tilt Poker": Accounting(raked=True, rake_percent=_RAKE_PERCENT,
                                  zeros_unrecorded=True),
    # Winnings all zeros: not recorded.
    "iPoker Network": Accounting(zeros_unrecorded=True),
    # Winnings and finishing stacks after the rake, net of the uncalled bet.
    "Ongame Network": Accounting(raked=True, rake_percent=_RAKE_PERCENT, zeros_unrecorded=True),
    # Winnings after the rake, net of the uncalled bet; mostly all zeros: not recorded.
    "PokerStars": Accounting(raked=True, rake_percent=_RAKE_PERCENT, zeros_unrecorded=True),
    # Winnings after the rake and the jackpot's drop, gross of the uncalled bet returned.
    "PartyPoker": Accounting(returned="gross", raked=True, rake_percent=_RAKE_PERCENT,
                             fee_cents=_JACKPOT_CENTS),
}


def accounting_of(venue: str | None) -> Accounting:
    """The accounting of a venue's files (PHH's for a venue not listed, or none)."""
    return PHH_ACCOUNTING if venue is None else VENUES.get(venue, PHH_ACCOUNTING)
