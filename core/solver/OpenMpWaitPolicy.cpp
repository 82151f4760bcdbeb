#include "solver/OpenMpWaitPolicy.h"

#include "model/MemoryBudget.h"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <sys/resource.h>
#include <unistd.h>

namespace rb {

void preferSleepingOpenMpWorkers(char** argv)
{
    if (std::getenv("OMP_WAIT_POLICY") != nullptr) return;
    if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0) return;
    execv("/proc/self/exe", argv); // returns only on failure: carry on with the default policy
}

void fitOpenMpTeamToAddressLimit()
{
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return;
    // A worker's stack is the threads' default size, which glibc takes from RLIMIT_STACK (8 MiB
    // when that is unlimited or unknown).
    rlimit stack{};
    std::uint64_t stackBytes = 8u << 20;
    if (getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY && stack.rlim_cur > 0) stackBytes = stack.rlim_cur;
    const std::uint64_t room = MemoryBudget::availableBytes().value_or(0);
    const std::uint64_t workers = room / 4 / stackBytes;
    const int team = static_cast<int>(std::min<std::uint64_t>(workers + 1, static_cast<std::uint64_t>(omp_get_max_threads())));
    omp_set_num_threads(std::max(team, 1));
}

} // namespace rb
