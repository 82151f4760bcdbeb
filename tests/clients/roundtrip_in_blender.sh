#!/usr/bin/env bash
# A terrain edited in Blender comes back: a bundle (full-resolution meshes) imported with the
# add-on, its terrain lifted 5 m, exported with File › Export › Riverbed heightmap (.exr), then
# `riverbed-cli import FILE.exr --cell-size DX`: the new map has the same size and cell size and the
# old heights + 5 m at every cell (float32 tolerance). Then a lift of 5.01 m must fail the comparison.
set -euo pipefail
cli="$1" blender="$2" work="$3" scripts="$4" # scripts: where clients.install_addon put the add-on
here="$(cd "$(dirname "$0")" && pwd)"
command -v "$blender" >/dev/null || { echo "$blender: not found; install Debian's blender (.ci/deps does)" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"
export BLENDER_USER_SCRIPTS="$scripts"
run() { "$blender" -b --factory-startup --python-exit-code 1 --python "$@"; }
"$cli" generate --preset river --size 64 -o "$work/map.rbmap" >/dev/null
"$cli" export "$work/map.rbmap" --terrain "$work/before.npy" >/dev/null
"$cli" export "$work/map.rbmap" --bundle "$work/bundle" --engine godot >/dev/null
run "$here/roundtrip.py" -- "$work/bundle" "$work/edited.exr" 5
"$cli" import "$work/edited.exr" --cell-size 2 -o "$work/edited.rbmap" >/dev/null
"$cli" info "$work/edited.rbmap" >"$work/edited.info"
grep -q '"dx":2,' "$work/edited.info" && grep -q '"width":64}' "$work/edited.info" && grep -q '"height":64,' "$work/edited.info" \
  || { echo "imported map is not 64 × 64 at 2 m: $(cat "$work/edited.info")" >&2; exit 1; }
"$cli" export "$work/edited.rbmap" --terrain "$work/after.npy" >/dev/null
run "$here/compare_npy.py" -- "$work/before.npy" "$work/after.npy" 5 0.001
if run "$here/compare_npy.py" -- "$work/before.npy" "$work/after.npy" 5.01 0.001 >"$work/wrong.log" 2>&1; then
  echo "compare_npy.py accepted a wrong lift" >&2; exit 1
fi
echo "roundtrip_in_blender: 64 × 64 at 2 m, heights + 5 m at every cell"
