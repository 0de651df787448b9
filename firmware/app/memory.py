"""The box's memory policy, in one place (issue 33): what loads when, and what is let go after
which moment. The rest of the firmware tells this module where the box is (`let_go(moment)`,
`since(loaded)`, `frames_shown`) instead of letting modules go itself; boot's stages alone name
their modules in app.startup (BOARD_ONLY, READ_ONLY, BOOT_ONLY), which goes with them, and the
match's end the coach's programme in app.finish, so that play keeps none of those names (a name
new to the heap at boot can cost a new block of the interpreter's string pool).

Why: MicroPython keeps an imported module's bytecode, constants and objects in the heap until
it is let go (out of sys.modules and its package, then collected), and its collector is
conservative: a stale word that looks like a pointer into a module let go would keep all of it,
so a module let go is emptied too (`release`'s empty=True), then a stray pointer pins the
module alone, not its code. On the wasm build (python -m bench, "Fits the board") the box holds
some 64 KB after boot with this policy; the rules it replaced were made when it held 122 KB.
Each kind of trick here was measured once with and without it (issue 48: docs/memory.md, "What
each trick is worth"): each is kept only where it saves 256 bytes or more after boot, at boot's
high-water mark or at a moment of play (the peak among them), and each kind does.

    when                      what loads                             let go (who says so)
    boot, the devices         hal.board, hal.board_config, the      BOARD_ONLY (app.startup)
                              chips' drivers
    boot, the saved files     app.settings, game.config, presets,   READ_ONLY (app.startup)
                              rules' names, snapshot_load, json_file
    boot, the App             app.core, app.hints ... (they stay);  BOOT_ONLY (app.startup)
                              app.boot_state, app.startup,
                              app.phases, game.match
    a match starts, the menu  app.phases, game.match (a quiet tick    "phase" (app.core)
                              of the menu or of the match's end
                              imports it first); app.phases_left
                              (a match left, Resume, a match
                              resumed at boot); app.menu_back
                              (back to the menu)
    the menu again            app.menu_again, then a tick each      itself and game.presets, the
    (after a match)           app.menu, app.menu_buttons and        menu open (since(loaded))
                              game.presets
    the menu                  app.menu, app.menu_buttons, its       "menu" (app.menu's leave)
                              frames
    the menu's coach work     app.hints_ahead (its quiet ticks)     since() (app.menu's leave)
    a rules card              app.screen_card, game.preset_cards    since() (app.menu, as it
                              (the house rules': game.house_card,   closes)
                              game.rule_names)
    the input check           app.input_check (the menu's row, or   since() (app.menu, as it
                              boot: app.startup), then its frame    closes)
                              (app.screen_check)
    the match's end           app.finish, then its frames           "finish" (its leave, which
                              (app.finish_frames) and its work      lets its frames and work go
                              (app.finish_work)                     first)
    a turn's start, its       app.hints_turn, app.hints_replay      "turn work" (app.hints)
    review
    a turn playing to win     game.win_chance, game.win_kernel,     the match's end (app.finish_work,
                              the programme's buffers               once the last review is priced)
    a save, a read, a merge   app.keeper_save's WORK                since(loaded) (app.keeper)
    (a match without the      the save's modules, from its first    since(loaded) once the match is
     coach)                   save                                  over (app.keeper's keep_up)
    (a match's last save)     the modules it writes with, from its  since(loaded) at the merge's end
                              text on (app.keeper_jobs)             (app.keeper's step)
    a phase's frames          app.screen_<name> (between turns and  frames_shown (presentation)
                              at the end app.screen_lines first)
    the live scoreboard (a    net.server, net.match_state (they     never (the box serves while
    board with Wi-Fi)         stay); /history's app.keeper_save,    it runs); since(loaded)
                              game.stats, hal.storage, net.history  (net.server's history)
    a QR code (Wi-Fi's pages) net.qr_code, while app.screen_net makes  since((), its name) once
                              one, a slice a tick                   the code is made (screen_net)
    a piece of game/'s work   game.at_stake, game.win_table,        by themselves when done
                              game.win_ends, game.policy_file (with (game.forget: game/ knows
                              game.tables.policies and .files),     no app)
                              game.match_saved, game.reach

Copies of constants. A module that tests another's value keeps a const() copy of it rather
than importing it (a name imported costs a stored name, and the module it comes from may not
be loaded: imported instead, game.rules' values cost 1,140 bytes after boot, the others' 764),
each marked "(a copy ...)" or "(..., as there)" beside it and checked against the original by
host_tests/test_app_constant_copies.py and test_rule_constant_copies.py;
host_tests/test_memory_policy.py checks that this list of the modules keeping them is whole:

    app: boot_state, core, faults, finish, finish_frames, hints, hints_ahead,
         hints_replay, input_check, keeper, keeper_jobs, keeper_steps, menu, menu_back, menu_buttons,
         phases, phases_left, presentation, reconcile, recover, roller, screen_check, screen_end,
         screen_lines, screen_menu, screen_net, screen_turn
    game: at_stake, config, gamelog, match, moves, policy_file, presets, rounds, rows, rule_set,
          snapshot_load, stakes, stats, stats_load, strategy, turn, win_chance,
          win_ends, win_kernel, win_table
    hal: leds, storage_save
    net: match_state, server
"""

import gc
import sys


def let_go(moment):
    """Let go what goes once `moment` (a word of the table above: one name imported, the
    caller's only one) has passed."""
    if moment == "phase":
        release(("app.phases", "app.phases_left", "app.menu_back", "game.match"), False,
                True)  # game.match: start_match only
    elif moment == "menu":
        release(("app.menu", "app.menu_buttons"), False, True)
    elif moment == "finish":
        release(("app.finish",), False, True)
    elif moment == "turn work":
        release(("app.hints_turn", "app.hints_replay"), False, True)



def since(loaded, among=None, keep=None):
    """Let go what was imported since `loaded` (list(sys.modules) then): only the names
    `among` when given (what a piece of work spread over ticks may import: others may import
    their own meanwhile), and never `keep` (the caller's own module)."""
    names = sys.modules if among is None else among
    release([name for name in names if name not in loaded and name != keep and name in sys.modules],
            False, True)


def collect():
    """Collect the heap now (app.keeper's step, after each piece of the keeper's work): on
    MicroPython only, where a collection takes a Pico some 10-12.5 ms (a heap of 245,888 B, some
    100 KB of it live); CPython frees by reference counts, and its collector would only slow the
    host's tests."""
    if sys.implementation.name == "micropython":
        gc.collect()


def frames_shown(frames):
    """The frames module last drawn from (app.presentation's) goes, and app.screen_lines, which
    those between turns and at the match's end draw with: another page is shown."""
    release((frames.__name__, "app.screen_lines"), False, True)


def release(names, collect=True, empty=False):
    """Forget modules (and their packages' references to them) so the collector frees them
    (at once, or with collect=False at its next run).

    empty=True also empties each module's namespace on MicroPython, for modules none of whose
    functions is called again: its collector is conservative, and a stale word that happens to
    look like a pointer to a module let go (a stack slot, a byte buffer) would otherwise keep
    all of it. (CPython frees a module by reference counts, and its host tools may hold one.)"""
    empty = empty and sys.implementation.name == "micropython"
    for name in names:
        if name in sys.modules:
            if empty:
                sys.modules[name].__dict__.clear()
            del sys.modules[name]
            dot = name.rfind(".")
            package = name[:dot]
            if dot > 0 and package in sys.modules:
                try:
                    delattr(sys.modules[package], name[dot + 1:])
                except (AttributeError, TypeError):
                    pass
    if collect:
        gc.collect()
