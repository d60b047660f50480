"""The reader shared by the sites whose hand histories are in PokerStars' shape: the line
grammar (`lines`), the play of a hand (`play`, `draw`, `stud`), the reading into recorded hands
(`reader`) and the format description a site is made of (`site_format`).
"""
