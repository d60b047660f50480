"""The reader shared by the sites whose hand histories put every amount in brackets (888poker's
and partypoker's: `** Dealing Flop ** [ 2s, 9d, As ]`, `calls [$0.05 USD]`): the site as data
and a file's hands (`lines`), the play of a hand (`play`, on stars_shape.play's), the reading into
recorded hands (`reader`) and the format description a site is made of (`site_format`).
"""
