#pragma once

#include "model/SimParams.h"

#include <string>
#include <string_view>
#include <vector>

namespace rb {

// Which flow models read a parameter (a bit each).
enum ModelUse : unsigned { kPipesOnly = 1u, kMomentumOnly = 2u, kBothModels = 3u };

// How a parameter stands in a map's header (docs/map-format.md).
enum class HeaderPresence {
    Required,    // in every version: a header without it is refused
    Optional,    // written always since a later version: absent means the default
    WhenSet,     // written only when not 0, so a map without it keeps its older header
};

// One row of the simulation parameter table: the single description of a plain number of
// SimParams that the map header, `riverbed-cli simulate` (options, help, the warning for a model
// that ignores it), `info`, SimParams::validate and the editor's Simulation dock all read. A new
// parameter of this kind is its field in SimParams, its row here, and the step that uses it.
// (The time step, the pipe mode, the flow model, the batch size and erosion have rows of their
// own kind in those places: each is more than a number.)
struct SimParamSpec {
    double SimParams::*field;
    std::string_view key;       // the header's JSON key; the dock's box is named after it
    std::string_view option;    // simulate --OPTION
    std::string_view valueName; // in simulate --help
    std::string_view infoKey;   // info's JSON key
    std::string_view name;      // in messages: "eddy viscosity must lie in …"
    std::string_view label;     // the dock's row
    std::string_view unit;      // SI, in messages and help
    double minimum;             // inclusive
    double maximum;             // inclusive, or exclusive with belowMaximum
    bool belowMaximum;
    unsigned models;            // ModelUse bits
    HeaderPresence header;
    std::string_view help;      // simulate --help
    std::string_view tooltip;   // the dock's, for a level designer
    // The dock's box: its unit (SI = shown × siPerShown), largest value, decimals and step.
    std::string_view shownUnit;
    double siPerShown;
    double shownMaximum;
    int decimals;
    double step;

    bool readBy(FlowModel model) const { return (models & (model == FlowModel::Pipes ? kPipesOnly : kMomentumOnly)) != 0; }
    // Empty when `value` lies in the range, else "NAME must lie in [MIN, MAX] UNIT (got VALUE)".
    std::string check(double value) const;
};

// In the order the dock shows them.
const std::vector<SimParamSpec>& simParamTable();

} // namespace rb
