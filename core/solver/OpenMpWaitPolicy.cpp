#include "solver/OpenMpWaitPolicy.h"

#include <cstdlib>
#include <unistd.h>

namespace rb {

void preferSleepingOpenMpWorkers(char** argv)
{
    if (std::getenv("OMP_WAIT_POLICY") != nullptr) return;
    if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0) return;
    execv("/proc/self/exe", argv); // returns only on failure: carry on with the default policy
}

} // namespace rb
