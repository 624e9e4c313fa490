// SPDX-License-Identifier: MIT
#pragma once
// What the remote tests share (tst_remote, tst_remote_reconnect): two real PyTorch ranks under the
// probe (gloo), the stream options that reach one over ssh, and the ssh clients of this test.

#include "sources/model/remotereader.h"
#include "timeline/model/tracemodel.h"
#include "sshlab.h"
#include "testutil.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <arpa/inet.h>
#include <memory>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace remoteranks {

/// A listening TCP socket on 127.0.0.1 that accepts and never says a word (a host that never
/// answers the SSH handshake), or, closed at once, a free port.
struct Listener
{
    int fd = -1;
    int port = 0;
    Listener()
    {
        fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 && ::listen(fd, 4) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
            port = ntohs(a.sin_port);
    }
    ~Listener()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

inline const QString kFakeSsh = QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/fake_ssh.py");

/// The remote side's Python: the build's probe package.
inline QString remoteInterpreter()
{
    return QStringLiteral("env PYTHONPATH=%1 %2").arg(kPythonDir, kPython);
}

/// Two gloo ranks under the probe (rank 1 starved: its "disk" is 8 times slower), started as
/// torchrun starts them; their loops wait for go() (a line on their standard input), and once
/// their loops are done they wait for finish() (the end of their input), so their segments are
/// there for as long as a test needs them.
struct Ranks
{
    std::unique_ptr<QProcess> p[2];
    QString segment[2];
    QStringList extraEnv; ///< NAME=VALUE for both ranks
    bool epochGate = false; ///< the jobs wait between their two epochs for nextEpoch()

    void say(const char* line)
    {
        for (auto& proc : p) {
            proc->write(line);
            proc->waitForBytesWritten(10000); // QProcess writes from the event loop otherwise
        }
    }
    void go() { say("go\n"); }
    void nextEpoch() { say("next\n"); }
    /// Whether rank r has said that its epoch 0 is done (an --epoch-gate job, waiting).
    bool epochDone(int r)
    {
        while (p[r]->canReadLine())
            if (p[r]->readLine().startsWith("gloo_job: epoch 0 done"))
                m_epochDone[r] = true;
        return m_epochDone[r];
    }
    bool m_epochDone[2] = {false, false};
    bool start(const QString& tmp, int samples, bool wait = true)
    {
        QString port;
        {
            const Listener free; // a free port for the rendezvous, on loopback
            port = QString::number(free.port);
        }
        for (int r = 0; r < 2; ++r) {
            p[r] = std::make_unique<QProcess>();
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("PYTHONPATH"), kPythonDir);
            env.insert(QStringLiteral("RANK"), QString::number(r));
            env.insert(QStringLiteral("LOCAL_RANK"), QString::number(r));
            env.insert(QStringLiteral("WORLD_SIZE"), QStringLiteral("2"));
            env.insert(QStringLiteral("LOCAL_WORLD_SIZE"), QStringLiteral("2"));
            env.insert(QStringLiteral("MASTER_ADDR"), QStringLiteral("127.0.0.1"));
            env.insert(QStringLiteral("MASTER_PORT"), port);
            env.insert(QStringLiteral("OMP_NUM_THREADS"), QStringLiteral("1"));
            for (const QString& kv : extraEnv)
                env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
            p[r]->setProcessEnvironment(env);
            p[r]->setStandardOutputFile(QProcess::nullDevice());
            p[r]->setReadChannel(QProcess::StandardError);
            QStringList args{QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run"),
                             QStringLiteral("--summary"), tmp + QStringLiteral("/summary.json"),
                             QStringLiteral("--events"), tmp + QStringLiteral("/events.bin"),
                             kProbeTests + QStringLiteral("/gloo_job.py"), tmp, QString::number(samples)};
            if (wait)
                args << QStringLiteral("--wait-stdin");
            if (epochGate)
                args << QStringLiteral("--epoch-gate");
            p[r]->start(kPython, args);
        }
        // Each says its segment on its first stderr line.
        for (int r = 0; r < 2; ++r) {
            QElapsedTimer t;
            t.start();
            while (!p[r]->canReadLine() && p[r]->state() != QProcess::NotRunning && t.elapsed() < 60000)
                p[r]->waitForReadyRead(500);
            const QString line = QString::fromUtf8(p[r]->readLine()).trimmed();
            if (!line.startsWith(QLatin1String("loaderscope: segment ")))
                return false;
            segment[r] = line.section(QLatin1Char(' '), 2, 2);
        }
        return true;
    }
    bool finish(int timeoutMs = 120000)
    {
        bool ok = true;
        for (auto& proc : p)
            if (proc)
                proc->closeWriteChannel(); // the jobs' "end"
        for (auto& proc : p) {
            if (!proc)
                continue;
            if (!proc->waitForFinished(timeoutMs)) {
                proc->kill();
                proc->waitForFinished();
                ok = false;
            }
        }
        return ok;
    }
    ~Ranks()
    {
        // A failed test: SIGTERM lets the probe remove its segment; SIGKILL only if it hangs.
        for (auto& proc : p)
            if (proc && proc->state() != QProcess::NotRunning) {
                proc->terminate();
                if (!proc->waitForFinished(15000)) {
                    proc->kill();
                    proc->waitForFinished();
                }
            }
    }
};

inline RemoteStreamOptions streamOf(const QString& host, const QString& segment)
{
    RemoteStreamOptions o;
    o.host.name = host;
    o.segment = segment;
    o.interpreter = remoteInterpreter();
    return o;
}

inline QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// The earliest Fetch span in a model (model time), or -1.
inline qint64 firstFetch(const TraceModel* m)
{
    qint64 best = -1;
    for (int l = 0; l < m->laneCount(); ++l)
        for (const auto& row : m->lane(l).rows)
            for (const SpanRec& s : row)
                if (s.kind == quint8(loaderscope::EventKind::Fetch) && (best < 0 || s.t0 < best))
                    best = s.t0;
    return best;
}

/// The ssh client processes of this test (children of this process) going to `host`.
inline QList<qint64> sshTo(const QString& host)
{
    QList<qint64> out;
    for (const auto& c : testutil::childrenOf(QCoreApplication::applicationPid())) {
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(c.pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QList<QByteArray> argv = f.readAll().split('\0');
        if (!argv.isEmpty() && argv.first().endsWith("ssh") && argv.contains(host.toUtf8()))
            out << c.pid;
    }
    return out;
}


} // namespace remoteranks
