// SPDX-License-Identifier: MIT
// Opening many ranks' recordings at once: the time until the rank table is filled and the first
// timeline (the straggler's) is shown in the app's window, and the same recordings through
// `loaderscope-engine analyze --recording`, with each one's peak RSS, for 8, 32 and 64 ranks.
// The recordings are made first by short real engine runs (--events), one rank starved.
//
//   bench_openrec [--ranks 8,32,64] [--length SAMPLES]      prints JSON on stdout
//
// Each measurement runs in a process of its own (this program again, or the engine), so its
// peak RSS (wait4's ru_maxrss) is its own and not the sum of the runs before it.
#include "jobs/recordingranks.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kStarved = 5; ///< the rank whose storage is slow

/// Runs argv to its end; its wall time (s) and peak RSS (MiB); false when it failed.
bool measure(const std::vector<std::string>& argv, double* seconds, double* peakMiB, const char* out = "/dev/null")
{
    QElapsedTimer t;
    t.start();
    const pid_t pid = fork();
    if (pid == 0) {
        if (FILE* f = std::freopen(out, "w", stdout); !f)
            _exit(127);
        std::vector<char*> args;
        for (const std::string& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    rusage ru{};
    if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
        return false;
    *seconds = double(t.nsecsElapsed()) / 1e9;
    *peakMiB = double(ru.ru_maxrss) / 1024.0; // KiB on Linux
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/// Child mode: open `paths` in the ranks window, exit once the straggler's timeline is shown.
int openInApp(int argc, char** argv, const QStringList& paths)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    RecordingRanksWindow w(paths);
    int code = 3;
    QObject::connect(&w, &RecordingRanksWindow::rankShown, &app, [&](int index) {
        code = w.ranks()[size_t(index)].rank == kStarved ? 0 : 4; // the straggler first
        app.quit();
    });
    QObject::connect(&w, &RecordingRanksWindow::ranksRead, &app, [&] {
        if (w.ranks().empty() || !w.ranks().front().ok())
            app.quit();
    });
    w.show();
    app.exec();
    return code;
}

/// Makes `n` recordings in `dir` (several engine runs at a time); false on failure.
bool makeRecordings(const QString& dir, int n, int length)
{
    const QString engine = QStringLiteral(LOADERSCOPE_ENGINE_PATH);
    std::vector<QProcess*> running;
    bool ok = true;
    auto reap = [&](size_t keep) {
        while (running.size() > keep) {
            QProcess* p = running.front();
            running.erase(running.begin());
            ok = p->waitForFinished(120000) && p->exitCode() == 0 && ok;
            if (!ok)
                fprintf(stderr, "%s\n", p->readAllStandardError().constData());
            delete p;
        }
    };
    for (int r = 0; r < n; ++r) {
        const QString config = QDir(dir).filePath(QStringLiteral("rank%1.json").arg(r));
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly))
            return false;
        f.write(QStringLiteral(R"({"dataset":{"length":%1,"sample_bytes":4096,"io_latency_us":%2},
            "loader":{"batch_size":8,"num_workers":2},"train":{"step_us":1500},"device":{"backend":"sim"}})")
                    .arg(length)
                    .arg(r == kStarved ? 1500 : 40)
                    .toUtf8());
        f.close();
        auto* p = new QProcess;
        p->setProcessChannelMode(QProcess::SeparateChannels);
        p->setStandardOutputFile(QProcess::nullDevice());
        p->start(engine, {QStringLiteral("run"), QStringLiteral("--config"), config, QStringLiteral("--events"),
                          QDir(dir).filePath(QStringLiteral("events-rank%1.lsrec").arg(r))});
        running.push_back(p);
        reap(4);
    }
    reap(0);
    return ok;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc > 2 && std::strcmp(argv[1], "--open-in-app") == 0) {
        QStringList paths;
        for (int i = 2; i < argc; ++i)
            paths << QString::fromLocal8Bit(argv[i]);
        return openInApp(1, argv, paths);
    }
    QCoreApplication core(argc, argv);
    std::vector<int> counts = {8, 32, 64};
    int length = 8192;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--ranks") == 0) {
            counts.clear();
            for (const QString& c : QString::fromLocal8Bit(argv[i + 1]).split(QLatin1Char(',')))
                counts.push_back(c.toInt());
        } else if (std::strcmp(argv[i], "--length") == 0) {
            length = std::atoi(argv[i + 1]);
        }
    }
    int most = 0;
    for (int c : counts)
        most = std::max(most, c);
    QTemporaryDir dir;
    QElapsedTimer made;
    made.start();
    if (!dir.isValid() || !makeRecordings(dir.path(), most, length)) {
        fprintf(stderr, "bench_openrec: making the recordings failed\n");
        return 1;
    }
    qint64 bytes = 0;
    for (int r = 0; r < most; ++r)
        bytes += QFileInfo(QDir(dir.path()).filePath(QStringLiteral("events-rank%1.lsrec").arg(r))).size();
    QJsonArray results;
    for (int n : counts) {
        std::vector<std::string> app = {QCoreApplication::applicationFilePath().toStdString(), "--open-in-app"};
        std::vector<std::string> analyze = {LOADERSCOPE_ENGINE_PATH, "analyze"};
        for (int r = 0; r < n; ++r) {
            const std::string path = QDir(dir.path()).filePath(QStringLiteral("events-rank%1.lsrec").arg(r)).toStdString();
            app.push_back(path);
            analyze.insert(analyze.end(), {"--recording", path});
        }
        double appS = 0, appMiB = 0, anS = 0, anMiB = 0;
        const bool appOk = measure(app, &appS, &appMiB);
        const QString json = QDir(dir.path()).filePath(QStringLiteral("analyze.json"));
        const bool anOk = measure(analyze, &anS, &anMiB, json.toLocal8Bit().constData());
        QFile f(json);
        f.open(QIODevice::ReadOnly);
        const QJsonObject report = QJsonDocument::fromJson(f.readAll()).object();
        std::vector<double> stalls;
        for (const QJsonValue r : report.value(QStringLiteral("ranks")).toArray())
            stalls.push_back(r.toObject().value(QStringLiteral("data_stall_fraction")).toDouble());
        std::sort(stalls.begin(), stalls.end());
        results.append(QJsonObject{
            {QStringLiteral("ranks"), n},
            {QStringLiteral("app_ok"), appOk},
            {QStringLiteral("app_table_and_first_timeline_s"), appS},
            {QStringLiteral("app_peak_rss_mib"), appMiB},
            {QStringLiteral("analyze_ok"), anOk},
            {QStringLiteral("analyze_s"), anS},
            {QStringLiteral("analyze_peak_rss_mib"), anMiB},
            {QStringLiteral("analyze_straggler"), report.value(QStringLiteral("straggler"))},
            {QStringLiteral("data_stall_max"), stalls.empty() ? 0.0 : stalls.back()},
            {QStringLiteral("data_stall_median"), stalls.empty() ? 0.0 : stalls[stalls.size() / 2]},
        });
    }
    const QJsonObject out{{QStringLiteral("benchmark"), QStringLiteral("open_recordings")},
                          {QStringLiteral("samples_per_rank"), length},
                          {QStringLiteral("recordings_made_s"), double(made.nsecsElapsed()) / 1e9},
                          {QStringLiteral("recording_mib_per_rank"), double(bytes) / most / (1 << 20)},
                          {QStringLiteral("expected_straggler"), kStarved},
                          {QStringLiteral("results"), results}};
    printf("%s", QJsonDocument(out).toJson().constData());
    return 0;
}
