#!/usr/bin/env bash
# The packaging tests' steps (tests/packaging/CMakeLists.txt): package-checks.sh STEP PACKAGE_DIR SCRATCH [ARG]
#   build     BUILD_DIR: the package by CPack into PACKAGE_DIR, unpacked into SCRATCH
#   lintian   lintian on the package: no errors (the remaining warnings: docs/packaging.md)
#   desktop   APP_ID: desktop-file-validate on the installed launcher
#   appstream APP_ID: appstreamcli validate --no-net on the installed metainfo
#   mime      APP_ID: the installed MIME type, compiled as the desktop would, maps *.rbmap
#   man       both manual pages render without groff warnings and name every command
#   cli       VERSION: the installed riverbed-cli: --version, and the demo runs
#   editor    VERSION: the installed editor: --version, --smoke-test on the start-up island and on a
#             map given on the command line (needs an X server)
set -euo pipefail
step="$1" package_dir="$2" scratch="$3" arg="${4:-}"
fail() { echo "FAIL: $*" >&2; exit 1; }
deb() { # the one package CPack wrote
  local found=("$package_dir"/riverbed_*.deb)
  [ -f "${found[0]}" ] || fail "no package in $package_dir (packaging.deb builds it)"
  echo "${found[0]}"
}

case "$step" in
build)
  rm -rf "$package_dir" "$scratch"
  cpack --config "$arg/CPackConfig.cmake" -G DEB -B "$package_dir"
  package="$(deb)"
  dpkg-deb --info "$package"
  echo "size: $(stat -c %s "$package") bytes; installed: $(dpkg-deb -f "$package" Installed-Size) KiB"
  dpkg-deb -x "$package" "$scratch"
  ;;
lintian)
  # --fail-on error: warnings are listed and justified in docs/packaging.md, errors fail the test.
  lintian --fail-on error --display-info --no-tag-display-limit "$(deb)" 2>&1 | tee "$package_dir/lintian.txt"
  [ "${PIPESTATUS[0]}" -eq 0 ] || fail "lintian found errors"
  echo "lintian: no errors ($(grep -c '^[WIPX]:' "$package_dir/lintian.txt" || true) other tags, listed above)"
  ;;
desktop)
  # desktop-file-validate fails only on errors; its warnings fail this test too.
  said="$(desktop-file-validate "$scratch/usr/share/applications/$arg.desktop" 2>&1)" || fail "desktop-file-validate: $said"
  [ -z "$said" ] || fail "desktop-file-validate warns: $said"
  grep -qx 'MimeType=application/x-riverbed-map;' "$scratch/usr/share/applications/$arg.desktop" || fail "the launcher does not take .rbmap files"
  echo "desktop-file-validate: no errors or warnings"
  ;;
appstream)
  appstreamcli validate --no-net --explain "$scratch/usr/share/metainfo/$arg.metainfo.xml"
  ;;
mime)
  # The desktop compiles every package's MIME file into one database; do that for ours alone.
  mime="$(mktemp -d)"
  trap 'rm -rf "$mime"' EXIT
  mkdir -p "$mime/packages"
  cp "$scratch/usr/share/mime/packages/$arg.xml" "$mime/packages/"
  update-mime-database "$mime"
  grep -x '50:application/x-riverbed-map:\*\.rbmap' "$mime/globs2" || fail "no *.rbmap glob in the compiled database"
  grep -q 'application/x-riverbed-map' "$mime/magic" || fail "no signature for .rbmap in the compiled database"
  for size in scalable 16x16 48x48 256x256; do
    ls "$scratch/usr/share/icons/hicolor/$size/mimetypes/application-x-riverbed-map".* || fail "no $size icon for .rbmap files"
    ls "$scratch/usr/share/icons/hicolor/$size/apps/"* || fail "no $size application icon"
  done
  ;;
man)
  for page in riverbed riverbed-cli; do
    file="$scratch/usr/share/man/man1/$page.1.gz"
    warnings="$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$file" 2>&1 >/dev/null)"
    [ -z "$warnings" ] || fail "$page.1: $warnings"
  done
  text="$(MANWIDTH=100 man -l "$scratch/usr/share/man/man1/riverbed-cli.1.gz" 2>/dev/null)"
  for command in demo simulate info import export generate bench devices currents; do
    grep -q "riverbed-cli $command \[options\]" <<<"$text" || fail "riverbed-cli.1 has no usage line for $command"
  done
  echo "man pages: render without warnings; riverbed-cli.1 describes every command"
  ;;
cli)
  cli="$scratch/usr/bin/riverbed-cli"
  version="$("$cli" --version)"
  echo "$version"
  [[ "$version" == "riverbed-cli $arg"* ]] || fail "expected 'riverbed-cli $arg', got '$version'"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && HOME="$work" "$cli" demo --size 64 --steps 200 -o demo.rbmap) | tail -n 3
  [ -s "$work/demo.rbmap" ] || fail "the installed demo wrote no map"
  ;;
editor)
  editor="$scratch/usr/bin/riverbed"
  version="$(QT_QPA_PLATFORM=offscreen "$editor" --version)"
  echo "$version"
  [ "$version" = "Riverbed $arg" ] || fail "expected 'Riverbed $arg', got '$version'"
  [ -n "${DISPLAY:-}" ] || fail "the editor's smoke test needs an X server (CI runs CTest under xvfb-run)"
  home="$(mktemp -d)"
  trap 'rm -rf "$home"' EXIT
  # A fresh user: settings, autosaves and caches in a scratch home, never the machine's.
  as_user() { HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" XDG_CACHE_HOME="$home/.cache" "$@"; }
  as_user "$editor" --smoke-test # the start-up island
  # A map given on the command line, as the launcher passes it (Exec=riverbed %f) for a file
  # opened from a file manager.
  as_user "$scratch/usr/bin/riverbed-cli" generate --preset river --size 48x40 -o "$home/river.rbmap" >/dev/null
  said="$(as_user "$editor" --smoke-test "$home/river.rbmap")"
  echo "$said"
  [[ "$said" == *"map of 48×40 cells on screen"* ]] || fail "the editor did not show the map given on its command line"
  ;;
*)
  fail "unknown step '$step'"
  ;;
esac
