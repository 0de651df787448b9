"""Bounded JSON reading (hal.json_file), on every runtime: too big, too deep, not UTF-8 or not
JSON is a ValueError that says why, and the nesting check allocates nothing per byte."""

from app.settings import load_settings
from hal import json_file
from measure import ON_MICROPYTHON, allocated_by
from power_cut_files import fresh_dir


def refusal(action):
    """The message of the ValueError `action` raises (any other exception fails the test)."""
    try:
        action()
    except ValueError as error:
        return str(error)
    raise AssertionError("accepted")


def write(path, data):
    with open(path, "wb") as stream:
        stream.write(data)


def test_nesting_is_counted_outside_strings_only():
    assert not json_file.nested_deeper(b'{"a": [[1], {"b": [2]}]}', 4)
    assert json_file.nested_deeper(b'{"a": [[1], {"b": [[2]]}]}', 4)
    assert not json_file.nested_deeper(b'["[[[[", "\\"[[[[", "{{{{\\\\"]', 1)
    assert json_file.nested_deeper(b'["\\\\", [[]]]', 2)  # an escaped backslash ends no string


def test_too_deep_too_big_not_utf8_and_not_json_each_say_why():
    assert refusal(lambda: json_file.parse(b"[" * 5000 + b"]" * 5000)) == "nested more than 8 deep"
    assert refusal(lambda: json_file.parse(b'{"a": "\xff\xfe"}')) == "not valid JSON (not UTF-8 text)"
    message = refusal(lambda: json_file.parse(b'{"a": '))
    assert message.startswith("not valid JSON (") and message != "not valid JSON ()"
    path = fresh_dir("json") + "/big.json"
    write(path, b'["' + b"x" * 5000 + b'"]')
    assert refusal(lambda: json_file.read(path, 4096)) == "over the 4096-byte limit"
    assert json_file.parse(b'{"a": [1, {"b": "[{"}]}') == {"a": [1, {"b": "[{"}]}


def test_a_config_json_that_is_not_utf8_names_the_reason():
    path = fresh_dir("config") + "/config.json"
    write(path, b'{"rules": {"preset": "cl\xe9ssic"}, "players": 2}')
    settings, faults = load_settings(path)
    assert faults == [path + ": not valid JSON (not UTF-8 text); using the defaults"]
    assert settings.players == 2 and settings.rules_config == {"preset": "classic"}


def test_huge_and_deep_config_json_files_are_faults_not_memory_errors():
    path = fresh_dir("config") + "/config.json"
    for start, chunk, times, end, why in (
            (b'{"rules": {"preset": "', b"x" * 1000, 200, b'"}}', "over the 4096-byte limit"),
            (b'{"players": [', b"1," * 500, 120, b"1]}", "over the 4096-byte limit"),
            (b"", b"[" * 1000, 2, b"]" * 2000, "nested more than 8 deep")):
        with open(path, "wb") as stream:
            stream.write(start)
            for _time in range(times):
                stream.write(chunk)
            stream.write(end)
        settings, faults = load_settings(path)
        assert faults == ["%s: %s; using the defaults" % (path, why)], faults
        assert settings.players == 2


def test_the_nesting_check_allocates_nothing_per_byte():
    data = b'{"a": [' + b'"[{\\\\\\"", ' * 400 + b"1]}"
    assert not json_file.nested_deeper(data)
    if ON_MICROPYTHON:  # one iterator a call, whatever the length
        assert allocated_by(lambda: json_file.nested_deeper(data), 10) <= 10 * 64
