// The folders of core/ are layers (docs/architecture.md): a file may include its own folder and the
// folders below it, never a folder above it or beside it. This reads every #include "…" of core/ from
// the source tree and names each one that breaks the rule, so an include that climbs back up fails
// here (and in CI) instead of growing into a cycle.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Lower number = lower floor. Folders on the same floor are siblings: they may not include each
// other either, so no two folders can ever form a cycle.
const std::map<std::string, int> kCoreFloors = {
    {"ranges", 0}, {"lattice", 1}, {"model", 2}, {"grid", 3}, {"currents", 4}, {"transport", 4},
    {"erosion", 5}, {"solver", 6}, {"io", 7}, {"distributed", 8}, {"generator", 8}, {"analysis", 8},
};

// The wings of core/io among themselves; "" is io/ itself (what composes the wings).
const std::map<std::string, int> kIoFloors = {
    {"text", 0}, {"transaction", 0}, {"flow", 0}, {"raster", 1}, {"map", 1}, {"mesh", 1},
    {"import", 2}, {"export", 2}, {"", 3},
};

// The folders of app/ (docs/architecture.md): the document side (document, commands, session) below
// the window side (view, tools, panels, dialogs, editor); riverbed-cli (cli) beside them all. Every
// app folder may include core/.
const std::map<std::string, int> kAppFloors = {
    {"cli", 0}, {"document", 0}, {"view", 0}, {"dialogs", 0}, {"commands", 1}, {"session", 2},
    {"tools", 2}, {"panels", 3}, {"editor", 4},
};

struct Include {
    fs::path file;
    int line = 0;
    std::string target; // as written: "solver/Solver.h"
};

// The quoted path of a line `#include "…"` (spaces allowed around # and include), if it is one.
// (Read by hand: GCC 12's <regex> trips -Wmaybe-uninitialized in the sanitizer build.)
std::optional<std::string> quotedInclude(const std::string& line)
{
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string::npos || line[i] != '#') return std::nullopt;
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string::npos || line.compare(i, 7, "include") != 0) return std::nullopt;
    i = line.find_first_not_of(" \t", i + 7);
    if (i == std::string::npos || line[i] != '"') return std::nullopt;
    const std::size_t end = line.find('"', i + 1);
    if (end == std::string::npos || end == i + 1) return std::nullopt;
    return line.substr(i + 1, end - i - 1);
}

// Every #include "…" of the .h and .cpp files below `root`, with paths relative to it.
std::vector<Include> quotedIncludesBelow(const fs::path& root)
{
    std::vector<Include> out;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        const std::string ext = entry.path().extension().string();
        if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
        std::ifstream in(entry.path());
        std::string text;
        for (int line = 1; std::getline(in, text); ++line) {
            if (const auto target = quotedInclude(text)) out.push_back({fs::relative(entry.path(), root), line, *target});
        }
    }
    return out;
}

// The folder path of a core-relative path: "io/raster/ExrFile.h" → ["io", "raster"].
std::vector<std::string> foldersOf(const fs::path& path)
{
    std::vector<std::string> parts;
    for (const auto& part : path.parent_path()) parts.push_back(part.string());
    return parts;
}

// Why `from` (a folder path) may not include a file in `to`, or nothing when it may.
std::optional<std::string> climbs(const std::vector<std::string>& from, const std::vector<std::string>& to)
{
    if (from.empty()) return "a file at core/'s root belongs to no layer";
    if (to.empty() || !kCoreFloors.count(to[0])) return "it names no folder of core/ (core includes only core)";
    if (!kCoreFloors.count(from[0])) return "the including folder is not in this test's table of floors";
    if (from[0] != to[0]) {
        if (kCoreFloors.at(to[0]) < kCoreFloors.at(from[0])) return std::nullopt;
        return to[0] + "/ is not below " + from[0] + "/";
    }
    if (from[0] != "io") return std::nullopt;
    const std::string a = from.size() > 1 ? from[1] : "";
    const std::string b = to.size() > 1 ? to[1] : "";
    if (a == b) return std::nullopt;
    if (!kIoFloors.count(a) || !kIoFloors.count(b)) return "io/" + (kIoFloors.count(a) ? b : a) + " is not in this test's table of io's wings";
    if (kIoFloors.at(b) < kIoFloors.at(a)) return std::nullopt;
    return "io/" + b + " is not below io/" + a;
}

// Why app/`from` may not include `target` (as written), or nothing when it may. A path that names
// no app folder is core's (checked above), a file of the includer's own folder, or a generated one.
std::optional<std::string> climbsInApp(const std::string& from, const fs::path& target)
{
    if (!kAppFloors.count(from)) return "app/" + from + "/ is not in this test's table of app floors";
    const std::vector<std::string> to = foldersOf(target);
    if (to.empty() || to[0] == from || !kAppFloors.count(to[0])) return std::nullopt;
    if (kAppFloors.at(to[0]) < kAppFloors.at(from)) return std::nullopt;
    return "app/" + to[0] + "/ is not below app/" + from + "/";
}

TEST(LayeringTest, NoIncludeInAppClimbsUpOrSideways)
{
    const fs::path app = fs::path(RIVERBED_SOURCE_DIR) / "app";
    const std::vector<Include> includes = quotedIncludesBelow(app);
    EXPECT_GT(includes.size(), 500u);
    for (const Include& inc : includes) {
        if (const auto why = climbsInApp(foldersOf(inc.file).at(0), inc.target)) {
            ADD_FAILURE() << "app/" << inc.file.string() << ":" << inc.line << " includes \"" << inc.target << "\": " << *why;
        }
    }
    for (const auto& entry : fs::directory_iterator(app)) {
        if (entry.is_directory()) {
            EXPECT_TRUE(kAppFloors.count(entry.path().filename().string())) << entry.path();
        }
    }
}

TEST(LayeringTest, NoIncludeInCoreClimbsUpOrSideways)
{
    const fs::path core = fs::path(RIVERBED_SOURCE_DIR) / "core";
    const std::vector<Include> includes = quotedIncludesBelow(core);
    for (const Include& inc : includes) {
        if (const auto why = climbs(foldersOf(inc.file), foldersOf(inc.target)))
            ADD_FAILURE() << "core/" << inc.file.string() << ":" << inc.line << " includes \"" << inc.target << "\": " << *why;
    }
}

// The raster formats of core/io/raster, by the format each file reads or writes. A format never
// includes another one: RasterReader and RasterWriter, above them all, pick the one a file needs.
const std::map<std::string, std::string> kRasterFormats = {
    {"ExrFile", "exr"}, {"ExrHeader", "exr"}, {"NpyFile", "npy"}, {"PngRaster", "png"}, {"PngWriter", "png"},
    {"R16File", "r16"}, {"TiffFile", "tiff"}, {"GeoTiffWriter", "gdal"}, {"GdalRaster", "gdal"},
};

TEST(LayeringTest, RasterFormatsNeverIncludeEachOther)
{
    const fs::path core = fs::path(RIVERBED_SOURCE_DIR) / "core";
    int formatFiles = 0;
    for (const Include& inc : quotedIncludesBelow(core)) {
        if (inc.file.parent_path() != "io/raster") continue;
        const auto from = kRasterFormats.find(inc.file.stem().string());
        const auto to = kRasterFormats.find(fs::path(inc.target).stem().string());
        if (from == kRasterFormats.end()) continue;
        ++formatFiles;
        if (to != kRasterFormats.end() && to->second != from->second)
            ADD_FAILURE() << "core/" << inc.file.string() << ":" << inc.line << " (" << from->second << ") includes \"" << inc.target
                          << "\" (" << to->second << ")";
    }
    EXPECT_GT(formatFiles, 0) << "no raster format file found under core/io/raster";
}

// Guards the test above against passing on nothing: the tree it reads is the real one, every folder
// of core/ and of core/io is in its tables, and each table's folder exists.
TEST(LayeringTest, ReadsTheWholeCoreTree)
{
    const fs::path core = fs::path(RIVERBED_SOURCE_DIR) / "core";
    EXPECT_GT(quotedIncludesBelow(core).size(), 500u);
    for (const auto& entry : fs::directory_iterator(core)) {
        if (entry.is_directory()) {
            EXPECT_TRUE(kCoreFloors.count(entry.path().filename().string())) << entry.path();
        }
    }
    for (const auto& entry : fs::directory_iterator(core / "io")) {
        if (entry.is_directory()) {
            EXPECT_TRUE(kIoFloors.count(entry.path().filename().string())) << entry.path();
        }
    }
    for (const auto& [folder, floor] : kCoreFloors) EXPECT_TRUE(fs::is_directory(core / folder)) << folder;
}

// The rule itself, on made-up paths: down is allowed, up and sideways are not.
TEST(LayeringTest, TheRuleAllowsOnlyDownwards)
{
    EXPECT_FALSE(climbs({"solver"}, {"grid"}));
    EXPECT_FALSE(climbs({"io", "export"}, {"io", "raster"}));
    EXPECT_FALSE(climbs({"io", "raster"}, {"io", "raster"}));
    EXPECT_TRUE(climbs({"grid"}, {"solver"}));
    EXPECT_TRUE(climbs({"transport"}, {"currents"}));
    EXPECT_TRUE(climbs({"io", "raster"}, {"io", "map"}));
    EXPECT_TRUE(climbs({"io", "raster"}, {"io"}));
    EXPECT_TRUE(climbs({"model"}, {"editor"}));
    EXPECT_FALSE(climbsInApp("editor", "session/EditingSession.h"));
    EXPECT_FALSE(climbsInApp("tools", "model/Map.h"));
    EXPECT_TRUE(climbsInApp("document", "commands/CommandIds.h"));
    EXPECT_TRUE(climbsInApp("tools", "session/EditingSession.h"));
    EXPECT_TRUE(climbsInApp("view", "tools/AbstractTool.h"));
}

} // namespace
