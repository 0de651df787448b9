"""Saving and restoring the match in progress (game.snapshot) on any runtime: a match cut at
any step and restored carries on exactly as if nothing happened, a power cut while saving
leaves the old or the new match, and a bad snapshot is refused naming its field.

Plain functions and asserts only, so the same module runs under pytest and on MicroPython.
`Table` (the players at the box, one action a step) and `play` are shared with the CPython
host_tests/test_snapshot_*.py modules.
"""

import json

# First: compiled from source while the heap is still empty, as a Pico-sized heap needs.
import game.snapshot as snap
import game.snapshot_load as snap_load
from game.config import rules_from_config
from game.gamelog import MatchTally
from game.hand_dice import HandDice
from game.match import source_for, start_match
from game.presets import preset
from game.prng import Xorshift32
from game.rules import MATCH_LONG_GAME, MATCH_MAX_PENALTY, MATCH_RACE, ROWS_SIMULTANEOUS
from game.snapshot_format import TURN_FIELDS
from game.sources import feed
from game.turn import (
    AWAIT_MOVE,
    OVER,
    is_error,
)
from hal import json_file
from hal.storage import AtomicFile
from hal.storage_save import save
from power_cut_files import PowerCut, PowerCutFiles, fresh_dir

DIE_ENTERED = -1  # Table.step's result when a hand-thrown die was entered, the roll not yet whole
STEP_LIMIT = 40000


class Table:
    """The players at the box, played from a seeded generator: each `step()` is one thing a
    player does (enter a die, roll, shut a flap, press commit). What a player means to shut
    is in their head (`plans`), so it survives a power cut of the box."""

    def __init__(self, seed):
        self.rng = Xorshift32(seed)
        self.plans = {}  # row -> the move (mask) its player is shutting

    def pick_row(self, match):
        if not match.simultaneous:
            return match.row
        active = []
        for row in range(match.rules.rows):
            turn = match.turn_on(row)
            if turn is not None and turn.state != OVER:
                active.append(row)
        return active[self.rng.below(len(active))]

    def throw(self, row, turn, source):
        rng = self.rng
        if isinstance(source, HandDice):
            entered = source.entered()
            if entered == 0 and turn.one_die_allowed():
                turn.choose_one_die(rng.below(2) == 1)
            source.enter(entered, rng.below(source.faces) + 1)
            if source.entered() < turn.dice_expected():
                return DIE_ENTERED
            result = feed(turn, source.values, source.draw(turn.dice_expected()))
            source.clear()
        else:
            if turn.one_die_allowed():
                turn.choose_one_die(rng.below(2) == 1)
            result = feed(turn, source.values, source.draw(turn.dice_expected()))
        if not is_error(result):
            self.plans.pop(row, None)
        return result

    def step(self, match, source, tally):
        """One action; (row, result), or None once the match is over. A turn that ends is
        counted in `tally` and recorded with match.end_turn() in the same step."""
        if match.over:
            return None
        row = self.pick_row(match)
        turn = match.turn_on(row)
        if turn.state == AWAIT_MOVE:
            plan = self.plans.get(row)
            if plan is None:
                moves = turn.legal_moves()
                plan = moves[self.rng.below(len(moves))]
                self.plans[row] = plan
            left = plan & ~turn.pending
            if left:
                result = turn.tile_shut(lowest_tile(left))
            elif self.rng.below(2):
                result = turn.commit()
                self.plans.pop(row, None)
            else:
                result = self.throw(row, turn, source)
        else:
            result = self.throw(row, turn, source)
        assert not is_error(result), (row, result)
        if turn.state == OVER:
            self.plans.pop(row, None)
            tally.add_turn(turn)
            match.end_turn(row)
        return row, result


def lowest_tile(mask):
    tile = 1
    while not mask & 1:
        mask >>= 1
        tile += 1
    return tile


def new_match(rules, players, seed):
    """A match, its random source and tally, all from one seed."""
    match = start_match(rules, players, seed % players)
    return match, source_for(rules, Xorshift32(seed)), MatchTally(1)


def pending_moves(match):
    """What the switches show beyond the committed tiles: each row's pending move."""
    pending = {}
    for row in range(match.rules.rows):
        turn = match.turn_on(row)
        if turn is not None and turn.pending:
            pending[row] = turn.pending
    return pending


def play(rules, players, seed, cuts=()):
    """Play a whole match; after each number of steps in `cuts` the box loses power: the match
    is snapshot to JSON text, restored with its half-made moves, and play goes on. Returns (steps
    taken, a checksum of every step's row and result, the final snapshot as JSON text)."""
    match, source, tally = new_match(rules, players, seed)
    table = Table(seed ^ 0x5A5A)
    steps = 0
    checksum = 0
    while True:
        if steps in cuts:
            match, source, tally = cut_power(match, source, tally)
        done = table.step(match, source, tally)
        if done is None:
            break
        checksum = (checksum * 33 + done[0] * 64 + done[1] + 1) & 0xFFFFFF
        steps += 1
        assert steps < STEP_LIMIT, "match did not end"
    return steps, checksum, json.dumps(snap.snapshot(match, source, tally))


def cut_power(match, source, tally):
    """Snapshot to JSON text and restore it, checking what the app relies on."""
    saved = snap.snapshot(match, source, tally)
    text = json.dumps(saved)
    restored_tally = MatchTally()
    restored, restored_source = snap_load.restore(json.loads(text), restored_tally)
    assert json.dumps(snap.snapshot(restored, restored_source, restored_tally)) == text
    for row in range(match.rules.rows):
        assert snap_load.expected_open_mask(restored, row) == snap_load.expected_open_mask(match, row)
    assert pending_moves(restored) == pending_moves(match)  # the half-made moves come back
    return restored, restored_source, restored_tally


def players_for(rules, wanted):
    """As many players as wanted, within what the format allows."""
    if rules.match == MATCH_LONG_GAME:
        return 2
    if rules.match == MATCH_RACE or rules.rows_mode == ROWS_SIMULTANEOUS:
        wanted = min(wanted, rules.rows)
    if rules.match == MATCH_MAX_PENALTY:
        wanted = max(wanted, 2)
    return wanted


def check_cuts_change_nothing(rules, wanted_players, seed, cuts):
    players = players_for(rules, wanted_players)
    uncut = play(rules, players, seed)
    rng = Xorshift32(seed)
    for _cut in range(cuts):
        cut_at = rng.below(uncut[0] + 1)
        assert play(rules, players, seed, (cut_at,)) == uncut, (cut_at, uncut[0])
    return uncut[0]


# Every match format, stake and random source on the 9-tile box (its table is the smallest:
# test_snapshot_properties.py plays every preset and random house rules on CPython, and
# soak_games.py every preset on MicroPython with the firmware compiled as flashed).
FORMATS = (
    {"preset": "tournament", "stakes": "pool"},
    {"preset": "young-players", "stakes": "canoga"},
    {"preset": "long-game", "stakes": "pool"},
    {"source": "dominoes", "dominoes_blank": True, "one_die": "never", "stakes": "pool"},
    {"source": "cards", "cards_high": True, "one_die": "never", "match": "fixed-rounds", "rounds": 3},
    {"source": "manual-dice", "stakes": "canoga", "ties": "full", "match": "tournament", "target": 40},
    {"rows": 4, "rows_mode": "simultaneous", "match": "max-penalty", "max_penalty": 25,
     "stakes": "canoga"},
    {"rows": 3, "rows_mode": "simultaneous", "must_first": 3},
    {"preset": "young-players", "rows": 3, "rows_mode": "simultaneous", "stakes": "pool"},
    {"preset": "long-game", "source": "manual-dice", "stakes": "canoga", "chips": 30},
    {"preset": "thai", "scoring": "digital", "match": "fixed-rounds", "rounds": 2},
)


def test_every_format_source_and_stake_cut_at_random_steps_ends_as_if_uncut():
    for index in range(len(FORMATS)):
        check_cuts_change_nothing(rules_from_config(FORMATS[index]), 4, 101 + index, 3)


def test_a_cut_before_the_first_step_and_after_the_last_changes_nothing():
    rules = preset("canoga")
    uncut = play(rules, 3, 5)
    assert play(rules, 3, 5, (0, uncut[0])) == uncut


def test_a_bag_keeps_its_drawn_pieces_across_a_restore():
    rules = rules_from_config({"source": "cards", "one_die": "never"})
    match = start_match(rules, 2)
    source = source_for(rules, Xorshift32(21))
    for _draw in range(7):
        source.draw()
    restored_source = snap_load.restore(snap.snapshot(match, source))[1]
    assert restored_source.remaining == source.remaining == 25
    assert bytes(restored_source.pieces) == bytes(source.pieces)
    for _draw in range(30):
        source.draw()
        restored_source.draw()
        assert restored_source.values[0] == source.values[0]


def test_hand_entered_dice_survive_a_restore():
    rules = rules_from_config({"source": "manual-dice"})
    match = start_match(rules, 2)
    source = source_for(rules, None)
    source.enter(0, 5)
    restored_source = snap_load.restore(snap.snapshot(match, source))[1]
    assert restored_source.entered() == 1 and restored_source.values[0] == 5


# -- the format before this one --------------------------------------------------------------

def each_saved_turn(state, change):
    """change(turn list) for every turn a snapshot dict holds (long game, race, round, rows)."""
    for holder in (state, state.get("round")):
        if holder is None:
            continue
        if holder.get("turn") is not None:
            change(holder["turn"])
        for turn in holder.get("turns", ()):
            if turn is not None:
                change(turn)


def as_format_1(state):
    """A snapshot as the firmware before format 2 saved the same match: "v" 1, and each turn
    without its last field (the pending move's tiles)."""
    old = json.loads(json.dumps(state))
    old["v"] = 1
    each_saved_turn(old, lambda turn: turn.pop(len(TURN_FIELDS) - 1))
    return old


def without_pending(state):
    """The snapshot with every turn's pending move taken back."""
    taken_back = json.loads(json.dumps(state))

    def take_back(turn):
        turn[len(TURN_FIELDS) - 1] = 0

    each_saved_turn(taken_back, take_back)
    return taken_back


def test_a_match_saved_in_format_1_by_the_firmware_before_resumes_with_no_pending_move():
    checked = 0
    pending_dropped = 0
    for index in range(len(FORMATS)):
        rules = rules_from_config(FORMATS[index])
        match, source, tally = new_match(rules, players_for(rules, 3), 301 + index)
        table = Table(301 + index)
        for step in range(90):
            if table.step(match, source, tally) is None:
                break
            if step % 6:
                continue
            state = snap.snapshot(match, source, tally)
            restored_tally = MatchTally()
            restored, restored_source = snap_load.restore(as_format_1(state), restored_tally)
            assert pending_moves(restored) == {}
            assert snap.snapshot(restored, restored_source, restored_tally) == without_pending(state), (index, step)
            checked += 1
            pending_dropped += 1 if pending_moves(match) else 0
    assert checked > 100 and pending_dropped > 5, (checked, pending_dropped)


def test_a_format_1_turn_with_a_pending_field_is_refused():
    state = fresh_state()
    state["v"] = 1
    assert refused(state).field == "round.turn"
    state = as_format_1(fresh_state())
    state["v"] = 2
    assert refused(state).field == "round.turn"


# -- power cuts while saving -----------------------------------------------------------------

def saves_of_one_match(rules, players, seed, saves):
    """The encoded snapshots of a match at its first `saves` save points."""
    match, source, tally = new_match(rules, players, seed)
    table = Table(seed)
    found = [snap.encode(match, source, tally)]
    while len(found) < saves:
        done = table.step(match, source, tally)
        if done is None:
            break
        if snap.saves_after(done[1]):
            found.append(snap.encode(match, source, tally))
    return found


def check_cut_at_every_step(old, new, fat_rename):
    """Save `old`, then `new` cut at each write step; what loads restores to `old` or `new`."""
    limit = max(len(old), len(new))  # the smallest max_bytes that takes both
    restored = set()
    steps_file = PowerCutFiles(fat_rename=fat_rename)
    path = fresh_dir("snap-steps") + "/match.json"
    save(AtomicFile(path, max_bytes=limit), old)
    save(AtomicFile(path, steps_file, limit), new)
    for cut_at in range(steps_file.steps + 1):
        path = fresh_dir("snap-cut") + "/match.json"
        save(AtomicFile(path, max_bytes=limit), old)
        try:
            save(AtomicFile(path, PowerCutFiles(cut_at, fat_rename), limit), new)
        except PowerCut:
            pass
        loaded = AtomicFile(path, max_bytes=limit).load()
        assert loaded in (old, new), cut_at
        if loaded not in restored:  # restoring is a function of the bytes: once per content
            tally = MatchTally()
            match, source = snap_load.restore(json_file.parse(loaded), tally)
            assert snap.encode(match, source, tally) == loaded
            restored.add(loaded)
    assert len(restored) == 2
    return steps_file.steps


def test_a_power_cut_at_every_write_step_of_a_save_restores_the_old_or_new_match():
    snapshots = saves_of_one_match(preset("canoga"), 4, 17, 6)
    old, new = snapshots[-2], snapshots[-1]
    assert old != new
    for fat_rename in (False, True):
        assert check_cut_at_every_step(old, new, fat_rename) > len(new)


# -- bad snapshots ---------------------------------------------------------------------------

def refused(state):
    """The SnapshotError restoring `state` raises (any other exception fails the test)."""
    try:
        snap_load.restore(state)
    except snap_load.SnapshotError as error:
        return error
    raise AssertionError("accepted a bad snapshot")


def fresh_state():
    match, source, tally = new_match(preset("max-penalty"), 3, 2)
    table = Table(2)
    for _step in range(40):
        table.step(match, source, tally)
    return json.loads(snap.encode(match, source, tally))


def test_a_half_written_snapshot_is_refused_at_every_length():
    match, source, tally = new_match(rules_from_config({"source": "dominoes", "one_die": "never"}), 2, 6)
    payload = snap.encode(match, source, tally)
    for length in range(len(payload)):
        try:
            snap_load.restore(json_file.parse(payload[:length]))
        except ValueError as error:
            assert "JSON" in str(error), error
        else:
            raise AssertionError("accepted %d of %d bytes" % (length, len(payload)))


def test_a_bad_snapshot_names_the_field():
    cases = (
        ("v", 3, "v"),
        ("v", 0, "v"),
        ("rules", {"tiles": 11}, "rules"),
        ("rules", {"move": "sideways"}, "rules"),
        ("players", 0, "players"),
        ("players", 9, "players"),
        ("totals", [1, 2], "totals"),
        ("totals", [1, 2, "3"], "totals[2]"),
        ("dropped", [0, 2, 0], "dropped[1]"),
        ("current", 3, "current"),
        ("first", -1, "first"),
        ("source", {"rng": [0, 0]}, "source.rng"),
        ("source", {}, "source.rng"),
        ("order", [], "order"),
        ("winners", [0, 7], "winners[1]"),
    )
    for key, value, field in cases:
        state = fresh_state()
        state[key] = value
        assert refused(state).field == field, (key, value, refused(state).field)
    state = fresh_state()
    del state["round"]
    assert refused(state).field == "round"
    state = fresh_state()
    state["round"]["turn"][0] = 7
    assert refused(state).field == "round.turn.state"
    state = fresh_state()
    state["round"]["turn"][2] = 1 << 9  # tile 10 on a 9-tile box
    assert refused(state).field == "round.turn.open_mask"
    assert "snapshot round.turn.open_mask" in str(refused(state))
    assert isinstance(refused([1, 2]), ValueError)

