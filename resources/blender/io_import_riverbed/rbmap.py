"""A Riverbed map (.rbmap) straight into Blender: riverbed-cli writes its engine bundle into a
temporary folder, which is imported like any bundle; the splat image is then packed into the
.blend and the folder removed. riverbed-cli is looked for as $RIVERBED_CLI, then on PATH."""
import os
import shutil
import subprocess
import tempfile

import bpy

from . import bundle

TIMEOUT_SECONDS = 600  # a 4097² map's bundle takes minutes; anything longer is stuck


def find_cli():
    cli = os.environ.get("RIVERBED_CLI") or shutil.which("riverbed-cli")
    if not cli or not os.access(cli, os.X_OK):
        raise FileNotFoundError("riverbed-cli not found (install Riverbed, or set RIVERBED_CLI to the program)")
    return cli


def run_cli(arguments):
    command = [find_cli(), *arguments]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False)
    except subprocess.TimeoutExpired as error:
        raise RuntimeError(f"riverbed-cli export took over {TIMEOUT_SECONDS} s") from error
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        raise RuntimeError(lines[-1] if lines else f"riverbed-cli export failed (exit {done.returncode})")


def write_bundle(path, folder, triangles):
    """The map's Godot bundle; TRIANGLES > 0 replaces its meshes.glb by one at that budget (the
    bundle itself always uses the default, 200 000)."""
    run_cli(["export", path, "--bundle", folder, "--engine", "godot"])
    if triangles > 0:
        run_cli(["export", path, "--gltf", os.path.join(folder, "meshes.glb"), "--triangles", str(triangles)])


def import_map(context, path, triangles=0):
    """Like bundle.import_bundle, for a .rbmap; a map riverbed-cli cannot export raises with its message."""
    folder = tempfile.mkdtemp(prefix="riverbed-bundle-")
    try:
        write_bundle(path, os.path.join(folder, "bundle"), triangles)
        result = bundle.import_bundle(context, os.path.join(folder, "bundle"))
        for image in bpy.data.images:
            if image.filepath and os.path.abspath(bpy.path.abspath(image.filepath)).startswith(folder):
                image.pack()  # the folder goes: keep the splat masks in the .blend
        return result
    finally:
        shutil.rmtree(folder, ignore_errors=True)
