#pragma once

#include "generator/Preset.h"
#include "generator/PresetParams.h"

#include <optional>
#include <string>
#include <string_view>

namespace rb::gen {

// Every parameter of one generator run: the preset, the common values and the preset's own.
// The structs may be written directly (the editor's dock) or through setParam (the CLI); either
// way validate() checks them against the parameter table before a run.
class GeneratorSettings {
public:
    explicit GeneratorSettings(Preset preset = Preset::Island); // the preset's defaults

    Preset preset() const { return preset_; }

    // Sets one key from text. Returns an empty string on success, else a message naming the key
    // and what it accepts; the settings are then unchanged.
    std::string setParam(std::string_view key, std::string_view value);

    // The current value of a key as text (choices by name); nullopt for a key the preset lacks.
    std::optional<std::string> paramText(std::string_view key) const;

    // Empty when every value lies in its range and the values agree with each other, else the
    // first problem, naming the key(s).
    std::string validate() const;

    // The preset and every key it uses with its value, as a JSON object (Map::generatorSettings).
    std::string toJson() const;

    CommonParams common;
    IslandParams island;
    RiverParams river;
    ArchipelagoParams archipelago;
    LakesParams lakes;
    CoastalRiverParams coastalRivers; // island and archipelago
    MaterialParams material;          // every preset: the erodibility
    ErodeParams erode;                // every preset: the erode stage

private:
    std::string unknownKeyMessage(std::string_view key) const;
    std::string crossCheck() const;

    Preset preset_;
};

} // namespace rb::gen
