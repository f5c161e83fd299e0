#!/usr/bin/env bash
# Install Table Companion as a service on Raspberry Pi OS (Bookworm, 64-bit).
#
#   sudo scripts/install-pi.sh            # or: sudo make install
#   sudo scripts/install-pi.sh --dry-run  # print what would be done, change nothing
#   sudo scripts/install-pi.sh --camera=usb:/dev/v4l/by-id/usb-...-video-index0
#                                         # name the camera instead of using the one found now
#
# Running it again upgrades: the service is stopped first, the new version is installed from a
# clean copy of this checkout (nothing is built inside your clone), and the service restarted.
#
# What it does (undo with scripts/uninstall-pi.sh):
#   0. stop the service if it is running
#   1. apt: python3-venv, python3-picamera2, python3-lgpio (the camera and GPIO stacks
#      come from Raspberry Pi OS, not PyPI: see ../shared/PLATFORM.md)
#   2. a venv at /opt/companion/.venv made with --system-site-packages so it sees them,
#      and the package installed into it, from a clean copy of the checkout, with
#      constraints-pi.txt (numpy<2 for picamera2)
#   3. the dice models (detector and face readers) to /opt/companion/models
#   4. a system user `companion` in the gpio and video groups; data in /var/lib/companion
#   5. /etc/companion/companion.toml (only if absent: your settings are kept), naming the
#      camera found now (the Pi camera, or a USB camera by its /dev/v4l/by-id path)
#   6. the systemd unit, its time-sync drop-in and the avahi (mDNS) service file; the unit
#      is enabled and (re)started
set -euo pipefail

# shellcheck source=pi-places.sh
source "$(dirname "${BASH_SOURCE[0]}")/pi-places.sh"
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

DRY_RUN=0
START=1
CAMERA=""
for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY_RUN=1 ;;
    --no-start) START=0 ;;
    --camera=picamera2|--camera=usb:/dev/*) CAMERA=${arg#--camera=} ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "install-pi.sh: unknown option $arg (--dry-run, --no-start, --camera=picamera2, --camera=usb:/dev/v4l/by-id/...)" >&2; exit 2 ;;
  esac
done

need_root
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

echo "== 0. stop the running service (an upgrade must not run old code on replaced files)"
if [ "$DRY_RUN" = 1 ] || systemctl is-active --quiet companion.service 2>/dev/null; then
  run systemctl stop companion.service
fi

echo "== 1. system packages"
run apt-get update
run apt-get install -y --no-install-recommends python3-venv python3-pip python3-picamera2 python3-lgpio

echo "== 2. virtual environment in $VENV (sees apt's picamera2 and lgpio)"
run install -d -m 0755 "$PREFIX"
if [ ! -x "$VENV/bin/python" ]; then
  run python3 -m venv --system-site-packages "$VENV"
fi
run "$VENV/bin/pip" install --no-cache-dir --upgrade pip
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
# Build from a clean copy: never inside the user's clone (root-owned build/ and *.egg-info there,
# and a stale build/lib would bring back modules deleted upstream). pip replaces the installed
# package file by file from its record, so an upgrade leaves no module of the old version behind.
SOURCE=$(mktemp -d /tmp/companion-install.XXXXXX)/src
trap 'rm -rf "$(dirname "$SOURCE")"' EXIT
run "$REPO/scripts/copy-checkout.sh" "$REPO" "$SOURCE"
run "$VENV/bin/pip" install --no-cache-dir --constraint "$CONSTRAINTS" "$SOURCE"
# picamera2 must still import: it fails here, not at the table, if numpy was upgraded past 1.x.
run "$VENV/bin/python" -c "import numpy, cv2; from picamera2 import Picamera2; print('numpy', numpy.__version__, 'opencv', cv2.__version__, 'picamera2 ok')"

echo "== 3. dice model"
run install -d -m 0755 "$PREFIX/models"
if [ -f "$REPO/models/dice.onnx" ]; then
  # the detector, the face readers next to it (dice_faces.onnx, dice_faces_b.onnx) and the colour-die reader
  # (colour_dice.onnx, Hexors): without the face readers the
  # values come from the detector alone, which reads far worse (models/README.md)
  for model in "$REPO"/models/*.onnx; do
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
  # Name the camera that is there now (or the one given with --camera), so the service opens
  # that camera and reports it missing rather than guessing.
  run "$VENV/bin/python" -m companion.capture.detect --name-in "$ETC/companion.toml" ${CAMERA:+--camera "$CAMERA"}
  if [ -f "$REPO/models/dice.onnx" ]; then
    # Name that copy, which every install refreshes (configurations written by earlier installs name it). The
    # package carries the same models, so a configuration without this line reads them too.
    run sh -c "printf '\n[vision]\nmodel = \"%s\"\n' '$PREFIX/models/dice.onnx' >> '$ETC/companion.toml'"
  fi
else
  echo "   keeping the existing $ETC/companion.toml"
fi
# A configuration the service would refuse stops the install here, with the key named.
run "$VENV/bin/python" -c "from companion.config import load_config; load_config('$ETC/companion.toml')"

echo "== 6. systemd unit and mDNS advertisement"
run install -m 0644 "$REPO/systemd/companion.service" "$UNIT"
run install -d -m 0755 "$(dirname "$TIME_DROP_IN")"
run install -m 0644 "$REPO/systemd/time-wait-sync-timeout.conf" "$TIME_DROP_IN"
if [ -d /etc/avahi/services ]; then
  PORT=$("$VENV/bin/python" -c "from companion.config import load_config; print(load_config('$ETC/companion.toml')['service']['port'])" 2>/dev/null || echo 8080)
  run sh -c "sed 's#<port>8080</port>#<port>$PORT</port>#' '$REPO/systemd/companion.avahi.service' > '$AVAHI'"
fi
run systemctl daemon-reload
run systemctl enable companion.service
if [ "$START" = 1 ]; then
  # restart, not start: the new version runs even if something started the old one meanwhile
  run systemctl restart companion.service
fi

echo
echo "Installed. Check the box with:  sudo -u $USER_NAME $VENV/bin/companion --config $ETC/companion.toml doctor"
echo "Logs:                           journalctl -u companion -f"
