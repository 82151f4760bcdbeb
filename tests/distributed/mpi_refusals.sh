#!/usr/bin/env bash
# What a distributed simulate refuses (issue 31, "Bad input"): each refusal a clear message on
# stderr, a non-zero exit status, and the output file left as it was; and a rank that fails on
# its own (here: its map path does not exist) named in the message.
#   usage: mpi_refusals.sh CLI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpirun=$2 work=$3
mkdir -p "$work" && cd "$work"
export OMP_NUM_THREADS=1
fail() { echo "FAIL: $*" >&2; exit 1; }
"$cli" generate --preset river --size 48x40 --lattice square -o square.rbmap > /dev/null
"$cli" generate --preset river --size 48x40 --lattice triangle -o triangle.rbmap > /dev/null
"$cli" generate --preset river --size 520x32 --lattice square -o wide.rbmap > /dev/null

refused() { # EXPECTED-TEXT ARGS...: mpirun -n 2 riverbed-cli ARGS must fail saying EXPECTED-TEXT
  local expected=$1; shift
  echo "the previous output" > out.rbmap
  if "$mpirun" --allow-run-as-root --oversubscribe -n 2 "$@" > stdout.txt 2> stderr.txt; then fail "accepted: $*"; fi
  grep -qF -- "$expected" stderr.txt || { cat stderr.txt >&2; fail "'$*' did not say '$expected'"; }
  [[ "$(cat out.rbmap)" == "the previous output" ]] || fail "'$*' wrote over its output"
  echo "refused: $expected"
}
refused "rain and evaporation in the pipes model on a map wider than 512 cells is not distributed yet" \
  "$cli" simulate wide.rbmap --steps 4 --model pipes --rain 1e-5 -o out.rbmap
# Dye and erosion run across ranks (mpi_dye_erosion.sh), but for the dye's diffusion: one solve over the whole map.
refused "the dye's diffusion (--dye-diffusion) is not distributed yet" "$cli" simulate square.rbmap --steps 4 --spring 30,40,2,0 --dye-diffusion 0.1 -o out.rbmap
refused "only the CPU solver runs across ranks" "$cli" simulate square.rbmap --steps 4 --backend opencl -o out.rbmap
refused "an inflow on the east or west side of a triangle-lattice map in the momentum model" \
  "$cli" simulate triangle.rbmap --steps 4 --model momentum --boundary west=inflow:3 -o out.rbmap
refused "only simulate runs across MPI ranks" "$cli" info square.rbmap
refused "riverbed-cli rank 1: riverbed-cli: $work/missing/square.rbmap: cannot open" \
  bash -c 'map='"$work"'/square.rbmap; [[ $OMPI_COMM_WORLD_RANK == 1 ]] && map='"$work"'/missing/square.rbmap; exec "$0" simulate "$map" --steps 4 -o out.rbmap' "$cli"
