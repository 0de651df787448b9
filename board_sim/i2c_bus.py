"""One pair of I2C wires (SDA, SCL) and the devices on them, addressed by 7-bit address.

Transfers are whole transactions (START .. STOP or repeated START): write(address, data)
and read(address, count). A device that is absent or has vanished does not acknowledge its
address: the bus raises OSError with the errno the caller's port uses for a NACK (rp2
hardware I2C: EIO; SoftI2C: ENODEV). Injected faults raise EIO or ETIMEDOUT.
"""

import errno

FIRST_SCAN_ADDRESS = 0x08
LAST_SCAN_ADDRESS = 0x77


def bus_error(code):
    """OSError(code) as the port raises it, with .errno == code on MicroPython and CPython alike."""
    error = OSError(code)
    if getattr(error, "errno", None) != code:  # CPython sets errno only from two arguments
        error = OSError(code, errno.errorcode.get(code, "I2C error"))
    return error


class I2CBus:
    """Devices on one SDA/SCL pair; each device answers i2c_write(data) and i2c_read(count)."""

    def __init__(self, sda, scl):
        self.sda = sda
        self.scl = scl
        self.devices = {}
        # What went over the wires, by address: the bytes of its writes and reads (each with its
        # address byte), and how many reads; a host compares two readings to see what a stretch
        # of the firmware's time sent (bench/loop_kernel.py: a band of the OLED, an expander's read).
        self.written = {}
        self.reads = {}

    def attach(self, address, device):
        if address in self.devices:
            raise ValueError("two devices at I2C address 0x%02x" % address)
        self.devices[address] = device

    def acknowledges(self, address):
        device = self.devices.get(address)
        return device is not None and device.fault != "vanish"

    def scan(self):
        return [address for address in range(FIRST_SCAN_ADDRESS, LAST_SCAN_ADDRESS + 1)
                if self.acknowledges(address)]

    def _device(self, address, nack_errno):
        """The device that will answer, or OSError as the port reports the failure."""
        device = self.devices.get(address)
        if device is not None and device.fault is None:  # the usual case, at once
            return device
        if not self.acknowledges(address):
            raise bus_error(nack_errno)
        device = self.devices[address]
        if device.fault == "eio":
            raise bus_error(errno.EIO)
        if device.fault == "timeout":
            raise bus_error(errno.ETIMEDOUT)
        return device

    def write(self, address, data, nack_errno):
        written = self.written
        written[address] = written.get(address, 0) + len(data) + 1
        self._device(address, nack_errno).i2c_write(bytes(data))

    def read(self, address, count, nack_errno):
        written = self.written
        written[address] = written.get(address, 0) + count + 1
        reads = self.reads
        reads[address] = reads.get(address, 0) + 1
        reply = self._device(address, nack_errno).i2c_read(count)
        if len(reply) != count:
            raise RuntimeError("simulated device at 0x%02x answered %d bytes, not %d"
                               % (address, len(reply), count))
        return reply
