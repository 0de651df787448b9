"""A replay script run on the simulated box (board_sim.script, on a SimBox with the real
firmware), and what the box did (its own game log, exported as the box exports it) compared
with the log, turn by turn."""

from app.keeper_files import export
from game.rule_names import as_names

from board_sim.script import build_box, parse, play
from tools.replay.log_file import describe_step, split_turns
from tools.replay.plan import build_script


class Replay:
    """What the simulated box did: `lines` (its JSON-lines log, as run_script returns them),
    `log` (its game log exported as the box exports it) and `totals` (the match totals)."""

    def __init__(self, lines, log, totals):
        self.lines = lines
        self.log = log
        self.totals = totals


def run_replay(text, tail_ms=500):
    """Run a script as board_sim.script.run_script does, reading the box's game log at the end."""
    settings, events = parse(text)
    box = build_box(settings)
    try:
        lines = play(box, events, tail_ms)
        view = box.view
        match = view.match
        players = match.players if match is not None else box.options.players
        game_log = export(view.log, as_names(view.rules), players) if view.rules is not None else None
        return Replay(lines, game_log, list(match.totals) if match is not None else None)
    finally:
        box.close()


def compare(expected, got):
    """The differences between the log and the replay's log, one line per turn that differs:
    the turn's number and player, then the first step (roll, move, end) that differs."""
    if got is None:
        return ["the simulated box never started the game"]
    mismatches = []
    wanted = split_turns(expected["events"])
    played = split_turns(got["events"])
    if got.get("dropped"):
        mismatches.append("the replay's own log lost its first %d records" % got["dropped"])
    for number, (header, steps) in enumerate(wanted, 1):
        who = "turn %d (player %d)" % (number, header["player"] + 1)
        if number > len(played):
            mismatches.append("%s: expected %s, got no turn %d (the replay stopped at turn %d)"
                              % (who, describe_step(steps[0]) if steps else "the turn", number, len(played)))
            break
        got_header, got_steps = played[number - 1]
        if got_header != header:
            mismatches.append("%s: expected player %d on row %d, got player %d on row %d" % (
                who, header["player"] + 1, header.get("row", 0) + 1, got_header["player"] + 1,
                got_header.get("row", 0) + 1))
            continue
        for index in range(max(len(steps), len(got_steps))):
            want = steps[index] if index < len(steps) else None
            have = got_steps[index] if index < len(got_steps) else None
            if want != have:
                if want is None and number == len(wanted):
                    break  # the log was saved mid-turn; the replay may have gone on
                done = [describe_step(step) for step in steps[:index]]
                mismatches.append("%s, step %d%s: expected %s, got %s" % (
                    who, index + 1, " (after %s)" % ", ".join(done) if done else "",
                    describe_step(want), describe_step(have)))
                break
    if len(played) > len(wanted) and not mismatches:
        mismatches.append("the replay went on to turn %d, which the log does not have" % (len(wanted) + 1))
    return mismatches


class Verdict:
    """A replay's result: the plan, what the box did, and the mismatches (empty: it matched)."""

    def __init__(self, plan, replay, mismatches):
        self.plan = plan
        self.replay = replay
        self.mismatches = mismatches

    @property
    def matches(self):
        return not self.mismatches


def run_plan(log, plan):
    """Run a plan's script and compare what the box did with the log -> Verdict."""
    replay = run_replay(plan.text)
    mismatches = compare(log, replay.log)
    if not mismatches and plan.totals is not None and replay.totals != plan.totals:
        mismatches.append("final totals: expected %s by the rules, got %s" % (plan.totals, replay.totals))
    return Verdict(plan, replay, mismatches)


def replay_log(log):
    """Replay a loaded log (log_file.load_log) on the simulated box -> Verdict. ReplayError if
    it cannot be replayed."""
    return run_plan(log, build_script(log))
