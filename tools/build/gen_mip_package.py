"""Write the mip fields of the root package.json: "urls" (every firmware file, board path ->
repository path) and "version" (firmware/version.py's), so that

    mpremote mip install --target / github:OWNER/shutbox      (or ./package.json)

copies the firmware to a board's root. npm's fields are kept as they are.

    python -m tools.build.gen_mip_package [--check]   (--check: exit 1 if package.json is stale)
"""

import json
import sys

from tools.build.generated import refresh
from tools.flashing.build import FIRMWARE, ROOT, firmware_files, firmware_version

PACKAGE_JSON = ROOT / "package.json"


def package_json_text(current_text):
    """package.json with its mip fields brought up to date."""
    package = json.loads(current_text)
    package["version"] = firmware_version(FIRMWARE)
    prefix = FIRMWARE.relative_to(ROOT).as_posix()
    package["urls"] = [[path, "%s/%s" % (prefix, path)] for path in firmware_files(FIRMWARE)]
    return json.dumps(package, indent=2) + "\n"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if refresh(PACKAGE_JSON, package_json_text, argv,
               "package.json is stale: run python -m tools.build.gen_mip_package"):
        return 1
    if "--check" not in argv:
        print("package.json: %d firmware files" % len(json.loads(PACKAGE_JSON.read_text())["urls"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
