"""What game.snapshot keeps of game.rounds' classes (the `SAVED` declarations the module
docstring of game.rounds describes), apart from them so that play holds none of it: game.rounds'
`saved_fields` imports this module for one read and lets it go.
"""

BASE_MATCH = (("first", "first", "i", "players"), ("totals", "totals", "N", ""),
              ("dropped", "dropped", "B", ""), ("rounds", "rounds_played", "n", ""),
              ("wins", "round_wins", "N", ""), ("over", "over", "b", ""),
              ("winners", "final_winners", "P", "players"), ("current", "current", "s", "players"),
              ("row", "row", "s", "rows"), ("ledger", "ledger", "o", ""))

ROUND = (("current", "current", "i", "players"), ("played", "turns_played", "u", "players"),
         ("turn", "turn", "t", ""), ("scores", "scores", "S", ""), ("lost", "lost", "B", ""),
         ("shut_by", "shut_by", "s", "players"), ("over", "over", "b", ""))

ROUND_MATCH = BASE_MATCH + (
    ("order", "order", "O", "players"), ("seats", "seats", "P", "players"),
    ("scores", "scores", "S", ""), ("lost", "lost", "B", ""), ("last", "last_scores", "S", ""),
    ("last_winners", "last_winners", "P", "players"), ("round", "round", "d", ""))
