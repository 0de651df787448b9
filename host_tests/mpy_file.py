"""A MicroPython .mpy file (format 6, bytecode) as the tests read it: its table of names, its
constants and its functions' bytecode (py/persistentcode.c's layout)."""

_MPY_STR = 5  # MicroPython's persistent object kinds (py/persistentcode.h)
_MPY_TUPLE = 10
_MPY_NO_DATA = 4  # the function table, None, False, True, Ellipsis: no bytes follow


class Reader:
    """Reads an .mpy's (or a function's bytecode's) numbers and constants from `at` on."""

    def __init__(self, data, at=0):
        self.data = data
        self.at = at

    def number(self):
        """A variable-length unsigned number, 7 bits a byte, the highest bit: more follow."""
        value = 0
        while True:
            byte = self.data[self.at]
            self.at += 1
            value = value << 7 | byte & 0x7F
            if not byte & 0x80:
                return value

    def constant(self):
        """Skip one constant; how many non-empty strings it holds (a tuple's items counted)."""
        kind = self.data[self.at]
        self.at += 1
        if kind <= _MPY_NO_DATA:
            return 0
        size = self.number()
        if kind == _MPY_TUPLE:
            return sum(self.constant() for _item in range(size))
        self.at += size + (kind <= _MPY_STR + 1)  # a string's or bytes' terminating zero
        return int(kind == _MPY_STR and size > 0)


def read_header(mpy):
    """(names, strings, reader): the module's table of names (a str, or the number of a name
    built into the firmware, which stores no text), how many of its constants are non-empty
    strings, and a reader at its outer raw code."""
    assert mpy[0] == ord("M") and mpy[1] == 6 and mpy[2] >> 2 == 0, mpy[:4]  # bytecode only
    reader = Reader(mpy, 4)
    count = reader.number()
    constants = reader.number()
    names = []
    for _name in range(count):
        size = reader.number()
        if size & 1:
            names.append(size >> 1)
        else:
            names.append(mpy[reader.at:reader.at + (size >> 1)].decode())
            reader.at += (size >> 1) + 1
    strings = sum(reader.constant() for _constant in range(constants))
    return names, strings, reader


def lookups(mpy):
    """How many names a module's .mpy (bytecode, format 6) looks up as it loads: the names of
    its table not built into the firmware (a built-in one is stored as its number), and its
    string constants but empty ones (bytes constants are not looked up)."""
    names, strings, _reader = read_header(mpy)
    return sum(isinstance(name, str) for name in names) + strings


def module_lookups(name):
    """lookups() of the firmware's module `name` as it is on a board (tools/flash.py's
    compile_module)."""
    from bench import boot_bench
    from tools.flashing.build import FIRMWARE, compile_module

    relative = name.replace(".", "/") + ".py"
    return lookups(compile_module(FIRMWARE / relative, relative, boot_bench.BYTECODE))
