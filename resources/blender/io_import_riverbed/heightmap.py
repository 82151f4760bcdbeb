"""File › Export › Riverbed heightmap (.exr): a terrain mesh edited in Blender back to Riverbed.
Samples the mesh straight down at a grid of cell centres and writes 32-bit float metres, north row
first, which `riverbed-cli import FILE.exr --cell-size DX` reads at the same size and cell size.
The grid starts at the mesh's north-west vertex (the first cell centre of a Riverbed terrain) and
has round(extent / DX) + 1 samples a side: a 64 × 64 map at 2 m spans 126 m, so 64 samples again."""
import bpy
from bpy_extras.io_utils import ExportHelper
from mathutils.bvhtree import BVHTree


# 32-bit float, lossless. Blender 3.4 still writes R, G and B (equal) for BW; riverbed-cli import reads R.
EXR_SETTINGS = {"file_format": "OPEN_EXR", "color_mode": "BW", "color_depth": "32", "exr_codec": "ZIP"}


def grid_of(obj, cell_size):
    vs = [obj.matrix_world @ v.co for v in obj.data.vertices]
    x0, x1 = min(v.x for v in vs), max(v.x for v in vs)
    y0, y1 = min(v.y for v in vs), max(v.y for v in vs)
    cols, rows = round((x1 - x0) / cell_size) + 1, round((y1 - y0) / cell_size) + 1
    top = max(v.z for v in vs) + 1.0
    return vs, (x0, y1, cols, rows, top)


def sample_heights(obj, cell_size):
    """Rows north to south of heights in metres; a point the mesh does not cover is an error."""
    vs, (x0, y_north, cols, rows, top) = grid_of(obj, cell_size)
    tree = BVHTree.FromPolygons(vs, [tuple(p.vertices) for p in obj.data.polygons])
    heights = []
    for j in range(rows):
        y, dy = y_north - j * cell_size, inward(j, rows, -1.0)
        row = []
        for i in range(cols):
            x, dx = x0 + i * cell_size, inward(i, cols, 1.0)
            z = height_below(tree, x, y, top, (dx, dy))
            if z is None:
                raise ValueError(f"{obj.name}: no surface under ({x:.2f}, {y:.2f}); is it a terrain seen from above?")
            row.append(z)
        heights.append(row)
    return heights


def inward(index, count, sign):
    """Which way is into the grid from its first or last sample (0 between them)."""
    return sign if index == 0 else -sign if index == count - 1 else 0.0


def height_below(tree, x, y, top, into):
    """The mesh's height under (x, y). A ray exactly along a border edge may miss it, so a missed
    border sample is retried a few float32 steps (2⁻²³ of the coordinate) further in each time:
    the first hit is at most a few µm … 0.1 mm from the border, well within float32 heights."""
    step = 2.0 ** -23 * max(abs(x), abs(y), 1.0)
    for k in (0, 1, 4, 16, 64):
        hit = tree.ray_cast((x + into[0] * k * step, y + into[1] * k * step, top), (0.0, 0.0, -1.0))
        if hit[0] is not None:
            return hit[0].z
        if into == (0.0, 0.0):
            break
    return None


def write_exr(heights, path):
    rows, cols = len(heights), len(heights[0])
    image = bpy.data.images.new("riverbed heightmap", cols, rows, float_buffer=True, is_data=True)
    pixels = [0.0] * (rows * cols * 4)
    for j, row in enumerate(heights):
        base = (rows - 1 - j) * cols  # Blender's pixel rows run bottom (south) to top (north)
        for i, z in enumerate(row):
            pixels[(base + i) * 4:(base + i) * 4 + 4] = (z, z, z, 1.0)
    image.pixels.foreach_set(pixels)
    settings = bpy.context.scene.render.image_settings
    saved = {key: getattr(settings, key) for key in EXR_SETTINGS}
    try:
        for key, value in EXR_SETTINGS.items():
            setattr(settings, key, value)
        image.save_render(path, scene=bpy.context.scene)
    finally:  # the scene's own output settings are the user's: leave them as they were
        for key, value in saved.items():
            setattr(settings, key, value)
        bpy.data.images.remove(image)
    return rows, cols


class ExportRiverbedHeightmap(bpy.types.Operator, ExportHelper):
    """Write the active terrain mesh as a heightmap that riverbed-cli import reads"""

    bl_idname = "export_scene.riverbed_heightmap"
    bl_label = "Export Riverbed heightmap"
    filename_ext = ".exr"
    filter_glob: bpy.props.StringProperty(default="*.exr", options={"HIDDEN"})
    cell_size: bpy.props.FloatProperty(name="Cell size (m)", default=2.0, min=0.1, max=1000.0)

    @classmethod
    def poll(cls, context):
        return context.active_object is not None and context.active_object.type == "MESH"

    def execute(self, context):
        try:
            rows, cols = write_exr(sample_heights(context.active_object, self.cell_size), self.filepath)
        except (ValueError, RuntimeError, OSError) as error:
            self.report({"ERROR"}, f"{self.filepath}: {error}")
            return {"CANCELLED"}
        self.report({"INFO"}, f"{self.filepath}: {cols} × {rows} heights; riverbed-cli import "
                              f"{bpy.path.basename(self.filepath)} --cell-size {self.cell_size:g} -o MAP.rbmap")
        return {"FINISHED"}
