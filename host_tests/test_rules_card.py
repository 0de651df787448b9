"""A rules card per game on the box (issue 29): select on the menu's Game row shows the game's
one-line description (game.preset_cards, the README's too), a page at a time, then moves on;
ok shows the next game's; the card says how many games need more flaps than the box has; the
descriptions are loaded only while a card is shown."""

import sys

from box_steps import oled


def _card_text(box):
    """The card's pages from the one shown, select after select, until the menu is back ->
    (the name's lines, the description's words, the last lines of the first page)."""
    words = []
    first = None
    for _ in range(6):
        lines = oled(box)
        if first is None:
            first = lines
        start = 2 if lines[1] and not lines[0].endswith(" ") and lines[0].endswith("-") else 1
        for line in lines[start:7]:
            if "more game" in line or line == "need more flaps":
                break
            words.extend(line.split())
        if lines[7] == "ok:game sel:next":
            return first, words
        assert lines[7] == "ok:game sel:more"
        box.board.press("select")
        box.run(300)
    raise AssertionError("the card never ended")


def test_select_on_the_game_row_shows_the_rules_card_then_moves_on(open_box):
    from game.preset_cards import description

    box = open_box(seed=1, preset="single-die", players=2)
    box.run(200)
    assert oled(box)[7] == "select:rules"
    box.board.press("select")
    box.run(300)
    assert "game.preset_cards" in sys.modules
    first, words = _card_text(box)
    assert first[0] == "single-die"
    assert " ".join(words) == description("single-die")
    box.board.press("select")
    box.run(300)
    assert box.view.menu.row == 1 and oled(box)[3].startswith(">Players")
    assert "game.preset_cards" not in sys.modules  # let go with the card


def test_ok_on_a_card_shows_the_next_games_card(open_box):
    box = open_box(seed=1, preset="classic", players=2)
    box.run(200)
    box.board.press("select")
    box.run(300)
    assert oled(box)[0] == "classic"
    box.board.press("ok")
    box.run(300)
    assert oled(box)[0] == "two-dice-only" and box.view.menu.name() == "two-dice-only"


def test_the_card_says_how_many_games_need_more_flaps(open_box):
    from game.presets import PRESET_NAMES, preset, why_unplayable

    box = open_box(seed=1, preset="classic", players=2)  # 9 flaps, one row
    box.run(200)
    box.board.press("select")
    box.run(300)
    left_out = sum(why_unplayable(preset(name), 9, 1) is not None for name in PRESET_NAMES)
    assert left_out > 0
    assert oled(box)[5:7] == ["%d more games" % left_out, "need more flaps"]


def test_the_card_s_modules_are_imported_a_tick_each_before_it_is_drawn(open_box):
    """The descriptions and the card's frames are imported in ticks of their own, then the card
    is drawn (the three in one tick took a Pico 34 ms: issue 28), as many ticks whatever earlier
    tests left loaded."""
    box = open_box(seed=1, preset="classic", players=2)
    box.run(200)
    screen = box.app.screen
    menu = box.view.menu
    send = screen.send
    sent = []
    screen.send = lambda: (sent.append(1), send())[1]
    box.board.press("select")
    seen = []  # per tick from the press on: (the card's modules imported, frames drawn)
    while len(seen) < 60 and not sent:
        box.tick()
        seen.append((menu.card_loaded, len(sent)))
    first = [loaded for loaded, _drawn in seen].index(1)
    assert seen[first:] == [(1, 0), (2, 0), (2, 1)], seen
    assert "game.preset_cards" in sys.modules and "app.screen_card" in sys.modules
    assert oled(box)[0] == "classic"


def test_the_house_rules_card_shows_the_rules_they_change(open_box):
    box = open_box(seed=1, rules={"preset": "classic", "target": 150, "match": "tournament",
                                  "scoring": "missionary", "stakes": "pool", "ante": 2})
    box.run(200)
    assert box.view.menu.name() == "house rules"
    box.board.press("select")
    box.run(300)
    first, words = _card_text(box)
    assert first[0] == "house rules"
    assert " ".join(words) == ("your own rules: scoring missionary, match tournament, target 150,"
                               " stakes pool, ante 2")


def test_the_house_rules_card_imports_its_own_modules_a_tick_each_and_lets_them_go_with_it(open_box):
    """The house rules' card words them with game.house_card and game.rule_names, each imported in
    a tick of its own after the card's two (issue 45: every module imported in play looks up at
    most 54 names; the house card in game.preset_cards made it look up 70); a preset's card
    imports neither. All are let go with the card, and the next page imports none again."""
    box = open_box(seed=1, rules={"preset": "classic", "target": 150, "match": "tournament",
                                  "scoring": "missionary", "stakes": "pool", "ante": 2})
    box.run(200)
    for name in ("game.preset_cards", "app.screen_card", "game.house_card", "game.rule_names"):
        sys.modules.pop(name, None)  # (as a board's boot leaves them: others may have loaded them)
    screen = box.app.screen
    send = screen.send
    sent = []
    screen.send = lambda: (sent.append(1), send())[1]
    box.board.press("select")
    seen = []  # per tick from the press on: (modules imported, frames drawn)
    while len(seen) < 60 and not sent:
        before = set(sys.modules)
        box.tick()
        seen.append((sorted(set(sys.modules) - before), len(sent)))
    seen = [tick for tick in seen if tick != ([], 0)]
    assert seen == [(["game.preset_cards"], 0), (["app.screen_card"], 0), (["game.house_card"], 0),
                    (["game.rule_names"], 0), ([], 1)], seen
    box.run(300)
    before = set(sys.modules)
    box.board.press("select")  # the card's next page
    box.run(300)
    assert set(sys.modules) == before
    while box.view.menu.card >= 0:
        box.board.press("select")
        box.run(300)
    assert not {"game.preset_cards", "app.screen_card", "game.house_card", "game.rule_names"} & set(sys.modules)


def test_a_preset_s_card_imports_no_house_rules_module(open_box):
    box = open_box(seed=1, preset="classic", players=2)
    box.run(200)
    sys.modules.pop("game.house_card", None)
    box.board.press("select")
    box.run(600)
    assert oled(box)[0] == "classic" and "game.house_card" not in sys.modules


def test_each_menu_row_says_what_its_buttons_do(open_box):
    """Line 7 under each row: the Game row's card, Players and Hints set, Start and Check go."""
    box = open_box(seed=1, preset="classic", players=2, hints=True)
    box.run(200)
    menu = box.view.menu
    seen = []
    while len(seen) < 5:
        if menu.card < 0:
            seen.append((menu.row, oled(box)[7]))
        box.board.press("select")  # (on the Game row: its card, a page at a time, then Players)
        box.run(300)
    assert seen == [(0, "select:rules"), (1, "sel:next ok:set"), (2, "sel:next ok:set"), (3, "sel:next ok:go"),
                    (4, "sel:next ok:go")], seen
