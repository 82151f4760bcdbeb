#!/usr/bin/env bash
# Generates a river on each lattice, lets its water run, exports it with riverbed-cli export --gltf
# at two budgets (3000: decimated terrain, water at full resolution; 300: water strided too; and
# 20000: the terrain at full resolution) and runs the Khronos validator on the .glb files: fails on any validator error. Then spoils one
# file's POSITION max (in memory) and requires the validator to object, so this test can fail.
set -euo pipefail
cli="$1" prefix="$2" work="$3"
script_dir="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$work"
files=()
for lattice in square triangle; do
  "$cli" generate --preset river --size 64 --lattice "$lattice" -o "$work/river-$lattice.rbmap" >/dev/null
  "$cli" simulate "$work/river-$lattice.rbmap" --steps 100 --report-every 100 -o "$work/river-$lattice.rbmap" >/dev/null
  for budget in 300 3000 20000; do
    "$cli" export "$work/river-$lattice.rbmap" --gltf "$work/river-$lattice-$budget.glb" --triangles "$budget"
    files+=("$work/river-$lattice-$budget.glb")
  done
done
node "$script_dir/validate_glb.js" "$prefix" "${files[@]}"
node "$script_dir/validate_glb.js" "$prefix" --expect-errors "${files[0]}"
