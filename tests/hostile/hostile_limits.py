"""The resource parts of the hostile run: a full file system, a file-size limit, a memory limit and
kill -9, each against every case with its old output set in place."""

import os
import random
import shutil
import subprocess

from hostile_proc import (JOURNAL_MARKER, Limits, classify, journals, listing, put_set, read_set, run, run_and_kill,
                          staging_leftovers)

SKIP = "skip"
TMPFS_SIZE = 64 * 1024 * 1024
FILLER = "zz-filler"


class Tally:
    """Runs and failures per part and case, for the report."""

    def __init__(self):
        self.runs, self.failures, self.states = {}, [], {}

    def count(self, part, case, state):
        key = (part, case)
        self.runs[key] = self.runs.get(key, 0) + 1
        self.states.setdefault(key, {}).setdefault(state, 0)
        self.states[key][state] += 1

    def fail(self, part, case, what):
        self.failures.append(f"[{part}/{case}] {what}")


def fresh_folder(path, case):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    put_set(path, case.old)


def names_reason(stderr, words):
    text = stderr.lower()
    return bool(stderr.strip()) and any(w.lower() in text for w in words)


def check_run(result, folder, case, words, tally, part, label):
    """The properties of one run that was not killed by us."""
    state, detail = classify(read_set(folder, list(case.old) + list(case.new)), case.old, case.new)
    tally.count(part, case.name, "exit 0" if result.rc == 0 else "refused")
    where = f"{label}: {result.describe()}"
    if result.timed_out or result.signal:
        tally.fail(part, case.name, f"no clean end: {where}")
    elif result.rc == 0 and state != "new":
        tally.fail(part, case.name, f"exit 0 but the outputs are {state} ({detail}): {where}")
    elif result.rc != 0 and state != "old":
        tally.fail(part, case.name, f"a failed run changed the outputs: {state} ({detail}): {where}")
    if result.rc not in (0, None) and not names_reason(result.stderr, words):
        tally.fail(part, case.name, f"the message does not name the problem {words}: {where}")
    left = staging_leftovers(folder)
    if left:
        tally.fail(part, case.name, f"staging files stay: {left}: {where}")


# --- full file system -------------------------------------------------------------------------

def mount_tmpfs(path):
    os.makedirs(path, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={TMPFS_SIZE}", "tmpfs", path],
                          capture_output=True, text=True)
    return done.returncode == 0


def fill_to(folder, free_bytes):
    """Leaves `free_bytes` (a multiple of 4 KiB) free on folder's file system; returns what is."""
    stat = os.statvfs(folder)
    avail = stat.f_bavail * stat.f_frsize
    with open(os.path.join(folder, FILLER), "wb") as filler:
        if avail > free_bytes:
            os.posix_fallocate(filler.fileno(), 0, avail - free_bytes)
    stat = os.statvfs(folder)
    return stat.f_bavail * stat.f_frsize


def part_fs(cli, cases, inputs, work, levels, tally):
    mnt = os.path.join(work, "tmpfs")
    if os.geteuid() != 0 or not mount_tmpfs(mnt):
        return SKIP
    try:
        for case in cases:
            for level in levels:
                out = os.path.join(mnt, "out")
                fresh_folder(out, case)
                free = fill_to(mnt, level)
                result = run(case.argv(cli, "new", inputs), out)
                os.remove(os.path.join(mnt, FILLER))
                check_run(result, out, case, ["No space left on device"], tally, "fs",
                          f"{free} bytes free")
    finally:
        subprocess.run(["umount", mnt], check=False)
    return None


# --- ulimit -f, SIGXFSZ default and ignored --------------------------------------------------

def part_xfsz(cli, cases, inputs, work, levels, tally):
    out = os.path.join(work, "xfsz")
    for case in cases:
        for blocks in levels:
            for ignore in (False, True):
                fresh_folder(out, case)
                limits = Limits(fsize_blocks=blocks, ignore_xfsz=ignore)
                result = run(case.argv(cli, "new", inputs), out, limits)
                check_run(result, out, case, ["File too large"], tally, "xfsz",
                          f"ulimit -f {blocks}, SIGXFSZ {'ignored' if ignore else 'default'}")
    return None


# --- ulimit -v --------------------------------------------------------------------------------

LOADER_FAILURE = "error while loading shared libraries"


def smallest_vmem(cli, folder):
    """The smallest ulimit -v (KiB, to 8 MiB) under which the program starts at all: below it the
    dynamic loader fails before any of our code runs, which tells nothing about riverbed."""
    low, high = 64 * 1024, 1024 * 1024
    while high - low > 8 * 1024:
        mid = (low + high) // 2
        result = run([cli, "--version"], folder, Limits(vmem_kib=mid))
        low, high = (low, mid) if result.rc == 0 else (mid, high)
    return high


def part_vmem(cli, cases, inputs, work, extras_mib, tally):
    out = os.path.join(work, "vmem")
    os.makedirs(out, exist_ok=True)
    base = smallest_vmem(cli, out)
    for case in cases:
        for extra in extras_mib:
            fresh_folder(out, case)
            limits = Limits(vmem_kib=base + extra * 1024)
            result = run(case.argv(cli, "new", inputs), out, limits)
            if LOADER_FAILURE in result.stderr:
                continue  # the loader, not riverbed: not a run
            check_run(result, out, case, ["memory", "Cannot allocate"], tally, "vmem",
                      f"ulimit -v {limits.vmem_kib} (start-up needs {base})")
    return None


# --- kill -9 ----------------------------------------------------------------------------------

def next_write(cli, folder):
    """Another riverbed command writing into folder: it must tidy or complete what a killed run
    left there."""
    target = os.path.join(folder, "zz-next.rbmap")
    result = run([cli, "generate", "--preset", "lakes", "--size", "32", "-o", target], folder)
    if os.path.exists(target):
        os.remove(target)
    return result


def check_killed(cli, case, out, result, tally):
    names = list(case.old) + list(case.new)
    state, detail = classify(read_set(out, names), case.old, case.new)
    journalled = bool(journals(out))
    tally.count("kill", case.name, state + (" with journal" if journalled else ""))
    where = f"killed after {result.seconds:.3f} s: {result.describe()}"
    if state == "torn" or (state == "mixed" and not journalled):
        tally.fail("kill", case.name, f"outputs {state} ({detail}), journal: {journalled}; {where}")
    for folder in case.folders(out):
        if os.path.isdir(folder):
            follow = next_write(cli, folder)
            if follow.rc != 0:
                tally.fail("kill", case.name, f"the next write failed: {follow.describe()}")
    after, detail = classify(read_set(out, names), case.old, case.new)
    left = staging_leftovers(out)
    if after not in ("old", "new") or (state == "mixed" and after != "new"):
        tally.fail("kill", case.name, f"after the next write outputs {after} ({detail}); {where}")
    if left:
        tally.fail("kill", case.name, f"the next write left staging files {left}; {where}")


def part_kill(cli, cases, inputs, work, points, seed, tally):
    """A third of the kills at a random moment of the whole run, a third in the 80 ms after the
    first staging file appears (the writing), a third in the 5 ms after the first commit journal
    appears (the renames; a single file has none: that run ends by itself)."""
    out = os.path.join(work, "kill")
    rng = random.Random(seed)
    for case in cases:
        for point in range(points):
            fresh_folder(out, case)
            argv = case.argv(cli, "new", inputs)
            if point % 3 == 1:
                result = run_and_kill(argv, out, rng.uniform(0.0, 0.08), case.folders(out))
            elif point % 3 == 2:
                result = run_and_kill(argv, out, rng.uniform(0.0, 0.005), case.folders(out),
                                      [JOURNAL_MARKER])
            else:
                result = run_and_kill(argv, out, rng.uniform(0.0, case.seconds * 1.1))
            if result.killed_by_us:
                check_killed(cli, case, out, result, tally)
            else:
                check_run(result, out, case, [], tally, "kill", "not killed: it ended first")
    return None
