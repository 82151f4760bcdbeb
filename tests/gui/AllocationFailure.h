#pragma once

#include <cstddef>

// A test executable that links AllocationFailure.cpp replaces the global operator new (every
// non-aligned form): while armed, one request of at least `minBytes` made on the chosen thread
// throws std::bad_alloc, as a passing shortage of memory would, at the same place every run: the
// first `skip` such requests succeed, the next one fails, and the ones after succeed again. Qt's
// own containers allocate with malloc and are not affected; the std::vectors of the maps, solvers
// and view meshes are.
namespace rb::guitest {

enum class FailingThread {
    Gui,        // the thread that armed it (the view's meshes and textures are made there)
    Simulation, // the SimulationRunner's worker thread (it builds the solvers)
};

void failLargeAllocation(FailingThread thread, std::size_t minBytes, int skip = 0);
void stopFailingAllocations();
bool allocationFailed(); // the armed failure happened (since the last failLargeAllocation)

// Armed for as long as it lives.
class LargeAllocationFails {
public:
    LargeAllocationFails(FailingThread thread, std::size_t minBytes, int skip = 0) { failLargeAllocation(thread, minBytes, skip); }
    ~LargeAllocationFails() { stopFailingAllocations(); }
    LargeAllocationFails(const LargeAllocationFails&) = delete;
    LargeAllocationFails& operator=(const LargeAllocationFails&) = delete;
};

} // namespace rb::guitest
