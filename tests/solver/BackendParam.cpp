#include "BackendParam.h"

#include "SolverFactory.h"

namespace rb::test {

::testing::internal::ParamGenerator<BackendLattice> allBackendLattices()
{
    return ::testing::ValuesIn(std::vector<BackendLattice>{
        {"cpu", LatticeKind::Square}, {"cpu", LatticeKind::Triangle}, {"opencl", LatticeKind::Square}, {"opencl", LatticeKind::Triangle}});
}

std::string nameOf(const BackendLattice& p)
{
    return p.backend + "_" + std::string(latticeKindName(p.lattice));
}

std::string backendLatticeName(const ::testing::TestParamInfo<BackendLattice>& info)
{
    return nameOf(info.param);
}

std::unique_ptr<Solver> loadedSolver(const std::string& backend, const Map& map)
{
    opencl::SolverChoice choice = opencl::createSolver(backend, map);
    if (!choice.notice.empty()) ADD_FAILURE() << "asked for " << backend << " but got the CPU solver: " << choice.notice;
    return std::move(choice.solver);
}

} // namespace rb::test
