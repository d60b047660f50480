"""Files of deals, one per line (PE54, Hold'em, the games without a board, UCI), and random
deals: read by one line reader (`lines`).
"""
