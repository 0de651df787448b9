"""Shake or press to roll: the dice tumble while the box is shaken (or for a moment after a
press) and land when the shaking stops; then the random source draws the real values.

The faces shown while tumbling come from a little generator of their own, so the game's
random source draws only the dice that count.
"""

import time

from micropython import const

IDLE = const(0)
TUMBLING = const(1)
_LANDED = const(2)  # reported by one update: draw the dice now
_SHAKE_TUMBLING = const(1)  # hal.shake's states, as there (an imported name costs a stored name)
_SHAKE_LANDED = const(2)
_PRESS_TUMBLE_MS = const(700)
_FACE_MS = const(90)


class Roller:
    """update(now_ms, may_roll) -> IDLE, TUMBLING or _LANDED; press(now_ms) rolls without a shake."""

    def __init__(self, shake, rng):
        self.shake = shake
        self.rng = rng
        self.state = IDLE
        self.faces = bytearray(4)  # what the tumbling dice show
        self.face_count = 6
        self.shaken_while_blocked = False  # a shake the rules could not take (say why)
        self._pressed_ms = None  # when ok rolled the dice (they land soon after), None for a shake
        self._spin = 0x2F6B
        self._face_since_ms = 0

    def reset(self, face_count):
        """A new match: dice of this many faces, nothing rolling."""
        self.face_count = face_count
        self.state = IDLE
        self._pressed_ms = None

    def press(self, now_ms):
        """A button roll: tumble for a moment, then land."""
        if self.state == IDLE:
            self.state = TUMBLING
            self._pressed_ms = now_ms
            self._face_since_ms = time.ticks_add(now_ms, -_FACE_MS)

    def update(self, now_ms, may_roll):
        """Sample the accelerometer and advance; _LANDED comes once per roll."""
        if self.state == _LANDED:
            self.state = IDLE
        shaking = self.shake.update(now_ms) if self.shake is not None else 0
        self.shaken_while_blocked = not may_roll and shaking == _SHAKE_TUMBLING
        if not may_roll:
            self.state = IDLE
            self._pressed_ms = None
            return IDLE
        if self.state == IDLE and shaking == _SHAKE_TUMBLING:
            self.state = TUMBLING
            self._pressed_ms = None
            self._face_since_ms = time.ticks_add(now_ms, -_FACE_MS)
        if self.state == TUMBLING:
            if self._pressed_ms is not None:
                if time.ticks_diff(now_ms, self._pressed_ms) >= _PRESS_TUMBLE_MS:
                    self.state = _LANDED
            elif shaking == _SHAKE_LANDED:
                self.rng.mix(self.shake.entropy())
                self.state = _LANDED
            elif shaking != _SHAKE_TUMBLING:  # the accelerometer stopped answering mid-shake
                self.state = _LANDED
            if self.state == TUMBLING and time.ticks_diff(now_ms, self._face_since_ms) >= _FACE_MS:
                self._face_since_ms = now_ms
                spin = self._spin
                for index in range(4):  # new faces
                    spin = (spin * 75 + 74) % 65537  # ZX81's generator: small ints, no allocation
                    self.faces[index] = spin % self.face_count + 1
                self._spin = spin
        return self.state
