#!/usr/bin/env bash
# Blender reads every `riverbed-cli export --gltf` variant: a dry map (terrain only), a river with
# water on each lattice, at 300 (terrain decimated, water strided), 3000 (terrain decimated, water
# full) and 20000 triangles (both full). check_gltf.py compares each import with the map's own
# rasters. Then a north-south mirrored raster must fail the check, so the check can fail.
set -euo pipefail
cli="$1" blender="$2" work="$3"
here="$(cd "$(dirname "$0")" && pwd)"
command -v "$blender" >/dev/null || { echo "$blender: not found; install Debian's blender (.ci/deps does)" >&2; exit 1; }
mkdir -p "$work"
check() { # GLB REPORT MAP_BASENAME [--mirror-rasters]
  "$blender" -b --factory-startup --python-exit-code 1 --python "$here/check_gltf.py" -- \
    "$1" "$2" "$work/$3.info" "$work/$3-terrain.npy" "$work/$3-depth.npy" "${@:4}"
}
prepare() { # NAME PRESET LATTICE STEPS
  "$cli" generate --preset "$2" --size 64 --lattice "$3" -o "$work/$1.rbmap" >/dev/null
  [ "$4" -eq 0 ] || "$cli" simulate "$work/$1.rbmap" --steps "$4" --report-every "$4" -o "$work/$1.rbmap" >/dev/null
  "$cli" info "$work/$1.rbmap" >"$work/$1.info"
  "$cli" export "$work/$1.rbmap" --terrain "$work/$1-terrain.npy" --water-depth "$work/$1-depth.npy" >/dev/null
}
prepare dry lakes square 0
"$cli" export "$work/dry.rbmap" --gltf "$work/dry.glb" >"$work/dry.json"
check "$work/dry.glb" "$work/dry.json" dry
for lattice in square triangle; do
  prepare "river-$lattice" river "$lattice" 100
  for budget in 300 3000 20000; do
    glb="$work/river-$lattice-$budget.glb"
    "$cli" export "$work/river-$lattice.rbmap" --gltf "$glb" --triangles "$budget" >"$glb.json"
    check "$glb" "$glb.json" "river-$lattice"
  done
done
if check "$work/river-square-3000.glb" "$work/river-square-3000.glb.json" river-square --mirror-rasters >"$work/mirror.log" 2>&1; then
  echo "check_gltf.py accepted the river mirrored north-south: it cannot tell a wrong import" >&2
  exit 1
fi
grep -q "FAIL terrain: height off" "$work/mirror.log" || { cat "$work/mirror.log" >&2; exit 1; }
echo "gltf_in_blender: every variant imported and matched its map; a mirrored map is refused"
