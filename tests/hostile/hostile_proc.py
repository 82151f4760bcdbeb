"""Running riverbed-cli under limits, and what a run left on disk (issue 33's hostile run).

The limits go through bash exactly as a user would set them (`ulimit -f`, `ulimit -v`,
`trap '' XFSZ`) and bash then execs the program, so the process we watch is riverbed-cli itself:
a signal that ends it is its own death, not the shell's.
"""

import os
import signal
import subprocess
import time
from dataclasses import dataclass, field

# Names a riverbed staging file, bundle staging folder or commit journal carries (StagingOwner.h,
# AtomicFile.cpp, BundleFolder.h, FileSetTransaction.cpp).
STAGING_MARKERS = (".riverbed-partial-", ".riverbed-bundle-", ".riverbed-commit-")
JOURNAL_MARKER = ".riverbed-commit-"
RUN_TIMEOUT = 60.0  # seconds; a small map takes well under one


@dataclass
class Limits:
    fsize_blocks: int | None = None  # ulimit -f, 1024-byte blocks
    vmem_kib: int | None = None      # ulimit -v
    ignore_xfsz: bool = False        # trap '' XFSZ before exec


@dataclass
class Result:
    argv: list
    rc: int | None           # exit status; None when a signal or the timeout ended it
    signal: int | None       # the signal that ended it
    timed_out: bool
    stdout: str
    stderr: str
    seconds: float
    killed_by_us: bool = False
    notes: list = field(default_factory=list)

    def describe(self):
        how = f"signal {self.signal}" if self.signal else f"exit {self.rc}"
        if self.timed_out:
            how = "timeout"
        err = self.stderr.strip().replace("\n", " | ")[:300]
        return f"{' '.join(self.argv)} -> {how}; stderr: {err!r}"


def shell_prefix(limits):
    """The bash lines that set `limits` before exec."""
    lines = []
    if limits.fsize_blocks is not None:
        lines.append(f"ulimit -f {limits.fsize_blocks}")
    if limits.vmem_kib is not None:
        lines.append(f"ulimit -v {limits.vmem_kib}")
    if limits.ignore_xfsz:
        lines.append("trap '' XFSZ")
    return "; ".join(lines + ['exec "$@"'])


def start(argv, cwd, limits):
    """Starts argv under limits in its own session (so a kill reaches it alone)."""
    script = shell_prefix(limits or Limits())
    # restore_signals (the default) hands the child SIGXFSZ at its default action: the "default"
    # mode of the matrix; the trap makes the "ignored" one.
    return subprocess.Popen(["bash", "-c", script, "bash", *argv], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, errors="replace", start_new_session=True)


def finish(proc, argv, began, timeout=RUN_TIMEOUT, killed_by_us=False):
    timed_out = False
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    rc = proc.returncode
    sig = -rc if rc is not None and rc < 0 else None
    return Result(argv, None if sig else rc, sig, timed_out, out, err, time.monotonic() - began,
                  killed_by_us)


def run(argv, cwd, limits=None, timeout=RUN_TIMEOUT):
    began = time.monotonic()
    return finish(start(argv, cwd, limits), argv, began, timeout)


def run_and_kill(argv, cwd, after_seconds, watch=None, markers=STAGING_MARKERS):
    """Starts argv and sends SIGKILL after `after_seconds` (if it still runs); with `watch` (a
    list of folders) the delay counts from the first name with one of `markers` appearing in one
    of them, so that the kill lands while files are written (a staging file) or renamed (a
    journal) rather than while the program starts."""
    began = time.monotonic()
    proc = start(argv, cwd, None)
    if watch:
        while proc.poll() is None and not any(_holds(folder, markers) for folder in watch):
            time.sleep(0.0002)
    try:
        proc.wait(timeout=after_seconds)
        killed = False
    except subprocess.TimeoutExpired:
        proc.kill()  # the pid is riverbed-cli's: bash exec'd it
        killed = True
    return finish(proc, argv, began, killed_by_us=killed)


def _holds(folder, markers):
    try:
        return any(marker in name for name in os.listdir(folder) for marker in markers)
    except OSError:
        return False


def staging_leftovers(root):
    """Every staging file, bundle staging folder or journal under root."""
    found = []
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            if any(marker in name for marker in STAGING_MARKERS):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


def journals(root):
    return [p for p in staging_leftovers(root) if JOURNAL_MARKER in os.path.basename(p)]


def read_set(folder, names):
    """{relative name: bytes, or None when missing}"""
    got = {}
    for name in names:
        path = os.path.join(folder, name)
        got[name] = open(path, "rb").read() if os.path.isfile(path) else None
    return got


def listing(folder):
    """Relative paths of the regular files under folder (staging excluded)."""
    names = []
    for base, _, files in os.walk(folder):
        for name in files:
            rel = os.path.relpath(os.path.join(base, name), folder)
            if not any(marker in rel for marker in STAGING_MARKERS):
                names.append(rel)
    return sorted(names)


def put_set(folder, files):
    for name, data in files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as out:
            out.write(data)


def classify(actual, old, new):
    """'old' or 'new' when every output matches that set; else 'mixed' or 'torn' with details.

    A file equal in both sets (a sidecar that did not change) counts for either."""
    olds, news, torn = [], [], []
    for name in sorted(set(old) | set(new)):
        got = actual.get(name)
        is_old, is_new = got == old.get(name), got == new.get(name)
        if is_old and is_new:
            continue
        if is_old:
            olds.append(name)
        elif is_new:
            news.append(name)
        else:
            torn.append(name)
    if torn:
        return "torn", f"neither old nor new: {torn}"
    if olds and news:
        return "mixed", f"old: {olds}; new: {news}"
    return ("new", "") if news else ("old", "")
