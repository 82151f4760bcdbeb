#pragma once

namespace rb::bench {

// A STREAM-style triad a[i] = b[i] + s·c[i] over arrays far larger than the caches, on every
// core; the best of several runs, in bytes per second (24 bytes moved per element).
double measureTriadBandwidth();

} // namespace rb::bench
