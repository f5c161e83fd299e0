# Where the Pi install puts Table Companion, and the helpers its two scripts share: sourced by
# scripts/install-pi.sh and scripts/uninstall-pi.sh, so the uninstall removes what the install wrote.
# shellcheck shell=bash disable=SC2034  # the variables are read by the scripts that source this file

PREFIX=/opt/companion
VENV=$PREFIX/.venv
ETC=/etc/companion
DATA=/var/lib/companion
UNIT=/etc/systemd/system/companion.service
TIME_DROP_IN=/etc/systemd/system/systemd-time-wait-sync.service.d/companion.conf
AVAHI=/etc/avahi/services/companion.service
USER_NAME=companion

run() {
  # Every change goes through here, so --dry-run shows exactly what would happen.
  echo "+ $*"
  if [ "$DRY_RUN" = 0 ]; then "$@"; fi
}

need_root() {
  if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
    echo "$(basename "$0"): run as root: sudo $0" >&2
    exit 1
  fi
}
