// SPDX-License-Identifier: MIT
// The model of a watched job (real PyTorch jobs under the probe): the engine config fitted to the
// job, the advice its sweep gives and the check of that advice against the job itself, and the
// comparison of model and job naming the bottleneck. Watching and attaching: tst_watch.
#include "advice/model/modelcomparison.h"
#include "runs/model/runhistory.h"
#include "runs/model/runsession.h"
#include "timeline/model/tracemodel.h"
#include "testutil.h"
#include "runs/analysiswindows.h"
#include "runs/comparechooser.h"
#include "config/configpanel.h"
#include "config/jobconfigview.h"
#include "jobs/jobdialogs.h"
#include "jobs/jobwatch.h"
#include "jobs/liveranks.h"
#include "app/mainwindow.h"
#include "timeline/stackedtimelines.h"
#include "advice/summarypanel.h"
#include "timeline/timelineview.h"

#include "loaderscope/analysis/recording_digest.h"
#include "loaderscope/base/output_file.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <sys/mman.h>
#include <sys/time.h>
#include <QtTest>

using namespace testutil;

namespace {

/// A torchvision-like job whose DataLoader arguments are its command line's.
const QString kVision = QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/probe/vision_job.py");

/// vision_job.py under the probe, as File ▸ Watch a Python script starts it.
ScriptLaunch visionLaunch(const QStringList& args)
{
    ScriptLaunch launch;
    launch.script = kVision;
    launch.args = args;
    return launch;
}

loaderscope::RunFigures figuresOf(double rate, double stall, double cpu, double wait, double io)
{
    loaderscope::RunFigures f;
    f.samples_per_s = rate;
    f.data_stall_fraction = stall;
    for (int i = 0; i < 2; ++i) {
        loaderscope::WorkerFigures w;
        w.worker = i;
        w.cpu_fraction = cpu;
        w.cpu_wait_fraction = wait;
        w.io_fraction = io;
        w.busy_fraction = cpu + wait + io;
        f.workers.push_back(w);
    }
    return f;
}

} // namespace

class TestWatchModel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void modelAdviceAndItsCheck();
    void modelComparisonNamesTheBottleneck();
    void cleanup();

private:
    qint64 m_started = QDateTime::currentMSecsSinceEpoch(); ///< torch files older than this are not ours
};

void TestWatchModel::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true); // run history and settings go to a test folder
}

void TestWatchModel::init()
{
    qputenv("LOADERSCOPE_PYTHON", LOADERSCOPE_PYTHON);
}

void TestWatchModel::cleanup()
{
    // Nothing of ours left behind (as tst_watch: a stopped job may leave one of torch's own).
    QTRY_VERIFY_WITH_TIMEOUT(loaderscopeSegments().isEmpty(), 10000);
    for (const QString& name : removeTorchSegmentsLeftSince(m_started))
        qInfo("removed /dev/shm/%s: torch's, left by a job this test stopped", qPrintable(name));
}

void TestWatchModel::modelAdviceAndItsCheck()
{
    // A watched job ends: its worker advice comes from a sweep of its fitted model (the formula's
    // is the first guess until then), with predicted samples/s and their uncertainty. Watched
    // again with another num_workers, the prediction for it is put next to what it measured.
    MainWindow w(nullptr);
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    QSignalSpy failed(w.session(), &RunSession::runFailed);
    QSignalSpy swept(w.jobWatch()->modelAdvisor(), &ModelAdvisor::finished);
    QSignalSpy sweepFailed(w.jobWatch()->modelAdvisor(), &ModelAdvisor::failed);
    QSignalSpy progress(w.jobWatch()->modelAdvisor(), &ModelAdvisor::progress);
    const QStringList common{QStringLiteral("--batch-size"), QStringLiteral("8"), QStringLiteral("--samples"), QStringLiteral("96"),
                             QStringLiteral("--read-ms"), QStringLiteral("2")};
    w.jobWatch()->watchScript(visionLaunch(QStringList{QStringLiteral("--workers"), QStringLiteral("1")} + common));
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 90000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QVERIFY(w.jobWatch()->modelAdvisor()->running());
    QVERIFY2(w.summaryPanel()->modelAdvice().contains(QStringLiteral("Checking num_workers")), qPrintable(w.summaryPanel()->modelAdvice()));
    QTRY_VERIFY_WITH_TIMEOUT(!swept.isEmpty() || !sweepFailed.isEmpty(), 180000);
    QVERIFY2(sweepFailed.isEmpty(), sweepFailed.isEmpty() ? "" : qPrintable(sweepFailed.first().first().toString()));
    QVERIFY(!progress.isEmpty());
    const ModelAdvice advice = swept.first().first().value<ModelAdvice>();
    QVERIFY(advice.current >= 0 && advice.advised >= 0);
    QVERIFY(advice.find(2, 2)); // the sweep tried 2 workers
    const QString line = w.summaryPanel()->modelAdvice();
    QVERIFY2(line.contains(QStringLiteral("The model of your job")) && line.contains(QStringLiteral(" ± ")), qPrintable(line));
    // The same script with 2 workers: the model's prediction for 2 next to what it measured.
    finished.clear();
    w.jobWatch()->watchScript(visionLaunch(QStringList{QStringLiteral("--workers"), QStringLiteral("2")} + common));
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 90000);
    QVERIFY(failed.isEmpty());
    const QString check = w.summaryPanel()->modelAdvice();
    QVERIFY2(check.contains(QStringLiteral("For num_workers = 2, prefetch_factor = 2 the model predicted")) &&
                 check.contains(QStringLiteral("this run measured")),
             qPrintable(check));
    // Cancel: the sweep of the second run ends, its line says the formula's advice stands.
    QSignalSpy cancelled(w.jobWatch()->modelAdvisor(), &ModelAdvisor::failed);
    w.jobWatch()->modelAdvisor()->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!cancelled.isEmpty() || !w.jobWatch()->modelAdvisor()->running(), 30000);
    if (!cancelled.isEmpty())
        QVERIFY(w.summaryPanel()->modelAdvice().contains(QStringLiteral("cancelled")));
}

void TestWatchModel::modelComparisonNamesTheBottleneck()
{
    // Issue 24's torchvision job: the rates agree within 15 %, the bottleneck does not (the model
    // invented I/O where the job's workers wait for a core).
    const auto job = figuresOf(157, 0.209, 0.20, 0.76, 0.0);
    const auto wrong = figuresOf(148, 0.877, 0.20, 0.30, 0.203);
    const QStringList off = ModelComparison::disagreeing(job, wrong);
    QCOMPARE(off, (QStringList{QStringLiteral("the data stall"), QStringLiteral("the workers' wait for a core"),
                               QStringLiteral("the workers' I/O")}));
    const QString text = ModelComparison::html(job, wrong);
    QVERIFY2(text.contains(QLatin1String("They disagree on the data stall")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("Data stall: model 87.7%, job 20.9%")), qPrintable(text));
    // Within the tolerances on every figure: they agree; a rate 20 % off is named alone.
    const auto close = figuresOf(150, 0.25, 0.22, 0.70, 0.02);
    QVERIFY(ModelComparison::disagreeing(job, close).isEmpty());
    QVERIFY(ModelComparison::html(job, close).contains(QLatin1String("They agree")));
    QCOMPARE(ModelComparison::disagreeing(job, figuresOf(190, 0.209, 0.20, 0.76, 0.0)),
             QStringList{QStringLiteral("samples/s")});
    // The job's loop waited for its workers to hand over tensors, the model's less: named (both
    // shares) where the stall disagrees, not where it agrees, nor where the waits agree.
    auto handedOver = figuresOf(1400, 0.60, 0.60, 0.26, 0.0);
    handedOver.handover_wait_fraction = 0.27;
    auto lower = figuresOf(1410, 0.42, 0.61, 0.25, 0.0);
    lower.handover_wait_fraction = 0.04;
    const QString named = ModelComparison::html(handedOver, lower);
    QVERIFY2(named.contains(QLatin1String("next() spends 27.0% of the loop fetching")), qPrintable(named));
    QVERIFY2(named.contains(QLatin1String("in the model, 4.0%")), qPrintable(named));
    QVERIFY(!ModelComparison::html(handedOver, figuresOf(1410, 0.57, 0.61, 0.25, 0.0)).contains(QLatin1String("next() spends")));
    lower.handover_wait_fraction = 0.25;
    QVERIFY(!ModelComparison::html(handedOver, lower).contains(QLatin1String("next() spends")));
}

QTEST_MAIN(TestWatchModel)
#include "tst_watch_model.moc"
