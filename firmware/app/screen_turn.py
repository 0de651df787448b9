"""The turn's page between turns on the OLED (app.screens' grid): the last turn's result, the
round, who plays next and the flaps to move (show_setup), drawn with app.screen_lines'. The
match's pages are app.screen_end's, the turn's review app.screen_review's: apart, so that no
import takes a tick over 20 ms on a Pico. Loaded while it is shown, let go when another page is
drawn (app.presentation)."""

from micropython import const

from app.screen_lines import END_WORDS, out_now, result, round_title
from app.screens import COLUMNS

_MATCH_SINGLE = const(0)  # game.rules' match formats (copies: play never loads game.rules)
_SOURCE_MANUAL = const(1)  # game.rules' sources: electronic dice 0, manual dice 1 (as there)
_MOST_TILES_COACHED = const(12)  # the coach's tables (game.policy_file's policy_key: as there)
_MOST_DICE_COACHED = const(2)


def _flaps(screen, label, mask, row, last_row):
    """`label` and the tiles of a mask, wrapping up to `last_row`; when they do not all fit,
    the last ones give way to "..." (the LEDs show every one); returns the row after."""
    screen.text(label, 0, row)
    column = len(label) + 1
    fits = _tiles_end(mask, column, row) <= last_row
    tile = 1
    while mask:
        if mask & 1:
            width = 2 if tile >= 10 else 1
            at_row = row
            at_column = column
            if column + width > COLUMNS:
                at_row += 1
                at_column = 0
            if not fits and (at_row > last_row or
                             (at_row == last_row and at_column + width + 4 > COLUMNS)):
                screen.text("...", column, row)
                return row + 1
            row = at_row
            column = screen.number(tile, at_column, row) + 1
        mask >>= 1
        tile += 1
    return row + 1


def show_setup(screen, result_player, result_score, result_end, last_total, next_player, match,
               must_open, must_shut, waiting_ok=True, shaken=False, hints_on=False, round_number=0):
    """Between turns: the last result (how it ended: game.turn's `result_end`; the total that
    ended it; whether it took the player out of the `match`), the round (the match's, as
    round_title says it with its rules; without a match, `round_number`, 0: none), who plays
    next (and that they start the round: the first player moves on each round), which flaps
    to open and to shut, or, with every flap right, "ok to play" when the
    box waits for ok (`waiting_ok`; "Press ok first" once it was shaken); with `hints_on`, when
    the box has no coach for the match's game, that it has none, below them if there is room."""
    screen.clear()
    row = 0
    if result_player >= 0:
        row = result(screen, result_player, result_score, END_WORDS[result_end], last_total, 0,
                     match is not None and out_now(match, match.rules, result_player))
    if match is not None:
        round_number = 0 if match.rules.match == _MATCH_SINGLE else match.rounds_played + 1
    if round_number > 0:
        if match is not None:
            round_title(screen, match.rules, round_number, row)
        else:
            column = screen.text("Round", 0, row)
            screen.number(round_number, column + 1, row)
        row += 1
    column = screen.text("Next: Player", 0, row)
    screen.number(next_player + 1, column + 1, row)
    row += 1
    if round_number > 0 and match is not None and row <= 7 and starts_round(match, next_player):
        screen.text("starts the round", 0, row)  # (the first player moves on a seat a round)
        row += 1
    if must_open and row <= 7:
        row = _flaps(screen, "Open:", must_open, row, 6 if must_shut else 7)
    if must_shut and row <= 7:
        row = _flaps(screen, "Shut:", must_shut, row, 7)
    if waiting_ok and not (must_open or must_shut) and row <= 7:
        screen.text("Press ok first" if shaken else "ok to play", 0, row)
        row += 1
    if hints_on and match is not None and row <= 7 and not coached(match.rules):
        screen.text("Hints: none here", 0, row)
    screen.send()


def starts_round(match, player):
    """Does the player take the first turn of a round of rounds (not a follow-on of it)?"""
    order = getattr(match, "order", None)  # (a race, the long game: none, or no seats)
    return (order is not None and getattr(match, "seats", None) is order and order[0] == player
            and match.round.turns_played == 0)


def coached(rules):
    """Has the box a coach (hints) for these rules? Its tables are for dice (electronic or
    manual), 12 tiles and 2 dice at most (game.policy_file's policy_key); no module is imported
    for it in a frame's tick."""
    return (rules.source <= _SOURCE_MANUAL and rules.tiles <= _MOST_TILES_COACHED
            and rules.dice <= _MOST_DICE_COACHED)


def _tiles_end(mask, column, row):
    """The row the last tile of a mask lands on, listed from `column` as _flaps() does."""
    tile = 1
    while mask:
        if mask & 1:
            width = 2 if tile >= 10 else 1
            if column + width > COLUMNS:
                row += 1
                column = 0
            column += width + 1
        mask >>= 1
        tile += 1
    return row
