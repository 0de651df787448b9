"""An evening of stakes (issue 29): "play again" keeps every player's chips and the kitty, a
new game from the menu starts afresh; chips in = chips out over a thousand games, each match
starting from the last one's ledger as the box's play again does."""

from box_steps import oled, play_until, standings_read
from game.config import rules_from_config
from game.match import start_match
from hypothesis import given, settings
from hypothesis import strategies as st

from board_sim.script_player import BoxPlayer
from host_tests.test_match_properties import play_match


def _chips_on_the_match_page(box):
    """Played on to the first turn's result, the chips the OLED's match page shows."""
    from app.core import SETUP

    view = box.view
    play_until(BoxPlayer(box), lambda: view.phase == SETUP and view.result_player >= 0
               and not view.reviewing and not view.must_open and not view.must_shut, 400)
    box.board.press("select")
    box.run(200)
    return {player: fields[3] for player, fields in standings_read(oled(box)).items()}


def _chips_on_the_standings(box):
    player = BoxPlayer(box)
    assert player.play()
    player.to_standings()
    return {number: fields[3] for number, fields in standings_read(oled(box), 1, 6).items()}


def test_play_again_keeps_the_chips_and_the_menu_starts_afresh(open_box):
    from app.core import MENU

    box = open_box(seed=3, preset="canoga", players=3)
    rules = rules_from_config({"preset": "canoga"})
    evening = 3 * rules.chips
    for _ in range(3):
        chips = _chips_on_the_standings(box)
        ledger = box.view.match.ledger
        assert sum(chips.values()) + ledger.pot == evening  # the kitty is kept, not lost
        box.board.press("ok")  # play again
        box.run(300)
        box.dice.force((6, 6) * 4)  # player 1 cannot shut the box: the match goes on to the page
        anted = box.view.match.ledger.anted
        assert _chips_on_the_match_page(box) == {
            number: chips[number] - anted[number - 1] for number in chips}
    assert len(set(chips.values())) > 1  # the chips did move between the players
    _chips_on_the_standings(box)
    box.board.press("select")  # the menu: the evening is over
    box.run(300)
    assert box.view.phase == MENU
    box.board.press("ok", 1000)
    box.run(1200)
    box.dice.force((6, 6) * 4)  # player 1 cannot shut the box (48 > 45): the match goes on
    assert set(_chips_on_the_match_page(box).values()) == {rules.chips - rules.ante}


@settings(max_examples=50, deadline=None, derandomize=True)
@given(st.sampled_from(["pool", "canoga"]), st.sampled_from(["single-round", "fixed-rounds"]),
       st.sampled_from(["split", "full"]), st.integers(2, 8), st.integers(0, 30),
       st.integers(0, 5), st.integers(0, 2 ** 32 - 1))
def test_chips_in_are_chips_out_over_an_evening(stakes, match, ties, players, chips, ante, seed):
    """50 evenings of 20 matches: a thousand games, each from the last one's ledger."""
    ante = min(ante, chips)
    rules = rules_from_config({"stakes": stakes, "match": match, "rounds": 2, "ties": ties,
                               "chips": chips, "ante": ante})
    ledger = None
    for game in range(20):
        played = start_match(rules, players, 0, None, ledger)
        play_match(played, seed + game, lambda _match: None)
        ledger = played.ledger
        assert sum(ledger.chips) + ledger.pot == players * chips
        assert min(ledger.chips) >= 0 and ledger.pot >= 0
