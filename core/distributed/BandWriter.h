#pragma once

#include "distributed/BandPlan.h"
#include "distributed/MpiComm.h"
#include "model/Map.h"

#include <QIODevice>
#include <QString>

namespace rb {

// A distributed run's output .rbmap (docs/scaling.md, "Memory by band"): rank 0 writes the
// file array by array, taking each array's rows from every rank in turn (its own, then rank 1's,
// …), so no rank ever holds more than its band and one other band's slice of one array. The bytes
// are those writeMapFile writes for the whole map: the same header, and each array's zlib stream
// deflated as the slices arrive (io::ArrayBlockStream). The record's head, which comes before the
// stream, needs the stream's size and CRC: the slices are sent twice, counted first, then written.
// The file is an AtomicFile: on any failure the old file at the path stays as it was.
class BandWriter {
public:
    BandWriter(const MpiComm& comm, const BandPlan& plan, const Lattice& whole);

    // Collective. `map`: this rank's band's arrays (on the band's rows) under the whole map's
    // header (its lattice, time, steps, books, boundary, sources and document fields; read on rank
    // 0 only). True on every rank when rank 0 committed the file; else false, and `error` (every
    // rank) says why.
    bool write(const QString& path, const Map& map, QString* error) const;

private:
    template <class T> bool writeArray(const std::string& name, const Field<T>& field, QIODevice* out) const;
    template <class T, class Stream> void feed(const Field<T>& field, Stream& stream) const;

    MpiComm comm_;
    const BandPlan& plan_;
    Lattice whole_;
};

} // namespace rb
