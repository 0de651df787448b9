"""A QR code (ISO/IEC 18004) for the OLED: byte mode, versions 1-6, error correction L or M,
the mask of the lowest penalty. Made a slice at a time (QrCode.step), so that no tick of the
box does more than a row's work; `encode` makes one at once (the host's tests). Integers and
bytearrays only: no floats, no tables but the field's logarithms (512 bytes).
"""

from micropython import const

L = const(1)  # the error correction levels, as the format information codes them
M = const(0)
MAX_VERSION = const(6)  # 41 modules a side: the last version without version information
# Per version 1-6, four bytes: ec codewords a block and blocks for L, then for M.
_BLOCKS = b"\x07\x01\x0a\x01" b"\x0a\x01\x10\x01" b"\x0f\x01\x1a\x01" b"\x14\x01\x12\x02" \
          b"\x1a\x01\x18\x02" b"\x12\x02\x10\x04"
_FUNCTION = const(2)  # a module's bit: a function pattern (finder, timing, alignment, format)
_ROWS_A_STEP = const(2)  # rows masked or scored a slice
_BYTES_A_STEP = const(6)  # data codewords divided a slice
_EXP = bytearray(256)  # GF(256) over x^8 + x^4 + x^3 + x^2 + 1: 2^i, and its logarithms
_LOG = bytearray(256)
_value = 1
for _power in range(255):
    _EXP[_power] = _value
    _LOG[_value] = _power
    _value <<= 1
    if _value > 255:
        _value ^= 0x11D
del _value, _power


def capacity(version, level):
    """How many bytes a symbol of `version` and `level` (L or M) holds in byte mode."""
    return data_codewords(version, level) - 2  # 4 bits of mode, 8 of count, 4 of terminator


def data_codewords(version, level):
    """How many of a symbol's codewords are data."""
    size = version * 4 + 17
    total = (size * size - 192 - 31 - 2 * (size - 16) - (25 if version > 1 else 0)) // 8
    at = (version - 1) * 4 + (0 if level == L else 2)
    return total - _BLOCKS[at] * _BLOCKS[at + 1]


def version_for(length, level):
    """The smallest version that holds `length` bytes, or ValueError."""
    for version in range(1, MAX_VERSION + 1):
        if length <= capacity(version, level):
            return version
    raise ValueError("%d bytes are more than a QR code of version %d holds (%d)"
                     % (length, MAX_VERSION, capacity(MAX_VERSION, level)))


def _multiply(a, b):
    if a == 0 or b == 0:
        return 0
    return _EXP[(_LOG[a] + _LOG[b]) % 255]


def _mask_bit(mask, row, column):
    """Does mask pattern `mask` invert the module at (row, column)?"""
    if mask == 0:
        return (row + column) % 2 == 0
    if mask == 1:
        return row % 2 == 0
    if mask == 2:
        return column % 3 == 0
    if mask == 3:
        return (row + column) % 3 == 0
    if mask == 4:
        return (row // 2 + column // 3) % 2 == 0
    product = row * column
    if mask == 5:
        return product % 2 + product % 3 == 0
    if mask == 6:
        return (product % 2 + product % 3) % 2 == 0
    return ((row + column) % 2 + product % 3) % 2 == 0


def format_bits(level, mask):
    """The 15 bits of the format information: the level and mask, their BCH code, XOR 0x5412."""
    data = level << 3 | mask
    remainder = data
    for _ in range(10):
        remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537)
    return (data << 10 | remainder) ^ 0x5412


def _run_score(line, size):
    """N1 (3 + the length past 5 of each run of five or more modules of one colour) and N3
    (40 for each 1:1:3:1:1 finder-like pattern with four light modules on a side, counted as
    segno and the standard's examples do) of one row or column."""
    score = 0
    run = 0
    previous = -1
    for index in range(size):
        if line[index] == previous:
            run += 1
        else:
            if run >= 5:
                score += run - 2
            run = 1
            previous = line[index]
    if run >= 5:
        score += run - 2
    index = 0
    while index <= size - 7:
        if not (line[index] and not line[index + 1] and line[index + 2] and line[index + 3]
                and line[index + 4] and not line[index + 5] and line[index + 6]):
            index += 1
            continue
        if (index == 0 or index == size - 7 or _light(line, index - 4, index)
                or _light(line, index + 7, index + 11 if index + 11 < size else size)):
            score += 40
            index += 7
        else:
            index += 4
    return score


def _light(line, start, end):
    for index in range(start if start > 0 else 0, end):
        if line[index]:
            return False
    return True


class QrCode:
    """QrCode(data, level) made by calling step() until it returns True (or `encode`): then
    `size` modules a side, dark(row, column), and the `mask` chosen (0-7; `mask` given: that one).
    ValueError when the data is too long for version 6."""

    def __init__(self, data, level=M, mask=-1):
        self.level = level
        self.version = version_for(len(data), level)
        self.size = self.version * 4 + 17
        self.modules = bytearray(self.size * self.size)  # per module: bit 0 dark, _FUNCTION
        self.mask = mask
        self.penalty = 0  # the last mask's scored
        self._work = self._steps(data)

    def dark(self, row, column):
        return self.modules[row * self.size + column] & 1

    def step(self):
        """Do a slice of the work; True once the code is made."""
        if self._work is None:
            return True
        try:
            next(self._work)
        except StopIteration:
            self._work = None
            return True
        return False

    def _steps(self, data):
        codewords = self._codewords(data)
        yield
        ec_bytes = _BLOCKS[(self.version - 1) * 4 + (0 if self.level == L else 2)]
        blocks = _BLOCKS[(self.version - 1) * 4 + (1 if self.level == L else 3)]
        per_block = len(codewords) // blocks
        divisor = bytearray(ec_bytes)  # the Reed-Solomon generator, the highest power first
        divisor[ec_bytes - 1] = 1  # (its leading 1 left out): the product of (x - 2^i)
        root = 1
        for _ in range(ec_bytes):
            for index in range(ec_bytes):
                divisor[index] = _multiply(divisor[index], root)
                if index + 1 < ec_bytes:
                    divisor[index] ^= divisor[index + 1]
            root = _multiply(root, 2)
            yield
        remainders = bytearray(ec_bytes * blocks)
        for block in range(blocks):
            remainder = memoryview(remainders)[block * ec_bytes:(block + 1) * ec_bytes]
            for index in range(block * per_block, (block + 1) * per_block):
                factor = codewords[index] ^ remainder[0]
                for at in range(ec_bytes - 1):
                    remainder[at] = remainder[at + 1] ^ _multiply(divisor[at], factor)
                remainder[ec_bytes - 1] = _multiply(divisor[ec_bytes - 1], factor)
                if index % _BYTES_A_STEP == 0:
                    yield
        stream = bytearray(len(codewords) + len(remainders))  # the blocks interleaved
        at = 0
        for index in range(per_block):
            for block in range(blocks):
                stream[at] = codewords[block * per_block + index]
                at += 1
        for index in range(ec_bytes):
            for block in range(blocks):
                stream[at] = remainders[block * ec_bytes + index]
                at += 1
        del codewords, remainders
        for _ in self._function_patterns():
            yield
        for _ in self._place(stream):
            yield
        del stream
        if self.mask < 0:
            best = -1
            for mask in range(8):
                for _ in self._apply(mask):
                    yield
                for _ in self._penalty():
                    yield
                if best < 0 or self.penalty < best:
                    best = self.penalty
                    self.mask = mask
                for _ in self._apply(mask):  # undone
                    yield
        for _ in self._apply(self.mask):
            yield
        self._format(format_bits(self.level, self.mask))

    def _codewords(self, data):
        """Mode 0100 (bytes), the 8-bit count, the data, the terminator, then pad codewords."""
        count = len(data)
        codewords = bytearray(data_codewords(self.version, self.level))
        codewords[0] = 0x40 | count >> 4
        previous = count
        for index in range(count):
            codewords[index + 1] = (previous & 15) << 4 | data[index] >> 4
            previous = data[index]
        codewords[count + 1] = (previous & 15) << 4
        for index in range(count + 2, len(codewords)):
            codewords[index] = 0x11 if (index - count) % 2 else 0xEC
        return codewords

    def _set(self, row, column, dark):
        self.modules[row * self.size + column] = _FUNCTION | (1 if dark else 0)

    def _function_patterns(self):
        size = self.size
        for index in range(size):  # the timing patterns
            self._set(6, index, index % 2 == 0)
            self._set(index, 6, index % 2 == 0)
        for row, column in ((3, 3), (3, size - 4), (size - 4, 3)):  # finders and separators
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    distance = max(abs(dx), abs(dy))
                    if 0 <= row + dy < size and 0 <= column + dx < size:
                        self._set(row + dy, column + dx, distance != 2 and distance != 4)
            yield
        if self.version > 1:  # the one alignment pattern of versions 2-6
            centre = size - 7
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    self._set(centre + dy, centre + dx, max(abs(dx), abs(dy)) != 1)
        self._format(0)  # reserved, light while the masks are scored (as the standard has it)

    def _format(self, bits):
        size = self.size
        for index in range(15):
            dark = (bits >> index) & 1
            if index < 6:
                self._set(index, 8, dark)
            elif index < 8:
                self._set(index + 1, 8, dark)
            else:
                self._set(size - 15 + index, 8, dark)
            if index < 8:
                self._set(8, size - 1 - index, dark)
            elif index < 9:
                self._set(8, 15 - index, dark)
            else:
                self._set(8, 14 - index, dark)
        self._set(size - 8, 8, bits)  # the dark module, with the format information

    def _place(self, stream):
        """The codewords' bits in the zigzag of two-module columns, right to left."""
        size = self.size
        modules = self.modules
        bit = 0
        bits = len(stream) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            upward = (right + 1) & 2 == 0
            for vertical in range(size):
                row = size - 1 - vertical if upward else vertical
                for column in (right, right - 1):
                    at = row * size + column
                    if not modules[at] & _FUNCTION:
                        if bit < bits and (stream[bit >> 3] >> (7 - (bit & 7))) & 1:
                            modules[at] = 1
                        bit += 1
            right -= 2
            yield

    def _apply(self, mask):
        """Invert the data modules that `mask` says (a second time undoes it), rows a slice."""
        size = self.size
        modules = self.modules
        for row in range(size):
            at = row * size
            for column in range(size):
                if not modules[at] & _FUNCTION and _mask_bit(mask, row, column):
                    modules[at] ^= 1
                at += 1
            if row % _ROWS_A_STEP == 0:
                yield

    def _penalty(self):
        """`penalty`: the symbol's as it stands (N1-N4), scored a row and a column a slice."""
        size = self.size
        modules = self.modules
        line = bytearray(size)
        column = bytearray(size)
        score = 0
        dark = 0
        for row in range(size):
            for index in range(size):
                line[index] = modules[row * size + index] & 1
                column[index] = modules[index * size + row] & 1
                dark += line[index]
                if row and index and line[index] == line[index - 1] == (
                        modules[(row - 1) * size + index] & 1) == (modules[(row - 1) * size + index - 1] & 1):
                    score += 3  # N2: a 2x2 block of one colour
            score += _run_score(line, size) + _run_score(column, size)
            if row % _ROWS_A_STEP == 0 and row < size - 1:
                yield
        total = size * size
        self.penalty = score + abs(dark * 100 - total * 50) // (total * 5) * 10  # N4: the share of dark


def encode(data, level=M, mask=-1):
    """The QrCode of `data` (bytes) made at once."""
    code = QrCode(data, level, mask)
    while not code.step():
        pass
    return code
