"""Replay a game log (tools/replay/export_log.py's JSON) on the simulated box, to settle a dispute.

    python -m tools.replay.replay_log LOG.json [--script OUT.txt] [--log OUT.jsonl]
    shutbox-replay LOG.json ...                   (the same, installed)

The log becomes a board_sim script (board_sim/SCRIPTS.md): the game the log names (its preset,
or its house rules as `set rules`) and players, then for each turn the flaps put right as the
box asks, `dice` with the logged roll and a shake, and the logged move's flaps shut (opened,
for the long game's uncovering player), with waits. The script runs on a fresh simulated box
with the real firmware, and what that box did (its own game log: each roll, each move, each
turn's end and open tiles) must equal the log; the first difference of each turn is printed
with the turn's number and the exit code is 1. --script keeps the script, --log the box's
JSON-lines log.

Only a log that starts with its match can be replayed (the box keeps the last 300 records:
one with "dropped" > 0 lost its start). The work is done by tools/replay/.
"""

import argparse
import pathlib
import sys

from board_sim.closed_pipe import quiet_when_the_pipe_closes
from tools.replay.log_file import ReplayError, load_log, split_turns
from tools.replay.plan import build_script
from tools.replay.verdict import run_plan

SHOWN_MISMATCHES = 5  # after the first, a diverged replay usually differs in every later turn


@quiet_when_the_pipe_closes
def main(argv=None):
    parser = argparse.ArgumentParser(prog="shutbox-replay", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", help="the game log (JSON, from tools/replay/export_log.py)")
    parser.add_argument("--script", help="write the replay script here")
    parser.add_argument("--log", dest="box_log", help="write the simulated box's JSON-lines log here")
    args = parser.parse_args(argv)
    try:
        text = pathlib.Path(args.log).read_text()
    except OSError as error:
        print("replay: cannot read %s: %s" % (args.log, error), file=sys.stderr)
        return 2
    try:
        log = load_log(text)
        plan = build_script(log)
    except ReplayError as error:
        print("replay: %s" % error, file=sys.stderr)
        return 2
    if args.script:
        pathlib.Path(args.script).write_text(plan.text)
    verdict = run_plan(log, plan)
    if args.box_log:
        pathlib.Path(args.box_log).write_text("".join(line + "\n" for line in verdict.replay.lines))
    game = "%s, %d players, %d turns" % (plan.game, log["players"], len(split_turns(log["events"])))
    if plan.problem is not None:
        print("replay: the log breaks the rules of %s at %s" % (plan.game, plan.problem))
    if verdict.mismatches:
        print("replay: the simulated box did not play the log's game (%s):" % game)
        for line in verdict.mismatches[:SHOWN_MISMATCHES]:
            print("  " + line)
        if len(verdict.mismatches) > SHOWN_MISMATCHES:
            print("  ... and %d more turns differ" % (len(verdict.mismatches) - SHOWN_MISMATCHES))
        return 1
    print("replay: the simulated box played the log's game (%s); final totals %s"
          % (game, verdict.replay.totals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
