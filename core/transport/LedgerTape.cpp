#include "transport/LedgerTape.h"

#include <utility>

namespace rb {

void LedgerTape::record(double& total, double before, Over over, bool each, double scale, std::vector<double> terms)
{
    entries_.push_back({&total, over, each, scale, before, std::move(terms)});
}

void LedgerTape::add(double& total, bool each, double scale, const std::vector<double>& terms)
{
    if (each) {
        for (double t : terms) total += t * scale;
        return;
    }
    double sum = 0.0; // in order: the same total on any thread count
    for (double t : terms) sum += t;
    total += sum * scale;
}

void bookSum(LedgerTape* tape, double& total, LedgerTape::Over over, double scale, const std::vector<double>& terms)
{
    const double before = total;
    LedgerTape::add(total, false, scale, terms);
    if (tape) tape->record(total, before, over, false, scale, terms);
}

void bookEach(LedgerTape* tape, double& total, LedgerTape::Over over, double scale, const std::vector<double>& terms)
{
    const double before = total;
    LedgerTape::add(total, true, scale, terms);
    if (tape) tape->record(total, before, over, true, scale, terms);
}

} // namespace rb
