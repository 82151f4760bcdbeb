// Under `ulimit -v` just above what a process has mapped, OpenMP must not try to start workers
// whose stacks cannot fit: libgomp would end the program with "Thread creation failed" instead of
// the out-of-memory message riverbed gives (issue 33's hostile run).
#include "solver/OpenMpWaitPolicy.h"

#include <gtest/gtest.h>

#include <omp.h>

#include <atomic>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace rb {
namespace {

// VmSize of this process, in bytes.
rlim_t mappedBytes()
{
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmSize:", 0) == 0) return static_cast<rlim_t>(std::stoull(line.substr(7))) * 1024;
    return 0;
}

// In a child: a limit of what is mapped plus `slack`, the team fitted (or not), then a parallel
// region asking for four threads' worth of work. Exit 0 when the region ran.
int parallelRegionUnderLimit(rlim_t slack, bool fit)
{
    const pid_t child = fork();
    if (child == 0) {
        omp_set_num_threads(4); // more than one worker wanted, whatever the machine
        const rlimit limit{mappedBytes() + slack, RLIM_INFINITY};
        if (setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(4);
        if (fit) fitOpenMpTeamToAddressLimit();
        std::atomic<int> ran{0};
#pragma omp parallel
        ran.fetch_add(1);
        ::_exit(ran.load() >= 1 ? 0 : 5);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(OpenMpTeam, NoWorkerIsStartedThatTheAddressLimitCannotHold)
{
    // Without the fitting libgomp ends the child (exit 1): the case is real on this machine.
    EXPECT_NE(parallelRegionUnderLimit(4u << 20, false), 0);
    EXPECT_EQ(parallelRegionUnderLimit(4u << 20, true), 0);
}

TEST(OpenMpTeam, WithoutALimitTheTeamIsUnchanged)
{
    const int before = omp_get_max_threads();
    fitOpenMpTeamToAddressLimit();
    EXPECT_EQ(omp_get_max_threads(), before);
}

} // namespace
} // namespace rb
