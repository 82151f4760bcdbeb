"""rivers.json (riverbed-cli export --rivers) as curves: each river a 3-D poly curve through its
points, its bevel radius half the river's width at each point; lakes as filled flat shapes at their
level; the coast as lines at sea level."""
import json

import bpy

# Per-point values kept as custom properties of each river object (lists, one value a point).
POINT_PROPERTIES = ("width", "depth", "velocity", "discharge")


def import_network(path):
    with open(path, encoding="utf-8") as f:
        network = json.load(f)
    if network.get("version") != 1:
        raise ValueError(f"rivers.json version {network.get('version')!r}, this add-on reads version 1")
    objects = [river_object(r) for r in network["rivers"]]
    objects += [lake_object(i, lake) for i, lake in enumerate(network["lakes"])]
    if network.get("seaLevel") is not None:
        objects += [coast_object(i, line, network["seaLevel"]) for i, line in enumerate(network["coast"])]
    return objects


def blender_point(x, y, z):
    """Map frame (x east, y south) to Blender's (+Y north)."""
    return float(x), -float(y), float(z)


def river_object(river):
    points = river["points"]
    if len(points) < 2:
        raise ValueError(f"river {river['id']} has {len(points)} point(s), a line needs 2")
    curve = bpy.data.curves.new(f"river {river['id']}", "CURVE")
    curve.dimensions = "3D"
    curve.bevel_depth = 1.0  # scaled by each point's radius: the river's half-width there
    curve.bevel_resolution = 2
    spline = curve.splines.new("POLY")
    spline.points.add(len(points) - 1)
    for point, p in zip(spline.points, points):
        point.co = (*blender_point(p["x"], p["y"], p["z"]), 1.0)
        point.radius = float(p["width"]) / 2
    obj = bpy.data.objects.new(curve.name, curve)
    obj["riverbed_id"] = int(river["id"])
    obj["end"] = str(river["end"])
    obj["downstream"] = -1 if river["downstream"] is None else int(river["downstream"])
    for key in POINT_PROPERTIES:
        obj[key] = [float(p[key]) for p in points]
    return obj


def lake_object(index, lake):
    ring = lake["polygon"]
    if ring and ring[0] == ring[-1]:
        ring = ring[:-1]  # closed in the file; Blender closes a cyclic spline itself
    curve = bpy.data.curves.new(f"lake {index}", "CURVE")
    curve.dimensions = "2D"  # flat and filled, lifted to the lake's level by the object
    curve.fill_mode = "BOTH"
    spline = curve.splines.new("POLY")
    spline.points.add(len(ring) - 1)
    for point, (x, y) in zip(spline.points, ring):
        point.co = (*blender_point(x, y, 0.0), 1.0)
    spline.use_cyclic_u = True
    obj = bpy.data.objects.new(curve.name, curve)
    obj.location.z = float(lake["level"])
    obj["level"], obj["area"] = float(lake["level"]), float(lake["area"])
    return obj


def coast_object(index, line, sea_level):
    closed = len(line) > 2 and line[0] == line[-1]
    ring = line[:-1] if closed else line
    curve = bpy.data.curves.new(f"coast {index}", "CURVE")
    curve.dimensions = "3D"
    spline = curve.splines.new("POLY")
    spline.points.add(len(ring) - 1)
    for point, (x, y) in zip(spline.points, ring):
        point.co = (*blender_point(x, y, sea_level), 1.0)
    spline.use_cyclic_u = closed
    obj = bpy.data.objects.new(curve.name, curve)
    obj["closed"] = closed
    return obj
