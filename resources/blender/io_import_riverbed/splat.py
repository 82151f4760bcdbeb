"""The bundle's splat map as the terrain's material: the four weights of splat.png (R slope/rock,
G ground, B wet, A shore; they sum to 255) mix four colours, so the masks are the exported file,
read as data. The terrain's UVs (glTF TEXCOORD_0) span the map, so the texels line up with it."""
import bpy

LAYER_COLOURS = {  # channel: (layer, a colour to start from; replace with textures)
    "R": ("slope", (0.35, 0.33, 0.31, 1.0)),
    "G": ("ground", (0.22, 0.35, 0.12, 1.0)),
    "B": ("wet", (0.10, 0.16, 0.20, 1.0)),
    "A": ("shore", (0.62, 0.55, 0.38, 1.0)),
}


def import_material(path, terrain):
    image = load_mask(path)
    material = bpy.data.materials.new("riverbed splat")
    material.use_nodes = True
    build_nodes(material.node_tree, image)
    material["splat"] = bpy.path.basename(path)
    material["channels"] = {c: layer for c, (layer, _) in LAYER_COLOURS.items()}
    if terrain is not None:
        terrain.data.materials.clear()
        terrain.data.materials.append(material)
    return []


def load_mask(path):
    image = bpy.data.images.load(path, check_existing=False)
    image.colorspace_settings.name = "Non-Color"  # weights, not colours
    image.alpha_mode = "CHANNEL_PACKED"  # alpha is the shore weight, not transparency
    if image.size[0] == 0 or image.channels != 4:
        bpy.data.images.remove(image)
        raise ValueError("not a readable RGBA image")
    return image


def build_nodes(tree, image):
    nodes, links = tree.nodes, tree.links
    bsdf = nodes.get("Principled BSDF")
    texture = nodes.new("ShaderNodeTexImage")
    texture.image, texture.interpolation, texture.location = image, "Linear", (-900, 300)
    separate = nodes.new("ShaderNodeSeparateColor")
    separate.location = (-600, 300)
    links.new(texture.outputs["Color"], separate.inputs["Color"])
    weights = {"R": separate.outputs[0], "G": separate.outputs[1], "B": separate.outputs[2],
               "A": texture.outputs["Alpha"]}
    total = None
    for i, (channel, (layer, colour)) in enumerate(LAYER_COLOURS.items()):
        term = weighted_colour(nodes, links, layer, colour, weights[channel], (-300, 400 - 150 * i))
        total = term if total is None else add(nodes, links, total, term, (0, 400 - 150 * i))
    links.new(total, bsdf.inputs["Base Color"])


def weighted_colour(nodes, links, layer, colour, weight, location):
    scale = nodes.new("ShaderNodeVectorMath")
    scale.operation, scale.label, scale.location = "SCALE", layer, location
    scale.inputs[0].default_value = colour[:3]
    links.new(weight, scale.inputs["Scale"])
    return scale.outputs["Vector"]


def add(nodes, links, a, b, location):
    node = nodes.new("ShaderNodeVectorMath")
    node.operation, node.location = "ADD", location
    links.new(a, node.inputs[0])
    links.new(b, node.inputs[1])
    return node.outputs["Vector"]
