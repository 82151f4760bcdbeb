#include "panels/StartUpIsland.h"

namespace rb::panels {

gen::GeneratorSettings startUpIsland(int cells, std::int64_t seed, double cellSize)
{
    gen::GeneratorSettings settings(gen::Preset::Island);
    settings.common.width = cells;
    settings.common.height = cells;
    settings.common.seed = seed;
    settings.common.cellSize = cellSize;
    return settings;
}

gen::GeneratorSettings presetDefaults(gen::Preset preset)
{
    return preset == gen::Preset::Island ? startUpIsland() : gen::GeneratorSettings(preset);
}

} // namespace rb::panels
