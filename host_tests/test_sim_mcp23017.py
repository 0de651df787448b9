"""The simulated MCP23017 answers raw I2C transactions as the datasheet's register map says."""

import pytest

from board_sim.install import simulated

ADDRESS = 0x20
PINMAP = {
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
    "flaps": [{"type": "mcp23017", "address": ADDRESS, "count": 16, "active_low": True}],
}


@pytest.fixture
def setup():
    with simulated(PINMAP, seed=4) as board:
        import machine

        yield board, machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))


def test_power_on_registers(setup):
    _, i2c = setup
    registers = i2c.readfrom_mem(ADDRESS, 0x00, 0x12)  # IODIRA .. INTCAPB
    assert registers == b"\xff\xff" + bytes(0x10)
    assert i2c.readfrom_mem(ADDRESS, 0x14, 2) == b"\x00\x00"  # OLAT


def test_sequential_read_wraps_after_olatb(setup):
    _, i2c = setup
    i2c.writeto_mem(ADDRESS, 0x14, b"\x5a\xa5")
    reply = i2c.readfrom_mem(ADDRESS, 0x14, 4)
    assert reply[:2] == b"\x5a\xa5"
    assert reply[2:] == b"\xff\xff"  # wrapped to IODIRA, IODIRB


def test_inputs_read_switches_through_the_pull_ups(setup):
    board, i2c = setup
    i2c.writeto_mem(ADDRESS, 0x0C, b"\xff\xff")  # GPPU
    board.set_flap(1, True)
    board.set_flap(10, True)
    board.advance(10)
    gpio = i2c.readfrom_mem(ADDRESS, 0x12, 2)
    assert gpio == bytes((0xFF ^ 0x01, 0xFF ^ 0x02))


def test_inputs_without_pull_ups_float(setup):
    _, i2c = setup
    readings = {i2c.readfrom_mem(ADDRESS, 0x12, 1)[0] for _ in range(20)}
    assert len(readings) > 1


def test_ipol_inverts_the_reading(setup):
    board, i2c = setup
    i2c.writeto_mem(ADDRESS, 0x0C, b"\xff\xff")
    i2c.writeto_mem(ADDRESS, 0x02, b"\xff\x00")  # IPOLA
    board.set_flap(2, True)
    board.advance(10)
    assert i2c.readfrom_mem(ADDRESS, 0x12, 2) == bytes((0x02, 0xFF))


def test_outputs_read_back_their_latch_and_gpio_writes_go_to_olat(setup):
    _, i2c = setup
    i2c.writeto_mem(ADDRESS, 0x0C, b"\xff\xff")
    i2c.writeto_mem(ADDRESS, 0x00, b"\x0f")  # GPA4..7 outputs
    i2c.writeto_mem(ADDRESS, 0x12, b"\x50")
    assert i2c.readfrom_mem(ADDRESS, 0x14, 1) == b"\x50"
    assert i2c.readfrom_mem(ADDRESS, 0x12, 1) == b"\x5f"


def test_seqop_toggles_within_the_register_pair(setup):
    _, i2c = setup
    i2c.writeto_mem(ADDRESS, 0x0A, b"\x20")  # IOCON.SEQOP
    i2c.writeto_mem(ADDRESS, 0x14, b"\x11\x22\x33")  # OLATA, OLATB, OLATA again
    assert i2c.readfrom_mem(ADDRESS, 0x14, 4) == b"\x33\x22\x33\x22"


def test_bank1_splits_the_ports(setup):
    _, i2c = setup
    i2c.writeto_mem(ADDRESS, 0x0A, b"\x80")  # IOCON.BANK = 1
    i2c.writeto_mem(ADDRESS, 0x06, b"\x0f")  # GPPUA in bank 1
    i2c.writeto_mem(ADDRESS, 0x16, b"\xf0")  # GPPUB in bank 1
    assert i2c.readfrom_mem(ADDRESS, 0x05, 1) == b"\x80"  # IOCON
    assert i2c.readfrom_mem(ADDRESS, 0x15, 1) == b"\x80"  # IOCON, port B's copy
    i2c.writeto_mem(ADDRESS, 0x05, b"\x00")  # back to bank 0: IOCON is now at 0x0A
    assert i2c.readfrom_mem(ADDRESS, 0x0C, 2) == b"\x0f\xf0"


def test_interrupt_on_change_flags_and_captures_until_read(setup):
    board, i2c = setup
    i2c.writeto_mem(ADDRESS, 0x0C, b"\xff\xff")
    i2c.readfrom_mem(ADDRESS, 0x12, 2)
    i2c.writeto_mem(ADDRESS, 0x06, b"\xff")  # DEFVALA: the idle level is high
    i2c.writeto_mem(ADDRESS, 0x08, b"\xff")  # INTCONA: compare against DEFVAL
    i2c.writeto_mem(ADDRESS, 0x04, b"\x08")  # GPINTENA for GPA3
    assert i2c.readfrom_mem(ADDRESS, 0x0E, 1) == b"\x00"
    board.set_flap(4, True)
    board.advance(10)
    assert i2c.readfrom_mem(ADDRESS, 0x0E, 1) == b"\x08"  # INTFA
    assert i2c.readfrom_mem(ADDRESS, 0x10, 1) == b"\xf7"  # INTCAPA, which clears INTFA
    board.flip_flap(4)
    board.advance(10)
    assert i2c.readfrom_mem(ADDRESS, 0x0E, 1) == b"\x00"


def test_the_hal_expander_bank_reads_the_shut_flaps(setup):
    board, i2c = setup
    from hal.expander_bank import ExpanderBank
    from hal.mcp23017 import MCP23017

    bank = ExpanderBank(MCP23017(i2c, ADDRESS), 16, True)
    for tile in (3, 12):
        board.set_flap(tile, True)
    board.advance(10)
    assert bank.read_closed() == (1 << 2) | (1 << 11)
