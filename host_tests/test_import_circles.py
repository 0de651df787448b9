"""No import circles (issues 33 and 48): every module's imports as a reader sees them, read with
`ast` (tools.build.house_map's import_graph(every=True): at module level and in functions,
relative and absolute, those under `if TYPE_CHECKING:` too, and `__import__("x")` or
`importlib.import_module("x")` with the module's name written out), form no circle in the
firmware, the simulator, the tools, the bench or the tests. A function-level import that only
runs later is still a loop a reader must hold in mind. A dispatcher imports its parts, never the
reverse: what both need lives with one owner, below them, or is passed in."""

import textwrap

from tools.build import house_map


def test_the_walker_finds_every_room_s_modules_and_their_imports():
    graph = house_map.import_graph(every=True)
    assert {"app.core", "game.turn", "hal.flaps", "main", "board_sim.box", "bench.boot_bench",
            "box_steps"} <= set(graph)
    assert "tools.build.house_map" in graph
    assert "game.moves" in graph["game.turn"]  # imported in Turn.__init__
    assert "board_sim.firmware_dir" in graph["tools"]  # the package's __init__
    assert "game.tiles" in graph["game.turn"]
    assert "app.input_check" in graph["app.menu_buttons"]  # __import__("app.input_check", ...)
    assert "app.lights" in graph["app.core"]  # under TYPE_CHECKING only
    assert "app.lights" not in house_map.import_graph()["app.core"]  # (the picture's: what runs)


def test_every_kind_of_import_a_reader_sees_counts(tmp_path):
    source = tmp_path / "reader.py"
    source.write_text(textwrap.dedent('''\
        import importlib
        from importlib import import_module
        TYPE_CHECKING = 0
        if TYPE_CHECKING:
            from pkg import typed
        else:
            import pkg.other
        def later(name):
            from pkg.inner import thing
            __import__("pkg.called", None, None, ("sub",))
            importlib.import_module("pkg.by_importlib")
            import_module("pkg.by_name")
            __import__("pkg.computed_" + name)  # a name made at run time: not a reader's
    '''))
    names = ("pkg.typed", "pkg.other", "pkg.inner", "pkg.called", "pkg.called.sub",
             "pkg.by_importlib", "pkg.by_name", "pkg.computed_a")
    table = {name: tmp_path for name in names}
    assert house_map.imports_of("reader", source, table, every=True) == {
        "pkg.typed", "pkg.other", "pkg.inner", "pkg.called.sub", "pkg.by_importlib", "pkg.by_name"}
    # the house map's picture counts only what runs: TYPE_CHECKING's left out, calls not read
    assert house_map.imports_of("reader", source, table) == {"pkg.other", "pkg.inner"}


def test_a_circle_through_a_function_level_import_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert house_map.circles(graph) == [["a", "b", "c"], ["e"]]


def test_there_are_no_import_circles():
    found = house_map.circles(house_map.import_graph(every=True))
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(circle) for circle in found)
