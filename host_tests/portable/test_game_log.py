"""The bounded game log keeps the newest events; read back they dump and load as bytes
(app.keeper_save, app.keeper_files) and export as JSON-ready data (app.keeper_files)."""

import json

from app.keeper_files import export, load_log, log_events
from app.keeper_save import log_pieces
from game.gamelog import GameLog
from game.tile_masks import mask_of


def test_a_turn_is_logged_and_exported_in_order():
    log = GameLog()
    log.turn(1, row=0, round_number=300)
    log.roll(3, 5)
    log.move(mask_of([8]))
    log.roll(0, 1)  # a zero-one domino
    log.end(2, mask_of([1, 2, 9]))
    exported = export(log, {"preset": "classic"}, 2)
    assert exported["events"] == [
        {"turn": {"player": 1, "row": 0, "round": 300}},
        {"roll": [3, 5]},
        {"move": [8]},
        {"roll": [0, 1]},
        {"end": {"how": 2, "open": [1, 2, 9]}},
    ]
    assert json.loads(json.dumps(exported)) == exported


def test_a_full_log_drops_the_oldest_events_and_counts_them():
    log = GameLog(capacity=3)
    for value in range(1, 6):
        log.roll(value, value)
    assert [values for _kind, values in log_events(log)] == [[3, 3], [4, 4], [5, 5]]
    assert log.dropped == 2


def test_moves_of_24_tile_boxes_keep_every_tile():
    log = GameLog()
    log.move(mask_of([1, 13, 24]))
    assert log_events(log) == [("move", [1, 13, 24])]


def test_a_dumped_log_loads_back_whole_even_after_the_ring_wrapped():
    log = GameLog(capacity=4)
    log.turn(0)
    for value in range(1, 6):
        log.roll(value, 6 - value)
    log.move(mask_of([2, 9]))
    blob = b"".join(bytes(piece) for piece in log_pieces(log))
    assert len(blob) == 4 + 4 * 5
    again = GameLog(capacity=4)
    assert load_log(again, blob)
    assert log_events(again) == log_events(log) and again.dropped == log.dropped == 3
    smaller = GameLog(capacity=2)  # a log from a box that kept more: the newest records stay
    assert load_log(smaller, blob)
    assert log_events(smaller) == log_events(log)[2:] and smaller.dropped == 5


def test_bytes_that_are_not_a_log_load_as_an_empty_log():
    log = GameLog()
    log.roll(2, 3)
    assert not load_log(log, b"\x00\x00\x00\x00\x09\x01\x02\x03\x04")  # kind 9 is no record
    assert log_events(log) == [] and log.dropped == 0
    assert not load_log(log, b"\x00\x00")  # torn short
    assert load_log(log, b"\x00\x00\x00\x00")  # an empty log
