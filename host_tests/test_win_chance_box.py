"""Win-chance hints on the simulated box: every player of a 3-player round (not only the last)
and a 12-tile box are told their chance of winning, shown the move that keeps it best and
reviewed in points of it; the formats that add up totals play for the match on its last throw
and, under max-penalty, to stay in when that is in doubt."""

import sys

from app.hints import Hints
from box_steps import oled as screen_text
from box_steps import slow_coach
from game.at_stake import _GOAL_MATCH as GOAL_MATCH
from game.at_stake import _GOAL_ROUND as GOAL_ROUND
from game.at_stake import _GOAL_STAY as GOAL_STAY
from game.gamelog import GameLog
from game.match import start_match
from game.presets import preset
from game.prng import Xorshift32
from game.sources import ElectronicDice, feed
from game.strategy import WIN_ONE, first_best, percent
from game.turn import AWAIT_MOVE, AWAIT_ROLL, END_SHUT, OVER
from game.win_chance import WinChance

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer
from tools.coach import turn_solver
from tools.coach.round_monte_carlo import make_move
from tools.coach.round_win import RoundSolver
from tools.replay.turn_names import END_NO_MOVE

NO_GOAL = 0  # app.hints: the table's hints


def expected_chances(rules, scores, after):
    """The box's programme for a player after `scores` (None: not thrown), worked out here."""
    thrown = [score for score in scores if score is not None]
    to_beat = min(thrown) if thrown else -1
    win = WinChance(rules)
    assert win.begin(to_beat, thrown.count(to_beat) if thrown else 0, after)
    while not win.step(1 << rules.tiles):
        pass
    return win


def _next_turn_up(sim, player, seen):
    """Step the box until a player not yet seen waits for their turn's first roll (or None
    when the match is over)."""
    from app.core import PLAY
    from app.roller import IDLE

    for _ in range(3000):
        app = sim.view
        if (app.phase == PLAY and app.turn.state == AWAIT_ROLL and app.turn.rolls == 0
                and app.roller.state == IDLE and app.player not in seen):
            return app.player
        if not player.step():
            return None
    raise AssertionError("no turn came up")


def _until_winning(sim):
    for _ in range(2000):
        if sim.view.hints.winning:
            return
        sim.run(20)
    raise AssertionError("the chance of winning never became ready")


def _flip(sim, move):
    tile = 1
    while move:
        if move & 1:
            sim.board.flip_flap(tile)
        move >>= 1
        tile += 1
    sim.run(200)


def test_every_player_of_a_three_player_round_is_told_the_chance_of_winning():
    sim = SimBox(BoxOptions(seed=12, preset="classic", players=3, hints=True))
    try:
        app = sim.view
        player = BoxPlayer(sim)
        seen = []
        while len(seen) < 3:
            seat = _next_turn_up(sim, player, seen)
            assert seat is not None, "the round ended after %d players" % len(seen)
            seen.append(seat)
            _until_winning(sim)
            assert app.hints.goal == GOAL_ROUND
            rules = app.match.rules
            expected = expected_chances(rules, app.match.round.scores, 2 - len(seen) + 1)
            oled = screen_text(sim)
            assert oled[3].endswith("win")
            assert oled[2].endswith("%d%%" % percent(expected.chance(app.turn.open_mask), WIN_ONE))
            if len(seen) == 1:  # the first player: RoundSolver's chance for seat 1 (33.94 %)
                exact = RoundSolver(turn_solver.Model(rules), 3).seat_chances()[0]
                assert abs(expected.chance(app.turn.open_mask) / WIN_ONE - exact) < 2e-4
            sim.dice.force([3, 4])
            player.step()
            turn = app.turn
            best = first_best(turn.legal_moves(), expected.chance, turn.open_mask)
            assert turn.state == AWAIT_MOVE and app.hint == best
            if len(seen) == 1:  # a worse move: the review shows its cost in chance of winning
                _flip(sim, [move for move in turn.legal_moves() if move != best][0])
                for _ in range(300):
                    if app.reviewing:
                        break
                    player.step()
                review = app.hints.review
                assert review.player == seat and review.costs[0] > 0
                oled = screen_text(sim)
                assert oled[0].startswith("Review P1") and oled[0].endswith("win%")
                assert "-%d.%d" % divmod(review.costs[0], 10) in oled[1]
    finally:
        sim.close()


def test_a_twelve_tile_box_tells_the_first_player_the_chance_of_winning():
    sim = SimBox(BoxOptions(seed=5, tiles=12, flap_wiring="mcp23017", preset="full-house",
                            players=2, hints=True))
    try:
        app = sim.view
        player = BoxPlayer(sim)
        assert _next_turn_up(sim, player, []) == 0
        _until_winning(sim)
        expected = expected_chances(app.match.rules, [None, None], 1)
        oled = screen_text(sim)
        assert oled[3].endswith("win") and oled[2].endswith("%d%%" % percent(expected.chance(4095), WIN_ONE))
        sim.dice.force([6, 6])
        player.step()
        turn = app.turn
        assert app.hint == first_best(turn.legal_moves(), expected.chance, turn.open_mask) != 0
    finally:
        sim.close()


def _play_turn(match, dice):
    """Finish the turn in play with seeded dice, the first legal move each roll."""
    turn = match.turn
    while turn.state != OVER:
        count = dice.draw(turn.dice_expected())
        feed(turn, dice.values, count)
        if turn.state == AWAIT_MOVE:
            make_move(turn, turn.legal_moves()[0])
    match.end_turn()


def _look_at_turn(hints, turn, log):
    """The ticks that look at a turn just started (the one that started it, then
    app.hints_turn's start, a slice a tick: its import, a new game's policy in three, what the
    turn plays for, game.win_chance imported, its programme begun)."""
    for _tick in range(8):
        hints.work(turn, log)
        if hints._starting is None:
            return
    raise AssertionError("the turn is still being looked at after eight ticks")


def _hinted(match):
    hints = Hints()
    hints.turn_starts(match)
    log = GameLog(8)
    _look_at_turn(hints, match.turn, log)
    while hints.goal != NO_GOAL and not hints.work(match.turn, log):
        pass
    return hints


def test_the_last_throw_of_a_tournament_plays_for_the_match():
    match = start_match(preset("tournament"), 3)
    dice = ElectronicDice(Xorshift32(7), 6)
    match.totals[:] = [96, 80, 70]
    _play_turn(match, dice)
    assert _hinted(match).goal == NO_GOAL  # two still to throw: the score's hints
    _play_turn(match, dice)
    first, second = match.round.scores[0], match.round.scores[1]
    hints = _hinted(match)
    assert hints.goal == GOAL_MATCH and hints.winning and hints.chance_word() == "win"
    best = min(96 + first, 80 + second)
    assert hints.win.to_beat == best - 70
    level = WIN_ONE if (96 + first == 80 + second) else (WIN_ONE + 1) // 2
    assert hints.win.level == level
    # a shut box scores 0 (worth what any other end on 0 is): below any total to beat
    assert hints.win.ending(0, END_SHUT) == hints.win.ending(0, END_NO_MOVE) == WIN_ONE


def test_a_tournament_round_the_match_may_outlast_gets_the_score_hints():
    match = start_match(preset("tournament"), 2)
    dice = ElectronicDice(Xorshift32(7), 6)
    match.totals[:] = [10, 20]
    _play_turn(match, dice)
    assert _hinted(match).goal == NO_GOAL


def test_max_penalty_plays_to_stay_in_only_when_that_is_in_doubt():
    rules = preset("max-penalty")
    match = start_match(rules, 2)
    hints = _hinted(match)
    assert hints.goal == NO_GOAL  # 45 to go: staying in is (nearly) sure
    match.totals[0] = rules.max_penalty - 12
    hints = _hinted(match)
    assert hints.goal == GOAL_STAY and hints.chance_word() == "stay"
    win = hints.win
    assert win.to_beat == 12 and win.level == 0  # 12 more reaches the limit: out
    assert win.chance(rules.all_tiles()) < 64880


def test_a_long_game_keeps_the_shut_chance():
    match = start_match(preset("long-game"), 2)
    hints = _hinted(match)
    assert hints.goal == NO_GOAL and hints.win is None and hints.chance_word() == "shut"


def test_a_roll_before_the_chance_is_ready_gets_the_win_hints_once_it_is():
    match = start_match(preset("classic"), 2)
    hints = Hints()
    turn = match.turn
    log = GameLog(8)
    hints.turn_starts(match)
    _look_at_turn(hints, turn, log)  # the programme begins
    assert hints.goal == GOAL_ROUND and not hints.winning
    feed(turn, bytearray((3, 4)), 2)  # a quick player rolls first
    assert turn.state == AWAIT_MOVE and hints.best_move(turn) == hints.policy.best_move(turn)
    while not hints.work(turn, log):
        pass
    assert hints.winning and hints.chance_word() == "win"
    win = hints.win
    best = first_best(turn.legal_moves(), win.chance, turn.open_mask)
    assert hints.best_move(turn) == best
    review = hints.review  # the roll's entry again, in the chance of winning
    assert review.objective == 2 and review.count == 1 and review.best[0] == best
    assert hints.shut_chance(turn) == percent(win.chance(turn.open_mask & ~hints.best_move(turn)), WIN_ONE)


def test_moves_made_before_the_chance_is_ready_are_reviewed_in_it_from_the_game_log():
    match = start_match(preset("classic"), 2)
    hints = Hints()
    turn = match.turn
    log = GameLog(32)
    log.turn(0)
    hints.turn_starts(match)
    _look_at_turn(hints, turn, log)
    wanted = []  # (total, open before, best) of each roll, as the chance of winning picks
    for dice in ((3, 4), (6, 5), (1, 2), (4, 4)):  # a quick player: four moves first
        feed(turn, bytearray(dice), 2)
        log.roll(*dice)
        hints.best_move(turn)
        wanted.append((turn.total, turn.open_mask, turn.legal_moves()))
        before = turn.open_mask
        make_move(turn, turn.legal_moves()[-1])
        log.move(before & ~turn.open_mask)
    feed(turn, bytearray((6, 3)), 2)
    log.roll(6, 3)
    wanted.append((turn.total, turn.open_mask, turn.legal_moves()))
    assert turn.state == AWAIT_MOVE and hints.review.objective == 1  # in points of the score so far
    while not hints.work(turn, log):
        pass
    assert hints.winning
    hints.best_move(turn)  # the tick it turns ready: the roll's move is lit again, to win
    assert hints.work(turn, log) is False and hints._replaying == 0  # app.hints_replay's import alone
    assert "app.hints_replay" in sys.modules
    assert hints.work(turn, log) is False and hints._replaying == 4  # four rolls a tick
    assert "app.hints_replay" in sys.modules  # kept for the rest (an import took a Pico ~10 ms)
    assert hints.work(turn, log) is False and hints._replaying == -1
    assert "app.hints_replay" not in sys.modules  # let go once the review is rebuilt
    review = hints.review
    assert review.objective == 2 and review.count == 5 and hints._recording
    for index, (total, before, moves) in enumerate(wanted):
        assert review.totals[index] == total and review.before[index] == before, index
        assert review.best[index] == first_best(moves, hints.win.chance, before), index


def test_the_box_lights_the_winning_move_of_a_roll_made_before_the_chance_was_ready(monkeypatch):
    sim = SimBox(BoxOptions(seed=3, tiles=12, flap_wiring="mcp23017", preset="2012", players=2,
                            hints=True, accel=False))
    try:  # the coach as on a slower box, so a roll comes first
        slow_coach(monkeypatch)
        app = sim.view
        player = BoxPlayer(sim)
        assert _next_turn_up(sim, player, []) == 0
        sim.dice.force([11])  # one twenty-sided die
        sim.board.press("ok")  # no accelerometer: ok rolls, at once
        turn = app.turn
        for _ in range(100):
            if turn.state == AWAIT_MOVE:
                break
            sim.run(10)
        assert turn.state == AWAIT_MOVE and not app.hints.winning  # rolled before it was ready
        _until_winning(sim)
        expected = expected_chances(app.match.rules, [None, None], 1)
        assert app.hint == first_best(turn.legal_moves(), expected.chance, turn.open_mask)
        oled = screen_text(sim)
        assert oled[3].endswith("win"), oled
    finally:
        sim.close()
