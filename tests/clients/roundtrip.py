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
