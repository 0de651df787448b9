"""The App's start (App.__init__, at boot only: main.py lets this module go before play, so
none of it stays in the heap): the App's state and collaborators, the menu built from the
settings, the faults found before play reported once, then what the keeper saved: the menu's
last choices, the serial of the last match in the lifetime statistics (a finished match the
power cut short of its merge is merged now), and the match the power cut short, resumed at the
turn as it was committed. The clock is not read here: the App's first tick starts the resumed
match's clocks.
"""

from game.gamelog import GameLog, MatchTally
from game.turn import OVER

from app.faults import Faults
from app.keeper import LOG_RECORDS, keep
from app.lights import Lights
from app.menu import Menu, why_unplayable
from app.presentation import MENU, MSG_SHAKE, PLAY
from app.reconcile import FlapFeed
from app.roller import Roller
from app.screens import Screen


def start(app, devices, settings, rng, hints, faults, keeper):
    """Set up `app` (App's arguments, as there; App declares what each attribute holds): its
    state, the menu, the faults; then boot from the keeper, if there is one."""
    app.devices = devices
    flaps = devices.flaps
    app.flaps = flaps
    screen = Screen(devices.display) if devices.display is not None else None
    app.screen = screen
    app.lights = Lights(devices.leds, flaps.tiles) if devices.leds is not None else None
    app.faults = Faults(devices, screen)
    app.rng = rng
    app.roller = Roller(devices.shake, rng)
    app.select_button = devices.buttons.get("select")
    app.ok_button = devices.buttons.get("ok")
    app.hints = hints
    from app.settings import game_entries  # boot only: main.py lets app.settings go after

    entries, chosen, entry_faults = game_entries(settings, flaps.tiles, flaps.row_count)
    app.menu = Menu(entries, chosen, settings.players, hints is not None, settings.hints)  # goes with Menu.leave
    app.rules_config = settings.rules_config
    app.game_name = None
    app.game_rules = None
    app.game_preset = None
    app.players = settings.players
    app.hints_on = False
    app.match_preset = None
    for messages in (devices.faults, faults, entry_faults):
        for message in messages:
            app.faults.report(message)
    app.phase = MENU
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
    app.message = MSG_SHAKE
    app.number = -1
    app.result_player = -1
    app.result_score = 0
    app.result_end = 0
    app.result_since = 0
    app.showing_result = False
    app.page = 0
    app.next_page = 0
    app.page_since = 0
    app.ending = None
    app.winner_mask = 0
    app.dirty = True
    app.frame_ms = 0
    app.keeper = keeper
    app.saved_pending = 0
    app.log = GameLog(LOG_RECORDS)
    app.tally = MatchTally()
    app.merged_serial = 0
    if keeper is not None:
        _boot_from(app, keeper)


def _boot_from(app, keeper):
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
    """Carry on with a match saved before the power went: the turn as it was committed. Its
    clocks start on the App's first tick (result_since -1 says so), which also gives a turn
    under way its hints (their table loads then, not while boot holds its modules)."""
    if hasattr(source, "rng"):
        source.rng = app.rng  # the box's own generator, stirred by every shake
    app.take_match(match, source)
    app.enter_setup(0, False)
    turn = app.turn
    app.saved_pending = turn.pending
    if turn.state == OVER:  # the power went between the end of the turn and its saving
        app.turn_over(0)
    elif turn.rolls or turn.moves_made:
        app.phase = PLAY
        app.show_dice(turn.dice, turn.dice_count)
        app.total = turn.total
        app.legal = turn.legal_tiles()
    app.result_since = -1
