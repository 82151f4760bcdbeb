"""The import operator: picks a bundle's manifest.json (or its folder) and reports what it could not
read as warnings, never as a traceback."""
import os

import bpy
from bpy_extras.io_utils import ImportHelper

from . import bundle
from . import rbmap


class ImportRiverbedBundle(bpy.types.Operator, ImportHelper):
    """Import a Riverbed engine bundle (manifest.json) or map (.rbmap): terrain, water, rivers, lakes, coast, splat"""

    bl_idname = "import_scene.riverbed_bundle"
    bl_label = "Import Riverbed bundle"
    bl_options = {"REGISTER", "UNDO"}

    filename_ext = ".json"
    filter_glob: bpy.props.StringProperty(default="manifest.json;*.rbmap", options={"HIDDEN"})
    triangles: bpy.props.IntProperty(
        name="Terrain triangles (.rbmap)", default=0, min=0, max=100_000_000,
        description="For a .rbmap: the terrain and water meshes' triangle budget (riverbed-cli export "
                    "--triangles); 0 keeps the bundle's 200 000. A bundle's meshes.glb is imported as it is")

    def execute(self, context):
        path = self.filepath
        folder = path if os.path.isdir(path) else os.path.dirname(path)
        try:
            result = rbmap.import_map(context, path, self.triangles) if path.endswith(".rbmap") else bundle.import_bundle(context, folder)
        except (OSError, RuntimeError) as error:  # riverbed-cli missing, or refusing the map
            self.report({"ERROR"}, f"{path}: {error}")
            return {"CANCELLED"}
        for warning in result.warnings:
            self.report({"WARNING"}, warning)
        if not result.objects:
            self.report({"ERROR"}, f"{folder}: nothing imported")
            return {"CANCELLED"}
        self.report({"INFO"}, f"Riverbed bundle: {len(result.objects)} objects from {folder}")
        return {"FINISHED"}
