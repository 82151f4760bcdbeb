"""Helpers shared by the Blender client checks (run inside `blender -b --python`).

Frames: riverbed-cli's glTF is Y-up with map x (east) -> +X, height -> +Y, map y (south) -> +Z and the
north-west corner at the origin. Blender's glTF importer turns Y-up into Z-up ((x, y, z) -> (x, -z, y)),
so in Blender: east -> +X, north -> +Y (map y = -Y), height -> +Z, and the map lies at Y <= 0.
"""
import json
import math
import sys

import numpy

# Debian 12's Blender 3.4 glTF importer calls numpy.bool, which numpy 1.24 (Debian 12's) removed:
# without this alias every import fails with AttributeError before reading a byte.
if "bool" not in vars(numpy):  # (hasattr would warn: numpy 1.24 warns on the expired alias)
    numpy.bool = bool

import bpy  # noqa: E402  (after the numpy alias, which the importer needs)
from mathutils.bvhtree import BVHTree  # noqa: E402

FLOAT_EPS = 1e-3  # metres: float32 positions of heights up to a few hundred metres, with margin
WET_DEPTH = 0.001  # the glTF water's and the velocity export's wet threshold (docs/export.md)


class Checks:
    """Collects failed expectations, so that one run reports every broken property, not the first."""

    def __init__(self, name):
        self.name = name
        self.failures = []
        self.passed = 0

    def expect(self, ok, message):
        if ok:
            self.passed += 1
        else:
            self.failures.append(message)
        return ok

    def finish(self):
        for f in self.failures:
            print(f"{self.name}: FAIL {f}", file=sys.stderr)
        print(f"{self.name}: {self.passed} checks passed, {len(self.failures)} failed")
        if self.failures:
            raise SystemExit(1)


def script_args():
    """The arguments after Blender's `--`."""
    argv = sys.argv
    return argv[argv.index("--") + 1:] if "--" in argv else []


def empty_scene():
    bpy.ops.wm.read_factory_settings(use_empty=True)


def import_glb(path):
    result = bpy.ops.import_scene.gltf(filepath=path)
    if result != {"FINISHED"}:
        raise SystemExit(f"{path}: Blender's glTF importer returned {result}")


def world_vertices(obj):
    m = obj.matrix_world
    return [m @ v.co for v in obj.data.vertices]


def bvh(obj):
    return BVHTree.FromPolygons(world_vertices(obj), [tuple(p.vertices) for p in obj.data.polygons])


def height_at(tree, x, y, top):
    """Z of the mesh straight below (x, y), or None where the mesh is not."""
    hit = tree.ray_cast((x, y, top), (0.0, 0.0, -1.0))
    return None if hit[0] is None else hit[0].z


class Raster:
    """A north-up raster exported by riverbed-cli (rows north to south) over the map's rectangle."""

    def __init__(self, values, world_width, world_height):
        self.values = values
        self.rows, self.cols = values.shape
        self.px = world_width / self.cols
        self.py = world_height / self.rows

    def centre(self, row, col):
        """Blender (x, y) of a pixel centre."""
        return (col + 0.5) * self.px, -(row + 0.5) * self.py


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def cli_report(path):
    """The JSON line riverbed-cli printed (the last line of its stdout)."""
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f.read().splitlines() if line.startswith("{")]
    return json.loads(lines[-1])


def map_extent(info):
    """World width and height (m) of a map, from `riverbed-cli info`: triangle rows are dx·√3/2 apart
    and odd rows half a dx east, so the rectangle is (W + ½)·dx by H·dx·√3/2."""
    dx, w, h = info["dx"], info["width"], info["height"]
    if info["lattice"] == "triangle":
        return (w + 0.5) * dx, h * dx * math.sqrt(3) / 2
    return w * dx, h * dx
