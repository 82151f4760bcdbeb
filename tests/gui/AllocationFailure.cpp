#include "AllocationFailure.h"

#include <pthread.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

namespace {

enum Mode { Off, Gui, Simulation };

std::atomic<int> mode{Off};
std::atomic<std::size_t> threshold{0};
std::atomic<pthread_t> guiThread{};
std::atomic<int> skipsLeft{0};
std::atomic<bool> failed{false};

// QThread gives the worker its object name ("SimulationRunner", cut to 15 characters by Linux).
bool onSimulationThread()
{
    char name[32] = {};
    if (pthread_getname_np(pthread_self(), name, sizeof name) != 0) return false;
    return std::strncmp(name, "SimulationRunne", 15) == 0;
}

bool refused(std::size_t size)
{
    const int m = mode.load(std::memory_order_relaxed);
    if (m == Off || size < threshold.load(std::memory_order_relaxed) || failed.load()) return false;
    const bool here = m == Gui ? pthread_equal(pthread_self(), guiThread.load()) != 0 : onSimulationThread();
    if (!here || skipsLeft.fetch_sub(1) > 0) return false;
    return !failed.exchange(true); // once
}

void* allocate(std::size_t size)
{
    if (refused(size)) return nullptr;
    return std::malloc(size == 0 ? 1 : size);
}

void* allocateOrThrow(std::size_t size)
{
    if (void* p = allocate(size)) return p;
    throw std::bad_alloc();
}

} // namespace

namespace rb::guitest {

void failLargeAllocation(FailingThread thread, std::size_t minBytes, int skip)
{
    mode = Off;
    failed = false;
    skipsLeft = skip;
    guiThread = pthread_self();
    threshold = minBytes;
    mode = thread == FailingThread::Gui ? Gui : Simulation;
}

void stopFailingAllocations()
{
    mode = Off;
}

bool allocationFailed()
{
    return failed.load();
}

} // namespace rb::guitest

// Every non-aligned form, so that allocation and release always pair up.
void* operator new(std::size_t size) { return allocateOrThrow(size); }
void* operator new[](std::size_t size) { return allocateOrThrow(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
