"""The box's sounds: short melodies (flat freq_hz, ms pairs) for hal.buzzer, played by App.play
(app.faults plays FAULT on the buzzer itself)."""

CLICK = (2000, 15)
LANDED = (1400, 40, 0, 20, 1800, 40)
TAKEN = (1200, 30)
MOVE_DONE = (880, 60, 1320, 90)
REFUSED = (220, 250)
TURN_OVER = (660, 120, 440, 120, 330, 240)
BOX_SHUT = (523, 100, 659, 100, 784, 100, 1047, 300)
WINNER = (784, 150, 0, 30, 784, 150, 0, 30, 784, 150, 1047, 450)
FAULT = (330, 150, 0, 80, 330, 150)
READY = (990, 60)

