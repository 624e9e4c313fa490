// SPDX-License-Identifier: MIT
// A watched job's recording opened (File > Open recording(s), loaderscope --open-recording): the
// job's own DataLoader arguments, its fitted model and "Model this job", and the advice the window
// and every picture of it give (the model's sweep replacing the closed formula's worker-count
// advice, issue 47). The recording is made here by a real job under the probe. Opening engine
// recordings, ranks and damaged files: tst_openrec.
#include "testutil.h"

#include "advice/model/modeladvisor.h"
#include "advice/summarypanel.h"
#include "app/fileactions.h"
#include "app/mainwindow.h"
#include "common/model/summarytext.h"
#include "common/model/translator.h"
#include "config/configpanel.h"
#include "jobs/jobwatch.h"
#include "runs/model/runsession.h"
#include "timeline/model/tracemodel.h"

#include <QFileInfo>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace testutil;

class TestOpenJobRecording : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void probeRecordingOpens();
    void jobAdviceIsTheWindowsInThePicture();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    /// Opens `paths` through FileActions::openRecordings; false when the slot does not exist.
    bool open(MainWindow& w, const QStringList& paths)
    {
        return QMetaObject::invokeMethod(w.files(), "openRecordings", Q_ARG(QStringList, paths));
    }
    /// A watched job's recording (examples/train_loader.py, 128 samples, 2 workers), made once;
    /// empty when it cannot be made here (m_probeSkip says why; "-": the job failed).
    QString probeRecording();

    QTemporaryDir m_dir;
    QString m_probeSkip;
    Translator m_translator;
};

void TestOpenJobRecording::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestOpenJobRecording::probeRecordingOpens()
{
    const QString path = probeRecording();
    if (path.isEmpty())
        QSKIP(qPrintable(m_probeSkip));
    MainWindow w(&m_translator);
    w.show();
    QVERIFY(open(w, {path}));
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->model()->eventCount() > 0, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(w.summaryPanel()->summary().source), QStringLiteral("pytorch"), 5000);
    QVERIFY(w.summaryPanel()->summary().figures.samples == 128);
    // As a live watch ends: the job's own DataLoader arguments in place of the form (not the
    // previous preset's), the advice, and "Model this job" with the model fitted.
    QCOMPARE(w.session()->source(), RunSession::Source::Recording);
    QVERIFY(w.configPanel()->showingJob());
    QVERIFY(w.session()->job().known());
    QCOMPARE(w.session()->job().primaryLoader().value(QStringLiteral("knobs")).toObject().value(QStringLiteral("batch_size")).toInt(), 32);
    QVERIFY(!w.session()->jobModel().isEmpty());
    QVERIFY(!w.summaryPanel()->summary().advice.empty());
    QPushButton* model = nullptr;
    for (QPushButton* b : w.configPanel()->findChildren<QPushButton*>())
        if (b->text() == QLatin1String("Model this job"))
            model = b;
    QVERIFY(model && model->isVisible() && model->isEnabled());
}

QString TestOpenJobRecording::probeRecording()
{
#ifndef LOADERSCOPE_PYTHON
    m_probeSkip = QStringLiteral("the probe is not built");
    return {};
#else
    const QString path = m_dir.filePath(QStringLiteral("probe.lsrec"));
    if (QFileInfo::exists(path) || !m_probeSkip.isEmpty())
        return m_probeSkip.isEmpty() ? path : QString();
    QProcess check;
    check.start(QStringLiteral(LOADERSCOPE_PYTHON), {QStringLiteral("-c"), QStringLiteral("import torch")});
    if (!check.waitForFinished(60000) || check.exitCode() != 0) {
        m_probeSkip = QStringLiteral("python3 has no torch");
        return {};
    }
    QProcess job;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(LOADERSCOPE_PYTHON_DIR));
    job.setProcessEnvironment(env);
    job.start(QStringLiteral(LOADERSCOPE_PYTHON),
              {QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run"), QStringLiteral("--events"), path,
               QStringLiteral(LOADERSCOPE_SOURCE_DIR "/examples/train_loader.py"), QStringLiteral("--samples"),
               QStringLiteral("128"), QStringLiteral("--epochs"), QStringLiteral("1")});
    if (!job.waitForFinished(120000))
        job.kill();
    job.waitForFinished(5000);
    if (job.exitStatus() != QProcess::NormalExit || job.exitCode() != 0) {
        qWarning("the watched job failed: %s", job.readAllStandardError().constData());
        m_probeSkip = QStringLiteral("-"); // failed, not skipped: the callers' QVERIFY says so
        return {};
    }
    return path;
#endif
}

void TestOpenJobRecording::jobAdviceIsTheWindowsInThePicture()
{
    // A watched job's recording: the window replaces the closed formula's worker-count advice by
    // its model's, once the sweep of the job's fitted model ends. Its pictures (File > Export
    // picture, and the headless --export of the same recording) say the same, never the
    // formula's number beside the model's (issue 47: advice that never contradicts itself).
    const QString path = probeRecording();
    if (path.isEmpty() && m_probeSkip != QLatin1String("-"))
        QSKIP(qPrintable(m_probeSkip));
    QVERIFY2(!path.isEmpty(), "the watched job that makes the recording failed");
    MainWindow w(&m_translator);
    w.show();
    QSignalSpy swept(w.jobWatch()->modelAdvisor(), &ModelAdvisor::finished);
    QSignalSpy sweepFailed(w.jobWatch()->modelAdvisor(), &ModelAdvisor::failed);
    QVERIFY(open(w, {path}));
    QTRY_VERIFY_WITH_TIMEOUT(!swept.isEmpty() || !sweepFailed.isEmpty(), 180000);
    QVERIFY2(sweepFailed.isEmpty(), sweepFailed.isEmpty() ? "" : qPrintable(sweepFailed.first().first().toString()));
    const loaderscope::RunSummary summary = w.summaryPanel()->summary();
    QStringList formula; // the formula's worker-count advice as the summary would say it
    for (const loaderscope::Advice& a : summary.advice)
        if (SummaryText::isWorkerFormula(a))
            formula << SummaryText::advice(a);
    QVERIFY2(!formula.isEmpty(), "the job got no worker-count advice from the formula: nothing would be replaced");
    auto checkLines = [&formula](const QString& where, const QString& text) {
        if (!text.contains(QLatin1String("The model of your job")))
            return where + QStringLiteral(" lacks the model's advice:\n") + text;
        for (const QString& f : formula)
            if (text.contains(f))
                return where + QStringLiteral(" still gives the formula's advice:\n") + text;
        return QString();
    };
    QString why = checkLines(QStringLiteral("the window"), w.summaryPanel()->lines().join(QLatin1Char('\n')));
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QVERIFY(w.summaryPanel()->modelAdvice().contains(QLatin1String("The model of your job")));
    // File > Export picture: the SVG's description holds the summary's lines.
    const QString windowSvg = m_dir.filePath(QStringLiteral("window-job.svg"));
    QVERIFY(w.files()->exportPictureTo(windowSvg, 1.0));
    why = checkLines(QStringLiteral("the window's picture"), svgDescription(windowSvg));
    QVERIFY2(why.isEmpty(), qPrintable(why));
    // The headless export of the same recording runs the same sweep (its progress on stderr).
    const QString svg = m_dir.filePath(QStringLiteral("headless-job.svg"));
    QProcess app;
    app.start(QStringLiteral(LOADERSCOPE_GUI_PATH), {QStringLiteral("--open-recording"), path, QStringLiteral("--export"), svg});
    QVERIFY(app.waitForFinished(180000));
    const QByteArray err = app.readAllStandardError();
    QVERIFY2(app.exitCode() == 0, err.constData());
    QVERIFY2(err.contains("on the model of the job: 1 of"), err.constData());
    why = checkLines(QStringLiteral("the headless picture"), svgDescription(svg));
    QVERIFY2(why.isEmpty(), qPrintable(why));
    // --no-model-sweep: no sweep, the formula's advice, and the picture says it is unchecked.
    const QString quick = m_dir.filePath(QStringLiteral("headless-quick.svg"));
    app.start(QStringLiteral(LOADERSCOPE_GUI_PATH),
              {QStringLiteral("--open-recording"), path, QStringLiteral("--no-model-sweep"), QStringLiteral("--export"), quick});
    QVERIFY(app.waitForFinished(60000));
    const QByteArray quickErr = app.readAllStandardError();
    QVERIFY2(app.exitCode() == 0, quickErr.constData());
    QVERIFY2(!quickErr.contains("on the model of the job"), quickErr.constData());
    const QString desc = svgDescription(quick);
    QVERIFY2(desc.contains(formula.first()) && desc.contains(QStringLiteral("The model of the job was not swept (--no-model-sweep)")) &&
                 !desc.contains(QStringLiteral("The model of your job")),
             qPrintable(desc));
}

QTEST_MAIN(TestOpenJobRecording)
#include "tst_openrec_job.moc"
