#pragma once

#include "currents/CurrentsSettings.h"
#include "model/Field.h"

namespace rb {

// The depth below which water is coast for the current (docs/solver.md, "Currents", "Shallow water
// is coast"): max(settings.wetDepth, min(settings.shallowDepth, settings.shallowFraction × the
// deepest water on the map)). The lake equations have no bottom friction, so a current's speed
// does not depend on the depth: a film a few decimetres deep linking two parts of a sea carried
// 16 m/s in 13 cm of water across a headland of the archipelago preset (potential flow of a
// 0.4 m/s current), and the jet it shot into the sea kept the solve from settling. In the sea,
// bottom friction (a drag coefficient of about 0.0025) stops a current in such water within a few
// hundred metres; its flow is the surf's and the rivers' (the water's step), not the sea current's.
// The fraction keeps a map whose water is all shallow (a lagoon, a flooded plain) from losing it.
float currentDepthThreshold(const FloatField& depth, const CurrentsSettings& settings);

// Whether any cell along a side with a prescribed current holds water deeper than the threshold
// above: without one no current enters or leaves (the lakes preset's water lies inland), and a
// solve would give still water everywhere without a word.
bool waterReachesAnOpenSide(const FloatField& depth, const CurrentsSettings& settings);

} // namespace rb
