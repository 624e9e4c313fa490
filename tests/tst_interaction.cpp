// SPDX-License-Identifier: MIT
// What a user does with the keyboard and mouse: W/S/A/D/+/-/arrows/Backspace/Esc act on the
// timeline's time range and marks, a drag measures a range whose duration and contents are right,
// Esc closes Compare, Compare batch for batch links its views' ranges by each run's time per batch,
// the queue chart reads out its counts under the cursor, a wrong quiz answer
// offers another go, the find bar (Ctrl+F, Enter/Shift+Enter, F3/Shift+F3) steps through matches
// and tells a found batch in the details pane. Real key and mouse events (QTest), no engine.
#include "timeline/model/rangesummary.h"
#include "timeline/draw/timelinerenderer.h"
#include "timeline/draw/timelinelayout.h"
#include "timeline/model/tracemodel.h"
#include "timeline/draw/viewportcontroller.h"
#include "workshop/lessonspanel.h"
#include "timeline/counterchartview.h"
#include "app/detailspanel.h"
#include "timeline/findbar.h"
#include "app/mainactions.h"
#include "app/mainwindow.h"
#include "timeline/stackedtimelines.h"
#include "timeline/timelineview.h"

#include <QAction>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QtTest>

using loaderscope::Event;
using loaderscope::EventKind;

namespace {

constexpr qint64 kMs = 1'000'000;

/// 100 ms of a 2-worker run: each worker fetches for 0.5 ms of every 1 ms (busy 50 %); the loop
/// waits 1 ms for each batch, one batch every 10 ms (a batch key per batch).
void fill(TraceModel& m)
{
    m.reset(0, 2, true);
    std::vector<Event> ev;
    for (int w = 0; w < 2; ++w)
        for (qint64 t = 0; t < 100 * kMs; t += kMs) {
            Event e;
            e.lane = int16_t(w);
            e.kind = EventKind::Fetch;
            e.t0 = quint64(t);
            e.t1 = quint64(t + kMs / 2);
            e.batch = loaderscope::batchKey(0, t / (10 * kMs));
            e.arg0 = int32_t(t / kMs);
            ev.push_back(e);
        }
    for (qint64 t = 9 * kMs; t < 100 * kMs; t += 10 * kMs) {
        Event e;
        e.lane = loaderscope::LaneMain;
        e.kind = EventKind::WaitData;
        e.t0 = quint64(t);
        e.t1 = quint64(t + kMs);
        e.batch = loaderscope::batchKey(0, t / (10 * kMs));
        ev.push_back(e);
    }
    std::sort(ev.begin(), ev.end(), [](const Event& a, const Event& b) { return a.t0 < b.t0; });
    m.append(ev);
}

} // namespace

class TestInteraction : public QObject
{
    Q_OBJECT
private slots:
    void keyboardActsOnTheTimeline();
    void dragMeasuresTheRightDuration();
    void escClosesCompare();
    void perBatchCompareLinksViews();
    void chartReadsOutCounts();
    void wrongAnswerOffersTryAgain();
    void findBarStepsAndFillsDetails();
};

void TestInteraction::keyboardActsOnTheTimeline()
{
    TraceModel m;
    fill(m);
    TimelineView v;
    v.setModel(&m);
    v.resize(1198, 400);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.setFocus();
    v.zoomToFit();
    const Viewport full = v.viewport();
    QVERIFY(full.duration() >= 100 * kMs);

    QTest::keyClick(&v, Qt::Key_W); // zoom in
    const Viewport in = v.viewport();
    QVERIFY2(in.duration() < full.duration() * 0.8, qPrintable(QString::number(in.duration())));
    QTest::keyClick(&v, Qt::Key_Plus); // zoom in again
    QVERIFY(v.viewport().duration() < in.duration());
    QTest::keyClick(&v, Qt::Key_Minus); // and out
    QVERIFY(std::abs(v.viewport().duration() - in.duration()) <= 2); // ns of rounding

    QTest::keyClick(&v, Qt::Key_D); // pan right, the width kept
    QVERIFY(v.viewport().t0 > in.t0);
    QVERIFY(std::abs(v.viewport().duration() - in.duration()) <= 2);
    const qint64 afterD = v.viewport().t0;
    QTest::keyClick(&v, Qt::Key_A); // and back left
    QVERIFY(v.viewport().t0 < afterD);
    QTest::keyClick(&v, Qt::Key_Right);
    QVERIFY(v.viewport().t0 > in.t0 - 1);
    QTest::keyClick(&v, Qt::Key_Left);

    QTest::keyClick(&v, Qt::Key_S); // zoom out
    QVERIFY(v.viewport().duration() > in.duration());

    // Backspace steps back through the zoom history to the whole run.
    for (int i = 0; i < 10; ++i)
        QTest::keyClick(&v, Qt::Key_Backspace);
    QCOMPARE(v.viewport().t0, full.t0);
    QCOMPARE(v.viewport().t1, full.t1);

    // Esc clears a highlighted batch and a measured range.
    v.setHighlightedBatch(loaderscope::batchKey(0, 3));
    v.setMeasuredRange(std::pair<qint64, qint64>(kMs, 2 * kMs));
    QTest::keyClick(&v, Qt::Key_Escape);
    QCOMPARE(v.highlightedBatch(), qint64(-1));
    QVERIFY(!v.measuredRange());
}

void TestInteraction::dragMeasuresTheRightDuration()
{
    TraceModel m;
    fill(m);
    TimelineView v;
    v.setModel(&m);
    // 1000 px of lanes for 100 ms: one pixel is 100 µs exactly.
    v.resize(int(1000 + TimelineLayout::labelWidth(v.theme()) + TimelineLayout::rightPad(v.theme())), 400);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.setViewport({0, 100 * kMs});
    const TimeMapper map = TimelineRenderer::mapper(v.viewport(), QRectF(v.rect()), v.theme());
    QCOMPARE(map.width(), 1000.0);
    const int y = int(v.laneCenterY(m.laneIndex(TraceModel::LaneKind::Worker, 0)));
    const QPoint from(int(map.x(21 * kMs)), y), to(int(map.x(51 * kMs)), y);
    QSignalSpy measured(&v, &TimelineView::rangeMeasured);
    QTest::mousePress(&v, Qt::LeftButton, {}, from);
    QTest::mouseMove(&v, QPoint(from.x() + 40, y));
    QTest::mouseMove(&v, to);
    QTest::mouseRelease(&v, Qt::LeftButton, {}, to);
    QVERIFY(!measured.isEmpty());
    const auto range = v.measuredRange();
    QVERIFY(range.has_value());
    QCOMPARE(range->first, 21 * kMs);
    QCOMPARE(range->second, 51 * kMs);
    QCOMPARE(v.viewport().t0, qint64(0)); // a measuring drag does not pan
    // What the details pane shows for it: 30 ms, 3 batches received (at 30, 40 and 50 ms), the
    // loop waiting 10 % (3 x 1 ms), each worker busy 50 % with 30 samples.
    const QString text = describeRange(m, range->first, range->second);
    QVERIFY2(text.contains(QStringLiteral("Measured range: 30 ms")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("from 21.0 ms to 51.0 ms")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("batches received by the loop: 3")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("the loop waited for data: 10.0%")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("worker 0: busy 50.0%, 30 samples")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("worker 1: busy 50.0%, 30 samples")), qPrintable(text));
    // A drag the other way measures the same range.
    QTest::mousePress(&v, Qt::LeftButton, {}, to);
    QTest::mouseMove(&v, QPoint(to.x() - 40, y));
    QTest::mouseMove(&v, from);
    QTest::mouseRelease(&v, Qt::LeftButton, {}, from);
    QCOMPARE(v.measuredRange()->first, 21 * kMs);
    QCOMPARE(v.measuredRange()->second, 51 * kMs);
}

void TestInteraction::escClosesCompare()
{
    auto* view = new StackedTimelines;
    std::vector<StackedTimelines::Item> items;
    for (int i = 0; i < 2; ++i) {
        StackedTimelines::Item it;
        it.model = std::make_unique<TraceModel>();
        fill(*it.model);
        it.title = QStringLiteral("run %1").arg(i);
        items.push_back(std::move(it));
    }
    view->setItems(std::move(items), QStringLiteral("two runs"));
    QPointer<StackedTimelines> alive(view);
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view));
    // Esc on a timeline with a highlighted batch clears it first; the window stays.
    view->view(0)->setFocus();
    view->view(0)->setHighlightedBatch(loaderscope::batchKey(0, 1));
    QTest::keyClick(view->view(0), Qt::Key_Escape);
    QVERIFY(alive && view->isVisible());
    QCOMPARE(view->view(0)->highlightedBatch(), qint64(-1));
    // Nothing left to clear: Esc closes Compare.
    QTest::keyClick(view->view(0), Qt::Key_Escape);
    QTRY_VERIFY(!alive);
}

void TestInteraction::perBatchCompareLinksViews()
{
    // A 100 ms run and a 1 s run of 10 batches each: batch for batch, each view shows its own 10
    // batches across the width, and a zoom in one shows the same batches in the other.
    std::vector<StackedTimelines::Item> items;
    for (int i = 0; i < 2; ++i) {
        StackedTimelines::Item it;
        it.model = std::make_unique<TraceModel>();
        if (i == 0) {
            fill(*it.model);
        } else {
            it.model->reset(0, 1, true);
            Event e;
            e.lane = 0;
            e.kind = EventKind::Fetch;
            e.t0 = 0;
            e.t1 = quint64(1000 * kMs);
            it.model->append({e});
        }
        it.summary.figures.batches = 10;
        it.summary.figures.seconds = i == 0 ? 0.1 : 1.0;
        items.push_back(std::move(it));
    }
    StackedTimelines view;
    view.setAlignment(StackedTimelines::Alignment::PerBatch);
    view.setItems(std::move(items), QString());
    QVERIFY(view.view(0)->controller() != view.view(1)->controller()); // each run its own axis
    QCOMPARE(view.view(0)->viewport().t1, qint64(102 * kMs));
    QCOMPARE(view.view(1)->viewport().t1, qint64(1020 * kMs));
    view.view(0)->controller()->setUserViewport({10 * kMs, 30 * kMs}); // batches 1 and 2
    QCOMPARE(view.view(1)->viewport().t0, qint64(100 * kMs));
    QCOMPARE(view.view(1)->viewport().t1, qint64(300 * kMs));
    // The time per batch is a row of the table.
    bool perBatchRow = false;
    for (int r = 0; r < view.table()->rowCount(); ++r)
        perBatchRow = perBatchRow || (view.table()->verticalHeaderItem(r) && view.table()->verticalHeaderItem(r)->text() == QLatin1String("Time per batch") &&
                                      view.table()->item(r, 1)->text() == QLatin1String("100 ms")); // SummaryText::duration
    QVERIFY(perBatchRow);
}

void TestInteraction::chartReadsOutCounts()
{
    TraceModel m;
    m.reset(0, 1, true);
    std::vector<Event> ev;
    // Ready batches: 2 from 10 ms to 60 ms, then 5.
    for (auto [t, value] : {std::pair<qint64, int>{10 * kMs, 2}, {60 * kMs, 5}}) {
        Event e;
        e.lane = loaderscope::LaneMain;
        e.kind = EventKind::QueueDepth;
        e.t0 = e.t1 = quint64(t);
        e.arg0 = value;
        ev.push_back(e);
    }
    m.append(ev);
    CounterChartView chart(CounterChartView::Counters::Queue);
    chart.setModel(&m);
    chart.resize(1198, 200);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.refresh({0, 100 * kMs});
    const QRectF plot = chart.chart()->plotArea();
    const auto xAt = [&](qint64 t) { return plot.left() + double(t) / double(100 * kMs) * plot.width(); };
    const QString early = chart.readoutAt(xAt(30 * kMs));
    QVERIFY2(early.contains(QStringLiteral("ready batches: 2")), qPrintable(early));
    QVERIFY2(early.startsWith(QStringLiteral("at 30")), qPrintable(early));
    const QString late = chart.readoutAt(xAt(80 * kMs));
    QVERIFY2(late.contains(QStringLiteral("ready batches: 5")), qPrintable(late));
    QVERIFY(chart.readoutAt(plot.left() - 20).isEmpty()); // left of the plot: nothing
}

void TestInteraction::wrongAnswerOffersTryAgain()
{
    LessonsPanel panel;
    panel.show();
    panel.setCurrentLesson(0);
    const Lesson& l = panel.library().lessons()[0];
    int wrong = -1, right = -1;
    for (int k = 0; k < l.options.size(); ++k)
        (l.options[k].correct ? right : wrong) = k;
    QVERIFY(wrong >= 0 && right >= 0);
    QVERIFY(!panel.answer(wrong));
    // The right answer is not revealed at once: only why this one is wrong, and another go.
    const QString afterWrong = panel.resultText();
    QVERIFY(afterWrong.contains(QStringLiteral("Not quite")));
    QVERIFY(!afterWrong.contains(LessonLibrary::text(l.options[right].why, QStringLiteral("en"))));
    QPushButton* tryAgain = nullptr;
    for (QPushButton* b : panel.findChildren<QPushButton*>())
        if (b->text() == QLatin1String("Try again"))
            tryAgain = b;
    QVERIFY(tryAgain && tryAgain->isVisible());
    QTest::mouseClick(tryAgain, Qt::LeftButton);
    QVERIFY(panel.resultText().isEmpty());
    QVERIFY(!tryAgain->isVisible());
    QVERIFY(panel.answer(right));
    QVERIFY(panel.resultText().contains(LessonLibrary::text(l.options[right].why, QStringLiteral("en"))));
}




void TestInteraction::findBarStepsAndFillsDetails()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true);
    MainWindow w(nullptr);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    fill(*w.session()->model());
    // Ctrl+F opens the bar above the timeline, the field ready to type.
    w.actions()->find->trigger();
    FindBar* bar = w.findBar();
    QVERIFY(bar->isVisible());
    auto* edit = bar->findChild<QLineEdit*>(QStringLiteral("findEdit"));
    QVERIFY(edit && edit->hasFocus());
    QTest::keyClicks(edit, QStringLiteral("batch 3"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(bar->result(), QStringLiteral("batch 3 (epoch 0) · 1 of 1"));
    // The found batch is told in the details pane: its lanes and what was done for it.
    const QString details = w.detailsPanel()->text();
    QVERIFY2(details.contains(QLatin1String("Batch 3, epoch 0")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("fetch sample ×10: 5.0 ms")), qPrintable(details)); // ten 0.5 ms fetches a worker
    // Worker 1 made ten batches: Enter steps forward, Shift+Enter back, F3 / Shift+F3 the same.
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("worker 1"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(bar->result(), QStringLiteral("batch 0 (epoch 0) · 1 of 10"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(bar->result(), QStringLiteral("batch 1 (epoch 0) · 2 of 10"));
    QVERIFY(w.detailsPanel()->text().contains(QLatin1String("Batch 1, epoch 0")));
    QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
    QCOMPARE(bar->result(), QStringLiteral("batch 0 (epoch 0) · 1 of 10"));
    QTest::keyClick(edit, Qt::Key_F3, Qt::ShiftModifier); // wraps to the last
    QCOMPARE(bar->result(), QStringLiteral("batch 9 (epoch 0) · 10 of 10"));
    QTest::keyClick(&w, Qt::Key_F3);
    QCOMPARE(bar->result(), QStringLiteral("batch 0 (epoch 0) · 1 of 10"));
    // Nothing found is said in the bar; Esc closes it.
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("worker 7"));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(bar->result(), QStringLiteral("there is no worker 7"));
    QTest::keyClick(edit, Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
}

QTEST_MAIN(TestInteraction)
#include "tst_interaction.moc"
