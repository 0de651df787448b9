"""The App's rare phase changes: a new match (from the menu, or play again after one), a match
taken up (new, or resumed at boot by app.startup), and back to the menu. Loaded for the moment
(App.new_match, App.to_menu), then let go: a turn holds none of it.
"""

from game.gamelog import MatchTally
from game.sources import source_for
from micropython import const

from app.keeper import flush, save
from app.presentation import show_dice, show_hints

_MENU = const(0)  # app.core's phases (as there)
_SETUP = const(1)
_PLAY = const(2)
_ROW_RESUME = const(5)  # app.menu's row (as there)

_SOURCE_DICE = const(0)  # game.rules' (copies: play never loads game.rules)
_SOURCE_MANUAL = const(1)


def to_menu(app):
    """Back to the menu (a long press of select confirmed; select at the match's end): a match
    in play stays saved as it stood, resumed at the next boot unless another starts first, and
    kept (`app.left`: the match, its source, preset, game and players) for the menu's Resume.
    The App then opens the menu (App.to_menu: app.menu, which imports this module ahead of a
    match's start)."""
    if app.ending is not None:  # from the match's end
        app.ending.leave(app)
    elif app.match is not None and not app.match.over:
        app.left = (app.match, app.source, app.match_preset, app.game, app.players)
    app.phase = _MENU
    app.reviewing = False
    app.review_due = False
    app.leaving = False
    app.match = None
    app.turn = None
    app.dirty = True


def new_match(app, now_ms):
    """A new match of the menu's choices (from the menu, or after a match: play again, which
    carries the chips and the kitty over: an evening of stakes lasts until the menu). Imports
    game.match unless a quiet tick of the menu or of the match's end already has (app.menu,
    app.finish): a resumed match needs none."""
    left = getattr(app, "left", None)
    app.left = None  # a new match is saved over the one left, which no longer resumes
    if left is not None and app.menu is not None and app.menu.row == _ROW_RESUME:
        app.menu.leave(app)
        _take_up(app, left, now_ms)
        return
    from game.match import start_match

    ledger = None
    if app.menu is not None:
        app.menu.leave(app)
    if app.ending is not None:
        ledger = app.match.ledger
        app.ending.leave(app)
    keeper = app.keeper
    name, rules, preset = app.game
    if keeper is not None:
        flush(keeper)  # the last match's merge, whose serial the tally follows
        menu = (name, app.players, app.hints_on)
        if menu != keeper.menu:  # as last loaded or saved: not saved again
            keeper.menu_wanted = menu
    take_match(app, start_match(rules, app.players, 0, None, ledger), source_for(rules, app.roller.rng),
               preset)
    app.result_player = -1
    app.winner_mask = 0
    app.reviewing = False
    app.review_due = False
    app.dice_count = 0
    app.total = 0
    app.tally = MatchTally(keeper.merged_serial + 1 if keeper is not None else 1)
    app.log.clear()
    app.enter_setup(now_ms)
    save(app)


def take_match(app, match, source, preset):
    """The App plays `match` (new or resumed), its dice drawn from `source`; `preset`: the name
    of the preset whose rules it plays, or None (the statistics' key: spares loading
    game.presets at the match's end)."""
    rules = match.rules
    app.rules = rules
    app.all_tiles = rules.all_tiles()
    app.match = match
    app.source = source
    app.match_preset = preset
    app.roller.reset(rules.faces if rules.source == _SOURCE_DICE or rules.source == _SOURCE_MANUAL else 6)


def _take_up(app, left, now_ms):
    """The match left for the menu goes on (its Resume row) as it stood: the game and players it
    was played by, the turn as it was (its dice and lit tiles when under way)."""
    match, source, preset, app.game, app.players = left
    take_match(app, match, source, preset)
    app.enter_setup(now_ms, False)
    turn = app.turn
    if turn.rolls or turn.moves_made:
        app.phase = _PLAY
        show_dice(app, turn.dice, turn.dice_count)
        app.total = turn.total
        app.legal = turn.legal_tiles()
    resumed(app, now_ms)


def resumed(app, now_ms):
    """The first tick of a match resumed at boot (app.startup): its clocks start now, and a turn
    under way gets its hints (their table loads from here on, not while boot holds its modules)."""
    app.result_since = now_ms
    app.page_since = now_ms
    if app.ending is not None:  # resumed as its last turn ended: the standings' clock
        app.ending.page_since = now_ms
    phase = app.phase
    if app.hints_on and (phase == _SETUP or phase == _PLAY):
        app.hints.turn_starts(app.match)  # what the turn plays for, as before the cut
    if phase == _PLAY:
        show_hints(app)
