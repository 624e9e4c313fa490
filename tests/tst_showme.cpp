// SPDX-License-Identifier: MIT
// "Show me" in the main window: the experiment and its contrast alternately, 3 times each, its
// progress and verdict under the lesson, cancel; and slow motion's one rule (the figures are the
// slowed run's, and the badge, the summary and "Show me" all say "slowed ×N").
#include "config/model/configfields.h"
#include "runs/model/runhistory.h"
#include "testutil.h"
#include "config/configpanel.h"
#include "workshop/lessonrunner.h"
#include "workshop/lessonspanel.h"
#include "app/mainwindow.h"
#include "advice/summarypanel.h"
#include "timeline/timelineview.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QtTest>

using namespace testutil;

class TestShowMe : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void alternatesAndJudges();
    void cancel();
    void slowMotionSaysSoEverywhere();
    void cleanupTestCase() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    /// The distributed-sampler lesson: 10 samples, so that 6 runs take a second or two.
    int lessonIndex(MainWindow& w, const QString& id) const;
};

void TestShowMe::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true); // run history and settings go to a test folder
}

int TestShowMe::lessonIndex(MainWindow& w, const QString& id) const
{
    const auto& lessons = w.lessonsPanel()->library().lessons();
    for (int i = 0; i < lessons.size(); ++i)
        if (lessons[i].id == id)
            return i;
    return -1;
}

void TestShowMe::alternatesAndJudges()
{
    MainWindow w(nullptr);
    w.session()->setEnginePath(enginePath());
    w.setSlowMotion(1);
    const int lesson = lessonIndex(w, QStringLiteral("distributed_sampler"));
    QVERIFY(lesson >= 0);
    w.showLesson(lesson);
    // Which side each run was: the number of ranks its configuration had when it started.
    QList<int> replicas;
    connect(w.session(), &RunSession::started, &w, [&] {
        replicas << jsonAt(w.configPanel()->config(), QStringLiteral("loader.sampler.num_replicas")).toInt();
    });
    LessonRunner* runner = w.lessonRunner();
    runner->showMe(lesson, false);
    QVERIFY(runner->showMeRunning());
    QVERIFY2(w.lessonsPanel()->showMeStatus().startsWith(QStringLiteral("Show me: run 1 of 6, num_replicas=1…")),
             qPrintable(w.lessonsPanel()->showMeStatus()));
    // The status bar keeps the progress while the runs go on (a run's start does not clear it).
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->running() || replicas.size() > 1, 20000);
    QVERIFY2(w.statusText().startsWith(QStringLiteral("Show me: run ")), qPrintable(w.statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(!runner->showMeRunning(), 60000);
    // The contrast first, the experiment last: the window is left with the run the lesson's hint
    // and framed lanes speak of, and its form holds the experiment's configuration.
    QCOMPARE(replicas, QList<int>({1, 4, 1, 4, 1, 4}));
    QCOMPARE(jsonAt(w.configPanel()->config(), QStringLiteral("loader.sampler.num_replicas")).toInt(), 4);
    QVERIFY(!w.timeline()->overlay().empty());
    // Compare opens with the experiment (the history's newest run) as A, on top.
    const RunHistory::Entry last = RunHistory().list().value(0);
    QCOMPARE(jsonAt(last.config, QStringLiteral("loader.sampler.num_replicas")).toInt(), 4);
    const QString newest = RunHistory::title(last);
    QTRY_VERIFY_WITH_TIMEOUT([&] {
        for (QWidget* t : QApplication::topLevelWidgets())
            for (QLabel* l : t->findChildren<QLabel*>())
                if (l->text().startsWith(QStringLiteral("A · ") + newest + QStringLiteral(" · ")))
                    return true;
        return false;
    }(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(w.statusText(), QStringLiteral("Seen: ×3.33; the lesson needs at least ×3.0."), 5000);
    const QString status = w.lessonsPanel()->showMeStatus();
    QCOMPARE(status, runner->statusText());
    QVERIFY2(status.contains(QStringLiteral("num_replicas=4: median 3 (3–3), 3 runs")), qPrintable(status));
    QVERIFY2(status.contains(QStringLiteral("num_replicas=1: median 10 (10–10), 3 runs")), qPrintable(status));
    QVERIFY2(status.contains(QStringLiteral("Seen: ×3.33; the lesson needs at least ×3.0.")), qPrintable(status));
    QVERIFY(!status.contains(QStringLiteral("lowed ×")));
}

void TestShowMe::cancel()
{
    MainWindow w(nullptr);
    w.session()->setEnginePath(enginePath());
    w.setSlowMotion(1);
    const int lesson = lessonIndex(w, QStringLiteral("in_order"));
    w.showLesson(lesson);
    QSignalSpy started(w.session(), &RunSession::started);
    QSignalSpy failed(w.session(), &RunSession::runFailed);
    w.lessonRunner()->showMe(lesson, false);
    QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, 20000);
    // The Show me button reads "Cancel Show me" meanwhile, and cancels.
    QPushButton* button = nullptr;
    for (QPushButton* b : w.lessonsPanel()->findChildren<QPushButton*>())
        if (b->text() == QLatin1String("Cancel Show me"))
            button = b;
    QVERIFY(button);
    button->click();
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 20000); // the run in flight is stopped
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->running(), 20000);
    QCoreApplication::processEvents();
    QCOMPARE(started.size(), 1); // and no next run starts
    QVERIFY(!w.lessonRunner()->showMeRunning());
    QCOMPARE(w.lessonsPanel()->showMeStatus(), QStringLiteral("Show me cancelled: nothing was judged."));
    QCOMPARE(button->text(), QStringLiteral("Show me"));
}

void TestShowMe::slowMotionSaysSoEverywhere()
{
    // One rule: the figures are the slowed run's, unscaled, and each place says "slowed ×N".
    MainWindow w(nullptr);
    w.session()->setEnginePath(enginePath());
    w.setSlowMotion(3);
    const int lesson = lessonIndex(w, QStringLiteral("distributed_sampler"));
    w.showLesson(lesson);
    // As each run finishes (after the window's own handler): the engine's figure and the panel's.
    QList<QPair<double, double>> rates;
    connect(w.session(), &RunSession::runFinished, &w, [&] {
        rates.append({w.session()->launcher()->lastSummaryJson().value(QStringLiteral("samples_per_s")).toDouble(),
                      w.summaryPanel()->summary().figures.samples_per_s});
    });
    w.lessonRunner()->showMe(lesson, false);
    QVERIFY(w.timeline()->overlay().badge.contains(QStringLiteral("slowed ×3 (the slowed run's figures)")));
    QTRY_VERIFY_WITH_TIMEOUT(!w.lessonRunner()->showMeRunning(), 90000);
    // The summary panel: the engine's own figure, not multiplied back to "real time".
    QCOMPARE(rates.size(), 6);
    for (const auto& [engine, panel] : rates) {
        QVERIFY(engine > 0);
        QVERIFY2(qAbs(panel - engine) <= 1e-6 * engine, qPrintable(QStringLiteral("%1 shown for %2").arg(panel).arg(engine)));
    }
    QVERIFY2(w.summaryPanel()->lines().first().contains(QStringLiteral("slowed ×3")),
             qPrintable(w.summaryPanel()->lines().first()));
    QVERIFY2(w.statusText().contains(QStringLiteral("slowed ×3 (the slowed run's figures)")), qPrintable(w.statusText()));
    QVERIFY2(w.lessonsPanel()->showMeStatus().contains(QStringLiteral("Slowed ×3: these are the slowed runs' figures")),
             qPrintable(w.lessonsPanel()->showMeStatus()));
    w.setSlowMotion(1);
}

QTEST_MAIN(TestShowMe)
#include "tst_showme.moc"
