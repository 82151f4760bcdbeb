#pragma once

#include <mpi.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace rb {

// The few collective operations a distributed run needs, over one communicator. Every rank must
// make the same calls in the same order (the solver's decisions all follow reduced values, so
// they do). The MPI calls of the core live here and nowhere else.
class MpiComm {
public:
    explicit MpiComm(MPI_Comm comm = MPI_COMM_WORLD);

    int rank() const { return rank_; }
    int size() const { return size_; }
    bool root() const { return rank_ == 0; }

    double max(double value) const;
    float max(float value) const;
    std::int64_t sum(std::int64_t value) const;
    // The lowest rank for which `flag` holds, or −1 when it holds nowhere.
    int firstWith(bool flag) const;
    std::string broadcast(const std::string& text, int from) const;
    void broadcast(std::vector<double>& values, int from) const; // the size must agree everywhere
    std::uint64_t broadcast(std::uint64_t value, int from) const;

    // Every rank's values, concatenated in rank order, on rank 0 (empty elsewhere); counts: each rank's.
    template <class T> std::vector<T> gather(const std::vector<T>& mine, std::vector<int>* counts = nullptr) const;
    // Point to point, for rank 0's writer: `values` to rank `to`; and whatever rank `from` sends
    // next, into `into` (resized to it). T: float or double.
    template <class T> void send(std::span<const T> values, int to) const;
    template <class T> void receive(std::vector<T>& into, int from) const;
    // sendCounts[q] values of `send` (in rank order) to rank q; receives into the result, recvCounts per rank.
    std::vector<float> exchange(const std::vector<float>& send, const std::vector<int>& sendCounts, std::vector<int>& recvCounts) const;

private:
    MPI_Comm comm_;
    int rank_ = 0;
    int size_ = 1;
};

} // namespace rb
