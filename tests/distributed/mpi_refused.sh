# compare_refused, shared by the mpirun tests (sourced): a call refused part-way (a fixed dt too
# short for an inflow's flood, momentum model: the pipes take these floods without a refusal):
# every band is put back from the copy kept at the call's start (the water in a temporary file;
# with dye or erosion the band in memory), so the output holds the same state as one process's,
# which says so alike; both runs exit non-zero. Needs cli, mpirun and fail() from the caller.
compare_refused() { # MAP RANKS FLOOD-OPTIONS...
  local map=$1 ranks=$2 name="refused-${1%.rbmap}-$2"; shift 2
  local run=(simulate "$map" --model momentum --steps 64 --report-every 16 --dt 0.05 "$@")
  rm -f "plain-$name.rbmap" "mpi-$name.rbmap"
  if "$cli" "${run[@]}" -o "plain-$name.rbmap" > "plain-$name.txt" 2> "plain-$name.err"; then fail "$name: not refused"; fi
  grep -q "holds the state before the refused call, [1-9]" "plain-$name.err" || fail "$name: not refused part-way: $(cat "plain-$name.err")"
  if "$mpirun" --allow-run-as-root --oversubscribe -n "$ranks" "$cli" "${run[@]}" -o "mpi-$name.rbmap" > "mpi-$name.txt" 2> "mpi-$name.err"; then
    fail "$name: -n $ranks was not refused"
  fi
  cmp "plain-$name.rbmap" "mpi-$name.rbmap" || fail "-n $ranks kept another state than one process after a refused call ($name)"
  diff <(sed 's/"ranks":[0-9]*,//' "plain-$name.txt") <(sed 's/"ranks":[0-9]*,//' "mpi-$name.txt") || fail "-n $ranks reported other numbers ($name)"
  diff <(head -n 2 "plain-$name.err" | sed 's/plain-/X-/') <(head -n 2 "mpi-$name.err" | sed 's/mpi-/X-/') || fail "-n $ranks refused otherwise ($name)"
  echo "same bits after a refused call: $name"
}

