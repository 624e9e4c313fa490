// SPDX-License-Identifier: MIT
#include "loaderscope/analysis/recording_digest.h"

#include "loaderscope/results/metrics.h"

#include <algorithm>
#include <cctype>

namespace loaderscope {

RecordingDigest digestRecording(const std::string& path, const std::function<bool()>& cancel)
{
    const RecordingReader reader(path);
    const RecordingHeader& h = reader.header();
    RecordingDigest d;
    d.path = path;
    d.source = h.source;
    d.num_workers = int(h.num_workers);
    d.simulated_device = h.simulated_device != 0;
    d.clock_origin_ns = h.clock_origin_ns;
    d.t_min = reader.tMin();
    d.t_max = reader.tMax();
    // The figures come from the same code as the engine's summary, fed event by event: nothing is
    // kept but the accumulator's running totals.
    MetricsAccumulator acc(int(h.num_workers));
    // A saved stream's header counts the lanes in use when it began (often before the workers
    // started): its segment's lanes bound the workers its events may name.
    if (const auto& info = reader.streamInfo())
        acc.growLanesTo(int(std::min<uint32_t>(info->record.lanes, 1024)));
    try {
        reader.readAll([&](const Event& e) { acc.add(e); }, cancel);
    } catch (const RecordingError& e) {
        d.damage = e.what(); // what came before the damaged chunk still counts
    }
    d.figures = acc.figures();
    d.num_workers = std::max(d.num_workers, int(d.figures.workers.size()));
    d.events = uint64_t(acc.eventsAdded());
    d.shortfall = reader.shortfall();
    d.description = reader.jobDescription();
    if (const auto& end = reader.streamEnd())
        d.events_lost = end->lost_ring + end->lost_stream;
    else if (!reader.beacons().empty())
        d.events_lost = reader.beacons().back().lost_ring + reader.beacons().back().lost_stream;
    return d;
}

int rankFromFileName(const std::string& path)
{
    const std::string name = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    for (size_t at = name.find("rank"); at != std::string::npos; at = name.find("rank", at + 1)) {
        size_t i = at + 4;
        while (i < name.size() && (name[i] == '_' || name[i] == '-'))
            ++i;
        int rank = -1;
        for (; i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) && rank < 1'000'000; ++i)
            rank = (rank < 0 ? 0 : rank * 10) + (name[i] - '0');
        if (rank >= 0)
            return rank;
    }
    return -1;
}

} // namespace loaderscope
