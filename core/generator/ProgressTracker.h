#pragma once

#include <atomic>
#include <functional>

namespace rb::gen {

using ProgressCallback = std::function<void(int percent)>;

// Turns the fractions each step of a run reports into one rising percentage 0..100 and reads the
// cancel flag. Used from the thread that runs the generator only, so the callback is never called
// concurrently and always on that thread.
class ProgressTracker {
public:
    ProgressTracker(ProgressCallback callback, const std::atomic<bool>* cancel);

    // The next reports describe the part of the run from `begin` to `end` percent.
    void beginPhase(int begin, int end);
    // The phases begun from now on are drawn into 0..top percent (100: as given). The making of
    // a map shrinks so when a long stage (the erosion) follows.
    void setScale(int top) { top_ = top; }
    // Fraction 0..1 of the current phase done; calls back when the whole percent has grown.
    void report(double fraction);
    void finish(); // reports 100

    bool cancelled() const { return cancel_ && cancel_->load(std::memory_order_relaxed); }
    const std::atomic<bool>* cancelFlag() const { return cancel_; }

private:
    ProgressCallback callback_;
    const std::atomic<bool>* cancel_;
    int begin_ = 0;
    int end_ = 0;
    int reported_ = -1;
    int top_ = 100;
};

} // namespace rb::gen
