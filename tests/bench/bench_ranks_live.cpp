// SPDX-License-Identifier: MIT
// The app's ranks window with N remote ranks streaming at once over ssh (N real probe jobs on this
// machine, each reached through an sshd of the bench's own on 127.0.0.1, tests/probe/sshlab.py):
// how often each rank's timeline repaints (frames per second), how long a paint takes, how late
// the GUI thread answers a 10 ms timer, and the events per second the window takes in.
//
// usage: LOADERSCOPE_SSHD=build/sshd-root/usr/sbin/sshd bench_ranks_live [--ranks N] [--seconds S]
// (PYTHONPATH is set for the jobs; QT_QPA_PLATFORM=offscreen unless a display is wanted).
// Prints one JSON object.
#include "sources/model/remote.h"
#include "sources/model/remotereader.h"
#include "runs/model/runsession.h"
#include "jobs/liveranks.h"
#include "timeline/timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

const QString kPython = QStringLiteral(LOADERSCOPE_PYTHON);
const QString kPythonDir = QStringLiteral(LOADERSCOPE_PYTHON_DIR);

const char* kJob = R"(
import sys, time
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self): return 10**9
    def __getitem__(self, i):
        time.sleep(0.0005)
        return i
end = time.monotonic() + float(sys.argv[1])
for b in DataLoader(D(), batch_size=16, num_workers=2):
    if time.monotonic() > end:
        break
)";

/// Counts a view's paints and times each (the paint is run here, inside the timer).
struct PaintCounter : QObject
{
    int paints = 0;
    std::vector<double> ms;
    bool eventFilter(QObject* o, QEvent* e) override
    {
        if (e->type() != QEvent::Paint)
            return false;
        ++paints;
        QElapsedTimer t;
        t.start();
        static_cast<QObject*>(o)->event(e); // QObject::event is public; filters are not asked again
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
        return true;
    }
};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    int ranks = 8;
    double seconds = 6;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--ranks"))
            ranks = std::clamp(args[i + 1].toInt(), 1, 64);
        else if (args[i] == QLatin1String("--seconds"))
            seconds = std::clamp(args[i + 1].toDouble(), 1.0, 600.0);
    }
    QTemporaryDir tmp;
    qputenv("XDG_DATA_HOME", (tmp.path() + QStringLiteral("/data")).toUtf8());
    QFile job(tmp.path() + QStringLiteral("/job.py"));
    job.open(QIODevice::WriteOnly);
    job.write(kJob);
    job.close();

    QProcess lab;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PYTHONPATH"), kPythonDir);
    lab.setProcessEnvironment(env);
    lab.start(kPython, {QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/probe/sshlab.py"), tmp.path(), QStringLiteral("127.0.0.1")});
    QString config;
    QElapsedTimer t;
    t.start();
    while (config.isEmpty() && t.elapsed() < 60000 && lab.state() != QProcess::NotRunning) {
        lab.waitForReadyRead(500);
        while (lab.canReadLine()) {
            const QByteArray line = lab.readLine().trimmed();
            if (line.startsWith('{'))
                config = QJsonDocument::fromJson(line).object().value(QStringLiteral("config")).toString();
        }
    }
    if (config.isEmpty()) {
        fprintf(stderr, "bench_ranks_live: no SSH lab: %s\n", lab.readAllStandardError().constData());
        return 1;
    }
    qputenv("LOADERSCOPE_SSH", (QStringLiteral("ssh -F ") + config).toUtf8());

    // The jobs run `seconds` + 20 s (the window attaches, measures, then lets go).
    std::vector<std::unique_ptr<QProcess>> jobs;
    std::vector<RemoteStreamOptions> streams;
    for (int r = 0; r < ranks; ++r) {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(env);
        p->setStandardOutputFile(QProcess::nullDevice());
        p->setReadChannel(QProcess::StandardError);
        p->start(kPython, {QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run"), job.fileName(),
                           QString::number(seconds + 20)});
        p->waitForReadyRead(60000);
        const QString line = QString::fromUtf8(p->readLine()).trimmed();
        RemoteStreamOptions o;
        o.host.name = QStringLiteral("127.0.0.1");
        o.segment = line.section(QLatin1Char(' '), 2, 2);
        o.interpreter = QStringLiteral("env PYTHONPATH=%1 %2").arg(kPythonDir, kPython);
        streams.push_back(o);
        jobs.push_back(std::move(p));
    }
    auto* w = new LiveRanksWindow(streams);
    w->resize(1600, 1000);
    w->show();
    // Every rank placed on the axis and taking events, then measured for `seconds`.
    t.restart();
    while (t.elapsed() < 60000) {
        app.processEvents(QEventLoop::AllEvents, 50);
        bool all = w->axisOrigin().has_value();
        for (int r = 0; r < ranks && all; ++r)
            all = w->session(r)->model()->eventCount() > 0;
        if (all)
            break;
    }
    std::vector<std::unique_ptr<PaintCounter>> counters;
    std::vector<qint64> events0;
    for (int r = 0; r < ranks; ++r) {
        counters.push_back(std::make_unique<PaintCounter>());
        w->view(r)->installEventFilter(counters.back().get());
        events0.push_back(w->session(r)->model()->eventCount());
    }
    std::vector<double> lateMs;
    QElapsedTimer since;
    since.start();
    QTimer probe;
    qint64 last = 0;
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = since.nsecsElapsed();
        if (last)
            lateMs.push_back(double(now - last) / 1e6 - 10.0);
        last = now;
    });
    probe.start(10);
    std::vector<double> paintMs;
    QElapsedTimer span;
    span.start();
    while (span.elapsed() < qint64(seconds * 1000))
        app.processEvents(QEventLoop::AllEvents, 20);
    const double elapsed = double(span.nsecsElapsed()) / 1e9;
    probe.stop();
    std::vector<double> fps;
    qint64 events = 0, lost = 0;
    int visible = 0;
    for (int r = 0; r < ranks; ++r) {
        // A rank scrolled out of the window is not painted (rightly): its rate is not a frame rate.
        if (!w->view(r)->visibleRegion().isEmpty()) {
            fps.push_back(counters[size_t(r)]->paints / elapsed);
            ++visible;
        }
        paintMs.insert(paintMs.end(), counters[size_t(r)]->ms.begin(), counters[size_t(r)]->ms.end());
        events += w->session(r)->model()->eventCount() - events0[size_t(r)];
        lost += qint64(w->session(r)->eventsLost());
    }
    std::sort(lateMs.begin(), lateMs.end());
    QJsonObject out;
    out[QStringLiteral("ranks")] = ranks;
    out[QStringLiteral("seconds")] = elapsed;
    out[QStringLiteral("window")] = QStringLiteral("1600x1000, offscreen");
    out[QStringLiteral("transport")] = QStringLiteral("ssh on the loopback, one connection per rank");
    out[QStringLiteral("fps_per_rank_median")] = median(fps);
    out[QStringLiteral("fps_per_rank_min")] = fps.empty() ? 0.0 : *std::min_element(fps.begin(), fps.end());
    out[QStringLiteral("ranks_in_view")] = visible;
    double load[3] = {};
    if (getloadavg(load, 3) > 0)
        out[QStringLiteral("loadavg_1min")] = load[0];
    out[QStringLiteral("cores")] = QThread::idealThreadCount();
    out[QStringLiteral("paint_ms_median")] = median(paintMs);
    out[QStringLiteral("gui_timer_late_ms_median")] = median(lateMs);
    out[QStringLiteral("gui_timer_late_ms_p99")] = lateMs.empty() ? 0.0 : lateMs[size_t(double(lateMs.size() - 1) * 0.99)];
    out[QStringLiteral("events_per_s_taken_in")] = double(events) / elapsed;
    out[QStringLiteral("events_lost")] = double(lost);
    delete w; // stops watching: the jobs run on
    for (auto& p : jobs) {
        p->terminate();
        if (!p->waitForFinished(20000)) {
            p->kill();
            p->waitForFinished();
        }
    }
    lab.closeWriteChannel();
    lab.waitForFinished(60000);
    printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Indented).constData());
    return lab.exitCode() == 0 ? 0 : 1;
}
