"""Scripted runs of the simulated box: the text format, the JSON-lines log, and replaying a
recorded game to an identical log."""

import json
import pathlib
import re
import subprocess
import sys

import pytest

from board_sim.script import ScriptError, parse, run_script

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAME = """\
# classic for two: player 1 shuts 8, 9 3, 7 5, 6 4 2, then throws 2 with only tile 1 left
set seed 4
set players 2
wait 300
press ok long        # start the game
wait 1200
press ok             # ok to play
wait 300
dice 3 5
shake 800
wait 1500
shut 8
wait 200
dice 6 6
press ok
wait 1200
shut 9 3
wait 200
dice 6 6
press ok
wait 1200
shut 7 5
wait 200
dice 6 6
press ok
wait 1200
shut 6 4 2
wait 200
dice 1 1
press ok
wait 1200
"""


def records(lines):
    return [json.loads(line) for line in lines]


def test_the_log_shows_the_dice_the_lights_and_the_screen():
    log = records(run_script(GAME))
    assert log[0]["phase"] == "menu" and log[0]["dice"] == []
    landed = [entry for entry in log if entry.get("dice")]
    assert [entry["dice"] for entry in landed] == [[3, 5], [6, 6], [6, 6], [6, 6], [1, 1]]
    first = landed[0]
    assert first["total"] == 8
    assert first["leds"][:8] == ["#003000"] * 8 and first["leds"][8] == "#060606"
    # The OLED's frame reaches the glass a band of 16 rows a tick (app.screens): what it shows
    # once whole, from the log's changes added up.
    shown = {}
    states = []
    for entry in log:
        shown.update(entry)
        states.append(dict(shown))
    assert any(state["dice"] == [3, 5] and state["oled"][5:7] == ["Shut lit tiles", "to make 8"]
               for state in states)
    assert any(state["oled"][:3] == ["P1 no move", "threw 2", "score 1"] for state in states)
    assert all(entry["t"] >= before["t"] for before, entry in zip(log, log[1:], strict=False))
    assert any("sounds" in entry for entry in log)


def test_a_script_replays_to_an_identical_log():
    assert run_script(GAME) == run_script(GAME)


def test_the_seed_changes_the_board_but_forced_dice_stay():
    other = GAME.replace("set seed 4", "set seed 5")
    first = records(run_script(GAME))
    second = records(run_script(other))
    dice = [[entry["dice"] for entry in log if entry.get("dice")] for log in (first, second)]
    assert dice[0] == dice[1]


def test_a_script_with_no_display_logs_no_text_and_blinks_the_dice():
    log = records(run_script("set display off\n" + GAME.replace("set seed 4\n", "")))
    assert all(entry.get("oled", []) == [] for entry in log)
    tile_3 = [entry["leds"][2] for entry in log if len(entry.get("leds", [])) == 9]
    assert "#404040" in tile_3  # die 3 blinking white on tile 3


@pytest.mark.parametrize("text, message", [
    ("jump 3", "line 1: unknown event 'jump'"),
    ("wait", "line 1: 'wait' needs a whole number"),
    ("wait 10\nset seed 3", "line 2: 'set' must come before the first event"),
    ("\n\nshut 0", "line 3: 0 is outside 1..96"),
    ("press ok twice", "line 1: press NAME [long], hold NAME or release NAME"),
    ("dice 1 2 3 4 5", "line 1: dice takes 1 to 4 values"),
    ("set wiring spi", "line 1: wiring is one of gpio, 74hc165, mcp23017"),
])
def test_mistakes_are_refused_naming_the_line(text, message):
    with pytest.raises(ScriptError, match=re.escape(message)):
        parse(text)


def test_events_on_hardware_the_box_lacks_are_refused():
    with pytest.raises(ScriptError, match="line 1: this box has 9 flaps"):
        run_script("shut 12")
    with pytest.raises(ScriptError, match="line 1: this box has no 'menu'"):
        run_script("press menu")


def test_the_command_line_runs_a_script_into_a_log_file(tmp_path):
    script = tmp_path / "game.txt"
    script.write_text(GAME)
    out = tmp_path / "game.jsonl"
    result = subprocess.run([sys.executable, "-m", "board_sim", "run", str(script), "--log", str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert out.read_text().splitlines() == run_script(GAME)


def test_a_dead_accelerometer_in_a_script_is_logged_as_one_fault():
    log = records(run_script(GAME.replace("shut 8\n", "shut 8\nfail accel eio\n")))
    faults = [fault for entry in log for fault in entry.get("faults", [])]
    assert len(faults) == 1 and faults[0].startswith("accelerometer")


def test_a_script_ending_on_a_shake_runs_until_the_dice_land():
    import json

    text = "set seed 4\nwait 300\npress ok long\nwait 1200\npress ok\nwait 300\nshake 1200\n"
    last = {}
    for line in run_script(text):
        last.update(json.loads(line))
    assert last["phase"] == "play" and "Rolling..." not in last["oled"]
    assert last.get("dice")
