#pragma once

#include "io/export/BundleItem.h"
#include "model/Map.h"

#include <memory>
#include <vector>

namespace rb::analysis {

// The river network as a part of the engine bundle: rivers.json, the file `export --rivers`
// writes (docs/export.md), at the default threshold. It needs the whole map (the sea level comes
// from the boundary), and lives here rather than in io::bundleItems because analysis is built on io.
// `map` must outlive the bundle's writing; it may be null where only file names are wanted.
io::BundleItem riversBundleItem(std::shared_ptr<const Map> map);

// Every part of an engine bundle: io::bundleItems(engine), then the river network.
std::vector<io::BundleItem> engineBundleItems(io::Engine engine, std::shared_ptr<const Map> map);

} // namespace rb::analysis
