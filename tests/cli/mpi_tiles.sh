#!/usr/bin/env bash
# Engine tiles across MPI ranks (issue 31 part 4): mpirun -n 1..4 riverbed-cli export --tiles N
# writes the same bytes as one process (the ranks split the tiles, rank 0 writes the manifest and
# the one JSON line), and a failure on any rank leaves the earlier set as it was.
#   usage: mpi_tiles.sh CLI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpirun=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export OMP_NUM_THREADS=1
fail() { echo "FAIL: $*" >&2; exit 1; }
run() { "$mpirun" --allow-run-as-root --oversubscribe -n "$@"; }
sums() { (cd "$1" && find . -type f | sort | xargs md5sum); }
"$cli" demo --size 129 --steps 10 -o old.rbmap > /dev/null
"$cli" demo --size 129 --steps 60 -o new.rbmap > /dev/null
"$cli" demo --lattice triangle --size 128 --steps 10 -o tri.rbmap > /dev/null

for map in old tri; do
  tiles=$([[ $map == old ]] && echo 4 || echo 2)
  layers() { echo --engine unity --tiles "$tiles" --terrain "$1/t.r16" --water-depth "$1/d.r16" --mask "$1/m.png"; }
  mkdir -p "one-$map" && "$cli" export $map.rbmap $(layers "one-$map") > /dev/null
  for ranks in 1 2 3 4; do
    out="r$ranks-$map" && mkdir -p "$out"
    run "$ranks" "$cli" export $map.rbmap $(layers "$out") > line.txt
    [[ $(wc -l < line.txt) == 1 ]] || fail "$ranks ranks printed $(wc -l < line.txt) lines"
    grep -qF "\"ranks\":$ranks" line.txt || fail "$ranks ranks: the line does not say so: $(cat line.txt)"
    diff <(sums "one-$map") <(sums "$out") > /dev/null || fail "$ranks ranks ($map): the set differs from one process's"
    echo "$map, $ranks ranks: $(ls "$out" | wc -l) files, byte for byte one process's"
  done
done

# A tile of rank 1 (tile 1: d_x1_y0.r16) that cannot be written: its sidecar's place is taken by a folder.
layers="--engine unity --tiles 4 --terrain set/t.r16 --water-depth set/d.r16"
mkdir -p set && "$cli" export old.rbmap $layers > /dev/null
rm set/d_x1_y0.r16.json && mkdir set/d_x1_y0.r16.json
before=$(sums set)
if run 2 "$cli" export new.rbmap $layers > /dev/null 2> err.txt; then fail "a failing rank was not a failure"; fi
grep -qF "d_x1_y0.r16.json" err.txt && grep -qF "(rank 1)" err.txt || { cat err.txt >&2; fail "the message does not name the file and rank 1"; }
grep -qF "the earlier tiles and manifest are unchanged" err.txt || { cat err.txt >&2; fail "no word on the earlier set"; }
[[ "$(sums set)" == "$before" ]] || fail "rank 1's failure changed the earlier set"
[[ -z "$(ls -A set | grep riverbed)" ]] || fail "staging files left: $(ls -A set | grep riverbed)"
echo "a failure on rank 1: exit non-zero, named, the earlier set unchanged"

# The manifest (rank 0's, renamed last) cannot be written after every rank staged its tiles: a
# folder is in its place. (Not ulimit -f as in CliTilesTest: MPI_Init's shared-memory files trip it.)
rmdir set/d_x1_y0.r16.json && "$cli" export old.rbmap $layers > /dev/null
rm set/t.tiles.json && mkdir set/t.tiles.json
before=$(sums set)
if run 3 "$cli" export new.rbmap $layers > /dev/null 2> err.txt; then fail "a manifest that cannot be written was not a failure"; fi
grep -qF "t.tiles.json" err.txt && grep -qF "(rank 0)" err.txt || { cat err.txt >&2; fail "the message does not name the manifest and rank 0"; }
[[ "$(sums set)" == "$before" ]] || fail "a failed manifest let ranks 1 and 2 replace their tiles"
rmdir set/t.tiles.json && run 3 "$cli" export new.rbmap $layers > /dev/null
[[ "$(sums set)" != "$before" ]] || fail "without the folder in the way the set should change (the check above would be vacuous)"
echo "rank 0's manifest failing: the other ranks' tiles unchanged; without the obstacle replaced"
