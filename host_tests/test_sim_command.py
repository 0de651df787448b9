"""The simulator's command line (shutbox-sim, python -m board_sim): house rules from a file or
a script line, checked with the box's own messages; every mistake is one line naming its
script line, never a traceback (installed: host_tests/test_installed_commands.py)."""

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from board_sim.__main__ import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
GIVE_UP_S = 120  # a bound on waiting for the terminal (a busy machine may take long), not a timing
START = "wait 300\npress ok long\nwait 1500\npress ok\nwait 300\n"  # the menu's game, then ok to play


def run(tmp_path, capsys, script, *options):
    """main(["run", script, ...]) -> (exit code, stderr, the log's entries)."""
    path = tmp_path / "game.txt"
    path.write_bytes(script if isinstance(script, bytes) else script.encode())
    log = tmp_path / "game.jsonl"
    code = main(["run", str(path), "--log", str(log), *options])
    error = capsys.readouterr().err
    entries = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return code, error, entries


def first_screen(log):
    """The OLED's first whole frame in a log: the first text that stays up a while (a frame
    reaches the glass a band of 16 rows a tick, app.screens)."""
    changes = [(entry["t"], entry["oled"]) for entry in log if "oled" in entry]
    for (at, oled), (next_at, _next) in zip(changes, changes[1:] + [(float("inf"), None)], strict=True):
        if any(oled) and next_at - at >= 50:
            return oled
    raise AssertionError("the OLED never showed a frame")


def one_line(error):
    assert error.count("\n") == 1 and "Traceback" not in error, error
    return error.strip()


def test_house_rules_from_a_file_are_offered_first(tmp_path, capsys):
    rules = tmp_path / "house.json"
    rules.write_text('{"preset": "tournament", "target": 150, "scoring": "missionary"}')
    code, error, log = run(tmp_path, capsys, START, "--rules", str(rules))
    assert code == 0 and error == ""
    assert first_screen(log)[1:3] == [">Game", " house rules"]
    assert any(entry.get("phase") == "play" for entry in log)


def test_a_whole_config_json_is_taken_as_the_box_takes_it(tmp_path, capsys):
    config = tmp_path / "config.json"
    config.write_text('{"rules": {"preset": "thai", "tiles": 10}, "players": 3, "hints": true}')
    code, error, log = run(tmp_path, capsys, START, "--rules", str(config))
    assert code == 0 and error == ""
    menu = first_screen(log)
    assert menu[1:3] == [">Game", " house rules"] and menu[3] == " Players  3" and menu[4] == " Hints    on"
    assert len(log[0]["leds"]) == 10


def test_house_rules_in_a_script(tmp_path, capsys):
    script = 'set rules {"preset": "classic", "scoring": "digital"}  # house\n' + START
    code, error, log = run(tmp_path, capsys, script)
    assert code == 0 and first_screen(log)[1:3] == [">Game", " house rules"]


def test_bad_house_rules_get_the_boxs_message_with_every_problem(tmp_path, capsys):
    rules = tmp_path / "bad.json"
    rules.write_text('{"preset": "thai", "tiles": 11, "moves": 1, "dice": 0}')
    code, error, _log = run(tmp_path, capsys, START, "--rules", str(rules))
    message = one_line(error)
    assert code == 2 and message.startswith("%s: %s: rules: " % (tmp_path / "game.txt", rules))
    for problem in ("unknown key 'moves'", "dice: 0 is outside 1..4", "not 11"):
        assert problem in message
    code, error, _log = run(tmp_path, capsys, 'set rules {"preset": "thai", "dice": 1}\n')
    assert code == 2 and one_line(error).endswith(
        "line 1: rules: move 'thai' reads two dice, but electronic-dice gives 1 die")
    code, error, _log = run(tmp_path, capsys, "set rules {preset: thai}\n")
    assert code == 2 and "line 1: set rules takes a JSON object on one line" in one_line(error)


@pytest.mark.parametrize("script, expected", [
    ("set preset nosuch\n", "line 1: preset: unknown 'nosuch' (choose one of: classic"),
    ("wait 10\nset tiles 0\n", "line 2: 'set' must come before the first event"),
    ("set tiles 0\n", "line 1: 0 is outside 9..24 (set tiles)"),
    ("set players 9\n", "line 1: 9 is outside 1..8 (set players)"),
    ("set preset full-house\nset tiles 9\n", "line 2: full-house needs 12 tiles a row"),
    ("dice 0 1\n", "line 1: die 0 does not fit this game's 6-sided dice: 1..6"),
    ("set preset 2012\n" + START + "dice 21\n", "line 7: die 21 does not fit this game's"),
    ("dice x\n", "line 1: 'dice x' needs a whole number"),
])
def test_script_mistakes_are_one_line_with_the_line_number(tmp_path, capsys, script, expected):
    code, error, _log = run(tmp_path, capsys, script)
    assert code == 2 and expected in one_line(error)


def test_a_die_the_game_cannot_roll_stops_the_run_at_its_line_with_the_log_so_far(tmp_path, capsys):
    code, error, log = run(tmp_path, capsys, START + "dice 7 1\nshake 800\nwait 1500\n")
    assert code == 2 and one_line(error).endswith("line 6: die 7 does not fit this game's 6-sided dice: 1..6")
    assert log and log[-1]["in"] == "dice 7 1"


def test_a_script_may_ask_for_a_24_flap_box(tmp_path, capsys):
    code, error, log = run(tmp_path, capsys, "set tiles 24\n" + START)
    assert code == 0 and error == "" and len(log[0]["leds"]) == 24


def test_a_script_that_is_not_utf8_or_not_there_is_one_line(tmp_path, capsys):
    code, error, _log = run(tmp_path, capsys, b"wait 10\n\xff\xfe\n")
    assert code == 2 and one_line(error).endswith("is not UTF-8 text (byte 0xff at offset 8)")
    assert main(["run", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read the script" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize("argv, expected", [
    (["--tiles", "5"], "tiles: a box has 9 to 24 flaps a row, not 5"),
    (["--preset", "nosuch"], "preset: unknown 'nosuch'"),
    (["--players", "0"], "players: 1 to 8, not 0"),
    (["--rows", "9"], "rows: a box has 1 to 4 rows of flaps, not 9"),
    (["--tiles", "x"], "shutbox-sim: argument --tiles: invalid int value: 'x'"),
    (["--rules", "/nonexistent.json"], "/nonexistent.json: cannot read the rules file"),
])
def test_command_line_mistakes_are_one_line(capsys, argv, expected):
    assert main(argv) == 2
    assert expected in one_line(capsys.readouterr().err)


def test_ctrl_c_ends_quietly(tmp_path, capsys, monkeypatch):
    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("board_sim.__main__.run_script", interrupted)
    code, error, _log = run(tmp_path, capsys, START)
    assert code == 130 and one_line(error) == "shutbox-sim: interrupted"


@pytest.mark.skipif(shutil.which("tmux") is None, reason="no tmux")
def test_ctrl_c_in_the_terminal_leaves_no_traceback(tmp_path):
    """The real front end under tmux: Ctrl-C ends it with one line."""
    session = "shutbox-i14-ctrl-c"
    out = tmp_path / "out.txt"
    command = "cd %s && LANG=C.UTF-8 %s -m board_sim --seed 3 --data %s 2>%s; echo rc=$? >>%s" % (
        ROOT, sys.executable, tmp_path / "data", out, out)
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", command],
                   check=True)
    try:
        import time

        deadline = time.monotonic() + GIVE_UP_S
        while " menu" not in subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                           capture_output=True, text=True).stdout:
            assert time.monotonic() < deadline, "the box never drew"
            time.sleep(0.2)
        subprocess.run(["tmux", "send-keys", "-t", session, "C-c"], check=True)
        deadline = time.monotonic() + GIVE_UP_S
        while "rc=" not in (out.read_text() if out.exists() else ""):
            assert time.monotonic() < deadline, "Ctrl-C did not end it"
            time.sleep(0.2)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    assert out.read_text() == "shutbox-sim: interrupted\nrc=130\n"


def test_help_names_the_run_command_and_the_data_folder(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    shown = capsys.readouterr().out
    assert done.value.code == 0
    assert "shutbox-sim run SCRIPT" in " ".join(shown.split()) and "--data DIR" in shown


@pytest.mark.parametrize("config, expected", [
    ('{"rules": {"preset": "classic"}, "hints": 1}', "hints must be true or false, got 1"),
    ('{"rules": {"preset": "classic"}, "players": true}', "players must be a whole number 1..8, got true"),
])
def test_a_config_files_values_are_named_as_json_writes_them(tmp_path, capsys, config, expected):
    path = tmp_path / "config.json"
    path.write_text(config)
    code, error, _log = run(tmp_path, capsys, START, "--rules", str(path))
    assert code == 2 and expected in one_line(error)


def test_every_file_the_readme_cites_is_in_the_repository():
    import re

    for document in ("README.md", "CONTRIBUTING.md", "board_sim/SCRIPTS.md"):
        text = (ROOT / document).read_text()
        for cited in set(re.findall(r"[\w./-]+\.md\b", text)):
            if cited.startswith("../shared/"):  # the steering repository's, named as such
                continue
            found = (ROOT / cited).exists() or any(ROOT.glob("**/" + cited.split("/")[-1]))
            assert found, "%s cites %s, which is not in the repository" % (document, cited)
