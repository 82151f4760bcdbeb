#!/usr/bin/env bash
# Engine bundles in Blender, with the add-on as installed by the fixture clients.install_addon
# (cmake --install --component blender into a scratch prefix). Makes four bundles (a river
# reaching the sea: river and coast, for Godot, and on the triangular lattice for Unreal; rain on
# hills on the triangular lattice, for Unity: rivers and lakes; the user guide's island), checks
# each bundle's meshes.glb like the --gltf exports (check_gltf.py, against the map's rasters and
# the manifest's report) and imports each with the add-on (check_addon.py); imports the river's
# .rbmap through riverbed-cli. Then damages copies: every damaged file must be named in a warning
# and the rest imported, with no exception.
set -euo pipefail
cli="$1" blender="$2" work="$3" scripts="$4" # scripts: where clients.install_addon put the add-on
here="$(cd "$(dirname "$0")" && pwd)"
command -v "$blender" >/dev/null || { echo "$blender: not found; install Debian's blender (.ci/deps does)" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"
export BLENDER_USER_SCRIPTS="$scripts" # Blender's user add-ons: SCRIPTS/addons
run() { "$blender" -b --factory-startup --python-exit-code 1 --python "$@"; }
bundle() { # NAME PRESET STEPS ENGINE SIZE [GENERATE OPTIONS]
  "$cli" generate --preset "$2" --size "$5" "${@:6}" -o "$work/$1.rbmap" >/dev/null
  "$cli" simulate "$work/$1.rbmap" --steps "$3" --report-every "$3" -o "$work/$1.rbmap" >/dev/null
  "$cli" info "$work/$1.rbmap" >"$work/$1.info"
  "$cli" export "$work/$1.rbmap" --terrain "$work/$1-terrain.npy" --water-depth "$work/$1-depth.npy" >/dev/null
  "$cli" export "$work/$1.rbmap" --bundle "$work/$1" --engine "$4" >/dev/null
  run "$here/check_gltf.py" -- "$work/$1/meshes.glb" "$work/$1/manifest.json" "$work/$1.info" \
    "$work/$1-terrain.npy" "$work/$1-depth.npy"
  run "$here/check_addon.py" -- "$work/$1" | tee "$work/$1.log"
}
bundle river river 100 godot 64
bundle river-unreal river 100 unreal 64 --lattice triangle # the third engine: its meshes are the same kind
bundle lakes lakes 400 unity 64 --lattice triangle
# The user guide's island (256 × 256 cells of 4 m) after 1000 steps: its springs' 3 rivers as curves.
bundle island island 1000 godot 256 --param cell_size=4
grep -Eq "^network: [1-9][0-9]* rivers" "$work/island.log" || { echo "the guide's island brought no river" >&2; exit 1; }
# A .rbmap through riverbed-cli (the add-on writes a Godot bundle, as the river's above).
RIVERBED_CLI="$cli" run "$here/check_addon.py" -- "$work/river" --rbmap "$work/river.rbmap"

cp -r "$work/river" "$work/damaged-a"
head -c 200 "$work/river/rivers.json" >"$work/damaged-a/rivers.json" # cut short
echo "not a png" >"$work/damaged-a/splat.png"
RIVERBED_EXPECT_KINDS='["terrain", "water"]' run "$here/check_addon.py" -- "$work/damaged-a" --damaged rivers.json splat.png

cp -r "$work/river" "$work/damaged-b"
rm "$work/damaged-b/meshes.glb"
echo '{"generator": "riverbed", "files": [' >"$work/damaged-b/manifest.json"
RIVERBED_EXPECT_KINDS='["coast", "river"]' run "$here/check_addon.py" -- "$work/damaged-b" --damaged manifest.json meshes.glb

cp -r "$work/river" "$work/damaged-c"
head -c 3000 "$work/river/meshes.glb" >"$work/damaged-c/meshes.glb"
RIVERBED_EXPECT_KINDS='["coast", "river"]' run "$here/check_addon.py" -- "$work/damaged-c" --damaged meshes.glb
echo "bundle_in_blender: both bundles imported and matched their files; damaged files named, the rest imported"
