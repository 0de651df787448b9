"""A fault's message is cut to what fits on two OLED pages, ending in "...", and printed whole
on the REPL (a 4,000-digit value in config.json once took about 32 pages)."""

import pytest
from test_oled_worst_cases import screen  # noqa: F401 (a fixture)

from board_sim.box import BoxOptions, SimBox
from board_sim.frontend.oled import text_lines

HUGE = "9" * 4000


def test_a_message_longer_than_two_pages_is_cut_on_the_second_ending_in_dots(screen):  # noqa: F811
    from app.screen_fault import fault_pages, show_fault

    message = "config.json: players: must be a whole number 1..8, got %s; using 2" % HUGE
    assert fault_pages(message) == 2
    show_fault(screen, message, 0)
    first = screen.read()
    show_fault(screen, message, 1)
    second = screen.read()
    assert first[0].startswith("FAULT") and "page 2" in second[0]
    assert first[1:] == ["config.json:", "players: must be", "a whole number", "1..8, got", "9" * 16,
                         "9" * 16, "9" * 16]
    assert second[1:7] == ["9" * 16] * 6 and second[7] == "9" * 13 + "..."


@pytest.mark.parametrize("message", ["short", "x" * 16 * 14, ("word " * 40).strip()])
def test_a_message_of_two_pages_or_less_is_shown_whole(screen, message):  # noqa: F811
    from app.screen_fault import fault_pages, show_fault

    words = []
    for page in range(fault_pages(message)):
        show_fault(screen, message, page)
        words.extend(" ".join(screen.read()[1:]).split())
    assert "".join(words) == message.replace(" ", "")


def test_the_repl_has_the_whole_message_and_the_oled_two_pages(tmp_path, capsys):
    message = "config.json: players: must be a whole number 1..8, got %s; using 2" % HUGE
    box = SimBox(BoxOptions(seed=2, data_dir=str(tmp_path)))
    try:
        box.app.faults.report(message)
        pages = set()
        for _step in range(40):
            box.run(500)
            lines = text_lines(box.board.display_pixels())
            if lines[0].startswith("FAULT"):
                pages.add(tuple(lines))
        assert len(pages) == 2
    finally:
        box.close()
    printed = [line for line in capsys.readouterr().out.splitlines() if line.startswith("shutbox fault:")]
    assert printed == ["shutbox fault: " + message]
