#include "distributed/DistributedSolver.h"

#include "distributed/BandMap.h"
#include "distributed/BandSlice.h"
#include "distributed/BandSnapshot.h"
#include "distributed/BandWriter.h"
#include "io/map/MapFile.h"
#include "distributed/DistributedScope.h"
#include "solver/Stability.h"
#include "erosion/ErosionConstants.h"
#include "erosion/IntervalLoadTransport.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace rb {
namespace {

// The rows one bed update reads away from a row it changes: the load's transport (one dye step, or
// the interval's sweeps, two rows each, and the moves after them), the exchange with the bed (the
// slope to the neighbours) and each thermal slide (the neighbours' giving, measured from theirs),
// and one to spare.
int bedUpdateReach(const SimParams& params, const Lattice& lattice)
{
    const int load = params.erosion.interval == 1 ? 1 : 2 * IntervalLoadTransport::kMaxSweeps + 2;
    return load + 1 + 2 * ErosionConstants::from(params, lattice).thermalSlides + 1;
}

// The pipes in one tile per band: the ledger trace follows a single edge list.
CpuTiling oneTile()
{
    return {Lattice::kMaxSide, CpuTiling{}.stepsPerPass};
}

} // namespace

DistributedSolver::DistributedSolver(const MpiComm& comm, int threadCount, int stepsPerExchange, int rowsPerStep)
    : comm_(comm), stepsPerExchange_(stepsPerExchange), rowsPerStep_(rowsPerStep),
      // The CFL number is judged on the whole map (reduced), at the call's start and end only.
      local_(threadCount, false, oneTile())
{
    if (stepsPerExchange_ < 1 || rowsPerStep_ < 0) throw std::invalid_argument("steps per exchange must be positive");
}

void DistributedSolver::notHere(const char* what)
{
    throw std::logic_error(std::string(what) + " is not available in a distributed run");
}

void DistributedSolver::load(const Map& map)
{
    if (const std::string problem = map.validate(); !problem.empty()) throw std::invalid_argument(problem);
    if (const std::string problem = distributedRefusal(map); !problem.empty()) throw std::invalid_argument(problem);
    fitHalo(map.params, map.state.lattice);
    plan_.emplace(plan(map.state.lattice.height()));
    band_ = plan_->band(comm_.rank());
    lattice_ = map.state.lattice;
    start(BandMap(map, band_), map.boundary, map.sources);
}

void DistributedSolver::loadBand(Map rows, const Lattice& whole)
{
    // The band's arrays are present exactly when the map's are, so it answers for the map.
    if (const std::string problem = distributedRefusal(rows); !problem.empty()) throw std::invalid_argument(problem);
    fitHalo(rows.params, whole);
    plan_.emplace(plan(whole.height()));
    band_ = plan_->band(comm_.rank());
    lattice_ = whole;
    std::vector<BoundarySegment> segments = rows.boundary;
    std::vector<PointSource> sources = rows.sources;
    start(BandMap(std::move(rows), whole, band_), segments, sources);
}

void DistributedSolver::start(const BandMap& bandMap, const std::vector<BoundarySegment>& segments, const std::vector<PointSource>& sources)
{
    segments_ = segments;
    sources_ = sources;
    ownedEdges_ = bandMap.ownedEdges();
    ownedSources_ = bandMap.ownedSources();
    attach(bandMap.map());
    if (comm_.root()) {
        ledger_ = bandMap.map().state.ledger; // the whole map's: a band's map keeps the map's books
        book_.emplace(lattice_, expandBoundary(lattice_, segments_), resolveSources(lattice_, sources_), CpuTiling{}.tileSize);
    }
    gatherOwnership(bandMap.ownedEdgesWhole(), bandMap.ownedSourcesWhole());
    reduceDiagnostics();
}

void DistributedSolver::attach(const Map& bandMap)
{
    local_.load(bandMap);
    local_.setDiagnosticRows(band_.y0 - band_.s, band_.y1 - band_.s);
    local_.setLedgerTrace(&trace_);
    local_.setLedgerTape(&tape_);
    // The sweeps of the erosion's load stop on the whole map's largest change (MPI MAX is exact).
    local_.setSweepScope(band_.y0 - band_.s, band_.y1 - band_.s, [comm = comm_](float& change, float& concentration) {
        change = comm.max(change);
        concentration = comm.max(concentration);
    });
    erodes_ = bandMap.params.erosion.enabled || bandMap.state.hasEroded();
    carries_ = bandMap.usesDye() || erodes_;
}

// Rank 0 learns which rank books which edge and source, and checks that each is booked once.
void DistributedSolver::gatherOwnership(const std::vector<int>& edgesWhole, const std::vector<int>& sourcesWhole)
{
    edgeOrder_ = comm_.gather(edgesWhole, &edgeCounts_);
    sourceOrder_ = comm_.gather(sourcesWhole, &sourceCounts_);
    std::string problem;
    if (comm_.root()) {
        const auto once = [](std::vector<int> order, std::size_t count) {
            std::sort(order.begin(), order.end());
            std::vector<int> expected(count);
            std::iota(expected.begin(), expected.end(), 0);
            return order == expected;
        };
        if (!once(edgeOrder_, book_->edgeCount()) || !once(sourceOrder_, book_->sourceCount()))
            problem = "the bands do not share the map's boundary edges and sources one to one";
    }
    problem = comm_.broadcast(problem, 0);
    if (!problem.empty()) throw std::logic_error(problem);
}

// Between two exchanges a band takes stepsPerExchange_ steps of the water, and with erosion every
// bed update among them (each step's with interval 1; with a longer interval a call stops at the
// update, so at most one) reads bedUpdateReach rows further.
void DistributedSolver::fitHalo(const SimParams& params, const Lattice& whole)
{
    erosionReach_ = 0;
    if (!params.erosion.enabled) return;
    const int updates = params.erosion.interval == 1 ? stepsPerExchange_ : 1;
    erosionReach_ = updates * bedUpdateReach(params, whole);
}

void DistributedSolver::setParams(const SimParams& params)
{
    // The automatic dt never exceeds the map's, so the slides per update never outgrow the halo.
    const int reach = erosionReach_;
    fitHalo(params, lattice_);
    if (erosionReach_ > reach) {
        erosionReach_ = reach;
        throw std::invalid_argument("these parameters need a wider halo than the bands hold: run with the map's own dt or less");
    }
    erosionReach_ = reach;
    local_.setParams(params);
    reduceDiagnostics();
}

void DistributedSolver::setBoundary(const std::vector<BoundarySegment>&)
{
    notHere("changing the boundary after loading");
}

void DistributedSolver::setSources(const std::vector<PointSource>&)
{
    notHere("changing the sources after loading");
}

StepResult DistributedSolver::step(int count)
{
    if (count < 0) throw std::invalid_argument("step count must not be negative");
    const SimParams& params = local_.params();
    if (std::string refusal = counterLimitMessage(diagnostics_.steps, diagnostics_.time, params.dt, count); !refusal.empty()) return {0, std::move(refusal)};
    if (!(diagnostics_.cfl <= 1.0)) return {0, refusalOnRoot(diagnostics_, "the CFL number is above 1")};
    if (count == 0) return {0, {}};
    ScalingTotals& t = meter_.totals();
    const ScalingMeter::Span call(t.stepSeconds);
    const Diagnostics before = diagnostics_;
    const VolumeLedger ledgerBefore = ledger_;
    // A refused call, on any rank, puts every band back. The file holds the water alone: the dye and
    // the erosion's fields, when there are any, keep the band's copy in memory.
    const BandSnapshot snapshot(local_, band_.height(), meanRecording_ || carries_);
    for (int done = 0; done < count;) {
        const int steps = stepsBeforeExchange(count - done);
        const StepResult part = computeSteps(steps);
        int refusing = -1;
        {
            const ScalingMeter::Span reduce(t.reduceSeconds); // and the wait for the slowest rank
            refusing = comm_.firstWith(!part.ok());
        }
        if (refusing >= 0) return rollBack(snapshot, before, ledgerBefore, comm_.broadcast(part.error, refusing));
        {
            const ScalingMeter::Span exchange(t.exchangeSeconds);
            exchangeHalos();
        }
        const ScalingMeter::Span reduce(t.reduceSeconds);
        bookSteps();
        done += steps;
    }
    const ScalingMeter::Span reduce(t.reduceSeconds);
    reduceDiagnostics();
    std::string message;
    if (!(diagnostics_.cfl <= 1.0)) message = refusalOnRoot(before, "the CFL number rose above 1");
    else if (comm_.root()) message = checkLedger(ledger_).empty() ? std::string() : ledgerLimitMessage(before.steps, checkLedger(ledger_));
    message = comm_.broadcast(message, 0);
    if (!message.empty()) return rollBack(snapshot, before, ledgerBefore, message);
    diagnostics_.cflAfterStep = diagnostics_.cfl;
    return {count, {}};
}

// At most stepsPerExchange_; with erosion at an interval, up to the next bed update and no further,
// so that an exchange follows every update (fitHalo).
int DistributedSolver::stepsBeforeExchange(int left) const
{
    const int steps = std::min(stepsPerExchange_, left);
    const ErosionParams& erosion = local_.params().erosion;
    if (!erosion.enabled || erosion.interval == 1) return steps;
    const auto untilUpdate = static_cast<int>(erosion.interval - local_.diagnostics().steps % erosion.interval); // the steps so far in this call too
    return std::min(steps, untilUpdate);
}

// The band's own steps, timed as compute.
StepResult DistributedSolver::computeSteps(int steps)
{
    ScalingTotals& t = meter_.totals();
    const ScalingMeter::Span compute(t.computeSeconds, &t.computeCpuSeconds);
    trace_.clear();
    tape_.clear();
    t.steps += steps;
    return local_.step(steps);
}

void DistributedSolver::startMean(double from)
{
    local_.startMean(from);
    meanRecording_ = true;
    meanFrom_ = from;
}

void DistributedSolver::resumeMean()
{
    local_.resumeMean();
    meanRecording_ = true;
}

// Loading the snapshot stops the band's recorder; a refused call leaves one process's recording.
void DistributedSolver::keepRecordingAfter(const Map& snapshot)
{
    if (!meanRecording_) return;
    if (snapshot.state.meanFlow.empty()) local_.startMean(meanFrom_);
    else local_.resumeMean();
}

StepResult DistributedSolver::rollBack(const BandSnapshot& snapshot, const Diagnostics& before, const VolumeLedger& ledgerBefore, std::string message)
{
    const Map band = snapshot.restore(local_);
    attach(band);
    keepRecordingAfter(band);
    ledger_ = ledgerBefore;
    diagnostics_ = before;
    return {0, std::move(message)};
}

// The message one process would give, from the whole map's bed (gathered for it), boundary and sources.
std::string DistributedSolver::refusalOnRoot(const Diagnostics& atStart, const char* what) const
{
    const FloatField bed = gatherField(local_.readState().bed);
    std::string message;
    if (comm_.root())
        message = unstableCallMessage({lattice_, local_.params(), bed.values(), segments_, sources_, atStart.maxDepth, atStart.cfl, atStart.steps}, what);
    return comm_.broadcast(message, 0);
}

std::pair<int, int> DistributedSolver::ownedRows(int rank) const
{
    return plan_->ownedRows(rank, true);
}

std::pair<int, int> DistributedSolver::heldRows(int rank) const
{
    const Band& b = plan_->band(rank);
    return {b.s == 0 ? -1 : b.s, b.e == lattice_.height() ? lattice_.height() + 1 : b.e};
}

// Rows [y0, y1) of the map (−1 and the height: ghost rows), from this rank's band: depths, then
// each family's flows, then each family's velocities, then what the water carries (RowBlock::cells).
std::vector<float> DistributedSolver::packRows(int y0, int y1) const
{
    const RowBlock rows = local_.readRows(y0 - band_.s, y1 - band_.s);
    std::vector<float> packed = rows.depth;
    for (const std::vector<float>& f : rows.flows) packed.insert(packed.end(), f.begin(), f.end());
    for (const std::vector<float>& u : rows.velocities) packed.insert(packed.end(), u.begin(), u.end());
    for (const std::vector<float>& c : rows.cells) packed.insert(packed.end(), c.begin(), c.end());
    return packed;
}

void DistributedSolver::unpackRows(const float* data, int y0, int y1)
{
    RowBlock rows = local_.readRows(y0 - band_.s, y1 - band_.s); // the shapes, then the values
    const auto take = [&data](std::vector<float>& into) {
        std::copy_n(data, into.size(), into.begin());
        data += into.size();
    };
    take(rows.depth);
    for (std::vector<float>& f : rows.flows) take(f);
    for (std::vector<float>& u : rows.velocities) take(u);
    for (std::vector<float>& c : rows.cells) take(c);
    local_.writeRows(rows);
}

// Each rank sends the rows it owns that another holds as halo, and takes the rows it holds from
// their owners.
void DistributedSolver::exchangeHalos()
{
    const int ranks = comm_.size(), me = comm_.rank();
    std::vector<float> send;
    std::vector<int> sendCounts(static_cast<std::size_t>(ranks), 0), recvCounts;
    const auto overlap = [](std::pair<int, int> a, std::pair<int, int> b) { return std::pair{std::max(a.first, b.first), std::min(a.second, b.second)}; };
    for (int q = 0; q < ranks; ++q) {
        if (q == me) continue;
        const auto [y0, y1] = overlap(ownedRows(me), heldRows(q));
        if (y0 >= y1) continue;
        const std::vector<float> rows = packRows(y0, y1);
        send.insert(send.end(), rows.begin(), rows.end());
        sendCounts[static_cast<std::size_t>(q)] = static_cast<int>(rows.size());
    }
    meter_.totals().haloBytes += static_cast<std::int64_t>(send.size() * sizeof(float));
    ++meter_.totals().exchanges;
    const std::vector<float> received = comm_.exchange(send, sendCounts, recvCounts);
    const float* data = received.data();
    for (int q = 0; q < ranks; ++q) {
        if (q == me || recvCounts[static_cast<std::size_t>(q)] == 0) continue;
        const auto [y0, y1] = overlap(ownedRows(q), heldRows(me));
        unpackRows(data, y0, y1);
        data += recvCounts[static_cast<std::size_t>(q)];
    }
}

// The steps just taken into rank 0's books: each rank's owned edges, sources and rows, step by step.
void DistributedSolver::bookSteps()
{
    const auto r0 = static_cast<std::size_t>(band_.y0 - band_.s), r1 = static_cast<std::size_t>(band_.y1 - band_.s);
    std::vector<double> mine;
    for (const StepTrace& t : trace_) {
        for (int k : ownedEdges_) mine.push_back(t.edgeInward[static_cast<std::size_t>(k)]);
        for (int k : ownedSources_) mine.push_back(t.sourceChange[static_cast<std::size_t>(k)]);
        for (std::size_t y = r0; y < r1; ++y) mine.push_back(t.rowRain.empty() ? 0.0 : t.rowRain[y]);
        for (std::size_t y = r0; y < r1; ++y) mine.push_back(t.rowEvaporation.empty() ? 0.0 : t.rowEvaporation[y]);
    }
    const std::vector<double> all = comm_.gather(mine);
    if (!comm_.root()) return bookTape();
    StepTrace whole{std::vector<double>(book_->edgeCount()), std::vector<double>(book_->sourceCount()),
                    std::vector<double>(static_cast<std::size_t>(lattice_.height())), std::vector<double>(static_cast<std::size_t>(lattice_.height()))};
    for (std::size_t s = 0; s < trace_.size(); ++s) {
        std::size_t offset = 0, edge = 0, source = 0;
        for (int r = 0; r < comm_.size(); ++r) {
            const auto ne = static_cast<std::size_t>(edgeCounts_[static_cast<std::size_t>(r)]), ns = static_cast<std::size_t>(sourceCounts_[static_cast<std::size_t>(r)]);
            const Band& band = plan_->band(r);
            const auto rows = static_cast<std::size_t>(band.y1 - band.y0), perStep = ne + ns + 2 * rows;
            const double* step = all.data() + offset + s * perStep;
            for (std::size_t j = 0; j < ne; ++j) whole.edgeInward[static_cast<std::size_t>(edgeOrder_[edge + j])] = step[j];
            for (std::size_t j = 0; j < ns; ++j) whole.sourceChange[static_cast<std::size_t>(sourceOrder_[source + j])] = step[ne + j];
            std::copy_n(step + ne + ns, rows, whole.rowRain.begin() + band.y0);
            std::copy_n(step + ne + ns + rows, rows, whole.rowEvaporation.begin() + band.y0);
            offset += trace_.size() * perStep;
            edge += ne;
            source += ns;
        }
        book_->addStep(ledger_, local_.params().model, local_.params().dt, whole);
    }
    bookTape();
}

// The terms this rank owns of every tape entry, entry by entry: its own rows, edges and sources.
std::vector<double> DistributedSolver::ownedTerms() const
{
    std::vector<double> mine;
    for (const LedgerTape::Entry& e : tape_.entries()) {
        if (e.over == LedgerTape::Over::Rows) {
            mine.insert(mine.end(), e.terms.begin() + (band_.y0 - band_.s), e.terms.begin() + (band_.y1 - band_.s));
            continue;
        }
        for (int k : e.over == LedgerTape::Over::Edges ? ownedEdges_ : ownedSources_) mine.push_back(e.terms[static_cast<std::size_t>(k)]);
    }
    return mine;
}

std::size_t DistributedSolver::termCount(const LedgerTape::Entry& entry, int rank) const
{
    const auto r = static_cast<std::size_t>(rank);
    if (entry.over == LedgerTape::Over::Edges) return static_cast<std::size_t>(edgeCounts_[r]);
    if (entry.over == LedgerTape::Over::Sources) return static_cast<std::size_t>(sourceCounts_[r]);
    return static_cast<std::size_t>(plan_->band(rank).y1 - plan_->band(rank).y0);
}

// The dye's and the erosion's bookings of the steps just taken, again on rank 0: its books go back
// to where they stood before the steps, and each entry adds every band's owned terms in the
// whole map's order (rows down the map, edges and sources in the map's lists), as one process
// adds them. The other ranks' books are not read: the diagnostics and the output take rank 0's.
void DistributedSolver::bookTape()
{
    const std::vector<LedgerTape::Entry>& entries = tape_.entries();
    const std::vector<int> entryCounts = comm_.gather(std::vector<int>{static_cast<int>(entries.size())});
    const std::vector<double> all = comm_.gather(ownedTerms());
    if (!comm_.root()) return;
    for (int count : entryCounts)
        if (count != static_cast<int>(entries.size())) throw std::logic_error("the bands booked their dye or sediment in different steps");
    std::vector<std::size_t> cursor(static_cast<std::size_t>(comm_.size()), 0); // where each rank's next terms lie in `all`
    for (int r = 1; r < comm_.size(); ++r) {
        std::size_t previous = 0;
        for (const LedgerTape::Entry& e : entries) previous += termCount(e, r - 1);
        cursor[static_cast<std::size_t>(r)] = cursor[static_cast<std::size_t>(r - 1)] + previous;
    }
    for (auto e = entries.rbegin(); e != entries.rend(); ++e) *e->total = e->before; // each figure as before its first entry
    for (const LedgerTape::Entry& e : entries) {
        const std::size_t wholeCount = e.over == LedgerTape::Over::Rows ? static_cast<std::size_t>(lattice_.height())
                                     : e.over == LedgerTape::Over::Edges ? book_->edgeCount() : book_->sourceCount();
        std::vector<double> whole(wholeCount, 0.0);
        std::size_t row = 0, edge = 0, source = 0;
        for (int r = 0; r < comm_.size(); ++r) {
            const std::size_t n = termCount(e, r);
            const double* terms = all.data() + cursor[static_cast<std::size_t>(r)];
            for (std::size_t j = 0; j < n; ++j) {
                if (e.over == LedgerTape::Over::Rows) whole[row++] = terms[j];
                else if (e.over == LedgerTape::Over::Edges) whole[static_cast<std::size_t>(edgeOrder_[edge++])] = terms[j];
                else whole[static_cast<std::size_t>(sourceOrder_[source++])] = terms[j];
            }
            cursor[static_cast<std::size_t>(r)] += n;
        }
        LedgerTape::add(*e.total, e.each, e.scale, whole);
    }
    local_.booksRebooked();
}

// The whole map's diagnostics, the same on every rank.
void DistributedSolver::reduceDiagnostics()
{
    const Diagnostics local = local_.diagnostics();
    diagnostics_ = local;
    diagnostics_.maxDepth = comm_.max(local.maxDepth);
    diagnostics_.maxSpeed = comm_.max(local.maxSpeed);
    diagnostics_.cfl = comm_.max(local.cfl);
    diagnostics_.cflAfterStep = comm_.max(local.cflAfterStep);
    const std::vector<double>& rows = local_.rowVolumes();
    const std::vector<double> owned(rows.begin() + (band_.y0 - band_.s), rows.begin() + (band_.y1 - band_.s));
    const std::vector<double> all = comm_.gather(owned); // in row order, as one process adds them
    std::vector<double> totals = {std::accumulate(all.begin(), all.end(), 0.0) * lattice_.cellArea(), ledger_.boundaryIn, ledger_.boundaryOut,
                                  ledger_.springs, ledger_.drains, ledger_.rain, ledger_.evaporation, ledger_.edited};
    comm_.broadcast(totals, 0);
    diagnostics_.volume = totals[0];
    diagnostics_.ledger = {totals[1], totals[2], totals[3], totals[4], totals[5], totals[6], totals[7]};
    if (carries_) reduceCarried(local);
}

namespace {

constexpr std::size_t kDyeLedgerFigures = 8;

void pack(const DyeLedger& l, std::vector<double>& into)
{
    into.insert(into.end(), {l.boundaryIn, l.boundaryOut, l.springs, l.drains, l.evaporation, l.decayed, l.clipped, l.edited});
}

DyeLedger unpackDye(const double* v)
{
    return {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
}

} // namespace

// The dye's and the sediment's figures of the whole map, the same on every rank: the volumes added
// cell by cell down the map, as one process adds them (each rank carrying on from the rank before),
// and the books from rank 0, whose bookTape() keeps them.
void DistributedSolver::reduceCarried(const Diagnostics& local)
{
    const std::size_t channels = local.dyeVolumes.size();
    const CellRegion owned{0, band_.y0 - band_.s, lattice_.width(), band_.y1 - band_.y0};
    const std::vector<double> sums = sumInRankOrder(std::vector<double>(channels + 1, 0.0), [&](std::vector<double>& partial) {
        for (std::size_t c = 0; c < channels; ++c)
            for (float v : local_.readDye(static_cast<int>(c), owned)) partial[c] += v;
        if (erodes_) // a load that does not exist reads as zeros, which add up to one process's 0
            for (float v : local_.readSediment(owned)) partial[channels] += v;
    });
    std::vector<double> books;
    for (const DyeLedger& l : local_.dyeLedgers()) pack(l, books);
    const SedimentLedger& sediment = local_.sedimentLedger();
    pack(sediment.carried, books);
    books.insert(books.end(), {sediment.eroded, sediment.deposited, sediment.slid, sediment.rounding});
    comm_.broadcast(books, 0);
    const double area = lattice_.cellArea();
    for (std::size_t c = 0; c < channels; ++c) {
        diagnostics_.dyeVolumes[c] = sums[c] * area;
        diagnostics_.dyeLedgers[c] = unpackDye(&books[c * kDyeLedgerFigures]);
    }
    diagnostics_.sediment = sums[channels] * area;
    const double* s = &books[channels * kDyeLedgerFigures];
    diagnostics_.sedimentLedger = {unpackDye(s), s[8], s[9], s[10], s[11]};
}

// partial: zeros; each rank adds its owned values into what the ranks before it added (addOwned),
// in rank order; the last rank's sums go to every rank.
std::vector<double> DistributedSolver::sumInRankOrder(std::vector<double> partial, const std::function<void(std::vector<double>&)>& addOwned) const
{
    const int me = comm_.rank(), last = comm_.size() - 1;
    if (me > 0) comm_.receive(partial, me - 1);
    addOwned(partial);
    if (me < last) comm_.send(std::span<const double>(partial), me + 1);
    comm_.broadcast(partial, last);
    return partial;
}

// Every band's owned rows of one of its arrays, on rank 0 (an empty field elsewhere).
template <class T> Field<T> DistributedSolver::gatherField(const Field<T>& band) const
{
    const std::span<const T> mine = ownedSlice(band, *plan_, comm_.rank(), lattice_);
    std::vector<T> all = comm_.gather(std::vector<T>(mine.begin(), mine.end()));
    if (!comm_.root()) return {};
    const bool padded = band.width() == lattice_.paddedWidth();
    Field<T> whole(band.width(), padded ? lattice_.paddedHeight() : lattice_.height());
    whole.values() = std::move(all);
    return whole;
}

// Every array the bands hold, gathered in the file's list of them (so none is left out), under
// the whole map's lattice and books.
MapState DistributedSolver::readState() const
{
    Map band = local_.readMap();
    // The fields are replaced in place: the list points into `band`, which this function owns.
    for (const io::NamedArray& array : io::namedArrays(band)) *const_cast<FloatField*>(array.field) = gatherField(*array.field);
    for (const io::NamedMeanArray& array : io::namedMeanArrays(band.state)) *const_cast<DoubleField*>(array.field) = gatherField(*array.field);
    MapState& state = band.state;
    if (!comm_.root()) { // no fields, but the lattice, which a refusal's message may read
        MapState lattice;
        lattice.lattice = lattice_;
        return lattice;
    }
    state.lattice = lattice_;
    state.time = diagnostics_.time;
    state.steps = diagnostics_.steps;
    state.ledger = ledger_;
    return std::move(state);
}

std::vector<RankScaling> DistributedSolver::gatherScaling() const
{
    const auto width = static_cast<std::int64_t>(lattice_.width());
    const RankScaling mine{meter_.totals(), band_.height() * width, (band_.y1 - band_.y0) * width};
    return ScalingMeter::unpack(comm_.gather(ScalingMeter::pack(mine)));
}

bool DistributedSolver::writeMapFile(const QString& path, const Map& document, QString* error) const
{
    Map map = local_.readMap();
    const int invalid = comm_.firstWith(!map.state.validate().empty());
    if (invalid >= 0) {
        const std::string problem = comm_.broadcast(map.state.validate(), invalid);
        if (error) *error = QString("%1: refusing to write an invalid map: %2").arg(path, QString::fromStdString(problem));
        return false;
    }
    // The band's arrays under the whole map's header (BandWriter reads the header on rank 0 only).
    map.state.lattice = lattice_;
    map.state.time = diagnostics_.time;
    map.state.steps = diagnostics_.steps;
    map.state.ledger = ledger_;
    map.boundary = segments_;
    map.sources = sources_;
    map.keepDocumentFields(document);
    return BandWriter(comm_, *plan_, lattice_).write(path, map, error);
}

} // namespace rb
