"""Properties of random games: every committed move is legal, the score is the rule's scoring
of the open tiles, and a turn ends exactly when the roll allows no legal move."""

from game.presets import PRESET_NAMES, preset
from game.rules import MATCH_LONG_GAME
from game.tiles import bit, tiles_of
from game.turn import AWAIT_MOVE, COMMITTED, END_SHUT, ENDED, OVER, ROLLED, Turn, is_error
from hypothesis import given, settings
from hypothesis import strategies as st

TURN_PRESETS = [name for name in PRESET_NAMES if preset(name).match != MATCH_LONG_GAME]


def roll_values(data, rules, turn):
    one_die = turn.one_die_allowed() and data.draw(st.booleans())
    turn.choose_one_die(one_die)
    count = turn.dice_expected()
    return [data.draw(st.integers(1, rules.faces)) for _ in range(count)]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.sampled_from(TURN_PRESETS), st.data())
def test_random_games_keep_the_rules(name, data):
    rules = preset(name)
    turn = Turn(rules)
    for _ in range(40):
        if turn.state == OVER:
            break
        before = turn.open_mask
        values = roll_values(data, rules, turn)
        result = turn.roll(*values)
        legal = turn.legal_moves()
        if result == ENDED:
            assert turn.state == OVER
            if turn.ended != END_SHUT:
                # The roll ended it: either a rule (unlucky 7, first-roll loss) or no legal move.
                assert not turn.move_rules.legal_moves(
                    before, turn.total, turn.die_mask, turn.dice_distinct, 0
                ) or rules.unlucky_7 or turn.required
            break
        if result != ROLLED:
            continue
        assert turn.state == AWAIT_MOVE and legal
        # Poke a few random flaps, some illegal, with take-backs; then make a chosen legal move.
        committed_by_poke = False
        for _ in range(data.draw(st.integers(0, 4))):
            tile = data.draw(st.integers(1, rules.tiles))
            if turn.tile_shut(tile) == COMMITTED:
                committed_by_poke = True  # that poke shut the box with a legal move
                break
            if data.draw(st.booleans()):
                turn.tile_reopened(tile)
            assert turn.open_mask == before  # nothing is committed by poking
        if not committed_by_poke:
            for tile in tiles_of(turn.pending):
                turn.tile_reopened(tile)
            move = data.draw(st.sampled_from(legal))
            for tile in tiles_of(move):
                assert not is_error(turn.tile_shut(tile)), (name, tiles_of(move), tile)
            if turn.state != OVER:
                assert turn.commit() == COMMITTED
        assert before & ~turn.open_mask in legal
    assert turn.score() == rules.score(turn.open_mask)
    if turn.state == OVER and turn.ended == END_SHUT:
        assert turn.open_mask == 0 and turn.score() == 0


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(1, (1 << 9) - 1), st.integers(1, 6), st.integers(1, 6))
def test_a_roll_ends_the_turn_exactly_when_no_legal_move_exists(open_mask, a, b):
    rules = preset("two-dice-only")
    turn = Turn(rules, open_mask=open_mask)
    result = turn.roll(a, b)
    exists = any(
        sum(t for t in range(1, 10) if subset & bit(t)) == a + b
        for subset in range(1, 1 << 9)
        if subset & ~open_mask == 0
    )
    assert (result == ENDED) == (not exists)
