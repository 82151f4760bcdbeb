#pragma once

#include "distributed/BandMap.h"
#include "distributed/BandPlan.h"
#include "distributed/BandSnapshot.h"
#include "distributed/LedgerBook.h"
#include "distributed/MpiComm.h"
#include "distributed/ScalingMeter.h"
#include "solver/CpuSolver.h"

#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace rb {

// The CPU solver across MPI ranks (docs/cli.md, "Across machines (MPI)"): each rank steps one row
// band of the map (BandPlan) plus halo rows with its own CpuSolver, and every `stepsPerExchange`
// steps the halo rows are replaced by the neighbours' rows. A step reads at most `rowsPerStep`
// rows away, so after that many steps the rows a band owns are still exactly what one process
// computes; the halo's outer rows, next to the band map's own edge, are wrong and are replaced.
// Whatever one process computes over the whole map is reduced so that the bits do not depend on
// the number of ranks: maxima and the CFL number (MPI MAX is exact), the volume (row sums added
// in row order on rank 0) and the ledger (each step's edge flows and source changes booked on
// rank 0 in the whole map's order, LedgerBook). Every rank makes the same calls: the decisions
// (the automatic dt, a refusal) follow the reduced numbers, which every rank has.
// No rank holds more than its band: a map can be loaded already cut (loadBand, from the band's rows
// of a file), rank 0 writes the output from every band's rows in turn (writeMapFile), and
// readState() gathers the whole state on rank 0 only when asked.
class DistributedSolver : public Solver {
public:
    static constexpr int kRowsPerStep = 4;      // rows one step reads away (measured at most 3), and one to spare
    static constexpr int kStepsPerExchange = 8; // halo 4·8 + 2 rows: 34
    static constexpr int kHaloMargin = 2;       // rows beyond: the diagnostics read one row outside the band

    DistributedSolver(const MpiComm& comm, int threadCount = 0, int stepsPerExchange = kStepsPerExchange, int rowsPerStep = kRowsPerStep);

    std::string name() const override { return "cpu-mpi"; }
    void load(const Map& map) override;
    // The halo rows a band holds on either side, and the plan of a map `height` rows high.
    int halo() const { return rowsPerStep_ * stepsPerExchange_ + kHaloMargin + erosionReach_; }
    // The halo for a map with `params` (its erosion's bed updates reach further than the water's
    // steps): before plan() and the loading, which call it too.
    void fitHalo(const SimParams& params, const Lattice& whole);
    BandPlan plan(int height) const { return BandPlan(height, comm_.size(), halo()); }
    // load() from this rank's band only: `rows.state` holds the band plan(whole.height()) gives
    // this rank (io::readMapFileRows), on the band's lattice; its parameters, boundary and sources
    // are the whole map's. Throws std::invalid_argument for what a distributed run refuses.
    void loadBand(Map rows, const Lattice& whole);
    void setParams(const SimParams& params) override;
    void setBoundary(const std::vector<BoundarySegment>& segments) override;
    void setSources(const std::vector<PointSource>& sources) override;
    StepResult step(int count) override;

    // The editor's edits are not distributed: each throws std::logic_error.
    void setBed(const CellRegion&, const std::vector<float>&) override { notHere("setBed"); }
    void setDepth(const CellRegion&, const std::vector<float>&) override { notHere("setDepth"); }
    void restoreDepth(const CellRegion&, const std::vector<float>&, double) override { notHere("restoreDepth"); }
    std::vector<float> readBed(const CellRegion&) const override { return notHere("readBed"), std::vector<float>{}; }
    std::vector<float> readDepth(const CellRegion&) const override { return notHere("readDepth"), std::vector<float>{}; }
    void setDye(int, const CellRegion&, const std::vector<float>&) override { notHere("setDye"); }
    std::vector<float> readDye(int, const CellRegion&) const override { return notHere("readDye"), std::vector<float>{}; }
    void setCurrents(const std::vector<FloatField>&, const std::vector<FloatField>&) override { notHere("setCurrents"); }
    void setErodibility(const CellRegion&, const std::vector<float>&) override { notHere("setErodibility"); }
    std::vector<float> readErodibility(const CellRegion&) const override { return notHere("readErodibility"), std::vector<float>{}; }
    std::vector<float> readSediment(const CellRegion&) const override { return notHere("readSediment"), std::vector<float>{}; }
    std::vector<float> readDeposition(const CellRegion&) const override { return notHere("readDeposition"), std::vector<float>{}; }
    void restoreErosion(const CellRegion&, const std::vector<float>&, const std::vector<float>&, const std::vector<float>&, const std::vector<float>&,
                        const SedimentLedger&) override
    {
        notHere("restoreErosion");
    }
    // The time-mean flow: each band records its own rows (a cell's sums need nothing else), and
    // readState() gathers the owned rows.
    void startMean(double from) override;
    void resumeMean() override;

    Diagnostics diagnostics() const override { return diagnostics_; }
    const SimParams& params() const override { return local_.params(); }
    // Collective: every rank must call it. Rank 0 gets the whole map's state, the others only its lattice.
    MapState readState() const override;
    const std::vector<BoundarySegment>& boundary() const override { return segments_; }
    const std::vector<PointSource>& sources() const override { return sources_; }

    const Band& band() const { return band_; }
    // This rank's band as its solver holds it (on the band's lattice).
    MapState bandState() const { return local_.readState(); }
    // Collective: the whole map's file, written by rank 0 from every band's rows (BandWriter),
    // byte for byte what writeMapFile writes for readMap() with `document`'s generator settings
    // and georeference. False on every rank, with `error`, when anything failed; the old file
    // then stays as it was.
    bool writeMapFile(const QString& path, const Map& document, QString* error) const;
    // Collective: every rank's time and halo bytes so far (ScalingMeter), in rank order on rank 0
    // (empty elsewhere), for simulate --scaling-report.
    std::vector<RankScaling> gatherScaling() const;

private:
    [[noreturn]] static void notHere(const char* what);
    std::pair<int, int> ownedRows(int rank) const; // with the map's ghost rows at its ends
    std::pair<int, int> heldRows(int rank) const;
    std::vector<float> packRows(int y0, int y1) const;
    template <class T> Field<T> gatherField(const Field<T>& band) const;
    void start(const BandMap& bandMap, const std::vector<BoundarySegment>& segments, const std::vector<PointSource>& sources);
    void keepRecordingAfter(const Map& snapshot);
    void unpackRows(const float* data, int y0, int y1);
    void gatherOwnership(const std::vector<int>& edgesWhole, const std::vector<int>& sourcesWhole);
    StepResult computeSteps(int steps);
    int stepsBeforeExchange(int left) const;
    void exchangeHalos();
    void bookSteps();
    void bookTape();
    std::vector<double> ownedTerms() const;
    std::size_t termCount(const LedgerTape::Entry& entry, int rank) const;
    void reduceDiagnostics();
    void reduceCarried(const Diagnostics& local);
    std::vector<double> sumInRankOrder(std::vector<double> partial, const std::function<void(std::vector<double>&)>& addOwned) const;
    std::string refusalOnRoot(const Diagnostics& atStart, const char* what) const;
    StepResult rollBack(const BandSnapshot& snapshot, const Diagnostics& before, const VolumeLedger& ledgerBefore, std::string message);
    void attach(const Map& bandMap);

    MpiComm comm_;
    int stepsPerExchange_;
    int rowsPerStep_;
    int erosionReach_ = 0; // rows the bed updates between two exchanges read beyond the water's reach
    CpuSolver local_;
    std::optional<BandPlan> plan_;
    Band band_;
    Lattice lattice_; // the whole map's
    std::vector<BoundarySegment> segments_;
    std::vector<PointSource> sources_;
    std::vector<int> ownedEdges_, ownedSources_; // indices in the band map's lists
    std::vector<StepTrace> trace_;
    LedgerTape tape_; // the dye's and the erosion's bookings of the steps since the last exchange
    bool erodes_ = false;  // erosion on, or a map that has eroded
    bool carries_ = false; // the water carries dye or sediment: the band's copy at a call's start stays in memory
    bool meanRecording_ = false;
    double meanFrom_ = 0.0;
    Diagnostics diagnostics_;
    ScalingMeter meter_;
    // Rank 0 only: the books.
    std::optional<LedgerBook> book_;
    std::vector<int> edgeOrder_, sourceOrder_;   // every rank's owned whole-map indices, in rank order
    std::vector<int> edgeCounts_, sourceCounts_; // per rank
    VolumeLedger ledger_;
};

} // namespace rb
