"""Round trip, in Blender: import a bundle with the add-on, edit the terrain (lift it by LIFT metres),
export it with File › Export › Riverbed heightmap. Arguments (after `--`): BUNDLE_DIR OUT.exr LIFT"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rbcheck  # noqa: E402
from rbcheck import bpy  # noqa: E402
import addon_utils  # noqa: E402

folder, out, lift = rbcheck.script_args()[:3]
rbcheck.empty_scene()
addon_utils.enable("io_import_riverbed", default_set=True)
assert bpy.ops.import_scene.riverbed_bundle(filepath=os.path.join(folder, "manifest.json")) == {"FINISHED"}
terrain = bpy.data.objects["terrain"]
for v in terrain.data.vertices:  # the edit: the whole terrain lifted
    v.co.z += float(lift)
bpy.context.view_layer.objects.active = terrain
cell = rbcheck.load_json(os.path.join(folder, "manifest.json"))["cellSize"]
result = bpy.ops.export_scene.riverbed_heightmap(filepath=out, cell_size=cell)
if result != {"FINISHED"}:
    raise SystemExit(f"export returned {result}")
fmt = bpy.context.scene.render.image_settings.file_format
if fmt != "PNG":  # the factory default: the export must leave the user's output settings alone
    raise SystemExit(f"the export left the scene's output format at {fmt}")
print(f"roundtrip: wrote {out}")

# A mesh that does not cover its own bounding box seen from above (the terrain turned 45°): the
# export must refuse with a message that names the point, write nothing, and raise no traceback.
terrain.rotation_mode = "XYZ"  # the glTF importer leaves objects in quaternion mode
terrain.rotation_euler.z = 0.785398
bpy.context.view_layer.update()
refused = os.path.join(os.path.dirname(out), "refused.exr")
try:
    bpy.ops.export_scene.riverbed_heightmap(filepath=refused, cell_size=cell)
    raise SystemExit("a turned terrain was exported although the grid's corners have no surface")
except RuntimeError as error:  # the operator's ERROR report, raised when called from Python
    print(f"turned terrain: {error}")
    if "no surface under" not in str(error) or os.path.exists(refused):
        raise SystemExit(f"turned terrain: unexpected outcome ({os.path.exists(refused)}): {error}") from error
