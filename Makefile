# shutbox developer commands. On a fresh machine these two do all the set-up:
#   make sim    start the simulated box in this terminal
#   make test   install what the tests need, then run every test
# make sim and make flash create .venv with the project and its own dependencies only (any OS,
# CPython 3.10+); make test adds the dev group (pyproject.toml) and node_modules (the wasm
# MicroPython from package-lock.json).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
STUBS_STAMP := typings/.installed
# The browser test drives Debian's chromium (Playwright, from pyproject, never downloads one).
CHROMIUM := /usr/bin/chromium
WEB_DIR := build/web
# make web's HTTP port; the board's serial port is make flash's DEVICE.
PORT ?= 8000
DEVICE ?=

.PHONY: sim test test-collect check lint typecheck mpy-cross-check bench flash virtual-board mip mip-package web web-build clean

# `make test` installs the commands on a CPython other than 3.11 and runs them there
# (host_tests/test_installed_commands.py): pyenv's 3.10 or python3.10, or OTHER_PYTHON=PATH.
OTHER_PYTHON ?=

$(RUN_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check pip==26.3
	$(PY) -m pip install --quiet --disable-pip-version-check --editable .
	touch $@

$(VENV_STAMP): $(RUN_STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check --group dev
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(STUBS_STAMP): pyproject.toml $(VENV_STAMP)
	rm -rf typings
	$(PY) -m pip install --quiet --disable-pip-version-check --target typings --group board-stubs
	touch $@

$(CHROMIUM):
	$$( [ "$$(id -u)" = 0 ] || echo sudo ) sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'

sim: $(RUN_STAMP)
	$(PY) -m board_sim $(ARGS)

# Flash a box plugged in over USB: DEVICE=/dev/ttyACM0 (COM3, socket://127.0.0.1:2217) names
# its port when several are attached (or none is found); ARGS="--board pico_w" passes the
# flasher's options. PORT is make web's: a PORT that is not a number stops here, naming DEVICE.
flash: $(RUN_STAMP)
	@case "$(PORT)" in *[!0-9]*) echo "make flash: PORT=$(PORT) is make web's HTTP port, not the board's: name the board with make flash DEVICE=$(PORT)" >&2; exit 2;; esac
	$(PY) tools/flash.py $(if $(DEVICE),--device $(DEVICE)) $(ARGS)

# A board mpremote and tools/flash.py can connect to: socket://127.0.0.1:2217, files in build/virtual-board.
virtual-board: $(VENV_STAMP)
	$(PY) -m board_sim.virtual_board --port 2217 --fs build/virtual-board $(ARGS)

# build/mip/: the firmware as .mpy with a package.json, for `mpremote mip install --target /`
# (ARGS="--board pico_w", ARGS="--bytecode 6.2" for MicroPython 1.22).
mip: $(RUN_STAMP)
	$(PY) -m tools.build.mip $(ARGS)

# package.json's mip fields ("urls", "version"): run after adding or removing a firmware file.
mip-package: $(RUN_STAMP)
	$(PY) -m tools.build.gen_mip_package

# The box in a browser: build the page's folder (publishable as it is), serve it on 127.0.0.1.
web: web-build
	$(PY) -m tools.build.serve_web --dir $(WEB_DIR) --port $(PORT)

web-build: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) -m tools.build.web --out $(WEB_DIR)

lint: $(VENV_STAMP)
	$(VENV)/bin/ruff check .

mpy-cross-check: $(VENV_STAMP)
	$(PY) -m tools.build.check_mpy_cross

typecheck: $(STUBS_STAMP) $(NODE_STAMP)
	$(VENV)/bin/pyright -p pyrightconfig.json

# Four pytest workers on a 2-core machine: much of the suite waits (on a board's answer, the
# browser, a subprocess), so the others run while some wait. The flash tests alone (63 of them,
# 2026-12-06, busy machine): -n 2 176 s, -n 3 128 s, the same CPU (119 / 117 s); the whole suite
# on a fresh clone (2026-12-07): -n 3 463 s quiet, -n 4 450 s beside another engineer's work.
# PYTHONDONTWRITEBYTECODE is emptied (some machines set it): without .pyc files each of the
# hundreds of Pythons the tests start compiles the project's modules again. test-collect, beside
# the type check, puts pytest's rewritten test modules on disk before the workers start: each
# worker collects the whole suite, 11 CPU seconds from the sources, 2.5 from those files.
test: $(VENV_STAMP) $(NODE_STAMP) $(STUBS_STAMP) $(CHROMIUM)
	$(MAKE) --no-print-directory -j 2 lint mpy-cross-check typecheck test-collect
	PYTHONDONTWRITEBYTECODE= SHUTBOX_REQUIRE_MICROPYTHON=1 SHUTBOX_OTHER_PYTHON="$(OTHER_PYTHON)" \
		$(PY) -m pytest -n 4 --dist worksteal

test-collect: $(VENV_STAMP)
	@mkdir -p build
	@PYTHONDONTWRITEBYTECODE= $(PY) -m pytest --collect-only -q -p no:xdist > build/collect.log \
		|| { cat build/collect.log; exit 1; }

bench: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) node_modules typings build .pytest_cache .hypothesis
