#pragma once

#include <functional>

namespace rb::test {

// Runs the event loop (the editor's jobs report back through it) until `ready` holds; false when
// `timeoutMs` passed first.
bool processEventsUntil(const std::function<bool()>& ready, int timeoutMs = 30000);

} // namespace rb::test
