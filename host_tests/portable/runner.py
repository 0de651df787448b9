"""Run one portable test module on MicroPython, the way pytest runs it on CPython.

    import runner
    runner.run("test_game_core")

Runs every test_* function in definition order, each after a gc.collect(), and prints
`PASS name` or `FAIL name: Type: message` per test (the traceback goes to stderr), then
`N passed, N failed`. Returns the number failed.
"""

import gc
import sys


def tests_in_order(module):
    """The module's test functions in the order its source defines them, like pytest."""
    with open(module.__file__) as source:
        defined = [line[4:line.find("(")] for line in source if line.startswith("def test_")]
    names = [name for name in dir(module) if name.startswith("test_") and callable(getattr(module, name))]
    return sorted(names, key=lambda name: (defined.index(name) if name in defined else len(defined), name))


def run(module_name):
    module = __import__(module_name)
    passed = 0
    failed = 0
    for name in tests_in_order(module):
        gc.collect()
        try:
            getattr(module, name)()
        except Exception as error:  # a failing test is reported, and the others still run
            failed += 1
            print("FAIL %s: %s: %s" % (name, type(error).__name__, error))
            sys.stderr.write("%s:\n" % name)
            sys.print_exception(error, sys.stderr)
        else:
            passed += 1
            print("PASS %s" % name)
    print("%d passed, %d failed" % (passed, failed))
    return failed
