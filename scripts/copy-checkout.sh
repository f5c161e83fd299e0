#!/usr/bin/env bash
# Copy a Table Companion checkout to DEST with only its source files, for install-pi.sh to build from.
#
#   scripts/copy-checkout.sh SRC DEST
#
# Why: pip building inside the user's clone leaves root-owned build/ and *.egg-info there, and
# setuptools reuses a stale build/lib, so a module deleted upstream survived a reinstall. In a git
# checkout the files copied are those git tracks plus new ones it does not ignore (what `git status`
# shows); elsewhere everything but build outputs, virtual environments and caches.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: copy-checkout.sh SRC DEST" >&2
  exit 2
fi
SRC=$1
DEST=$2
mkdir -p "$DEST"
if command -v git >/dev/null && git -c safe.directory="$SRC" -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # Files deleted in the work tree are still listed by git: keep those that exist ($f expands in sh).
  # shellcheck disable=SC2016
  git -c safe.directory="$SRC" -C "$SRC" ls-files -z --cached --others --exclude-standard \
    | (cd "$SRC" && xargs -0 -r sh -c 'for f; do if [ -e "$f" ]; then printf "%s\0" "$f"; fi; done' sh) \
    | tar -C "$SRC" --null -T - -cf - \
    | tar -C "$DEST" -xf -
else
  tar -C "$SRC" --exclude=./.git --exclude=./build --exclude='*.egg-info' --exclude='./.venv*' \
      --exclude='__pycache__' --exclude=./artifacts -cf - . | tar -C "$DEST" -xf -
fi
