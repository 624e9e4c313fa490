// SPDX-License-Identifier: MIT
#include "testutil.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <csignal>
#include <functional>
#include <sys/prctl.h>
#include <unistd.h>

namespace testutil {

namespace {

void dieWithTest(QProcess& p, const std::function<void()>& modifier = {})
{
    // The engine dies if the test is killed (CTest timeout), so no run outlives its test.
    p.setChildProcessModifier([modifier] {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (modifier)
            modifier();
    });
}

EngineResult finish(QProcess& p, int timeoutMs, const std::function<void(QProcess&)>& whileRunning = {})
{
    EngineResult r;
    const bool started = p.waitForStarted();
    r.pid = p.processId();
    if (whileRunning && started)
        whileRunning(p);
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

QString writeTemp(const QTemporaryDir& dir, const QString& name, const QByteArray& data)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(data);
    return path;
}

QString enginePath()
{
    // LOADERSCOPE_TEST_ENGINE: run a test against another build's engine (e.g. the commit before
    // a fix, to see the test fail there).
    const QString other = qEnvironmentVariable("LOADERSCOPE_TEST_ENGINE");
    return other.isEmpty() ? QStringLiteral(LOADERSCOPE_ENGINE_PATH) : other;
}

EngineResult runEngine(const QByteArray& configJson, const QStringList& extra, int timeoutMs)
{
    return runEngineWith(configJson, {}, timeoutMs, {}, extra);
}

EngineResult runEngineWith(const QByteArray& configJson, const std::function<void()>& modifier, int timeoutMs,
                           const std::function<void(QProcess&)>& whileRunning, const QStringList& extra)
{
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("config.json"));
    const QString summary = dir.filePath(QStringLiteral("summary.json"));
    QFile f(config);
    if (f.open(QIODevice::WriteOnly))
        f.write(configJson);
    f.close();
    QProcess p;
    dieWithTest(p, modifier);
    p.start(enginePath(), QStringList{QStringLiteral("run"), QStringLiteral("--config"), config,
                                      QStringLiteral("--summary"), summary} + extra);
    EngineResult r = finish(p, timeoutMs, whileRunning);
    QFile s(summary);
    if (s.open(QIODevice::ReadOnly))
        r.summary = QJsonDocument::fromJson(s.readAll()).object();
    // Every engine run a test makes: no worker is more than 100 % busy, idle and waiting.
    if (const QString problems = workerShareProblems(r.summary); !problems.isEmpty())
        QTest::qFail(qPrintable(problems), __FILE__, __LINE__);
    return r;
}

QString workerShareProblems(const QJsonObject& summary)
{
    // 0.005: the summary rounds each fraction to 6 digits, and a batch's CPU clock is read a few
    // µs outside its fetch and collate spans.
    constexpr double kSlack = 0.005;
    QStringList problems;
    QJsonArray lanes = summary.value(QStringLiteral("workers")).toArray();
    if (summary.value(QStringLiteral("main_fetch")).isObject())
        lanes.append(summary.value(QStringLiteral("main_fetch")));
    for (const QJsonValue& v : lanes) {
        const QJsonObject w = v.toObject();
        auto f = [&w](const char* key) { return w.value(QLatin1String(key)).toDouble(); };
        const double busy = f("busy_fraction"), idle = f("idle_fraction");
        const double cpu = f("cpu_fraction"), wait = f("cpu_wait_fraction"), io = f("io_fraction");
        const QString who = QStringLiteral("worker %1").arg(w.value(QStringLiteral("worker")).toInt());
        if (busy + idle > 1 + kSlack)
            problems << QStringLiteral("%1: busy %2 + idle %3 > 1").arg(who).arg(busy).arg(idle);
        if (cpu + wait + idle > 1 + kSlack)
            problems << QStringLiteral("%1: cpu %2 + waiting for a core %3 + idle %4 > 1").arg(who).arg(cpu).arg(wait).arg(idle);
        if (io > busy + 1e-6)
            problems << QStringLiteral("%1: I/O %2 above busy %3").arg(who).arg(io).arg(busy);
    }
    return problems.join(QStringLiteral("; "));
}

EngineResult runEngineArgs(const QStringList& args, int timeoutMs)
{
    QProcess p;
    dieWithTest(p);
    p.start(enginePath(), args);
    return finish(p, timeoutMs);
}

QString svgDescription(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString svg = QString::fromUtf8(f.readAll());
    const qsizetype from = svg.indexOf(QLatin1String("<desc>")), to = svg.indexOf(QLatin1String("</desc>"));
    if (from < 0 || to < from)
        return {};
    QString d = svg.mid(from + 6, to - from - 6);
    d.replace(QLatin1String("&lt;"), QLatin1String("<")).replace(QLatin1String("&gt;"), QLatin1String(">"));
    d.replace(QLatin1String("&quot;"), QLatin1String("\"")).replace(QLatin1String("&apos;"), QLatin1String("'"));
    return d.replace(QLatin1String("&amp;"), QLatin1String("&"));
}

QStringList loaderscopeSegments()
{
    // Segments left behind: their creator (loaderscope-<pid>-...) is gone. A segment of a live
    // process is a run in progress (another test binary, a probe, the app) and not a leak; a live
    // process of ours that should have ended is caught by the tests' process checks.
    QStringList left;
    for (const QString& name : QDir(QStringLiteral("/dev/shm")).entryList({QStringLiteral("loaderscope-*")}, QDir::Files | QDir::System)) {
        const qint64 pid = name.section(QLatin1Char('-'), 1, 1).toLongLong();
        if (pid <= 0 || !processAlive(pid))
            left << name;
    }
    return left;
}

QStringList removeTorchSegmentsLeftSince(qint64 since)
{
    QStringList removed;
    const QDir shm(QStringLiteral("/dev/shm"));
    for (const QFileInfo& f : shm.entryInfoList({QStringLiteral("torch_*")}, QDir::Files | QDir::System)) {
        const qint64 pid = f.fileName().section(QLatin1Char('_'), 1, 1).toLongLong();
        if (pid <= 0 || processAlive(pid) || f.ownerId() != ::getuid() ||
            f.lastModified().toMSecsSinceEpoch() < since)
            continue;
        if (QFile::remove(f.filePath()))
            removed << f.fileName();
    }
    return removed;
}

QStringList segmentsOf(qint64 pid)
{
    return QDir(QStringLiteral("/dev/shm")).entryList({QStringLiteral("loaderscope-%1-*").arg(pid)}, QDir::Files | QDir::System);
}

bool processAlive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const int close = line.lastIndexOf(')');
    return close > 0 && line.size() > close + 2 && line.at(close + 2) != 'Z';
}

QList<qint64> workerPids(const QJsonObject& summary)
{
    QList<qint64> pids;
    for (const auto& epoch : summary.value(QStringLiteral("worker_pids")).toArray())
        for (const auto& pid : epoch.toArray())
            if (!pids.contains(pid.toInteger()))
                pids.append(pid.toInteger());
    return pids;
}

bool waitGone(const QList<qint64>& pids, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    for (;;) {
        bool any = false;
        for (qint64 pid : pids)
            any = any || processAlive(pid);
        if (!any)
            return true;
        if (t.elapsed() > timeoutMs)
            return false;
        QThread::msleep(10);
    }
}

QList<ChildProc> childrenOf(qint64 parent)
{
    QList<ChildProc> out;
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok)
            continue;
        QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = f.readAll();
        const int open = line.indexOf('('), close = line.lastIndexOf(')');
        if (open < 0 || close < 0)
            continue;
        const QList<QByteArray> rest = line.mid(close + 2).split(' ');
        if (rest.size() > 1 && rest[0] != "Z" && rest[1].toLongLong() == parent)
            out.append({pid, QString::fromUtf8(line.mid(open + 1, close - open - 1))});
    }
    return out;
}

} // namespace testutil
