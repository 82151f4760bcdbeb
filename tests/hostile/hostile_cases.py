"""The commands the hostile run aims at, their inputs, and each one's old and new output sets.

Every case writes into an output folder given as its working directory. Its "old" set is what the
same command wrote from another map (a user exporting again over an earlier export); its "new" set
is a reference run into an empty folder. A run under a hostile condition must leave either set
whole (issue 33; docs/import-export.md, "What a reader can rely on")."""

import json
import os
import shutil

from hostile_proc import listing, put_set, read_set, run



class Case:
    def __init__(self, name, build, multi):
        self.name = name
        self._build = build   # (variant, inputs) -> argv without the program
        self.multi = multi    # writes more than one file
        self.old = {}
        self.new = {}
        self.seconds = 0.0    # the reference run's time

    def argv(self, cli, variant, inputs):
        return [cli, *self._build(variant, inputs)]

    def folders(self, root):
        """The folders the case writes into (a bundle: its folder and the one holding it)."""
        names = {os.path.dirname(n) for n in list(self.old) + list(self.new)}
        return sorted({os.path.join(root, n) if n else root for n in names})


def _export_layers(variant, inputs):
    return ["export", inputs[variant + "_sim"], "--terrain", "t.r16", "--water-depth", "w.exr",
            "--flowmap", "f.png", "--mask", "m.png", "--gltf", "g.glb", "--rivers", "r.json",
            "--splat", "s.png"]


def _export_engine(variant, inputs):
    return ["export", inputs[variant + "_sim"], "--engine", "unreal", "--terrain", "t.png",
            "--surface", "s.png", "--flowmap", "f.png"]


def _bundle(variant, inputs):
    return ["export", inputs[variant + "_sim"], "--bundle", "B", "--engine", "godot"]


def _currents_map(variant, inputs):
    # few iterations: 200 take half a minute at 128² and the file is the same kind of file
    return ["currents", inputs[variant], "--current", "west=0.5", "--current", "east=-0.5",
            "--max-iterations", "4", "-o", "c.rbmap"]


def _currents_exr(variant, inputs):
    return ["currents", inputs[variant], "--current", "north=0.3", "--current", "south=-0.3",
            "--max-iterations", "0", "-o", "c.exr"]


def _simulate(variant, inputs):
    return ["simulate", inputs[variant], "--steps", "20", "-o", "s.rbmap"]


def _generate(variant, inputs):
    seed = "11" if variant == "old" else "12"
    return ["generate", "--preset", "river", "--size", str(inputs["size"]), "--seed", seed,
            "-o", "g.rbmap"]


def all_cases():
    return [Case("export_layers", _export_layers, True), Case("export_engine", _export_engine, True),
            Case("bundle", _bundle, True), Case("currents_map", _currents_map, False),
            Case("currents_exr", _currents_exr, False), Case("simulate", _simulate, False),
            Case("generate", _generate, False)]


def make_inputs(cli, folder, size):
    """Two generated islands (old, new) and each after 30 steps (for the water layers)."""
    os.makedirs(folder, exist_ok=True)
    inputs = {}
    for variant, seed in (("old", "5"), ("new", "6")):
        plain = os.path.join(folder, variant + ".rbmap")
        sim = os.path.join(folder, variant + "_sim.rbmap")
        _must(run([cli, "generate", "--preset", "island", "--size", str(size), "--seed", seed,
                   "-o", plain], folder))
        _must(run([cli, "simulate", plain, "--steps", "30", "-o", sim], folder))
        inputs[variant], inputs[variant + "_sim"] = plain, sim
    inputs["size"] = size
    return inputs


def _must(result):
    if result.rc != 0:
        raise SystemExit(f"setup failed: {result.describe()}")
    return result


def record_reference(cli, case, inputs, scratch):
    """Runs the case from each map into an empty folder; keeps the bytes as its old and new sets.
    The new set is made twice: the comparison needs a command whose output is the same each run."""
    for variant in ("old", "new", "new"):
        folder = os.path.join(scratch, f"{case.name}-{variant}")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        result = _must(run(case.argv(cli, variant, inputs), folder))
        files = read_set(folder, listing(folder))
        if variant == "old":
            case.old = files
        elif case.new and files != case.new:
            raise SystemExit(f"setup: {case.name} does not write the same bytes twice")
        else:
            case.new, case.seconds = files, result.seconds
        shutil.rmtree(folder)
    same = [n for n in case.new if case.old.get(n) == case.new[n]]
    if len(same) == len(case.new):
        raise SystemExit(f"setup: {case.name}'s old and new sets are equal; the check would be blind")


def save_references(cases, inputs, folder):
    """Keeps inputs and reference sets for later runs (the CTest parts share one preparation)."""
    for case in cases:
        for variant in ("old", "new"):
            put_set(os.path.join(folder, case.name, variant), getattr(case, variant))
    meta = {"inputs": inputs, "seconds": {c.name: c.seconds for c in cases}}
    with open(os.path.join(folder, "meta.json"), "w") as out:
        json.dump(meta, out)


def load_references(cases, folder):
    """The inputs and the cases' sets save_references kept; SystemExit when they are missing."""
    try:
        meta = json.load(open(os.path.join(folder, "meta.json")))
    except OSError as error:
        raise SystemExit(f"no preparation in {folder} (run with --prepare first): {error}")
    for case in cases:
        for variant in ("old", "new"):
            path = os.path.join(folder, case.name, variant)
            setattr(case, variant, read_set(path, listing(path)))
        case.seconds = meta["seconds"][case.name]
    return meta["inputs"]
