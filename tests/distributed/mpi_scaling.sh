#!/usr/bin/env bash
# simulate --scaling-report (issue 31, part 6): the line appears once, last, from rank 0, with one
# entry per rank; each rank's halo bytes are what the band plan makes it send, derived here from
# the map's size and the options alone; and the option changes neither the report lines nor the
# output's bytes.
# Halo bytes: with K steps between exchanges a band holds h = 4K + 2 rows (rounded up to even) on
# either side, and every exchange sends each neighbour the h rows of its own band that the
# neighbour holds (the bands here are taller than h, so only neighbours share rows and none is a
# ghost row). A row is W depths, then F families (square 2, triangle 3) of W + 2 flows (the
# padded arrays' ghost columns), and as many velocities in the momentum model: 4 bytes each.
# A call of N steps exchanges ceil(N / K) times; the runs here make steps / every calls of every
# steps (fixed dt, so no call is cut).
#   usage: mpi_scaling.sh CLI MPIRUN WORKDIR PYTHON3
set -euo pipefail
cli=$1 mpirun=$2 work=$3 python=$4
mkdir -p "$work" && cd "$work"
export OMP_NUM_THREADS=1
fail() { echo "FAIL: $*" >&2; exit 1; }

check() { # LATTICE MODEL WIDTH HEIGHT RANKS K
  local lattice=$1 model=$2 width=$3 height=$4 ranks=$5 k=$6 steps=32 every=16
  local name="$lattice-$model-${width}x$height-$ranks-$k"
  "$cli" generate --preset river --size "${width}x$height" --lattice "$lattice" -o "$name.rbmap" > /dev/null
  local run=(simulate "$name.rbmap" --model "$model" --dt 0.02 --steps "$steps" --report-every "$every" --exchange-every "$k")
  "$mpirun" --allow-run-as-root --oversubscribe -n "$ranks" "$cli" "${run[@]}" -o "plain-$name.rbmap" > "plain-$name.txt" || fail "$name: the run failed"
  "$mpirun" --allow-run-as-root --oversubscribe -n "$ranks" "$cli" "${run[@]}" --scaling-report -o "scaled-$name.rbmap" > "scaled-$name.txt" \
    || fail "$name: the run with --scaling-report failed"
  cmp "plain-$name.rbmap" "scaled-$name.rbmap" || fail "$name: --scaling-report changed the output"
  [[ $(grep -c '"report":"scaling"' "scaled-$name.txt") -eq 1 ]] || fail "$name: not one scaling line"
  tail -n 1 "scaled-$name.txt" | grep -q '"report":"scaling"' || fail "$name: the scaling line is not the last"
  diff "plain-$name.txt" <(grep -v '"report":"scaling"' "scaled-$name.txt") || fail "$name: --scaling-report changed the report lines"
  tail -n 1 "scaled-$name.txt" | "$python" -c '
import json, math, sys
lattice, model, W, H, R, K, steps, every = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
line = json.loads(sys.stdin.read())
def fail(why): sys.exit(f"FAIL: {why}: {line}")
for key in ("cells", "owned_cells", "compute_seconds", "compute_cpu_seconds", "exchange_seconds", "reduce_seconds", "halo_bytes"):
    if len(line[key]) != R: fail(f"{key} has {len(line[key])} entries, not {R}")
    if len(line["per_step"].get(key, [0] * R)) != R: fail(f"per_step.{key} has not {R} entries")
if line["ranks"] != R or line["steps"] != steps: fail("ranks or steps")
exchanges = steps // every * math.ceil(every / K)
got = line["exchanges"]
if got != exchanges: fail(f"{got} exchanges, expected {exchanges}")
h = 2 * math.ceil((4 * K + 2) / 2)
families = 2 if lattice == "square" else 3
row = 4 * (W + families * (W + 2) * (2 if model == "momentum" else 1))
for r in range(R):
    neighbours = (r > 0) + (r < R - 1)
    expected = exchanges * neighbours * h * row
    sent = line["halo_bytes"][r]
    if sent != expected: fail(f"rank {r} sent {sent} halo bytes, expected {expected}")
    if line["per_step"]["halo_bytes"][r] != expected / steps: fail(f"rank {r}: halo bytes per step")
    if not line["compute_cpu_seconds"][r] > 0 or not line["per_step"]["cpu_ns_per_cell"][r] > 0: fail(f"rank {r}: no compute time")
if sum(line["owned_cells"]) != W * H: fail("the owned cells do not add up to the map")
' "$lattice" "$model" "$width" "$height" "$ranks" "$k" 32 16 || fail "$name: the scaling line is wrong"
  echo "scaling line right: $name"
}

check square momentum 48 160 4 8
check square momentum 96 160 4 8   # twice the width: twice the bytes, by the same formula
check square pipes 48 96 3 3
check triangle momentum 48 96 2 2
check triangle pipes 64 64 1 8     # one rank: one entry, no halo
# Without mpirun there are no ranks to measure: refused, with the reason.
if "$cli" simulate "square-pipes-48x96-3-3.rbmap" --steps 2 --scaling-report > /dev/null 2> plain.err; then fail "--scaling-report ran without mpirun"; fi
grep -q "start it with mpirun" plain.err || fail "no reason given without mpirun: $(cat plain.err)"
# With one rank the option still runs the distributed solver, so what it refuses is refused, saying why.
if "$mpirun" --allow-run-as-root -n 1 "$cli" simulate "square-pipes-48x96-3-3.rbmap" --steps 2 --spring 30,40,2,0 --dye-diffusion 0.1 --scaling-report \
    > /dev/null 2> one.err; then
  fail "-n 1 --scaling-report ran the dye's diffusion, which the distributed solver refuses"
fi
grep -q "measures the solver across ranks, which refuses it even with one rank" one.err || fail "-n 1 --scaling-report --dye-diffusion: no reason: $(cat one.err)"
echo "refusals right"
