#pragma once

#include "io/flow/VelocityField.h"

#include <array>
#include <optional>
#include <string_view>

namespace rb::io {

// Which way a green value above 0.5 points. Flow shaders add the decoded vector to texture
// coordinates, so green follows the texture's v axis: down the image where v starts at the top
// (Direct3D-style: Unreal, Godot) and up the image where it starts at the bottom (OpenGL-style:
// Unity). Red is always east (u, to the right). See docs/export.md.
enum class FlowGreen {
    South, // v down the image: rows increase southwards
    North, // v up the image
};

std::string_view flowGreenName(FlowGreen green); // "south", "north"
std::optional<FlowGreen> parseFlowGreen(std::string_view name);

// A flow map: the velocity in two channels of [0, 1], 0.5 meaning no flow:
//   red   = 0.5 + 0.5 · v_east / scale
//   green = 0.5 + 0.5 · v_green / scale   (v_green = v_south, or −v_south for FlowGreen::North)
// clamped to [0, 1]; a shader decodes v = (rg · 2 − 1) · scale. `scale` is the speed (m/s) of a
// full deflection.
struct FlowMapEncoding {
    double scale = 1.0;
    FlowGreen green = FlowGreen::South;
};

// The largest speed |v| of the field (0 if the water is still everywhere).
double maxSpeed(const FloatField& vx, const FloatField& vy);

// The speed below which `fraction` (0..1] of the moving cells lie (0 if none moves). Wetting fronts
// can show a few cells with absurd speeds (a film just over the wet threshold fed by a deep
// neighbour); a flow-map scale from a high percentile keeps them from flattening the rest.
double speedPercentile(const FloatField& vx, const FloatField& vy, double fraction);

// The red and green channels for velocity components east (vx) and south (vy).
std::array<FloatField, 2> encodeFlowMap(const FloatField& vx, const FloatField& vy, const FlowMapEncoding& encoding);

} // namespace rb::io
