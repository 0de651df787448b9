"""What the simulated box showed, as JSON lines: one line each time something visible changed.

Each line has "t" (simulated ms) and only the keys that changed since the line before:
phase, player (1-based), rolling, dice, total, leds ("#rrggbb" per LED, as the strip lights
them), oled (the text rows read back from the glass), scores (match totals), chips,
winners (1-based), sounds (new buzzer changes [ms, freq_hz, duty]) and faults (new
messages). Script events are logged as {"t": ..., "in": "shut 3"}. The same script on the
same box gives the same log, byte for byte.
"""

import json

from board_sim.frontend.oled import text_lines

_UNSEEN = object()


def _hex(colour):
    return "#%02x%02x%02x" % colour


class BoxLog:
    """Watches a SimBox; `check()` after every tick appends a line if anything changed."""

    def __init__(self, box):
        self.box = box
        self.lines = []
        self._shown = {}
        self._oled_ram = None
        self._oled_text = []
        self._led_frames = -1
        self._leds = []
        self._sounds = 0
        self._faults = 0

    def event(self, words):
        self.lines.append(json.dumps({"t": self.box.board.now_ms, "in": words}))

    def _oled(self):
        display = self.box.board.display
        if display is None:
            return []
        ram = (bytes(display.gddram), display.display_on)
        if ram != self._oled_ram:
            self._oled_ram = ram
            self._oled_text = text_lines(self.box.board.display_pixels())
        return self._oled_text

    def _led_list(self):
        for strip in self.box.board.strips.values():
            if strip.frames != self._led_frames:
                self._led_frames = strip.frames
                self._leds = [_hex(colour) for colour in strip.colors()]
        return self._leds

    def state(self):
        """Everything the log follows, as plain JSON values."""
        from app.core import PLAY
        from app.roller import TUMBLING
        from app.view import PHASE_NAMES

        view = self.box.view
        match = view.match
        rolling = view.phase == PLAY and view.roller.state == TUMBLING
        state = {
            "phase": PHASE_NAMES[view.phase],
            "player": view.player + 1 if match is not None else None,
            "rolling": rolling,
            "dice": [] if rolling else list(view.dice[:view.dice_count]),
            "total": view.total,
            "leds": self._led_list(),
            "oled": self._oled(),
            "scores": list(match.totals) if match is not None else None,
            "chips": list(match.ledger.chips) if match is not None and match.ledger else None,
            "winners": [p + 1 for p in range(8) if view.winner_mask >> p & 1],
        }
        return state

    def check(self):
        now = self.box.board.now_ms
        line = {}
        for key, value in self.state().items():
            if self._shown.get(key, _UNSEEN) != value:
                self._shown[key] = value
                line[key] = value
        sounds = self.box.board.sounds
        if len(sounds) > self._sounds:
            line["sounds"] = [list(sound) for sound in sounds[self._sounds:]]
            self._sounds = len(sounds)
        faults = self.box.view.faults
        if len(faults) > self._faults:
            line["faults"] = faults[self._faults:]
            self._faults = len(faults)
        if line:
            entry = {"t": now}
            entry.update(line)
            self.lines.append(json.dumps(entry))

    def text(self):
        return "".join(line + "\n" for line in self.lines)
