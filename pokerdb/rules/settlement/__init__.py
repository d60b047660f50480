"""Replaying a PHH hand under its variant's rules and settling it: who put in what, the main and
side pots, and who wins them.

Two steps, so that the shown hands of a whole batch can be evaluated at once between them:

- `replay(hand)` checks every action against the rules and returns a `Replayed`: what each
  seat put in (uncalled bets returned), the pots with the seats that may win each, the seats
  whose hands are compared at the showdown, the cards, and each action's player. An impossible
  hand raises `PhhError` naming the action: ``action 7 'p2 cbr 50': p2 acts out of turn (p3 is
  to act)``.
- `award(replayed, strengths, lows)` gives each pot to the best of its seats' hands, given one
  strength per showdown seat (a larger strength is a better hand, equal ones tie) and, in a
  split game, one low strength each (0: no qualifying low), and returns the `Settlement`: per
  seat the net result, whether the seat showed, and the main pot's winner.

Amounts are integers in the hand's unit (see `pokerdb.formats.phh`); `PhhHand.amount` makes
them exact Decimals. The modules: `replay` (the streets, dealing and showdown), `showdown` (who
competes at the end, for which pots), `betting` (one street's betting), `opening` (who acts
first), `dealing` (the cards), `pots` (the pots and who wins them), `outcome` (what they
return); the variants themselves are pokerdb.rules.variants.
"""

from pokerdb.rules.settlement.outcome import AllIn, Award, Pot, Replayed, Settlement
from pokerdb.rules.settlement.pots import award
from pokerdb.rules.settlement.replay import replay

__all__ = ["AllIn", "Award", "Pot", "Replayed", "Settlement", "award",
           "replay"]
