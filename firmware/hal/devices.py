"""What hal.board.build_devices hands the App: every device of the box, or None for an optional
one that is absent or failed. A module of its own so that hal.board, needed only at boot, can be
let go once the devices are built (main.py)."""

TYPE_CHECKING = False
if TYPE_CHECKING:  # optional drivers are imported only when their device is configured
    import machine

    from hal.buzzer import Buzzer
    from hal.flaps import FlapSwitches
    from hal.leds import TileLeds
    from hal.lis3dh import LIS3DH_I2C
    from hal.mpu6050 import MPU6050
    from hal.shake import ShakeDetector
    from hal.ssd1306 import SSD1306_I2C


class Devices:
    """What build_devices made; None stands for an optional device that is absent or failed."""

    def __init__(self, name):
        self.name = name
        # Annotations (ignored by MicroPython) tell the type checker what each device is.
        self.i2c: "machine.I2C | machine.SoftI2C | None" = None
        self.flaps: "FlapSwitches" = None  # type: ignore  # always set by build_devices
        self.accel: "LIS3DH_I2C | MPU6050 | None" = None
        self.shake: "ShakeDetector | None" = None
        self.display: "SSD1306_I2C | None" = None
        self.leds: "TileLeds | None" = None
        self.buttons = {}  # name -> hal.buttons.Button
        self.buzzer: "Buzzer | None" = None
        self.faults = []  # one message per problem found while building
