"""A piezo on a PWM pin: tones and melodies that play while the app loop keeps running.

A melody is (freq_hz, duration_ms) pairs in a bytes, each number two bytes big-endian; freq 0
is a rest. One bytes may hold several (app.core's: a constant, not a tuple each): play(melody,
start, end) queues the bytes from start to end, and update(now_ms), called every loop, starts
and advances the notes.
"""

import time

from micropython import const

_SILENT = const(0)


class Buzzer:
    """Non-blocking piezo over a machine.PWM; volume is the duty (32768, a square wave, is loudest)."""

    def __init__(self, pwm, volume=32768):
        self.pwm = pwm
        self.volume = volume
        self._melody = None
        self._index = 0
        self._end = 0
        self._note_start_ms = None  # None: the note at _index has not started
        pwm.duty_u16(_SILENT)

    def play(self, melody, start, end):
        """Start melody's pairs from byte start to end on the next update, cutting off any sound
        playing."""
        self._melody = melody
        self._index = start
        self._end = end
        self._note_start_ms = None

    def stop(self):
        self._melody = None
        self.pwm.duty_u16(_SILENT)

    def update(self, now_ms):
        """Start the next note when the current one has had its time."""
        melody = self._melody
        if melody is None:
            return
        if self._note_start_ms is not None:
            index = self._index
            if time.ticks_diff(now_ms, self._note_start_ms) < (melody[index + 2] << 8 | melody[index + 3]):
                return
            self._index += 4
        index = self._index
        if index + 3 >= self._end:
            self.stop()
            return
        freq_hz = melody[index] << 8 | melody[index + 1]
        if freq_hz:
            self.pwm.freq(freq_hz)
            self.pwm.duty_u16(self.volume)
        else:
            self.pwm.duty_u16(_SILENT)
        self._note_start_ms = now_ms
