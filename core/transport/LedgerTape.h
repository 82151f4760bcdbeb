#pragma once

#include <cstdint>
#include <vector>

namespace rb {

// What a step added to the dye's and the sediment's ledgers, term by term, kept only when a
// distributed run asks for it (core/distributed): each rank steps a band, and rank 0 adds the
// owned terms of every band again in the order one process adds them, so the books get the same
// bits whatever the number of ranks. A plain run keeps no tape and books exactly as before.
// Every booking site adds one entry per step in the same order on every rank (a rank without
// edges or sources records an empty list), so entry i names the same sum everywhere.
class LedgerTape {
public:
    enum class Over : std::uint8_t { Rows, Edges, Sources }; // what the terms are indexed by, in the solver's map
    struct Entry {
        double* total = nullptr; // the ledger's figure, in the recording solver's books
        Over over = Over::Rows;
        bool each = false;       // true: total += term·scale term by term; false: total += (Σ terms)·scale
        double scale = 1.0;
        double before = 0.0;     // the figure before this entry
        std::vector<double> terms;
    };

    void record(double& total, double before, Over over, bool each, double scale, std::vector<double> terms);
    const std::vector<Entry>& entries() const { return entries_; }
    void clear() { entries_.clear(); }

    // What booking `terms` into a figure adds, as the sites do (and as rank 0 adds them again).
    static void add(double& total, bool each, double scale, const std::vector<double>& terms);

private:
    std::vector<Entry> entries_;
};

// total += (Σ terms, in order)·scale, recorded on `tape` if there is one.
void bookSum(LedgerTape* tape, double& total, LedgerTape::Over over, double scale, const std::vector<double>& terms);
// total += term·scale for each term in order, recorded on `tape` if there is one.
void bookEach(LedgerTape* tape, double& total, LedgerTape::Over over, double scale, const std::vector<double>& terms);

} // namespace rb
