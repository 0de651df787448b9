"""The OLED's frame goes out a band of 16 rows a tick (issue 28): a whole 128x64 frame is 23 ms
of a 400 kHz I2C bus, longer than a tick may take on a Pico, a band about 6 ms. No tick sends
more than one band, the App never sends a whole frame, no new frame is drawn before the last one
is on the glass, and what the glass shows is then the frame drawn, whole."""

from box_steps import oled

from board_sim.box import BoxOptions, SimBox
from board_sim.frontend.oled import text_lines
from board_sim.script_player import BoxPlayer

BANDS = 4  # a 128x64 panel: four bands of two pages


def _watched(box):
    """Wrap the display's sends and the screen's drawing; returns the record they fill:
    per tick the bands sent, the whole frames sent, and frames drawn while bands were unsent."""
    display = box.devices.display
    screen = box.app.screen
    record = {"bands": [], "wholes": 0, "drawn_over": 0, "drawn": 0}
    show_band, show, send = display.show_band, display.show, screen.send

    def counted_band(band):
        record["bands"][-1].append(band)
        show_band(band)

    def counted_show():
        record["wholes"] += 1
        show()

    def counted_send():
        record["drawn"] += 1
        if screen.unsent:
            record["drawn_over"] += 1
        send()

    display.show_band = counted_band
    display.show = counted_show
    screen.send = counted_send
    return record


def test_a_frame_goes_out_a_band_a_tick_and_the_glass_shows_it_whole():
    box = SimBox(BoxOptions(seed=4, players=2, preset="classic", hints=True))
    try:
        record = _watched(box)
        player = BoxPlayer(box)
        tick = box.tick

        def watched_tick():
            record["bands"].append([])
            tick()

        box.tick = watched_tick
        for _ in range(400):  # the menu, the start, turns with rolls, moves and hints
            player.step()
        for _ in range(BANDS):  # the last frame's bands still to go (no new frame before they are)
            if box.app.screen.unsent:
                box.tick()
        sent = record["bands"]
        assert record["drawn"] > 20 and record["wholes"] == 0 and record["drawn_over"] == 0
        assert max(len(bands) for bands in sent) == 1  # never two bands in one tick
        flat = [bands[0] for bands in sent if bands]
        assert len(flat) == BANDS * record["drawn"]  # every frame drawn went out whole ...
        assert flat == list(range(BANDS)) * record["drawn"]  # ... top to bottom
        assert box.app.screen.unsent == 0
        drawn = bytes(box.devices.display.buffer)
        assert text_lines(box.board.display_pixels()) == oled(box)  # the glass: the last frame ...
        assert bytes(box.devices.display.buffer) == drawn  # ... as drawn (oled() drew nothing new)
    finally:
        box.close()


def test_the_glass_shows_a_new_frame_within_as_many_ticks_as_it_has_bands():
    box = SimBox(BoxOptions(seed=4, players=2, preset="classic"))
    try:
        box.run(300)  # the menu, on the glass
        before = text_lines(box.board.display_pixels())
        box.board.press("select")  # the next row: a new frame
        screen = box.app.screen
        ticks = 0
        while not screen.unsent:  # the tick that draws it
            box.tick()
            ticks += 1
            assert ticks < 100
        assert text_lines(box.board.display_pixels()) == before  # drawn, not sent yet
        for _ in range(BANDS):
            box.tick()
        after = text_lines(box.board.display_pixels())
        assert screen.unsent == 0 and after != before
        assert bytes(box.board.display.gddram) == bytes(box.devices.display.buffer)  # the frame drawn, whole
    finally:
        box.close()


def test_in_play_the_oled_waits_a_tick_after_the_dice_land_or_a_flap_is_answered():
    """The dice landing (the roll fed to the turn, its legal moves, the coach's hint) and a flap
    answered are each a Pico's long work: the OLED's (a frame drawn, or a band of it sent, some
    6 ms of the bus) waits for the next tick (issue 45, measured on the emulated chip: such
    ticks took 20-39 ms with the frame drawn beside them)."""
    box = SimBox(BoxOptions(seed=4, players=2, preset="classic", hints=True))
    record = _watched(box)
    app = box.app
    busy_ticks = []  # in play, the dice landed or a flap answered: (bands sent, frames drawn)
    tick = box.tick

    def watched_tick():
        record["bands"].append([])
        drawn = record["drawn"]
        tick()
        if app.phase == 2 and (app.roller.state == 2 or app.devices.flaps.rows[app.row].changed):
            busy_ticks.append((len(record["bands"][-1]), record["drawn"] - drawn))

    box.tick = watched_tick
    try:
        assert BoxPlayer(box).play()
    finally:
        box.tick = tick
        box.close()
    assert len(busy_ticks) >= 10  # the match's rolls and flaps (its dice stirred by its ticks: 19 with seed 4)
    assert [work for work in busy_ticks if work != (0, 0)] == []


def test_the_tick_that_imports_the_match_s_end_sends_no_band(monkeypatch):
    """The match's end (app.finish, imported the tick after its last turn ends) waits until the
    last turn's frame is all sent: with a band beside it that tick took an emulated RP2040 24 ms
    (issue 45)."""
    import sys

    for name in [name for name in sys.modules if name.startswith("app.finish")]:
        monkeypatch.delitem(sys.modules, name)  # as a board holds them in play: not loaded
        monkeypatch.delattr(sys.modules["app"], name[4:], raising=False)
    box = SimBox(BoxOptions(seed=4, players=2, preset="classic", hints=True))
    record = _watched(box)
    importing = []  # the bands sent by the tick that imported app.finish
    resent = []
    tick = box.tick

    def watched_tick():
        record["bands"].append([])
        loaded = "app.finish" in sys.modules
        tick()
        if not loaded and "app.finish" in sys.modules:
            importing.append(len(record["bands"][-1]))
        elif box.app.phase == 3 and box.app.ending is None and not resent:
            resent.append(1)
            box.app.screen.send()  # as when the last turn's frame is still going out (the dice landed)

    box.tick = watched_tick
    try:
        assert BoxPlayer(box).play()
        box.run(500)
    finally:
        box.tick = tick
        box.close()
    assert importing == [0]
