"""A player for scripted and test games: plays the simulated box through its flaps and buttons.

It does what a person at the pub does, reading what the box asks for: it moves the flaps the
box shows must move (amber to open, red to set right), presses ok for "ok to play", shakes the box (or presses ok when
there is no accelerometer) when the box waits for a roll, and shuts lit tiles, highest first,
until the move is taken. On the long game's uncovering turns "shutting" a tile means opening
its flap: the player flips the lit tile either way. It runs on MicroPython too (bench/boot_kernel.py
plays the box booted by main.py with it): a box is anything with app, board, devices and run(ms).
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from board_sim.box import SimBox

STEP_MS = 60


class BoxPlayer:
    """play(max_ms) drives a SimBox until the match is over (or time runs out)."""

    def __init__(self, box: "SimBox", shake_ms=900):
        self.box = box
        self.shake_ms = shake_ms
        self.rolls = 0
        self.moves = 0

    def _flap(self, tile):
        """The board's flap number of tile `tile` of the row in play."""
        view = self.box.view
        return view.row * self.box.devices.flaps.tiles + tile

    def _set_right(self, must_open, must_shut):
        board = self.box.board
        tile = 1
        while must_open or must_shut:
            if must_open & 1:
                board.set_flap(self._flap(tile), False)
            if must_shut & 1:
                board.set_flap(self._flap(tile), True)
            must_open >>= 1
            must_shut >>= 1
            tile += 1

    def step(self):
        """One decision, then let the box run a little."""
        from app.core import FINISHED, MENU, PLAY, SETUP
        from app.roller import IDLE
        from game.turn import AWAIT_MOVE, AWAIT_ROLL

        box = self.box
        view = box.view
        board = box.board
        if view.phase == MENU:
            board.press("ok", 1000)
            box.run(1100)
        elif view.phase == SETUP:
            if view.must_open or view.must_shut:
                self._set_right(view.must_open, view.must_shut)
                box.run(STEP_MS)
            elif view.waits_for_ok():
                board.press("ok")  # past the result and the review, then "ok to play"
                box.run(300)
            else:
                box.run(STEP_MS)
        elif view.phase == PLAY:
            turn = view.turn
            if view.must_open or view.must_shut:
                self._set_right(view.must_open, view.must_shut)
                box.run(STEP_MS)
            elif view.roller.state != IDLE:
                box.run(STEP_MS)
            elif turn.state == AWAIT_ROLL:
                self.rolls += 1
                if view.shaking_rolls():
                    board.shake(self.shake_ms)
                    box.run(self.shake_ms + 600)
                else:
                    board.press("ok")
                    box.run(1000)
            elif turn.state == AWAIT_MOVE:
                legal = view.legal
                if legal:
                    tile = 0
                    while legal >> tile:  # the highest lit tile (MicroPython's int has no bit_length)
                        tile += 1
                    board.flip_flap(self._flap(tile))
                    self.moves += 1
                box.run(STEP_MS)
            else:
                box.run(STEP_MS)
        elif view.phase == FINISHED:
            return False
        return True

    def to_standings(self):
        """At the match's end, press ok past the hint review and the last turn's result."""
        view = self.box.view
        while view.reviewing or view.showing_result:
            self.box.board.press("ok")
            self.box.run(300)

    def play(self, max_ms=900000):
        """Play until the match is over; returns True if it finished within max_ms."""
        end_ms = self.box.board.now_ms + max_ms
        while self.box.board.now_ms < end_ms:
            if not self.step():
                return True
        return False
