// SPDX-License-Identifier: MIT
// The app's files on hostile paths: `loaderscope --export` by the output rule (a regular file
// replaced atomically; a character device, a FIFO written in place; a link resolved once; a
// directory refused), configurations read with the engine's size limit, truncated recordings in the
// run history, and the history's leftovers and its bounds. Every app started has a timeout and is
// waited for; everything made lies in a temporary folder (never the real /dev).
#include "sources/model/eventfile.h"
#include "sources/model/remotereader.h"
#include "runs/model/runhistory.h"
#include "timeline/model/tracemodel.h"
#include "common/model/userfiles.h"

#include "loaderscope/config/config.h"
#include "loaderscope/results/recording.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QDateTime>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QtTest>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

// A run of a few milliseconds: the export's picture, not the run, is under test.
constexpr char kTinyConfig[] = R"({"dataset":{"length":16,"sample_bytes":64,"io_latency_us":100},
    "loader":{"batch_size":4,"num_workers":1},"train":{"step_us":100}})";

struct AppResult
{
    int exitCode = -1;
    bool finished = false;
    QByteArray err;
    qint64 ms = 0;
};

/// Runs the app with `args` (English, settings and data under `home`), calling `whileRunning`
/// every 20 ms until it exits; killed and reaped after `timeoutMs`.
AppResult runApp(const QStringList& args, const QString& home, int timeoutMs = 60000,
                 const std::function<void()>& whileRunning = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(LOADERSCOPE_GUI_PATH), QStringList{QStringLiteral("--lang"), QStringLiteral("en")} + args);
    AppResult r;
    if (!p.waitForStarted(10000))
        return r;
    while (!p.waitForFinished(20)) {
        if (whileRunning)
            whileRunning();
        if (t.elapsed() > timeoutMs) {
            p.kill();
            p.waitForFinished(10000);
            r.err = p.readAllStandardError();
            r.ms = t.elapsed();
            return r;
        }
    }
    if (whileRunning)
        whileRunning();
    r.finished = p.exitStatus() == QProcess::NormalExit;
    r.exitCode = p.exitCode();
    r.err = p.readAllStandardError();
    r.ms = t.elapsed();
    return r;
}

QString writeConfig(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("tiny.json"));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(kTinyConfig);
    return path;
}

QStringList exportArgs(const QString& config, const QString& out)
{
    return {QStringLiteral("--config"), config, QStringLiteral("--export"), out, QStringLiteral("--size"), QStringLiteral("400x300")};
}

mode_t typeOf(const QString& path)
{
    struct stat st {};
    return lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

/// A recording of `chunks` chunks of `perChunk` events, written by the engine's own writer.
void writeRecording(const QString& path, int chunks, int perChunk)
{
    loaderscope::RecordingHeader h;
    h.num_workers = 2;
    h.engine_pid = int32_t(getpid());
    loaderscope::RecordingWriter w(path.toStdString(), h);
    uint64_t t = 1'000'000;
    for (int c = 0; c < chunks; ++c) {
        for (int i = 0; i < perChunk; ++i, t += 1000) {
            loaderscope::Event e{};
            e.kind = loaderscope::EventKind::Fetch;
            e.lane = int16_t(i % 2);
            e.t0 = t;
            e.t1 = t + 500;
            e.batch = i / 4;
            e.arg0 = i;
            w.add(e);
        }
        w.flush();
    }
    std::string error;
    QVERIFY2(w.close(&error), error.c_str());
}

/// A copy of `from` cut to its first `bytes` bytes.
void copyCut(const QString& from, const QString& to, qint64 bytes)
{
    QVERIFY(QFile::copy(from, to));
    QFile f(to);
    QVERIFY(f.resize(bytes));
}

/// A history entry: config, summary (unless `summary` is false), a recording of `bytes` (sparse).
void plantEntry(const QString& root, const QString& id, bool summary, qint64 bytes)
{
    QVERIFY(QDir().mkpath(root + QLatin1Char('/') + id));
    const QString dir = root + QLatin1Char('/') + id;
    QFile c(dir + QStringLiteral("/config.json"));
    QVERIFY(c.open(QIODevice::WriteOnly));
    c.write("{}");
    if (summary) {
        QFile s(dir + QStringLiteral("/summary.json"));
        QVERIFY(s.open(QIODevice::WriteOnly));
        s.write("{}");
    }
    if (bytes > 0) {
        QFile e(dir + QStringLiteral("/events.lsrec"));
        QVERIFY(e.open(QIODevice::WriteOnly));
        QVERIFY(e.resize(bytes));
    }
}

/// Sets a path's modification time `secondsAgo` into the past (without following a link).
void age(const QString& path, int secondsAgo)
{
    struct timeval tv[2];
    gettimeofday(&tv[0], nullptr);
    tv[0].tv_sec -= secondsAgo;
    tv[1] = tv[0];
    QCOMPARE(lutimes(QFile::encodeName(path).constData(), tv), 0);
}

/// A temporary recording as the engine leaves it when killed: a header naming the writer's pid.
void plantTempRecording(const QString& path, int32_t pid, qint64 bytes)
{
    loaderscope::RecordingHeader h;
    h.engine_pid = pid;
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(reinterpret_cast<const char*>(&h), sizeof h), qint64(sizeof h));
    QVERIFY(f.resize(bytes));
}

/// A pid no process has: a child that exited and was reaped.
int32_t deadPid()
{
    const pid_t pid = fork();
    if (pid == 0)
        _exit(0);
    int status = 0;
    waitpid(pid, &status, 0);
    return int32_t(pid);
}

} // namespace

class TestAppFiles : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(QFileInfo::exists(QStringLiteral(LOADERSCOPE_GUI_PATH))); }

    // 1. Exports by the output rule.
    void exportReplacesRegularFileAtomically();
    void exportToCharDeviceLeavesTheDevice();
    void exportToFifoWritesThrough();
    void exportThroughLinkWritesTheTarget();
    void exportToDirectoryFails();
    void exportOfAProfilerTraceIsRefused();
    void unknownLanguageOrThemeIsRefused();
    // 2. Configurations read with the engine's limit.
    void configFromDevZeroIsRefusedQuickly();
    void configJustOverTheLimitIsRefused();
    // 3. A truncated recording in the history says where it stopped.
    void truncatedRecordingInHistoryWarns();
    // 4. The history's leftovers and bounds.
    void historyRemovesDeadRunsLeftovers();
    void historyIsBoundedInBytes();
    // 5. What failed remotes left, and the saved streams' bounds.
    void remoteSavesArePruned();
};

void TestAppFiles::exportReplacesRegularFileAtomically()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.png"));
    QFile old(out);
    QVERIFY(old.open(QIODevice::ReadWrite));
    old.write("the previous picture");
    old.flush();
    const AppResult r = runApp(exportArgs(writeConfig(dir), out), dir.path());
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QFile now(out);
    QVERIFY(now.open(QIODevice::ReadOnly));
    QVERIFY(now.read(8).startsWith("\x89PNG"));
    // A viewer that had the old file open still reads it whole: the new one was renamed over it,
    // never written into it.
    QVERIFY(old.seek(0));
    QCOMPARE(old.readAll(), QByteArray("the previous picture"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral("out.png.")), QStringList());
}

void TestAppFiles::exportToCharDeviceLeavesTheDevice()
{
    if (geteuid() != 0)
        QSKIP("mknod needs root: a character device cannot be made in a temporary folder by a user");
    QTemporaryDir dir;
    const QString dev = dir.filePath(QStringLiteral("null.svg"));
    // The null device's numbers, made in the test's own folder: the real /dev is never touched.
    if (mknod(QFile::encodeName(dev).constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        QSKIP(qPrintable(QStringLiteral("mknod failed (%1): no device nodes here").arg(QString::fromLocal8Bit(strerror(errno)))));
    const AppResult r = runApp(exportArgs(writeConfig(dir), dev), dir.path());
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(typeOf(dev), mode_t(S_IFCHR)); // still the device, not a file renamed over it
}

void TestAppFiles::exportToFifoWritesThrough()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.svg"));
    QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const int reader = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    QVERIFY(reader >= 0);
    QByteArray got;
    auto drain = [&] {
        char buf[65536];
        for (ssize_t n; (n = ::read(reader, buf, sizeof buf)) > 0;)
            got.append(buf, n);
    };
    const AppResult r = runApp(exportArgs(writeConfig(dir), fifo), dir.path(), 60000, drain);
    drain();
    ::close(reader);
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QVERIFY2(got.contains("<svg") && got.trimmed().endsWith("</svg>"), got.left(200).constData()); // the whole picture
    QCOMPARE(typeOf(fifo), mode_t(S_IFIFO));
}

void TestAppFiles::exportThroughLinkWritesTheTarget()
{
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("target.png"));
    const QString link = dir.filePath(QStringLiteral("link.png"));
    QFile t(target);
    QVERIFY(t.open(QIODevice::WriteOnly));
    t.write("old");
    t.close();
    QVERIFY(QFile::link(target, link));
    const AppResult r = runApp(exportArgs(writeConfig(dir), link), dir.path());
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(typeOf(link), mode_t(S_IFLNK)); // the user's link stays, pointing where it did
    QCOMPARE(QFileInfo(link).symLinkTarget(), target);
    QVERIFY(t.open(QIODevice::ReadOnly));
    QVERIFY(t.read(8).startsWith("\x89PNG"));
}

void TestAppFiles::exportToDirectoryFails()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("pictures.png"));
    QVERIFY(QDir().mkdir(out));
    const AppResult r = runApp(exportArgs(writeConfig(dir), out), dir.path());
    QVERIFY(r.finished);
    QVERIFY(r.exitCode != 0);
    // The app's own line (not Qt's chatter) names the path and why.
    const QByteArray line = r.err.mid(r.err.indexOf("loaderscope: "));
    QVERIFY2(line.contains("pictures.png") && line.contains("is a directory"), r.err.constData());
    QCOMPARE(typeOf(out), mode_t(S_IFDIR));
    QVERIFY(QDir(out).isEmpty());
}

// --lang de drew English and --theme drak the light theme, both with status 0: a value the help
// does not name is refused before anything is drawn (status 2, the values listed).
void TestAppFiles::unknownLanguageOrThemeIsRefused()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.png"));
    const QStringList config = exportArgs(writeConfig(dir), out);
    const AppResult lang = runApp(QStringList{QStringLiteral("--lang"), QStringLiteral("de")} + config, dir.path());
    QVERIFY(lang.finished);
    QCOMPARE(lang.exitCode, 2);
    QVERIFY2(lang.err.contains("unknown --lang value \"de\"; the values are: en, tr"), lang.err.constData());
    const AppResult theme = runApp(QStringList{QStringLiteral("--theme"), QStringLiteral("drak")} + config, dir.path());
    QVERIFY(theme.finished);
    QCOMPARE(theme.exitCode, 2);
    QVERIFY2(theme.err.contains("unknown --theme value \"drak\"; the values are: docs, light, dark"), theme.err.constData());
    QVERIFY(!QFileInfo::exists(out));
    // The values named are taken.
    const AppResult dark = runApp(QStringList{QStringLiteral("--lang"), QStringLiteral("tr"), QStringLiteral("--theme"),
                                              QStringLiteral("dark")} + config, dir.path());
    QVERIFY2(dark.finished && dark.exitCode == 0, dark.err.constData());
    QVERIFY(QFileInfo(out).size() > 0);
}

// Issue 46, item 9: --open-trace X --export drew the default run and exited 0.
void TestAppFiles::exportOfAProfilerTraceIsRefused()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("trace.png"));
    const AppResult r = runApp({QStringLiteral("--open-trace"), QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/nonexistent.json"),
                                QStringLiteral("--export"), out},
                               dir.path());
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("not a profiler trace") && r.err.contains("nonexistent.json"), r.err.constData());
    QVERIFY(!QFileInfo::exists(out));
}

void TestAppFiles::configFromDevZeroIsRefusedQuickly()
{
    QTemporaryDir dir;
    // Headless and with the window: both read the file before anything else.
    for (const QStringList& args : {QStringList{QStringLiteral("--config"), QStringLiteral("/dev/zero"), QStringLiteral("--export"),
                                                dir.filePath(QStringLiteral("x.png"))},
                                    QStringList{QStringLiteral("--config"), QStringLiteral("/dev/zero")}}) {
        const AppResult r = runApp(args, dir.path(), 20000);
        QVERIFY2(r.finished, qPrintable(QStringLiteral("%1 ms: %2").arg(r.ms).arg(QString::fromLocal8Bit(r.err))));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("/dev/zero") && r.err.contains(QByteArray::number(qulonglong(loaderscope::kMaxConfigBytes))),
                 r.err.constData());
        QVERIFY2(r.ms < 15000, QByteArray::number(r.ms).constData());
    }
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.png"))));
}

void TestAppFiles::configJustOverTheLimitIsRefused()
{
    QTemporaryDir dir;
    // Valid JSON padded with spaces: at the limit it is read, one byte over it is not.
    auto padded = [&](const QString& name, size_t bytes) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return QString();
        QByteArray text(kTinyConfig);
        text.append(QByteArray(qsizetype(bytes) - text.size(), ' '));
        f.write(text);
        return f.fileName();
    };
    const QString atLimit = padded(QStringLiteral("at.json"), loaderscope::kMaxConfigBytes);
    const QString over = padded(QStringLiteral("over.json"), loaderscope::kMaxConfigBytes + 1);
    QByteArray text;
    QString error;
    QVERIFY2(UserFiles::readConfig(atLimit, &text, &error), qPrintable(error));
    QCOMPARE(size_t(text.size()), loaderscope::kMaxConfigBytes);
    QVERIFY(!UserFiles::readConfig(over, &text, &error));
    QVERIFY2(error.contains(over) && error.contains(QString::number(loaderscope::kMaxConfigBytes)), qPrintable(error));
    // The app from the command line: a clear message, no window, no run.
    const AppResult r = runApp({QStringLiteral("--config"), over}, dir.path(), 20000);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("over.json"), r.err.constData());
}

void TestAppFiles::truncatedRecordingInHistoryWarns()
{
    QTemporaryDir dir;
    const QString whole = dir.filePath(QStringLiteral("whole.lsrec"));
    writeRecording(whole, 4, 100);
    const loaderscope::RecordingReader full(whole.toStdString());
    QCOMPARE(full.chunks(), size_t(4));
    const qint64 size = QFileInfo(whole).size();
    const QString root = dir.filePath(QStringLiteral("history"));
    plantEntry(root, QStringLiteral("20240101-000000-000"), true, 0);
    plantEntry(root, QStringLiteral("20240101-000001-000"), true, 0);
    // Cut inside the last chunk: three chunks are read, and the warning says where it stopped.
    copyCut(whole, root + QStringLiteral("/20240101-000000-000/events.lsrec"), size - 20);
    // Cut inside the first chunk: nothing to show, an error rather than an empty timeline.
    copyCut(whole, root + QStringLiteral("/20240101-000001-000/events.lsrec"), sizeof(loaderscope::RecordingHeader) + 40);
    const RunHistory history(root);
    TraceModel model;
    QString error, warning;
    QVERIFY2(history.load(QStringLiteral("20240101-000000-000"), model, &error, {}, &warning), qPrintable(error));
    QVERIFY2(warning.contains(QStringLiteral("300 events")), qPrintable(warning));
    const loaderscope::RecordingReader cut((root + QStringLiteral("/20240101-000000-000/events.lsrec")).toStdString());
    QVERIFY2(warning.contains(QString::number(cut.indexedBytes())), qPrintable(warning)); // the byte it stopped at
    TraceModel empty;
    warning.clear();
    QVERIFY(!history.load(QStringLiteral("20240101-000001-000"), empty, &error, {}, &warning));
    QVERIFY2(error.contains(QStringLiteral("0 events")) && error.contains(QStringLiteral("byte")), qPrintable(error));
    // The whole recording: no warning.
    TraceModel fine;
    warning.clear();
    QVERIFY(loadEventsFile(whole, fine, &error, {}, &warning));
    QVERIFY2(warning.isEmpty(), qPrintable(warning));
}

void TestAppFiles::historyRemovesDeadRunsLeftovers()
{
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("history"));
    // A finished run, a killed one (its engine gone: a temporary recording, no summary), a run
    // still going (its engine is this test), and a finished run whose entry holds a dead run's
    // temporary recording plus a link named like one (to a file outside: never followed).
    plantEntry(root, QStringLiteral("20240101-000000-000"), true, 1000);
    plantEntry(root, QStringLiteral("20240101-000001-000"), false, 0);
    plantTempRecording(root + QStringLiteral("/20240101-000001-000/.events.lsrec.Ab12Cd"), deadPid(), 5 << 20);
    plantEntry(root, QStringLiteral("20240101-000002-000"), false, 0);
    plantTempRecording(root + QStringLiteral("/20240101-000002-000/.events.lsrec.Ef34Gh"), int32_t(getpid()), 1 << 20);
    plantEntry(root, QStringLiteral("20240101-000003-000"), true, 1000);
    plantTempRecording(root + QStringLiteral("/20240101-000003-000/.events.lsrec.Ij56Kl"), deadPid(), 1 << 20);
    const QString outside = dir.filePath(QStringLiteral("outside.lsrec"));
    plantTempRecording(outside, deadPid(), 4096);
    QVERIFY(QFile::link(outside, root + QStringLiteral("/20240101-000003-000/.events.lsrec.Mn78Op")));
    // An entry being prepared for a run starting now: no summary and no recording yet.
    plantEntry(root, QStringLiteral("20240101-000004-000"), false, 0);
    for (const QString& id : QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (id != QLatin1String("20240101-000004-000"))
            age(root + QLatin1Char('/') + id, 3600);

    RunHistory(root).prune();
    const QStringList left = QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QCOMPARE(left, (QStringList{QStringLiteral("20240101-000000-000"), QStringLiteral("20240101-000002-000"),
                                QStringLiteral("20240101-000003-000"), QStringLiteral("20240101-000004-000")}));
    QVERIFY(QFileInfo::exists(root + QStringLiteral("/20240101-000002-000/.events.lsrec.Ef34Gh"))); // live
    QVERIFY(!QFileInfo::exists(root + QStringLiteral("/20240101-000003-000/.events.lsrec.Ij56Kl")));  // dead
    QCOMPARE(typeOf(root + QStringLiteral("/20240101-000003-000/.events.lsrec.Mn78Op")), mode_t(S_IFLNK));
    QCOMPARE(QFileInfo(outside).size(), qint64(4096));
    QVERIFY(QFileInfo::exists(root + QStringLiteral("/20240101-000003-000/events.lsrec")));
}

void TestAppFiles::historyIsBoundedInBytes()
{
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("history"));
    // Ten finished runs of 300 MiB each (sparse files: nothing is really written).
    constexpr qint64 kEntry = 300LL << 20;
    for (int i = 0; i < 10; ++i)
        plantEntry(root, QStringLiteral("20240101-0000%1-000").arg(i, 2, 10, QLatin1Char('0')), true, kEntry);
    constexpr qint64 kBound = 1LL << 30;
    RunHistory(root).prune(20, kBound);
    const QStringList left = QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    // The newest three fit in 1 GiB (with their small files); the oldest went first.
    QCOMPARE(left, (QStringList{QStringLiteral("20240101-000007-000"), QStringLiteral("20240101-000008-000"),
                                QStringLiteral("20240101-000009-000")}));
    qint64 total = 0;
    for (const QString& id : left)
        for (const QFileInfo& f : QDir(root + QLatin1Char('/') + id).entryInfoList(QDir::Files | QDir::Hidden))
            total += f.size();
    QVERIFY(total <= kBound);
    // The count bound still holds, and the defaults sit in one place.
    RunHistory(root).prune(2, kBound);
    QCOMPARE(QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 2);
    QVERIFY(RunHistory::kKeepBytes >= (1LL << 30));
    QVERIFY(RunHistory::kKeepRuns > 0);
}

QTEST_GUILESS_MAIN(TestAppFiles)
void TestAppFiles::remoteSavesArePruned()
{
    // In the test's own AppData: an empty file, what a failed remote sent (text, a decompressed
    // zstd bomb's zeros), a file still being written (its writer holds the lock), and 22 saved
    // streams: the live one stays whatever it holds, the non-recordings go, the 20 newest stay.
    QStandardPaths::setTestModeEnabled(true);
    const QString dir = RemoteSaves::folder();
    QDir(dir).removeRecursively();
    QVERIFY(QDir().mkpath(dir));
    const auto cleanup = qScopeGuard([&dir] { QDir(dir).removeRecursively(); });
    auto write = [&dir](const QString& name, const QByteArray& bytes, int ageS) {
        const QString path = dir + QLatin1Char('/') + name;
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return false;
        f.close();
        const QDateTime when = QDateTime::currentDateTime().addSecs(-ageS);
        return f.open(QIODevice::ReadWrite) && f.setFileTime(when, QFileDevice::FileModificationTime);
    };
    QVERIFY(write(QStringLiteral("empty.lsrec"), {}, 10));
    QVERIFY(write(QStringLiteral("refused.lsrec"), "Permission denied (publickey).\n", 10));
    QVERIFY(write(QStringLiteral("bomb.lsrec"), QByteArray(1 << 20, '\0'), 10));
    QVERIFY(write(QStringLiteral("live.lsrec"), "not yet a header", 5000));
    QByteArray stream("LSREC003");
    stream.append(QByteArray(64, '\x01'));
    for (int i = 0; i < 22; ++i)
        QVERIFY(write(QStringLiteral("host-seg-%1.lsrec").arg(i, 2, 10, QLatin1Char('0')), stream, 100 * (22 - i)));
    const int live = ::open(QFile::encodeName(dir + QStringLiteral("/live.lsrec")).constData(), O_RDONLY | O_CLOEXEC);
    QVERIFY(live >= 0);
    QCOMPARE(::flock(live, LOCK_EX | LOCK_NB), 0);
    RemoteSaves::prune();
    ::close(live);
    QStringList left = QDir(dir).entryList(QDir::Files, QDir::Name);
    QStringList expected{QStringLiteral("live.lsrec")};
    for (int i = 2; i < 22; ++i) // host-seg-00 and -01 are the oldest
        expected << QStringLiteral("host-seg-%1.lsrec").arg(i, 2, 10, QLatin1Char('0'));
    expected.sort();
    QCOMPARE(left, expected);
    // Its writer gone (the lock with it), a file that never became a recording goes too.
    RemoteSaves::prune();
    QVERIFY(!QFile::exists(dir + QStringLiteral("/live.lsrec")));
}

#include "tst_app_files.moc"
