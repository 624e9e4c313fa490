// SPDX-License-Identifier: MIT
#include "mainwindow.h"

#include "runs/analysiswindows.h"
#include "jobs/jobdialogs.h"
#include "config/configpanel.h"
#include "common/model/appsettings.h"
#include "config/model/presets.h"
#include "timeline/model/rangesummary.h"
#include "sources/model/remotereader.h"
#include "runs/model/runhistory.h"
#include "common/model/summarytext.h"
#include "timeline/model/timelinefind.h"
#include "common/model/translator.h"
#include "app/detailspanel.h"
#include "app/statusline.h"
#include "app/docklayout.h"
#include "app/fileactions.h"
#include "jobs/jobwatch.h"
#include "jobs/stackrequests.h"
#include "timeline/draw/stacktext.h"
#include "workshop/lessonhint.h"
#include "workshop/lessonrunner.h"
#include "workshop/lessonspanel.h"
#include "app/mainactions.h"
#include "advice/proveit.h"
#include "app/screenfit.h"
#include "workshop/questionbankactions.h"
#include "timeline/chartspane.h"
#include "app/shortcutsdialog.h"
#include "advice/summarypanel.h"
#include "timeline/findbar.h"
#include "runs/sweepdialog.h"
#include "timeline/timelineview.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QGuiApplication>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QStatusBar>

namespace {
constexpr int kChartHeight = 150; ///< the queue chart's first height; the timeline is the hero
constexpr int kPictureSlowSamples = 20; ///< rows of a picture's slowest-samples table (the summary's default N)
} // namespace

MainWindow::MainWindow(Translator* translator, QWidget* parent) : QMainWindow(parent), m_translator(translator)
{
    setObjectName(QStringLiteral("MainWindow"));
    ScreenFit::install(); // this window and every dialog fit the screen they open on
    buildLayout();
    m_a = new MainActions(this);
    m_lessons->placeSlowMotion(m_a->slowLabel, m_a->slowMotion);
    createFlows();
    wireActions();
    wireSession();
    m_liveTimer.setInterval(250); // the summary follows the run 4 times a second
    connect(&m_liveTimer, &QTimer::timeout, this, &MainWindow::refreshLive);
    m_liveTimer.start();
    restoreSettings();
    // What killed runs left in the history (a temporary recording can be gigabytes), and its
    // bounds, cleaned off the GUI thread.
    m_session.jobs()->start(QStringLiteral("history prune"), [](JobTracker::Progress&) {
        RunHistory().prune();
        RemoteSaves::prune(); // what failed remotes left, and the saved streams' bounds
    }, {});
    retranslate();
    updateRunState();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildLayout()
{
    m_timeline = new TimelineView(this);
    m_timeline->setModel(m_session.model());
    m_charts = new ChartsPane(m_session.model(), m_timeline->controller(), this);
    m_timelineScroll = new QScrollArea(this);
    m_timelineScroll->setWidget(m_timeline);
    m_timelineScroll->setWidgetResizable(true);
    m_timelineScroll->setFrameShape(QFrame::NoFrame);
    m_timelineScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_timeline->fitLegendTo(m_timelineScroll->viewport());
    connect(m_timeline, &TimelineView::roomChanged, this, &MainWindow::keepFramedLanesInView, Qt::QueuedConnection);
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->setObjectName(QStringLiteral("centralSplit"));
    m_split->addWidget(m_timelineScroll);
    // The charts scroll (vertically) when the centre is too short for them and their wrapped
    // legends (a projector's large text), instead of being squeezed over each other.
    m_chartsScroll = new QScrollArea(this);
    m_chartsScroll->setWidget(m_charts);
    m_chartsScroll->setWidgetResizable(true);
    m_chartsScroll->setFrameShape(QFrame::NoFrame);
    m_chartsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_split->addWidget(m_chartsScroll);
    m_split->setStretchFactor(0, 1); // the timeline takes what the window gains
    m_split->setStretchFactor(1, 0);
    m_split->setChildrenCollapsible(false);
    // Above the timeline the find bar (Ctrl+F); beside it the lesson's "Look: …", wrapped in its
    // own column, so the lanes it points at stay at the top of a short screen.
    m_hint = new LessonHint(this);
    m_timeline->setCaptionShownOutside(true);
    auto* central = new QWidget(this);
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    m_findBar = new FindBar(this);
    m_findBar->hide();
    connect(m_findBar, &FindBar::findRequested, this, [this](const QString& q, int occurrence) { find(q, occurrence); });
    column->addWidget(m_findBar);
    auto* row = new QHBoxLayout;
    row->setSpacing(4);
    row->addWidget(m_split, 1);
    row->addWidget(m_hint);
    column->addLayout(row, 1);
    setCentralWidget(central);
    m_hint->fitBeside(central);
    m_chartsScroll->hide(); // until the run has counters

    m_config = new ConfigPanel(this);
    m_lessons = new LessonsPanel(this);
    m_summary = new SummaryPanel(this);
    m_details = new DetailsPanel(this);
    m_docks = new DockLayout(this, m_config, m_lessons, m_summary, m_details);

    m_statusLine = new StatusLine(statusBar());
    resize(1500, 900);
}

void MainWindow::wireActions()
{
    wireFileActions();
    wireViewActions();
    wireTimeline();
}

void MainWindow::wireFileActions()
{
    MainActions& a = *m_a;
    connect(a.run, &QAction::triggered, this, &MainWindow::run);
    connect(a.stop, &QAction::triggered, this, &MainWindow::stop);
    connect(a.open, &QAction::triggered, m_files, &FileActions::askOpenConfig);
    connect(a.save, &QAction::triggered, m_files, &FileActions::askSaveConfig);
    connect(a.exportPicture, &QAction::triggered, m_files, &FileActions::askExportPicture);
    connect(a.exportTrace, &QAction::triggered, m_files, &FileActions::askExportChromeTrace);
    connect(a.openProfile, &QAction::triggered, m_files, &FileActions::askOpenProfilerTraces);
    connect(a.openRecording, &QAction::triggered, m_files, &FileActions::askOpenRecordings);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.watchScript, &QAction::triggered, this, [this] {
        WatchScriptDialog d(this);
        if (d.exec() == QDialog::Accepted)
            if (const auto launch = d.launch())
                m_jobWatch->watchScript(*launch);
    });
    connect(a.attachJob, &QAction::triggered, m_jobWatch, &JobWatch::attachToJob);
    connect(a.sweep, &QAction::triggered, this, &MainWindow::openSweep);
    connect(a.compare, &QAction::triggered, this, [this] { openCompare(false); });
    connect(a.statistics, &QAction::triggered, this, &MainWindow::openStatistics);
    connect(a.classQuiz, &QAction::triggered, m_questionBank, &QuestionBankActions::openClassQuiz);
    connect(a.importQuestions, &QAction::triggered, m_questionBank, &QuestionBankActions::askImport);
    connect(a.exportQuestions, &QAction::triggered, m_questionBank, &QuestionBankActions::askExport);
    connect(a.clearQuestions, &QAction::triggered, m_questionBank, &QuestionBankActions::askClear);
    connect(a.presets, &QComboBox::activated, this, [this](int i) {
        const QString name = m_a->presets->itemData(i).toString();
        if (!name.isEmpty())
            loadPreset(name);
    });
}

void MainWindow::wireViewActions()
{
    MainActions& a = *m_a;
    connect(a.fit, &QAction::triggered, m_timeline, &TimelineView::zoomToFit);
    connect(a.follow, &QAction::toggled, m_timeline, &TimelineView::setFollowing);
    connect(m_timeline, &TimelineView::followingChanged, a.follow, &QAction::setChecked);
    connect(a.zoomIn, &QAction::triggered, this, [this] { m_timeline->zoomAtCursor(1.5); });
    connect(a.zoomOut, &QAction::triggered, this, [this] { m_timeline->zoomAtCursor(1 / 1.5); });
    connect(a.find, &QAction::triggered, m_findBar, &FindBar::open);
    connect(a.themeSystem, &QAction::triggered, this, [this] { setTheme(AppTheme::Mode::System); });
    connect(a.themeLight, &QAction::triggered, this, [this] { setTheme(AppTheme::Mode::Light); });
    connect(a.themeDark, &QAction::triggered, this, [this] { setTheme(AppTheme::Mode::Dark); });
    connect(a.largeFonts, &QAction::toggled, this, &MainWindow::setLargeFonts);
    connect(a.stepChart, &QAction::toggled, this, [this](bool on) {
        m_charts->setStepsWanted(on);
        m_chartsSizedFor = 0; // one more chart: sized again
        updateChartVisibility();
    });
    // A picture holds what the window shows: the step chart when it is on; the slowest samples
    // when File ▸ Pictures add the slowest samples is.
    const auto extras = [this] {
        m_files->setPictureExtras(m_a->stepChart->isChecked(), m_a->pictureSlowSamples->isChecked() ? kPictureSlowSamples : 0);
    };
    connect(a.stepChart, &QAction::toggled, this, extras);
    connect(a.pictureSlowSamples, &QAction::toggled, this, extras);
    connect(a.langEn, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("en")); });
    connect(a.langTr, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("tr")); });
    connect(a.shortcuts, &QAction::triggered, this, [this] {
        auto* d = new ShortcutsDialog(this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->show();
    });
    connect(a.about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Loaderscope"),
                           tr("<p><b>Loaderscope</b> %1</p><p>A real PyTorch-style DataLoader worker pool and its live timeline: "
                              "worker processes, shared-memory batch slots, the pin-memory thread and host-to-device copies.</p>")
                               .arg(QStringLiteral(LOADERSCOPE_VERSION)));
    });
}

void MainWindow::wireTimeline()
{
    // The timeline's selection and measured range, described in the details pane.
    connect(m_timeline, &TimelineView::selectionChanged, this, [this](const std::optional<TimelineHit>& hit) {
        m_details->showDetails(hit ? m_timeline->describe(*hit) : QString());
        if (hit)
            m_docks->raiseDetails();
    });
    // Python stacks (issue 49): a mark's text, and Show stacks' answers, in the details pane.
    m_stackRequests = new StackRequests(&m_session, this);
    connect(m_timeline, &TimelineView::stackSelected, this, [this](const loaderscope::ThreadStack& s) {
        m_details->showDetails(StackText::html(*m_session.model(), s, true));
        m_docks->raiseDetails();
    });
    connect(m_timeline, &TimelineView::stacksRequested, m_stackRequests, &StackRequests::ask);
    connect(m_a->showStacks, &QAction::triggered, m_stackRequests, &StackRequests::ask);
    connect(m_stackRequests, &StackRequests::answered, this, [this](const QString& html) {
        m_details->showDetails(html);
        m_docks->raiseDetails();
    });
    connect(m_stackRequests, &StackRequests::message, this, [this](const QString& text) { setMessage([text] { return text; }); });
    connect(&m_session, &RunSession::liveUpdate, this, [this] {
        const bool can = m_stackRequests->available();
        m_a->showStacks->setEnabled(can);
        m_timeline->setStacksAvailable(can);
    });
    connect(m_timeline, &TimelineView::rangeMeasured, this, [this](std::optional<std::pair<qint64, qint64>> range) {
        if (!range) {
            m_details->showDetails({});
            return;
        }
        m_details->showDetails(describeRange(*m_session.model(), range->first, range->second));
        m_docks->raiseDetails();
        if (!m_session.model()->covered(range->first, range->second))
            m_session.readBackDetail(range->first, range->second);
    });
    connect(m_summary, &SummaryPanel::proveRequested, this, [this] { m_proveIt->start(m_config->configJson(), m_session.running()); });
    connect(m_summary, &SummaryPanel::modelRequested, m_jobWatch, &JobWatch::modelJob);
    connect(m_summary, &SummaryPanel::applyAdvice, this, [this](const loaderscope::Advice& adv) { applyKnob(adv.knob, adv.suggest); });
    connect(m_config, &ConfigPanel::validityChanged, this, &MainWindow::updateRunState);
    connect(m_config, &ConfigPanel::configChanged, this, [this] { m_summary->configEdited(m_config->config()); });
    // Older detail of a long run is read back from its recording when the view needs it.
    m_readBack.setSingleShot(true);
    m_readBack.setInterval(150);
    connect(&m_readBack, &QTimer::timeout, this, &MainWindow::readBackForView);
    connect(m_timeline->controller(), &ViewportController::viewportChanged, this, [this] { m_readBack.start(); });
}

void MainWindow::setMessage(std::function<QString()> message, const QString& details)
{
    m_statusLine->setMessage(std::move(message), details);
    updateRunState();
}

QString MainWindow::statusText() const
{
    return m_statusLine->text();
}

void MainWindow::sizeChart()
{
    // 150 px a chart at normal text, taller with large text (its axis labels and legend grow too),
    // never more than a third of the centre for one chart, 40 % for two: the timeline is the hero.
    const int total = std::max(300, m_split->height());
    const int n = std::max(1, m_charts->shownCharts());
    const int chartH = std::min(int(n * kChartHeight * m_timeline->theme().fontScale), n == 1 ? total / 3 : total * 40 / 100);
    m_split->setSizes({total - chartH, chartH});
    m_chartsSizedFor = n;
    keepFramedLanesInView();
}

void MainWindow::updateChartVisibility()
{
    // Each chart only when the run has its counters (an imported trace has none).
    if (m_charts->updateVisibility()) {
        const bool any = m_charts->shownCharts() > 0;
        m_chartsScroll->setVisible(any);
        // Sized once for each number of charts: a split the user dragged stays from run to run.
        if (any && m_charts->shownCharts() > m_chartsSizedFor)
            sizeChart();
    }
    keepFramedLanesInView(); // the lanes grow as workers start
}

void MainWindow::keepFramedLanesInView()
{
    // A lesson's framed lanes come first on a short screen: where the lanes do not fit above the
    // charts, the charts give up height, down to half their first height (they scroll).
    if (m_timeline->overlay().lanes.empty() || !m_chartsScroll->isVisible())
        return;
    const QList<int> sizes = m_split->sizes();
    const int need = m_timeline->sizeHint().height();
    if (sizes.size() != 2 || need <= sizes[0])
        return;
    const int total = sizes[0] + sizes[1];
    const int least = int(kChartHeight / 2 * m_timeline->theme().fontScale);
    const int chart = std::max(least, total - need);
    if (chart < sizes[1])
        m_split->setSizes({total - chart, chart});
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("Loaderscope — DataLoader timeline"));
    m_a->retranslate();
    m_docks->retranslate();
    const QString current = m_a->presets->currentData().toString();
    m_a->presets->clear();
    m_a->presets->addItem(tr("(choose a preset)"), QString());
    for (const QString& name : Presets::names())
        m_a->presets->addItem(Presets::title(name), name);
    m_a->presets->setCurrentIndex(std::max(0, m_a->presets->findData(current)));
    m_a->fitPresetBox();
    m_a->langEn->setChecked(m_translator && m_translator->language() == QLatin1String("en"));
    m_a->langTr->setChecked(m_translator && m_translator->language() == QLatin1String("tr"));
    // What is shown was formatted in the previous language: format it again.
    if (m_summary->summary().figures.seconds > 0 || !m_summary->summary().verdict.empty())
        m_summary->showSummary(m_summary->summary(), !m_session.running(), m_summary->slowMotion());
    m_charts->refresh(m_timeline->viewport()); // the series' names and the axis titles
    if (!m_timeline->overlay().empty() && !m_lessonRunner->overlay().empty())
        showOverlay(lessonOverlayShown()); // the hint and the badge in the new language
    updateRunState();
}

void MainWindow::loadPreset(const QString& name)
{
    const QJsonDocument doc = QJsonDocument::fromJson(Presets::json(name));
    if (doc.isObject())
        m_config->setConfig(doc.object());
    m_lessonRunner->forgetLesson(); // a preset chosen by hand: no lesson to point at
    m_a->presets->setCurrentIndex(std::max(0, m_a->presets->findData(name)));
}

double MainWindow::slowMotion() const
{
    return m_a->slowMotion->value();
}

void MainWindow::setSlowMotion(int factor)
{
    m_a->slowMotion->setValue(factor);
}

void MainWindow::showLesson(int index)
{
    m_docks->showLessons();
    m_lessons->setCurrentLesson(index);
}

void MainWindow::prepareRunEntry()
{
    // The engine (or the probe) writes its recording straight into the run's history entry (on
    // disk, not in a temporary folder in memory: an hour-long run's recording is large).
    m_runEntry = RunHistory().prepareEntry();
    m_session.setNextRecordingPath(m_runEntry.isEmpty() ? QString() : m_runEntry + QStringLiteral("/events.lsrec"));
}

void MainWindow::createFlows()
{
    m_lessonRunner = new LessonRunner(
        &m_lessons->library(),
        {[this](const QString& preset) { loadPreset(preset); },
         [this](const QString& key, const QJsonValue& value) { m_config->setValue(key, value); }, [this] { run(); },
         [this] { stop(); },
         [this](const QString& headline) {
             AnalysisWindows::openCompare(this, m_session.jobs(), AnalysisWindows::CompareRuns::LastAndPrevious, headline);
         }},
        this);
    connect(m_lessonRunner, &LessonRunner::showMeChanged, this, [this] {
        const int lesson = m_lessonRunner->statusLesson();
        m_lessons->setShowMeStatus(lesson, [runner = m_lessonRunner] { return runner->statusText(); },
                                   m_lessonRunner->showMeRunning());
        if (!m_lessonRunner->statusText().isEmpty())
            setMessage([runner = m_lessonRunner] { return runner->statusLine(); }); // progress, verdict, or why it stopped
    });
    connect(m_lessons, &LessonsPanel::cancelShowMe, m_lessonRunner, &LessonRunner::cancelShowMe);
    connect(m_lessons, &LessonsPanel::runExperiment, m_lessonRunner, &LessonRunner::runLesson);
    connect(m_lessons, &LessonsPanel::showMe, this, [this](int index) { m_lessonRunner->showMe(index, m_session.running()); });
    m_questionBank = new QuestionBankActions(m_lessons, this, [this](const QString& text) { m_statusLine->show(text); });
    connect(m_questionBank, &QuestionBankActions::showMe, this, [this](int index) {
        showLesson(index);
        m_lessonRunner->showMe(index, m_session.running());
    });
    m_jobWatch = new JobWatch(&m_session, m_summary, this,
                              {[this](bool record) {
                                   m_lessonRunner->forgetLesson();
                                   showOverlay({});
                                   m_runSlowMotion = 1; // a real job runs at its own speed
                                   if (record)
                                       prepareRunEntry();
                               },
                               [this](const QJsonObject& config) {
                                   m_config->setConfig(config);
                                   m_a->presets->setCurrentIndex(0);
                                   m_lessonRunner->forgetLesson();
                                   m_a->slowMotion->setValue(1);
                                   run();
                               },
                               [this](const QString& path) { m_files->openRecordings({path}); },
                               [this](std::function<QString()> message) { setMessage(std::move(message)); }});
    m_jobWatch->showJobIn(m_config);
    m_proveIt = new ProveIt(m_summary,
                            {[this](std::function<QString()> message) { setMessage(std::move(message)); },
                             [this](const QString& text) { m_statusLine->show(text); }},
                            this);
    m_files = new FileActions(m_config, m_summary, m_timeline, &m_session, this,
                              {[this](std::function<QString()> message) { setMessage(std::move(message)); },
                               [this](const QString& text) { m_statusLine->show(text); },
                               [this] { m_a->presets->setCurrentIndex(0); },
                               [this] {
                                   showOverlay({});
                                   m_docks->raiseSummary(); // the verdict, where the configuration hid it
                               },
                               [this](const QString& program) { m_jobWatch->showRecording(program); }});
}

TimelineOverlay MainWindow::lessonOverlayShown() const
{
    TimelineOverlay overlay = m_lessonRunner->overlay();
    if (m_runSlowMotion > 1)
        overlay.badge = tr("slowed ×%1 (the slowed run's figures)").arg(m_runSlowMotion);
    return overlay;
}

void MainWindow::showOverlay(const TimelineOverlay& overlay)
{
    m_timeline->setOverlay(overlay);
    m_charts->setMemoryHighlighted(overlay.memoryChart);
    m_hint->setCaption(overlay.caption);
    keepFramedLanesInView();
}

void MainWindow::setLanguage(const QString& language)
{
    if (m_translator)
        m_translator->setLanguage(language);
    AppSettings::setLanguage(language);
}

void MainWindow::setTheme(AppTheme::Mode mode)
{
    m_themeMode = mode;
    const TimelineTheme theme = AppTheme::apply(mode, m_largeFonts);
    m_timeline->setTheme(theme);
    m_charts->setTheme(theme);
    m_a->themeSystem->setChecked(mode == AppTheme::Mode::System);
    m_a->themeLight->setChecked(mode == AppTheme::Mode::Light);
    m_a->themeDark->setChecked(mode == AppTheme::Mode::Dark);
}

void MainWindow::setLargeFonts(bool on)
{
    m_largeFonts = on;
    m_a->largeFonts->setChecked(on);
    setTheme(m_themeMode);
    fitDocks();
    sizeChart();
}

void MainWindow::fitDocks()
{
    m_docks->fit(m_largeFonts);
}

bool MainWindow::find(const QString& query, int occurrence)
{
    const FindResult r = findInTimeline(*m_session.model(), query, occurrence);
    m_findBar->setResult(r.what, r.found);
    if (!r.found)
        return false;
    const qint64 margin = std::max<qint64>((r.t1 - r.t0) / 4, 10'000);
    m_timeline->controller()->setUserViewport({std::max<qint64>(0, r.t0 - margin), r.t1 + margin});
    m_timeline->setHighlightedBatch(r.batch);
    if (r.lane >= 0)
        m_timelineScroll->ensureVisible(0, int(m_timeline->laneCenterY(r.lane)));
    // The found batch told in full, where a clicked span is told.
    m_details->showDetails(describeBatch(*m_session.model(), r.batch));
    m_docks->raiseDetails();
    return true;
}

void MainWindow::restoreSettings()
{
    const AppSettings saved = AppSettings::load();
    if (!restoreGeometry(saved.geometry)) {
        // First start: most of the screen (a projector shows the whole window).
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            resize(screen->availableGeometry().size() * 0.92);
    }
    const bool docksRestored = restoreState(saved.windowState);
    if (m_split->restoreState(saved.centralSplit))
        m_chartsSizedFor = 1; // the user's split, for one chart
    if (!saved.config.isEmpty())
        m_config->setConfig(saved.config);
    m_a->slowMotion->setValue(saved.slowMotion);
    m_largeFonts = saved.largeFonts;
    m_a->largeFonts->setChecked(m_largeFonts);
    setTheme(AppTheme::modeFromName(saved.theme)); // first start: as the desktop (light or dark)
    if (!docksRestored)
        fitDocks(); // first start: for this screen and this text size
}

void MainWindow::saveSettings()
{
    AppSettings s;
    s.geometry = saveGeometry();
    s.windowState = saveState();
    s.centralSplit = m_split->saveState();
    s.config = m_config->config();
    s.theme = AppTheme::modeName(m_themeMode);
    s.largeFonts = m_largeFonts;
    s.slowMotion = m_a->slowMotion->value();
    s.save();
}

void MainWindow::closeEvent(QCloseEvent* e)
{
    saveSettings();
    m_session.stop();
    e->accept();
}

void MainWindow::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(e);
}

void MainWindow::openProfilerTraces(const QStringList& paths)
{
    m_files->openProfilerTraces(paths);
}

void MainWindow::openSweep()
{
    auto* dialog = new SweepDialog(m_config->configJson(), EngineLauncher::defaultEnginePath(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SweepDialog::applyBest, this, [this](const std::vector<std::pair<std::string, loaderscope::KnobValue>>& knobs) {
        for (const auto& [path, value] : knobs)
            applyKnob(path, value);
    });
    dialog->show();
}

void MainWindow::openCompare(bool lastTwo)
{
    AnalysisWindows::openCompare(this, m_session.jobs(), lastTwo ? AnalysisWindows::CompareRuns::PreviousAndLast : AnalysisWindows::CompareRuns::Choose);
}
