"""The box's start-up, at boot only (main.start): the devices board.json names, the settings
file, the App and its state (App.__init__ calls set_up), the faults found before play, and
what the keeper saved: the menu's last choices, the serial of the last match in the lifetime
statistics (a finished match the power cut short of its merge is merged now), and the match
the power cut short, resumed at the turn as it was committed.

What only boot needs (board config validation, the settings file, the presets, restoring the
saved match, this module) is let go before play: every module keeps its bytecode in the heap,
and a Pico's heap is the box's tightest budget (DESIGN.md). The clock is not read here: the
App's first tick starts a resumed match's clocks.
"""

import time

from game.gamelog import GameLog, MatchTally
from game.turn import OVER
from micropython import const

from app import release
from app.faults import Faults
from app.keeper import LOG_RECORDS, keep
from app.lights import Lights
from app.reconcile import FlapFeed
from app.roller import Roller
from app.screens import Screen

_MENU = const(0)  # app.core's phases (as there)
_PLAY = const(2)
_MSG_SHAKE = const(65)  # the turn's first message (app.presentation's, as there)

# Let go once the devices are built (the accelerometer is then read through hal.shake.BusAccel).
_BOARD_ONLY = ("hal.board_config", "hal.board", "hal.mcp23017", "hal.lis3dh", "hal.mpu6050")
BOOT_ONLY = _BOARD_ONLY + ("app.phases", "app.settings", "app.startup", "game.config", "game.numbers",
                          "game.presets", "game.rule_names", "game.rules", "game.snapshot_load",
                          "hal.json_file")


def _devices():
    """The devices board.json names (the board modules are let go by the caller)."""
    from hal.board import build_devices
    from hal.board_config import load_config

    config, faults = load_config()
    return build_devices(config, faults)


def _settings():
    from app.settings import load_settings

    return load_settings()


def start():
    """The App, built from the files on the board, with the saved match resumed. Each stage's
    modules are let go as soon as it is done, so the boot's own high-water mark stays low. The
    modules that stay load first (main.start loads them before this one): they sit low in the
    heap, and the boot-only ones above them leave one free stretch when they go, not holes
    between the modules that stay."""
    from game.prng import Xorshift32

    from app.core import App
    from app.hints import Hints
    from app.keeper import Keeper

    devices = _devices()
    release(_BOARD_ONLY, empty=True)  # emptied: a stale word pointing into one pins only it
    settings, setting_faults = _settings()
    boot_us = time.ticks_diff(time.ticks_us(), 0)  # varies from boot to boot; shakes stir in more
    box = App(devices, settings, Xorshift32(boot_us), hints=Hints(), faults=setting_faults,
              keeper=Keeper())
    release(BOOT_ONLY, empty=True)  # nothing of theirs is called again (this function only returns)
    return box


def set_up(app, devices, settings, rng, hints, faults, keeper):
    """Set up `app` (App's arguments, as there; App declares what each attribute holds): its
    state, the menu, the faults; then boot from the keeper, if there is one."""
    app.devices = devices
    flaps = devices.flaps
    screen = Screen(devices.display) if devices.display is not None else None
    app.screen = screen
    app.lights = Lights(devices.leds, flaps.tiles) if devices.leds is not None else None
    app.faults = Faults(devices, screen)
    app.roller = Roller(devices.shake, rng)
    app.hints = hints
    app.menu, entry_faults = _menu(settings, flaps, hints is not None)
    app.rules_config = settings.rules_config
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
    app.legal = 0
    app.hint = 0
    app.chance = -1
    app.advice = -1
    app.reviewing = False
    app.must_open = 0
    app.must_shut = 0
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
    app.log = GameLog(LOG_RECORDS)
    app.tally = MatchTally()
    if keeper is not None:
        _boot_from(app, keeper)


def _menu(settings, flaps, hints_available):
    """(the menu of the games this box can play, why the settings' game is not among them).
    A function of its own: no frame left running holds app.menu, which Menu.leave lets go."""
    from app.menu import Menu
    from app.settings import game_entries

    entries, chosen, faults = game_entries(settings, flaps.tiles, flaps.row_count)
    return Menu(entries, chosen, settings.players, hints_available, settings.hints), faults


def _boot_from(app, keeper):
    """Take the saved menu choices and statistics' serial, and resume a saved match. The menu
    is left while the match loads (the App keeps its choices, as when a match starts), so its
    module is not in the heap beside the snapshot's; it is opened again if no match resumes."""
    from app.settings import why_unplayable

    saved_menu = keep(keeper, "load_menu", module="app.keeper_read")
    if saved_menu is not None:
        app.menu.restore(saved_menu[0], saved_menu[1], saved_menu[2])
    app.menu.leave(app)
    flaps = app.devices.flaps
    restored = keep(keeper, "load_match", app.tally, app.log, True,
                    lambda rules: why_unplayable(rules, flaps.tiles, flaps.row_count), module="app.keeper_files")
    if restored is not None and restored[0].over:  # the power may have gone before its merge
        keeper.merged_serial = keep(keeper, "merge_stats", restored[0], app.tally, module="app.keeper_read")
    else:
        keeper.merged_serial = keep(keeper, "load_stats", module="app.keeper_read").last_serial
    if restored is not None and not restored[0].over:
        _resume(app, restored[0], restored[1])
    else:
        app.log.clear()
        from app.menu import open_menu

        open_menu(app)
    app.report_keeper()


def _preset_of(rules):
    """The name of the preset whose rules these are exactly, or None (the menu would name the
    same: a match this box resumes is one it can play, and so is such a preset)."""
    from game.presets import PRESET_NAMES, preset

    for name in PRESET_NAMES:
        if preset(name) == rules:
            return name
    return None


def _resume(app, match, source):
    """Carry on with a match saved before the power went: the turn as it was committed. Its
    clocks start on the App's first tick (result_since -1 says so), which also gives a turn
    under way its hints (their table loads then, not while boot holds its modules)."""
    if hasattr(source, "rng"):
        source.rng = app.roller.rng  # the box's own generator, stirred by every shake
    from app.phases import take_match

    take_match(app, match, source, _preset_of(match.rules))
    app.enter_setup(0, False)
    turn = app.turn
    app.keeper.saved_pending = turn.pending
    if turn.state == OVER:  # the power went between the end of the turn and its saving
        app.turn_over(0)
    elif turn.rolls or turn.moves_made:
        app.phase = _PLAY
        app.show_dice(turn.dice, turn.dice_count)
        app.total = turn.total
        app.legal = turn.legal_tiles()
    app.result_since = -1
