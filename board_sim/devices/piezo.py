"""A piezo on a PWM pin: records each change of what it plays as (time_ms, freq_hz, duty_u16).

It sounds when the duty is neither 0 nor 65535 (a steady level makes no sound); tones()
turns the record into (start_ms, duration_ms, freq_hz) notes.
"""


class Piezo:
    """sounds: every (time_ms, freq_hz, duty_u16) the PWM was set to, in order."""

    def __init__(self):
        self.sounds = []

    def pwm_changed(self, time_ms, freq_hz, duty_u16):
        state = (freq_hz, duty_u16)
        if self.sounds and self.sounds[-1][1:] == state:
            return
        self.sounds.append((time_ms, freq_hz, duty_u16))

    def is_sounding(self, index):
        duty_u16 = self.sounds[index][2]
        return 0 < duty_u16 < 65535

    def tones(self, now_ms):
        """(start_ms, duration_ms, freq_hz) of each sound; one still playing lasts until now_ms."""
        notes = []
        for index, (time_ms, freq_hz, _) in enumerate(self.sounds):
            if not self.is_sounding(index):
                continue
            end_ms = self.sounds[index + 1][0] if index + 1 < len(self.sounds) else now_ms
            if end_ms > time_ms:
                notes.append((time_ms, end_ms - time_ms, freq_hz))
        return notes
