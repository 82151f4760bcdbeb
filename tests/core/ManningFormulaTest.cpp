// Manning's friction is written once (StepContract.h, RB_MANNING_SLOWED): the CPU steps expand it and
// the kernels' program gets the same text as MANNING_SLOWED. The CPU-vs-OpenCL and fused-vs-reference
// tests check that both sides then agree bit for bit; these check the formula and the text the
// kernels receive.
#include "solver/CubeRoot.h"
#include "solver/StepContract.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace rb {
namespace {

// u / (1 + dt·g·n²·|u| / h^(4/3)): with h = 8 (∛8 = 2, h^(4/3) = 16) every step is exact.
TEST(ManningFormula, SlowsByTheSemiImplicitFactor)
{
    EXPECT_EQ(RB_MANNING_SLOWED(2.0f, 0.5f, 2.0f, 8.0f, std::cbrt), 2.0f / 1.0625f);
    EXPECT_EQ(RB_MANNING_SLOWED(-3.0f, 0.25f, 4.0f, 8.0f, cubeRootOfPositiveNormal), -3.0f / 1.0625f); // never reverses the flow
    EXPECT_EQ(RB_MANNING_SLOWED(1.5f, 0.0f, 4.0f, 1e-5f, std::cbrt), 1.5f);                          // no friction: unchanged
}

// A thin film feels more friction than deep water at the same speed (h^(4/3) in the denominator).
TEST(ManningFormula, ThinnerWaterIsSlowedMore)
{
    const float deep = RB_MANNING_SLOWED(1.0f, 0.01f, 1.0f, 2.0f, std::cbrt);
    const float thin = RB_MANNING_SLOWED(1.0f, 0.01f, 1.0f, 0.01f, std::cbrt);
    EXPECT_LT(thin, deep);
    EXPECT_GT(thin, 0.0f);
}

// The kernels' #define carries the C++ macro's own parameters and body.
TEST(ManningFormula, KernelsReceiveTheSameText)
{
    const std::string header = contract::kernelContractHeader();
    const std::string define =
        "#define MANNING_SLOWED(speed, dtManning, fullSpeed, depth, cubeRoot) ((speed) / (1.0f + (dtManning) * (fullSpeed) / ((depth) * cubeRoot(depth))))\n";
    EXPECT_NE(header.find(define), std::string::npos) << header;
    EXPECT_EQ("#define MANNING_SLOWED" + contract::manningFormulaText() + "\n", define);
}

} // namespace
} // namespace rb
