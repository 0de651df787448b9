"""The match's end on the OLED and the LEDs (app.finish's frames, drawn with app.screen_end's):
the last turn's result, then the standings a page at a time, the winners named in the title;
the winners' colours round the LEDs.

Imported by app.finish's Ending.show in a tick of its own, the next drawing the first frame,
after app.finish and the ticks importing app.screen_lines and app.screen_end: in app.finish, a
Pico took 24.6 ms for the tick that imported it. Let go with app.finish (app.memory's "finish").
"""

from micropython import const

from app.lights import OFF, PLAYER_COLOURS

_END_SHUT = const(1)  # game.turn's end (as there)
_MATCH_SINGLE = const(0)  # game.rules' match format (as there)
_LAST_STANDING_ROW = const(5)  # rows 1-5 hold the players; 6 and 7 say what ok and select do
_CHASE = const(-2)  # hal.leds' drawn[0] while the chase is drawn (app.lights' play: a row, >= 0)


def show(ending, app, screen, frames):
    """The frame of the phase (`ending`: app.finish's Ending): the match's last turn, then
    the standings' page (`frames`: app.screen_end, which they draw with)."""
    if ending.showing_result:
        show_result(frames, screen, app.result_player, app.result_score,
                    frames.END_WORDS[app.result_end], app.total)
        return
    match = app.match
    ledger = match.ledger
    winners = app.winner_mask
    rules = match.rules  # a single round's scores ("-" for a player who never threw: a shut box
    scores = None  # stopped the round before them); every other format has everyone throw
    if rules.match == _MATCH_SINGLE and not match.simultaneous:
        scores = getattr(match, "last_scores", None)
    ending.next_page = show_standings(
        frames, screen, match.totals, match.players,
        ledger.chips if ledger is not None else None, winners,
        app.result_end == _END_SHUT and winners == 1 << app.result_player, ending.page,
        ending.waiting_ok, scores, frames.kitty(match, rules))


def light(lights, winner_mask, now_ms):
    """The winners' colours chase round every LED (app.finish's Ending.light, every tick of
    the phase once the first frame is drawn), a step every 120 ms: worked out again only when
    the chase moves on or another write to the strip forgot it (hal.leds' `drawn`; every LED of
    24 set each tick took some 3 ms of a Pico's: issue 45)."""
    leds = lights.leds
    step = now_ms // 120
    drawn = leds.drawn
    if drawn[0] == _CHASE and drawn[1] == step and drawn[2] == winner_mask:
        return
    players = 0
    for player in range(len(PLAYER_COLOURS)):
        if winner_mask >> player & 1:
            players += 1
    for index in range(leds.count):
        pick = (index + step) % (players + 1) if players else 1
        colour = OFF
        if pick < players:
            seen = 0
            for player in range(len(PLAYER_COLOURS)):
                if winner_mask >> player & 1:
                    if seen == pick:
                        colour = PLAYER_COLOURS[player]
                    seen += 1
        leds.set_tile(index + 1, colour)
    leds.show()
    drawn[0] = _CHASE
    drawn[1] = step
    drawn[2] = winner_mask


def show_result(frames, screen, result_player, result_score, result_name, total):
    """The match's last turn (its `total` thrown), before the standings."""
    screen.clear()
    frames.result(screen, result_player, result_score, result_name, total, 0)
    screen.text("ok: standings", 0, 7)
    screen.send()


def show_standings(frames, screen, totals, players, chips, winner_mask, shut, first=0,
                   waiting_ok=True, scores=None, kitty=-1):
    """The match's end: the winners in the title ("P1 wins!", "P1 shut the box!" when `shut`:
    the one winner shut it on the last turn, "Tie: P1 P3"), each player's total (the winners
    starred; "-" for one who never threw: `scores`, a single round's, None for them), and
    chips when played for them, from player `first` on, as many as rows 1-5 hold, then
    canoga's `kitty` (>= 0); then what ok (`waiting_ok`: the next page, or play again) and
    select do. Returns the first player not shown (the player count: the kitty), 0 when the
    last line was."""
    screen.clear()
    count = 0  # the title: who won
    winner = 0
    for player in range(players):
        if winner_mask >> player & 1:
            count += 1
            winner = player
    if count == 1:
        column = screen.text("P", 0, 0)
        column = screen.number(winner + 1, column, 0)
        screen.text(" shut the box!" if shut else " wins!", column, 0)
    elif count <= 4:  # "Tie: P1 P2 P3 P4" fills the line
        column = screen.text("Tie:", 0, 0)
        for player in range(players):
            if winner_mask >> player & 1:
                column = screen.text("P", column + 1, 0)  # (a blank column before each)
                column = screen.number(player + 1, column, 0)
    else:
        column = screen.number(count, 0, 0)
        screen.text("-way tie!", column, 0)
    lines = players + 1 if kitty >= 0 else players
    row = 1
    player = first
    while player < lines:
        if player == players:  # the kitty, after the players
            if row <= _LAST_STANDING_ROW:
                frames.show_kitty(screen, kitty, row)
                player += 1
            break
        chip_count = chips[player] if chips is not None else -1
        won = winner_mask >> player & 1
        total = -1 if scores is not None and scores[player] is None else totals[player]
        if row > 1 and frames.standing(screen, " ", player, total, -1, chip_count, 0,
                                       row, False) > _LAST_STANDING_ROW + 1:
            break  # on the next page (where it comes first: a page shows at least one)
        row = frames.standing(screen, "*" if won else " ", player, total, -1, chip_count, 0,
                              row)
        player += 1
    if waiting_ok:
        screen.text("ok: next page" if player < lines else "ok: play again", 0, 6)
    screen.text("select: menu", 0, 7)
    screen.send()
    return player if player < lines else 0

