"""Boot from what the keeper saved: the menu's last choices, the serial of the last match in
the lifetime statistics (a finished match the power cut short of its merge is merged now), and
the match the power cut short, resumed at the turn as it was committed. Imported by the App at
boot only (main.py lets it go before play); the clock is not read here: the App's first tick
starts the resumed match's clocks.
"""

from game.turn import OVER

from app.keeper import keep
from app.menu import why_unplayable
from app.presentation import PLAY


def boot_from(app, keeper):
    """Take the saved menu choices and statistics' serial, and resume a saved match."""
    saved_menu = keep(keeper, "load_menu", module="app.keeper_read")
    if saved_menu is not None:
        app.menu.restore(saved_menu[0], saved_menu[1], saved_menu[2])
    flaps = app.flaps
    restored = keep(keeper, "load_match", app.tally, app.log, True,
                    lambda rules: why_unplayable(rules, flaps.tiles, flaps.row_count), module="app.keeper_files")
    if restored is not None and restored[0].over:  # the power may have gone before its merge
        app.merged_serial = keep(keeper, "merge_stats", restored[0], app.tally, module="app.keeper_read")
    else:
        app.merged_serial = keep(keeper, "load_stats", module="app.keeper_read").last_serial
    if restored is not None and not restored[0].over:
        _resume(app, restored[0], restored[1])
    else:
        app.log.clear()
    app.report_keeper()


def _resume(app, match, source):
    """Carry on with a match saved before the power went: the turn as it was committed."""
    if hasattr(source, "rng"):
        source.rng = app.rng  # the box's own generator, stirred by every shake
    app.take_match(match, source)
    app.enter_setup(0, False)
    app.resumed = True
    turn = app.turn
    app.saved_pending = turn.pending
    if turn.state == OVER:  # the power went between the end of the turn and its saving
        app.turn_over(0)
        return
    if turn.rolls or turn.moves_made:
        app.phase = PLAY
        app.show_dice(turn.dice, turn.dice_count)
        app.total = turn.total
        app.legal = turn.legal_tiles()
