#include "generator/ParameterReference.h"

#include "generator/ParamSpec.h"
#include "generator/Preset.h"

#include <initializer_list>
#include <string_view>

namespace rb::gen {
namespace {

// Appends pieces to `out`. (Also sidesteps GCC 12's false -Wrestrict on "literal" + std::string.)
void append(std::string& out, std::initializer_list<std::string_view> pieces)
{
    for (std::string_view piece : pieces) out.append(piece);
}

std::string withUnit(const ParamSpec& spec)
{
    std::string text = spec.rangeText();
    if (!spec.unit.empty()) append(text, {" ", spec.unit});
    return text;
}

// Markdown tables split cells at '|', which also separates a choice's names.
std::string markdownRange(const ParamSpec& spec)
{
    std::string text = spec.rangeText();
    for (std::size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at)) text.replace(at, 1, ", ");
    return text;
}

// Appends `text` to `out`, then spaces up to `width` (no padded copy of `text`: GCC 12 warns,
// falsely, on moving such a short string out of a function when it inlines the move).
void appendPadded(std::string& out, const std::string& text, std::size_t width)
{
    out += text;
    if (text.size() < width) out.append(width - text.size(), ' ');
}

} // namespace

std::string parameterReferenceText()
{
    std::string out = "Parameters (--param KEY=VALUE; default, then range):\n";
    for (Preset preset : kAllPresets) {
        append(out, {"\n", presetName(preset), ": ", presetSummary(preset), "\n"});
        for (const ParamSpec* spec : presetParameters(preset)) {
            std::string head = "  ";
            append(head, {spec->key, "=", spec->valueText(spec->defaultValue)});
            appendPadded(out, head, 28);
            out += ' ';
            appendPadded(out, withUnit(*spec), 24);
            append(out, {" ", spec->description, "\n"});
        }
    }
    return out;
}

std::string parameterReferenceMarkdown()
{
    std::string out;
    for (Preset preset : kAllPresets) {
        append(out, {"### `", presetName(preset), "`\n\n", presetSummary(preset), ".\n\n"});
        out += "| key | default | range | unit | meaning |\n|---|---|---|---|---|\n";
        for (const ParamSpec* spec : presetParameters(preset))
            append(out, {"| `", spec->key, "` | ", spec->valueText(spec->defaultValue), " | ", markdownRange(*spec), " | ",
                         spec->unit, " | ", spec->description, " |\n"});
        out += "\n";
    }
    return out;
}

} // namespace rb::gen
