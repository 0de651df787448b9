"""The simulated SSD1306 decodes the I2C command/data stream and shows what a person would see."""

import pytest

from board_sim.install import simulated

ADDRESS = 0x3C


def pinmap(height=64, external_vcc=False):
    return {
        "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
        "flaps": [],
        "display": {"type": "ssd1306", "address": ADDRESS, "width": 128, "height": height,
                    "external_vcc": external_vcc},
    }


# micropython-lib ssd1306.py's init_display() for a 128x64 panel, one command a transaction.
INIT_128X64 = [0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0x00, 0xDA, 0x12, 0xD5, 0x80,
               0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0xAD, 0x30, 0x8D, 0x14, 0xAF]


@pytest.fixture
def oled():
    with simulated(pinmap(), seed=5) as board:
        import machine

        yield board, machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))


def command(i2c, *values):
    for value in values:
        i2c.writeto(ADDRESS, bytes((0x80, value)))


def show(i2c, frame, first_column=0, last_column=127, pages=8):
    command(i2c, 0x21, first_column, last_column, 0x22, 0, pages - 1)
    i2c.writevto(ADDRESS, (b"\x40", frame))


def frame_with(pixels, width=128, height=64):
    """A MONO_VLSB frame (as framebuf lays it out) with the given (x, y) pixels lit."""
    frame = bytearray(width * height // 8)
    for x, y in pixels:
        frame[(y // 8) * width + x] |= 1 << (y % 8)
    return frame


def lit(board):
    return {(x, y) for y, row in enumerate(board.display_pixels()) for x, value in enumerate(row) if value}


def test_powers_up_dark_with_noise_in_its_ram(oled):
    board, _ = oled
    assert lit(board) == set()
    assert any(board.display.gddram)


def test_init_then_frame_shows_upright(oled):
    board, i2c = oled
    command(i2c, *INIT_128X64)
    pixels = {(0, 0), (127, 0), (5, 63), (64, 31)}
    show(i2c, frame_with(pixels))
    assert lit(board) == pixels
    assert board.display.contrast == 0xFF


def test_display_off_and_charge_pump_off_are_dark(oled):
    board, i2c = oled
    command(i2c, *INIT_128X64)
    show(i2c, frame_with({(1, 1)}))
    command(i2c, 0xAE)
    assert lit(board) == set()
    command(i2c, 0xAF, 0x8D, 0x10)
    assert lit(board) == set()
    command(i2c, 0x8D, 0x14)
    assert lit(board) == {(1, 1)}


def test_invert_and_entire_on(oled):
    board, i2c = oled
    command(i2c, *INIT_128X64)
    show(i2c, frame_with({(2, 3)}))
    command(i2c, 0xA7)
    assert len(lit(board)) == 128 * 64 - 1 and (2, 3) not in lit(board)
    command(i2c, 0xA6, 0xA5)
    assert len(lit(board)) == 128 * 64
    command(i2c, 0xA4)
    assert lit(board) == {(2, 3)}


def test_normal_remap_and_scan_turn_the_picture_half_round(oled):
    board, i2c = oled
    command(i2c, *INIT_128X64)
    show(i2c, frame_with({(0, 0), (10, 2)}))
    command(i2c, 0xC0, 0xA0)  # micropython-lib's rotate(False)
    assert lit(board) == {(127, 63), (117, 61)}


def test_start_line_scrolls_the_picture_up(oled):
    board, i2c = oled
    command(i2c, *INIT_128X64)
    show(i2c, frame_with({(3, 10)}))
    command(i2c, 0x40 | 4)
    assert lit(board) == {(3, 6)}


def test_wrong_com_pin_setting_interleaves_the_rows(oled):
    board, i2c = oled
    command(i2c, *INIT_128X64)
    show(i2c, frame_with({(0, 1)}))
    command(i2c, 0xDA, 0x02)  # sequential: wrong for a 64-row panel
    assert lit(board) != {(0, 1)}


def test_one_control_byte_can_carry_many_commands_and_split_commands_complete_later(oled):
    board, i2c = oled
    i2c.writeto(ADDRESS, bytes([0x00] + INIT_128X64[:6]))  # ends inside "0xA8, mux"
    i2c.writeto(ADDRESS, bytes([0x00] + INIT_128X64[6:]))
    show(i2c, frame_with({(7, 7)}))
    assert lit(board) == {(7, 7)}
    assert board.display.multiplex == 64


def test_continuation_control_bytes_mix_commands_and_data(oled):
    board, i2c = oled
    command(i2c, *INIT_128X64)
    show(i2c, bytes(1024))
    # Co=1 command 0xB0 (page 0 in page mode), Co=1 data byte, then Co=0 data to the end.
    command(i2c, 0x20, 0x02)
    i2c.writeto(ADDRESS, bytes([0x80, 0xB1, 0x80, 0x10, 0xC0, 0x01, 0x40, 0x01, 0x01]))
    assert lit(board) == {(0, 8), (1, 8), (2, 8)}


def test_vertical_addressing_fills_columns_first(oled):
    board, i2c = oled
    command(i2c, *INIT_128X64, 0x20, 0x01)
    show(i2c, bytes(1024))
    command(i2c, 0x21, 0, 127, 0x22, 0, 7)
    i2c.writeto(ADDRESS, b"\x40" + b"\x01" * 9)
    assert lit(board) == {(0, 8 * page) for page in range(8)} | {(1, 0)}


def test_small_panel_128x32():
    with simulated(pinmap(height=32), seed=1) as board:
        import machine

        i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
        init = list(INIT_128X64)
        init[init.index(0xA8) + 1] = 31
        init[init.index(0xDA) + 1] = 0x02
        command(i2c, *init)
        show(i2c, frame_with({(0, 0), (127, 31)}, height=32), pages=4)
        pixels = board.display_pixels()
        assert len(pixels) == 32 and len(pixels[0]) == 128
        assert lit(board) == {(0, 0), (127, 31)}


def test_external_vcc_panel_lights_without_the_charge_pump():
    with simulated(pinmap(external_vcc=True)) as board:
        import machine

        i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
        command(i2c, *INIT_128X64[:-3], 0x8D, 0x10, 0xAF)
        show(i2c, frame_with({(9, 9)}))
        assert lit(board) == {(9, 9)}


def test_the_hal_driver_text_appears_on_the_glass(oled):
    board, i2c = oled
    import framebuf
    from hal.ssd1306 import SSD1306_I2C

    display = SSD1306_I2C(128, 64, i2c)
    display.fill(0)
    display.text("7", 0, 0, 1)
    display.show()
    expected = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    expected.text("7", 0, 0, 1)
    assert lit(board) == {(x, y) for x in range(8) for y in range(8) if expected.pixel(x, y)}
    assert "#" in board.display_text()
