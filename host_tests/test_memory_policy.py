"""The box's memory policy is app.memory's (issue 33): no other firmware module lets modules go
(game/'s forget their own work, as app.memory's table says), and its register of the modules
keeping const() copies of other modules' values is whole."""

import ast
import pathlib
import re

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent / "firmware"
MARKED = re.compile(r"#.*(a copy|copies|as there)")


def _modules():
    for path in sorted(FIRMWARE.rglob("*.py")):
        yield ".".join(path.relative_to(FIRMWARE).with_suffix("").parts), path


def _consts(path):
    """{name: (value, source line)} of a module's top-level const() assignments."""
    lines = path.read_text().splitlines()
    found = {}
    for node in ast.parse(path.read_text()).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "const"):
            try:
                value = ast.literal_eval(node.value.args[0])
            except ValueError:
                value = None
            found[node.targets[0].id] = (value, lines[node.lineno - 1])
    return found


def const_copies():
    """[(module, name)]: private const()s marked as copies, or equal to another module's public
    const() of the same name."""
    consts = {module: _consts(path) for module, path in _modules()}
    public = {}
    for module, names in consts.items():
        for name, (value, _line) in names.items():
            if not name.startswith("_"):
                public.setdefault(name, []).append((module, value))
    copies = []
    for module, names in consts.items():
        for name, (value, line) in names.items():
            if not name.startswith("_"):
                continue
            same = [other for other, held in public.get(name[1:], []) if other != module and held == value]
            if same or MARKED.search(line):
                copies.append((module, name))
    return copies


def _register():
    """The modules app.memory's docstring lists as keeping copies."""
    doc = ast.get_docstring(ast.parse((FIRMWARE / "app" / "memory.py").read_text()))
    listed = set()
    for package, names in re.findall(r"^\s+(app|game|hal|net): ([a-z_, \n]+?)(?=^\s+(?:app|game|hal|net):|\Z)", doc,
                                     re.MULTILINE):
        listed.update("%s.%s" % (package, name.strip()) for name in names.split(",") if name.strip())
    return listed


def test_app_memory_lists_every_module_keeping_const_copies():
    copies = const_copies()
    keeping = {module for module, _name in copies}
    assert len(copies) > 100  # the walker finds them (156 when this test was written)
    assert keeping == _register(), (sorted(keeping - _register()), sorted(_register() - keeping))


def test_only_app_memory_lets_the_apps_modules_go():
    """Nothing else calls release or takes modules out of sys.modules, but game/'s forget (its
    own work), boot's and the self-test's own bookkeeping, and the two places app.memory's
    table names: boot's stages (app.startup) and the match's end (app.finish, app.finish_work)."""
    own = {"app.memory", "game.__init__", "boot", "selftest", "app.startup", "app.finish", "app.finish_work"}
    for module, path in _modules():
        if module in own:
            continue
        text = path.read_text()
        assert "release(" not in text and "del sys.modules" not in text and "sys.modules.pop" not in text, module
