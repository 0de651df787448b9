"""What game.snapshot keeps of game.rounds' classes (the `SAVED` declarations the module
docstring of game.rounds describes), apart from them so that play holds none of it: game.rounds'
`saved_fields` imports this module for one read and lets it go.

Each field (key, attribute, kind, size) is a call of _field, not a tuple of strings: a tuple of
constants is a constant whose every string MicroPython looks up among the names it has interned
as the module loads (82 of them here, most a whole pass over some 1,700 names), which made this
import take an emulated RP2040 some 15 ms of a tick over 20 (issue 45). As a call's arguments,
each word is a name of the module's, looked up once however often it comes (40 in all).
"""


def _field(*field):
    """A field of a declaration: (key, attribute, kind, size), as game.snapshot reads them."""
    return field


BASE_MATCH = (_field("first", "first", "i", "players"), _field("totals", "totals", "N", ""),
              _field("dropped", "dropped", "B", ""), _field("rounds", "rounds_played", "n", ""),
              _field("wins", "round_wins", "N", ""), _field("over", "over", "b", ""),
              _field("winners", "final_winners", "P", "players"), _field("current", "current", "s", "players"),
              _field("row", "row", "s", "rows"), _field("ledger", "ledger", "o", ""))

ROUND = (_field("current", "current", "i", "players"), _field("played", "turns_played", "u", "players"),
         _field("turn", "turn", "t", ""), _field("scores", "scores", "S", ""), _field("lost", "lost", "B", ""),
         _field("shut_by", "shut_by", "s", "players"), _field("over", "over", "b", ""))

ROUND_MATCH = BASE_MATCH + (
    _field("order", "order", "O", "players"), _field("seats", "seats", "P", "players"),
    _field("scores", "scores", "S", ""), _field("lost", "lost", "B", ""), _field("last", "last_scores", "S", ""),
    _field("last_winners", "last_winners", "P", "players"), _field("round", "round", "d", ""))
