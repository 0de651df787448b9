"""CONTRIBUTING.md's map of the house (issue 33) is drawn from the code: tools.build.house_map
aggregates every module's imports per room, and the block between its markers must be what
`python -m tools.build.house_map --write` draws today. Every top folder of the checkout has a room
with its job, and no import goes back up the floors DESIGN.md names."""

import pathlib

from tools.build import house_map


def test_contributing_s_map_of_the_house_is_current():
    text = house_map.CONTRIBUTING.read_text()
    block = house_map.current_block(text)
    assert block is not None, "CONTRIBUTING.md lost its house map markers"
    assert block == house_map.picture(), (
        "CONTRIBUTING.md's map of the house is stale: run `python -m tools.build.house_map --write`")


def test_every_top_folder_has_a_room_with_its_job():
    root = pathlib.Path(house_map.ROOT)
    folders = {path.name for path in root.iterdir()
               if path.is_dir() and not path.is_symlink() and path.name not in house_map.NOT_ROOMS
               and (path.name == ".ci" or not path.name.startswith("."))
               and not path.name.endswith(".egg-info")}  # an editable install's, ignored by git
    assert folders <= set(house_map.ROOMS), folders - set(house_map.ROOMS)
    for room in house_map.ROOMS:
        assert (root / room).is_dir(), room


def test_imports_go_down_the_floors():
    edges = house_map.room_edges(house_map.import_graph())
    floors = ["firmware/game", "firmware/hal", "firmware/app", "firmware", "board_sim",
              "board_sim/bridge", "tools", "bench", "host_tests"]
    for source, destination in edges:
        if source in floors and destination in floors:
            assert floors.index(destination) < floors.index(source), (source, destination)
