"""Properties of whole matches played with seeded random rolls and moves, under every preset
and random house rules: a match always ends, the standings agree with the rounds played, the
winners are who the format says, and chips are conserved after every turn."""

from game import rules as R
from game.config import rules_from_config
from game.match import source_for, start_match
from game.presets import PRESET_NAMES, changed
from game.prng import Xorshift32
from game.sources import feed
from game.tiles import tiles_of
from game.turn import AWAIT_MOVE, OVER
from hypothesis import given, settings
from hypothesis import strategies as st

from host_tests.house_rules import HOUSE_RULES, accepted_rules

TURN_LIMIT = 3000


def play_turn(turn, source, rng):
    """Random legal play: one die when allowed half the time, a random legal move each roll."""
    while turn.state != OVER:
        if turn.one_die_allowed() and rng.below(2):
            turn.choose_one_die(True)
        feed(turn, source.values, source.draw(turn.dice_expected()))
        if turn.state == AWAIT_MOVE:
            moves = turn.legal_moves()
            for tile in tiles_of(moves[rng.below(len(moves))]):
                turn.tile_shut(tile)
            if turn.state == AWAIT_MOVE:
                turn.commit()


def play_match(match, seed, on_round_end):
    rules = match.rules
    rng = Xorshift32(seed)
    source = source_for(changed(rules, source=R.SOURCE_DICE) if rules.source == R.SOURCE_MANUAL else rules, rng)
    chips = match.ledger.total() if match.ledger else 0
    turns = 0
    rounds_seen = 0
    while not match.over:
        assert turns < TURN_LIMIT, "match did not end"
        if match.simultaneous:
            rows = [row for row in range(rules.rows) if match.turn_on(row) is not None]
            row = rows[rng.below(len(rows))]
            play_turn(match.turn_on(row), source, rng)
            match.end_turn(row)
        else:
            assert not match.dropped[match.current]
            play_turn(match.turn, source, rng)
            match.end_turn()
        turns += 1
        if match.ledger:
            assert match.ledger.total() == chips and min(match.ledger.chips) >= 0
        if match.rounds_played != rounds_seen:
            rounds_seen = match.rounds_played
            on_round_end(match)
    return turns


def check_standings(match, history):
    rules = match.rules
    winners = match.winners()
    assert winners and set(winners) <= set(range(match.players))
    if rules.match in (R.MATCH_RACE, R.MATCH_LONG_GAME):
        assert len(winners) == 1 and match.totals[winners[0]] == 0
        return
    summed = [0] * match.players
    for scores in history:
        for player, score in enumerate(scores):
            summed[player] += score or 0
    assert summed == match.totals and len(history) == match.rounds_played
    everyone_low = min(match.totals)
    if rules.match == R.MATCH_SINGLE:
        assert match.rounds_played == 1
    elif rules.match == R.MATCH_FIXED_ROUNDS:
        assert match.rounds_played == rules.rounds
        assert all(match.totals[player] == everyone_low for player in winners)
    elif rules.match == R.MATCH_TOURNAMENT:
        assert max(match.totals) >= rules.target
        assert all(match.totals[player] == everyone_low for player in winners)
    elif rules.match == R.MATCH_MAX_PENALTY:
        for player in range(match.players):
            out = match.totals[player] > rules.max_penalty or (
                match.totals[player] == rules.max_penalty and not rules.drop_on_exceed)
            assert bool(match.dropped[player]) == out or player in winners
        assert sum(1 for player in range(match.players) if not match.dropped[player]) <= 1


def players_for(rules, wanted):
    """As many players as wanted, within what the format allows."""
    if rules.match == R.MATCH_LONG_GAME:
        return 2
    if rules.match == R.MATCH_RACE or rules.rows_mode == R.ROWS_SIMULTANEOUS:
        wanted = min(wanted, rules.rows)
    if rules.match == R.MATCH_MAX_PENALTY:
        wanted = max(wanted, 2)
    return wanted


def run(rules, wanted_players, seed):
    players = players_for(rules, wanted_players)
    match = start_match(rules, players, first=seed % players)
    history = []
    if rules.match in (R.MATCH_RACE, R.MATCH_LONG_GAME):
        play_match(match, seed, lambda played: None)
    else:
        play_match(match, seed, lambda played: history.append(list(played.last_scores)))
    check_standings(match, history)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(PRESET_NAMES), st.integers(1, 4), st.integers(1, 2**32 - 1))
def test_every_preset_plays_to_the_end_with_consistent_standings(name, players, seed):
    run(rules_from_config({"preset": name}), players, seed)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(HOUSE_RULES, st.integers(1, 4), st.integers(1, 2**32 - 1))
def test_any_accepted_house_rules_play_to_the_end(config, players, seed):
    rules = accepted_rules(config)
    run(rules, players, seed)
