// A symmetric island in a uniform current gives a mirror-symmetric current.
#include "CurrentsTestMaps.h"

#include <gtest/gtest.h>

namespace rb {
namespace {

} // namespace
} // namespace rb
