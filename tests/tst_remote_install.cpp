// SPDX-License-Identifier: MIT
// File ▸ Attach on a host whose Python has no probe (issue 45), end to end over a real sshd
// (tests/probe/sshlab.py on 127.0.0.1): the "server" is a fresh venv without Loaderscope.
// - the listing says so and offers to install this app's wheel (<data>/wheel, wheel_build's);
// - "Not now" leaves the server untouched: the venv's files as they were, no temporary folder;
// - "Install the probe": the wheel goes over ssh, pip installs it into that venv, the dialog shows
//   what ran; then a job started with that venv's python is listed with its probe's version,
//   attached to, and followed to its end: the app's figures equal the job's own summary.
// - what a failed install says (no pip, a system Python, a wheel the host cannot take, a cut copy).
#include "sources/model/remote.h"
#include "sources/model/remoteinstall.h"
#include "runs/model/runsession.h"
#include "sshlab.h"
#include "testutil.h"
#include "jobs/jobdialogs.h"
#include "sources/probeinstalloffer.h"

#include <QCheckBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

/// LOADERSCOPE_TEST_SHOTS=DIR: the dialog at each step as a picture (DIR/attach-<step>.png), to
/// look at by eye.
void picture(QWidget& w, const char* step)
{
    const QString dir = qEnvironmentVariable("LOADERSCOPE_TEST_SHOTS");
    if (dir.isEmpty())
        return;
    w.show();
    QCoreApplication::processEvents();
    w.grab().save(QStringLiteral("%1/attach-%2.png").arg(dir, QLatin1String(step)));
}

/// Every file and folder under `root` with its size and modification time: a tree that nothing
/// touched compares equal.
QStringList snapshot(const QString& root)
{
    QStringList out;
    for (QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDirIterator::Subdirectories); it.hasNext();) {
        const QFileInfo i(it.next());
        out << QStringLiteral("%1 %2 %3").arg(QDir(root).relativeFilePath(i.filePath())).arg(i.size()).arg(i.lastModified().toMSecsSinceEpoch());
    }
    out.sort();
    return out;
}

/// The install's temporary folders on the "server" (its sshd session has no TMPDIR: /tmp).
QStringList wheelFolders()
{
    return QDir(QStringLiteral("/tmp")).entryList({QStringLiteral("loaderscope-wheel.*")}, QDir::Dirs | QDir::NoDotAndDotDot);
}

/// A job that waits for a line on its input before its loop: 256 samples, batch 8, 2 workers.
const char* kJob = R"(import sys
import torch
from torch.utils.data import DataLoader, Dataset

class Squares(Dataset):
    def __len__(self):
        return 256
    def __getitem__(self, i):
        return torch.full((64,), float(i * i))

if __name__ == "__main__":
    sys.stdin.readline()
    n = 0
    for batch in DataLoader(Squares(), batch_size=8, num_workers=2):
        n += batch.shape[0]
    print("samples", n)
)";

} // namespace

class TstRemoteInstall : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void failuresInWords();
    void offerRefuseInstallFollow();

private:
    QTemporaryDir m_data; ///< the app's settings and saved streams
};

void TstRemoteInstall::initTestCase()
{
    qputenv("XDG_DATA_HOME", (m_data.path() + QStringLiteral("/data")).toUtf8());
    qputenv("XDG_CONFIG_HOME", (m_data.path() + QStringLiteral("/config")).toUtf8());
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_remote_install"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOADERSCOPE_VERSION));
}

void TstRemoteInstall::failuresInWords()
{
    RemoteTarget::Host h;
    h.name = QStringLiteral("gpu7");
    const QString py = QStringLiteral("~/venv/bin/python");
    auto says = [&](int code, const char* output, const char* part) {
        const QString m = Remote::explainInstallFailure(h, py, code, QString::fromUtf8(output));
        QVERIFY2(m.contains(QLatin1String(part)) && m.contains(QLatin1String("gpu7")), qPrintable(m));
    };
    says(1, "/usr/bin/python3: No module named pip", "has no pip");
    says(1, "error: externally-managed-environment\n\n× This environment is externally managed", "python3 -m venv --system-site-packages");
    says(1, "ERROR: loaderscope-0.1.0-py3-none-manylinux_2_34_x86_64.whl is not a supported wheel on this platform.", "sdist");
    says(1, "ERROR: Can not perform a '--user' install. User site-packages are not visible in this virtualenv.", "without --user");
    says(91, "", "did not arrive whole");
    says(255, "ssh: connect to host gpu7 port 22: Connection refused", "refused the connection");
    says(3, "ERROR: something else", "exit status 3: ERROR: something else");
    // A file that is not a probe wheel is refused before anything is sent.
    RemoteInstaller installer;
    QString error;
    QVERIFY(!installer.install(h, py, QStringLiteral("/etc/passwd"), false, &error));
    QVERIFY2(error.contains(QLatin1String("not a probe wheel")), qPrintable(error));
    QVERIFY(!installer.busy());
}

void TstRemoteInstall::offerRefuseInstallFollow()
{
    const QString wheel = Remote::bundledWheel();
    QVERIFY2(!wheel.isEmpty(), "no wheel in the build's data folder (wheel_build makes it: ./run.sh wheel)");
    QVERIFY2(QFileInfo(wheel).fileName().startsWith(QStringLiteral("loaderscope-" LOADERSCOPE_VERSION "-")), qPrintable(wheel));
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    // The server's Python: a fresh venv (Debian's torch seen through --system-site-packages),
    // without the probe.
    const QString venv = tmp.filePath(QStringLiteral("venv"));
    const QString python = venv + QStringLiteral("/bin/python");
    {
        QProcess p;
        p.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-m"), QStringLiteral("venv"), QStringLiteral("--system-site-packages"), venv});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }
    Lab lab;
    START_LAB(lab, tmp.path(), (QStringList{QStringLiteral("127.0.0.1")}));
    const QStringList foldersBefore = wheelFolders();

    AttachDialog d;
    ProbeInstallOffer* offer = d.installOffer();
    auto* install = offer->findChild<QPushButton*>(QStringLiteral("installProbe"));
    auto* decline = offer->findChild<QPushButton*>(QStringLiteral("declineInstall"));
    QVERIFY(install && decline);
    d.setHost(QStringLiteral("127.0.0.1"));
    d.setRemotePython(python);

    // 1. Listed: no probe there, said, and the install offered (nothing sent yet).
    d.listRemote();
    QTRY_VERIFY2_WITH_TIMEOUT(offer->text().contains(QLatin1String("has no Loaderscope probe")), qPrintable(d.remoteStatus()), 60000);
    QVERIFY2(d.remoteStatus().contains(QLatin1String("has no Loaderscope probe")), qPrintable(d.remoteStatus()));
    QVERIFY2(offer->text().contains(QFileInfo(wheel).fileName()), qPrintable(offer->text()));
    QVERIFY(!offer->isHidden() && !install->isHidden());
    qInfo("offered: %s", qPrintable(offer->text()));
    picture(d, "offer");

    // 2. "Not now": the server as it was.
    const QStringList before = snapshot(venv);
    QVERIFY(before.size() > 10);
    decline->click();
    QVERIFY(offer->isHidden());
    QVERIFY(!offer->installing());
    QCOMPARE(snapshot(venv), before);
    QCOMPARE(wheelFolders(), foldersBefore);

    // 3. Listed again, offered again, and this time installed.
    d.listRemote();
    QTRY_VERIFY2_WITH_TIMEOUT(!offer->isHidden() && !install->isHidden(), qPrintable(d.remoteStatus()), 60000);
    install->click();
    QVERIFY(offer->installing());
    QVERIFY2(offer->text().contains(QStringLiteral("%1 -m pip install --no-index").arg(python)), qPrintable(offer->text()));
    QElapsedTimer took;
    took.start();
    QTRY_VERIFY2_WITH_TIMEOUT(!offer->installing(), qPrintable(offer->text()), (RemoteInstaller::kTimeoutS + 30) * 1000);
    const QString said = offer->text();
    qInfo("install took %lld ms and said: %s", qlonglong(took.elapsed()), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("Installed on 127.0.0.1 into \"%1\"").arg(python)), qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("On 127.0.0.1 ran: %1 -m pip install --no-index").arg(python)) &&
                 said.contains(QFileInfo(wheel).fileName()),
             qPrintable(said));
    QVERIFY2(said.contains(QLatin1String("Successfully installed loaderscope-" LOADERSCOPE_VERSION)), qPrintable(said));
    QCOMPARE(wheelFolders(), foldersBefore); // its temporary folder went
    // The dialog asked again by itself: the probe answers now (none of this test's jobs yet; other
    // jobs of this user may be listed), and nothing is offered.
    QTRY_VERIFY2_WITH_TIMEOUT(d.remoteStatus().contains(QLatin1String("No job is running under the probe there")) ||
                                  d.remoteStatus().contains(QLatin1String("Jobs running there")),
                              qPrintable(d.remoteStatus()), 60000);
    QVERIFY2(!d.remoteStatus().contains(QLatin1String("has no Loaderscope probe")), qPrintable(d.remoteStatus()));
    QVERIFY(install->isHidden());
    picture(d, "installed");

    // 4. A job under the installed probe (nothing of the build tree on its path), listed with its
    // probe's version, attached to and followed to its end.
    QFile script(tmp.filePath(QStringLiteral("job.py")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(kJob);
    script.close();
    QProcess job;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("PYTHONPATH"));
    env.insert(QStringLiteral("OMP_NUM_THREADS"), QStringLiteral("1"));
    job.setProcessEnvironment(env);
    job.setWorkingDirectory(tmp.path());
    job.setReadChannel(QProcess::StandardError);
    const QString summaryPath = tmp.filePath(QStringLiteral("summary.json"));
    job.start(python, {QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run"), QStringLiteral("--summary"), summaryPath, script.fileName()});
    // Its first line on stderr names its segment (QTRY evaluates its condition once more at the
    // end: the reading keeps what it found).
    QString segment;
    auto segmentSaid = [&job, &segment] {
        while (segment.isEmpty() && job.canReadLine()) {
            const QString line = QString::fromUtf8(job.readLine()).trimmed();
            if (line.startsWith(QLatin1String("loaderscope: segment ")))
                segment = line;
        }
        return !segment.isEmpty() || job.state() == QProcess::NotRunning;
    };
    QTRY_VERIFY_WITH_TIMEOUT(segmentSaid(), 60000);
    QVERIFY2(segment.startsWith(QLatin1String("loaderscope: segment ")), qPrintable(segment + QString::fromUtf8(job.readAllStandardError())));
    segment = segment.section(QLatin1Char(' '), 2, 2);
    d.listRemote();
    auto chosen = [&d, &segment]() -> std::optional<RemoteStreamOptions> {
        for (const RemoteStreamOptions& o : d.chosenRemote())
            if (o.segment == segment)
                return o;
        return std::nullopt;
    };
    QTRY_VERIFY2_WITH_TIMEOUT(chosen().has_value(), qPrintable(d.remoteStatus()), 60000);
    qInfo("listed after %lld ms", qlonglong(took.restart()));
    QVERIFY2(d.remoteStatus().contains(QStringLiteral("Probe on 127.0.0.1: %1, the same version").arg(QStringLiteral(LOADERSCOPE_VERSION))),
             qPrintable(d.remoteStatus()));
    RunSession s;
    QSignalSpy header(&s, &RunSession::remoteDescribed);
    s.attachRemote(*chosen());
    // The stream's header came (the probe there answers) before the job's loop is let go: a job
    // that ends first is gone before it can be followed.
    QTRY_VERIFY2_WITH_TIMEOUT(!header.isEmpty() || !s.running(), qPrintable(s.lastError()), 30000);
    QVERIFY2(s.running(), qPrintable(s.lastError()));
    qInfo("attached after %lld ms", qlonglong(took.restart()));
    job.write("go\n");
    QVERIFY(job.waitForBytesWritten(10000));
    QVERIFY(job.waitForFinished(120000));
    qInfo("the job ended after %lld ms", qlonglong(took.restart()));
    QCOMPARE(job.exitStatus(), QProcess::NormalExit);
    QCOMPARE(job.exitCode(), 0);
    QVERIFY(job.readAllStandardOutput().contains("samples 256"));
    QTRY_VERIFY2_WITH_TIMEOUT(s.hasSummary() && !s.running(),
                              qPrintable(QStringLiteral("running %1, summary %2, events %3, error \"%4\"")
                                             .arg(s.running())
                                             .arg(s.hasSummary())
                                             .arg(s.model()->eventCount())
                                             .arg(s.lastError())),
                              60000);
    QFile f(summaryPath);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject own = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(own.value(QStringLiteral("batches")).toInteger(), qint64(32));
    QCOMPARE(qint64(s.summary().figures.batches), own.value(QStringLiteral("batches")).toInteger());
    QCOMPARE(qint64(s.summary().figures.samples), own.value(QStringLiteral("samples")).toInteger());
    QVERIFY2(lab.stop(), qPrintable(lab.error));
    QVERIFY2(testutil::loaderscopeSegments().isEmpty(), "a segment was left behind");
}

QTEST_MAIN(TstRemoteInstall)
#include "tst_remote_install.moc"
