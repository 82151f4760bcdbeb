#!/usr/bin/env bash
# Memory by bands (issue 31, part 3): with 4 ranks on a 2048² momentum map no rank's peak resident
# memory (getrusage's maximum RSS, as /usr/bin/time -f %M reports it) may exceed 0.35 of one
# process's peak on the same run, and the output must still be the same bytes. 2048² is the
# smallest size where the bound means something: each rank also carries about 55 MB that any
# process of riverbed-cli has (Qt, MPI, GDAL), which at 1024² is most of a band's peak.
#   usage: mpi_memory.sh CLI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpirun=$2 work=$3
mkdir -p "$work" && cd "$work"
export OMP_NUM_THREADS=1
fail() { echo "FAIL: $*" >&2; exit 1; }
peak() { /usr/bin/time -f %M -o "$1" "${@:2}"; } # FILE COMMAND...: the command's peak RSS (KiB) into FILE

[[ -f map.rbmap ]] || "$cli" generate --preset river --size 2048 -o map.rbmap > /dev/null
run=(simulate map.rbmap --model momentum --steps 2 --report-every 2)
rm -f rank-*.kib
peak single.kib "$cli" "${run[@]}" -o single.rbmap > single.txt
"$mpirun" --allow-run-as-root --oversubscribe -n 4 bash -c 'exec /usr/bin/time -f %M -o "rank-$OMPI_COMM_WORLD_RANK.kib" "$@"' memory \
  "$cli" "${run[@]}" -o ranks.rbmap > ranks.txt || fail "mpirun -n 4 failed"
cmp single.rbmap ranks.rbmap || fail "-n 4 wrote another map than one process"
single=$(tail -n 1 single.kib)
echo "one process: $single KiB"
for rank in 0 1 2 3; do
  kib=$(tail -n 1 "rank-$rank.kib")
  ratio=$(awk -v a="$kib" -v b="$single" 'BEGIN { printf "%.3f", a / b }')
  echo "rank $rank: $kib KiB, $ratio of one process"
  awk -v r="$ratio" 'BEGIN { exit !(r <= 0.35) }' || fail "rank $rank peaked at $kib KiB, $ratio of one process's $single KiB (the bound is 0.35)"
done
