"""The lines the frames between turns and at the match's end draw with (app.screens' grid): a
turn's result (`result`, its end's words END_WORDS), the round's title, whether a player is out,
a round's score, numbers that run on over the lines. Imported in a tick of its own before the
turn's page (app.screen_turn) or the match's (app.screen_end), and let go with either
(app.presentation, app.memory's frames_shown)."""

from micropython import const

from app.screens import COLUMNS, DIGITS, digits_in

_MATCH_SINGLE = const(0)  # game.rules' match formats (copies: play never loads game.rules)
_MATCH_FIXED_ROUNDS = const(1)
_MATCH_TOURNAMENT = const(2)
_MATCH_MAX_PENALTY = const(3)
END_WORDS = ("", "shut box!", "no move", "unlucky 7", "lost 1st")  # by game.turn's end


def result(screen, player, score, name, last_total, row, out=False):
    """A finished turn from `row`: who and how it ended, the throw that ended it, the score
    (wrapped when long), and "out of the match" when it took the player out (`out`); returns
    the row after it."""
    column = screen.text("P", 0, row)
    column = screen.number(player + 1, column, row)
    screen.text(name, column + 1, row)
    row += 1
    if last_total > 0:
        column = screen.text("threw", 0, row)
        screen.number(last_total, column + 1, row)
        row += 1
    screen.text("score", 0, row)
    row = flow_number(screen, score, 6, row) + 1
    if out:
        screen.text("out of the match", 0, row)
        row += 1
    return row


def out_now(match, rules, player):
    """Is the player out of the match: dropped out, or (maximum penalty) taken to the limit by
    this round's score, which drops them when the round ends (game.max_penalty's rule)."""
    if match.dropped[player]:
        return True
    if rules.match != _MATCH_MAX_PENALTY:
        return False
    score = round_score(match, player)
    if score < 0:
        return False
    total = match.totals[player] + score  # game.max_penalty's goes_out (no import in a frame's tick)
    return total > rules.max_penalty or (total == rules.max_penalty and not rules.drop_on_exceed)


def flow_number(screen, value, column, row):
    """A whole number >= 0 that may be longer than a line: on this line when it fits, else
    from the next one, its digits running on over the lines it needs; returns its last row."""
    digits = digits_in(value)
    if column + digits > COLUMNS and digits <= COLUMNS:
        row += 1
        column = 0
    return run_number(screen, value, column, row)


def run_number(screen, value, column, row):
    """A whole number >= 0 from a grid cell, its digits running on over the lines below when
    it reaches the line's end; returns its last row."""
    digits = digits_in(value)
    at = column + digits - 1
    while True:
        screen.text(DIGITS[value % 10], at % COLUMNS, row + at // COLUMNS)
        value //= 10
        if not value:
            break
        at -= 1
    return row + (column + digits - 1) // COLUMNS


def round_title(screen, rules, round_number, row):
    """The round under way, on one line: "Round 2 of 5" (fixed rounds; a single round is
    1 of 1), "Round 2 to 100" (tournament: until a total reaches it), "Round 2 out at 45"
    (maximum penalty: out at that total), "Round 2" (race, long game); "Rd" for "Round"
    when the line would be too long."""
    match = rules.match
    limit = 0
    word = " of "
    if match == _MATCH_SINGLE:
        limit = 1
    elif match == _MATCH_FIXED_ROUNDS:
        limit = rules.rounds
    elif match == _MATCH_TOURNAMENT:
        limit = rules.target
        word = " to "
    elif match == _MATCH_MAX_PENALTY:
        limit = rules.max_penalty
        word = " out at "
    width = digits_in(round_number) + (len(word) + digits_in(limit) if limit else 0)
    column = screen.text("Round " if width + 6 <= COLUMNS else "Rd ", 0, row)
    column = screen.number(round_number, column, row)
    if limit:
        column = screen.text(word, column, row)
        screen.number(limit, column, row)


def round_score(match, player):
    """A player's score in the round under way (a format of rounds, players taking turns), or
    -1 before they have thrown (or when the format keeps none)."""
    scores = getattr(match, "scores", None)
    if scores is None or match.over or match.simultaneous:
        return -1
    if scores[player] is not None:
        return scores[player]
    seats = match.seats
    for seat in range(len(seats)):
        if seats[seat] == player:
            score = match.round.scores[seat]
            return -1 if score is None else score
    return -1
