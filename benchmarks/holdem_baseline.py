"""The Hold'em baseline: a plain script that reads a Hold'em deal file (`pokerdb generate
--game holdem`) and evaluates every hand with eval7, a C evaluator, per hand; nothing stored.
Run on its own: `python benchmarks/holdem_baseline.py FILE` prints one JSON object with the
deals, player 1's wins, and the seconds it took in process."""

import json
import sys
import time

import eval7


def solve(path: str) -> tuple[int, int]:
    """(deals with a showdown, player 1 wins) of a Hold'em file."""
    cards = {rank + suit.upper(): eval7.Card(rank + suit) for rank in "23456789TJQKA"
             for suit in "cdhs"}
    deals = wins = 0
    with open(path) as file:
        for line in file:
            board, *holes = line.split("|")
            board_cards = [cards[card] for card in board.split()]
            if len(board_cards) != 5:
                continue
            values = [eval7.evaluate(board_cards + [cards[card] for card in hole.split()])
                      for hole in holes]
            deals += 1
            best = max(values)
            if values[0] == best and values.count(best) == 1:
                wins += 1
    return deals, wins


def main() -> None:
    started = time.perf_counter()
    deals, wins = solve(sys.argv[1])
    seconds = time.perf_counter() - started
    print(json.dumps({"deals": deals, "player1": wins, "seconds": seconds}))


if __name__ == "__main__":
    main()
