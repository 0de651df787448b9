"""The App's state at boot (main.start, through app.startup): what the keeper saved
(read_saved: the menu's last choices, the serial of the last match in the lifetime statistics,
a finished match the power cut short of its merge merged now, and the match the power cut
short), then the App's state (App.__init__ calls set_up), the faults found before play, and the
saved match resumed at the turn as it was committed. app.startup and app.core import it; it
imports neither. Let go with app.startup (app.startup.BOOT_ONLY).
"""

from game.gamelog import LOG_RECORDS, GameLog, MatchTally
from game.turn import OVER
from micropython import const

from app.keeper import keep, report

_MENU = const(0)  # app.core's phases (as there)
_PLAY = const(2)
_MSG_SHAKE = const(65)  # the turn's first message (app.presentation's, as there)
_HOUSE = const("house rules")  # app.menu's HOUSE (a copy)


def read_saved(settings, flaps, keeper, first=False):
    """What the App starts from, read before its modules load (App(saved=...)): (the menu's
    games, the one chosen, why the settings' game is not among them, the saved menu choices or
    None, the saved match as (match, source) or None, its preset's name, the game log, the
    match's tally, `first`: the box's first power-on, app.startup's). With a keeper: the
    statistics' serial of the last match merged (a finished match the power cut short of its
    merge is merged now) on it too."""
    from game.presets import why_unplayable

    from app.settings import game_entries

    tiles = flaps.tiles
    rows = flaps.row_count
    log = GameLog(LOG_RECORDS)
    tally = MatchTally()
    choices = restored = preset = None
    if keeper is not None:
        choices = keep(keeper, "load_menu", module="app.keeper_read")
        restored = keep(keeper, "load_match", tally, log, True,
                        lambda rules: why_unplayable(rules, tiles, rows), module="app.keeper_files")
        finished = None
        if restored is not None and restored[0].over:  # the power may have gone before its merge
            finished = restored[0]
            restored = None
        keeper.merged_serial = keep(keeper, "boot_stats", finished, tally, module="app.keeper_stats")
        if restored is not None:
            preset = _preset_of(restored[0].rules)
        else:
            log.clear()
    entries, chosen, entry_faults = game_entries(settings, tiles, rows)  # app.menu's: after the match
    return entries, chosen, entry_faults, choices, restored, preset, log, tally, first


def set_up(app, devices, settings, rng, hints, faults, keeper, saved=None):
    """Set up `app` (App's arguments, as there; App and app.presentation declare what each
    attribute holds): its state, the menu, the faults; then the match the keeper saved resumed,
    if there is one, or the input check (app.input_check) at the box's first power-on or with
    select held.
    `saved`: read_saved's, read before the App's modules loaded (None: read now)."""
    if saved is None:
        saved = read_saved(settings, devices.flaps, keeper)
    entries, chosen, entry_faults, choices, restored, preset, log, tally, check = saved
    select = devices.buttons.get("select")
    if select is not None and select._down:  # held as the box powered on (hal.buttons' Button)
        check = True
    if check:  # the input check: a saved match stays on the flash as it is, not resumed (a
        restored = None  # boot without select held resumes it)
    from app.faults import Faults
    from app.lights import Lights
    from app.menu import Menu

    if restored is None:  # the menu shown: what its buttons do (Menu.step's)
        __import__("app.menu_buttons")  # (a match resumed never loads it)
    from app.reconcile import FlapFeed
    from app.roller import Roller
    from app.screens import Screen

    app.devices = devices
    flaps = devices.flaps
    screen = Screen(devices.display) if devices.display is not None else None
    app.screen = screen
    app.lights = Lights(devices.leds, flaps.tiles) if devices.leds is not None else None
    app.faults = Faults(devices, screen)
    app.roller = Roller(devices.shake, rng)
    app.hints = hints
    app.menu = Menu(entries, chosen, settings.players, hints is not None, settings.hints)
    app.house = entries[0][1] if entries and entries[0][0] == _HOUSE else None  # (app.menu_again's)
    app.game = None
    app.players = settings.players
    app.hints_on = False
    app.match_preset = None
    for messages in (devices.faults, faults, entry_faults):
        for message in messages:
            app.faults.report(message)
    app.phase = _MENU
    app.match = None
    app.rules = None
    app.turn = None
    app.source = None
    app.player = 0
    app.row = 0
    app.invert = 0
    app.all_tiles = 0
    app.flap_feed = FlapFeed()
    app.dice = bytearray(4)
    app.dice_count = 0
    app.total = 0
    app.free_throw = False
    app.blocked_shake = False
    app.no_one_die = False
    app.legal = 0
    app.hint = 0
    app.chance = -1
    app.advice = -1
    app.reviewing = False
    app.review_due = False
    app.review_page = 0
    app.review_next = 0
    app.leaving = False
    app.leaving_since = 0
    app.must_open = 0
    app.must_shut = 0
    app.match_page = -1
    app.match_page_next = 0
    app.page_since = 0
    app.message = _MSG_SHAKE
    app.number = -1
    app.result_player = -1
    app.result_score = 0
    app.result_end = 0
    app.result_since = 0
    app.ending = None
    app.winner_mask = 0
    app.dirty = True
    app.frame_ms = 0
    app.keeper = keeper
    app.log = log
    app.tally = tally
    if choices is not None:
        for message in app.menu.restore(choices[0], choices[1], choices[2]):
            app.faults.report(message)  # said once, at boot
    if restored is not None:  # the menu is left for the match (the App keeps its choices)
        app.menu.leave(app)
        _resume(app, restored[0], restored[1], preset)
    if keeper is not None:
        report(app)
    if check:  # its first frame at the App's first tick
        app.menu.check = __import__("app.input_check", None, None, ("start",)).start(app)


def _preset_of(rules):
    """The name of the preset whose rules these are exactly, or None (the menu would name the
    same: a match this box resumes is one it can play, and so is such a preset)."""
    from game.presets import PRESET_NAMES, preset

    for name in PRESET_NAMES:
        if preset(name) == rules:
            return name
    return None


def _resume(app, match, source, preset):
    """Carry on with a match saved before the power went: the turn as it was committed. Its
    clocks start on the App's first tick (result_since -1 says so), which also gives a turn
    under way its hints (their table loads then, not while boot holds its modules)."""
    if hasattr(source, "rng"):
        source.rng = app.roller.rng  # the box's own generator, stirred by every shake
    from app.phases import take_match
    from app.presentation import show_dice

    take_match(app, match, source, preset)
    app.enter_setup(0, False)
    turn = app.turn
    app.keeper.saved_pending = turn.pending
    if turn.state == OVER:  # the power went between the end of the turn and its saving
        app.turn_over(0)
    elif turn.rolls or turn.moves_made:
        app.phase = _PLAY
        show_dice(app, turn.dice, turn.dice_count)
        app.total = turn.total
        app.legal = turn.legal_tiles()
    app.result_since = -1
