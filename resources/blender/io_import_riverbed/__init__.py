"""File › Import › Riverbed bundle: an engine bundle written by `riverbed-cli export --bundle DIR`
(or the editor's File › Export › Engine bundle) as Blender objects. See Riverbed's docs/export.md,
section "Blender"."""

bl_info = {
    "name": "Riverbed bundle importer",
    "author": "Riverbed maintainers",
    "version": (1, 0, 0),
    "blender": (3, 4, 0),
    "location": "File > Import > Riverbed bundle; File > Export > Riverbed heightmap (.exr)",
    "description": "Terrain and water meshes, rivers as curves with width, discharge and velocity, "
                   "lakes, coast and the splat material of a Riverbed engine bundle",
    "category": "Import-Export",
}

if "bpy" in locals():  # Blender's "Reload scripts": pick up edited modules
    import importlib
    importlib.reload(bundle)  # noqa: F821
    importlib.reload(operator)  # noqa: F821
    importlib.reload(heightmap)  # noqa: F821
    importlib.reload(rbmap)  # noqa: F821

import bpy  # noqa: E402

from . import bundle  # noqa: E402,F401
from . import heightmap  # noqa: E402
from . import operator  # noqa: E402
from . import rbmap  # noqa: E402,F401


def menu_entry(self, _context):
    self.layout.operator(operator.ImportRiverbedBundle.bl_idname, text="Riverbed bundle (manifest.json, .rbmap)")


def export_entry(self, _context):
    self.layout.operator(heightmap.ExportRiverbedHeightmap.bl_idname, text="Riverbed heightmap (.exr)")


def register():
    bpy.utils.register_class(operator.ImportRiverbedBundle)
    bpy.utils.register_class(heightmap.ExportRiverbedHeightmap)
    bpy.types.TOPBAR_MT_file_import.append(menu_entry)
    bpy.types.TOPBAR_MT_file_export.append(export_entry)


def unregister():
    bpy.types.TOPBAR_MT_file_export.remove(export_entry)
    bpy.types.TOPBAR_MT_file_import.remove(menu_entry)
    bpy.utils.unregister_class(heightmap.ExportRiverbedHeightmap)
    bpy.utils.unregister_class(operator.ImportRiverbedBundle)
