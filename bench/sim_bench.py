"""The board simulator's throughput on CPython: whole games of the real firmware App, played by
board_sim's BoxPlayer through the simulated switches, accelerometer and buttons."""

import time

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer

BOXES = {"full-house": {"tiles": 12, "flap_wiring": "mcp23017"}}


def games_per_second(preset, players, games):
    """{"games_per_s", "real_s", "simulated_s"} over `games` seeded games to a winner."""
    started = time.perf_counter()
    simulated_ms = 0
    for seed in range(1, games + 1):
        box = SimBox(BoxOptions(seed=seed, preset=preset, players=players, **BOXES.get(preset, {})))
        try:
            start_ms = box.board.now_ms
            if not BoxPlayer(box).play():
                raise SystemExit("%s seed %d did not finish" % (preset, seed))
            simulated_ms += box.board.now_ms - start_ms
        finally:
            box.close()
    real_s = time.perf_counter() - started
    return {"games_per_s": games / real_s, "real_s": real_s, "simulated_s": simulated_ms / 1000}
