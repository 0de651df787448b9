"""The match a game log describes, played by the firmware's own game rules alongside the
replay script: where the flaps must be at each turn's start, when one die is chosen, when a
move needs a long ok. `problem` says where the log stopped being a legal game (the model is not
used after it)."""

from app.reconcile import expected_open
from game.match import start_match
from game.sources import feed
from game.tile_masks import mask_of
from game.tiles import tiles_of
from game.turn import COMMITTED, MOVE_COMPLETE, OVER, is_error

from tools.replay.turn_names import END_NAMES, RESULT_NAMES


class RulesModel:
    """The log's match by the rules, step by step."""

    def __init__(self, rules, players):
        self.rules = rules
        self.match = start_match(rules, players)
        self.problem = None
        self.turn_number = 0

    def _fail(self, message):
        if self.problem is None:
            self.problem = "turn %d: %s" % (self.turn_number, message)

    @property
    def ok(self):
        return self.problem is None

    def uncovering(self):
        return self.match.uncovering()

    def start_turn(self, header):
        self.turn_number += 1
        match = self.match
        if not self.ok:
            return
        if match.over or match.turn is None:
            self._fail("the match was already over by the rules")
        elif (match.current, match.row) != (header["player"], header.get("row", 0)):
            self._fail("by the rules player %d plays on row %d, the log has player %d on row %d"
                       % (match.current + 1, match.row + 1, header["player"] + 1, header.get("row", 0) + 1))

    def expected_open(self):
        """The flaps' open mask the box asks for at the turn's start."""
        all_tiles = self.rules.all_tiles()
        invert = all_tiles if self.uncovering() else 0
        return expected_open(self.match.turn, invert, all_tiles)

    def wants_select(self, dice_count):
        """Must select be pressed before this roll (to choose one die, or the full set again)?"""
        if not self.ok:
            return False
        turn = self.match.turn
        if dice_count == turn.dice_expected():
            return False
        if dice_count == 1 and turn.one_die_allowed():
            turn.choose_one_die(True)
            return True
        if dice_count == self.rules.dice and turn.one_die:
            turn.choose_one_die(False)
            return True
        if dice_count == 1:
            self._fail("a roll of one die where the rules do not allow one")
        else:
            self._fail("a roll of %d dice: the rules roll %d" % (dice_count, turn.dice_expected()))
        return False

    def impossible(self, message):
        """The log has something no box could have done (the script leaves it out)."""
        self._fail(message)

    def roll(self, values):
        if not self.ok:
            return
        result = feed(self.match.turn, values, len(values))
        if is_error(result):
            self._fail("the roll %s: %s" % (values, RESULT_NAMES[result]))

    def move(self, tiles):
        """Shut the tiles; True if the move stays pending (a long ok or a roll takes it)."""
        if not self.ok:
            return False
        turn = self.match.turn
        for tile in tiles:
            result = turn.tile_shut(tile)
            if is_error(result):
                self._fail("the move %s: tile %d: %s" % (tiles, tile, RESULT_NAMES[result]))
                return False
            if result == MOVE_COMPLETE:
                turn.commit()
        return turn.state != OVER and bool(turn.pending)

    def commit(self):
        if self.ok and self.match.turn.commit() != COMMITTED:
            self._fail("the move could not be taken as it stood")

    def end(self, value):
        if not self.ok:
            return
        turn = self.match.turn
        if turn.state != OVER:
            self._fail("the log ends the turn, the rules do not")
            return
        if mask_of(value["open"]) != turn.open_mask or value.get("how", turn.ended) != turn.ended:
            self._fail("the turn ends %s with open %s by the rules"
                       % (END_NAMES[turn.ended], tiles_of(turn.open_mask)))
            return
        self.match.end_turn()

    def totals(self):
        return list(self.match.totals)
