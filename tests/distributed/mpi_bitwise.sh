#!/usr/bin/env bash
# The distributed simulate against one process, bit for bit (issue 31): a small generated map,
# stepped once by a plain riverbed-cli and then by mpirun -n R for R = 1..4; the output .rbmap
# must be the same bytes (cmp) and the JSON report lines the same text but for the "ranks" key.
# The runs exchange their halos every 1, 8 (the default) or 2 steps, and one more run on a taller
# map lets each band hold only part of the map with the default halo, so a halo exchange that
# leaves out a row or a field shows. Options are the same for every run, so each rank's band
# meets a boundary of every type (wall, sea, outflow, inflow), a spring and a drain, at the
# automatic dt the map asks for; two of the runs add rain and evaporation, two record the
# time-mean flow (one afresh, one continuing the map's own). One run is refused part-way.
#   usage: mpi_bitwise.sh CLI MPIRUN WORKDIR LATTICE MODEL
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$1 mpirun=$2 work=$3 lattice=$4 model=$5
mkdir -p "$work" && cd "$work"
export OMP_NUM_THREADS=1 # ranks share the cores; the answers do not depend on threads
fail() { echo "FAIL: $*" >&2; exit 1; }

options=(--model "$model" --steps 80 --report-every 16 --boundary east=sea:1.5 --boundary "west=outflow"
         --spring 30,40,2 --drain 60,20,0.5)
# An inflow cut across the bands (its edges' shares must stay the same); the momentum model on the
# triangle lattice refuses it across ranks (mpi_refusals), so that case takes a sea instead.
if [[ "$lattice" == square || "$model" == pipes ]]; then options+=(--boundary "west=inflow:6"); fi

compare() { # MAP RANKS [EXTRA OPTIONS...]
  local map=$1 ranks=$2; shift 2
  local name="${map%.rbmap}-$ranks$(printf '%s' "$@")"
  rm -f "plain-$name.rbmap" "mpi-$name.rbmap" # nothing left from an earlier run stands in for an output
  "$cli" simulate "$map" "${options[@]}" "$@" -o "plain-$name.rbmap" > "plain-$name.txt" || fail "the plain run of $name failed"
  "$mpirun" --allow-run-as-root --oversubscribe -n "$ranks" "$cli" simulate "$map" "${options[@]}" "$@" -o "mpi-$name.rbmap" > "mpi-$name.txt" \
    || fail "mpirun -n $ranks failed on $name"
  cmp "plain-$name.rbmap" "mpi-$name.rbmap" || fail "-n $ranks wrote another map than one process ($name)"
  grep -q "\"ranks\":$ranks," "mpi-$name.txt" || fail "-n $ranks: the report lines do not say ranks $ranks"
  grep -q '"ranks":1,' "plain-$name.txt" || fail "the plain run's report lines do not say ranks 1"
  [[ $(wc -l < "mpi-$name.txt") -eq 6 ]] || fail "-n $ranks printed $(wc -l < "mpi-$name.txt") report lines, not 6 (rank 0 alone prints)"
  diff <(sed 's/"ranks":[0-9]*,//' "plain-$name.txt") <(sed 's/"ranks":[0-9]*,//' "mpi-$name.txt") \
    || fail "-n $ranks reported other numbers than one process ($name)"
  echo "same bits: $name"
}

source "$here/mpi_refused.sh" # compare_refused

"$cli" generate --preset river --size 48x40 --lattice "$lattice" -o small.rbmap > /dev/null
"$cli" generate --preset river --size 48x128 --lattice "$lattice" -o tall.rbmap > /dev/null
compare small.rbmap 1
compare small.rbmap 2 --exchange-every 1 --rain 2e-4 --evaporation 1e-4
compare small.rbmap 3
compare small.rbmap 4 --exchange-every 2 --rain 2e-4 --evaporation 1e-4
compare tall.rbmap 3 --mean-from 0.5
if [[ "$model" == momentum && "$lattice" == square ]]; then compare_refused tall.rbmap 3 --boundary west=inflow:4500; fi
if [[ "$model" == momentum && "$lattice" == triangle ]]; then compare_refused tall.rbmap 4 --boundary north=inflow:7000; fi
# --fill-to needs the whole map's water: every rank reads it whole and rank 0 gathers the bands.
compare tall.rbmap 2 --fill-to 1.0
"$cli" simulate small.rbmap --steps 16 --mean-from 0 -o meaned.rbmap 2> /dev/null > /dev/null
compare meaned.rbmap 4 --mean-from 0
# Wider than one 512-column tile: one process books the pipes' ledger tile by tile.
if [[ "$model" == pipes ]]; then
  "$cli" generate --preset river --size 600x40 --lattice "$lattice" -o wide.rbmap > /dev/null
  compare wide.rbmap 2 --exchange-every 2 --spring 1100,30,3
fi
