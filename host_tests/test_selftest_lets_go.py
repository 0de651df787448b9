"""The self-test (firmware/selftest.py) imports every module and lets each go again: out of
sys.modules and out of its package when the package stays. After a soft reset that fed the
watchdog (app.repl_stop, with its package app loaded before the checks), the package's
attributes kept every app module checked, and `mpremote soft-reset exec "import selftest;
selftest.main()"` ran out of the board's heap (host_tests/test_flash_update.py)."""

import sys
import types

import selftest


def test_a_module_imported_in_a_package_loaded_before_is_let_go_from_both():
    package = types.ModuleType("shutbox_test_package")
    sys.modules[package.__name__] = package
    try:
        before = set(sys.modules)
        module = types.ModuleType(package.__name__ + ".checked")
        sys.modules[module.__name__] = module
        package.checked = module
        selftest._forget_modules_since(before)
        assert module.__name__ not in sys.modules and not hasattr(package, "checked")
        assert sys.modules[package.__name__] is package  # the package itself stays
    finally:
        sys.modules.pop(package.__name__, None)


def test_a_package_imported_since_goes_whole():
    before = set(sys.modules)
    package = types.ModuleType("shutbox_test_new_package")
    sys.modules[package.__name__] = package
    sys.modules[package.__name__ + ".part"] = types.ModuleType(package.__name__ + ".part")
    selftest._forget_modules_since(before)
    assert not any(name.startswith(package.__name__) for name in sys.modules)
