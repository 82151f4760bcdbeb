"""Compares two .npy rasters in Blender's Python (the host's python3 may lack numpy): same shape, and
B − A equal to OFFSET everywhere within TOLERANCE. Arguments (after `--`): A.npy B.npy OFFSET TOLERANCE"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rbcheck  # noqa: E402
import numpy  # noqa: E402

a_path, b_path, offset, tolerance = rbcheck.script_args()[:4]
a, b = numpy.load(a_path).astype(float), numpy.load(b_path).astype(float)
c = rbcheck.Checks("round trip")
if c.expect(a.shape == b.shape, f"{b_path}: shape {b.shape}, the original {a.shape}"):
    worst = float(numpy.abs(b - a - float(offset)).max())
    print(f"round trip: {a.shape[1]} × {a.shape[0]}, largest |imported − original − {offset}| = {worst:.6f} m")
    c.expect(worst <= float(tolerance), f"heights differ by up to {worst:.6f} m, tolerance {tolerance}")
c.finish()
