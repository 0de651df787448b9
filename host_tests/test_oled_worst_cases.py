"""Every OLED frame fits the 128x64 glass at its worst (24 tiles, 8 players, digital scores,
chips, long fault messages, every game name): drawn by the real app.screens code through the
firmware's SSD1306 driver onto the simulated panel, read back as text from its pixels. No
text may leave the glass or overwrite other text, and every number reads back whole."""

import re

import pytest
from box_steps import standings_read

from board_sim.frontend.oled import text_lines
from board_sim.install import simulated

PINMAP = {
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
    "flaps": [],
    "display": {"type": "ssd1306", "address": 0x3C, "width": 128, "height": 64,
                "external_vcc": False},
}
ALL_24 = (1 << 24) - 1
DIGITAL_24 = int("".join(str(tile) for tile in range(1, 25)))  # every tile of the-300 left open


class CheckedPanel:
    """The firmware's SSD1306 driver, with every character drawn between fill() and show()
    checked: inside the glass, and never over another character."""

    def __init__(self, display):
        self.display = display
        self.cells = []

    def fill(self, colour):
        self.cells = []
        self.display.fill(colour)

    def text(self, words, x, y, colour=1):
        for index in range(len(words)):
            left = x + 8 * index
            assert 0 <= left and left + 8 <= 128 and 0 <= y and y + 8 <= 64, (words, x, y)
            for other in self.cells:
                assert abs(other[0] - left) >= 8 or abs(other[1] - y) >= 8, (words, x, y, other)
            self.cells.append((left, y))
        self.display.text(words, x, y, colour)

    def __getattr__(self, name):
        return getattr(self.display, name)


@pytest.fixture
def screen():
    with simulated(PINMAP, seed=3) as board:
        import machine
        from app.screens import Screen
        from hal.ssd1306 import SSD1306_I2C

        i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
        shown = Screen(CheckedPanel(SSD1306_I2C(128, 64, i2c)))
        def read():
            while shown.flush():  # the frame's parts, as the App's ticks send them
                pass
            return text_lines(board.display_pixels())

        shown.read = read
        yield shown


def digits_from(lines, start_row, first_column=0):
    """The run of digits that starts at a row (and column) and runs on over the lines below."""
    run = ""
    for row in range(start_row, len(lines)):
        line = lines[row].ljust(16)[first_column if row == start_row else 0:]
        for char in line:
            if not char.isdigit():
                return run
            run += char
    return run


@pytest.mark.parametrize("score, total", [(13, 12), (292, 24), (DIGITAL_24, 24)])
def test_the_result_of_a_turn_shows_the_throw_and_the_whole_score(screen, score, total):
    from app.screen_turn import show_setup

    show_setup(screen, 7, score, 2, total, 0, None, 0, 0, round_number=12)
    lines = screen.read()
    assert lines[0] == "P8 no move"
    assert lines[1] == "threw %d" % total
    assert lines[2].startswith("score ")
    assert digits_from(lines, 2, 6) == str(score)
    assert "Next: Player 1" in lines and lines[-1] in ("ok to play", "") or "ok to play" in lines


def test_the_match_end_shows_the_last_turn_before_the_standings(screen):
    from app import screen_end
    from app.finish_frames import show_result

    show_result(screen_end, screen, 1, 0, "shut box!", 7)
    assert screen.read()[:3] == ["P2 shut box!", "threw 7", "score 0"]


@pytest.mark.parametrize("must_open, must_shut", [
    (ALL_24, 0), (ALL_24 & ~1, 1), (0b101010101010101010101010, 0b010101010101010101010101)])
def test_flaps_to_move_are_listed_whole_or_end_in_an_ellipsis(screen, must_open, must_shut):
    from app.screen_turn import show_setup

    show_setup(screen, 0, DIGITAL_24, 2, 24, 1, None, must_open, must_shut, round_number=3)
    lines = screen.read()
    text = " ".join(lines[lines.index("Next: Player 2") + 1:]).replace("Open:", "|").replace("Shut:", "|")
    for part, mask in zip(text.split("|")[1:], (must_open, must_shut) if must_open else (must_shut,),
                          strict=False):
        words = part.split()
        expected = [str(tile) for tile in range(1, 25) if mask >> (tile - 1) & 1]
        if words and words[-1] == "...":
            words = words[:-1]
            assert len(words) < len(expected)
        else:
            assert len(words) == len(expected)
        assert words == expected[:len(words)]  # the lowest tiles, each number whole


def test_every_game_name_reads_whole_in_the_menu(screen):
    from app.menu import HOUSE, Menu
    from app.screen_menu import show_menu
    from game.presets import PRESET_NAMES, preset

    names = [HOUSE, *PRESET_NAMES]
    menu = Menu([(name, preset("classic")) for name in names], 0, 8, True, True)
    for entry, name in enumerate(names):
        menu.entry = entry
        show_menu(screen, menu)
        lines = screen.read()
        shown = (lines[1][6:] + lines[2][1:]).strip() if lines[1][6:] else lines[2].strip()
        assert shown == name, lines
        assert lines[4] == " Hints    on" and lines[5] == " Start"


@pytest.mark.parametrize("name", ["one-die-last-tile", "house rules"])
def test_the_menus_resume_row_fits_at_its_worst(screen, name):
    from app.menu import Menu
    from app.screen_menu import show_menu
    from game.presets import preset

    match = _Match([0] * 8, [None] * 8, None, [0] * 8)
    match.current = 7
    menu = Menu([("classic", preset("classic"))], 0, 8, True, True)
    menu.left = (match, None, None, (name, None, None), 8)
    show_menu(screen, menu)
    assert screen.read()[6:8] == [" Resume P8 Rd 99", "select:rules"]
    menu.row = 5  # app.menu's _ROW_RESUME
    show_menu(screen, menu)
    assert screen.read()[6:8] == [">Resume P8 Rd 99", name[:16]]


def test_every_games_rules_card_reads_whole_a_page_at_a_time(screen):
    from app.menu import HOUSE, Menu
    from app.screen_card import show_card
    from game.house_card import house_card
    from game.preset_cards import description
    from game.presets import PRESET_NAMES, preset

    names = [HOUSE, *PRESET_NAMES]
    menu = Menu([(name, preset("classic")) for name in names[:20]], 0, 8, True, True)
    menu.entries.extend((name, preset("classic")) for name in names[20:])
    for entry, name in enumerate(names):
        menu.entry = entry
        menu.card = 0
        words = []
        while True:
            following = show_card(screen, menu)
            lines = screen.read()
            title = lines[0] + lines[1] if lines[0].endswith("-") else lines[0]
            assert title == name
            words.extend(" ".join(lines[2 if lines[0].endswith("-") else 1:7]).split())
            assert lines[7] == ("ok:game sel:more" if following else "ok:game sel:next")
            if not following:
                break
            menu.card = following
        assert " ".join(words) == (house_card(preset("classic")) if name == HOUSE else description(name)), name


def test_the_house_rules_card_shows_every_rule_changed_a_page_at_a_time(screen):
    from app.menu import HOUSE, Menu
    from app.screen_card import show_card
    from game.config import rules_from_config

    rules = rules_from_config({"tiles": 12, "start": "odd-up", "one_die": "never",
                               "move": "single-die", "second_die_optional": True, "must_first": 3,
                               "unlucky_7": True, "scoring": "missionary", "match": "tournament",
                               "target": 150, "stakes": "canoga", "chips": 9999, "ante": 2, "ties": "full"})
    menu = Menu([(HOUSE, rules)], 0, 8, True, True)
    menu.card = 0
    words = []
    pages = 0
    while True:
        following = show_card(screen, menu)
        lines = screen.read()
        pages += 1
        assert lines[0] == HOUSE
        assert lines[5:7] == ["26 more games", "need more flaps"]  # (the menu offers no preset)
        words.extend(" ".join(lines[1:5]).split())
        if not following:
            break
        menu.card = following
    said = " ".join(words)
    assert pages > 1 and said.startswith("your own rules: tiles 12, start odd-up")
    assert "scoring missionary, match tournament, target 150, stakes canoga, chips 9999, ante 2" in said


def pages_shown(page):
    """Show and check page after page (page(first) -> the first player of the next, 0 after the
    last) from the first; how many there were."""
    pages = 1
    following = page(0)
    while following:
        pages += 1
        following = page(following)
    return pages


@pytest.mark.parametrize("chips, totals", [
    ([8, 9, 79992, 0, 100, 3, 50, 9999], [17, 3, 45, 300, 0, 9, 12, 1]),
    (None, [DIGITAL_24 * 99] * 8),
    ([9999] * 8, [DIGITAL_24] * 8),
])
def test_standings_of_eight_players_page_and_never_overwrite(screen, chips, totals):
    from app import screen_end
    from app.finish_frames import show_standings

    shown = {}
    kitties = []

    def page(first):
        following = show_standings(screen_end, screen, totals, 8, chips, 0b10000001, False, first,
                                   True, None, 79992 if chips else -1)
        lines = screen.read()
        assert lines[0] == "Tie: P1 P8"  # the winners named on every page
        assert lines[6:8] == ["ok: next page" if following else "ok: play again", "select: menu"]
        for player, (mark, total, _score, chip_count, _out) in standings_read(lines, 1, 6).items():
            shown[player] = (mark, total, chip_count)
        kitties.extend(line for line in lines[1:6] if "Kitty" in line)
        return following

    assert pages_shown(page) <= 9
    for player in range(8):
        mark = "*" if player in (0, 7) else " "
        assert shown[player + 1] == (mark, str(totals[player]), chips[player] if chips else None)
    assert kitties == ([" Kitty $79992"] if chips else [])


@pytest.mark.parametrize("never_threw", [0b11111110, 0b10000000])
def test_players_who_never_threw_read_a_dash_in_the_standings(screen, never_threw):
    from app import screen_end
    from app.finish_frames import show_standings

    scores = [None if never_threw >> player & 1 else 0 for player in range(8)]
    lines = []
    first = 0
    while True:
        first = show_standings(screen_end, screen, [0] * 8, 8, [9999] * 8, 1, True, first,
                               True, scores, 79992)
        lines.extend(screen.read()[1:6])
        if not first:
            break
    shown = standings_read(lines, 0, len(lines))
    assert [shown[player + 1][1] for player in range(8)] == ["-" if score is None else "0" for score in scores]
    assert lines.count(" Kitty $79992") == 1


@pytest.mark.parametrize("winners, shut, title", [
    (0b10000000, False, "P8 wins!"), (0b1, True, "P1 shut the box!"),
    (0b1011, False, "Tie: P1 P2 P4"), (0b11111, False, "5-way tie!")])
def test_the_standings_name_the_winners_on_every_page(screen, winners, shut, title):
    from app import screen_end
    from app.finish_frames import show_standings

    first = 0
    while True:
        first = show_standings(screen_end, screen, [7] * 8, 8, [9999] * 8, winners, shut, first)
        assert screen.read()[0] == title
        if not first:
            break


class _Match:
    """What show_match reads of a match between turns (game.match's attributes)."""

    def __init__(self, totals, round_scores, chips, dropped):
        from game.presets import preset
        from game.stakes import Ledger

        self.players = len(totals)
        self.totals = totals
        self.rounds_played = 98
        self.over = False
        self.simultaneous = False
        self.scores = list(round_scores)
        self.seats = []
        self.dropped = bytearray(dropped)
        self.ledger = None
        if chips is not None:
            self.ledger = Ledger(preset("canoga"), self.players)
            self.ledger.chips = chips
            self.ledger.pot = 79992  # every chip of 8 players' 9999 in canoga's kitty


@pytest.mark.parametrize("name, title", [
    ("tournament", "Round 99 to 100"), ("fixed-rounds", "Round 99 of 5"),
    ("max-penalty", "Rd 99 out at 45"), ("young-players", "Left to shut"),
    ("long-game", "Left to play"), ("canoga", "Round 99 of 1")])
@pytest.mark.parametrize("totals, round_scores, chips", [
    ([999] * 8, [999] * 8, [79992] * 8),
    ([DIGITAL_24] * 8, [DIGITAL_24, None] * 4, [9999] * 8),
    ([0, 45, 999, 7, 100, 3, 44, 1], [None] * 8, None),
])
def test_the_match_between_turns_pages_at_its_worst(screen, name, title, totals, round_scores,
                                                     chips):
    """8 players, long totals, this round's scores, chips, players out (who have no score in
    the round): every number whole, a page at a time, each page saying what ok and select do."""
    from app.screen_end import show_match
    from game.presets import preset

    dropped = [score is None for score in round_scores]
    if name == "max-penalty":  # a player still in is below the limit (at most 999), or was out
        totals = [total if dropped[player] else min(total, 998) for player, total in enumerate(totals)]
    match = _Match(totals, round_scores, chips, dropped)
    rules = preset(name)
    out = [dropped[player] or (name == "max-penalty" and totals[player] + round_scores[player] >= 45)
           for player in range(8)]  # max-penalty: out as soon as a turn takes them to the limit
    shown = {}
    kitty = []

    def page(first):
        following = show_match(screen, match, rules, 5, first, True)
        lines = screen.read()
        assert lines[0] == title
        assert lines[7] == ("ok:play sel:more" if following else "ok:play sel:back")
        shown.update(standings_read(lines))
        kitty.extend(line for line in lines if "Kitty" in line)
        return following

    assert pages_shown(page) <= 9
    assert kitty == ([" Kitty $79992"] if name == "canoga" and chips is not None else [])
    for player in range(8):
        score = round_scores[player]
        assert shown[player + 1] == (">" if player == 5 else " ", str(totals[player]),
                                     None if score is None else score,
                                     chips[player] if chips else None, out[player])


@pytest.mark.parametrize("score", [7, DIGITAL_24])
def test_a_turn_that_takes_a_player_out_says_so_under_its_score(screen, score):
    from app.screen_turn import show_setup
    from game.presets import preset

    match = _Match([0] * 7 + [998], [None] * 7 + [score], None, [1] * 7 + [0])
    match.rules = preset("max-penalty")
    show_setup(screen, 7, score, 2, 24, 0, match, ALL_24, 1, True)
    lines = screen.read()
    row = next(row for row, line in enumerate(lines) if line.startswith("score"))
    assert digits_from(lines, row, 6) == str(score)
    assert lines[row + (1 if score < 10 else 3)] == "out of the match"
    assert "Rd 99 out at 45" in lines and "Next: Player 1" in lines


@pytest.mark.parametrize("score", [7, DIGITAL_24])
@pytest.mark.parametrize("must_open, must_shut", [(0, 0), (ALL_24 & ~1, 1)])
def test_who_starts_the_round_fits_below_a_turn_that_took_a_player_out(screen, must_open, must_shut, score):
    from types import SimpleNamespace

    from app.screen_turn import show_setup
    from game.presets import preset

    match = _Match([998] * 8, [None] * 7 + [score], None, [0] * 8)
    match.rules = preset("max-penalty")
    match.order = match.seats = [0, 1, 2, 3, 4, 5, 6, 7]
    match.round = SimpleNamespace(turns_played=0, scores=[None] * 8)
    show_setup(screen, 7, score, 2, 24, 0, match, must_open, must_shut, True)
    lines = screen.read()
    assert "out of the match" in lines and lines.index("Next: Player 1") <= 7
    if score == 7:  # (below the longest score and the out line, it gives way: Next is the last line)
        assert lines[lines.index("Next: Player 1") + 1] == "starts the round"


def test_a_long_fault_message_pages_over_the_screen(screen):
    from app.screen_fault import fault_pages, show_fault
    from game.config import ConfigError, rules_from_config

    with pytest.raises(ConfigError) as error:
        rules_from_config({"preset": "nosuch", "tiles": 99, "bogus": 1, "move": "thai", "dice": 1})
    message = "config.json: rules: %s; playing classic" % error.value
    pages = fault_pages(message)
    assert pages == 2  # at most: the rest is cut (the REPL has it whole, test_fault_messages)
    words = []
    for page in range(pages):
        show_fault(screen, message, page)
        lines = screen.read()
        assert lines[0].startswith("FAULT")
        words.extend(" ".join(lines[1:]).split())
    shown = "".join(words)
    assert shown.endswith("...") and message.replace(" ", "").startswith(shown[:-3])  # a word longer than a line is split
    assert "one-die-last- tile," in " ".join(words)  # after a hyphen


def test_a_review_of_more_moves_than_rows_pages(screen):
    from app.hints import _MAX_MOVES, Review
    from app.screen_review import show_review

    review = Review()
    review.count = _MAX_MOVES
    for index in range(_MAX_MOVES):
        review.totals[index] = 1 + index % 24
        review.made[index] = review.best[index] = 1 << index % 16
    moves = []
    first = 0
    while True:
        following = show_review(screen, review, first)
        lines = screen.read()
        assert lines[7] == ("ok: more moves" if following else "all best moves")
        moves.extend(int(line.split()[0]) for line in lines[1:7] if line.strip())
        if not following:
            break
        first = following
    assert moves == [1 + index % 24 for index in range(_MAX_MOVES)]  # every move, once


def _message_lines(code):
    """The lines of a turn's message (app.presentation's constants: app.screens' MESSAGE_LINES
    by number, five bits a line)."""
    from app.screens import MESSAGE_LINES

    lines = []
    code &= ~(1 << 15)  # app.screens' NUMBER_FIRST: where the number goes, not a line
    while code:
        lines.append(MESSAGE_LINES.split("|")[(code & 31) - 1])
        code >>= 5
    return lines


def test_each_message_line_is_named_by_its_words_and_each_message_fits():
    from app import presentation
    from app.screens import COLUMNS, MESSAGE_LINES

    constants = vars(presentation)
    assert MESSAGE_LINES.endswith("|")
    for number, line in enumerate(MESSAGE_LINES.split("|")[:-1], 1):
        assert len(line) <= COLUMNS
        assert constants["_" + re.sub("[^A-Z0-9]+", "_", line.upper()).strip("_")] == number, line
    messages = {name: code for name, code in constants.items() if name.lstrip("_").startswith("MSG_")
                and not code & 1 << 16}  # (app.screens' RULES_LINES: the move rules' own lines)
    assert len(messages) == 19
    for name, code in messages.items():
        assert 1 <= len(_message_lines(code)) <= 3, name
    assert _message_lines(constants["_MSG_SHAKE"]) == ["Shake the box", "or press ok"]
    assert _message_lines(constants["_MSG_REFUSED_UNCOVER"]) == ["Shut tile", "again"]


def test_the_worst_turn_screen_fits(screen):
    from app.presentation import _MSG_MOVE_OK_UNCOVER, _MSG_SHAKE_CHOSEN

    screen.show_turn(7, bytearray((6, 6, 6, 6)), 4, 24, _MSG_SHAKE_CHOSEN)
    assert screen.read()[0] == "Player 8   = 24"
    assert screen.read()[5:8] == ["Shake the box", "or press ok", "ONE die chosen"]
    screen.show_turn(7, bytearray((20, 0, 0, 0)), 1, 20, _MSG_MOVE_OK_UNCOVER, -1, 100, 1)
    assert screen.read()[5:8] == ["Move adds up:", "roll, or open", "more lit tiles"]


def test_each_message_line_reads_back_whole(screen):
    from app.screens import MESSAGE_LINES

    lines = MESSAGE_LINES.split("|")[:-1]
    for number in range(1, len(lines) + 1):
        screen.show_turn(0, bytearray(4), 0, 0, number | (len(lines) + 1 - number) << 5)
        assert screen.read()[5:7] == [lines[number - 1], lines[len(lines) - number]]


def test_a_refusal_says_what_to_do_with_the_tile_s_number_first(screen):
    from app.presentation import _MSG_REFUSED, _MSG_ROLL_FIRST, _MSG_SHUT_AGAIN

    for code, lines in ((_MSG_REFUSED, ["Open tile 24", "again"]),
                        (_MSG_ROLL_FIRST, ["Open tile 24", "and roll first"]),
                        (_MSG_SHUT_AGAIN, ["Shut tile 24", "again (played)"])):
        screen.show_turn(7, bytearray((6, 6, 6, 6)), 4, 24, code, 24)
        assert screen.read()[5:7] == lines


def test_the_number_follows_the_message_s_last_line(screen):
    from app.presentation import _MSG_MOVE

    screen.show_turn(0, bytearray((3, 4, 0, 0)), 2, 7, _MSG_MOVE, 7)
    assert screen.read()[5:7] == ["Shut lit tiles", "to make 7"]


def test_each_move_rules_instruction_reads_back_whole(screen):
    from app.presentation import _MSG_MOVE_BY_DICE
    from game.moves import DiceMoveRules
    from game.presets import preset

    shown = set()
    for name in ("thai", "exact-match", "single-die", "young-players"):
        rules = DiceMoveRules(preset(name), None)
        screen.show_turn(7, bytearray((6, 6, 6, 6)), 4, 24, _MSG_MOVE_BY_DICE, -1, 100, 1, "shut", rules)
        lines = screen.read()
        assert lines[5:7] == rules.instruction.split("|")[:2] and lines[7] == ""
        shown.add(rules.instruction)
    assert len(shown) == 4
