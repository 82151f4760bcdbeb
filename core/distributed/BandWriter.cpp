#include "distributed/BandWriter.h"

#include "distributed/BandSlice.h"
#include "io/map/ArrayBlock.h"
#include "io/map/ArrayBlockStream.h"
#include "io/map/MapFile.h"
#include "io/transaction/AtomicFile.h"

#include <new>
#include <vector>

namespace rb {

BandWriter::BandWriter(const MpiComm& comm, const BandPlan& plan, const Lattice& whole) : comm_(comm), plan_(plan), whole_(whole) {}

bool BandWriter::write(const QString& path, const Map& map, QString* error) const
{
    std::optional<io::AtomicFile> file;
    bool ok = true;
    QString reason;
    try {
        if (comm_.root()) ok = file.emplace(path).open() && io::writeMapHead(*file, map);
        // Every rank takes part in every array, also once rank 0's file has failed: the others
        // cannot know, and a collective left half made would hang the job.
        for (const io::NamedArray& array : io::namedArrays(map)) ok = writeArray(array.name, *array.field, ok && file ? &*file : nullptr) && ok;
        for (const io::NamedMeanArray& array : io::namedMeanArrays(map.state)) ok = writeArray(array.name, *array.field, ok && file ? &*file : nullptr) && ok;
        if (comm_.root()) ok = ok && file->commit();
    } catch (const std::bad_alloc&) {
        ok = false;
        reason = "out of memory while compressing the map"; // the old file stays as it was
    }
    std::string message;
    if (comm_.root() && !ok) message = QString("%1: %2").arg(path, reason.isEmpty() && file ? file->errorString() : reason).toStdString();
    message = comm_.broadcast(message, 0);
    if (!message.empty() && error) *error = QString::fromStdString(message);
    return message.empty();
}

// One array's record: on rank 0 the slices are counted, the head written, and the slices written;
// the other ranks send theirs for both passes. `out` is null on the others and once rank 0 failed.
template <class T> bool BandWriter::writeArray(const std::string& name, const Field<T>& field, QIODevice* out) const
{
    if (!comm_.root()) {
        for (int pass = 0; pass < 2; ++pass) comm_.send(ownedSlice(field, plan_, comm_.rank(), whole_), 0);
        return true;
    }
    io::ArrayBlockStream counter;
    feed(field, counter);
    const bool counted = counter.finish();
    const bool padded = field.width() == whole_.paddedWidth();
    const io::RecordHead head{name, static_cast<std::uint32_t>(field.width()), static_cast<std::uint32_t>(padded ? whole_.paddedHeight() : whole_.height()),
                              counter.rawSize(), counter.compressedSize(), counter.crc()};
    const bool ok = counted && out && io::writeRecordHead(*out, head);
    io::ArrayBlockStream writer(ok ? out : nullptr);
    feed(field, writer);
    return writer.finish() && ok;
}

template <class T, class Stream> void BandWriter::feed(const Field<T>& field, Stream& stream) const
{
    const std::span<const T> mine = ownedSlice(field, plan_, 0, whole_);
    stream.add(mine.data(), mine.size());
    std::vector<T> slice;
    for (int r = 1; r < comm_.size(); ++r) {
        comm_.receive(slice, r);
        stream.add(slice.data(), slice.size());
    }
}

} // namespace rb
