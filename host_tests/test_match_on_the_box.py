"""The box alone tells a table of players where the match stands (issue 29): between turns the
OLED shows the round, each player's total, this round's score, chips and who is out (on select,
or a page every few seconds), and the simulator's side panel shows nothing the OLED cannot; the
standings name the winner on their first page, say what ok and select do, and ok turns their
pages before it plays again."""

import re

import pytest
from box_steps import oled, play_until, standings_read

from board_sim.frontend.terminal import side_panel
from board_sim.script_player import BoxPlayer

PAGE_MS = 3000  # app.presentation's _PAGE_MS


def _between_turns(box, rounds=0, player=None, also=lambda match: True):
    """Played on until a turn's result is up, the flaps right, after `rounds` rounds (and
    the next to play is `player`, and `also(match)` holds)."""
    from app.core import SETUP

    view = box.view

    def there():
        return (view.phase == SETUP and view.result_player >= 0 and not view.reviewing
                and not view.must_open and not view.must_shut
                and view.match.rounds_played >= rounds
                and (player is None or view.player == player) and also(view.match))

    return play_until(BoxPlayer(box), there, 4000)


def _match_pages(box):
    """Select between turns, page after page, until the turn's page is back: each page's lines."""
    pages = []
    for _ in range(10):
        box.board.press("select")
        box.run(200)
        lines = oled(box)
        if "Next: Player %d" % (box.view.player + 1) in lines:
            return pages
        pages.append(lines)
    raise AssertionError("the turn's page never came back")


def test_select_between_turns_shows_the_round_and_every_total(open_box):
    box = open_box(seed=3, preset="tournament", players=3)
    _between_turns(box, rounds=1, also=lambda match: any(
        score is not None for score in match.round.scores))
    view = box.view
    match = view.match
    assert "Round %d to 100" % (match.rounds_played + 1) in oled(box)
    pages = _match_pages(box)
    assert len(pages) == 1
    lines = pages[0]
    assert lines[0] == "Round %d to 100" % (match.rounds_played + 1)
    assert lines[7] == "ok:play sel:back"
    shown = standings_read(lines)
    for player in range(3):
        mark, total, score, _chips, out = shown[player + 1]
        assert mark == (">" if player == view.player else " ")
        assert int(total) == match.totals[player] and not out
    thrown = {player + 1: match.scores[player] for player in range(3)
              if match.scores[player] is not None}  # a leg before (the shut box's round)
    thrown.update({match.seats[seat] + 1: score for seat, score in enumerate(match.round.scores)
                   if score is not None})
    assert thrown and {number: shown[number][2] for number in shown if shown[number][2] is not None} == thrown


def test_the_match_comes_up_by_itself_between_turns(open_box):
    box = open_box(seed=3, preset="canoga", players=4)
    box.dice.force((1, 1) * 8)  # two turns of 2 then 2 again: neither shuts the box and ends it
    _between_turns(box, player=2)
    assert "Next: Player 3" in oled(box)
    box.run(PAGE_MS + 100)
    lines = oled(box)
    assert lines[0] == "Round 1 of 1"
    chips = box.view.match.ledger.chips
    assert {player: fields[3] for player, fields in standings_read(lines).items()} == {
        player + 1: chips[player] for player in range(4)}
    box.run(PAGE_MS)
    assert "Next: Player 3" in oled(box)  # and back to the turn's page
    box.board.press("ok")  # ok plays from any page
    box.run(300)
    assert box.view.phase == 2


@pytest.mark.parametrize("preset, rounds, player", [
    ("canoga", 0, None), ("max-penalty", 1, None), ("tournament", 1, 3), ("fixed-rounds", 1, 6)])
def test_the_side_panel_shows_no_number_the_oled_cannot(open_box, preset, rounds, player):
    """8 players: each player's numbers in the simulator's panel are on the OLED's match
    pages, read back from the pixels."""
    box = open_box(seed=3, preset=preset, players=8)
    if preset == "max-penalty":  # someone out
        _between_turns(box, rounds, player, lambda match: any(match.dropped))
    elif preset == "canoga":  # a round under way: scores and chips
        box.dice.force((1, 1) * 16)  # three turns (and more) of 2 then 2 again: none shuts the box
        _between_turns(box, rounds, player, lambda match: sum(
            score is not None for score in match.round.scores) >= 3)
    else:
        _between_turns(box, rounds, player)
    shown = {}
    for lines in _match_pages(box):
        shown.update(standings_read(lines))
    assert sorted(shown) == list(range(1, 9))
    if preset == "max-penalty":
        assert any(fields[4] for fields in shown.values())  # someone is out, and it says so
    for line in side_panel(box.view):
        found = re.match(r"P(\d) (.*)", line)
        if not found:
            continue
        mark, total, score, chips, _out = shown[int(found.group(1))]
        on_oled = {int(total), score, chips}
        for number in re.findall(r"\d+", found.group(2)):
            assert int(number) in on_oled, (line, shown)


def test_a_shut_box_is_named_on_the_standings_not_a_tie(open_box):
    box = open_box(seed=2, preset="lucky-7", players=2)
    box.dice.force((3, 4))
    player = BoxPlayer(box)
    assert player.play()
    player.to_standings()
    lines = oled(box)
    assert lines[0] == "P1 shut the box!"
    assert lines[6:8] == ["ok: play again", "select: menu"]


def test_the_first_page_names_the_winner_and_a_quick_ok_turns_the_page(open_box):
    from app.core import FINISHED, SETUP

    for seed in range(1, 20):  # a match won by a player on the second page (6-8)
        box = open_box(seed=seed, preset="classic", players=8)
        player = BoxPlayer(box)
        assert player.play()
        player.to_standings()
        winners = box.view.match.winners()
        if len(winners) == 1 and winners[0] >= 5:
            break
        box.close()
    winner = winners[0] + 1
    first = oled(box)
    title = first[0]
    assert title in ("P%d wins!" % winner, "P%d shut the box!" % winner) and first[6:8] == ["ok: next page", "select: menu"]
    assert winner not in standings_read(first, 1, 6)
    box.board.press("ok")
    box.run(200)  # well within a page's time
    assert box.view.phase == FINISHED
    second = oled(box)
    assert second[0] == title and standings_read(second, 1, 6)[winner][0] == "*"
    assert second[6:8] == ["ok: play again", "select: menu"]
    box.board.press("ok")
    box.run(300)
    assert box.view.phase == SETUP
