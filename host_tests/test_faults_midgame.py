"""Hardware faults in the middle of a game on the simulated box: the game is never lost.

Each fault is injected mid-game (mid-turn where it matters): it is reported once (App.faults),
the box plays on without the device, picks it up again once it is healed, and the match
still plays to its end with the right totals (the sum of the turn scores, recorded as the
turns end). A bad settings or board file is read, reported, and left as it is on the flash.

Faults injected: 13 kinds: the accelerometer (LIS3DH and MPU-6050) failing with eio, timeout
and vanish; the display with eio and vanish (losing its power); the MCP23017 flap expander with
eio, timeout and vanish; a flap switch stuck closed and one stuck open; config.json
half-written, and with wrong types or an unknown preset; board.json half-written.

A display failing mid-game is reported once by the App (app.faults watches the screen's fault)
and the screen is powered up and redrawn on the next frame (test_app_display_retry).
"""

import json
import pathlib
import sys

import pytest
from box_steps import awaiting, names_the_winners, oled, play_until, roll_by_shaking, start

import board_sim.box as box_module
from board_sim.script_player import BoxPlayer

MPU6050_SPEC = {"type": "mpu6050", "address": 0x68}
ERRNO_NAMES = {"eio": "EIO", "timeout": "ETIMEDOUT", "vanish": "EIO"}  # rp2 I2C: a NACK is EIO


@pytest.fixture(autouse=True)
def no_firmware_left_behind():
    """Firmware modules a test imports outside a SimBox are dropped after it, as a box's own
    are on close: a later test (one that boots main.py, say) starts from fresh modules."""
    before = set(sys.modules)
    yield
    firmware = str(box_module.FIRMWARE)
    for name in set(sys.modules) - before:
        if (getattr(sys.modules[name], "__file__", None) or "").startswith(firmware):
            del sys.modules[name]


@pytest.fixture
def open_box(open_box, monkeypatch):
    """make(accel_spec=None, **BoxOptions) -> conftest's open_box's SimBox, closed after the test.

    accel_spec replaces the board file's accelerometer (an MPU-6050 box: BoxOptions has no
    choice of chip, so the pin map is patched as the box is built).
    """

    def make(accel_spec=None, **options):
        if accel_spec is not None:
            stock = box_module.pinmap_for

            def with_accel(box_options):
                pinmap = stock(box_options)
                pinmap["accel"] = dict(accel_spec)
                return pinmap

            monkeypatch.setattr(box_module, "pinmap_for", with_accel)
        return open_box(**options)

    return make


def record_turns(box):
    """[(player, score)] of every turn the match ends, appended as the App ends each turn."""
    match = box.view.match
    turns = []
    end_turn = match.end_turn

    def recording(*args):
        turns.append((match.current, match.turn.score()))
        return end_turn(*args)

    match.end_turn = recording
    return turns


def assert_totals_add_up(box, turns, players):
    match = box.view.match
    for player in range(players):
        assert match.totals[player] == sum(score for who, score in turns if who == player)


def playable_dice(turn):
    """Dice the turn can move with: their total one its open tiles make."""
    made = {0}
    for tile in range(1, 10):
        if turn.open_mask & (1 << (tile - 1)):
            made |= {total + tile for total in made}
    if turn.dice_expected() == 1:
        return [min(value for value in range(1, 7) if value in made)]
    total = min(total for total in range(2, 13) if total in made)
    return [total // 2, total - total // 2]


def ready_to_roll(box):
    """The turn waits for a roll, nothing to put right, the dice at rest."""
    from game.turn import AWAIT_ROLL

    return awaiting(box.view, AWAIT_ROLL)


# --- 1. the accelerometer ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["eio", "timeout", "vanish"])
@pytest.mark.parametrize("chip", ["lis3dh", "mpu6050"])
def test_an_accelerometer_failing_mid_turn_is_reported_once_ok_rolls_and_shaking_comes_back(
        open_box, chip, mode):
    from game.turn import AWAIT_MOVE

    box = open_box(accel_spec=MPU6050_SPEC if chip == "mpu6050" else None, seed=7,
                   preset="fixed-rounds", players=2)
    view = box.view
    assert type(box.board.accel).__name__ == {"lis3dh": "LIS3DH", "mpu6050": "MPU6050"}[chip]
    assert box.devices.accel.address == {"lis3dh": 0x18, "mpu6050": 0x68}[chip]  # the box reads it
    start(box)
    turns = record_turns(box)
    roll_by_shaking(box)
    assert view.turn.rolls == 1 and view.turn.state == AWAIT_MOVE  # mid-turn: a move to make
    assert view.shaking_rolls()

    box.board.fail_device("accel", mode)
    box.run(300)
    assert view.faults == ["accelerometer: read failed ([Errno %d] %s); press ok to roll"
                          % ({"EIO": 5, "ETIMEDOUT": 110}[ERRNO_NAMES[mode]], ERRNO_NAMES[mode])]
    assert not view.shaking_rolls()

    # While it is failed, a shake does nothing and ok rolls.
    player = BoxPlayer(box)
    play_until(player, lambda: ready_to_roll(box))
    turn = view.turn
    rolls = turn.rolls
    roll_by_shaking(box)
    assert view.turn is turn and turn.rolls == rolls
    box.dice.force(playable_dice(turn))  # (the seed's could end the turn: its rolls count anew)
    box.board.press("ok")
    box.run(1000)
    assert turn.rolls == rolls + 1
    for _ in range(40):  # and the game goes on, ok rolling, the fault not reported again
        assert player.step()
    assert len(turns) >= 1
    assert len(view.faults) == 1

    box.board.heal_device("accel")
    box.run(1500)  # the detector retries the sensor once a second
    assert view.shaking_rolls()
    play_until(player, lambda: ready_to_roll(box))
    turn = view.turn
    rolls = turn.rolls
    box.dice.force(playable_dice(turn))
    roll_by_shaking(box)
    assert turn.rolls == rolls + 1  # shaking rolls again

    assert player.play()
    assert len(view.faults) == 1
    assert view.match.rounds_played == 5 and len(turns) == 10
    assert_totals_add_up(box, turns, 2)


# --- 2. the display ---------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["eio", "vanish"])
def test_a_display_failing_mid_game_does_not_stop_the_game_and_lights_again_when_healed(
        open_box, mode):
    box = open_box(seed=9, preset="fixed-rounds", players=2)
    view = box.view
    start(box)
    turns = record_turns(box)
    roll_by_shaking(box)
    assert view.turn.rolls == 1
    assert oled(box)[0].startswith("Player 1")  # drawn: the turn in play

    box.board.fail_device("display", mode)
    player = BoxPlayer(box)
    # The game goes on over two turns' ends (the App redraws every change: each one fails).
    play_until(player, lambda: len(turns) >= 2)
    assert view.screen_fault == "display: write failed ([Errno 5] EIO)"
    assert view.faults == [view.screen_fault + "; the LEDs play on"]  # reported once

    if mode == "vanish":  # it came loose: the panel lost power and powers up dark
        box.board.display.power_on_reset()
        assert oled(box) == [""] * 8
    box.board.heal_device("display")
    assert player.play()  # and the next frame lights the panel again
    assert view.screen_fault is None
    player.to_standings()
    assert names_the_winners(oled(box)[0])
    assert view.match.rounds_played == 5 and len(turns) == 10
    assert_totals_add_up(box, turns, 2)


def test_a_display_failing_mid_game_is_reported_once_on_the_leds(open_box):
    box = open_box(seed=9, preset="classic", players=2)
    start(box)
    box.board.fail_device("display", "eio")
    roll_by_shaking(box)
    box.run(500)
    assert box.view.faults == ["display: write failed ([Errno 5] EIO); the LEDs play on"]
    red_seen = set()
    for _ in range(12):
        box.run(50)
        red_seen.update(colour for colour in box.board.led_colors() if colour[0] and not colour[1])
    assert red_seen  # every LED blinks red while the fault is shown, as with no display
    BoxPlayer(box).play()
    assert len(box.view.faults) == 1


# --- 3. the flap expander ---------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["eio", "timeout", "vanish"])
def test_the_flap_expander_failing_mid_turn_never_reads_as_a_move(open_box, mode):
    from app.core import PLAY
    from game.turn import AWAIT_MOVE

    box = open_box(seed=4, preset="full-house", players=2, tiles=12, flap_wiring="mcp23017")
    view = box.view
    board = box.board
    start(box)
    turns = record_turns(box)
    player = BoxPlayer(box)
    play_until(player, lambda: view.phase == PLAY and view.turn.state == AWAIT_MOVE
               and view.turn.moves_made >= 1 and not view.turn.pending and view.legal
               and not view.must_open and not view.must_shut)  # mid-turn, some flaps down
    turn = view.turn
    before = (turn.open_mask, turn.pending, turn.state, turn.rolls)
    shut_before = board.shut_tiles()
    assert shut_before and turn.open_mask == sum(1 << (flap - 1) for flap in range(1, 13)
                                                 if flap not in shut_before)

    board.fail_device("mcp23017_0x20", mode)
    box.run(200)
    assert view.faults == ["flaps: MCP23017 at 0x20 failed ([Errno %d] %s)"
                          % ({"EIO": 5, "ETIMEDOUT": 110}[ERRNO_NAMES[mode]], ERRNO_NAMES[mode])]
    # The player shuts a lit tile and knocks two more flaps while the bus is down: nothing is
    # read, so nothing moves in the game; a roll is refused too (the move is not finished).
    tile = view.legal.bit_length()
    others = [flap for flap in range(1, 13) if flap != tile][:2]
    board.set_flap(tile, True)
    for flap in others:
        board.flip_flap(flap)
    box.run(600)
    box.board.press("ok")
    box.run(1500)
    assert view.turn is turn and view.phase == PLAY
    assert (turn.open_mask, turn.pending, turn.state, turn.rolls) == before
    assert not view.must_open and not view.must_shut  # the last reading stands
    assert len(view.faults) == 1

    board.heal_device("mcp23017_0x20")
    for flap in others:  # put them back before the bus is read again
        board.flip_flap(flap)
    box.run(300)
    assert box.devices.flaps.fault is None
    assert board.shut_tiles() == sorted(shut_before + [tile])
    assert turn.pending & (1 << (tile - 1)) or not turn.open_mask & (1 << (tile - 1))
    assert player.play()
    assert len(view.faults) == 1
    assert len(turns) == 2
    assert_totals_add_up(box, turns, 2)


# --- 4. a stuck flap switch -------------------------------------------------------------------

GUIDE_AMBER = (64, 36, 0)  # lights.GUIDE through the stock brightness


def test_a_flap_stuck_shut_at_the_start_of_a_turn_holds_the_turn_until_it_opens(open_box):
    from app.core import PLAY, SETUP

    box = open_box(seed=2, preset="classic", players=2)
    box.dice.force((1, 1) * 2)  # player 1: 2, then 2 again: the turn ends with flap 2 down
    view = box.view
    board = box.board
    start(box)
    turns = record_turns(box)
    player = BoxPlayer(box)
    # Player 1's turn ends with flaps down: player 2's turn starts with them to open.
    play_until(player, lambda: view.phase == SETUP and view.player == 1)
    assert turns and view.must_open
    tile = view.must_open.bit_length()  # the highest flap player 1 left down
    assert board.flap_shut(tile)

    board.fail_device("flap%d" % tile, "stuck_closed")
    for _ in range(20):  # the player opens every flap; the stuck one still reads shut
        assert player.step()
    assert not board.flap_shut(tile)
    assert view.phase == SETUP and view.must_open == 1 << (tile - 1) and view.must_shut == 0
    assert board.led_colors()[tile - 1] == GUIDE_AMBER  # shown: open this one
    assert [colour for colour in board.led_colors() if colour != (0, 0, 0)] == [GUIDE_AMBER]
    board.shake(900)  # neither a shake nor ok rolls
    box.run(1600)
    board.press("ok")
    box.run(1000)
    assert view.phase == SETUP and view.turn.rolls == 0 and len(turns) == 1

    board.heal_device("flap%d" % tile)
    box.run(200)
    assert view.phase == SETUP and view.must_open == 0  # "ok to play"
    board.press("ok")
    box.run(300)
    assert view.phase == PLAY and view.must_open == 0
    assert view.turn.open_mask == view.rules.start_mask()
    assert player.play()
    assert view.faults == []  # a stuck switch is a flap to move, not a device fault
    assert len(turns) == 2
    assert_totals_add_up(box, turns, 2)


def test_a_flap_stuck_open_is_not_taken_as_shut_until_it_really_closes(open_box):
    from app.core import PLAY
    from game.turn import AWAIT_MOVE

    box = open_box(seed=6, preset="classic", players=1)
    view = box.view
    board = box.board
    start(box)
    turns = record_turns(box)
    player = BoxPlayer(box)
    play_until(player, lambda: view.phase == PLAY and view.turn.state == AWAIT_MOVE
               and view.legal and not view.turn.pending)
    turn = view.turn
    tile = view.legal.bit_length()
    before = (turn.open_mask, turn.pending, turn.rolls)

    board.fail_device("flap%d" % tile, "stuck_open")
    board.set_flap(tile, True)  # the player shuts it: the switch does not close
    box.run(500)
    assert board.flap_shut(tile)
    assert (turn.open_mask, turn.pending, turn.rolls) == before and turn.state == AWAIT_MOVE
    assert view.legal & (1 << (tile - 1))  # still lit, still to shut
    board.press("ok")  # no move made: ok does not roll
    box.run(1000)
    assert turn.rolls == before[2]

    board.heal_device("flap%d" % tile)
    box.run(200)
    moved = turn.pending | (before[0] & ~turn.open_mask)
    assert moved & (1 << (tile - 1))  # the flap really closed: now it counts
    assert player.play()
    assert view.faults == []
    assert len(turns) == 1
    assert_totals_add_up(box, turns, 1)


# --- 5. a half-written settings file, a half-written board.json -------------------------------

CLASSIC = {"preset": "classic"}


def settings_file(tmp_path, data):
    path = tmp_path / "config.json"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("data", [
    b'{"rules": {"preset": "the-3',  # the power went mid-write
    b'{"rules": {"preset": "tournament"}, "players": 4, "hints": tr',
    b"",  # created, nothing written yet
    b"\xff" * 48,  # erased flash, never written
], ids=["truncated-in-rules", "truncated-in-hints", "empty", "erased"])
def test_a_half_written_config_json_gives_the_defaults_and_is_left_as_it_was(tmp_path, data):
    from app.settings import DEFAULT_PLAYERS, load_settings

    path = settings_file(tmp_path, data)
    settings, faults = load_settings(str(path))
    assert (settings.rules_config, settings.players, settings.hints) == (
        CLASSIC, DEFAULT_PLAYERS, False)
    assert len(faults) == 1
    assert faults[0].startswith("%s: not valid JSON (" % path)
    assert faults[0].endswith("); using the defaults")
    assert path.read_bytes() == data


@pytest.mark.parametrize(("raw", "named"), [
    ({"players": "3"}, ['players must be 1..8, got "3"']),  # named as JSON writes them
    ({"players": True}, ["players must be 1..8, got true"]),
    ({"players": 9, "hints": "yes"}, ["players must be 1..8, got 9",
                                      'hints must be true or false, got "yes"']),
    ({"hints": 1}, ["hints must be true or false, got 1"]),
    ({"rules": {"preset": "clasic"}}, ["rules: preset: unknown 'clasic' (choose one of: classic,"]),
    ({"rules": "classic"}, ['rules: the rules must be an object of axis names, got "classic"']),
    ([2, True], ["must hold a JSON object; using the defaults"]),
])
def test_wrong_types_in_config_json_name_the_key_and_keep_the_rest(tmp_path, raw, named):
    from app.settings import load_settings

    data = json.dumps(raw).encode()
    path = settings_file(tmp_path, data)
    settings, faults = load_settings(str(path))
    assert len(faults) == len(named)
    for fault, words in zip(faults, named, strict=True):
        assert fault.startswith("%s: %s" % (path, words))
    assert (settings.players, settings.hints, settings.rules_config) == (2, False, CLASSIC)
    assert path.read_bytes() == data


def test_good_keys_beside_a_bad_one_are_kept(tmp_path):
    from app.settings import load_settings

    data = b'{"rules": {"preset": "lucky-7"}, "players": 3, "hints": "on"}'
    path = settings_file(tmp_path, data)
    settings, faults = load_settings(str(path))
    assert faults == ["%s: hints must be true or false, got \"on\"" % path]
    assert (settings.rules_config, settings.players, settings.hints) == (
        {"preset": "lucky-7"}, 3, False)
    assert path.read_bytes() == data


def test_a_box_started_on_a_half_written_config_json_reports_it_once_and_plays(open_box, tmp_path):
    from app.core import App
    from app.settings import load_settings
    from app.view import View

    path = settings_file(tmp_path, b'{"rules": {"preset": "classic"}, "players": 3, "hi')
    settings, faults = load_settings(str(path))
    box = open_box(seed=3)
    box.app = App(box.devices, settings, box.dice, faults=faults)  # as main.py builds it
    box.view = View(box.app)
    start(box)
    match = box.view.match
    assert match is not None and match.players == 2  # the default, not the 3 half-written
    assert BoxPlayer(box).play()
    assert box.view.faults == faults and len(faults) == 1
    assert path.read_bytes() == b'{"rules": {"preset": "classic"}, "players": 3, "hi'


@pytest.mark.parametrize("data", [
    b'{"board": "pico", "overrides": {"leds": {"count": 1',  # cut inside the overrides
    b"",
    b"\x00" * 32,  # a power cut can leave a page of zeros
], ids=["truncated-in-overrides", "empty", "zeros"])
def test_a_half_written_board_json_boots_the_chips_own_board_unchanged(tmp_path, monkeypatch,
                                                                       data):
    import shutil

    from hal.board_config import load_config, validate

    firmware = pathlib.Path(box_module.FIRMWARE)
    shutil.copytree(firmware / "boards", tmp_path / "boards")
    (tmp_path / "board.json").write_bytes(data)
    monkeypatch.setattr("sys.platform", "rp2")
    config, faults = load_config(str(tmp_path) + "/")
    assert len(faults) == 1
    assert faults[0].startswith("board.json: ") and faults[0].endswith("; using boards/pico.json")
    clean, more = validate(config)
    assert more == []
    assert clean["leds"]["count"] == 9  # none of the half-written overrides applied
    assert config == json.loads((firmware / "boards" / "pico.json").read_text())
    assert (tmp_path / "board.json").read_bytes() == data
