"""Poker sites' hand histories, one module per site (its `HandSite` and format description);
sites that write PokerStars' shape share its reader (`stars_shape`).
"""
