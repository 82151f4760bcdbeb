"""Renders docs/blender-island.png headless: a bundle imported with the add-on (terrain with its
splat material, water, rivers as curves), seen from the south-east, Cycles on the CPU. Run:
  riverbed-cli generate --preset island --size 256 --param cell_size=4 -o island.rbmap
  riverbed-cli simulate island.rbmap --steps 3000 -o island.rbmap
  riverbed-cli export island.rbmap --bundle island --engine godot
  BLENDER_USER_SCRIPTS=PREFIX/share/blender/scripts \
    blender -b --factory-startup --python resources/blender/render_island.py -- island docs/blender-island.png
(Debian 12's Cycles has no OpenImageDenoise, hence a small frame and a wide pixel filter.)"""
import math
import os
import sys

import addon_utils
import bpy

RIVER_COLOUR = (0.05, 0.35, 0.95, 1.0)


def args():
    argv = sys.argv
    return argv[argv.index("--") + 1:]


def river_material():
    material = bpy.data.materials.new("river")
    material.use_nodes = True
    bsdf = material.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = RIVER_COLOUR
    bsdf.inputs["Emission"].default_value = RIVER_COLOUR
    bsdf.inputs["Emission Strength"].default_value = 0.6
    return material


def style_rivers():
    material = river_material()
    for obj in bpy.data.objects:
        if obj.name.startswith("river "):
            obj.data.materials.append(material)
            obj.location.z += 1.0  # above the water surface the curve follows, so that it shows


def bounds(obj):
    vs = [obj.matrix_world @ v.co for v in obj.data.vertices]
    return [min(v[i] for v in vs) for i in range(3)], [max(v[i] for v in vs) for i in range(3)]


def camera_and_light(terrain):
    lo, hi = bounds(terrain)
    centre = ((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, 0.0)
    size = hi[0] - lo[0]
    target = bpy.data.objects.new("target", None)
    target.location = centre
    bpy.context.scene.collection.objects.link(target)
    camera = bpy.data.objects.new("camera", bpy.data.cameras.new("camera"))
    camera.location = (centre[0] + 0.55 * size, centre[1] - 0.75 * size, 0.7 * size)
    camera.data.lens, camera.data.clip_end = 40, 10 * size
    track = camera.constraints.new("TRACK_TO")
    track.target, track.track_axis, track.up_axis = target, "TRACK_NEGATIVE_Z", "UP_Y"
    bpy.context.scene.collection.objects.link(camera)
    bpy.context.scene.camera = camera
    sun = bpy.data.objects.new("sun", bpy.data.lights.new("sun", "SUN"))
    sun.data.energy = 3.5
    sun.rotation_euler = (math.radians(50), 0.0, math.radians(35))
    bpy.context.scene.collection.objects.link(sun)


def render_settings(scene, out):
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = 32
    scene.cycles.use_denoising = False
    scene.cycles.max_bounces = 3
    scene.cycles.filter_width = 2.0
    scene.render.resolution_x, scene.render.resolution_y, scene.render.resolution_percentage = 640, 360, 100
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 100
    scene.render.filepath = out
    world = bpy.data.worlds.new("sky")
    world.use_nodes = True
    world.node_tree.nodes["Background"].inputs["Color"].default_value = (0.55, 0.7, 0.9, 1.0)
    world.node_tree.nodes["Background"].inputs["Strength"].default_value = 0.8
    scene.world = world


def main():
    folder, out = args()[:2]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable("io_import_riverbed", default_set=True)
    bpy.ops.import_scene.riverbed_bundle(filepath=os.path.join(folder, "manifest.json"))
    style_rivers()
    camera_and_light(bpy.data.objects["terrain"])
    render_settings(bpy.context.scene, os.path.abspath(out))
    bpy.ops.render.render(write_still=True)


main()
