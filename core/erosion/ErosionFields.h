#pragma once

namespace rb {

// The erosion's view of a map's fields, each W×H (docs/erosion.md).
struct ErosionFields {
    float* bed = nullptr;                 // m, changed by the erosion
    float* sediment = nullptr;            // suspended load, m of bed material
    float* deposition = nullptr;          // net bed change by erosion so far, m
    float* bedRemainder = nullptr;        // what the bed's float has not taken yet, m (MapState::bedRemainder)
    const float* erodibility = nullptr;   // 0 … 1; nullptr: loose soil everywhere
};

} // namespace rb
