// SPDX-License-Identifier: MIT
#include "eventfile.h"

#include "loaderscope/run.h"
#include "tracemodel.h"

#include <QCoreApplication>
#include <QFile>

#include <cstring>

bool loadEventsFile(const QString& path, TraceModel& model, QString* error)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(QCoreApplication::translate("EventFile", "cannot open %1: %2").arg(path, f.errorString()));
    loaderscope::EventFileHeader h;
    if (f.read(reinterpret_cast<char*>(&h), sizeof h) != qint64(sizeof h) || std::memcmp(h.magic, "LSEVT001", 8) != 0)
        return fail(QCoreApplication::translate("EventFile", "%1 is not a Loaderscope events file").arg(path));
    const qint64 payload = f.size() - qint64(sizeof h);
    if (h.record_bytes != sizeof(loaderscope::Event) || h.num_workers > 1024 ||
        qint64(h.count) * qint64(sizeof(loaderscope::Event)) != payload)
        return fail(QCoreApplication::translate("EventFile", "%1 is truncated or from another version").arg(path));
    std::vector<loaderscope::Event> events(size_t(h.count));
    if (h.count && f.read(reinterpret_cast<char*>(events.data()), payload) != payload)
        return fail(QCoreApplication::translate("EventFile", "cannot read %1").arg(path));
    model.reset(h.clock_origin_ns, int(h.num_workers), h.simulated_device != 0);
    model.append(events);
    return true;
}
