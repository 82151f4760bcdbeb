#pragma once

#include <string>

namespace rb::gen {

// The parameter table rendered for people: both texts list every key of every preset with its
// default, range, unit and meaning, so --help and the docs cannot drift from the code.
std::string parameterReferenceText();     // plain text for `riverbed-cli generate --help`
std::string parameterReferenceMarkdown(); // the generated section of docs/generator.md

} // namespace rb::gen
