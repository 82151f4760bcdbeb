#!/usr/bin/env python3
"""Hostile run against riverbed-cli (issue 33): a full file system at several fill levels,
`ulimit -f` with SIGXFSZ default and ignored, `ulimit -v`, kill -9 at random moments of
multi-file writes, and mutated maps fed to info, simulate and export.

Checked: no output set mixes old and new files (or is torn) after a run; no staging file stays
after a failed run, and a killed run's go with the next write into that folder; a non-zero exit
names its problem on stderr; no crash signal, no hang, no accepted nonsense.

    hostile_run.py --cli build/app/cli/riverbed-cli [--full] [--parts fs,xfsz,vmem,kill,mutate]

Without --full a reduced matrix (CTest, label `hostile`). Exit 0: no failure; 1: failures, listed;
77: every part asked for was skipped (the file-system part needs root to mount a tmpfs).
"""

import argparse
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from hostile_cases import (all_cases, load_references, make_inputs, record_reference,  # noqa: E402
                           save_references)
from hostile_limits import SKIP, Tally, part_fs, part_kill, part_vmem, part_xfsz  # noqa: E402
from hostile_mutate import part_mutate  # noqa: E402
from hostile_proc import run  # noqa: E402

KIB, MIB = 1024, 1024 * 1024
MATRIX = {
    "reduced": {"size": 64, "cases": ["export_layers", "bundle", "currents_map"],
                "fs": [32 * KIB, 256 * KIB], "xfsz": [100], "vmem": [4, 16],
                "kill": 5, "kill_cases": ["export_layers", "bundle"],
                "mutate": 100, "every_refused": 5},
    "full": {"size": 128, "cases": None,
             "fs": [0, 4 * KIB, 32 * KIB, 256 * KIB, 1 * MIB, 2 * MIB, 4 * MIB, 32 * MIB],
             "xfsz": [0, 1, 4, 32, 100, 300, 1000, 1500, 3000, 10000],
             "vmem": [0, 2, 4, 8, 12, 16, 32, 64, 128, 256, 512, 1024],
             "kill": 30, "kill_cases": None, "mutate": 1000, "every_refused": 1},
}
PARTS = ["fs", "xfsz", "vmem", "kill", "mutate"]


def mutation_bases(cli, folder):
    """Maps of every format version the reader takes: generated (erosion, v4), a momentum run
    with velocities and a time-mean flow (v5), one with a stored current, one with dye, erosion
    on and a sediment-free inflow, a triangle lattice, and an imported pipes map (v1)."""
    made = []
    steps = [
        ("gen.rbmap", ["generate", "--preset", "island", "--size", "64", "--seed", "3"]),
        ("mean.rbmap", ["simulate", "gen.rbmap", "--steps", "10", "--model", "momentum",
                        "--mean-from", "0"]),
        ("cur.rbmap", ["currents", "gen.rbmap", "--current", "west=0.4", "--current", "east=-0.4",
                       "--max-iterations", "4"]),
        ("dye.rbmap", ["simulate", "gen.rbmap", "--steps", "3", "--dye-release", "5,5,20,1",
                       "--erosion", "--boundary", "north=inflow:5:2"]),
        ("tri.rbmap", ["generate", "--preset", "lakes", "--size", "64", "--lattice", "triangle"]),
        ("t.npy", ["export", "gen.rbmap", "--terrain", "t.npy"]),
        ("imp.rbmap", ["import", "t.npy", "--cell-size", "2"]),
    ]
    for name, argv in steps:
        output = [] if name.endswith(".npy") else ["-o", name]  # export names its file itself
        result = run([cli, *argv, *output], folder)
        if result.rc != 0:
            raise SystemExit(f"setup failed: {result.describe()}")
        if name.endswith(".rbmap"):
            made.append(os.path.join(folder, name))
    return made


def run_parts(args, matrix, cases, inputs, tally):
    skipped = []
    by_name = {c.name: c for c in cases}
    kill_cases = [by_name[n] for n in matrix["kill_cases"] or by_name]
    for part in args.parts:
        began = time.monotonic()
        if part == "fs":
            state = part_fs(args.cli, cases, inputs, args.work, matrix["fs"], tally)
        elif part == "xfsz":
            state = part_xfsz(args.cli, cases, inputs, args.work, matrix["xfsz"], tally)
        elif part == "vmem":
            state = part_vmem(args.cli, cases, inputs, args.work, matrix["vmem"], tally)
        elif part == "kill":
            state = part_kill(args.cli, kill_cases, inputs, args.work, matrix["kill"], args.seed, tally)
        else:
            state = part_mutate(args.cli, inputs["bases"], os.path.join(args.work, "mutants"),
                                matrix["mutate"], args.seed, matrix["every_refused"], tally)
        print(f"part {part}: {'SKIPPED (needs root and mount)' if state == SKIP else 'done'} "
              f"in {time.monotonic() - began:.1f} s", flush=True)
        if state == SKIP:
            skipped.append(part)
    return skipped


def report(tally):
    for (part, case), runs in sorted(tally.runs.items()):
        states = ", ".join(f"{k} {v}" for k, v in sorted(tally.states[(part, case)].items()))
        print(f"  {part:7s} {case:14s} runs {runs:5d}: {states}")
    print(f"runs: {sum(tally.runs.values())}; failures: {len(tally.failures)}")
    for failure in tally.failures:
        print("FAIL " + failure)


def prepare(args, matrix, cases, reference):
    shutil.rmtree(args.work, ignore_errors=True)
    folder = os.path.join(args.work, "inputs")
    inputs = make_inputs(args.cli, folder, matrix["size"])
    inputs["bases"] = mutation_bases(args.cli, folder)
    for case in cases:
        record_reference(args.cli, case, inputs, os.path.join(args.work, "scratch"))
    save_references(cases, inputs, reference)
    return inputs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--work", default="/tmp/riverbed-hostile")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--parts", default=",".join(PARTS))
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--prepare", action="store_true", help="only make the inputs and references")
    parser.add_argument("--reuse", action="store_true", help="use what --prepare made in --work")
    args = parser.parse_args()
    args.parts = args.parts.split(",")
    args.cli, args.work = os.path.abspath(args.cli), os.path.abspath(args.work)
    matrix = MATRIX["full" if args.full else "reduced"]
    cases = [c for c in all_cases() if not matrix["cases"] or c.name in matrix["cases"]]
    reference = os.path.join(args.work, "reference")
    if args.reuse:
        inputs = load_references(cases, reference)
    else:
        began = time.monotonic()
        inputs = prepare(args, matrix, cases, reference)
        print(f"prepared in {time.monotonic() - began:.1f} s", flush=True)
    if args.prepare:
        return 0
    tally = Tally()
    skipped = run_parts(args, matrix, cases, inputs, tally)
    report(tally)
    if tally.failures:
        return 1
    return 77 if len(skipped) == len(args.parts) else 0


if __name__ == "__main__":
    sys.exit(main())
