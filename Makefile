# Two commands: `make run` and `make test`. Everything else is set up on the way.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SUM    := $(shell cat pyproject.toml | cksum | cut -d' ' -f1)
STAMP_RUN  := $(VENV)/.installed-run-$(SUM)
STAMP_TEST := $(VENV)/.installed-test-$(SUM)
# A second environment with the oldest supported stack (Raspberry Pi OS Bookworm: numpy 1.x, OpenCV 4.11).
VENV_NP1  := .venv-numpy1
STAMP_NP1 := $(VENV_NP1)/.installed-$(shell cat pyproject.toml constraints-numpy1.txt 2>/dev/null | cksum | cut -d' ' -f1)

.PHONY: run test test-main test-numpy1 browser broker systemd-tools install uninstall clean

# No camera on this computer: the simulated table, flagged SIMULATED on every phone.
# Options for `companion serve` go in ARGS: make run ARGS="--port 9000 --no-camera"
run: $(STAMP_RUN)
	$(BIN)/companion serve --simulated-if-no-camera $(ARGS)

test: test-main test-numpy1

# Two workers, each test file whole in one (its module fixtures: one server, one browser); servers bind port 0.
test-main: $(STAMP_TEST) browser broker systemd-tools
	$(BIN)/python -m pytest -p no:cacheprovider -n 2 --dist loadfile

# The runtime (not the browser tests, not training) on numpy 1.26 + opencv-python-headless 4.11, on two workers as
# above; not the hall, the panel and the wheel, whose code never imports numpy or OpenCV (the main run tests them).
test-numpy1: $(STAMP_NP1) broker systemd-tools
	$(VENV_NP1)/bin/python -c "import numpy, cv2; print('numpy', numpy.__version__, 'opencv', cv2.__version__)"
	$(VENV_NP1)/bin/python -m pytest -p no:cacheprovider -n 2 --dist loadfile -m "not browser and not training" -q \
		--ignore=tests/vision/test_training_smoke.py --ignore=tests/hall --ignore=tests/panel \
		--ignore=tests/distribution

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# `make run` installs the runtime only; `make test` adds the test tools and the training extra.
$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	rm -f $(VENV)/.installed-run-* && touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,train]'
	rm -f $(VENV)/.installed-* && touch $@ $(STAMP_RUN)

$(STAMP_NP1): pyproject.toml constraints-numpy1.txt
	test -x $(VENV_NP1)/bin/python || $(PYTHON) -m venv $(VENV_NP1)
	$(VENV_NP1)/bin/python -m pip install -q --upgrade pip
	$(VENV_NP1)/bin/python -m pip install -q -c constraints-numpy1.txt -e '.[dev]'
	rm -f $(VENV_NP1)/.installed-* && touch $@

# Headless Chromium for the browser tests comes from Debian, never from a browser download.
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		echo "installing Debian's chromium and chromium-driver for the browser tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium chromium-driver >/dev/null; \
	fi

# The hall's tests start their own Mosquitto on a free port (tests/hall); Debian's package has it and mosquitto_passwd.
broker:
	@if [ ! -x /usr/sbin/mosquitto ] || ! command -v mosquitto_passwd >/dev/null; then \
		echo "installing Debian's mosquitto for the hall tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends mosquitto >/dev/null; \
	fi

# `systemd-analyze verify` checks the unit files in the tests; Debian's systemd package has it.
systemd-tools:
	@if ! command -v systemd-analyze >/dev/null; then \
		echo "installing Debian's systemd tools (systemd-analyze) for the unit-file tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends systemd >/dev/null; \
	fi

# On Raspberry Pi OS (64-bit): install or remove the systemd service (hardware/README.md).
# `make uninstall` keeps /etc/companion and the journal; `sudo scripts/uninstall-pi.sh --purge` removes them.
install:
	$$( [ "$$(id -u)" = 0 ] || echo sudo ) scripts/install-pi.sh

uninstall:
	$$( [ "$$(id -u)" = 0 ] || echo sudo ) scripts/uninstall-pi.sh

clean:
	rm -rf $(VENV) $(VENV_NP1) build *.egg-info artifacts
