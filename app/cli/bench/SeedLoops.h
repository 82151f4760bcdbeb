#pragma once

namespace rb::bench {

// The seed article's four loops (accelerate x, accelerate y, scale outflows, update), written as
// the article writes them: separate passes, single-threaded, a square N×N grid. The one change is
// the article's copy error in the scaling loop (flowX where flowY is meant), fixed so the loops
// compute a real step. Returns cell-steps per second. Used only as the benchmark's baseline.
double measureSeedLoops(int size, double minSeconds);

} // namespace rb::bench
