#include "generator/ProgressTracker.h"

#include <algorithm>
#include <cmath>

namespace rb::gen {

ProgressTracker::ProgressTracker(ProgressCallback callback, const std::atomic<bool>* cancel)
    : callback_(std::move(callback)), cancel_(cancel)
{
}

void ProgressTracker::beginPhase(int begin, int end)
{
    begin_ = begin * top_ / 100;
    end_ = end * top_ / 100;
    report(0.0);
}

void ProgressTracker::report(double fraction)
{
    const double clamped = std::clamp(fraction, 0.0, 1.0);
    const int percent = begin_ + static_cast<int>(std::floor(clamped * (end_ - begin_)));
    if (percent <= reported_) return;
    reported_ = percent;
    if (callback_) callback_(percent);
}

void ProgressTracker::finish()
{
    top_ = 100;
    begin_ = end_ = 100;
    report(1.0);
}

} // namespace rb::gen
