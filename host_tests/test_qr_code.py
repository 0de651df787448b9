"""net.qr_code, the firmware's QR encoder, against segno (a maintained encoder) module for module,
its mask against segno's choice, its symbols read back by zxing-cpp, and the same symbol made
on the MicroPython unix port."""

import json

import pytest
import segno
import zxingcpp
from hypothesis import given, settings
from hypothesis import strategies as st
from micropython_runtimes import run_on
from net import qr_code as qr
from PIL import Image
from segno import consts, encoder

LEVELS = {qr.L: consts.ERROR_LEVEL_L, qr.M: consts.ERROR_LEVEL_M}


def segno_symbol(data, version, level, mask=None):
    """(mask, rows of 0/1) of segno's encoder fed the byte-mode bit stream of ISO/IEC 18004
    7.4: segno 1.6.6's own stream adds a zero codeword after a terminator that ends on a
    codeword's boundary (write_padding_bits), where the standard pads to the boundary only."""
    error = LEVELS[level]
    stream = encoder.Buffer()
    stream.append_bits(0b0100, 4)
    stream.append_bits(len(data), 8)
    for byte in data:
        stream.append_bits(byte, 8)
    capacity = consts.SYMBOL_CAPACITY[version][error]
    encoder.write_terminator(stream, capacity, None, len(stream))
    stream.extend([0] * (-len(stream) % 8))
    encoder.write_pad_codewords(stream, version, capacity, len(stream))
    codewords = encoder.make_final_message(version, error, stream)
    width = version * 4 + 17
    matrix = encoder.make_matrix(width, width)
    encoder.add_finder_patterns(matrix, width, width)
    encoder.add_alignment_patterns(matrix, width, width)
    encoder.add_codewords(matrix, codewords, version)
    mask, matrix = encoder.find_and_apply_best_mask(matrix, width, width, mask)
    encoder.add_format_info(matrix, version, error, mask)
    return mask, [list(row) for row in matrix]


def modules(code):
    return [[code.dark(row, column) for column in range(code.size)] for row in range(code.size)]


def read_back(code, scale=4):
    """What zxing-cpp reads from the symbol drawn dark on light with a 4-module quiet zone."""
    side = (code.size + 8) * scale
    picture = Image.new("L", (side, side), 255)
    for row in range(code.size):
        for column in range(code.size):
            if code.dark(row, column):
                picture.paste(0, ((column + 4) * scale, (row + 4) * scale,
                                  (column + 5) * scale, (row + 5) * scale))
    found = zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.QRCode)
    return [result.bytes for result in found]


@pytest.mark.parametrize("level", [qr.L, qr.M])
def test_each_version_holds_what_segno_says_byte_mode_holds(level):
    for version in range(1, qr.MAX_VERSION + 1):
        assert qr.capacity(version, level) == consts.SYMBOL_CAPACITY[version][LEVELS[level]] // 8 - 2
        blocks = consts.ECC[version][LEVELS[level]]
        assert qr.data_codewords(version, level) == sum(block.num_blocks * block.num_data for block in blocks)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.sampled_from([qr.L, qr.M]), st.data())
def test_every_module_is_segnos_for_the_same_version_level_and_mask(level, draw):
    data = draw.draw(st.binary(max_size=qr.capacity(qr.MAX_VERSION, level)))
    mask = draw.draw(st.integers(0, 7))
    code = qr.encode(data, level, mask)
    assert code.version == qr.version_for(len(data), level)
    assert modules(code) == segno_symbol(data, code.version, level, mask)[1]


@settings(max_examples=120, derandomize=True, deadline=None)
@given(st.sampled_from([qr.L, qr.M]), st.data())
def test_the_mask_chosen_is_the_lowest_penalty_as_segno_scores_it(level, draw):
    data = draw.draw(st.binary(max_size=qr.capacity(qr.MAX_VERSION, level)))
    code = qr.encode(data, level)
    mask, symbol = segno_symbol(data, code.version, level)
    assert 0 <= code.mask <= 7
    assert (code.mask, modules(code)) == (mask, symbol)


@pytest.mark.parametrize("text", ["http://192.168.4.1/", "WIFI:S:shutbox;T:WPA;P:shutthebox;;",
                                  "WIFI:S:The Crown \\; Anchor;T:WPA;P:" + "p" * 63 + ";;"])
def test_a_phone_reads_the_address_and_the_join_string(text):
    data = text.encode()
    code = qr.encode(data, qr.M if len(data) <= qr.capacity(qr.MAX_VERSION, qr.M) else qr.L)
    assert read_back(code) == [data]


def test_the_smallest_version_is_taken_and_too_long_data_is_refused_plainly():
    assert qr.encode(b"x" * 14, qr.M).version == 1
    assert qr.encode(b"x" * 15, qr.M).version == 2
    assert segno.make_qr(b"x" * 15, error="m", boost_error=False).version == 2
    with pytest.raises(ValueError, match="135 bytes are more than a QR code of version 6 holds \\(134\\)"):
        qr.QrCode(b"x" * 135, qr.L)


def test_the_code_is_made_in_slices():
    code = qr.QrCode(b"http://192.168.4.1/", qr.M)
    slices = 1
    while not code.step():
        slices += 1
    assert slices > 100  # each a row or two of one mask's work
    assert code.step()  # done stays done


MICROPYTHON_SCRIPT = """
from net import qr_code as qr
for text, level in %s:
    code = qr.encode(text.encode(), level)
    print(code.version, code.mask, "".join(str(code.dark(r, c)) for r in range(code.size) for c in range(code.size)))
"""


@pytest.mark.micropython
def test_the_unix_port_makes_the_same_symbols():
    cases = [("http://192.168.4.1/", qr.M), ("WIFI:S:shutbox;T:WPA;P:shutthebox;;", qr.L)]
    status, out, err = run_on("unix", MICROPYTHON_SCRIPT % json.dumps(cases))
    assert status == 0, out + err
    for line, (text, level) in zip(out.splitlines(), cases, strict=True):
        code = qr.encode(text.encode(), level)
        flat = "".join(str(code.dark(r, c)) for r in range(code.size) for c in range(code.size))
        assert line.split() == [str(code.version), str(code.mask), flat]
