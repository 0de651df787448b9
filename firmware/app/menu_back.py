"""Back to the menu (to_menu: select at a match's end, or a match left, a long select and
ok): the match's end, or the match in play, put away, the App left in its MENU phase with no
menu: app.menu_again opens it over the quiet ticks that follow. Loaded for the moment (at the
match's end by the tick of the press, the next doing the work: a Pico's tick took 25.8 ms on
24 tiles for a module that held this and the leave question), then let go with app.phases
(app.memory's "phase").
"""

from micropython import const

_MENU = const(0)  # app.core's phase (as there)


def to_menu(app, _now_ms=0):
    """Back to the menu (a long press of select confirmed; select at the match's end): a match
    in play stays saved as it stood, resumed at the next boot unless another starts first, and
    kept (`app.left`: the match, its source, preset, game and players) for the menu's Resume.
    The menu opens over the next quiet ticks (app.menu_again, app.core's while the App has
    its MENU phase and no menu). The caller then lets this module go (app.memory's "phase").
    `_now_ms` unused: the match's end calls its two ways out, this and app.phases' new_match, alike."""
    if app.ending is not None:  # from the match's end
        app.ending.leave(app)
    elif app.match is not None and not app.match.over:
        app.left = (app.match, app.source, app.match_preset, app.game, app.players)
    keeper = app.keeper
    if keeper is not None:  # the modules a match without the coach held (app.keeper) go
        keeper.hold = False
        if keeper.loaded is not None:
            from app.keeper_jobs import let_go_held  # (held with them)

            let_go_held(keeper)
    app.phase = _MENU
    app.menu = None
    app.reviewing = False
    app.review_due = False
    app.leaving = False
    app.match = None
    app.turn = None
    app.dirty = True
