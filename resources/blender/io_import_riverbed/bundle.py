"""Reads an engine bundle's parts into Blender. Each part is imported on its own, so a missing or
damaged file costs only its own objects: the caller gets a warning naming the file.

Frame: the bundle's files are in the map's frame, x east, y south, z up, metres, the map's
north-west corner at the origin. Blender is Z-up with +Y north, so a map point (x, y, z) is placed at
(x, −y, z): where Blender's glTF importer puts the meshes.glb vertices (glTF +Z south → Blender −Y).
"""
import json
import os

import bpy

from . import curves
from . import splat

# The bundle's own names (riverbed-cli export --bundle); used when the manifest cannot be read.
DEFAULT_FILES = {"meshes": "meshes.glb", "rivers": "rivers.json", "splat": "splat.png"}
# What a part's reader may raise on a damaged file; anything else is a bug to see, not to hide.
DAMAGE = (OSError, ValueError, KeyError, TypeError, IndexError, RuntimeError, AttributeError)


class ImportResult:
    def __init__(self):
        self.objects = []
        self.warnings = []


def import_bundle(context, folder):
    """Every part of the bundle in FOLDER into a new collection named after the map."""
    result = ImportResult()
    manifest = read_manifest(folder, result)
    collection = bpy.data.collections.new(f"Riverbed {manifest.get('map', os.path.basename(folder))}")
    context.scene.collection.children.link(collection)
    files = files_by_role(manifest)
    meshes = run_part(result, folder, files["meshes"], lambda p: import_meshes(context, p))
    terrain = next((o for o in meshes or [] if o.name.startswith("terrain")), None)
    run_part(result, folder, files["rivers"], curves.import_network)
    run_part(result, folder, files["splat"], lambda p: splat.import_material(p, terrain))
    for obj in result.objects:
        move_to(obj, collection)
    return result


def read_manifest(folder, result):
    path = os.path.join(folder, "manifest.json")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
        if manifest.get("generator") != "riverbed" or not isinstance(manifest.get("files"), list):
            raise ValueError("not a Riverbed bundle manifest (no generator \"riverbed\" or no files list)")
        return manifest
    except DAMAGE as error:
        result.warnings.append(f"{path}: {reason(error)}; trying the bundle's usual file names")
        return {}


def files_by_role(manifest):
    files = dict(DEFAULT_FILES)
    for entry in manifest.get("files", []):
        if isinstance(entry, dict) and entry.get("role") in files and isinstance(entry.get("path"), str):
            files[entry["role"]] = entry["path"]
    return files


def run_part(result, folder, name, reader):
    """READER(path) → objects; a damaged or missing file becomes a warning naming it."""
    path = os.path.join(folder, name)
    if not os.path.isfile(path):
        result.warnings.append(f"{path}: missing; imported the rest of the bundle")
        return None
    try:
        objects = reader(path)
    except DAMAGE as error:
        result.warnings.append(f"{path}: {reason(error)}; imported the rest of the bundle")
        return None
    result.objects.extend(objects)
    return objects


def reason(error):
    """The last line of an error's message, without the "Error: " an operator's report starts with."""
    text = str(error).strip().splitlines()
    last = text[-1] if text else type(error).__name__
    return last[len("Error: "):] if last.startswith("Error: ") else last


def import_meshes(context, path):
    """meshes.glb through Blender's own glTF importer: objects terrain and water."""
    import numpy
    # Debian 12's Blender 3.4 glTF importer calls numpy.bool, which numpy 1.24 (Debian 12's) removed.
    if "bool" not in vars(numpy):  # (hasattr would warn: numpy 1.24 warns on the expired alias)
        numpy.bool = bool
    before = set(bpy.data.objects)
    if bpy.ops.import_scene.gltf(filepath=path) != {"FINISHED"}:
        raise RuntimeError("Blender's glTF importer could not read it")
    objects = [o for o in bpy.data.objects if o not in before]
    if not any(o.name.startswith("terrain") for o in objects):
        raise ValueError("holds no terrain mesh")
    return objects


def move_to(obj, collection):
    for owner in list(obj.users_collection):
        owner.objects.unlink(obj)
    collection.objects.link(obj)
