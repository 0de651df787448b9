"""A box's network (issue 47): the board files say which boards have Wi-Fi, config.json's `wifi`
section is checked with clear messages, and net.wifi's link joins the pub's network a poll a
tick, falling back to the box's own after its timeout, on the simulated chip
(board_sim.devices.wifi); a box without Wi-Fi loads none of it."""

import json
import shutil
import sys

import pytest
from hal.board_config import validate
from net.wifi_settings import NAME, PASSWORD, read
from test_hal_board_config import FIRMWARE, board_file
from test_input_check import BootedBox

from board_sim.box import BoxOptions, SimBox
from board_sim.install import simulated

PUB = {"ssid": "The Crown", "password": "pints4all", "timeout_s": 20}


@pytest.mark.parametrize("name", ["pico", "pico_w", "pico2", "pico2_w", "esp32_devkit"])
def test_the_board_files_say_which_boards_have_wifi(name):
    clean, faults = validate(board_file(name))
    assert faults == []
    assert clean["wifi"] is name.endswith("_w")


def test_a_wifi_key_that_is_not_true_or_false_is_named_and_taken_as_false():
    board = board_file("pico_w")
    board["wifi"] = "yes"
    clean, faults = validate(board)
    assert clean["wifi"] is False
    assert faults == ["board config: wifi: must be true or false, got 'yes'; taken as false"]


def test_without_a_wifi_section_the_box_starts_its_own_network():
    assert read(None) == ((NAME, PASSWORD, None), [])
    assert read({"name": "box 7", "password": "12345678"}) == (("box 7", "12345678", None), [])


def test_a_pub_network_to_join_is_read_with_its_timeout():
    assert read({"join": PUB}) == ((NAME, PASSWORD, ("The Crown", "pints4all", 20000)), [])
    assert read({"join": {"ssid": "Open Bar"}}) == ((NAME, PASSWORD, ("Open Bar", "", 30000)), [])


@pytest.mark.parametrize("section, fault", [
    ("shutbox", 'config.json: wifi: must be an object {"name": ..., "password": ..., "join": {...}}, '
                "got \"shutbox\"; using the box's own network shutbox"),
    ({"name": ""}, 'config.json: wifi.name: must be 1-27 plain characters (letters, digits, signs), '
                   'got ""; using shutbox'),
    ({"name": "x" * 28}, "config.json: wifi.name: must be 1-27 plain characters (letters, digits, "
                         'signs), got "%s"; using shutbox' % ("x" * 28)),
    ({"password": "short"}, "config.json: wifi.password: must be 8-27 plain characters (WPA2 takes 8 "
                            'or more), got "short"; using shutthebox'),
    ({"pasword": "12345678"}, 'config.json: wifi: unknown key "pasword" (the keys are name, password, '
                              "join); ignored"),
])
def test_a_bad_own_network_gets_a_clear_message_and_the_default(section, fault):
    checked, faults = read(section)
    assert faults == [fault]
    assert checked[2] is None and len(checked[1]) >= 8


@pytest.mark.parametrize("join, fault", [
    ({"password": "pints4all"}, "config.json: wifi.join.ssid: must name the network (1-32 bytes), "
                                "got null; using the box's own network"),
    ({"ssid": "The Crown", "password": "pint"}, 'config.json: wifi.join.password: must be 8-63 plain '
     'characters, or "" for an open network, got "pint"; using the box\'s own network'),
    (["The Crown"], 'config.json: wifi.join: must be an object {"ssid": ..., "password": ..., '
                    '"timeout_s": ...}, got ["The Crown"]; using the box\'s own network'),
])
def test_a_bad_pub_network_is_named_and_the_box_uses_its_own(join, fault):
    checked, faults = read({"join": join})
    assert checked == (NAME, PASSWORD, None)
    assert faults == [fault]


def test_a_bad_timeout_is_named_and_the_default_kept():
    checked, faults = read({"join": dict(PUB, timeout_s=1)})
    assert checked[2] == ("The Crown", "pints4all", 30000)
    assert faults == ["config.json: wifi.join.timeout_s: must be a whole number of seconds 5..600, "
                      "got 1; using 30"]


def wifi_box(section=None, **options):
    return SimBox(BoxOptions(board="pico_w", wifi=section, **options))


def test_the_box_starts_its_own_network_at_boot_and_has_its_address_at_the_first_tick():
    box = wifi_box({"name": "shutbox-7", "password": "letmein99"})
    try:
        from net.wifi import _OWN as OWN

        chip = box.board.wifi
        assert chip.access_point.calls == [("config", {"essid": "shutbox-7", "password": "letmein99"}),
                                           ("active", True)]
        assert chip.station.calls == []
        box.tick()
        link = box.devices.wifi
        assert (link.mode, link.ssid, link.password, link.address) == (OWN, "shutbox-7", "letmein99",
                                                                        "192.168.4.1")
    finally:
        box.close()


def test_the_pub_network_joined_when_it_answers_within_the_timeout():
    box = wifi_box({"join": PUB})
    try:
        from net.wifi import _JOINED as JOINED
        from net.wifi import _JOINING as JOINING

        box.board.wifi.add_network("The Crown", "pints4all", answers_after_ms=6000,
                                   address="10.0.0.23")
        link = box.devices.wifi
        box.run(5000)
        assert (link.mode, link.ssid, link.address) == (JOINING, "The Crown", None)
        box.run(2000)
        assert (link.mode, link.ssid, link.password, link.address) == (JOINED, "The Crown", None,
                                                                        "10.0.0.23")
        assert box.board.wifi.access_point.calls == []  # its own network never started
    finally:
        box.close()


@pytest.mark.parametrize("in_reach", [True, False])
def test_a_pub_network_that_never_lets_it_in_falls_back_to_its_own_after_the_timeout(in_reach):
    box = wifi_box({"join": PUB})
    try:
        from net.wifi import _JOINING as JOINING
        from net.wifi import _OWN as OWN

        if in_reach:
            box.board.wifi.add_network("The Crown", "pints4all", answers_after_ms=None)
        link = box.devices.wifi
        box.run(19000)
        assert link.mode == JOINING
        box.run(3000)
        assert (link.mode, link.ssid, link.password, link.address, link.failed) == (
            OWN, NAME, PASSWORD, "192.168.4.1", True)
        assert box.board.wifi.station.active is False and box.board.wifi.access_point.active
    finally:
        box.close()


def test_a_wrong_password_falls_back_at_once():
    box = wifi_box({"join": PUB})
    try:
        from net.wifi import _OWN as OWN

        box.board.wifi.add_network("The Crown", "another1", answers_after_ms=2000)
        box.run(4000)
        assert box.devices.wifi.mode == OWN
    finally:
        box.close()


def test_a_pub_network_lost_is_joined_again():
    box = wifi_box({"join": PUB})
    try:
        from net.wifi import _JOINED as JOINED
        from net.wifi import _JOINING as JOINING

        chip = box.board.wifi
        chip.add_network("The Crown", "pints4all", answers_after_ms=1000)
        box.run(2000)
        assert box.devices.wifi.mode == JOINED
        chip.networks["The Crown"].answers_after_ms = None  # the router restarts
        chip.station.joining = ("The Crown", "pints4all", box.board.now_ms)
        box.run(1000)
        assert (box.devices.wifi.mode, box.devices.wifi.address) == (JOINING, None)
        chip.networks["The Crown"].answers_after_ms = 0
        box.run(1000)
        assert box.devices.wifi.mode == JOINED
    finally:
        box.close()


def booted(tmp_path, monkeypatch, board, settings):
    """A box booted as a board boots (main.start) from board.json naming `board` and this
    config.json."""
    shutil.copytree(FIRMWARE / "boards", tmp_path / "boards")
    (tmp_path / "board.json").write_text(json.dumps({"board": board}))
    (tmp_path / "config.json").write_text(json.dumps(settings))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    return BootedBox(str(tmp_path / "data"), board=board)


def test_a_pico_w_boots_its_network_and_reports_bad_settings_as_faults(tmp_path, monkeypatch):
    box = booted(tmp_path, monkeypatch, "pico_w", {"wifi": {"name": "", "join": {"ssid": 7}}})
    try:
        link = box.app.devices.wifi
        assert link.ssid == NAME and "net.wifi_settings" not in sys.modules  # let go after boot
        box.run(300)
        assert box.app.faults.reported == [
            'config.json: wifi.name: must be 1-27 plain characters (letters, digits, signs), got ""; '
            "using shutbox",
            "config.json: wifi.join.ssid: must name the network (1-32 bytes), got 7; using the box's "
            "own network"]
    finally:
        box.close()


def test_a_box_without_wifi_ignores_the_section_and_loads_no_network_code(tmp_path, monkeypatch):
    for name in [name for name in sys.modules if name.split(".")[0] == "net"]:
        monkeypatch.delitem(sys.modules, name)  # (this module's imports: put back after)
    box = booted(tmp_path, monkeypatch, "pico", {"wifi": {"join": PUB}, "players": 3})
    try:
        box.run(300)
        assert box.app.devices.wifi is False
        assert box.app.faults.reported == []  # "wifi" is a key of config.json, not an unknown one
        assert [name for name in sys.modules if name == "net" or name.startswith("net.")] == []
        assert box.board.wifi is None
    finally:
        box.close()


def test_the_copies_of_the_links_modes_and_the_chips_statuses_match_their_originals():
    box = wifi_box()
    try:
        import network
        from app import screen_net
        from net import wifi

        assert (screen_net._JOINING, screen_net._STARTING, screen_net._OWN) == (
            wifi._JOINING, wifi._STARTING, wifi._OWN)
        assert (wifi._STAT_GOT_IP, wifi._STAT_WRONG_PASSWORD) == (network.STAT_GOT_IP,
                                                                  network.STAT_WRONG_PASSWORD)
    finally:
        box.close()


def test_a_chip_that_does_not_start_is_a_fault_and_the_box_goes_without_wifi():
    with simulated(board_file("pico_w")) as board:
        board.wifi.answers = False
        from net.wifi_settings import start

        faults = []
        assert start(None, faults) is False
        assert faults == ["wifi: the chip does not start (-1); no Wi-Fi"]


def test_a_pico_w_whose_micropython_has_no_network_module_says_so_and_plays_without_wifi():
    with simulated(board_file("pico_w")):
        stand_in = sys.modules["network"]
        sys.modules["network"] = None  # type: ignore[assignment]  (an import of it fails)
        try:
            from net.wifi_settings import start

            faults = []
            assert start(None, faults) is False
        finally:
            sys.modules["network"] = stand_in
    assert faults == ["wifi: this MicroPython has no network module (flash the Pico W's build); "
                      "no Wi-Fi"]
