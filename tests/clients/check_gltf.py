"""Imports one riverbed-cli `export --gltf` file into Blender and checks it against the map it came from.

Arguments (after `--`): GLB REPORT INFO TERRAIN.npy DEPTH.npy
  REPORT  riverbed-cli export's JSON line (its details.gltf, or a bundle manifest's meshes entry)
  INFO    `riverbed-cli info MAP` (lattice, dx, size)
  *.npy   the map's bed and water depth exported at the map's own raster (rows north to south)
Checked: object, mesh and material names; identity transforms and metre units (axes: see rbcheck);
vertex and triangle counts as reported; the terrain's bounds; the terrain's height under every
pixel centre within the reported maxHeightError; square maps: every terrain vertex on a cell centre
at that cell's bed; water: at every wet pixel it covers, at the surface within maxSurfaceError; no
water over a dry pixel at stride 1; no water below the terrain.
"""
import math
import os
import sys

import numpy
from mathutils import Matrix

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rbcheck  # noqa: E402
from rbcheck import FLOAT_EPS, WET_DEPTH  # noqa: E402


def gltf_details(report):
    """details.gltf of an export line, or the meshes entry of a bundle manifest."""
    if "details" in report:
        return report["details"]["gltf"]
    return next(f for f in report["files"] if f["role"] == "meshes")


def has_water(details):
    """A dry map has no water node; its report still has a water part, with 0 triangles."""
    return details.get("water", {}).get("triangles", 0) > 0


def check_scene(c, details):
    names = sorted(o.name for o in rbcheck.bpy.data.objects)
    wanted = ["terrain", "water"] if has_water(details) else ["terrain"]
    c.expect(names == wanted, f"objects {names}, expected {wanted}")
    for o in rbcheck.bpy.data.objects:
        mats = [m.name for m in o.data.materials]
        c.expect(mats == [o.name], f"{o.name}: materials {mats}, expected [{o.name!r}]")
        c.expect(o.matrix_world == Matrix.Identity(4), f"{o.name}: transform is not the identity")
        c.expect(o.parent is None, f"{o.name}: has a parent {o.parent}")
    units = rbcheck.bpy.context.scene.unit_settings
    c.expect(units.system == "METRIC" and abs(units.scale_length - 1) < 1e-12,
             f"scene units {units.system} × {units.scale_length}, expected metres")


def check_counts(c, obj, part):
    verts, tris = len(obj.data.vertices), len(obj.data.polygons)
    c.expect(verts == part["vertices"], f"{obj.name}: {verts} vertices, report says {part['vertices']}")
    c.expect(tris == part["triangles"], f"{obj.name}: {tris} faces, report says {part['triangles']}")
    c.expect(all(len(p.vertices) == 3 for p in obj.data.polygons), f"{obj.name}: a face is not a triangle")


def check_bounds(c, obj, info, bed):
    """East +X, north +Y, up +Z: the cells' hull from dx/2 to width − dx/2 and from half a row to
    height − half a row south of the origin; Z from the lowest to the highest bed."""
    w, h = rbcheck.map_extent(info)
    half_row = h / info["height"] / 2
    vs = rbcheck.world_vertices(obj)
    got = [min(v.x for v in vs), max(v.x for v in vs), min(v.y for v in vs), max(v.y for v in vs),
           min(v.z for v in vs), max(v.z for v in vs)]
    want = [info["dx"] / 2, w - info["dx"] / 2, -(h - half_row), -half_row, float(bed.min()), float(bed.max())]
    if info["lattice"] == "triangle" and got[4] <= want[4] + FLOAT_EPS and got[5] >= want[5] - FLOAT_EPS:
        want[4:] = got[4:]  # the raster interpolates the cells: its range lies within the mesh's
    bad = [(g, e) for g, e in zip(got, want) if abs(g - e) > FLOAT_EPS]
    c.expect(not bad, f"{obj.name}: bounds x, y, z = {got}, expected {want}")


def check_terrain_heights(c, terrain, info, bed, tolerance):
    """The mesh under every pixel centre inside the cells' hull, against the bed raster."""
    w, h = rbcheck.map_extent(info)
    raster = rbcheck.Raster(bed, w, h)
    tree, top = rbcheck.bvh(terrain), float(bed.max()) + 100
    box = hull_box(info, w, h)
    worst, largest, missing, samples = -math.inf, 0.0, 0, 0
    for row in range(raster.rows):
        for col in range(raster.cols):
            p = in_box(*raster.centre(row, col), box)
            if p is None:
                continue
            samples += 1
            z = rbcheck.height_at(tree, p[0], p[1], top)
            if z is None:
                missing += 1
            else:
                largest = max(largest, abs(z - float(bed[row, col])))
                excess = abs(z - float(bed[row, col])) - tolerance - resampling_slack(info, bed, row, col) \
                    - nudge_slack(p[2], bed, row, col, raster)
                worst = max(worst, excess)
    c.expect(missing == 0, f"terrain: no mesh under {missing} of {samples} pixel centres")
    c.expect(worst <= FLOAT_EPS, f"terrain: height off by {worst:.4f} m more than the tolerance {tolerance:.4f} m")
    print(f"terrain: {samples} pixel centres, largest height difference {largest:.4f} m; reported error "
          f"{tolerance:.4f} m; closest to failing: {worst:+.4f} m over error and slack (fails above +{FLOAT_EPS} m)")


def resampling_slack(info, bed, row, col):
    """Square maps: 0, the raster is the cells. Triangle maps: the raster interpolates the lattice's
    own triangles while the mesh's error is measured at the cells only, and between cells a decimated
    (or flat-area-thinned) mesh may cut across those triangles; so allow the bed's variation over the
    pixel's 3 × 3 neighbourhood. Still far below what a mirrored, shifted or scaled import gives."""
    if info["lattice"] == "square":
        return 0.0
    patch = bed[max(row - 1, 0):row + 2, max(col - 1, 0):col + 2]
    return float(patch.max() - patch.min())


def hull_box(info, w, h):
    """The part of the map every lattice row spans: square maps from the first to the last cell
    centre; triangle maps from dx to width − dx, since rows alternate between starting at dx/2 and
    at dx. West and east of it the mesh fills the lattice's zig-zag edge with hull triangles while
    the raster export holds the nearest row's value (core/io/Resampler.h), so they differ by design."""
    half_row = h / info["height"] / 2
    inset = info["dx"] if info["lattice"] == "triangle" else info["dx"] / 2
    return inset, w - inset, half_row, h - half_row


def in_box(x, y, box):
    """(x, y) moved a few float32 steps inside the box when on its edge (a ray exactly along a
    mesh's border edge may miss it) and how far it moved, or None when outside."""
    x0, x1, y0, y1 = box
    if not (x0 <= x <= x1 and y0 <= -y <= y1):
        return None
    # float32 positions are 2⁻²³ of their magnitude apart (8 µm at 128 m, 61 µm at 1 km).
    nudge = max(2e-5, 4 * 2.0 ** -23 * max(x1, y1))
    nx, ny = min(max(x, x0 + nudge), x1 - nudge), -min(max(-y, y0 + nudge), y1 - nudge)
    return nx, ny, abs(nx - x) + abs(ny - y)


def nudge_slack(moved, bed, row, col, raster):
    """What moving the sample by MOVED metres may change on the mesh: the steepest slope between the
    pixel and its neighbours, times the distance (0 for the samples not moved)."""
    if moved == 0:
        return 0.0
    patch = bed[max(row - 1, 0):row + 2, max(col - 1, 0):col + 2]
    return moved * float(abs(patch - bed[row, col]).max()) / min(raster.px, raster.py)


def check_square_vertices(c, terrain, info, bed):
    """Square lattice: every vertex is a cell centre at that cell's bed (float32 of the same value)."""
    dx, off = info["dx"], 0
    for v in rbcheck.world_vertices(terrain):
        col, row = v.x / dx - 0.5, -v.y / dx - 0.5
        ci, ri = round(col), round(row)
        on_cell = abs(col - ci) < 1e-4 and abs(row - ri) < 1e-4
        if not on_cell or abs(v.z - float(bed[ri, ci])) > FLOAT_EPS:
            off += 1
    c.expect(off == 0, f"terrain: {off} vertices not on a cell centre at its bed")


def check_water(c, water, terrain, info, bed, depth, part, terrain_error):
    w, h = rbcheck.map_extent(info)
    raster = rbcheck.Raster(depth, w, h)
    tree, ground = rbcheck.bvh(water), rbcheck.bvh(terrain)
    top = float((bed + depth).max()) + 100
    tolerance = part.get("maxSurfaceError", 0.0) + FLOAT_EPS
    stats = {"wet": 0, "covered": 0, "off": 0, "dryCovered": 0, "belowBed": 0, "worst": 0.0, "holes": 0}
    for row in range(raster.rows):
        for col in range(raster.cols):
            x, y = raster.centre(row, col)
            z = rbcheck.height_at(tree, x, y, top)
            if depth[row, col] > WET_DEPTH:
                sample_wet(stats, z, float(bed[row, col] + depth[row, col]), tolerance)
                stats["holes"] += z is None and wet_all_round(depth, row, col)
            elif z is not None:
                stats["dryCovered"] += 1
            if z is not None:
                g = rbcheck.height_at(ground, x, y, top)
                slack = terrain_error + resampling_slack(info, bed, row, col)
                stats["belowBed"] += g is not None and z < g - FLOAT_EPS - slack
    report_water(c, stats, part, tolerance)


def wet_all_round(depth, row, col):
    """A pixel whose 3 × 3 neighbourhood is wet, inside the raster: every lattice triangle round it
    has three wet corners, so at stride 1 the water must cover it."""
    if not (0 < row < depth.shape[0] - 1 and 0 < col < depth.shape[1] - 1):
        return False
    return bool((depth[row - 1:row + 2, col - 1:col + 2] > WET_DEPTH).all())


def sample_wet(stats, z, surface, tolerance):
    stats["wet"] += 1
    if z is None:
        return
    stats["covered"] += 1
    stats["worst"] = max(stats["worst"], abs(z - surface))
    stats["off"] += abs(z - surface) > tolerance


def report_water(c, s, part, tolerance):
    print(f"water: {s['covered']} of {s['wet']} wet pixel centres covered, largest surface difference "
          f"{s['worst']:.4f} m (tolerance {tolerance:.4f} m), {s['dryCovered']} dry pixels under water, stride {part['stride']}")
    c.expect(s["off"] == 0, f"water: {s['off']} wet pixels where the surface is off by more than {tolerance:.4f} m")
    c.expect(s["covered"] > 0, "water: covers no wet pixel")
    c.expect(s["belowBed"] == 0, f"water: {s['belowBed']} pixels where the water lies below the terrain")
    if part["stride"] == 1:  # coarser strides may bridge dry cells between wet corners (docs/export.md)
        c.expect(s["dryCovered"] == 0, f"water: over {s['dryCovered']} dry pixels")
        c.expect(s["holes"] == 0, f"water: misses {s['holes']} wet pixels whose neighbours are all wet")


def main():
    args = rbcheck.script_args()
    glb, report_path, info_path, terrain_npy, depth_npy = args[:5]
    c = rbcheck.Checks(os.path.basename(glb))
    details = gltf_details(rbcheck.load_json(report_path) if report_path.endswith("manifest.json")
                           else rbcheck.cli_report(report_path))
    info = rbcheck.load_json(info_path)
    bed, depth = numpy.load(terrain_npy).astype(float), numpy.load(depth_npy).astype(float)
    if "--mirror-rasters" in args:  # the driver's proof that a north-south flip cannot pass
        bed, depth = numpy.flipud(bed), numpy.flipud(depth)
    rbcheck.empty_scene()
    rbcheck.import_glb(glb)
    check_scene(c, details)
    objs = rbcheck.bpy.data.objects
    terrain = objs.get("terrain")
    if terrain is None:
        c.finish()
    check_counts(c, terrain, details["terrain"])
    check_bounds(c, terrain, info, bed)
    check_terrain_heights(c, terrain, info, bed, details["terrain"]["maxHeightError"])
    if info["lattice"] == "square":
        check_square_vertices(c, terrain, info, bed)
    if has_water(details) and objs.get("water") is not None:
        check_counts(c, objs["water"], details["water"])
        check_water(c, objs["water"], terrain, info, bed, depth, details["water"],
                    details["terrain"]["maxHeightError"] + details["water"].get("maxSurfaceError", 0.0))
    c.finish()


main()
