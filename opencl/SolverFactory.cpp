#include "SolverFactory.h"

#include "ClBackend.h"

#include "solver/CpuSolver.h"

namespace rb::opencl {

bool isBackendSpec(const std::string& backend)
{
    return backend == "cpu" || backend == "opencl" || backend.rfind("opencl:", 0) == 0;
}

SolverChoice createSolver(const std::string& backend, const Map& map, InjectedFault fault)
{
    if (!isBackendSpec(backend)) throw std::invalid_argument("unknown backend '" + backend + "' (use cpu, opencl, opencl:INDEX or opencl:NAME)");
    SolverChoice choice;
    if (backend != "cpu") {
        try {
            ClOptions options;
            options.device = backend == "opencl" ? std::string() : backend.substr(7);
            options.fault = fault;
            choice.solver = loadClSolver(options, map);
            return choice;
        } catch (const Unavailable& e) {
            choice.notice = std::string(e.what()) + " — using the CPU solver instead";
        }
    }
    auto cpu = std::make_unique<CpuSolver>();
    cpu->load(map);
    choice.solver = std::move(cpu);
    return choice;
}

} // namespace rb::opencl
