"""docs/screens/*.png, the OLED as the README shows it, are the frames the simulated box draws
now (python -m tools.build.screens writes them), and the same bytes on every run."""

import pytest

from tools.build import screens


@pytest.fixture(scope="module")
def rendered():
    return {name: screens.png(screens.pixels(script)) for name, script in screens.SCRIPTS.items()}


def test_the_committed_screens_show_what_the_box_draws_now(rendered):
    stale = [name for name, data in rendered.items()
             if not screens.same_pixels(screens.SCREENS_DIR / (name + ".png"), data)]
    assert not stale, "stale: %s: run python -m tools.build.screens" % ", ".join(stale)


def test_each_screen_is_the_same_bytes_on_every_run_at_4x(rendered):
    from PIL import Image

    assert screens.png(screens.pixels(screens.SCRIPTS["turn"])) == rendered["turn"]
    with Image.open(screens.SCREENS_DIR / "turn.png") as image:
        assert image.size == (128 * 4, 64 * 4)


def test_the_check_names_a_stale_screen(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(screens, "SCREENS_DIR", tmp_path)
    monkeypatch.setattr(screens, "SCRIPTS", {"turn": screens.SCRIPTS["turn"]})
    assert screens.main(["--check"]) == 1
    assert "turn.png" in capsys.readouterr().err
    assert screens.main([]) == 0 and (tmp_path / "turn.png").exists()
    assert screens.main(["--check"]) == 0
