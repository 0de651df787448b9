"""app.core, app.presentation, app.roller and app.faults keep const() copies of other modules'
codes (an imported name costs a stored name on the board): app.reconcile's flags, app.roller's
states, and, in app.core, game.turn's states, ends and results and hal.buttons' presses (those
in app.presentation too); the App's phases and sounds are app.core's, copied where they are used
(and app.menu's HOUSE where the games are listed); hal.storage_save keeps
hal.storage's saved-file layout.
The copies must stay equal to the originals."""

from app import (
    core,
    keeper,
    lights,
    menu,
    menu_buttons,
    phases,
    presentation,
    reconcile,
    roller,
    screen_end,
    screen_lines,
    screen_turn,
)
from game import rules, turn
from hal import buttons

from tools.replay import turn_names


def test_the_apps_copies_of_the_reconcile_flags_and_roller_states_match_their_originals():
    for name in ("_TOOK_BACK", "_ACCEPTED", "_DONE", "_REFUSED"):
        assert getattr(core, name) == getattr(reconcile, name), name
    assert core._TUMBLING == presentation._TUMBLING == roller.TUMBLING
    assert core._LANDED == presentation._LANDED == roller._LANDED
    assert (keeper._MENU, keeper._FINISHED) == (core.MENU, core.FINISHED)
    assert presentation._SLICED == core._SLICED == keeper._SLICED  # keep_up's answer for a tick that did a slice


def test_the_presentations_copies_of_the_game_s_codes_and_a_colour_match_their_originals():
    assert presentation._WRONG == lights.WRONG
    assert screen_lines._MATCH_SINGLE == screen_turn._MATCH_SINGLE == rules.MATCH_SINGLE
    assert phases._ROW_RESUME == menu_buttons._ROW_RESUME
    assert menu_buttons._ROW_CHECK == menu._ROW_CHECK and menu_buttons._ROW_START == menu._ROW_START
    from app import screen_menu

    assert screen_menu._ROW_RESUME == menu_buttons._ROW_RESUME and screen_menu._ROW_CHECK == menu._ROW_CHECK
    assert screen_lines._MATCH_MAX_PENALTY == rules.MATCH_MAX_PENALTY
    assert screen_end._STAKES_CANOGA == rules.STAKES_CANOGA
    originals = {"AWAIT_MOVE": turn.AWAIT_MOVE, "E_ROLL_FIRST": turn_names.E_ROLL_FIRST}  # private in game.turn
    for name, value in originals.items():
        assert getattr(presentation, "_" + name) == value, name


def test_the_roller_s_and_the_faults_copies_of_the_shake_detector_s_states_match_their_originals():
    from app import faults
    from hal import shake

    assert roller._SHAKE_TUMBLING == shake.TUMBLING
    assert roller._SHAKE_LANDED == shake.LANDED
    assert faults._SHAKE_FAULT == shake.FAULT


def test_the_cores_copies_of_the_game_and_button_codes_match_their_originals():
    copies = {turn: ("AWAIT_ROLL", "AWAIT_MOVE", "OVER", "END_SHUT", "ROLLED", "FREE_THROW",
                     "PENDING", "COMMITTED"),
              buttons: ("NO_PRESS", "SHORT_PRESS", "LONG_PRESS")}
    for module, names in copies.items():
        for name in names:
            assert getattr(core, "_" + name) == getattr(module, name), name
    assert presentation._SHORT_PRESS == buttons.SHORT_PRESS  # its pages'
    from app import phases_left

    for name in ("NO_PRESS", "SHORT_PRESS", "LONG_PRESS"):  # the leave question's
        assert getattr(phases_left, "_" + name) == getattr(buttons, name), name


def test_the_core_imports_none_of_the_names_it_keeps_copies_of():
    for name in ("AWAIT_ROLL", "AWAIT_MOVE", "OVER", "END_SHUT", "ROLLED",
                 "FREE_THROW", "PENDING", "COMMITTED", "NO_PRESS", "SHORT_PRESS", "LONG_PRESS"):
        assert not hasattr(core, name), name


def test_the_copies_of_the_app_s_phases_sounds_first_message_and_fault_signal_match_app_core_s():
    from app import boot_state, faults, finish, menu_back, phases_left
    from game import presets

    for name in ("MENU", "SETUP", "PLAY", "FINISHED"):
        assert getattr(presentation, "_" + name) == getattr(core, name), name
        assert not hasattr(presentation, name), name
    assert menu_back._MENU == boot_state._MENU == core.MENU
    assert boot_state._PLAY == phases_left._PLAY == core.PLAY
    assert phases_left._SETUP == core.SETUP
    assert finish._FINISHED == core.FINISHED
    assert boot_state._MSG_SHAKE == presentation._MSG_SHAKE
    assert menu_buttons._SOUND_CLICK == core._SOUND_CLICK
    assert presets._HOUSE == boot_state._HOUSE == menu.HOUSE
    assert finish._SOUND_WINNER == core._SOUND_WINNER
    from hal.buttons import SHORT_PRESS

    assert finish._SHORT_PRESS == SHORT_PRESS
    assert core._FAULT_UP == faults._FAULT_UP


def test_each_of_the_box_s_sounds_is_a_melody_of_whole_note_pairs():
    from board_sim.frontend.terminal import melodies

    assert melodies() == [  # (freq_hz, ms) pairs, 0 Hz a rest: what app.core's bytes hold
        (2000, 15), (1400, 40, 0, 20, 1800, 40), (1200, 30), (880, 60, 1320, 90), (220, 250),
        (660, 120, 440, 120, 330, 240), (523, 100, 659, 100, 784, 100, 1047, 300),
        (784, 150, 0, 30, 784, 150, 0, 30, 784, 150, 1047, 450), (330, 150, 0, 80, 330, 150),
        (990, 60)]

    numbers = {name: value for name, value in vars(core).items() if name.startswith("_SOUND_")}
    assert sorted(numbers.values()) == list(range(len(melodies())))
    assert core._MELODIES[len(numbers)] == len(core._MELODIES)  # the last melody's end
    for name, number in numbers.items():
        start, end = core._MELODIES[number], core._MELODIES[number + 1]
        assert end > start and (end - start) % 4 == 0, name  # whole (freq_hz, ms) pairs of 2 bytes
        melody = melodies()[number]
        assert all(melody[index + 1] > 0 for index in range(0, len(melody), 2)), name


def test_the_frames_copies_of_the_match_formats_and_the_message_flag_match_their_originals():
    from app import finish_frames, screens

    assert presentation._NUMBER_FIRST == screens.NUMBER_FIRST
    assert presentation._RULES_LINES == screens.RULES_LINES
    assert finish_frames._END_SHUT == turn.END_SHUT
    for name in ("SINGLE", "FIXED_ROUNDS", "TOURNAMENT", "MAX_PENALTY", "LONG_GAME", "RACE"):
        for frames in (screen_end, screen_lines, screen_turn):  # (each keeps those it tests)
            assert getattr(frames, "_MATCH_" + name, getattr(rules, "MATCH_" + name)) == getattr(
                rules, "MATCH_" + name), (frames, name)
    assert screen_turn._SOURCE_MANUAL == rules.SOURCE_MANUAL
    from app import phases

    assert phases._MOST_TILES_COACHED == screen_turn._MOST_TILES_COACHED
    assert phases._MOST_DICE_COACHED == screen_turn._MOST_DICE_COACHED


def test_the_writing_s_copies_of_a_saved_file_s_layout_match_hal_storage_s():
    from hal import storage, storage_save

    assert storage_save._MAGIC == storage._MAGIC and storage_save._SLOT_MAGIC == storage._SLOT_MAGIC
    assert storage._HEADER_BYTES == len(storage._MAGIC) + 8  # (magic, length, CRC-32)
    assert storage._SLOT_HEADER_BYTES == len(storage._SLOT_MAGIC) + 12  # (magic, number, length, CRC-32)


def test_the_recovery_s_copies_of_the_keeper_s_bits_and_slice_match_their_originals():
    from app import keeper, keeper_save, keeper_steps, recover

    assert keeper_steps._STATS_BIT == keeper_save.STATS_BIT
    from app import keeper_jobs

    assert keeper_jobs._MATCH_BIT == keeper_save.MATCH_BIT and keeper_jobs._STATS_BIT == keeper_save.STATS_BIT
    assert keeper_jobs._COLLECT == keeper._COLLECT

    assert recover._MATCH_BIT == keeper_save.MATCH_BIT
    assert recover._MENU_BIT == keeper_save.MENU_BIT
    assert recover._STATS_BIT == keeper_save.STATS_BIT
    assert recover._COLLECT == keeper._COLLECT
    assert recover._FIRST_SLICES == ("hal.storage", "app.keeper_save")  # app.keeper's step


def test_the_network_pages_number_is_app_screen_nets_wherever_it_is_copied():
    from app import screen_net

    assert presentation._NET_PAGE == screen_end._NET_PAGE == screen_net._NET_PAGE
