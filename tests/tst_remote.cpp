// SPDX-License-Identifier: MIT
// Jobs on other hosts, watched over ssh (gui/sources/model/remote*.h, LiveRanksWindow):
// - end to end: two real PyTorch ranks (gloo), each reached through its own real sshd (127.0.0.1
//   and 127.0.0.2, tests/probe/sshlab.py), the second host's clocks 2 s off
//   (LOADERSCOPE_CLOCK_OFFSET_NS set by its sshd). The stacked window names the starved rank live,
//   aligns the ranks within 1 ms, and its figures equal each rank's own summary within 2 %. (One
//   ssh connection killed mid-run, and the reconnect: tst_remote_reconnect.)
// - hostile remotes (tests/fake_ssh.py in place of ssh): garbage, a stream cut mid-frame, a
//   header claiming 10^9 events, a zstd bomb, no python3, a host that never answers. Each is a
//   clear message, no crash, no hang.
// - the address parser and ssh's failures in words.
#include "sources/model/remote.h"
#include "sources/model/remotereader.h"
#include "runs/model/runsession.h"
#include "common/model/summarytext.h"
#include "remoteranks.h"
#include "sshlab.h"
#include "testutil.h"
#include "jobs/jobdialogs.h"
#include "jobs/liveranks.h"

#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <csignal>
#include <memory>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace remoteranks;

class TstRemote : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void addresses_data();
    void addresses();
    void failuresInWords();
    void hostile_data();
    void hostile();
    void silentHost();
    void twoHostsSkewed();
    void dialogListsOverSsh();

private:
    QTemporaryDir m_data; ///< the app's data folder (saved streams)
};

void TstRemote::initTestCase()
{
    // Saved streams and the remembered interpreter go to this test's own folder.
    qputenv("XDG_DATA_HOME", (m_data.path() + QStringLiteral("/data")).toUtf8());
    qputenv("XDG_CONFIG_HOME", (m_data.path() + QStringLiteral("/config")).toUtf8());
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_remote"));
}

void TstRemote::cleanup()
{
    qunsetenv("LOADERSCOPE_SSH");
    QVERIFY2(testutil::loaderscopeSegments().isEmpty(), "a segment was left behind");
}

void TstRemote::addresses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("url");
    QTest::newRow("alias") << "gpu1" << true << "ssh://gpu1";
    QTest::newRow("user@host") << "ana@gpu1" << true << "ssh://ana@gpu1";
    QTest::newRow("segment") << "ssh://ana@gpu1/loaderscope-123-abc" << true << "ssh://ana@gpu1/loaderscope-123-abc";
    QTest::newRow("port") << "ssh://ana@127.0.0.2:2222/s1" << true << "ssh://ana@127.0.0.2:2222/s1";
    QTest::newRow("two hosts, one user") << "ssh://ana@node1,node2" << true << "ssh://ana@node1,ana@node2";
    QTest::newRow("option injection") << "-oProxyCommand=touch /tmp/x" << false << "";
    QTest::newRow("shell in segment") << "ssh://gpu1/a;rm -rf ~" << false << "";
    QTest::newRow("empty") << "ssh://" << false << "";
    QTest::newRow("bad port") << "gpu1:99999" << false << "";
    QTest::newRow("space") << "gpu 1" << false << "";
}

void TstRemote::addresses()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(QString, url);
    QString error;
    const auto t = RemoteTarget::parse(text, &error);
    QCOMPARE(t.has_value(), ok);
    if (ok)
        QCOMPARE(t->url(), url);
    else
        QVERIFY2(!error.isEmpty(), "a refused address says why");
}

void TstRemote::failuresInWords()
{
    RemoteTarget::Host h;
    h.user = QStringLiteral("ana");
    h.name = QStringLiteral("gpu1");
    const QString py = QStringLiteral("python3");
    QVERIFY(Remote::explainFailure(h, py, 255, QStringLiteral("ana@gpu1: Permission denied (publickey,password).")).contains(QLatin1String("ssh-add")));
    QVERIFY(Remote::explainFailure(h, py, 255, QStringLiteral("Host key verification failed.")).contains(QLatin1String("ssh ana@gpu1")));
    QVERIFY(Remote::explainFailure(h, py, 127, QStringLiteral("bash: python3: command not found")).contains(QLatin1String("does not exist")));
    QVERIFY(Remote::explainFailure(h, py, 1, QStringLiteral("/usr/bin/python3: No module named loaderscope")).contains(QLatin1String("no Loaderscope probe")));
    // A job that ended between the listing and the attach: its segment is gone, not the interpreter.
    const QString gone = Remote::explainFailure(h, py, 2, QStringLiteral("loaderscope: stream: cannot open segment loaderscope-7-ab: No such file or directory"));
    QVERIFY2(gone.contains(QLatin1String("no longer there")) && !gone.contains(QLatin1String("does not exist")), qPrintable(gone));
    // The probe's own "No such file or directory" (of a file it was given) is not a missing interpreter.
    const QString other = Remote::explainFailure(h, py, 2, QStringLiteral("loaderscope: stream: cannot read /nope/x: No such file or directory"));
    QVERIFY2(other.contains(QLatin1String("exit status 2")) && other.contains(QLatin1String("/nope/x")), qPrintable(other));
    QVERIFY(Remote::explainFailure(h, py, 255, QStringLiteral("Connection timed out during banner exchange")).contains(QLatin1String("did not answer")));
    std::vector<RemoteSegment> out;
    QString error;
    QVERIFY(!Remote::parseList(h, "<html>", out, &error));
    QVERIFY(error.contains(QLatin1String("not a list")));
    QVERIFY(Remote::parseList(h, R"([{"name":"x;rm -rf /","pid":1},{"name":"loaderscope-1-a","pid":7,"rank":1,"world_size":2,"state":"running"}])", out, &error));
    QCOMPARE(out.size(), size_t(1)); // the name the shell would misread is dropped
    QCOMPARE(out.front().rank, 1);
    // The listing probe's version, said host by host against the app's (an older build says none).
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    out.clear();
    QVERIFY(Remote::parseList(h, R"([{"name":"loaderscope-1-a","pid":7,"state":"running","probe_version":"0.0.9"}])", out, &error));
    QCOMPARE(out.front().probeVersion, QStringLiteral("0.0.9"));
    QString said = AttachDialog::probeVersions(out);
    QVERIFY2(said.contains(QLatin1String("0.0.9")) && said.contains(QLatin1String("0.1.0")) && said.contains(QLatin1String("wheel")), qPrintable(said));
    out.front().probeVersion.clear();
    said = AttachDialog::probeVersions(out);
    QVERIFY2(said.contains(QLatin1String("does not say its version")), qPrintable(said));
    out.front().probeVersion = QStringLiteral("0.1.0");
    said = AttachDialog::probeVersions(out);
    QVERIFY2(said.contains(QLatin1String("the same version")), qPrintable(said));
}

void TstRemote::hostile_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("says");
    QTest::newRow("garbage") << "garbage" << "not a Loaderscope stream";
    QTest::newRow("cut mid-frame") << "cut" << "lost";
    QTest::newRow("10^9 events") << "huge" << "damaged";
    QTest::newRow("zstd bomb") << "bomb" << "compressed stream";
    QTest::newRow("no python3") << "nopython" << "does not exist";
}

void TstRemote::hostile()
{
    QFETCH(QString, mode);
    QFETCH(QString, says);
    qputenv("LOADERSCOPE_SSH", QStringLiteral("%1 %2 %3").arg(kPython, kFakeSsh, mode).toUtf8());
    RunSession s;
    QSignalSpy failed(&s, &RunSession::runFailed);
    RemoteStreamOptions o = streamOf(QStringLiteral("evil.example"), QStringLiteral("loaderscope-1-fake"));
    auto saved = [] { return QDir(RemoteSaves::folder()).entryList({QStringLiteral("evil.example-*.lsrec")}, QDir::Files); };
    const QStringList before = saved();
    s.attachRemote(o);
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 60000);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(says), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("evil.example")), qPrintable(message));
    QVERIFY(!s.running());
    if (mode == QLatin1String("cut")) // what came before the cut is kept
        QCOMPARE(s.model()->spanCount(), qint64(100));
    // A remote that sent no recording (text, nothing, a bomb's "AAAA…") leaves no saved file; what
    // came before a cut stays saved.
    const qsizetype added = saved().size() - before.size();
    QCOMPARE(added, qsizetype(mode == QLatin1String("cut") || mode == QLatin1String("huge") ? 1 : 0));
}

void TstRemote::silentHost()
{
    // A real ssh to a port that accepts and never speaks: ssh's ConnectTimeout ends it.
    const Listener silent;
    QVERIFY(silent.port > 0);
    qputenv("LOADERSCOPE_SSH", QStringLiteral("ssh -F /dev/null -o ConnectTimeout=2 -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=yes -o IdentityFile=/dev/null")
                                   .toUtf8());
    RunSession s;
    QSignalSpy failed(&s, &RunSession::runFailed);
    RemoteStreamOptions o = streamOf(QStringLiteral("127.0.0.1"), QStringLiteral("loaderscope-1-x"));
    o.host.port = silent.port;
    s.attachRemote(o);
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 30000);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(QLatin1String("did not answer")), qPrintable(message));
    // A remote command that never writes: the reader's own limit.
    qputenv("LOADERSCOPE_SSH", QStringLiteral("%1 %2 silent").arg(kPython, kFakeSsh).toUtf8());
    RunSession s2;
    QSignalSpy failed2(&s2, &RunSession::runFailed);
    o.firstBytesTimeoutS = 2;
    s2.attachRemote(o);
    QTRY_VERIFY_WITH_TIMEOUT(!failed2.isEmpty(), 30000);
    QVERIFY2(failed2.first().first().toString().contains(QLatin1String("sent nothing")), qPrintable(failed2.first().first().toString()));
}

void TstRemote::twoHostsSkewed()
{
    QTemporaryDir tmp;
    Lab lab;
    START_LAB(lab, tmp.path(), (QStringList{QStringLiteral("127.0.0.1"), QStringLiteral("127.0.0.2=LOADERSCOPE_CLOCK_OFFSET_NS=2000000000")}));
    Ranks ranks;
    QVERIFY(ranks.start(tmp.path(), 384));
    LiveRanksWindow w({streamOf(QStringLiteral("127.0.0.1"), ranks.segment[0]), streamOf(QStringLiteral("127.0.0.2"), ranks.segment[1])});
    w.resize(1200, 700);
    w.show();
    QTRY_VERIFY_WITH_TIMEOUT(w.axisOrigin().has_value(), 30000);
    ranks.go();
    // Live: the starved rank is named while both still run.
    QTRY_VERIFY_WITH_TIMEOUT(w.headline().contains(QLatin1String("rank 1")) && w.session(0)->running() && w.session(1)->running(), 60000);
    // The second host's clock is 2 s ahead; the first host's is ours. Both found within 1 ms.
    const qint64 err1 = w.clockOffset(1) - 2'000'000'000, err0 = w.clockOffset(0);
    qInfo("clock offsets: 127.0.0.1 %lld ns (±%llu), 127.0.0.2 %lld ns (±%llu) after the 2 s skew", qlonglong(err0),
          qulonglong(w.clockUncertainty(0)), qlonglong(err1), qulonglong(w.clockUncertainty(1)));
    QVERIFY(std::llabs(err0) < 1'000'000 && std::llabs(err1) < 1'000'000);
    QVERIFY(w.clockUncertainty(0) < 1'000'000 && w.clockUncertainty(1) < 1'000'000);
    QTRY_VERIFY2_WITH_TIMEOUT(w.clockLine().contains(QStringLiteral("Clocks aligned within ±")) &&
                                  w.clockLine().contains(QLatin1String("2.000 s ahead")),
                              qPrintable(w.clockLine()), 5000);
    // Pictures of the window as it is live, for the eye (LOADERSCOPE_TEST_SHOTS=folder).
    if (const QString shots = qEnvironmentVariable("LOADERSCOPE_TEST_SHOTS"); !shots.isEmpty())
        w.grab().save(shots + QStringLiteral("/remote-ranks-live.png"));
    QVERIFY(ranks.finish());
    for (auto& p : ranks.p)
        QCOMPARE(p->exitCode(), 0);
    // The end of each stream: its summary follows the reader's last read.
    QTRY_VERIFY_WITH_TIMEOUT(w.session(0)->hasSummary() && w.session(1)->hasSummary(), 30000);
    // The figures equal each rank's own summary (within 2 %).
    for (int r = 0; r < 2; ++r) {
        const QJsonObject own = readJson(tmp.path() + QStringLiteral("/summary.rank%1.json").arg(r));
        const auto& f = w.session(r)->summary().figures;
        qInfo("rank %d: samples/s %.1f (own %.1f), data stall %.4f (own %.4f), batches %lld (own %lld), lost %llu", r,
              f.samples_per_s, own.value(QStringLiteral("samples_per_s")).toDouble(), f.data_stall_fraction,
              own.value(QStringLiteral("data_stall_fraction")).toDouble(), qlonglong(f.batches),
              qlonglong(own.value(QStringLiteral("batches")).toInteger()), qulonglong(w.session(r)->eventsLost()));
        QCOMPARE(qint64(f.batches), own.value(QStringLiteral("batches")).toInteger());
        QVERIFY(std::fabs(f.samples_per_s / own.value(QStringLiteral("samples_per_s")).toDouble() - 1) < 0.02);
        QVERIFY(std::fabs(f.data_stall_fraction - own.value(QStringLiteral("data_stall_fraction")).toDouble()) <
                0.02 * std::max(0.05, own.value(QStringLiteral("data_stall_fraction")).toDouble()));
    }
    // Each rank's own DataLoader came over its stream (the JOBD record): the job's arguments, the
    // engine config fitted to it and its advice, as for a job on this machine.
    for (int r = 0; r < 2; ++r) {
        const JobDescription& job = w.session(r)->job();
        QVERIFY2(job.known(), qPrintable(QStringLiteral("rank %1: no job description over ssh").arg(r)));
        QCOMPARE(job.primaryLoader().value(QStringLiteral("knobs")).toObject().value(QStringLiteral("num_workers")).toInt(), 1);
        QCOMPARE(w.session(r)->jobModel().value(QStringLiteral("loader")).toObject().value(QStringLiteral("num_workers")).toInt(), 1);
    }
    QVERIFY(!w.session(1)->summary().advice.empty()); // the starved rank is advised from its own knobs
    QTRY_VERIFY2_WITH_TIMEOUT(w.headline().contains(QLatin1String("Straggler: rank 1")), qPrintable(w.headline()), 5000);
    // Aligned: rank 1's first sample on the shared axis is where the job's own recording (on this
    // machine's clock) has it, within 1 ms.
    const loaderscope::RecordingReader own((tmp.path() + QStringLiteral("/events.rank1.bin")).toStdString());
    uint64_t first = UINT64_MAX;
    own.readAll([&](const loaderscope::Event& e) {
        if (e.kind == loaderscope::EventKind::Fetch)
            first = std::min(first, e.t0);
    });
    const qint64 shown = firstFetch(w.session(1)->model());
    const qint64 truth = qint64(first - *w.axisOrigin());
    qInfo("rank 1's first sample: at %lld ns on the axis, %lld ns by its own recording", qlonglong(shown), qlonglong(truth));
    QVERIFY(shown >= 0 && std::llabs(shown - truth) < 1'000'000);
    w.close();
    QVERIFY2(lab.stop(), qPrintable(lab.error));
}

void TstRemote::dialogListsOverSsh()
{
    QTemporaryDir tmp;
    Lab lab;
    START_LAB(lab, tmp.path(), (QStringList{QStringLiteral("127.0.0.1")}));
    Remote::setInterpreter(remoteInterpreter());
    Ranks ranks;
    QVERIFY(ranks.start(tmp.path(), 64));
    QElapsedTimer phase;
    phase.start();
    {
        AttachDialog d;
        d.setHost(QStringLiteral("127.0.0.1"));
        d.listRemote();
        // Our two ranks are listed (other jobs of this user on this machine may be too).
        auto listed = [&d] {
            QStringList names;
            for (const RemoteStreamOptions& o : d.chosenRemote())
                names << o.segment;
            return names;
        };
        QTRY_VERIFY2_WITH_TIMEOUT(listed().contains(ranks.segment[0]) && listed().contains(ranks.segment[1]),
                                  qPrintable(d.remoteStatus()), 30000);
        for (const RemoteStreamOptions& o : d.chosenRemote())
            QCOMPARE(o.host.name, QStringLiteral("127.0.0.1"));
        // The probe there says its version (the build tree's, as the app's).
        QCoreApplication::setApplicationVersion(QStringLiteral(LOADERSCOPE_VERSION));
        d.listRemote();
        QTRY_VERIFY2_WITH_TIMEOUT(d.remoteStatus().contains(QStringLiteral("Probe on 127.0.0.1: %1, the same version").arg(QStringLiteral(LOADERSCOPE_VERSION))),
                                  qPrintable(d.remoteStatus()), 30000);
        qInfo("listed: %s", qPrintable(d.remoteStatus()));
        // A Python that is not there: said in words.
        d.setRemotePython(QStringLiteral("/nonexistent/python3"));
        d.listRemote();
        QTRY_VERIFY2_WITH_TIMEOUT(d.remoteStatus().contains(QLatin1String("does not exist")), qPrintable(d.remoteStatus()), 30000);
        // A key the server refuses: BatchMode fails at once, and the dialog says what to do.
        qputenv("LOADERSCOPE_SSH", (QStringLiteral("ssh -F ") + lab.configUnknownKey).toUtf8());
        d.setRemotePython(remoteInterpreter());
        d.listRemote();
        QTRY_VERIFY2_WITH_TIMEOUT(d.remoteStatus().contains(QLatin1String("ssh-add")), qPrintable(d.remoteStatus()), 30000);
        qInfo("a refused key: %s", qPrintable(d.remoteStatus()));
    }
    qInfo("listing took %lld ms", qlonglong(phase.restart()));
    ranks.go();
    QVERIFY(ranks.finish());
    qInfo("the ranks' end took %lld ms", qlonglong(phase.restart()));
    QVERIFY2(lab.stop(), qPrintable(lab.error));
    qInfo("the lab's end took %lld ms", qlonglong(phase.restart()));
}

QTEST_MAIN(TstRemote)
#include "tst_remote.moc"
