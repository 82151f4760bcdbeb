"""The import operator: picks a bundle's manifest.json (or its folder) and reports what it could not
read as warnings, never as a traceback."""
import os

import bpy
from bpy_extras.io_utils import ImportHelper

from . import bundle


class ImportRiverbedBundle(bpy.types.Operator, ImportHelper):
    """Import a Riverbed engine bundle: terrain, water, rivers, lakes, coast and splat material"""

    bl_idname = "import_scene.riverbed_bundle"
    bl_label = "Import Riverbed bundle"
    bl_options = {"REGISTER", "UNDO"}

    filename_ext = ".json"
    filter_glob: bpy.props.StringProperty(default="manifest.json", options={"HIDDEN"})

    def execute(self, context):
        path = self.filepath
        folder = path if os.path.isdir(path) else os.path.dirname(path)
        result = bundle.import_bundle(context, folder)
        for warning in result.warnings:
            self.report({"WARNING"}, warning)
        if not result.objects:
            self.report({"ERROR"}, f"{folder}: nothing imported")
            return {"CANCELLED"}
        self.report({"INFO"}, f"Riverbed bundle: {len(result.objects)} objects from {folder}")
        return {"FINISHED"}
