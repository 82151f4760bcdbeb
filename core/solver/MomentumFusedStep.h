#pragma once

#include "solver/MomentumStep.h"

#include <array>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace rb {

// One cell row's discharges per face family: the faces its cells are the heads of (at each cell's
// padded slot) and, ahead, the ones they are the tails of.
struct CellRowFlows {
    std::array<const float*, Lattice::kMaxFamilies> flows{};
    std::array<std::ptrdiff_t, Lattice::kMaxFamilies> ahead{};
};

// MomentumStep's step, bit for bit, written for speed: away from the map's edge every stage is a
// row loop with fixed index offsets (no per-face lattice queries, no wall or map-edge checks),
// loops ordered so the compiler can vectorise along the row, and no per-step allocation. Within
// two cells of the edge, where faces meet walls and ghost cells, it calls the reference's own
// per-face and per-cell functions. The stages and their order are the reference's
// (MomentumStep::run); tests compare the two bitwise.
class MomentumFusedStep : public MomentumStep {
public:
    MomentumFusedStep(const Lattice& lattice, const MomentumConstants& constants, const std::vector<BoundaryEdge>& edges,
                      int threadCount = 1);

    void run(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges, const std::vector<SourceCell>& sources,
             VolumeLedger& ledger);

    // The shortcut to MomentumStep::upwindShare that every neighbour of a table allows, the same bits
    // for finite vectors: the square lattice's axis cones, the triangle lattice's 60° cones, or none.
    // The OpenCL kernels take their fast interior from it too (momentumHeader).
    enum class ConeShape { General, Axis, Wide };
    static ConeShape coneShape(const std::vector<Neighbour>& table);

private:
    // How a family's interior faces are accelerated: in one pass per row (accelerateFaceRun) with
    // the square lattice's axis cones or the triangle lattice's 60° cones (known when compiled:
    // Square, Triangle; or read from the table: Axis, Wide), or, for a neighbour table that fits
    // none, face by face with the reference's own function.
    enum class FacePass { PerFace, Square, Axis, Triangle, Wide };
    // A same-family face next to an interior face, as offsets from that face.
    struct NeighbourFace {
        std::ptrdiff_t slot = 0;     // its padded slot − ours
        std::ptrdiff_t headCell = 0; // its head cell − our head cell
        std::ptrdiff_t tailCell = 0; // its tail cell − our head cell
        int sharedCell = -1;         // the one cell the two faces share along the family (0: our head, 1: our tail), or −1
    };
    struct FamilyStencil {
        std::ptrdiff_t tailCell = 0; // tail's cell index − head's
        std::ptrdiff_t tailSlot = 0; // the tail cell's padded slot − the head's
        std::ptrdiff_t headSlot = 0; // the padded slot of the face this cell is the tail of − the cell's
        std::vector<NeighbourFace> neighbours; // in the order of MomentumStep's neighbour table
        FacePass pass = FacePass::PerFace;
    };
    // One thread's rows of partial sums (loops run stencil entry by entry, each along the row).
    struct RowScratch {
        explicit RowScratch(int width)
            : a(static_cast<std::size_t>(width)), b(a.size()), c(a.size()), d(a.size()), e(a.size()), f(a.size()), g(a.size()),
              h(a.size()) {}
        std::vector<float> a, b, c, d, e, f, g, h;
    };

    void buildStencils();
    void reconstructCells(const MomentumFields& fields);
    void reconstructInteriorRow(const MomentumFields& fields, int y);
    template <int F>
    void reconstructInteriorRowWith(const MomentumFields& fields, int y);
    void accelerateFaces(const MomentumFields& fields);
    struct EdgeFace {
        int x = 0;
        FaceStencil stencil;
    };
    struct FaceRun { // faces [x0, x1) of a row near the edge whose stencils are whole
        int x0 = 0, x1 = 0;
    };
    struct EdgeFaces { // one family's
        std::vector<EdgeFace> faces;
        std::vector<std::size_t> rowStart; // row y's faces: [rowStart[y], rowStart[y + 1])
        std::vector<FaceRun> runs;         // row y's runs: [runStart[y], runStart[y + 1])
        std::vector<std::size_t> runStart;
    };
    void collectEdgeFaces();
    bool wholeStencil(int f, int x, int y, const FaceStencil& stencil) const;
    void accelerateEdgeFace(const MomentumFields& fields, int f, const EdgeFace& face, int y);
    bool fastRow(int f, int y) const { return interiorRow(y) && lattice_.width() > 2 * kMargin && stencil(y, f).pass != FacePass::PerFace; }
    FacePass facePass(int f, int parity) const;
    // One thread's row of accelerateFaceRun's neighbour sums, kept for the faces beside a free overfall.
    struct FaceSums {
        explicit FaceSums(int width)
            : weights(static_cast<std::size_t>(width)), weighted(weights.size()), velocityWeights(weights.size()),
              velocityWeighted(weights.size()), differences(weights.size()), marked(weights.size()) {}
        std::vector<float> weights, weighted, velocityWeights, velocityWeighted, differences;
        std::vector<unsigned char> marked; // per column: in `beside`
        std::vector<int> beside;           // the columns of a row's faces whose sums the overfall rule changed
    };
    void accelerateInteriorRow(const MomentumFields& fields, int f, int y, int x0, int x1, FaceSums& kept);
    void markOverfalls(const MomentumFields& fields);
    bool markOverfallRow(const MomentumFields& fields, int f, int y);
    bool overfallNear(int y) const;
    bool advects(const MomentumFields& fields, int x, int y, std::ptrdiff_t tailCell) const;
    template <int N, class Cone>
    void accelerateInteriorRowWith(const MomentumFields& fields, int f, int y, int x0, int x1, FaceSums& keptRow);
    std::pair<int, int> interiorFaces(int f, int y) const;
    void markDryBlocks(const float* bed, const float* depth, int y);
    // Whether a block of faces with head row y and tail row tailRow may hold a free overfall: the
    // lowest water surface of their cells lies below the highest bed of a wet one (markDryBlocks).
    bool dropPossible(int y, int tailRow, int block) const
    {
        const auto at = [&](int row) { return blockLevels_[static_cast<std::size_t>(row) * static_cast<std::size_t>(dryBlocksPerRow_) + static_cast<std::size_t>(block)]; };
        const std::array<float, 2> head = at(y), tail = at(tailRow);
        const float lowest = tail[0] < head[0] ? tail[0] : head[0], highest = head[1] < tail[1] ? tail[1] : head[1];
        return lowest < highest;
    }
    bool dryBlock(int y, int block) const
    {
        return dryBlocks_[static_cast<std::size_t>(y) * static_cast<std::size_t>(dryBlocksPerRow_) + static_cast<std::size_t>(block)] != 0;
    }
    void limitOutflowsFast(const MomentumFields& fields);
    CellRowFlows cellRowFlows(const MomentumFields& fields, int y) const;
    void scaleFace(const MomentumFields& fields, int f, int x, int y);
    void updateDepthsFast(const MomentumFields& fields, double& rained, double& evaporated);

    const FamilyStencil& stencil(int y, int f) const { return stencils_[static_cast<std::size_t>(y & 1)][static_cast<std::size_t>(f)]; }
    bool interiorRow(int y) const { return y >= kMargin && y < lattice_.height() - kMargin; }

    // Faces this far from the map's edge see no wall, ghost cell or boundary face in any stencil.
    static constexpr int kMargin = 2;

    std::array<std::array<FamilyStencil, Lattice::kMaxFamilies>, 2> stencils_; // [row parity][family]
    float interiorMxx_ = 0.0f, interiorMxy_ = 0.0f, interiorMyy_ = 0.0f; // Σ d·dᵀ of a cell with all its faces
    std::vector<double> rowRain_, rowEvaporation_;
    std::vector<unsigned char> dryBlocks_; // per row and block of kDryBlock cells: all dry (the step's starting depths)
    int dryBlocksPerRow_ = 0;
    std::vector<std::array<float, 2>> blockLevels_; // per row and block, as dryBlocks_: lowest water surface, highest wet bed
    std::array<EdgeFaces, Lattice::kMaxFamilies> edgeFaces_;
    // Per family and padded slot: the face is a free overfall (MomentumStep::isOverfall) as the step
    // begins, and, there only, its discharge then (the one-pass loop overwrites the discharges).
    std::array<std::vector<unsigned char>, Lattice::kMaxFamilies> overfall_;
    std::array<std::unique_ptr<float[]>, Lattice::kMaxFamilies> overfallFlows_;
    std::array<std::vector<std::vector<int>>, Lattice::kMaxFamilies> overfallColumns_; // per family and row: the overfalls' columns, in order
    std::vector<unsigned char> overfallRows_; // per row: some face with its head there is one (this step)
};

} // namespace rb
