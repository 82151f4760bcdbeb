#include "distributed/MpiComm.h"

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <numeric>
#include <type_traits>

namespace rb {
namespace {

template <class T> MPI_Datatype datatype()
{
    if constexpr (std::is_same_v<T, double>) return MPI_DOUBLE;
    else if constexpr (std::is_same_v<T, float>) return MPI_FLOAT;
    else if constexpr (std::is_same_v<T, int>) return MPI_INT;
    else static_assert(std::is_same_v<T, double>, "no MPI type for T");
}

std::vector<int> offsetsOf(const std::vector<int>& counts)
{
    std::vector<int> offsets(counts.size(), 0);
    for (std::size_t i = 1; i < counts.size(); ++i) offsets[i] = offsets[i - 1] + counts[i - 1];
    return offsets;
}

} // namespace

MpiComm::MpiComm(MPI_Comm comm) : comm_(comm)
{
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
}

double MpiComm::max(double value) const
{
    double result = value;
    MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, comm_);
    return result;
}

float MpiComm::max(float value) const
{
    float result = value;
    MPI_Allreduce(&value, &result, 1, MPI_FLOAT, MPI_MAX, comm_);
    return result;
}

std::int64_t MpiComm::sum(std::int64_t value) const
{
    long long in = value, result = 0;
    MPI_Allreduce(&in, &result, 1, MPI_LONG_LONG, MPI_SUM, comm_);
    return result;
}

int MpiComm::firstWith(bool flag) const
{
    int mine = flag ? rank_ : size_, first = size_;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm_);
    return first == size_ ? -1 : first;
}

std::string MpiComm::broadcast(const std::string& text, int from) const
{
    unsigned long long length = text.size();
    MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, from, comm_);
    std::string result = rank_ == from ? text : std::string(static_cast<std::size_t>(length), '\0');
    if (length > 0) MPI_Bcast(result.data(), static_cast<int>(length), MPI_CHAR, from, comm_);
    return result;
}

void MpiComm::broadcast(std::vector<double>& values, int from) const
{
    MPI_Bcast(values.data(), static_cast<int>(values.size()), MPI_DOUBLE, from, comm_);
}

std::uint64_t MpiComm::broadcast(std::uint64_t value, int from) const
{
    unsigned long long v = value;
    MPI_Bcast(&v, 1, MPI_UNSIGNED_LONG_LONG, from, comm_);
    return v;
}

template <class T> std::vector<T> MpiComm::gather(const std::vector<T>& mine, std::vector<int>* counts) const
{
    const int count = static_cast<int>(mine.size());
    std::vector<int> all(static_cast<std::size_t>(size_), 0);
    MPI_Gather(&count, 1, MPI_INT, all.data(), 1, MPI_INT, 0, comm_);
    const std::vector<int> offsets = offsetsOf(all);
    std::vector<T> result(root() ? static_cast<std::size_t>(std::accumulate(all.begin(), all.end(), 0)) : 0);
    MPI_Gatherv(mine.data(), count, datatype<T>(), result.data(), all.data(), offsets.data(), datatype<T>(), 0, comm_);
    if (counts) *counts = all;
    return result;
}

template std::vector<double> MpiComm::gather(const std::vector<double>&, std::vector<int>*) const;
template std::vector<float> MpiComm::gather(const std::vector<float>&, std::vector<int>*) const;
template std::vector<int> MpiComm::gather(const std::vector<int>&, std::vector<int>*) const;

template <class T> void MpiComm::send(std::span<const T> values, int to) const
{
    if (values.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) throw std::length_error("a band's slice is too large for one MPI message");
    MPI_Send(values.data(), static_cast<int>(values.size()), datatype<T>(), to, 0, comm_);
}

template <class T> void MpiComm::receive(std::vector<T>& into, int from) const
{
    MPI_Status status;
    MPI_Probe(from, 0, comm_, &status);
    int count = 0;
    MPI_Get_count(&status, datatype<T>(), &count);
    into.resize(static_cast<std::size_t>(count));
    MPI_Recv(into.data(), count, datatype<T>(), from, 0, comm_, MPI_STATUS_IGNORE);
}

template void MpiComm::send(std::span<const float>, int) const;
template void MpiComm::send(std::span<const double>, int) const;
template void MpiComm::receive(std::vector<float>&, int) const;
template void MpiComm::receive(std::vector<double>&, int) const;

std::vector<float> MpiComm::exchange(const std::vector<float>& send, const std::vector<int>& sendCounts, std::vector<int>& recvCounts) const
{
    recvCounts.assign(static_cast<std::size_t>(size_), 0);
    MPI_Alltoall(sendCounts.data(), 1, MPI_INT, recvCounts.data(), 1, MPI_INT, comm_);
    const std::vector<int> sendOffsets = offsetsOf(sendCounts), recvOffsets = offsetsOf(recvCounts);
    std::vector<float> received(static_cast<std::size_t>(std::accumulate(recvCounts.begin(), recvCounts.end(), 0)));
    MPI_Alltoallv(send.data(), sendCounts.data(), sendOffsets.data(), MPI_FLOAT, received.data(), recvCounts.data(), recvOffsets.data(), MPI_FLOAT,
                  comm_);
    return received;
}

} // namespace rb
