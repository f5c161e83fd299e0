#!/usr/bin/env bash
# Install Table Companion as a service on Raspberry Pi OS (Bookworm, 64-bit).
#
#   sudo scripts/install-pi.sh            # or: sudo make install
#   sudo scripts/install-pi.sh --dry-run  # print what would be done, change nothing
#
# What it does (undo with scripts/uninstall-pi.sh):
#   1. apt: python3-venv, python3-picamera2, python3-lgpio (the camera and GPIO stacks
#      come from Raspberry Pi OS, not PyPI: see ../shared/PLATFORM.md)
#   2. a venv at /opt/companion/.venv made with --system-site-packages so it sees them,
#      and the package installed into it with constraints-pi.txt (numpy<2 for picamera2)
#   3. the dice models (detector and face readers) to /opt/companion/models
#   4. a system user `companion` in the gpio and video groups; data in /var/lib/companion
#   5. /etc/companion/companion.toml (only if absent: your settings are kept)
#   6. the systemd unit and the avahi (mDNS) service file; the unit is enabled and started
set -euo pipefail

PREFIX=/opt/companion
VENV=$PREFIX/.venv
ETC=/etc/companion
DATA=/var/lib/companion
UNIT=/etc/systemd/system/companion.service
AVAHI=/etc/avahi/services/companion.service
USER_NAME=companion
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

DRY_RUN=0
START=1
for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY_RUN=1 ;;
    --no-start) START=0 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "install-pi.sh: unknown option $arg (--dry-run, --no-start)" >&2; exit 2 ;;
  esac
done

run() {
  # Every change goes through here, so --dry-run shows exactly what would happen.
  echo "+ $*"
  if [ "$DRY_RUN" = 0 ]; then "$@"; fi
}

if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
  echo "install-pi.sh: run as root: sudo $0" >&2
  exit 1
fi
if [ ! -f "$REPO/pyproject.toml" ]; then
  echo "install-pi.sh: run from a Table Companion checkout ($REPO has no pyproject.toml)" >&2
  exit 1
fi
if [ "$DRY_RUN" = 0 ] && [ "$(uname -m)" != aarch64 ]; then
  echo "install-pi.sh: needs the 64-bit Raspberry Pi OS (onnxruntime has no 32-bit ARM wheels); uname -m says $(uname -m)" >&2
  exit 1
fi
if [ "$DRY_RUN" = 0 ] && ! grep -qi "raspberry pi" /proc/device-tree/model 2>/dev/null; then
  echo "install-pi.sh: warning: this does not look like a Raspberry Pi; continuing (camera and GPIO may be absent)" >&2
fi

echo "== 1. system packages"
run apt-get update
run apt-get install -y --no-install-recommends python3-venv python3-pip python3-picamera2 python3-lgpio

echo "== 2. virtual environment in $VENV (sees apt's picamera2 and lgpio)"
run install -d -m 0755 "$PREFIX"
if [ ! -x "$VENV/bin/python" ]; then
  run python3 -m venv --system-site-packages "$VENV"
fi
run "$VENV/bin/pip" install --upgrade pip
# Keep numpy on the major version apt's picamera2 was built with: 1.x on Bookworm
# (constraints-pi.txt: numpy<2 and the last OpenCV that accepts it), 2.x on later releases.
CONSTRAINTS="$REPO/constraints-pi.txt"
SYSTEM_NUMPY=$(/usr/bin/python3 -c "import numpy; print(numpy.__version__)" 2>/dev/null || echo "1")
if [ "${SYSTEM_NUMPY%%.*}" -ge 2 ] 2>/dev/null; then
  CONSTRAINTS=$(mktemp --suffix=.txt)
  printf 'numpy>=2\nonnxruntime>=1.22\n' > "$CONSTRAINTS"
  echo "   apt's numpy is $SYSTEM_NUMPY: keeping numpy 2.x in the venv"
else
  echo "   apt's numpy is $SYSTEM_NUMPY: keeping numpy 1.x in the venv (constraints-pi.txt)"
fi
run "$VENV/bin/pip" install --constraint "$CONSTRAINTS" "$REPO"
# picamera2 must still import: it fails here, not at the table, if numpy was upgraded past 1.x.
run "$VENV/bin/python" -c "import numpy, cv2; from picamera2 import Picamera2; print('numpy', numpy.__version__, 'opencv', cv2.__version__, 'picamera2 ok')"

echo "== 3. dice model"
run install -d -m 0755 "$PREFIX/models"
if [ -f "$REPO/models/dice.onnx" ]; then
  # the detector and the face readers next to it (dice_faces.onnx, dice_faces_b.onnx): without them the
  # values come from the detector alone, which reads far worse (models/README.md)
  for model in "$REPO"/models/dice*.onnx; do
    run install -m 0644 "$model" "$PREFIX/models/$(basename "$model")"
  done
else
  echo "   (no models/dice.onnx in this checkout: dice will not be read until one is installed)"
fi

echo "== 4. user $USER_NAME and data directory $DATA"
for group in gpio video; do
  if ! getent group "$group" >/dev/null; then run groupadd --system "$group"; fi
done
if ! id -u "$USER_NAME" >/dev/null 2>&1; then
  run useradd --system --user-group --home-dir "$DATA" --no-create-home --shell /usr/sbin/nologin "$USER_NAME"
fi
run usermod -a -G gpio,video "$USER_NAME"
run install -d -m 0750 -o "$USER_NAME" -g "$USER_NAME" "$DATA"

echo "== 5. configuration $ETC/companion.toml"
run install -d -m 0755 "$ETC"
if [ ! -f "$ETC/companion.toml" ]; then
  run install -m 0644 "$REPO/systemd/companion.toml" "$ETC/companion.toml"
  if [ -f "$REPO/models/dice.onnx" ]; then
    # The installed package cannot find models/ next to its sources: name the model's path.
    run sh -c "printf '\n[vision]\nmodel = \"%s\"\n' '$PREFIX/models/dice.onnx' >> '$ETC/companion.toml'"
  fi
else
  echo "   keeping the existing $ETC/companion.toml"
fi
# A configuration the service would refuse stops the install here, with the key named.
run "$VENV/bin/python" -c "from companion.config import load_config; load_config('$ETC/companion.toml')"

echo "== 6. systemd unit and mDNS advertisement"
run install -m 0644 "$REPO/systemd/companion.service" "$UNIT"
if [ -d /etc/avahi/services ]; then
  PORT=$("$VENV/bin/python" -c "from companion.config import load_config; print(load_config('$ETC/companion.toml')['service']['port'])" 2>/dev/null || echo 8080)
  run sh -c "sed 's#<port>8080</port>#<port>$PORT</port>#' '$REPO/systemd/companion.avahi.service' > '$AVAHI'"
fi
run systemctl daemon-reload
if [ "$START" = 1 ]; then
  run systemctl enable --now companion.service
else
  run systemctl enable companion.service
fi

echo
echo "Installed. Check the box with:  sudo -u $USER_NAME $VENV/bin/companion --config $ETC/companion.toml doctor"
echo "Logs:                           journalctl -u companion -f"
