#!/usr/bin/env bash
# simulate --checkpoint-every (issue 31, part 5): a run cut by checkpoints writes the same output
# and report lines as one that is not; simulating the checkpoint for the steps left gives the same bytes as the
# run never stopped (one process, and mpirun -n 1..3); a rank killed with SIGKILL ends the job
# (no hang: under a timeout) with a message naming the rank, the previous output untouched, and
# its last checkpoint restarts to the same bytes as a run never stopped.
#   usage: mpi_checkpoint.sh CLI MPIRUN WORKDIR PYTHON3
set -euo pipefail
cli=$1 mpirun=$2 work=$3 python=$4
mkdir -p "$work" && cd "$work" && rm -f ./*.rbmap
export OMP_NUM_THREADS=1
fail() { echo "FAIL: $*" >&2; exit 1; }
run() { # R ARGS...: riverbed-cli ARGS, with R ranks (0: one plain process)
  local ranks=$1; shift
  if [[ $ranks == 0 ]]; then "$cli" "$@"; else "$mpirun" --allow-run-as-root --oversubscribe -n "$ranks" "$cli" "$@"; fi
}
map_steps() { "$cli" info "$1" | "$python" -c 'import json,sys; print(json.load(sys.stdin)["steps"])'; }
"$cli" generate --preset river --size 64x48 --lattice square -o in.rbmap > /dev/null
# Options that change the map are given once: the checkpoint holds them.
options=(--model momentum --dt auto --rain 1e-5)

# Refused before any work: no -o to name the checkpoint after, a count that is not one.
if "$cli" simulate in.rbmap --steps 4 --checkpoint-every 2 > /dev/null 2> err.txt; then fail "--checkpoint-every without -o accepted"; fi
grep -qF -- "--checkpoint-every needs -o OUT" err.txt || fail "no -o: $(cat err.txt)"
if "$cli" simulate in.rbmap --steps 4 --checkpoint-every 0 -o x.rbmap > /dev/null 2> err.txt; then fail "--checkpoint-every 0 accepted"; fi
grep -qF -- "--checkpoint-every must be a whole number of steps" err.txt || fail "0: $(cat err.txt)"

"$cli" simulate in.rbmap --steps 60 "${options[@]}" --report-every 7 -o whole.rbmap | sed 's/"ranks":[0-9]*//' > whole.json
for ranks in 0 1 2 3; do
  rm -f cut.rbmap cut.checkpoint.rbmap resumed.rbmap
  run "$ranks" simulate in.rbmap --steps 60 "${options[@]}" --report-every 7 --checkpoint-every 16 -o cut.rbmap 2> err.txt | sed 's/"ranks":[0-9]*//' > cut.json
  cmp -s whole.rbmap cut.rbmap || fail "R=$ranks: the run with checkpoints wrote other bytes than the run without"
  cmp -s whole.json cut.json || fail "R=$ranks: the run with checkpoints printed other report lines than the run without"
  grep -qF "'simulate cut.checkpoint.rbmap --steps 12 -o cut.rbmap' finishes it" err.txt || { cat err.txt >&2; fail "R=$ranks: no notice of the last checkpoint"; }
  [[ $(map_steps cut.checkpoint.rbmap) == 48 ]] || fail "R=$ranks: the checkpoint does not hold step 48"
  run "$ranks" simulate cut.checkpoint.rbmap --steps 12 -o resumed.rbmap > /dev/null 2> /dev/null
  cmp -s whole.rbmap resumed.rbmap || fail "R=$ranks: the checkpoint simulated for the steps left differs from the run not stopped"
  echo "R=$ranks: checkpoints and the restart give the run's bytes"
done

# A rank killed mid-run.
"$cli" generate --preset river --size 128x96 --lattice square -o big.rbmap > /dev/null
for ranks in 2 3; do
  rm -f big-out.checkpoint.rbmap
  echo "the previous output" > big-out.rbmap
  start=$(date +%s)
  timeout 120 "$mpirun" --allow-run-as-root --oversubscribe -n "$ranks" "$cli" simulate "$work/big.rbmap" --steps 1000000 "${options[@]}" \
    --checkpoint-every 20 -o big-out.rbmap > /dev/null 2> killed.txt &
  job=$!
  for _ in $(seq 600); do [[ -f big-out.checkpoint.rbmap ]] && break; sleep 0.1; done
  [[ -f big-out.checkpoint.rbmap ]] || fail "R=$ranks: no checkpoint within a minute"
  victim=""
  for pid in $(pgrep -f -- "$work/big.rbmap"); do
    if tr '\0' '\n' < "/proc/$pid/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=1"; then victim=$pid; fi
  done
  [[ -n $victim ]] || fail "R=$ranks: rank 1's process not found"
  kill -9 "$victim"
  status=0; wait "$job" || status=$?
  [[ $status != 0 ]] || fail "R=$ranks: the job ended well with a rank killed"
  [[ $status != 124 ]] || fail "R=$ranks: the job hung after a rank was killed (ended by the timeout)"
  grep -qE "rank 1 .*(signal 9|Killed)" killed.txt || { cat killed.txt >&2; fail "R=$ranks: no message naming rank 1"; }
  [[ "$(cat big-out.rbmap)" == "the previous output" ]] || fail "R=$ranks: the killed job wrote over its output"
  done_steps=$(map_steps big-out.checkpoint.rbmap)
  (( done_steps > 0 && done_steps % 20 == 0 )) || fail "R=$ranks: the checkpoint holds step $done_steps"
  run "$ranks" simulate big-out.checkpoint.rbmap --steps 20 -o resumed-big.rbmap > /dev/null 2> /dev/null
  "$cli" simulate big.rbmap --steps $((done_steps + 20)) "${options[@]}" -o whole-big.rbmap > /dev/null
  cmp -s whole-big.rbmap resumed-big.rbmap || fail "R=$ranks: the killed run's checkpoint, resumed, differs from the run not stopped"
  echo "R=$ranks: rank 1 killed after step $done_steps ended the job in $(( $(date +%s) - start )) s, named: $(grep -oE 'process rank 1 .*' killed.txt)"
done
echo "mpi_checkpoint: ok"
