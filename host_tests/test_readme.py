"""The README stays the player's and builder's page: at most 300 lines, the two set-up commands
stated as the Makefile has them, every page of docs/ linked from it, and every relative link
and picture of the README and docs/ (the wiring pictures and OLED screens the generators draw
included) pointing at a file that exists, at a heading that exists."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MAX_LINES = 300
# [text](target) and ![alt](target); a target may carry a "title" after a space
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def documents():
    return [README, *sorted(DOCS.glob("*.md"))]


def relative_links(path):
    """(target file, anchor) of every link in path's Markdown outside code blocks, web
    addresses left out; the target is the file itself for a bare "#anchor"."""
    text = FENCE.sub("", path.read_text())
    found = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        found.append(((path.parent / file_part).resolve() if file_part else path, anchor))
    return found


def slug(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    text = FENCE.sub("", path.read_text())
    return {slug(line.lstrip("#")) for line in text.splitlines() if re.match(r"#{1,6} ", line)}


def test_the_readme_is_at_most_300_lines():
    lines = len(README.read_text().splitlines())
    assert lines <= MAX_LINES, "README.md has %d lines: move a subject to docs/" % lines


def test_the_readme_states_the_two_set_up_commands_as_the_makefile_has_them():
    text = README.read_text()
    block = FENCE.findall(text)[0].splitlines()[1:-1]  # the first fenced block: the set-up
    assert [line.split("#")[0].strip() for line in block] == ["make sim", "make test"]
    makefile = (ROOT / "Makefile").read_text()
    for target in ("sim", "test"):
        assert re.search(r"^%s:" % target, makefile, re.M), "the Makefile has no %s target" % target


def test_every_page_of_docs_is_linked_from_the_readme():
    linked = {target for target, _anchor in relative_links(README)}
    for page in sorted(DOCS.glob("*.md")):
        assert page.resolve() in linked, "README.md does not link %s" % page.relative_to(ROOT)


def test_every_relative_link_and_picture_points_at_a_file_that_exists():
    broken = []
    for document in documents():
        where = document.relative_to(ROOT)
        for target, anchor in relative_links(document):
            if not target.exists():
                broken.append("%s links %s, which does not exist" % (where, target.relative_to(ROOT)))
            elif anchor and target.suffix == ".md" and anchor not in anchors(target):
                broken.append("%s links %s#%s: no such heading" % (where, target.relative_to(ROOT), anchor))
    assert not broken, "\n".join(broken)


def test_the_readme_shows_the_wiring_of_every_board_file_and_the_screens():
    images = {target.relative_to(ROOT).as_posix() for target, _anchor in relative_links(README)}
    for board in sorted((ROOT / "firmware" / "boards").glob("*.json")):
        assert "docs/wiring/%s.svg" % board.stem in images, board.name
    for screen in ("inputs", "turn", "hint", "match", "standings"):
        assert "docs/screens/%s.png" % screen in images, screen
    assert "![Wiring of a Pico box](docs/wiring/pico.svg)" in README.read_text()


def test_the_slug_is_githubs():
    assert slug("No board yet? The same steps on a virtual board") == (
        "no-board-yet-the-same-steps-on-a-virtual-board")
    assert slug("What `make test` runs") == "what-make-test-runs"
    assert slug("Example: the 300 (24 tiles): 16 through two 74HC165, 8 more on an MCP23017") == (
        "example-the-300-24-tiles-16-through-two-74hc165-8-more-on-an-mcp23017")
