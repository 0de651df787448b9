"""A soak on MicroPython: whole matches of every preset in turn (and a domino and a card
variant), played at game level as the box would: seeded electronic dice, the first legal move,
the match saved after every roll and commit, and at every turn's end saved through AtomicFile
and restored from the file as after a power cut; the lifetime statistics merged and
saved/restored after each match.

    micropython -X heapsize=192k host_tests/soak_games.py GAMES EVERY DIRECTORY

Prints `heap start N`, then `heap GAMES N` every EVERY games (gc.mem_alloc() after
gc.collect()), then `done games N turns N saves N restores N biggest N heap_first N heap_last N`
(the first and last checkpoints; the first comes once every table the presets use is loaded
when EVERY is at least len(CONFIGS), 28).
Run by test_soak_micropython.py; not a pytest module.
"""

import gc
import json
import sys

from game.config import rules_from_config
from game.gamelog import MatchTally
from game.match import source_for, start_match
from game.presets import PRESET_NAMES
from game.prng import Xorshift32
from game.rules import MATCH_LONG_GAME, MATCH_RACE
from game.snapshot import encode, saves_after
from game.snapshot_load import restore
from game.sources import feed
from game.stats import Stats
from game.stats_load import stats_from_dict
from game.tiles import tiles_of
from game.turn import AWAIT_MOVE, OVER
from hal import json_file
from hal.storage import AtomicFile
from hal.storage_save import save

SEED = 20240607
TURN_LIMIT = 5000
CONFIGS = tuple({"preset": name} for name in PRESET_NAMES) + (
    {"source": "dominoes", "dominoes_blank": True, "one_die": "never", "stakes": "pool"},
    {"source": "cards", "cards_high": True, "one_die": "never", "match": "fixed-rounds", "rounds": 3},
)


class Soak:
    """The running totals of the soak."""

    def __init__(self, directory):
        self.store = AtomicFile(directory + "/match.json")
        self.stats = Stats()
        self.turns = 0
        self.saves = 0
        self.restores = 0
        self.biggest = 0

    def save(self, match, source, tally):
        payload = encode(match, source, tally)
        self.saves += 1
        if len(payload) > self.biggest:
            self.biggest = len(payload)
        return payload

    def play_turn(self, match, source, tally):
        """One turn: one die whenever allowed, the first legal move, saved as the app saves."""
        turn = match.turn
        while turn.state != OVER:
            if turn.one_die_allowed():
                turn.choose_one_die(True)
            result = feed(turn, source.values, source.draw(turn.dice_expected()))
            if turn.state == AWAIT_MOVE:
                if saves_after(result):
                    self.save(match, source, tally)
                for tile in tiles_of(turn.legal_moves()[0]):
                    result = turn.tile_shut(tile)
                if turn.state == AWAIT_MOVE:
                    result = turn.commit()
            if turn.state != OVER and saves_after(result):
                self.save(match, source, tally)
        tally.add_turn(turn)
        match.end_turn()
        self.turns += 1

    def play_match(self, number, rng):
        rules = rules_from_config(CONFIGS[number % len(CONFIGS)])
        players = 2 + number % 3
        if rules.match in (MATCH_LONG_GAME, MATCH_RACE):  # for two; the race's preset has 2 rows
            players = 2
        match = start_match(rules, players, number % players)
        source = source_for(rules, rng)
        tally = MatchTally(self.stats.last_serial + 1)
        turns = 0
        while not match.over:
            self.play_turn(match, source, tally)
            save(self.store, self.save(match, source, tally))
            match, source = restore(json_file.parse(self.store.load()), tally)  # as after a power cut
            self.restores += 1
            turns += 1
            if turns > TURN_LIMIT:
                raise RuntimeError("match %d did not end" % number)
        self.stats.add_match(match, tally)
        self.stats = stats_from_dict(json.loads(json.dumps(self.stats.to_dict())))
        return source.rng if hasattr(source, "rng") else rng


def heap():
    gc.collect()
    return gc.mem_alloc()


def main(games, every, directory):
    soak = Soak(directory)
    rng = Xorshift32(SEED)
    print("heap start %d" % heap())
    first = last = -1
    for number in range(games):
        rng = soak.play_match(number, rng)
        if (number + 1) % every == 0:
            last = heap()
            if first < 0:
                first = last
            print("heap %d %d" % (number + 1, last))
    print("done games %d turns %d saves %d restores %d biggest %d heap_first %d heap_last %d"
          % (games, soak.turns, soak.saves, soak.restores, soak.biggest, first, last))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
