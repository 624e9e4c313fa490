// SPDX-License-Identifier: MIT
// A projector that cannot clip: the main window laid out on a 1280x720 screen with every lesson
// (its experiment run, its quiz answered wrongly and then rightly), in English and Turkish, with
// normal and large text; and on 1600x900 and 1920x1080 screens in both languages, light and dark,
// with a measured range on the timeline. LayoutCheck finds any cut, elided or overlapping text, a
// widget or window out of its screen, and a quiz that scrolls sideways; the defect rows show that
// it does fail. The offscreen platform is given three screens side by side (a config file).
#include "layoutcheck.h"

#include "workshop/model/questionbank.h"
#include "runs/model/runsession.h"
#include "timeline/draw/timelinestyle.h"
#include "timeline/model/tracemodel.h"
#include "common/model/translator.h"
#include "timeline/apptheme.h"
#include "workshop/classquiz.h"
#include "timeline/counterchartview.h"
#include "timeline/chartspane.h"
#include "workshop/lessonrunner.h"
#include "workshop/lessonspanel.h"
#include "app/mainwindow.h"
#include "runs/sweepdialog.h"
#include "timeline/timelineview.h"

#include <QApplication>
#include <QChart>
#include <QDockWidget>
#include <QLabel>
#include <QLegend>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QTextDocumentFragment>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>

#include <algorithm>
#include <memory>

namespace {

/// The screens the offscreen platform is given, left to right (px).
const QSize kScreens[] = {{1280, 720}, {1600, 900}, {1920, 1080}};

QScreen* screenOf(QSize size)
{
    for (QScreen* s : QGuiApplication::screens())
        if (s->geometry().size() == size)
            return s;
    return nullptr;
}

QString report(const QStringList& problems)
{
    return problems.join(QLatin1Char('\n'));
}

} // namespace

class TestLayout : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void lessons_data();
    void lessons();
    void quizTypeComesBack();
    void lessonOpenedFromTheForm();
    void mainWindow_data();
    void mainWindow();
    void checkerFails_data();
    void checkerFails();
    void windowNeverOutgrowsTheScreen();
    void strayToolbarExtensionGoes();
    void classQuiz_data();
    void classQuiz();
    void dialogsFitTheScreen_data();
    void dialogsFitTheScreen();
    void cleanupTestCase();

private:
    /// The window on the screen of `size`, filling it, in `lang`, `theme`, with or without large text.
    void place(QSize size, const QString& lang, AppTheme::Mode theme, bool large);
    /// Runs lesson `index`'s experiment (once) and waits for its end.
    void runLesson(int index);
    QTabWidget* leftTabs() const;
    QScrollArea* quiz() const;
    /// The lanes the lesson frames whose rectangles are not inside the timeline's visible
    /// viewport, by name (empty: all in view).
    QStringList offScreenFramedLanes() const;

    Translator m_translator;
    std::unique_ptr<MainWindow> m_window;
    int m_ranLesson = -1;
};

void TestLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // settings and run history in a test folder
    QSettings().clear();
    QCOMPARE(QGuiApplication::screens().size(), 3);
    for (QSize s : kScreens)
        QVERIFY2(screenOf(s), "the offscreen platform did not read its screens");
    AppTheme::captureSystem();
    m_window = std::make_unique<MainWindow>(&m_translator);
    // The instructor's questions too (long Turkish answers): the seed's when it is beside the
    // repository, else our own workshop-text file.
    const QString seed = QStringLiteral(LOADERSCOPE_SEED_DIR "/000_073c491a5944acef.txt");
    const QString file = QFile::exists(seed) ? seed : QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/questions/workshop_own.txt");
    ParsedQuestions bank = QuestionBank::parseFile(file, QuestionFormat::Auto, m_window->lessonsPanel()->library().lessons());
    QVERIFY(!bank.questions.isEmpty());
    // And a long one of our own for lesson 5 (quizTypeComesBack), wherever the clone lives (the
    // seed is not beside a clone in /tmp).
    const ParsedQuestions own = QuestionBank::parseFile(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/questions/projector_long.gift"),
                                                        QuestionFormat::Auto, m_window->lessonsPanel()->library().lessons());
    QVERIFY2(own.questions.size() == 1 && own.problems.isEmpty() && own.questions[0].lesson == QLatin1String("pin_memory"),
             "tests/fixtures/questions/projector_long.gift");
    bank.questions += own.questions;
    m_window->lessonsPanel()->setImportedQuestions(bank.questions);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestLayout::cleanupTestCase()
{
    if (m_window)
        m_window->session()->stop();
    m_window.reset();
    QSettings().clear();
}

QTabWidget* TestLayout::leftTabs() const
{
    return qobject_cast<QTabWidget*>(m_window->findChild<QDockWidget*>(QStringLiteral("configDock"))->widget());
}

QScrollArea* TestLayout::quiz() const
{
    return m_window->lessonsPanel()->findChild<QScrollArea*>(QStringLiteral("quizScroll"));
}

QStringList TestLayout::offScreenFramedLanes() const
{
    TimelineView* t = m_window->timeline();
    QScrollArea* scroll = nullptr;
    for (QScrollArea* a : m_window->findChildren<QScrollArea*>())
        if (a->widget() == t)
            scroll = a;
    if (!scroll)
        return {QStringLiteral("(no scroll area holds the timeline)")};
    const QRect visible = scroll->viewport()->rect();
    const TraceModel& m = *t->model();
    const auto& framed = t->overlay().lanes;
    QStringList out;
    for (int i = 0; i < m.laneCount(); ++i) {
        if (m.lane(i).hidden || std::find(framed.begin(), framed.end(), m.lane(i).kind) == framed.end())
            continue;
        const QRect lane = t->drawList().layout.laneRect(i).toAlignedRect().translated(t->mapTo(scroll->viewport(), QPoint(0, 0)));
        if (!visible.contains(lane))
            out << QStringLiteral("%1 (%2,%3 %4x%5 in %7x%6 px)")
                       .arg(TimelineStyle::laneName(m, i))
                       .arg(lane.x()).arg(lane.y()).arg(lane.width()).arg(lane.height()).arg(visible.height()).arg(visible.width());
    }
    return out;
}

void TestLayout::place(QSize size, const QString& lang, AppTheme::Mode theme, bool large)
{
    MainWindow& w = *m_window;
    m_translator.setLanguage(lang);
    w.setTheme(theme);
    w.setLargeFonts(large);
    QScreen* screen = screenOf(size);
    QVERIFY(screen);
    w.setScreen(screen);
    w.setGeometry(screen->availableGeometry());
    w.fitDocks(); // as on a first start on this screen
    LayoutCheck::settle();
    QCOMPARE(w.screen(), screen);
}

void TestLayout::runLesson(int index)
{
    if (m_ranLesson == index)
        return;
    MainWindow& w = *m_window;
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    QSignalSpy failed(w.session(), &RunSession::runFailed);
    w.showLesson(index);
    w.lessonRunner()->runLesson(index);
    QVERIFY(w.session()->running());
    // In lesson mode the lesson and its quiz stay in view while the experiment runs.
    LayoutCheck::settle();
    QVERIFY(!w.lessonsPanel()->visibleRegion().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() + failed.count() > 0, 120'000);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->running(), 30'000);
    QVERIFY(!w.lessonsPanel()->visibleRegion().isEmpty());
    m_ranLesson = index;
}

void TestLayout::lessons_data()
{
    QTest::addColumn<int>("lesson");
    QTest::addColumn<QString>("lang");
    QTest::addColumn<bool>("large");
    QTest::addColumn<bool>("dark");
    // A projector's large text in both themes (a theme must not change what fits), normal text dark.
    for (int i = 0; i < 13; ++i)
        for (const char* lang : {"en", "tr"})
            for (bool large : {false, true})
                for (bool dark : {true, false})
                    if (dark || large)
                        QTest::addRow("lesson %d %s %s %s", i + 1, lang, large ? "large" : "normal", dark ? "dark" : "light")
                            << i << QString::fromLatin1(lang) << large << dark;
}

void TestLayout::lessons()
{
    QFETCH(int, lesson);
    QFETCH(QString, lang);
    QFETCH(bool, large);
    QFETCH(bool, dark);
    MainWindow& w = *m_window;
    QCOMPARE(w.lessonsPanel()->library().lessons().size(), 13);
    place(kScreens[0], lang, dark ? AppTheme::Mode::Dark : AppTheme::Mode::Light, large);
    w.showLesson(lesson);
    runLesson(lesson);
    const QRect screen = w.screen()->availableGeometry();
    LessonsPanel* panel = w.lessonsPanel();
    LayoutCheck::settle();
    // What the lesson points at is on screen: each framed lane inside the timeline's visible
    // viewport (the legend and the hint never push it below the fold), and the quiz whole
    // without scrolling, at its top.
    const QStringList lanes = offScreenFramedLanes();
    QVERIFY2(lanes.isEmpty(), qPrintable(QStringLiteral("framed lanes below the fold: ") + lanes.join(QStringLiteral(", "))));
    for (int q = 0; q < panel->quiz().size(); ++q) {
        panel->setCurrentQuestion(q);
        LayoutCheck::settle();
        QCOMPARE(quiz()->verticalScrollBar()->value(), 0); // each question opens at its top
        const int scrolls = quiz()->verticalScrollBar()->maximum();
        // Every question fits whole. With normal text in the application's own type (the lesson's
        // text scrolls instead); with Large fonts on 1280x720 there is no room for a long
        // question's four wrapped answers in 14 pt: there the quiz takes the whole panel and its
        // type shrinks, never below the normal text size.
        const double points = quiz()->widget()->font().pointSizeF();
        qInfo("question %d: %.1f pt, scrolls by %d px (quiz %d x %d)", q + 1, points, scrolls, quiz()->width(), quiz()->height());
        QVERIFY2(scrolls == 0, qPrintable(QStringLiteral("question %1 scrolls by %2 px in %3 pt").arg(q + 1).arg(scrolls).arg(points)));
        QVERIFY(points >= AppTheme::kNormalPointSize);
        if (!large)
            QCOMPARE(points, AppTheme::kNormalPointSize);
    }
    panel->setCurrentQuestion(0);
    LayoutCheck::settle();
    // Every question of the lesson's quiz, answered wrongly (its why) and then rightly (every
    // answer's why and the explanation).
    for (int q = 0; q < panel->quiz().size(); ++q) {
        panel->setCurrentQuestion(q);
        const int right = panel->quiz()[q].answer;
        panel->answer(right == 0 ? 1 : 0);
        LayoutCheck::settle();
        QStringList problems = LayoutCheck::problems(&w, screen);
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("wrong answer, question %1:\n").arg(q + 1) + report(problems)));
        panel->answer(right);
        LayoutCheck::settle();
        problems = LayoutCheck::problems(&w, screen);
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("right answer, question %1:\n").arg(q + 1) + report(problems)));
        QVERIFY(w.frameGeometry().height() <= screen.height());
        // Pictures for the eye (LOADERSCOPE_TEST_SHOTS=folder): each lesson's first question answered.
        if (const QString shots = qEnvironmentVariable("LOADERSCOPE_TEST_SHOTS"); !shots.isEmpty() && q == 0)
            w.grab().save(QStringLiteral("%1/lesson-%2-%3-%4.png").arg(shots).arg(lesson + 1).arg(lang, (large ? QStringLiteral("large") : QStringLiteral("normal")) + (dark ? QString() : QStringLiteral("-light"))));
    }
}

void TestLayout::quizTypeComesBack()
{
    // The quiz shrinks its type only while it must: lesson 5's imported question needs it on a
    // 1280x720 projector with Large fonts, not on 1920x1080, where it is 14 pt again; a question
    // that fits keeps the application's type.
    MainWindow& w = *m_window;
    LessonsPanel* panel = w.lessonsPanel();
    place(kScreens[0], QStringLiteral("en"), AppTheme::Mode::Dark, true);
    w.showLesson(4);
    runLesson(4);
    panel->setCurrentQuestion(panel->quiz().size() - 1);
    LayoutCheck::settle();
    QVERIFY(panel->quiz().last().imported);
    const double small = quiz()->widget()->font().pointSizeF();
    QVERIFY2(small < AppTheme::kLargePointSize, qPrintable(QString::number(small)));
    QCOMPARE(quiz()->verticalScrollBar()->maximum(), 0);
    // Answered, the type stays (the class keeps reading the same question) and the verdict is in view.
    panel->answer(panel->quiz().last().answer);
    LayoutCheck::settle();
    QCOMPARE(quiz()->widget()->font().pointSizeF(), small);
    QVERIFY(!panel->resultText().isEmpty());
    QScrollArea* area = quiz();
    const QLabel* verdict = nullptr;
    for (const QLabel* l : area->widget()->findChildren<QLabel*>())
        if (l->isVisible() && QTextDocumentFragment::fromHtml(l->text()).toPlainText() == panel->resultText())
            verdict = l;
    QVERIFY(verdict);
    const QRect seen = QRect(verdict->mapTo(area->viewport(), QPoint(0, 0)), verdict->size()).intersected(area->viewport()->rect());
    QVERIFY2(seen.height() >= std::min(verdict->height(), area->viewport()->height()) - 1, "the verdict is scrolled into view");
    place(kScreens[2], QStringLiteral("en"), AppTheme::Mode::Dark, true);
    panel->setCurrentQuestion(panel->quiz().size() - 1);
    LayoutCheck::settle();
    QCOMPARE(quiz()->widget()->font().pointSizeF(), AppTheme::kLargePointSize);
    QCOMPARE(quiz()->verticalScrollBar()->maximum(), 0);
}

void TestLayout::lessonOpenedFromTheForm()
{
    // A projector's first lesson, chosen while the form is shown (the dock as wide as the form
    // with Large fonts, 688 px on 1280x720): the dock narrows to the lesson's width, so the
    // framed lanes are in view. It kept the form's width when resized before the form's minimum
    // width had gone (the lanes 400 px wide in a 344 px view).
    MainWindow& w = *m_window;
    QTabWidget* tabs = nullptr;
    for (QTabWidget* t : w.findChildren<QTabWidget*>())
        if (t->count() == 2 && t->widget(1) == w.lessonsPanel())
            tabs = t;
    QVERIFY(tabs);
    tabs->setCurrentIndex(0);
    place(kScreens[0], QStringLiteral("tr"), AppTheme::Mode::Dark, true); // the dock fitted to the form
    w.showLesson(8);
    runLesson(8);
    LayoutCheck::settle();
    QCOMPARE(tabs->currentIndex(), 1);
    const QStringList lanes = offScreenFramedLanes();
    QVERIFY2(lanes.isEmpty(), qPrintable(QStringLiteral("framed lanes out of view: ") + lanes.join(QStringLiteral(", "))));
}

void TestLayout::mainWindow_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("lang");
    QTest::addColumn<bool>("dark");
    for (QSize s : {kScreens[1], kScreens[2]})
        for (const char* lang : {"en", "tr"})
            for (bool dark : {false, true})
                QTest::addRow("%dx%d %s %s", s.width(), s.height(), lang, dark ? "dark" : "light") << s << QString::fromLatin1(lang) << dark;
}

void TestLayout::mainWindow()
{
    QFETCH(QSize, size);
    QFETCH(QString, lang);
    QFETCH(bool, dark);
    MainWindow& w = *m_window;
    runLesson(12); // copy-on-read: workers, the memory chart and its legend
    place(size, lang, dark ? AppTheme::Mode::Dark : AppTheme::Mode::Light, false);
    leftTabs()->setCurrentIndex(0); // the configuration
    // A measured range centred on a tick label: the badge must not be drawn over it.
    TimelineView* t = w.timeline();
    t->zoomToFit();
    LayoutCheck::settle();
    const auto ticks = TimelineRenderer::tickLabels(t->drawList(), t->theme());
    // Two labels at least, the second one's middle to measure on (Turkish forms and worker tables
    // beside a lesson's hint leave the timeline some 550 px at 1920: two labels there).
    QVERIFY2(ticks.size() >= 2, qPrintable(QStringLiteral("%1 tick labels on a timeline %2 px wide in a window %3 px wide")
                                              .arg(ticks.size()).arg(t->width()).arg(w.width())));
    const double x = ticks[1].first.center().x();
    const TimeMapper& map = t->drawList().map;
    t->setMeasuredRange(std::make_pair(map.t(x - 15), map.t(x + 15)));
    LayoutCheck::settle();
    const QStringList problems = LayoutCheck::problems(&w, w.screen()->availableGeometry());
    t->setMeasuredRange(std::nullopt);
    QVERIFY2(problems.isEmpty(), qPrintable(report(problems)));
}

void TestLayout::checkerFails_data()
{
    QTest::addColumn<QString>("defect");
    QTest::addColumn<QString>("expected");
    QTest::addRow("quiz answer forced to one line") << QStringLiteral("oneLine") << QStringLiteral("cut: QLabel");
    QTest::addRow("quiz answer unwrapped") << QStringLiteral("unwrapped") << QStringLiteral("quizScroll");
    QTest::addRow("window past the screen's edge") << QStringLiteral("offScreen") << QStringLiteral("outside the screen");
    QTest::addRow("Qt Charts legend") << QStringLiteral("chartLegend") << QStringLiteral("elided: the legend");
}

void TestLayout::checkerFails()
{
    QFETCH(QString, defect);
    QFETCH(QString, expected);
    MainWindow& w = *m_window;
    runLesson(12);
    place(kScreens[0], QStringLiteral("tr"), AppTheme::Mode::Dark, true);
    w.showLesson(12);
    LessonsPanel* panel = w.lessonsPanel();
    panel->setCurrentQuestion(0);
    panel->answer(panel->quiz()[0].answer);
    LayoutCheck::settle();
    const QRect screen = w.screen()->availableGeometry();
    QVERIFY2(LayoutCheck::problems(&w, screen).isEmpty(), qPrintable(report(LayoutCheck::problems(&w, screen))));
    // The first answer's label (after the question): the defect is applied, then undone.
    QLabel* answer = nullptr;
    for (QLabel* l : quiz()->widget()->findChildren<QLabel*>())
        if (l->isVisible() && l->text() == panel->quiz()[0].options.value(0))
            answer = l;
    QVERIFY(answer);
    std::function<void()> undo;
    if (defect == QLatin1String("oneLine")) {
        answer->setFixedHeight(answer->fontMetrics().height());
        undo = [answer] {
            answer->setMinimumHeight(0);
            answer->setMaximumHeight(QWIDGETSIZE_MAX);
        };
    } else if (defect == QLatin1String("unwrapped")) {
        answer->setWordWrap(false);
        undo = [answer] { answer->setWordWrap(true); };
    } else if (defect == QLatin1String("offScreen")) {
        const QRect before = w.geometry();
        w.move(w.x() + 100, w.y());
        undo = [&w, before] { w.setGeometry(before); };
    } else if (defect == QLatin1String("chartLegend")) {
        QVERIFY(w.charts()->memory()->isVisible());
        w.charts()->memory()->chart()->legend()->show();
        w.charts()->memory()->resize(200, w.charts()->memory()->height());
        undo = [&w] { w.charts()->memory()->chart()->legend()->hide(); };
    }
    LayoutCheck::settle();
    const QStringList problems = LayoutCheck::problems(&w, screen);
    undo();
    LayoutCheck::settle();
    QVERIFY2(!problems.isEmpty(), "the checker did not see the defect");
    QVERIFY2(problems.join(QLatin1Char('\n')).contains(expected), qPrintable(report(problems)));
    QVERIFY2(LayoutCheck::problems(&w, screen).isEmpty(), qPrintable(report(LayoutCheck::problems(&w, screen))));
}

void TestLayout::strayToolbarExtensionGoes()
{
    // Qt 6.4 can leave a toolbar's "»" explicitly hidden yet drawn (MainActions' settleExtension):
    // that state, planted on the preset bar at a size where its items fit, is gone once the bar
    // is laid out again.
    MainWindow& w = *m_window;
    place(kScreens[2], QStringLiteral("en"), AppTheme::Mode::Light, false);
    auto* bar = w.findChild<QToolBar*>(QStringLiteral("presetToolbar"));
    QVERIFY(bar);
    auto* more = bar->findChild<QToolButton*>(QStringLiteral("qt_toolbar_ext_button"));
    QVERIFY(more);
    QVERIFY(!more->isVisible());
    more->show();
    QVERIFY(more->isVisible());
    more->setAttribute(Qt::WA_WState_Hidden, true);
    QVERIFY(more->isHidden() && more->isVisible()); // the stray state
    QCoreApplication::postEvent(bar, new QEvent(QEvent::LayoutRequest));
    LayoutCheck::settle();
    QVERIFY(!more->isVisible());
    const QRect screen = w.screen()->availableGeometry();
    QVERIFY2(LayoutCheck::problems(&w, screen).isEmpty(), qPrintable(report(LayoutCheck::problems(&w, screen))));
}

void TestLayout::windowNeverOutgrowsTheScreen()
{
    // Whatever asks for more (a wrapped status line, a three-line answer, a resize), the window
    // comes back inside its screen (it grew to 1280x745 after an answer).
    MainWindow& w = *m_window;
    place(kScreens[0], QStringLiteral("tr"), AppTheme::Mode::Dark, true);
    const QRect screen = w.screen()->availableGeometry();
    w.resize(w.width(), screen.height() + 25);
    LayoutCheck::settle();
    QVERIFY2(screen.contains(w.frameGeometry()), qPrintable(QStringLiteral("%1x%2").arg(w.width()).arg(w.height())));
}

void TestLayout::classQuiz_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("tr") << QStringLiteral("tr");
}

void TestLayout::classQuiz()
{
    // The class quiz on a 1280x720 projector: every question at each step (question, answer,
    // explanation), nothing cut.
    QFETCH(QString, lang);
    MainWindow& w = *m_window;
    place(kScreens[0], lang, AppTheme::Mode::Dark, true);
    ClassQuiz quiz(w.lessonsPanel()->library().lessons(), {});
    quiz.setScreen(w.screen());
    quiz.setGeometry(w.screen()->availableGeometry());
    quiz.show();
    QVERIFY(QTest::qWaitForWindowExposed(&quiz));
    for (int q = 0; q < quiz.count(); ++q) {
        quiz.setCurrent(q);
        for (int step = 0; step < 3; ++step) {
            LayoutCheck::settle();
            const QStringList problems = LayoutCheck::problems(&quiz, w.screen()->availableGeometry());
            QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("question %1, step %2:\n").arg(q + 1).arg(step) + report(problems)));
            if (const QString shots = qEnvironmentVariable("LOADERSCOPE_TEST_SHOTS"); !shots.isEmpty() && q < 3 && step == 2)
                quiz.grab().save(QStringLiteral("%1/class-quiz-%2-q%3.png").arg(shots, lang).arg(q + 1));
            if (step < 2)
                quiz.advance();
        }
    }
}

void TestLayout::dialogsFitTheScreen_data()
{
    QTest::addColumn<QString>("dialog");
    QTest::addRow("compare") << QStringLiteral("compare");
    QTest::addRow("sweep") << QStringLiteral("sweep");
}

void TestLayout::dialogsFitTheScreen()
{
    // Each opens larger than a 1280x720 screen would hold (Compare at 1300x800, the sweep at
    // 900x760): it must open inside it.
    QFETCH(QString, dialog);
    MainWindow& w = *m_window;
    place(kScreens[0], QStringLiteral("tr"), AppTheme::Mode::Dark, true);
    const QWidgetList before = QApplication::topLevelWidgets();
    if (dialog == QLatin1String("compare"))
        w.openCompare(true);
    else
        w.openSweep();
    QWidget* opened = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT([&] {
        for (QWidget* t : QApplication::topLevelWidgets())
            if (!before.contains(t) && t->isVisible() && t->isWindow() && t->windowType() != Qt::ToolTip)
                opened = t;
        return opened != nullptr;
    }(), 10'000);
    LayoutCheck::settle();
    const QRect screen = w.screen()->availableGeometry();
    const QRect g = opened->frameGeometry();
    opened->close();
    QVERIFY2(screen.contains(g), qPrintable(QStringLiteral("%1 at %2,%3 %4x%5").arg(dialog).arg(g.x()).arg(g.y()).arg(g.width()).arg(g.height())));
}

int main(int argc, char** argv)
{
    // Three screens side by side for the offscreen platform, without window frames (the frame is
    // the window system's; what the app lays out is inside it).
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    {
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        QByteArray screens;
        int x = 0;
        for (QSize s : kScreens) {
            screens += QStringLiteral("%1{\"name\": \"s%2\", \"x\": %3, \"y\": 0, \"width\": %4, \"height\": %5, \"logicalDpi\": 96, "
                                      "\"logicalBaseDpi\": 96, \"dpr\": 1}")
                           .arg(screens.isEmpty() ? QString() : QStringLiteral(", "))
                           .arg(x)
                           .arg(x)
                           .arg(s.width())
                           .arg(s.height())
                           .toUtf8();
            x += s.width();
        }
        f.write("{\"windowFrameMargins\": false, \"screens\": [" + screens + "]}");
    }
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    QApplication app(argc, argv);
    TestLayout test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_layout.moc"
