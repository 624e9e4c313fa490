// SPDX-License-Identifier: MIT
#include "segmentwait.h"

#include "loaderscope/shm/segment.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QThread>

#include <memory>
#include <vector>

namespace testutil {

bool waitForEvent(qint64 engine, const std::function<bool(const loaderscope::Event&)>& found, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    std::unique_ptr<loaderscope::Segment> seg;
    std::unique_ptr<loaderscope::EventReader> reader;
    std::vector<loaderscope::Event> events;
    while (t.elapsed() < timeoutMs) {
        if (!reader) {
            const QStringList names = segmentsOf(engine);
            try {
                if (!names.isEmpty()) {
                    seg = loaderscope::Segment::open(names.first().toStdString(), false);
                    reader = std::make_unique<loaderscope::EventReader>(*seg);
                }
            } catch (const std::exception&) {
                seg.reset(); // still being made, or already removed: look again
            }
        }
        if (reader && seg->stillWhole()) {
            events.clear();
            reader->drain(events);
            for (const loaderscope::Event& e : events)
                if (found(e))
                    return true;
        }
        QThread::msleep(5); // the poll interval of a reader, as the app's 60 Hz drain
    }
    return false;
}

bool waitForDeliveries(qint64 engine, int worker, int count, int timeoutMs)
{
    int seen = 0;
    return waitForEvent(
        engine,
        [&](const loaderscope::Event& e) {
            return e.kind == loaderscope::EventKind::Deliver && e.arg0 == worker && ++seen >= count;
        },
        timeoutMs);
}

} // namespace testutil
