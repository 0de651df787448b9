"""The terminal game plays a whole match on the firmware's game code from typed answers."""

import importlib.util
import pathlib

from game.presets import preset
from game.tiles import tiles_of

ROOT = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("play", ROOT / "tools" / "play.py")
play_module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(play_module)


def keep_match(monkeypatch):
    """Record the match the game starts, so a scripted player can look at its turn."""
    started = {}
    original = play_module.start_match

    def start_and_keep(rules, players):
        started["match"] = original(rules, players)
        return started["match"]

    monkeypatch.setattr(play_module, "start_match", start_and_keep)
    return started


def test_a_whole_classic_round_for_two_players_ends_with_a_winner(monkeypatch):
    started = keep_match(monkeypatch)

    def first_legal_move(prompt):
        if "one die" in prompt:
            return "n"
        return " ".join(map(str, tiles_of(started["match"].turn.legal_moves()[0])))

    output = []
    winners = play_module.play(preset("classic"), 2, seed=7, read=first_legal_move, write=output.append)
    text = "".join(output)
    assert winners and "Winner" in text
    assert text.count("turn over") == 2 or "box shut" in text


def test_illegal_tiles_are_refused_and_the_player_asked_again(monkeypatch):
    keep_match(monkeypatch)
    answers = iter(["9", "abc", "?"])

    def read(prompt):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    output = []
    assert play_module.play(preset("classic"), 1, seed=3, read=read, write=output.append) == []
    text = "".join(output)
    assert "rolled 1 + 1 = 2" in text
    assert "not a legal move (9: that tile is not part of a legal move)" in text
    assert "type tile numbers" in text and "legal: 2" in text
