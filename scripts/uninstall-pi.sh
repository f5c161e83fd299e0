#!/usr/bin/env bash
# Remove what scripts/install-pi.sh installed.
#
#   sudo scripts/uninstall-pi.sh            # or: sudo make uninstall
#   sudo scripts/uninstall-pi.sh --purge    # also the configuration, the game journal and the user
#   sudo scripts/uninstall-pi.sh --dry-run  # print what would be done, change nothing
#
# Without --purge, /etc/companion (your settings) and /var/lib/companion (the game journal,
# table PIN and the panel's sound setting) and the user `companion` are kept so a reinstall
# carries on where it stopped. apt packages and the gpio/video groups stay (the system uses them).
set -euo pipefail

# shellcheck source=pi-places.sh
source "$(dirname "${BASH_SOURCE[0]}")/pi-places.sh"

DRY_RUN=0
PURGE=0
for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY_RUN=1 ;;
    --purge) PURGE=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "uninstall-pi.sh: unknown option $arg (--purge, --dry-run)" >&2; exit 2 ;;
  esac
done

need_root

if [ -f "$UNIT" ] || [ "$DRY_RUN" = 1 ]; then
  run systemctl disable --now companion.service || true
  run rm -f "$UNIT" "$TIME_DROP_IN"
  run rmdir --ignore-fail-on-non-empty "$(dirname "$TIME_DROP_IN")"
  run systemctl daemon-reload
  run systemctl reset-failed companion.service || true
fi
run rm -f "$AVAHI"
run rm -rf "$PREFIX"
if [ "$PURGE" = 1 ]; then
  run rm -rf "$ETC" "$DATA"
  if id -u "$USER_NAME" >/dev/null 2>&1 || [ "$DRY_RUN" = 1 ]; then
    run userdel "$USER_NAME" || true
  fi
else
  echo "kept $ETC and $DATA (remove them with --purge)"
fi
echo "Uninstalled."
