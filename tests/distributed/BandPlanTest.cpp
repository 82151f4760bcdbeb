// How a distributed run cuts the map into row bands (core/distributed/BandPlan).
#include "distributed/BandPlan.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace rb {
namespace {

// Every row owned by exactly one band, in order; bands start on even rows (the triangle lattice's
// parity); each holds its halo, clipped to the map and starting on an even row too.
void expectCutsTheRows(int height, int ranks, int halo)
{
    const BandPlan plan(height, ranks, halo);
    int next = 0;
    for (int r = 0; r < ranks; ++r) {
        const Band& band = plan.band(r);
        EXPECT_EQ(band.y0, next) << "rank " << r;
        EXPECT_EQ(band.y0 % 2, 0) << "rank " << r << " starts on an odd row";
        EXPECT_EQ(band.s % 2, 0) << "rank " << r << " holds from an odd row";
        EXPECT_GT(band.y1, band.y0) << "rank " << r << " owns no row";
        EXPECT_LE(band.s, band.y0);
        EXPECT_GE(band.e, band.y1);
        EXPECT_GE(band.y0 - band.s, std::min(band.y0, halo)) << "rank " << r << ": too little halo above";
        EXPECT_GE(band.e - band.y1, std::min(height - band.y1, halo)) << "rank " << r << ": too little halo below";
        for (int y = band.y0; y < band.y1; ++y) EXPECT_EQ(plan.owner(y), r);
        next = band.y1;
    }
    EXPECT_EQ(next, height);
}

TEST(BandPlan, CutsEveryRowOnceEvenSplits)
{
    expectCutsTheRows(40, 4, 6);
}

TEST(BandPlan, CutsEveryRowOnceUnevenSplitsAndOddHeights)
{
    expectCutsTheRows(41, 3, 5);
    expectCutsTheRows(37, 4, 34);
    expectCutsTheRows(8, 4, 2);
    expectCutsTheRows(512, 3, 34);
}

TEST(BandPlan, OneRankHoldsTheWholeMap)
{
    const BandPlan plan(40, 1, 34);
    EXPECT_EQ(plan.band(0).y0, 0);
    EXPECT_EQ(plan.band(0).y1, 40);
    EXPECT_EQ(plan.band(0).s, 0);
    EXPECT_EQ(plan.band(0).e, 40);
}

TEST(BandPlan, RefusesMoreRanksThanRowPairs)
{
    EXPECT_EQ(BandPlan::refusal(8, 4), "");
    const std::string refusal = BandPlan::refusal(7, 4);
    EXPECT_NE(refusal.find("the map has 7 rows, too few for 4 ranks"), std::string::npos) << refusal;
    EXPECT_NE(refusal.find("at most 3 ranks"), std::string::npos) << refusal;
    EXPECT_THROW(BandPlan(7, 4, 2), std::invalid_argument);
}

} // namespace
} // namespace rb
