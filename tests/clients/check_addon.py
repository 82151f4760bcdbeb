"""Enables the installed Riverbed add-on (BLENDER_USER_SCRIPTS points at its install prefix's
share/blender/scripts) and imports a bundle with File › Import › Riverbed bundle's operator.

Arguments (after `--`): BUNDLE_DIR            a good bundle: every object checked against its file
                        BUNDLE_DIR --damaged F… a damaged bundle: a warning must name each file F,
                                              the rest must still be imported, and no exception
                        BUNDLE_DIR --rbmap MAP  MAP (whose bundle BUNDLE_DIR is) imported as a .rbmap
                                              through $RIVERBED_CLI: the same objects as the bundle's;
                                              then with RIVERBED_CLI naming no program, an error;
                                              then at a 500-triangle budget
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rbcheck  # noqa: E402
from rbcheck import FLOAT_EPS, bpy  # noqa: E402
import addon_utils  # noqa: E402

ADDON = "io_import_riverbed"
CLI = None  # the riverbed-cli of a --rbmap run ($RIVERBED_CLI)


def enable(c):
    module = addon_utils.enable(ADDON, default_set=True)
    c.expect(module is not None, f"add-on {ADDON} not found on {addon_utils.paths()}")
    if module is None:
        c.finish()
    print(f"add-on enabled from {module.__file__}")
    menu = getattr(bpy.types.TOPBAR_MT_file_import, "_dyn_ui_initialize", lambda: [])()
    c.expect(any(getattr(f, "__module__", "").startswith(ADDON) for f in menu), "no entry in File › Import")
    return module


def check_meshes(c, manifest):
    entry = next(f for f in manifest["files"] if f["role"] == "meshes")
    for name in ("terrain", "water"):
        obj = bpy.data.objects.get(name)
        if not c.expect(obj is not None, f"no {name} object"):
            continue
        c.expect(len(obj.data.vertices) == entry[name]["vertices"],
                 f"{name}: {len(obj.data.vertices)} vertices, the manifest says {entry[name]['vertices']}")
        zs = [v.co.z for v in obj.data.vertices]
        lo, hi = entry[name]["min"][1], entry[name]["max"][1]  # glTF Y is Blender's Z
        c.expect(abs(min(zs) - lo) < FLOAT_EPS and abs(max(zs) - hi) < FLOAT_EPS,
                 f"{name}: heights {min(zs)}…{max(zs)}, the manifest says {lo}…{hi}")
    terrain_material(c)


def terrain_material(c):
    terrain = bpy.data.objects.get("terrain")
    mats = [m.name for m in terrain.data.materials] if terrain else []
    c.expect(mats == ["riverbed splat"], f"terrain materials {mats}, expected the splat material")
    if mats:
        images = [n.image for n in terrain.data.materials[0].node_tree.nodes if n.type == "TEX_IMAGE"]
        ok = len(images) == 1 and os.path.basename(images[0].filepath) == "splat.png" \
            and images[0].colorspace_settings.name == "Non-Color" and images[0].channels == 4
        c.expect(ok, f"splat material's masks: {[(i.filepath, i.colorspace_settings.name) for i in images]}")


def check_network(c, network):
    rivers = sorted((o for o in bpy.data.objects if o.name.startswith("river ")), key=lambda o: o["riverbed_id"])
    c.expect(len(rivers) == len(network["rivers"]), f"{len(rivers)} river curves, rivers.json has {len(network['rivers'])}")
    extent = (network["mapWidth"], network["mapHeight"])
    for obj, river in zip(rivers, network["rivers"]):
        check_river(c, obj, river, extent)
    lakes = [o for o in bpy.data.objects if o.name.startswith("lake ")]
    c.expect(len(lakes) == len(network["lakes"]), f"{len(lakes)} lakes, rivers.json has {len(network['lakes'])}")
    for obj, lake in zip(sorted(lakes, key=lambda o: o.name), network["lakes"]):
        c.expect(abs(obj.matrix_world.translation.z - lake["level"]) < FLOAT_EPS, f"{obj.name}: not at its level")
        c.expect(len(obj.data.splines[0].points) == len(lake["polygon"]) - 1, f"{obj.name}: outline points")
    coast = [o for o in bpy.data.objects if o.name.startswith("coast ")]
    c.expect(len(coast) == len(network["coast"]), f"{len(coast)} coast lines, rivers.json has {len(network['coast'])}")
    print(f"network: {len(rivers)} rivers, {len(lakes)} lakes, {len(coast)} coast lines")


def check_river(c, obj, river, extent):
    """Points at (x, −y, z) inside the map (Blender's Y ≤ 0 is south of its north edge), radius half
    the width, discharge and velocity per point. (Not "on the terrain": a wide sheet of rain water's
    discharge-weighted centre may lie over a hump of the ground it flows round.)"""
    points = obj.data.splines[0].points
    c.expect(len(points) == len(river["points"]), f"{obj.name}: {len(points)} points, the file {len(river['points'])}")
    off = outside = 0
    for point, p in zip(points, river["points"]):
        x, y, z = point.co.x, point.co.y, point.co.z
        off += abs(x - p["x"]) > 1e-3 or abs(y + p["y"]) > 1e-3 or abs(z - p["z"]) > 1e-3 \
            or abs(point.radius - p["width"] / 2) > 1e-3
        outside += not (0 <= x <= extent[0] and 0 <= -y <= extent[1])
    c.expect(off == 0, f"{obj.name}: {off} points not at the file's position or half-width")
    c.expect(outside == 0, f"{obj.name}: {outside} points outside the map")
    for key in ("discharge", "velocity", "width"):
        got = list(obj[key]) if key in obj else []
        want = [p[key] for p in river["points"]]
        c.expect(len(got) == len(want) and all(abs(a - b) < 1e-6 for a, b in zip(got, want)),
                 f"{obj.name}: custom property {key} differs from rivers.json")
    c.expect(obj.data.bevel_depth > 0, f"{obj.name}: no bevel")


def check_good(c, folder, source=None):
    result = bpy.ops.import_scene.riverbed_bundle(filepath=source or os.path.join(folder, "manifest.json"))
    c.expect(result == {"FINISHED"}, f"operator returned {result}")
    manifest = rbcheck.load_json(os.path.join(folder, "manifest.json"))
    check_meshes(c, manifest)
    check_network(c, rbcheck.load_json(os.path.join(folder, "rivers.json")))
    collections = {coll.name for o in bpy.data.objects for coll in o.users_collection}
    c.expect(collections == {f"Riverbed {manifest['map']}"}, f"objects in collections {collections}")


def check_damaged(c, module, folder, damaged):
    """The module's own function gives the warnings the operator reports; then the operator itself."""
    result = module.bundle.import_bundle(bpy.context, folder)
    for name in damaged:
        c.expect(any(os.path.join(folder, name) in w for w in result.warnings), f"no warning names {name}: {result.warnings}")
    for w in result.warnings:
        print(f"warning: {w}")
    kinds = {o.name.split(" ")[0].split(".")[0] for o in result.objects}
    print(f"imported despite the damage: {sorted(kinds)}")
    c.expect(len(result.warnings) == len(damaged), f"{len(result.warnings)} warnings for {len(damaged)} damaged files")
    c.expect(bool(result.objects), "nothing imported from the undamaged files")
    rbcheck.empty_scene()
    addon_utils.enable(ADDON, default_set=True)
    op = bpy.ops.import_scene.riverbed_bundle(filepath=os.path.join(folder, "manifest.json"))
    c.expect(op == {"FINISHED"}, f"operator on the damaged bundle returned {op}")
    return kinds


def check_rbmap(c, folder, path):
    global CLI
    CLI = os.environ["RIVERBED_CLI"]
    check_good(c, folder, path)
    splats = [i for i in bpy.data.images if os.path.basename(i.filepath) == "splat.png"]
    c.expect(len(splats) == 1 and splats[0].packed_file is not None, "the .rbmap's splat image is not packed")
    rbcheck.empty_scene()
    addon_utils.enable(ADDON, default_set=True)
    os.environ["RIVERBED_CLI"] = os.path.join(os.path.dirname(path), "no-such-riverbed-cli")
    try:
        bpy.ops.import_scene.riverbed_bundle(filepath=path)
        c.expect(False, "no riverbed-cli, yet the .rbmap import did not report an error")
    except RuntimeError as error:  # an operator's ERROR report, raised when called from Python
        print(f"without riverbed-cli: {error}")
        c.expect("riverbed-cli not found" in str(error), f"error without riverbed-cli: {error}")
    c.expect(not bpy.data.objects, "objects made although the map could not be exported")
    os.environ["RIVERBED_CLI"] = CLI
    decimated(c, path)


def decimated(c, path, budget=500):
    """A .rbmap at a triangle budget: the terrain gets at most that many triangles."""
    rbcheck.empty_scene()
    addon_utils.enable(ADDON, default_set=True)
    result = bpy.ops.import_scene.riverbed_bundle(filepath=path, triangles=budget)
    terrain = bpy.data.objects.get("terrain")
    faces = len(terrain.data.polygons) if terrain else 0
    print(f".rbmap at {budget} triangles: terrain {faces} triangles")
    c.expect(result == {"FINISHED"} and 0 < faces <= budget, f"terrain at budget {budget}: {faces} triangles")


def main():
    args = rbcheck.script_args()
    folder = args[0]
    c = rbcheck.Checks(f"add-on on {os.path.basename(folder)}")
    rbcheck.empty_scene()
    module = enable(c)
    if "--damaged" in args:
        kinds = check_damaged(c, module, folder, args[args.index("--damaged") + 1:])
        expected = json.loads(os.environ.get("RIVERBED_EXPECT_KINDS", "[]"))
        c.expect(sorted(kinds) == sorted(expected), f"imported {sorted(kinds)}, expected {sorted(expected)}")
    elif "--rbmap" in args:
        check_rbmap(c, folder, args[args.index("--rbmap") + 1])
    else:
        check_good(c, folder)
    c.finish()


if __name__ == "__main__":
    main()
