"""What the live scoreboard tells of a match (firmware/net/match_state.py's state(), the JSON of
the Pico W's /state) for each kind of match, on the simulated box (CPython): chips and the
kitty, the last turns read back from the game log; what the phone's page makes of it
(net/page.html's script, run by node): the round's format in words, the score to beat, the
standings with the winners first; and its const() copies against the originals."""

import json
import shutil
import subprocess

import pytest
from box_steps import play_until
from micropython_runtimes import FIRMWARE

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer


def _played(preset, players=3, turns=1, hints=False):
    """state() after `turns` turns of a match of `preset` (a fresh box, seeded)."""
    from net.match_state import state

    box = SimBox(BoxOptions(preset=preset, players=players, hints=hints, seed=12))
    try:
        player = BoxPlayer(box)
        play_until(player, lambda: box.app.tally.turns >= turns, 4000)
        return json.loads(json.dumps(state(box.app)))  # as the page gets it
    finally:
        box.close()


def _page_says(function, state):
    """What net/page.html's script function `function` makes of `state` (/state's JSON), run
    by node."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing")
    page = (FIRMWARE / "net" / "page.html").read_text()
    start = page.index("function %s(" % function)
    source = page[start:page.index("\n}\n", start) + 2]
    script = "%s\nconsole.log(JSON.stringify(%s(%s)));" % (source, function, json.dumps(state))
    return json.loads(subprocess.run([node, "-e", script], capture_output=True, text=True, check=True).stdout)


@pytest.mark.parametrize("preset, words", [
    ("classic", "Round 1 of 1"), ("tournament", "Round 1 to 100"), ("max-penalty", "Round 1 out at 45"),
    ("fixed-rounds", "Round 1 of 5"), ("long-game", "Left to play"),
])
def test_the_page_says_the_round_as_the_oled_says_it(preset, words):
    assert _page_says("roundWords", _played(preset)) == words


def test_a_turn_played_is_listed_with_its_throws_its_end_and_the_tiles_it_left():
    state = _played("classic", turns=2)
    coming, second, first = state["turns"]
    assert coming["player"] == 2 and coming["throws"] == [] and coming["end"] is None
    for turn, player in ((second, 1), (first, 0)):
        assert turn["player"] == player and turn["round"] == 1 and turn["end"] in ("shut", "no move")
        shut = [tile for _dice, tiles in turn["throws"] for tile in tiles]
        assert sorted(shut + turn["open"]) == list(range(1, 10))  # every tile shut once or left
        assert all(len(dice) == 2 for dice, _tiles in turn["throws"])
        assert state["scores"][player] is not None
    assert _page_says("toBeat", state) == min(state["scores"][0], state["scores"][1])
    assert _page_says("standings", state) == sorted(range(3), key=lambda player: (state["totals"][player], player))
    assert "chance" not in state  # hints off


def test_canoga_tells_the_chips_and_the_kitty_and_hints_the_coachs_chance():
    state = _played("canoga", players=2, hints=True)
    assert len(state["chips"]) == 2 and state["kitty"] is not None
    assert state["chance_word"] in ("shut", "win", "stay") and "chance" in state


def test_a_finished_match_names_its_winners_first_in_the_standings():
    from net.match_state import state

    box = SimBox(BoxOptions(preset="classic", players=3, seed=5))
    try:
        BoxPlayer(box).play()
        found = json.loads(json.dumps(state(box.app)))
    finally:
        box.close()
    assert found["over"] and found["winners"]
    assert _page_says("standings", found)[:len(found["winners"])] == sorted(found["winners"])
    assert _page_says("toBeat", {"scores": [None, None]}) is None


def test_its_copies_of_other_modules_constants_are_theirs():
    from app import core
    from game import rules
    from net import match_state, server

    assert (match_state._PLAY, match_state._FINISHED) == (core.PLAY, core.FINISHED)
    assert match_state._MATCH_MAX_PENALTY == rules.MATCH_MAX_PENALTY
    for match, words in ((rules.MATCH_SINGLE, "Round 2 of 1"), (rules.MATCH_FIXED_ROUNDS, "Round 2 of 5"),
                         (rules.MATCH_TOURNAMENT, "Round 2 to 100"), (rules.MATCH_MAX_PENALTY, "Round 2 out at 45"),
                         (rules.MATCH_LONG_GAME, "Left to play"), (rules.MATCH_RACE, "Left to shut")):
        assert _page_says("roundWords", {"round": 2, "format": [match, 5, 100, 45]}) == words  # the page's copies
    assert match_state._STAKES_CANOGA == rules.STAKES_CANOGA
    from app.screen_lines import END_WORDS

    assert match_state.END_NAMES[2:] == END_WORDS[2:] and match_state.END_NAMES[1] == "shut"
    import errno
    import select

    assert (server._POLLIN, server._POLLOUT, server._POLLERR, server._POLLHUP, server._EAGAIN) == (
        select.POLLIN, select.POLLOUT, select.POLLERR, select.POLLHUP, errno.EAGAIN)


def test_the_server_makes_state_in_three_steps_the_match_its_turns_then_its_json(monkeypatch):
    """net.server's /state (issue 47's tick budget): reading the match, its last turns and
    writing its JSON are three steps' work, each beside an App's tick; the answer then shared
    while the match stands still."""
    from net import match_state
    from net.server import Server

    box = SimBox(BoxOptions(preset="classic", players=3, seed=11))
    try:
        play_until(BoxPlayer(box), lambda: box.app.tally.turns >= 1, 4000)
        server = Server(box.app, port=None)
        reads = []
        turns = []
        read = match_state.state
        add_turns = match_state.add_turns
        monkeypatch.setattr(match_state, "state", lambda app, turns=True: reads.append(app) or read(app, turns))
        monkeypatch.setattr(match_state, "add_turns", lambda found, app: turns.append(app) or add_turns(found, app))
        assert server._state(0) is None and len(reads) == 1 and not turns  # the match read, not its turns
        assert server._state(5) is None and len(turns) == 1 and server.counts[4] == 0  # its turns, no JSON yet
        answer = server._state(10)
        assert json.loads(answer) == json.loads(json.dumps(read(box.app))) and len(reads) == len(turns) == 1
        assert server.counts[4] == 1 and server._state(700) is answer and len(reads) == 1
        server.state_json = None  # made again: the match read, then it moves on before its turns
        assert server._state(800) is None and len(reads) == 2
        server.state_mark = "moved"
        assert server._state(805) is None and server.state_read is None and len(turns) == 1
        assert server._state(810) is None and len(reads) == 3  # read again from the start
    finally:
        box.close()


def test_a_state_answer_made_before_the_match_moved_is_made_again_before_it_goes():
    """An answer made during a roll waited out the turn's save (no step while one is under way),
    then went with the match as it stood: on the emulated chip that phone saw the turn's end a
    poll later, 1.7-1.8 s after it. Now one none of which has gone is made again first."""
    from net import match_state
    from net import server as net_server
    from net.server import Server, _Connection

    class Phone:
        def __init__(self):
            self.got = b""

        def send(self, data):
            self.got += bytes(data)
            return len(data)

        def close(self):
            pass

    class Poller:
        def modify(self, sock, events):
            pass

        def unregister(self, sock):
            pass

    box = SimBox(BoxOptions(preset="classic", players=3, seed=12))
    try:
        player = BoxPlayer(box)
        play_until(player, lambda: box.app.tally.turns >= 1, 4000)
        server = Server(box.app, port=None)
        server.poller = Poller()
        for now in (0, 5, 10):
            server._state(now)
        made = server.state_json
        phone = Phone()
        connection = _Connection(phone)
        connection.route = net_server._STATE
        server._send(connection, b"application/json", len(made), made)
        mark = match_state.mark(box.app)
        play_until(player, lambda: match_state.mark(box.app) != mark, 4000)
        server._write(connection, 1000)
        assert phone.got == b"" and connection.state == net_server._ANSWERING  # not the old one
        for now in (1005, 1010, 1015):
            server._answer(connection, now, net_server._HEAVY)
        server._write(connection, 1020)
        body = phone.got[phone.got.index(b"\r\n\r\n") + 4:]
        assert body == server.state_json != made
        assert json.loads(body) == json.loads(json.dumps(match_state.state(box.app)))
    finally:
        box.close()


def test_a_state_answer_is_not_shared_once_the_match_moved_however_new():
    """/state made just before a turn's end is no answer after it, even made under 200 ms ago
    (the rate the menu's answers are shared at): on the emulated chip a phone polling then got
    the answer made before and saw the turn's end a poll (0.7 s) later."""
    from net import match_state
    from net.server import Server

    box = SimBox(BoxOptions(preset="classic", players=3, seed=12))
    try:
        player = BoxPlayer(box)
        play_until(player, lambda: box.app.tally.turns >= 1, 4000)
        server = Server(box.app, port=None)
        for now in (0, 5, 10):
            server._state(now)
        made = server.state_json
        assert server._current(20) and server._state(20) is made
        turns = box.app.tally.turns
        play_until(player, lambda: box.app.tally.turns > turns, 4000)
        assert match_state.mark(box.app) != server.state_mark
        assert not server._current(30) and server._state(30) is None  # read again from the match
    finally:
        box.close()
