"""One line on each preset's rules: its card on the box (the menu: select on the Game row,
app.screen_menu) and the README's list (tools/build/list_presets.py). Loaded only while a card is
shown, let go when it closes. The house rules' card is game.house_card's."""

# preset name -> its one-line description (test_presets: every preset has one, and no other name)
DESCRIPTIONS = {
    "classic": "1-9, 2d6, one die once 7-9 are shut, any combination, golf",
    "two-dice-only": "always two dice: with only tile 1 left the turn ends",
    "one-die-last-tile": "one die only when tile 1 alone is open",
    "low-sum-one-die": "one die when the open tiles sum to 6 or less",
    "ten": "tiles 1-10 with 2d6",
    "full-house": "tiles 1-12 with 2d6",
    "2012": "tiles 1-12 with one 20-sided die",
    "the-300": "two boxes, tiles 1-24, four dice",
    "thai": "always two dice; shut exactly one tile: a die or the total",
    "exact-match": "shut the total's tile, or both dice's tiles",
    "single-die": "shut the total's tile, or one or both dice's tiles (second die mandatory)",
    "young-players": "each player's own row; shut the total or one or both dice; first to shut all wins",
    "2-to-go": "tile 2 must be among the first roll's tiles; a first 4 loses",
    "3-to-go": "tile 3 must be among the first roll's tiles; a first 2 loses",
    "3-down-extreme": "tiles 1-3 start down",
    "lucky-7": "only tile 7 is up: the first to roll a 7 wins",
    "unlucky-7": "a rolled 7 ends the turn at once",
    "against-all-odds": "only the odd tiles start up",
    "even-stevens": "only the even tiles start up",
    "missionary": "score the number of tiles left open",
    "digital": "score the open tiles read as one number (1,2,5 scores 125)",
    "canoga": "chips: ante to the kitty, losers pay the score difference, a shut box doubles",
    "tournament": "rounds until someone reaches 100; lowest total wins",
    "max-penalty": "rounds; a player reaching 45 drops out; last one standing wins",
    "fixed-rounds": "a fixed number of rounds (5), penalties summed",
    "long-game": "two players: the second uncovers the box as left; doubles throw again",
}

