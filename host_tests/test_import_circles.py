"""No import circles (issue 33): every module's imports, read with `ast` (tools.build.house_map: at
module level and in functions, relative and absolute, TYPE_CHECKING's left out), form no circle
in the firmware, the simulator, the tools, the bench or the tests. A dispatcher imports its
parts, never the reverse: what both need lives in a leaf module below them."""

from tools.build import house_map


def test_the_walker_finds_every_room_s_modules_and_their_imports():
    graph = house_map.import_graph()
    assert {"app.core", "game.turn", "hal.flaps", "main", "board_sim.box", "bench.boot_bench",
            "box_steps"} <= set(graph)
    assert "tools.build.house_map" in graph
    assert "game.moves" in graph["game.turn"]  # imported in Turn.__init__
    assert "board_sim.firmware_dir" in graph["tools"]  # the package's __init__
    assert "game.tiles" in graph["game.turn"]


def test_a_circle_through_a_function_level_import_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert house_map.circles(graph) == [["a", "b", "c"], ["e"]]


def test_there_are_no_import_circles():
    found = house_map.circles(house_map.import_graph())
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(circle) for circle in found)
