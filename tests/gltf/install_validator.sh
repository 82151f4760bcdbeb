#!/usr/bin/env bash
# CTest fixture: installs the Khronos glTF validator (npm package gltf-validator) under PREFIX.
# Fails, never skips, when npm or the network is missing: the glTF tests must not pass unchecked.
set -euo pipefail
prefix="$1"
if [ -f "$prefix/node_modules/gltf-validator/package.json" ]; then
  echo "gltf-validator already installed under $prefix"
  exit 0
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "glTF validation needs Node.js and npm (Debian packages nodejs and npm, listed in .ci/deps)" >&2
  exit 1
fi
if ! npm install --no-audit --no-fund --prefix "$prefix" gltf-validator; then
  echo "npm could not install gltf-validator (no network or registry?); the glTF validation test cannot run" >&2
  exit 1
fi
