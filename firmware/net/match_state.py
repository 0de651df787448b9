"""The match as the scoreboards tell it, from the App (app.core) as it stands: state(app),
what the Pico W's live scoreboard answers /state with (net.server) and the web box's
scoreboard shows beside the box (board_sim/browser/page_box.py sends it to web/scoreboard.mjs).
What the phone's page can work out itself (the format in words, the score to beat, the
standings: net/page.html) it does: this module stays in a Pico W's heap, the page in its
flash. Read-only."""

from game.tiles import tiles_of
from micropython import const

_PLAY = const(2)  # app.core's phases (as there)
_FINISHED = const(3)
_MATCH_MAX_PENALTY = const(3)  # game.rules' match format (as there)
_STAKES_CANOGA = const(2)  # game.rules' stakes (as there)
_RECORD_BYTES = const(5)  # game.gamelog's records (as there)
_KIND_TURN = const(1)
_KIND_ROLL = const(2)
_KIND_MOVE = const(3)
_KIND_END = const(4)
_LAST_TURNS = const(6)  # the last turns state() lists, newest first
END_NAMES = ("", "shut", "no move", "unlucky 7", "lost 1st")  # by game.turn's end (as app.screen_end's)


def state(app, turns=True):
    """{"phase": the App's phase (app.core's MENU 0, SETUP 1, PLAY 2, FINISHED 3), "game": the
    game's name, then in a match: "player": whose turn (from 0), "totals": each player's total,
    "round": the round under way (from 1), "format" ([game.rules' match format, its rounds,
    target and max_penalty]: the page says "Round 3 to 100", "Round 2 out at 45", "Left to
    shut"), "over": whether the match is over, "winners": who won (once over), "scores": each
    player's score in the round under way (the last one once over; None before they threw or
    when they never did: a shut box stopped the round), "out": each player out of the match
    (maximum penalty: from the turn that took them to the limit), "kitty": canoga's kitty (None
    without one), "chips" (each player's, None without stakes), "turns" (the last turns, newest
    first: {"player", "round", "throws": [[dice, tiles shut], ...], "end": how it ended,
    "open": the tiles left}), with hints on "chance" (the coach's % for the player throwing,
    None when not priced) and "chance_word" (what it is the chance of: "shut", "win" ...); and
    "dice", the dice of the turn in play once rolled. {} for a box that is no App (a boot
    fault's screen). turns=False: without "turns" (net.server reads them at its next step:
    add_turns)."""
    phase = getattr(app, "phase", None)
    if phase is None:
        return {}
    menu = app.menu
    match = app.match
    game = menu.name() if menu is not None else app.game[0] if app.game is not None else None
    found = {"phase": phase, "game": game}
    if match is not None:
        rules = match.rules
        found.update(player=app.player, totals=list(match.totals), over=match.over,
                     round=match.rounds_played + (0 if match.over else 1),
                     format=[rules.match, rules.rounds, rules.target, rules.max_penalty],
                     winners=match.winners(), scores=round_scores(match),
                     out=[_out(match, player) for player in range(match.players)],
                     kitty=_kitty(match),
                     chips=list(match.ledger.chips) if match.ledger is not None else None)
        if turns:
            found["turns"] = last_turns(app.log, _LAST_TURNS)
        if app.hints_on and phase != _FINISHED:
            found["chance"] = app.chance if app.chance >= 0 else None
            found["chance_word"] = app.hints.chance_word()
    if app.total > 0 and phase == _PLAY:
        found["dice"] = list(app.dice[:app.dice_count])
    return found


def add_turns(found, app):
    """state(app, False)'s `found` with its "turns": in a match as state(app) has them, None
    outside one (net.server's sign that they were read)."""
    found["turns"] = last_turns(app.log, _LAST_TURNS) if "format" in found else None


def mark(app):
    """What state(app) changes with but the menu's choices, cheap to compare: the phase, the
    player, the game log's place (a roll, a move, a turn's end), the throw and the coach's
    chance; None for a box that is no App or shows its menu (tell it again each time)."""
    if getattr(app, "phase", None) is None or app.menu is not None:
        return None
    log = app.log
    return (app.phase, app.player, log.count, log.start, app.total, app.chance, app.dice_count)


def last_turns(log, count):
    """The game log's last `count` turns (game.gamelog's ring, read back from its newest
    record), newest first, each {"player", "round" (from 1), "throws": [[dice], [tiles shut]] a throw,
    "end": END_NAMES' word or None while it lasts, "open": the tiles left open or None}."""
    turns = []
    throws = []
    shut = []  # the tiles shut after the roll read next (walking back)
    end = None
    left = None
    records = log.records
    index = log.count
    while index > 0 and len(turns) < count:
        index -= 1
        at = ((log.start + index) % log.capacity) * _RECORD_BYTES  # as app.keeper_save's record_at
        kind = records[at]
        if kind == _KIND_END:
            end = END_NAMES[records[at + 1]] if records[at + 1] < len(END_NAMES) else None
            left = tiles_of(records[at + 2] | records[at + 3] << 8 | records[at + 4] << 16)
        elif kind == _KIND_MOVE:
            shut = tiles_of(records[at + 1] | records[at + 2] << 8 | records[at + 3] << 16) + shut
        elif kind == _KIND_ROLL:
            throws.insert(0, [[value - 1 for value in records[at + 1:at + 5] if value], shut])
            shut = []
        elif kind == _KIND_TURN:
            if shut:  # shut before the turn's first roll was logged
                throws.insert(0, [[], shut])
            turns.append({"player": records[at + 1], "round": (records[at + 3] | records[at + 4] << 8) + 1,
                          "throws": throws, "end": end, "open": left})
            throws = []
            shut = []
            end = None
            left = None
    return turns


def round_scores(match):
    """Each player's score in the round under way, None before they threw (once the match is
    over, the last round's: None for a player who never threw); [] for a format without
    rounds of turns (race, long game, everyone at once)."""
    if getattr(match, "last_scores", None) is None or match.simultaneous:
        return []
    if match.over:
        return list(match.last_scores)
    scores = list(match.scores)
    for seat, player in enumerate(match.seats):
        if scores[player] is None:
            scores[player] = match.round.scores[seat]
    return scores


def _out(match, player):
    """Is the player out of the match: dropped out, or (maximum penalty) taken to the limit by
    this round's score (dropped when the round ends)?"""
    if match.dropped[player]:
        return True
    rules = match.rules
    scores = round_scores(match)
    if rules.match != _MATCH_MAX_PENALTY or match.over or not scores or scores[player] is None:
        return False
    from game.max_penalty import goes_out

    return goes_out(rules, match.totals[player] + scores[player])


def _kitty(match):
    ledger = match.ledger
    return ledger.pot if ledger is not None and match.rules.stakes == _STAKES_CANOGA else None
