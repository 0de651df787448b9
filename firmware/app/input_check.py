"""The input check: every input as the box reads it, live, so a box wired or set up wrong shows
what is wrong (ok and select swapped, flaps read the wrong way round, a shake threshold no hand
reaches). The menu's row "Check inputs" opens it (app.menu), and app.startup at the box's first
power-on or with select held while it powers on; holding ok for _HOLD_MS leaves it, to the
menu. It starts no match and changes none: it reads the devices, lights the LEDs and beeps.
Its frame is app.screen_check's, imported in a tick of its own before the first is drawn.

On the OLED (16 characters a line, any box up to 24 tiles a row and 4 rows):

    INPUT CHECK
    [][][]..          a marker per flap, a row of markers per row of flaps: filled when shut
    shut: 1 5 12      the shut flaps by number (one row, when they fit), else "shut: 9 of 9"
    press: select ok  the buttons reading pressed, by the firmware's names
    x 0.0y-0.1z 1.0g  the accelerometer's reading, tenths of g (whole g from 10 g), or why none
    shake at 0.35g    the motion a shake takes (board.json's shake threshold), "shake!" while
    hold ok 2s: menu  the box reads one (a roll, in a turn)

The LED under each shut flap lights; a button pressed beeps. Loaded only while shown (app.menu
imports it and lets it go, app.screen_check with it): nothing of it stays in the heap in play, and the modules that stay
name only `start` and the menu's `check` (each name a module holds is kept for good).
"""

import time

from micropython import const

_HOLD_MS = const(2000)  # ok held this long leaves the check
_LEGAL = const(0x00C000)  # app.lights' colour (as there): the LED under a shut flap
_SOUND_CLICK = const(0)  # app.core's sound (as there)
_SHAKE_TUMBLING = const(1)  # hal.shake's states (as there)
_SHAKE_FAULT = const(3)  # (as there)
_NO_ACCEL = const(0)  # what the check knows of the accelerometer
_ACCEL_READS = const(1)
_ACCEL_SHAKEN = const(2)
_ACCEL_DEAD = const(3)
_BUTTONS = ("select", "ok")  # the buttons the firmware reads, in the order shown


def start(app):
    """The check over `app`, opened now (app.menu keeps it while it is shown)."""
    return InputCheck(app)


class InputCheck:
    """The check over `app` (its devices, buzzer and dirty flag): step(now_ms) each tick of
    the menu, True once ok has been held _HOLD_MS; show(screen) and light(leds) draw it (the
    first frame after the first step)."""

    def __init__(self, app):
        self.app = app
        devices = app.devices
        self.flaps = devices.flaps
        self.shut = [-1] * devices.flaps.row_count  # each row's shut mask as last shown (-1: none yet)
        self.pressed = 0  # bit i: _BUTTONS[i] reads pressed
        self.tenths = [0, 0, 0]  # the accelerometer's x, y, z in tenths of g, as last shown
        self.accel = _NO_ACCEL
        self.ok_since = -1  # when ok went down, -1: it is up
        self.frames = None  # app.screen_check once the first frame has imported it

    def step(self, now_ms):
        """Read the inputs (the App's tick has updated the flaps, buttons and shake detector);
        mark the frame to draw when what it shows changed; True when ok has been held long
        enough to leave."""
        app = self.app
        changed = False
        flaps = self.flaps
        full = (1 << flaps.tiles) - 1
        for row in range(flaps.row_count):
            shut = flaps.open_mask(row) ^ full
            if shut != self.shut[row]:
                self.shut[row] = shut
                changed = True
        buttons = app.devices.buttons
        pressed = 0
        for index in range(len(_BUTTONS)):
            name = _BUTTONS[index]
            if name in buttons and buttons[name]._down:  # debounced: as the App reads it
                pressed |= 1 << index
        if pressed & ~self.pressed:
            app.play(_SOUND_CLICK)  # a button went down: a short beep
        if pressed != self.pressed:
            self.pressed = pressed
            changed = True
        if self._read_accel():
            changed = True
        if changed:
            app.dirty = True
        if not pressed & 2:
            self.ok_since = -1
        elif self.ok_since < 0:
            self.ok_since = now_ms
        elif time.ticks_diff(now_ms, self.ok_since) >= _HOLD_MS:
            return True
        return False

    def _read_accel(self):
        """The shake detector's last sample, in tenths of g, and its state; True when changed."""
        shake = self.app.devices.shake
        if shake is None:
            return False  # _NO_ACCEL from the start
        if shake.state == _SHAKE_FAULT:
            state = _ACCEL_DEAD
        else:
            state = _ACCEL_SHAKEN if shake.state == _SHAKE_TUMBLING else _ACCEL_READS
        changed = state != self.accel
        self.accel = state
        counts = shake._counts  # the detector's last sample (hal.shake), as counts
        per_g = shake.accel.counts_per_g
        tenths = self.tenths
        for axis in range(3):
            count = counts[axis]
            value = (count * 10 + per_g // 2) // per_g if count >= 0 else -((-count * 10 + per_g // 2) // per_g)
            if value != tenths[axis]:
                tenths[axis] = value
                changed = True
        return changed

    def show(self, screen):
        """The check's frame (app.screen_check's, imported in a tick of its own before the
        first: False then, the frame drawn at the next call)."""
        if self.frames is None:
            self.frames = __import__("app.screen_check", None, None, ("show_check",))
            return False
        self.frames.show_check(self, screen)
        return True

    def light(self, leds):
        """The LED under each shut flap lit, the others off."""
        leds.fill(0)
        tiles = self.flaps.tiles
        for row in range(self.flaps.row_count):
            shut = self.shut[row]
            for tile in range(1, tiles + 1):
                if shut & 1 << (tile - 1):
                    leds.set_tile(row * tiles + tile, _LEGAL)
        leds.show()

