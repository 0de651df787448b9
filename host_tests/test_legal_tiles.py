"""The tiles lit as a roll's legal ones (Turn's legal_tiles): the move rules asked for the tiles
up to the roll's total only, none above it being ever legal (a can_extend for each of the 24
tiles of the-300 took a Pico 8.6 ms of the dice landing's tick: issue 45), and the same tiles
as a can_extend for each open tile gives, under every move rule."""

import random

import pytest
from game import turn as turn_module
from game.presets import changed, preset
from game.turn import AWAIT_MOVE, Turn


def _lit_one_by_one(turn):
    """The tiles lit by asking the move rules for each free tile (as the Turn did before)."""
    free = turn.open_mask & ~turn.pending
    return sum(1 << (tile - 1) for tile in range(1, 25) if free >> (tile - 1) & 1 and turn.move_rules.can_extend(
        turn.open_mask, turn.pending | 1 << (tile - 1), turn.total, turn.die_mask, turn.dice_distinct, turn.required))


def _positions(rules, seed, count=300):
    """Turns of `rules` at random positions: open tiles, a roll, some tiles of a move pending."""
    chance = random.Random(seed)
    for _ in range(count):
        turn = Turn(rules, open_mask=chance.getrandbits(rules.tiles) | 1)
        turn.roll(*[chance.randint(1, rules.faces) for _die in range(rules.dice)])
        if turn.state != AWAIT_MOVE:
            continue
        for tile in range(1, rules.tiles + 1):
            if chance.random() < 0.15:
                turn.tile_shut(tile)
        if turn.state == AWAIT_MOVE:
            yield turn


@pytest.mark.parametrize("rules", [
    preset("the-300"), preset("classic"), preset("2-to-go"), changed(preset("the-300"), must_first=3),
    preset("thai"), preset("exact-match"), preset("single-die"), preset("young-players"), preset("full-house"),
], ids=["the-300", "classic", "2-to-go", "the-300 3-to-go", "thai", "exact-match", "single-die",
        "young-players", "full-house"])
def test_the_tiles_lit_are_those_each_tile_s_own_check_allows(rules):
    seen = 0
    for turn in _positions(rules, seed=rules.tiles * 31 + rules.move):
        assert turn.legal_tiles() == _lit_one_by_one(turn), (turn.open_mask, turn.pending, turn.total, turn.required)
        seen += turn.legal_tiles() != 0
    assert seen > 20


def test_the_tiles_above_the_roll_s_total_are_not_asked_for(monkeypatch):
    asked = []
    can_extend = turn_module.MoveRules.can_extend

    def counted(self, *args):
        asked.append(args[1])
        return can_extend(self, *args)

    monkeypatch.setattr(turn_module.MoveRules, "can_extend", counted)
    turn = Turn(preset("the-300"))
    turn.roll(1, 2, 1, 1)
    asked.clear()  # (the roll asks whether a move is left)
    assert turn.legal_tiles() == 0b11111
    assert sorted(asked) == [1, 2, 4, 8, 16]  # tiles 1 to 5, not 6 to 24
