"""One line on each preset's rules: its card on the box (the menu: select on the Game row,
app.screen_menu) and the README's list (tools/build/list_presets.py). Loaded only while a card is
shown, let go when it closes. The house rules' card is game.house_card's.

The lines are one string: an import on a board looks up each string constant among the names
interned so far, and the 26 names and 26 lines, a dict's, made its import the longest part of
the tick that opens a card (issue 45: 15.7 ms of an emulated RP2040's, the tick 19.7-21.0 ms)."""

# each preset's name, a tab, its one-line description (test_presets: every preset has one, and
# no other name), a line each, after a first new line (a name is found after one)
_CARDS = (
    "\n"
    "classic\t1-9, 2d6, one die once 7-9 are shut, any combination, golf\n"
    "two-dice-only\talways two dice: with only tile 1 left the turn ends\n"
    "one-die-last-tile\tone die only when tile 1 alone is open\n"
    "low-sum-one-die\tone die when the open tiles sum to 6 or less\n"
    "ten\ttiles 1-10 with 2d6\n"
    "full-house\ttiles 1-12 with 2d6\n"
    "2012\ttiles 1-12 with one 20-sided die\n"
    "the-300\ttwo boxes, tiles 1-24, four dice\n"
    "thai\talways two dice; shut exactly one tile: a die or the total\n"
    "exact-match\tshut the total's tile, or both dice's tiles\n"
    "single-die\tshut the total's tile, or one or both dice's tiles (second die mandatory)\n"
    "young-players\teach player's own row; shut the total or one or both dice; first to shut all wins\n"
    "2-to-go\ttile 2 must be among the first roll's tiles; a first 4 loses\n"
    "3-to-go\ttile 3 must be among the first roll's tiles; a first 2 loses\n"
    "3-down-extreme\ttiles 1-3 start down\n"
    "lucky-7\tonly tile 7 is up: the first to roll a 7 wins\n"
    "unlucky-7\ta rolled 7 ends the turn at once\n"
    "against-all-odds\tonly the odd tiles start up\n"
    "even-stevens\tonly the even tiles start up\n"
    "missionary\tscore the number of tiles left open\n"
    "digital\tscore the open tiles read as one number (1,2,5 scores 125)\n"
    "canoga\tchips: ante to the kitty, losers pay the score difference, a shut box doubles\n"
    "tournament\trounds until someone reaches 100; lowest total wins\n"
    "max-penalty\trounds; a player reaching 45 drops out; last one standing wins\n"
    "fixed-rounds\ta fixed number of rounds (5), penalties summed\n"
    "long-game\ttwo players: the second uncovers the box as left; doubles throw again\n"
)


def description(name):
    """The preset's one-line description (None if it has none)."""
    at = _CARDS.find("\n" + name + "\t")
    if at < 0:
        return None
    at += len(name) + 2
    return _CARDS[at:_CARDS.find("\n", at)]


def described():
    """How many presets have a line here."""
    return _CARDS.count("\t")

