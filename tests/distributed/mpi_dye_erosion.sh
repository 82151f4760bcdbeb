#!/usr/bin/env bash
# Dye and erosion in the distributed simulate against one process, bit for bit (issue 31): small
# generated maps stepped by a plain riverbed-cli and by mpirun -n R, R = 1..4; the output .rbmap
# must be the same bytes (cmp) and the JSON report lines (dye volumes and books per channel,
# sediment, eroded) the same text but for the "ranks" key. Several dye channels come in through
# an inflow and a spring, one more is released before stepping (--dye-release: every rank reads
# the whole map) and one is in the map already; decay, rain and evaporation act on the dye. The
# erosion runs with its bed updated after every step (interval 1, the load carried like dye) and
# at a longer interval (the load carried over the interval by sweeps whose stop is decided on the
# whole map). Halo exchanges every 1, 2 and 8 steps; the tall map lets each band hold only part of it.
# PART is dye or erosion (two tests, each short).
#   usage: mpi_dye_erosion.sh CLI MPIRUN WORKDIR LATTICE MODEL PART
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$1 mpirun=$2 work=$3 lattice=$4 model=$5 part=$6
mkdir -p "$work" && cd "$work"
export OMP_NUM_THREADS=1 # ranks share the cores; the answers do not depend on threads
fail() { echo "FAIL: $*" >&2; exit 1; }

options=(--model "$model" --boundary east=sea:1.5 --boundary "west=outflow" --spring 30,40,2,2 --drain 60,20,0.5)
# An inflow across the bands bringing dye 1 (the momentum model on the triangle lattice refuses a
# west inflow across ranks, mpi_refusals: that case takes it from the north).
if [[ "$lattice" == square || "$model" == pipes ]]; then options+=(--boundary "west=inflow:6:1"); else options+=(--boundary "north=inflow:6:1"); fi

compare() { # MAP RANKS [EXTRA OPTIONS...]; STEPS=N compare ... for other than 48 steps
  local map=$1 ranks=$2 steps=${STEPS:-48}; shift 2
  local name="${map%.rbmap}-$ranks-$steps$(printf '%s' "$@" | tr -c 'A-Za-z0-9.=-' _)"
  set -- --steps "$steps" --report-every $((steps / 4)) "$@"
  rm -f "plain-$name.rbmap" "mpi-$name.rbmap" # nothing left from an earlier run stands in for an output
  "$cli" simulate "$map" "${options[@]}" "$@" -o "plain-$name.rbmap" > "plain-$name.txt" 2> /dev/null || fail "the plain run of $name failed"
  "$mpirun" --allow-run-as-root --oversubscribe -n "$ranks" "$cli" simulate "$map" "${options[@]}" "$@" -o "mpi-$name.rbmap" > "mpi-$name.txt" 2> "mpi-$name.err" \
    || fail "mpirun -n $ranks failed on $name: $(cat "mpi-$name.err")"
  cmp "plain-$name.rbmap" "mpi-$name.rbmap" || fail "-n $ranks wrote another map than one process ($name)"
  grep -q "\"ranks\":$ranks," "mpi-$name.txt" || fail "-n $ranks: the report lines do not say ranks $ranks"
  diff <(sed 's/"ranks":[0-9]*,//' "plain-$name.txt") <(sed 's/"ranks":[0-9]*,//' "mpi-$name.txt") \
    || fail "-n $ranks reported other numbers than one process ($name)"
  echo "same bits: $name"
}

source "$here/mpi_refused.sh" # compare_refused: every band put back, its dye and erosion too

"$cli" generate --preset river --size 48x40 --lattice "$lattice" -o small.rbmap > /dev/null
"$cli" generate --preset river --size 48x112 --lattice "$lattice" -o tall.rbmap > /dev/null

dye_runs() {
  # A map that holds dye already (channel 0 released, then stepped): the runs continue its books.
  "$cli" simulate small.rbmap --model "$model" --steps 8 --dye-release 40,30,25,0 -o dyed.rbmap > /dev/null 2>&1
  compare dyed.rbmap 1 --dye-half-life 30
  compare dyed.rbmap 2 --exchange-every 1 --rain 2e-4 --evaporation 1e-4
  compare small.rbmap 3 --dye-release 50,60,20,3
  compare tall.rbmap 4 --exchange-every 2 --dye-half-life 30 --evaporation 1e-4
  compare tall.rbmap 3
}

# Erosion beside the dye. The halo widens by what the bed updates between two exchanges read, so
# the taller maps and short exchange intervals keep each band to part of the map.
erosion_runs() {
  "$cli" generate --preset river --size 48x240 --lattice "$lattice" -o taller.rbmap > /dev/null
  compare small.rbmap 2 --erosion --erosion-interval 1 --inflow-sediment 0.05
  # Long enough for a bed left out of the halo exchange to reach the owned rows (seen failing so).
  STEPS=120 compare tall.rbmap 4 --exchange-every 1 --erosion --erosion-interval 1 --talus 10 --evaporation 1e-4
  compare tall.rbmap 3 --exchange-every 2 --erosion --erosion-interval 8 --inflow-sediment 0.05
  compare taller.rbmap 3 --erosion --erosion-interval 16 --talus 20
  # A map that has eroded, continued.
  "$cli" simulate small.rbmap --model "$model" --steps 16 --erosion --erosion-interval 4 -o eroded.rbmap > /dev/null 2>&1
  compare eroded.rbmap 4 --erosion --erosion-interval 4
  if [[ "$model" == momentum && "$lattice" == square ]]; then compare_refused tall.rbmap 3 --spring 30,40,2,2 --exchange-every 2 --boundary west=inflow:4000:1 --erosion --erosion-interval 4; fi
}

case "$part" in
  dye) dye_runs ;;
  erosion) erosion_runs ;;
  *) fail "PART must be dye or erosion, not $part" ;;
esac
