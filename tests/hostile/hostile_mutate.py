"""Mutated maps fed to info, simulate and export (issue 33's hostile run).

Mutations, each with what a correct reader must do with it:
  bitflip      1-8 bits flipped anywhere but the version field: refuse (every byte is under a
               checksum or a size the reader checks; docs/map-format.md)
  truncate     the file cut anywhere: refuse
  wrongtype    one header member given another JSON type, the header's length and CRC made right
               so the mutation reaches the reader's checks: refuse
  absurd       one header member given a value outside every range (1e300, NaN text, -5, 2.5 for
               a whole number, ...), length and CRC made right: refuse
  cell         one cell of one array set to NaN, +-inf or 1e30, its record's size and CRC made
               right: refuse
  range        a header number just outside its documented range (docs/map-format.md, Ranges:
               cflTarget 0, dt 0, gravity 0, substeps 0, a dye channel 4, ...): refuse
  anyvalue     one cell set to -1, or a header number to another in-range text: either; only the
               general properties apply
General properties of every run: no crash signal, no hang, a refusal names its problem on stderr,
info, simulate and export agree on refusing, and an accepted map gives no NaN/inf in any output.
"""

import json
import math
import os
import random
import shutil
import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

from hostile_proc import run

SIGNATURE_LEN, VERSION_AT = 10, 10
MUST_REFUSE = {"bitflip", "truncate", "wrongtype", "absurd", "range", "cell"}
FREE_TEXT = {"generatorSettings", "crs"}  # free-form strings: any text is a value


# --- the file's structure (docs/map-format.md, Layout) -----------------------------------------

def split_map(data):
    """(version, header dict, list of records [name, w, h, raw bytes, is_float64])"""
    version, length = struct.unpack_from("<II", data, VERSION_AT)
    header = json.loads(data[18:18 + length])
    at, records = 22 + length, []
    while at < len(data):
        name_len = data[at]
        name = data[at + 1:at + 1 + name_len].decode()
        w, h, raw_size, comp = struct.unpack_from("<IIQQ", data, at + 1 + name_len)
        start = at + 1 + name_len + 28
        raw = zlib.decompress(data[start:start + comp])
        records.append([name, w, h, raw, raw_size == w * h * 8])
        at = start + comp
    return version, header, records


def join_map(data, version, header, records):
    text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    out = bytearray(data[:SIGNATURE_LEN])
    out += struct.pack("<II", version, len(text)) + text + struct.pack("<I", zlib.crc32(text))
    for name, w, h, raw, _ in records:
        comp = zlib.compress(raw, 1)
        out += bytes([len(name)]) + name.encode()
        out += struct.pack("<IIQQI", w, h, len(raw), len(comp), zlib.crc32(raw)) + comp
    return bytes(out)


# --- mutations --------------------------------------------------------------------------------

def leaves(node, path=()):
    """Paths to every member and element of the header."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path + (key,)
            yield from leaves(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield path + (index,)
            yield from leaves(value, path + (index,))


def set_at(node, path, value):
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


def get_at(node, path):
    for step in path:
        node = node[step]
    return node


def json_type(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), "null")


def other_type(value, rng):
    choices = [17, "17", True, None, [1], {"a": 1}, ""]
    return rng.choice([c for c in choices if json_type(c) != json_type(value)])


def absurd_value(value, rng):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return rng.choice([-5, 2.5, 10 ** 12, 1e300, -(2 ** 63)])
    if isinstance(value, str):
        return rng.choice(["1e300", "-1e300", "nan", "inf", "-inf", "1e400", " 1", "0x10", "",
                           "\u00e9\u00e9", "9" * 400])
    return None


def mutate_header(data, rng, kind):
    version, header, records = split_map(data)
    paths = [p for p in leaves(header) if not (set(p) & FREE_TEXT)]
    for _ in range(50):
        path = rng.choice(paths)
        value = get_at(header, path)
        if isinstance(value, (dict, list)) and kind != "wrongtype":
            continue
        new = other_type(value, rng) if kind == "wrongtype" else absurd_value(value, rng)
        if new is None and kind == "absurd":
            continue
        set_at(header, path, new)
        return join_map(data, version, header, records), f"{'.'.join(map(str, path))}={new!r:.40}"
    return None, ""


# Just outside the ranges docs/map-format.md gives: (member path with [] for any element, values).
OUT_OF_RANGE = [
    ("params.cflTarget", ["0", "1.5", "0.001"]), ("params.dt", ["0", "-1", "1e5"]),
    ("params.dtMax", ["0", "-1"]), ("params.gravity", ["0", "101"]), ("params.friction", ["1", "-0.1"]),
    ("params.substeps", [0, 100001]), ("params.rain", ["2", "-1"]), ("params.manning", ["2", "-1"]),
    ("params.viscosity", ["-1", "2e6"]), ("params.erosion.talusDegrees", ["90", "0"]),
    ("params.erosion.interval", [0, 1001]), ("params.erosion.minDepth", ["0", "101"]),
    ("lattice.cellSize", ["0", "1e6"]), ("lattice.width", [1, 16385]), ("time", ["-1", "2e12"]),
    ("steps", ["-1", "4611686018427387905"]), ("boundary[].dye", [4, -1]),
    ("boundary[].start", [-1]), ("boundary[].end", [100000]), ("sources[].rate", ["-1", "2e9"]),
    ("boundary[].sediment", ["0.6", "-0.1"]), ("meanFlow.seconds", ["0", "-1"]),
    ("ledger.rain", ["2e24"]), ("dyeLedgers[].clipped", ["2e24"]),
]


def mutate_range(data, rng):
    version, header, records = split_map(data)
    present = []
    for pattern, values in OUT_OF_RANGE:
        for path in leaves(header):
            if ".".join("[]" if isinstance(s, int) else s for s in path).replace(".[]", "[]") == pattern:
                present.append((path, values))
    if not present:
        return None, ""
    path, values = rng.choice(present)
    value = rng.choice(values)
    set_at(header, path, value)
    return join_map(data, version, header, records), f"{'.'.join(map(str, path))}={value!r}"


def mutate_cell(data, rng, kind):
    version, header, records = split_map(data)
    index = rng.randrange(len(records))
    name, w, h, raw, is64 = records[index]
    value = -1.0 if kind == "anyvalue" else rng.choice([math.nan, math.inf, -math.inf, 1e30])
    size = 8 if is64 else 4
    cell = rng.randrange(len(raw) // size)
    packed = struct.pack("<d" if is64 else "<f", value)
    records[index][3] = raw[:cell * size] + packed + raw[(cell + 1) * size:]
    return join_map(data, version, header, records), f"{name}[{cell}]={value}"


def same_content(data, original):
    """Whether data holds what original holds (same version, header and array values)."""
    try:
        return split_map(data) == split_map(original)
    except (ValueError, struct.error, zlib.error, IndexError, UnicodeDecodeError):
        return False


def mutate(data, rng):
    kind = rng.choice(["bitflip", "bitflip", "truncate", "wrongtype", "wrongtype", "absurd",
                       "absurd", "range", "cell", "anyvalue"])
    if kind == "bitflip":
        out = bytearray(data)
        spots = [i for i in range(len(data)) if not VERSION_AT <= i < VERSION_AT + 4]
        flips = [(rng.choice(spots), rng.randrange(8)) for _ in range(rng.randint(1, 8))]
        for at, bit in flips:
            out[at] ^= 1 << bit
        if same_content(bytes(out), data):
            kind = "bitflip-same"  # deflate can say the same bytes another way: nothing to refuse
        return kind, bytes(out), f"bits {flips}"
    if kind == "truncate":
        cut = rng.randrange(len(data))
        return kind, data[:cut], f"cut at {cut} of {len(data)}"
    if kind in ("wrongtype", "absurd", "range"):
        out, what = mutate_range(data, rng) if kind == "range" else mutate_header(data, rng, kind)
        return (kind, out, what) if out else mutate(data, rng)
    return (kind,) + mutate_cell(data, rng, kind)


# --- outputs ----------------------------------------------------------------------------------

def npy_has_nonfinite(path):
    data = open(path, "rb").read()
    header_len = struct.unpack_from("<H", data, 8)[0]
    values = data[10 + header_len:]
    floats = struct.unpack(f"<{len(values) // 4}f", values)
    return any(not math.isfinite(v) for v in floats)


def json_leaves(node, path=""):
    """(key path, value) of every scalar in a parsed JSON value; list elements share a path."""
    if isinstance(node, dict):
        for key, item in node.items():
            yield from json_leaves(item, f"{path}.{key}")
    elif isinstance(node, list):
        for item in node:
            yield from json_leaves(item, path + "[]")
    else:
        yield path, node


def nonfinite_paths(text, allowed_nulls=frozenset()):
    """Key paths of the JSON text whose values are NaN or infinite, or null (how Qt writes a NaN)
    where `allowed_nulls` does not list the path (an unmutated map's nulls: absent values)."""
    try:
        value = json.loads(text, parse_constant=lambda name: math.nan)
    except ValueError:
        return ["(not JSON)"]
    return [path for path, leaf in json_leaves(value)
            if (leaf is None and path not in allowed_nulls)
            or (isinstance(leaf, float) and not math.isfinite(leaf))]


def null_paths(text):
    return frozenset(path for path, leaf in json_leaves(json.loads(text)) if leaf is None)


# --- the runs ---------------------------------------------------------------------------------

def commands(cli, path, out):
    return {
        "info": [cli, "info", path],
        "simulate": [cli, "simulate", path, "--steps", "3", "-o", os.path.join(out, "s.rbmap")],
        "export": [cli, "export", path, "--terrain", os.path.join(out, "t.npy"), "--water-depth",
                   os.path.join(out, "w.npy"), "--velocity", os.path.join(out, "v.npy")],
    }


def judge(kind, what, results, out, allowed_nulls):
    """Problems of one mutated map's runs."""
    problems = []
    for name, result in results.items():
        if result.timed_out or result.signal:
            problems.append(f"{name}: no clean end: {result.describe()}")
        elif result.rc != 0 and len(result.stderr.strip()) < 20:
            problems.append(f"{name}: refused without a message: {result.describe()}")
    refused = {name: r.rc != 0 for name, r in results.items()}
    if len(set(refused.values())) > 1:
        problems.append(f"the commands disagree on refusing: {refused} "
                        f"({'; '.join(r.describe() for r in results.values())})")
    if kind in MUST_REFUSE and not refused["info"]:
        problems.append(f"accepted nonsense: info exits 0")
    return problems + nonfinite_outputs(results, out, allowed_nulls)


def nonfinite_outputs(results, out, allowed_nulls):
    problems = []
    if results["info"].rc == 0:
        bad = nonfinite_paths(results["info"].stdout, allowed_nulls)
        if bad:
            problems.append(f"info prints NaN/inf/null at {bad[:5]}")
    if results.get("export") and results["export"].rc == 0:
        for name in ("t.npy", "w.npy", "v.npy"):
            if npy_has_nonfinite(os.path.join(out, name)):
                problems.append(f"export wrote NaN/inf into {name}")
    if results.get("simulate") and results["simulate"].rc == 0:
        last = results["simulate"].stdout.strip().splitlines()[-1]
        if nonfinite_paths(last):
            problems.append(f"simulate reports NaN/inf/null: {last[:200]}")
    return problems


class Mutator:
    def __init__(self, cli, bases, work, seed, every_refused):
        self.cli, self.work, self.seed = cli, work, seed
        self.every_refused = every_refused  # simulate/export every n-th map info refuses
        self.bases = [(base, null_paths(run([cli, "info", base], work).stdout)) for base in bases]

    def one_map(self, index):
        base, allowed_nulls = self.bases[index % len(self.bases)]
        rng = random.Random(self.seed * 100003 + index)
        kind, data, what = mutate(open(base, "rb").read(), rng)
        folder = os.path.join(self.work, f"m{index}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "mutant.rbmap")
        with open(path, "wb") as out:
            out.write(data)
        argvs = commands(self.cli, path, folder)
        results = {"info": run(argvs.pop("info"), folder)}
        refused = results["info"].rc != 0
        if not refused or index % self.every_refused == 0:
            results.update({name: run(argv, folder) for name, argv in argvs.items()})
        problems = judge(kind, what, results, folder, allowed_nulls)
        if not problems:
            shutil.rmtree(folder)
        return kind, refused, [f"map {index} ({kind}: {what}; kept in {folder}): {p}" for p in problems]


def part_mutate(cli, bases, work, count, seed, every_refused, tally):
    os.makedirs(work, exist_ok=True)
    mutator = Mutator(cli, bases, work, seed, every_refused)
    with ThreadPoolExecutor(max_workers=3) as pool:
        done = list(pool.map(mutator.one_map, range(count)))
    for kind, refused, problems in done:
        tally.count("mutate", kind, "refused" if refused else "accepted")
        for problem in problems:
            tally.fail("mutate", kind, problem)
    return None
