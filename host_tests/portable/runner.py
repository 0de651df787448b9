"""Run one portable test module on whatever Python runs this file (MicroPython or CPython).

    runner.run("test_game_core")

Prints `PASS name` or `FAIL name: Type: message` per test function, in name order, then
`N passed, N failed`.
"""


def run(module_name):
    module = __import__(module_name)
    names = sorted(name for name in dir(module) if name.startswith("test_"))
    passed = 0
    failed = 0
    for name in names:
        try:
            getattr(module, name)()
        except Exception as error:  # a failing test is reported, and the others still run
            failed += 1
            print("FAIL %s: %s: %s" % (name, type(error).__name__, error))
        else:
            passed += 1
            print("PASS %s" % name)
    print("%d passed, %d failed" % (passed, failed))
    return failed
