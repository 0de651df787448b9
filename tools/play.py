"""Play Shut the Box in a plain terminal on the firmware's own game code (no hardware).

    python tools/play.py [PRESET] [--players N] [--seed S]

Each throw shows the dice and the open tiles; type the tiles to shut (e.g. `7 1`), or `?` for
the legal moves. The rules engine refuses illegal moves and ends turns exactly as the box does.
"""

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "firmware"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from board_sim.upy import micropython as micropython_stand_in  # noqa: E402

sys.modules.setdefault("micropython", micropython_stand_in)

from game.match import start_match  # noqa: E402
from game.presets import PRESET_NAMES, describe, preset  # noqa: E402
from game.prng import Xorshift32  # noqa: E402
from game.sources import feed, source_for  # noqa: E402
from game.tiles import tiles_of  # noqa: E402
from game.turn import AWAIT_MOVE, END_NAMES, OVER, RESULT_NAMES, is_error  # noqa: E402


def ask(prompt, read):
    """One line of input, or None at end of input."""
    try:
        return read(prompt).strip()
    except EOFError:
        return None


def play_move(turn, read, write):
    """Ask for tiles until a legal move is shut; returns False at end of input."""
    while True:
        answer = ask("  tiles to shut: ", read)
        if answer is None:
            return False
        if answer == "?":
            write("  legal: %s\n" % " | ".join(" ".join(map(str, tiles_of(m))) for m in turn.legal_moves()))
            continue
        try:
            tiles = [int(word) for word in answer.split()]
        except ValueError:
            write("  type tile numbers separated by spaces, or ? for the legal moves\n")
            continue
        refused = None
        for tile in tiles:
            if not 1 <= tile <= turn.rules.tiles:
                refused = "there is no tile %d" % tile
                break
            result = turn.tile_shut(tile)
            if is_error(result):
                refused = "%d: %s" % (tile, RESULT_NAMES[result])
                break
        if refused is None and (turn.state == OVER or not is_error(turn.commit())):
            return True
        for tile in tiles_of(turn.pending):
            turn.tile_reopened(tile)
        write("  not a legal move (%s)\n" % (refused or "the tiles must add up to %d" % turn.total))


def play(rules, players, seed, read=input, write=sys.stdout.write):
    """Play one whole match; returns the winners (player numbers from 0)."""
    match = start_match(rules, players)
    source = source_for(rules, Xorshift32(seed))
    write("%s: %s\n" % (rules.as_names()["match"], describe_rules(rules)))
    while not match.over:
        turn = match.turn
        write("\nPlayer %d, your turn.\n" % (match.current + 1))
        while turn.state != OVER:
            write("  open: %s\n" % " ".join(map(str, tiles_of(turn.open_mask))))
            if turn.one_die_allowed():
                answer = ask("  roll one die? [y/N] ", read)
                if answer is None:
                    return []
                turn.choose_one_die(answer.lower().startswith("y"))
            count = source.draw(turn.dice_expected())
            feed(turn, source.values, count)
            write("  rolled %s = %d\n" % (" + ".join(str(source.values[i]) for i in range(count)), turn.total))
            if turn.state == AWAIT_MOVE and not play_move(turn, read, write):
                return []
        write("  turn over (%s): score %d\n" % (END_NAMES[turn.ended], turn.score()))
        match.end_turn()
    winners = match.winners()
    write("\nWinner%s: %s\n" % ("s" if len(winners) > 1 else "", ", ".join("player %d" % (p + 1) for p in winners)))
    return winners


def describe_rules(rules):
    return "%d tiles, %dd%d" % (rules.tiles, rules.dice, rules.faces)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", nargs="?", default="classic", choices=PRESET_NAMES)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=int(time.time()) & 0xFFFF)
    args = parser.parse_args(argv)
    print("shutbox: %s (%s)" % (args.preset, describe(args.preset)))
    play(preset(args.preset), args.players, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
