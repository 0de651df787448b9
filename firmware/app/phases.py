"""A new match (from the menu's Start, or play again after one): what starts it, imported a tick
ahead of it (app.menu, app.finish) and let go once it has started (app.memory's "phase"); boot's
resumed match is taken up by take_match too (app.boot_state). The match left taken up again and
a match resumed at boot are app.phases_left's, back to the menu app.menu_back's: apart, so that
this import takes a Pico's tick under 20 ms.
"""

from game.gamelog import MatchTally
from micropython import const

from app.keeper import flush, save

_ROW_RESUME = const(5)  # app.menu's row (as there)

_NARROW_MOST = const(16)  # the largest roll of a legality table of 16-bit items (game.tables')
_TABLE_MADE = const(2)  # app.menu's starting once ready has made the table (True before)
_SOURCE_DICE = const(0)  # game.rules' (copies: play never loads game.rules)
_SOURCE_MANUAL = const(1)
_MOST_TILES_COACHED = const(12)  # the coach's tables (app.screen_turn's coached, as there)
_MOST_DICE_COACHED = const(2)


def ready(app):
    """Whether the menu's match may start this tick (app.menu's step, each tick from the one
    after Start): a wide legality table (rolls over 16: game.reach's 11.7 ms on a Pico for the
    8 KiB of 3-4 dice) is made first, in a tick of its own, kept by game.tables for the match's
    start, so that the tick the match starts in stays under 20 ms (28.1 ms on the-300 with it;
    classic's, with its 512 B table made, 17.5). The match left (the Resume row) has its own."""
    menu = app.menu
    rules = menu.rules()
    # (dice * faces: max_roll's bound, never under it; max_roll's name would be a 55th this
    # module looks up as it loads, over test_keeper_imports' bound)
    if menu.row == _ROW_RESUME or menu.starting == _TABLE_MADE or rules.dice * rules.faces <= _NARROW_MOST:
        return True
    from game.tables import table_for

    table_for(rules)
    menu.starting = _TABLE_MADE
    return False


def new_match(app, now_ms):
    """A new match of the menu's choices (from the menu, or after a match: play again, which
    carries the chips and the kitty over: an evening of stakes lasts until the menu). Imports
    game.match unless a quiet tick of the menu or of the match's end already has (app.menu,
    app.finish): a resumed match needs none. The caller then lets this module go (app.memory's
    "phase")."""
    left = getattr(app, "left", None)
    app.left = None  # a new match is saved over the one left, which no longer resumes
    if left is not None and app.menu is not None and app.menu.row == _ROW_RESUME:
        app.menu.leave(app)
        match, source, preset, app.game, app.players = left  # the game and players it was played by
        take_match(app, match, source, preset)
        from app.phases_left import taken_up  # (the Resume row's: not a match's usual start)

        taken_up(app, now_ms)
        return
    from game.match import source_for, start_match

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
    if app.keeper is not None:  # no coach's tables to make room for: the saves' modules stay (app.keeper)
        app.keeper.hold = not (app.hints_on and rules.source <= _SOURCE_MANUAL and rules.tiles <= _MOST_TILES_COACHED
                               and rules.dice <= _MOST_DICE_COACHED)
    app.rules = rules
    app.all_tiles = rules.all_tiles()
    app.match = match
    app.source = source
    app.match_preset = preset
    app.roller.reset(rules.faces if rules.source == _SOURCE_DICE or rules.source == _SOURCE_MANUAL else 6)
