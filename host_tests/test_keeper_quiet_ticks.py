"""The keeper's slices keep out of the ticks that already have long work or that a player would
feel (issue 45): none beside a band of the OLED going out (some 6 ms of the 400 kHz I2C bus,
seen on the simulated bus), none in a tick that answers a flap or draws the dice landing (a
slice may erase a block of the flash, 45 ms on a Pico), none in a tick that answers a button's
press. Each tick of a whole match is recorded: whether the keeper did a slice (app.keeper's
step, as the App calls it), the bytes the OLED took on the bus, a flap's change answered
(hal.flaps' `changed`), the dice landed, a button's press, the phase or turn changed."""

import pytest
from box_steps import counted
from test_keeper_slices import _play_a_match_watched

from board_sim.box import BoxOptions, SimBox

_OLED = 0x3C
_BAND_BYTES = 200  # an OLED write this long is a band of the frame (a command is 3 bytes)
_LANDED = 2  # app.roller's state for the tick the dice land in


def _ticks_of_a_match(options, monkeypatch):
    """[(slice, band, flap, landed, pressed, phase or turn changed)] of every tick of a whole
    match on a simulated box."""
    import app.keeper

    box = SimBox(options)
    slices = []
    step = app.keeper.step

    def counted_step(keeper):
        slices.append(1)
        step(keeper)

    monkeypatch.setattr(app.keeper, "step", counted_step)
    buses = list(box.board.buses.values())
    app_ = box.app
    ticks = []
    pressed = []
    for button in app_.devices.buttons.values():
        def update(now_ms, update=button.update):
            press = update(now_ms)
            if press:
                pressed.append(press)
            return press

        button.update = update
    tick = box.tick

    def watched_tick():
        before = (len(slices), sum(bus.written.get(_OLED, 0) for bus in buses), len(pressed), app_.phase, app_.turn)
        tick()
        sent = sum(bus.written.get(_OLED, 0) for bus in buses) - before[1]
        ticks.append((len(slices) != before[0], sent >= _BAND_BYTES,
                      any(row.changed for row in app_.devices.flaps.rows), app_.roller.state == _LANDED,
                      len(pressed) != before[2], (app_.phase, app_.turn) != before[3:]))

    _play_a_match_watched(box, watched_tick)
    return ticks


def _note_slices_and_work(monkeypatch, hints):
    """{} that a tick's keeper slice sets "slice" in, and the coach's work "work" (clear it each tick)."""
    import app.keeper

    step, work = app.keeper.step, type(hints).work
    done = {}

    def counted_step(keeper):
        done["slice"] = True
        step(keeper)

    def counted_work(self, turn, log):
        done["work"] = True
        return work(self, turn, log)

    monkeypatch.setattr(app.keeper, "step", counted_step)
    monkeypatch.setattr(type(hints), "work", counted_work)
    return done


@pytest.mark.parametrize("options", [
    BoxOptions(seed=7, players=2, hints=True),
    BoxOptions(seed=3, preset="full-house", players=2, hints=True, flap_wiring="mcp23017"),
], ids=["classic", "full-house on MCP23017s"])
def test_no_slice_of_the_keeper_s_work_beside_a_band_a_flap_or_a_button_answered_or_the_dice_landing(options, monkeypatch):
    ticks = _ticks_of_a_match(options, monkeypatch)
    slices = [tick for tick in ticks if tick[0]]
    assert len(slices) > 100  # the match's saves, the menu's, the statistics'
    assert sum(tick[1] for tick in ticks) > 100  # bands sent
    assert sum(tick[2] for tick in ticks) > 10 and sum(tick[3] for tick in ticks) > 5  # flaps, rolls
    assert [tick for tick in slices if tick[1]] == []  # no band beside a slice
    assert [tick for tick in slices if tick[2] or tick[3]] == []  # no flap answered, no dice landing
    # nor beside a button's press, which may start a turn or change the phase (a Pico's slice
    # beside one took 23 ms), nor in a tick that changes them
    assert sum(tick[4] for tick in ticks) >= 3 and [tick for tick in slices if tick[4]] == []
    assert sum(tick[5] for tick in ticks) >= 3 and [tick for tick in slices if tick[5]] == []


def test_a_save_under_way_lends_every_other_tick_to_the_coach_s_work(monkeypatch):
    """A quick hand's moves, each saved, kept a save under way for most of a turn, and the coach
    had no tick while one was (issue 45: on the emulated chip player 1's chance was never ready
    in a 9.6 s turn). While both have work, every other tick is the coach's; never both in one."""
    from app.keeper import under_way

    box = SimBox(BoxOptions(seed=7, players=2, hints=True))
    app_ = box.app
    hints = app_.hints
    record = []  # per tick with a save under way as it began: (keeper's slice, coach's work)
    done = _note_slices_and_work(monkeypatch, hints)
    tick = box.tick

    def watched_tick():
        done.clear()
        saving = app_.keeper is not None and under_way(app_.keeper) and hints._starting is None
        tick()
        if saving:
            record.append((done.get("slice", False), done.get("work", False)))

    _play_a_match_watched(box, watched_tick)
    lent = [ticks for ticks in record if ticks[1]]
    assert lent and sum(ticks[0] for ticks in record) > 100  # (a few: several slices a tick now)
    assert [ticks for ticks in record if ticks == (True, True)] == []


@pytest.mark.parametrize("asks", [1, 2])
def test_while_a_phone_waits_a_save_lends_every_other_tick_to_the_scoreboard_s_server(monkeypatch, asks):
    """The scoreboard's server (net.server, issue 47) stands in for app.keeper's keep_up in
    app.core: while a phone waits it asks for a save's ticks (`asks`: 1 sockets to serve, 2
    an answer to make). A save under way then lends it every other tick (`lent`) where it
    would not lend it to the coach, or in the coach's place for an answer to make; no slice
    goes in a tick lent to either, the coach never works in the server's, and every tick that
    did a slice is told as the save's (`sliced`: the server does not step in it); the saves go
    on (hints on: the coach wants ticks too)."""
    import app.core
    import app.keeper
    from app.keeper import under_way
    from net.server import Server

    box = SimBox(BoxOptions(seed=7, players=2, hints=True))
    app_ = box.app
    hints = app_.hints
    server = Server(app_, port=None)
    monkeypatch.setattr(app.core, "keep_up", server.keep_up)  # as net.server's start puts it
    record = []  # per tick with a save under way as it began: (slice, coach's work, lent, sliced)
    gaps = [0]  # ticks with a save under way since its last slice, after each tick
    done = _note_slices_and_work(monkeypatch, hints)
    tick = box.tick

    def watched_tick():
        done.clear()
        keeper = app_.keeper
        server.asks = asks  # (as the server's tick tells it)
        server.sliced = False
        saving = under_way(keeper) and hints._starting is None and not app_.roller.state
        tick()
        if under_way(keeper) or done.get("slice"):
            gaps.append(0 if done.get("slice") else gaps[-1] + 1)
        if saving:
            record.append((done.get("slice", False), done.get("work", False), server.lent, server.sliced))

    _play_a_match_watched(box, watched_tick)
    slices = [ticks for ticks in record if ticks[0]]
    assert len(slices) > 100 and all(ticks[3] and not ticks[2] for ticks in slices)  # each told the save's
    assert [ticks for ticks in record if ticks[0] and ticks[1]] == []  # never the coach beside a slice
    lent = [ticks for ticks in record if ticks[2]]
    assert len(lent) > 50 and [ticks for ticks in lent if ticks[1] or ticks[3]] == []  # the server's alone
    coach = [ticks for ticks in record if ticks[1]]
    assert (len(coach) > 0) == (asks == 1)  # the coach keeps its lent ticks unless an answer is to be made
    # the saves go on: over a third of those ticks a slice, and never more ticks with a save under
    # way and none than with no phone (this match, server.asks 0: 29, a coach's start at a turn's
    # start with its bands; 26 before a save's commit to the flash waited for a tick of its own,
    # app.keeper's alone, and 24 before the LEDs were written only on a change)
    assert len(slices) * 3 > len(record) and max(gaps) <= 29


def test_a_save_s_commit_to_the_flash_has_a_tick_of_its_own_that_reads_no_input(monkeypatch):
    """A file closed, renamed or removed is LittleFS's commit: it may compact the folder or scan
    for free blocks (some 16 ms of an emulated RP2040's) and erase a block (45 ms). On 24 tiles
    on two expanders that slice beside a tick's reading of them took 21 ms, 66 with the erase
    (issue 45): the slice before it asks for a tick of its own (app.keeper's `alone`), which
    app.core gives it first thing, before the flaps, the buttons or the screen."""
    import app.keeper
    from hal.flaps import FlapSwitches
    from hal.storage import PosixFiles

    box = SimBox(BoxOptions(seed=7, players=2, hints=True))
    tick = {"commits": 0, "read": 0, "slices": 0}
    ticks = []  # (commits, inputs read, slices) of each tick

    class Closing:
        def __init__(self, stream):
            self.stream = stream

        def __getattr__(self, name):
            return getattr(self.stream, name)

        def __enter__(self):
            return self

        def __exit__(self, *failed):
            tick["commits"] += 1
            return self.stream.__exit__(*failed)

        def close(self):
            tick["commits"] += 1
            return self.stream.close()

    opened = PosixFiles.open
    renamed = PosixFiles.rename
    removed = PosixFiles.remove

    def counted(method):
        def call(self, *args):
            tick["commits"] += 1
            return method(self, *args)
        return call

    monkeypatch.setattr(PosixFiles, "open", lambda self, path, mode: Closing(opened(self, path, mode))
                        if "w" in mode else opened(self, path, mode))
    monkeypatch.setattr(PosixFiles, "rename", counted(renamed))
    monkeypatch.setattr(PosixFiles, "remove", counted(removed))
    update = FlapSwitches.update

    def read(self, now_ms):
        tick["read"] += 1
        return update(self, now_ms)

    monkeypatch.setattr(FlapSwitches, "update", read)
    step = app.keeper.step

    def stepped(keeper):
        tick["slices"] += 1
        step(keeper)

    monkeypatch.setattr(app.keeper, "step", stepped)
    app_tick = box.tick

    def watched_tick():
        tick.update(commits=0, read=0, slices=0)
        app_tick()
        ticks.append((tick["commits"], tick["read"], tick["slices"]))

    _play_a_match_watched(box, watched_tick)
    committing = [counts for counts in ticks if counts[0]]
    assert len(committing) >= 15, len(committing)  # (20 in this match)
    assert [counts for counts in committing if counts != (counts[0], 0, 1)] == []  # alone, no input read


def test_a_frame_due_in_a_tick_that_did_a_save_s_slice_is_drawn_in_the_next(monkeypatch):
    """A save's first slices import its modules (a Pico's 10 ms or so each); a frame that fell
    due later in that tick (the dice starting to tumble, a page turned) made a 21 ms tick on 24
    tiles on the emulated chip (issue 45). Such a frame waits for the next tick; the LEDs do not."""
    import app.keeper

    box = SimBox(BoxOptions(seed=7, players=2, hints=True))
    app_ = box.app
    drawn = counted(monkeypatch, app_.screen, "send")
    sliced = []
    step = app.keeper.step

    def step_then_a_frame_due(keeper):  # as if the rest of the tick made a frame due (each of
        sliced.append(len(drawn))  # the match's first 30 slices: a frame takes five ticks to send)
        step(keeper)
        if len(sliced) <= 30:
            app_.dirty = True

    monkeypatch.setattr(app.keeper, "step", step_then_a_frame_due)
    frames_after = []  # frames drawn in the tick of a slice, and in the one after
    tick = box.tick

    def watched_tick():
        before, slices = len(drawn), len(sliced)
        tick()
        if len(sliced) != slices:
            frames_after.append([len(drawn) - before])
        elif frames_after and len(frames_after[-1]) == 1:
            frames_after[-1].append(len(drawn) - before)

    _play_a_match_watched(box, watched_tick)
    assert len(frames_after) >= 30
    assert [pair for pair in frames_after if pair[0]] == []
    assert [pair for pair in frames_after[:30] if len(pair) == 2 and not pair[1]] == []
