// SPDX-License-Identifier: MIT
#include "mainwindow.h"

#include "analysiswindows.h"
#include "jobdialogs.h"
#include "liveranks.h"
#include "configpanel.h"
#include "core/configdescription.h"
#include "core/importedtrace.h"
#include "core/presets.h"
#include "core/rangesummary.h"
#include "core/runhistory.h"
#include "core/summarytext.h"
#include "core/timelinefind.h"
#include "core/translator.h"
#include "detailspanel.h"
#include "lessonspanel.h"
#include "mainactions.h"
#include "picturerequest.h"
#include "chartspane.h"
#include "shortcutsdialog.h"
#include "summarypanel.h"
#include "sweepdialog.h"
#include "timelineview.h"

#include "loaderscope/recording.h"
#include "loaderscope/run.h"
#include "loaderscope/trace_export.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

#include <cmath>

namespace {
constexpr int kChartHeight = 150; ///< the queue chart's first height; the timeline is the hero
} // namespace

MainWindow::MainWindow(Translator* translator, QWidget* parent) : QMainWindow(parent), m_translator(translator)
{
    setObjectName(QStringLiteral("MainWindow"));
    buildLayout();
    m_a = new MainActions(this);
    wireActions();
    wireSession();
    m_liveTimer.setInterval(250); // the summary follows the run 4 times a second
    connect(&m_liveTimer, &QTimer::timeout, this, &MainWindow::refreshLive);
    m_liveTimer.start();
    restoreSettings();
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
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->setObjectName(QStringLiteral("centralSplit"));
    m_split->addWidget(m_timelineScroll);
    m_split->addWidget(m_charts);
    m_split->setStretchFactor(0, 1); // the timeline takes what the window gains
    m_split->setStretchFactor(1, 0);
    m_split->setChildrenCollapsible(false);
    setCentralWidget(m_split);
    m_charts->hide(); // until the run has counters

    m_config = new ConfigPanel(this);
    auto* configScroll = new QScrollArea(this);
    m_configScroll = configScroll;
    configScroll->setWidget(m_config);
    configScroll->setWidgetResizable(true);
    configScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitConfigWidth();
    m_lessons = new LessonsPanel(this);
    connect(m_lessons, &LessonsPanel::runExperiment, this, &MainWindow::runLesson);
    connect(m_lessons, &LessonsPanel::showMe, this, &MainWindow::showMe);
    m_leftTabs = new QTabWidget(this);
    m_leftTabs->addTab(configScroll, QString());
    m_leftTabs->addTab(m_lessons, QString());
    m_configDock = new QDockWidget(this);
    m_configDock->setObjectName(QStringLiteral("configDock"));
    m_configDock->setWidget(m_leftTabs);
    m_configDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_configDock);

    m_summary = new SummaryPanel(this);
    m_summaryDock = new QDockWidget(this);
    m_summaryDock->setObjectName(QStringLiteral("summaryDock"));
    // In a scroll area: a short window scrolls the summary instead of squeezing its rows (which
    // clips the glyphs' tops: "Örnek" drawn as "Ornek").
    auto* summaryScroll = new QScrollArea(this);
    summaryScroll->setWidget(m_summary);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    m_summaryDock->setWidget(summaryScroll);
    m_summaryDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, m_summaryDock);

    m_details = new DetailsPanel(this);
    m_detailsDock = new QDockWidget(this);
    m_detailsDock->setObjectName(QStringLiteral("detailsDock"));
    m_detailsDock->setWidget(m_details);
    m_detailsDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);
    resizeDocks({m_summaryDock, m_detailsDock}, {600, 160}, Qt::Vertical);

    m_findEdit = new QLineEdit(this);
    m_findEdit->setClearButtonEnabled(true);
    m_findEdit->setMaximumWidth(260);
    m_findEdit->hide();
    connect(m_findEdit, &QLineEdit::returnPressed, this, [this] { find(m_findEdit->text()); });

    m_status = new QLabel(this);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_deviceLabel = new QLabel(this);
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_findEdit);
    statusBar()->addPermanentWidget(m_deviceLabel);
    resize(1500, 900);
}

void MainWindow::wireActions()
{
    MainActions& a = *m_a;
    connect(a.run, &QAction::triggered, this, &MainWindow::run);
    connect(a.stop, &QAction::triggered, this, &MainWindow::stop);
    connect(a.open, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open configuration"), QString(), tr("JSON (*.json)"));
        if (!path.isEmpty())
            openConfig(path);
    });
    connect(a.save, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save configuration"), QStringLiteral("loaderscope.json"), tr("JSON (*.json)"));
        if (!path.isEmpty())
            saveConfig(path);
    });
    connect(a.exportPicture, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export picture"), QStringLiteral("loaderscope.png"),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
        if (!path.isEmpty())
            exportPictureTo(path, path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive) ? 2.0 : 1.0);
    });
    connect(a.exportTrace, &QAction::triggered, this, [this] {
        const QString recording = m_session.running() ? QString() : m_session.recordingPath();
        if (recording.isEmpty()) {
            QMessageBox::information(this, tr("Export Chrome trace"), tr("Run a configuration first: the trace is made from a finished run's recording."));
            return;
        }
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Chrome trace"), QStringLiteral("loaderscope-trace.json"),
                                                          tr("Chrome trace (*.json)"));
        if (!path.isEmpty())
            exportChromeTrace(recording, path);
    });
    connect(a.openProfile, &QAction::triggered, this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open PyTorch profiler traces"), QString(),
                                                                tr("Profiler traces (*.json *.json.gz *.gz);;All files (*)"));
        if (!paths.isEmpty())
            openProfilerTraces(paths);
    });
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.watchScript, &QAction::triggered, this, [this] {
        WatchScriptDialog d(this);
        if (d.exec() == QDialog::Accepted)
            if (const auto launch = d.launch())
                watchScript(*launch);
    });
    connect(a.attachJob, &QAction::triggered, this, &MainWindow::attachToJob);
    connect(a.sweep, &QAction::triggered, this, &MainWindow::openSweep);
    connect(a.compare, &QAction::triggered, this, [this] { openCompare(false); });
    connect(a.fit, &QAction::triggered, m_timeline, &TimelineView::zoomToFit);
    connect(a.follow, &QAction::toggled, m_timeline, &TimelineView::setFollowing);
    connect(m_timeline, &TimelineView::followingChanged, a.follow, &QAction::setChecked);
    connect(a.zoomIn, &QAction::triggered, this, [this] { m_timeline->zoomAtCursor(1.5); });
    connect(a.zoomOut, &QAction::triggered, this, [this] { m_timeline->zoomAtCursor(1 / 1.5); });
    connect(a.find, &QAction::triggered, this, [this] {
        m_findEdit->show();
        m_findEdit->setFocus();
        m_findEdit->selectAll();
    });
    connect(a.themeSystem, &QAction::triggered, this, [this] { setTheme(AppTheme::Mode::System); });
    connect(a.themeLight, &QAction::triggered, this, [this] { setTheme(AppTheme::Mode::Light); });
    connect(a.themeDark, &QAction::triggered, this, [this] { setTheme(AppTheme::Mode::Dark); });
    connect(a.largeFonts, &QAction::toggled, this, &MainWindow::setLargeFonts);
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
    connect(a.presets, &QComboBox::activated, this, [this](int i) {
        const QString name = m_a->presets->itemData(i).toString();
        if (!name.isEmpty())
            loadPreset(name);
    });
    // The timeline's selection and measured range, described in the details pane.
    connect(m_timeline, &TimelineView::selectionChanged, this, [this](const std::optional<TimelineHit>& hit) {
        m_details->showDetails(hit ? m_timeline->describe(*hit) : QString());
        if (hit)
            raiseIfTabbed(m_detailsDock);
    });
    connect(m_timeline, &TimelineView::rangeMeasured, this, [this](std::optional<std::pair<qint64, qint64>> range) {
        if (!range) {
            m_details->showDetails({});
            return;
        }
        m_details->showDetails(describeRange(*m_session.model(), range->first, range->second));
        raiseIfTabbed(m_detailsDock);
        if (!m_session.model()->covered(range->first, range->second))
            m_session.readBackDetail(range->first, range->second);
    });
    connect(m_summary, &SummaryPanel::proveRequested, this, &MainWindow::proveAdvice);
    connect(m_summary, &SummaryPanel::modelRequested, this, &MainWindow::modelJob);
    connect(m_summary, &SummaryPanel::applyAdvice, this, [this](const loaderscope::Advice& adv) { applyKnob(adv.knob, adv.suggest); });
    connect(m_config, &ConfigPanel::validityChanged, this, &MainWindow::updateRunState);
    // Older detail of a long run is read back from its recording when the view needs it.
    m_readBack.setSingleShot(true);
    m_readBack.setInterval(150);
    connect(&m_readBack, &QTimer::timeout, this, &MainWindow::readBackForView);
    connect(m_timeline->controller(), &ViewportController::viewportChanged, this, [this] { m_readBack.start(); });
}

void MainWindow::wireSession()
{
    connect(m_session.model(), &TraceModel::changed, this, &MainWindow::updateChartVisibility);
    connect(&m_session, &RunSession::started, this, [this] {
        m_summary->clear();
        if (!m_modelOfJob)
            m_summary->setModelComparison({});
        raiseIfTabbed(m_summaryDock); // the live figures, where the configuration hid them
        m_timeline->clearMarks();
        m_timeline->setFollowing(true);
        setMessage({});
        updateRunState();
    });
    connect(&m_session, &RunSession::runFinished, this, [this](const loaderscope::RunSummary& s) {
        // Kept across restarts for the compare view; a watched job with the engine config fitted
        // to it (what Compare describes), an attached job only in this window.
        const RunSession::Source source = m_session.source();
        if (source == RunSession::Source::Engine)
            RunHistory().add(m_config->config(), s, m_session.launcher()->eventsPath(), 20, m_runEntry);
        else if (source == RunSession::Source::Script)
            RunHistory().add(m_session.launcher()->lastSummaryJson().value(QStringLiteral("model_config")).toObject(), s,
                             m_session.launcher()->eventsPath(), 20, m_runEntry);
        const loaderscope::RunSummary real = shown(s);
        m_summary->showSummary(real, true);
        m_summary->setModelAvailable(source == RunSession::Source::Script &&
                                     m_session.launcher()->lastSummaryJson().value(QStringLiteral("model_config")).isObject());
        if (m_modelOfJob && source == RunSession::Source::Engine)
            showModelComparison(real.figures.samples_per_s);
        m_timeline->zoomToFit();
        const qint64 batches = real.figures.batches;
        const double rate = real.figures.samples_per_s;
        setMessage([batches, rate] {
            return tr("Run finished: %1 batches, %2 samples/s.").arg(QLocale().toString(batches), SummaryText::rate(rate));
        });
        if (m_showMeStep > 0) {
            QTimer::singleShot(0, this, [this] { continueShowMe(); });
            return;
        }
        if (m_a->repeat->isChecked())
            QTimer::singleShot(1500, this, [this] {
                if (m_a->repeat->isChecked() && !m_session.running())
                    run();
            });
    });
    connect(&m_session, &RunSession::runFailed, this, [this](const QString& message) {
        m_modelOfJob.reset();
        m_showMeStep = 0; // a failed or stopped experiment: nothing to contrast
        if (m_session.hasSummary()) {
            // A stopped or failed run keeps its summary and its history entry.
            m_summary->showSummary(shown(m_session.summary()), true);
            RunHistory().add(m_config->config(), m_session.summary(), m_session.launcher()->eventsPath(), 20, m_runEntry);
        }
        m_summary->showError(message);
        m_timeline->zoomToFit();
        setMessage([message] { return message; });
    });
    connect(&m_session, &RunSession::reloading, this, [this](double progress) {
        if (progress < 1.0)
            m_status->setText(tr("Reading the run's complete record…"));
        else
            updateRunState();
    });
    connect(&m_prover, &AdviceProver::progress, this, [this](int done, int total, const QString& what) {
        m_summary->setProofProgress(done, total, tr("Measuring %1 of %2…").arg(done).arg(total));
        m_status->setText(tr("Proving the advice: %1").arg(what));
    });
    connect(&m_prover, &AdviceProver::finished, this, [this](const loaderscope::RunSummary& proved) {
        // The run's own figures stay; the advice is the measured one.
        loaderscope::RunSummary s = m_summary->summary();
        s.advice = proved.advice;
        m_summary->setProofProgress(0, 0, {});
        m_summary->showSummary(s, true);
        setMessage([] { return tr("The advice was measured: see the summary."); });
    });
    connect(&m_prover, &AdviceProver::failed, this, [this](const QString& message) {
        m_summary->setProofProgress(0, 0, {});
        setMessage([message] { return message; });
    });
    connect(m_session.launcher(), &EngineLauncher::stateChanged, this, &MainWindow::updateRunState);
}

void MainWindow::setMessage(std::function<QString()> message)
{
    m_message = std::move(message);
    updateRunState();
}

QString MainWindow::statusText() const
{
    return m_status->text();
}

loaderscope::RunSummary MainWindow::shown(const loaderscope::RunSummary& s) const
{
    return SummaryText::inRealTime(s, m_runSlowMotion);
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
}

void MainWindow::updateChartVisibility()
{
    // Each chart only when the run has its counters (an imported trace has none).
    if (!m_charts->updateVisibility())
        return;
    const bool any = m_charts->shownCharts() > 0;
    m_charts->setVisible(any);
    // Sized once for each number of charts: a split the user dragged stays from run to run.
    if (any && m_charts->shownCharts() > m_chartsSizedFor)
        sizeChart();
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("Loaderscope — DataLoader timeline"));
    m_a->retranslate();
    m_leftTabs->setTabText(0, tr("Configuration"));
    m_leftTabs->setTabText(1, tr("Lessons"));
    m_configDock->setWindowTitle(tr("Configuration"));
    m_summaryDock->setWindowTitle(tr("Summary"));
    m_detailsDock->setWindowTitle(tr("Details"));
    m_findEdit->setPlaceholderText(tr("batch 17, sample 123, worker 2"));
    m_findEdit->setToolTip(tr("Find a batch, a sample or a worker on the timeline (Enter)"));
    const QString current = m_a->presets->currentData().toString();
    m_a->presets->clear();
    m_a->presets->addItem(tr("(choose a preset)"), QString());
    for (const QString& name : Presets::names())
        m_a->presets->addItem(Presets::title(name), name);
    m_a->presets->setCurrentIndex(std::max(0, m_a->presets->findData(current)));
    m_a->langEn->setChecked(m_translator && m_translator->language() == QLatin1String("en"));
    m_a->langTr->setChecked(m_translator && m_translator->language() == QLatin1String("tr"));
    // What is shown was formatted in the previous language: format it again.
    if (m_summary->summary().figures.seconds > 0 || !m_summary->summary().verdict.empty())
        m_summary->showSummary(m_summary->summary(), !m_session.running());
    m_charts->refresh(m_timeline->viewport()); // the series' names and the axis titles
    updateRunState();
}

void MainWindow::loadPreset(const QString& name)
{
    const QJsonDocument doc = QJsonDocument::fromJson(Presets::json(name));
    if (doc.isObject())
        m_config->setConfig(doc.object());
    m_activeLesson = -1; // a preset chosen by hand: no lesson to point at
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
    m_leftTabs->setCurrentIndex(1);
    m_lessons->setCurrentLesson(index);
}

void MainWindow::runLesson(int index)
{
    const auto& lessons = m_lessons->library().lessons();
    if (index < 0 || index >= lessons.size())
        return;
    loadPreset(lessons[index].preset); // the preset box shows the lesson's experiment
    m_activeLesson = index;
    run();
}

void MainWindow::watchScript(const ScriptLaunch& launch)
{
    if (m_session.running())
        return;
    m_activeLesson = -1;
    m_modelOfJob.reset();
    showOverlay({});
    m_runSlowMotion = 1; // a real job runs at its own speed
    m_runEntry = RunHistory().prepareEntry();
    m_session.setNextRecordingPath(m_runEntry.isEmpty() ? QString() : m_runEntry + QStringLiteral("/events.lsrec"));
    m_watched = QFileInfo(launch.script).fileName();
    m_session.watchScript(launch);
}

void MainWindow::attachToJob()
{
    if (m_session.running()) {
        QMessageBox::information(this, tr("Attach to a running job"), tr("Stop the current run first."));
        return;
    }
    AttachDialog d(this);
    if (d.rowCount() == 0) {
        QMessageBox::information(this, tr("Attach to a running job"),
                                 tr("No job is running under the probe now. Start one with\n"
                                    "    python3 -m loaderscope run script.py [arguments]\n"
                                    "or use File ▸ Watch a Python script."));
        return;
    }
    if (d.exec() != QDialog::Accepted || d.chosen().isEmpty())
        return;
    const QStringList chosen = d.chosen();
    if (chosen.size() == 1) {
        attachSegment(chosen.first());
        return;
    }
    auto* ranks = new LiveRanksWindow(chosen);
    ranks->setAttribute(Qt::WA_DeleteOnClose);
    ranks->resize(1300, 800);
    ranks->show();
}

void MainWindow::attachSegment(const QString& name)
{
    m_activeLesson = -1;
    m_modelOfJob.reset();
    showOverlay({});
    m_runSlowMotion = 1;
    m_watched.clear();
    m_session.attach(name);
}

void MainWindow::modelJob()
{
    const QJsonObject model = m_session.launcher()->lastSummaryJson().value(QStringLiteral("model_config")).toObject();
    if (model.isEmpty() || m_session.running())
        return;
    // The fitted config becomes the configuration; its run is measured against the job's own rate.
    m_modelOfJob = m_session.summary().figures.samples_per_s;
    m_config->setConfig(model);
    m_a->presets->setCurrentIndex(0);
    m_activeLesson = -1;
    m_a->slowMotion->setValue(1);
    run();
}

void MainWindow::showModelComparison(double modelRate)
{
    const double job = *m_modelOfJob;
    m_modelOfJob.reset();
    if (job <= 0)
        return;
    const double off = modelRate / job - 1;
    const QString figures = tr("The model of your job: %1 samples/s; the job itself: %2 samples/s (%3).")
                                .arg(SummaryText::rate(modelRate), SummaryText::rate(job),
                                     (off >= 0 ? QStringLiteral("+") : QStringLiteral("−")) +
                                         SummaryText::withPercentSign(SummaryText::number(std::abs(off) * 100, 0)));
    // Within 15 %: the model stands for the job, its knobs can be tried here.
    const QString verdict = std::abs(off) <= 0.15
                                ? tr("They agree within 15%: try knobs on the model (Tools ▸ Parameter sweep, Prove it) and take what wins back to the script.")
                                : tr("They differ by more than 15%: the model misses part of the job (for example a training step that blocks the host, "
                                     "or the main process's own cost per batch), so read its advice with care.");
    m_summary->setModelComparison(QStringLiteral("<b>%1</b><br>%2").arg(figures.toHtmlEscaped(), verdict.toHtmlEscaped()));
}

void MainWindow::showMe(int index)
{
    const auto& lessons = m_lessons->library().lessons();
    if (index < 0 || index >= lessons.size() || m_session.running())
        return;
    m_showMeStep = lessons[index].contrastPreset.isEmpty() ? 0 : 1;
    m_showMeLesson = index;
    runLesson(index);
}

void MainWindow::continueShowMe()
{
    const auto& lessons = m_lessons->library().lessons();
    if (m_showMeLesson < 0 || m_showMeLesson >= lessons.size()) {
        m_showMeStep = 0;
        return;
    }
    const Lesson& l = lessons[m_showMeLesson];
    if (m_showMeStep == 1) {
        // The contrast: its preset with the lesson's changes, the lesson's lanes still framed.
        m_showMeStep = 2;
        loadPreset(l.contrastPreset);
        for (auto it = l.contrastSet.begin(); it != l.contrastSet.end(); ++it)
            m_config->setValue(it.key(), it.value());
        m_activeLesson = m_showMeLesson;
        run();
        return;
    }
    m_showMeStep = 0;
    // Both are the last two runs in the history: the experiment (A) above its contrast (B).
    AnalysisWindows::openCompare(this, m_session.jobs(), true, LessonLibrary::text(l.lookFor));
}

bool MainWindow::openConfig(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(this, tr("Open configuration"), tr("Cannot read %1: %2").arg(path, f.errorString()));
        return false;
    }
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (!doc.isObject()) {
        QMessageBox::warning(this, tr("Open configuration"),
                             tr("%1 is not a JSON configuration: %2 at byte %3").arg(path, err.errorString()).arg(err.offset));
        return false;
    }
    m_config->setConfig(doc.object());
    m_a->presets->setCurrentIndex(0);
    return true;
}

bool MainWindow::saveConfig(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(m_config->configJson()) < 0) {
        QMessageBox::warning(this, tr("Save configuration"), tr("Cannot write %1: %2").arg(path, f.errorString()));
        return false;
    }
    return true;
}

bool MainWindow::exportPictureTo(const QString& path, double scale)
{
    ExportOptions o = PictureRequest::options(m_config->config(), m_summary->summary(), m_timeline->overlay());
    o.theme = m_timeline->theme();
    o.theme.fontScale = 1.0; // a picture's layout does not follow the projector's fonts
    o.theme.legendMaxLines = 0; // a picture carries its whole legend
    o.scale = scale;
    o.highlightBatch = m_timeline->highlightedBatch();
    QString error;
    if (!exportPicture(path, *m_session.model(), m_timeline->viewport(), o, &error)) {
        QMessageBox::warning(this, tr("Export picture"), tr("The picture was not written: %1").arg(error));
        return false;
    }
    setMessage([path] { return tr("Picture written to %1.").arg(path); });
    return true;
}

void MainWindow::showOverlay(const TimelineOverlay& overlay)
{
    m_timeline->setOverlay(overlay);
    m_charts->setMemoryHighlighted(overlay.memoryChart);
}

void MainWindow::run()
{
    if (!m_config->isValid()) {
        m_status->setText(m_config->validationError());
        return;
    }
    // What the lesson points out, and the slow-motion factor, shown on the timeline.
    TimelineOverlay overlay;
    const auto& lessons = m_lessons->library().lessons();
    if (m_activeLesson >= 0 && m_activeLesson < lessons.size())
        overlay = lessonOverlay(lessons[m_activeLesson]);
    const int factor = m_a->slowMotion->value();
    if (factor > 1)
        overlay.badge = tr("slowed ×%1 (figures in real time)").arg(factor);
    showOverlay(overlay);
    m_runSlowMotion = factor;
    const QJsonObject config = applySlowMotion(m_config->config(), factor);
    // The engine writes its recording straight into the run's history entry (on disk, not in a
    // temporary folder in memory: an hour-long run's recording is large).
    m_runEntry = RunHistory().prepareEntry();
    m_session.setNextRecordingPath(m_runEntry.isEmpty() ? QString() : m_runEntry + QStringLiteral("/events.lsrec"));
    m_session.start(QJsonDocument(config).toJson(QJsonDocument::Compact));
}

void MainWindow::stop()
{
    m_a->repeat->setChecked(false); // Stop means stop, not "next round"
    m_session.stop();
}

void MainWindow::setLanguage(const QString& language)
{
    if (m_translator)
        m_translator->setLanguage(language);
    QSettings().setValue(QStringLiteral("language"), language);
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

void MainWindow::fitConfigWidth()
{
    // The form is never cut: the dock is at least as wide as the form wants in the current font.
    m_configScroll->setMinimumWidth(m_config->sizeHint().width() + m_configScroll->verticalScrollBar()->sizeHint().width() + 4);
}

void MainWindow::fitDocks()
{
    fitConfigWidth();
    // The timeline keeps at least half the window. On a wide screen the summary dock is wide
    // enough for the worker table (~450 px at 1920); when the configuration and the summary do not
    // both fit beside half the window (1280x720, large text on a projector), the summary and the
    // details become tabs beside the configuration, raised when a run starts or a span is chosen.
    const double scale = m_largeFonts ? 1.3 : 1.0;
    const int w = std::max(width(), 800);
    const int config = std::max(m_configDock->minimumSizeHint().width(), int(w * 0.2 * scale));
    const int summary = std::clamp(int(w * 0.235 * scale), 280, 600);
    if (config + summary > w / 2) {
        tabifyDockWidget(m_configDock, m_summaryDock);
        tabifyDockWidget(m_summaryDock, m_detailsDock);
        m_configDock->raise();
        resizeDocks({m_configDock}, {config}, Qt::Horizontal);
        return;
    }
    if (!tabifiedDockWidgets(m_configDock).isEmpty()) {
        addDockWidget(Qt::RightDockWidgetArea, m_summaryDock);
        addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);
        resizeDocks({m_summaryDock, m_detailsDock}, {600, 160}, Qt::Vertical);
    }
    resizeDocks({m_configDock, m_summaryDock}, {config, summary}, Qt::Horizontal);
}

void MainWindow::raiseIfTabbed(QDockWidget* dock)
{
    if (!tabifiedDockWidgets(dock).isEmpty())
        dock->raise();
}

void MainWindow::refreshLive()
{
    if (!m_session.running())
        return;
    const loaderscope::RunSummary live = shown(m_session.liveSummary());
    m_summary->showSummary(live, false);
    if (live.figures.seconds > 0)
        m_deviceLabel->setText(deviceText(live));
    const TraceModel* model = m_session.model();
    if (const auto stall = model->latestStall(); stall && model->endTime() - stall->at < 6'000'000'000LL) {
        // A stuck worker, named as it happens (the engine reports it every 5 s while it lasts).
        m_status->setText(tr("Worker %1 (pid %2) has not finished task %3 for %4 s")
                              .arg(stall->worker)
                              .arg(stall->pid)
                              .arg(loaderscope::batchKeyTask(stall->batch))
                              .arg(QLocale().toString(double(stall->at - stall->since) * 1e-9, 'f', 0)));
    } else if (m_session.eventsLost() > 0) {
        m_status->setText(tr("Running… (the view missed %1 events; the complete record loads at the end)").arg(m_session.eventsLost()));
    }
}

void MainWindow::readBackForView()
{
    const Viewport v = m_timeline->viewport();
    TraceModel* model = m_session.model();
    // What the user looks at stays in detail while the live tail is trimmed.
    if (!m_timeline->following())
        model->setProtectedRange(v.t0, v.t1);
    else
        model->setProtectedRange(0, -1);
    if (model->uncovered(v.t0, v.t1).empty())
        return;
    // Only a view narrow enough to hold its detail within half the budget (at the run's mean rate).
    const double perNs = model->endTime() > 0 ? double(model->eventCount()) / double(model->endTime()) : 0.0;
    const qint64 margin = v.duration() / 4;
    if (perNs * double(v.duration() + 2 * margin) > double(model->detailBudget()) / 2)
        return;
    m_session.readBackDetail(std::max<qint64>(0, v.t0 - margin), v.t1 + margin);
}

void MainWindow::exportChromeTrace(const QString& recording, const QString& path)
{
    auto error = std::make_shared<QString>();
    m_status->setText(tr("Writing the Chrome trace…"));
    m_session.jobs()->start(
        QStringLiteral("chrome trace"),
        [recording, path, error](JobTracker::Progress& p) {
            try {
                const loaderscope::RecordingReader reader(recording.toStdString());
                std::string e;
                size_t chunk = 0;
                if (!loaderscope::writeChromeTrace(reader, path.toStdString(), &e,
                                                   [&] { return !p.report(qint64(++chunk), qint64(reader.chunks())); }))
                    *error = QString::fromStdString(e);
            } catch (const std::exception& e) {
                *error = QString::fromStdString(e.what());
            }
        },
        [this, path, error] {
            if (!error->isEmpty())
                QMessageBox::warning(this, tr("Export Chrome trace"), tr("The trace was not written: %1").arg(*error));
            else
                setMessage([path] { return tr("Trace written to %1 (open it in ui.perfetto.dev).").arg(path); });
        });
}

void MainWindow::proveAdvice()
{
    if (m_prover.running() || m_session.running())
        return;
    m_summary->setProofProgress(0, 1, tr("Starting…"));
    m_prover.start(m_config->configJson(), EngineLauncher::defaultEnginePath());
}

void MainWindow::applyKnob(const std::string& path, const loaderscope::KnobValue& value)
{
    using loaderscope::KnobValue;
    QJsonValue v;
    switch (value.type) {
    case KnobValue::Type::Number: v = value.number == std::floor(value.number) ? QJsonValue(qint64(value.number)) : QJsonValue(value.number); break;
    case KnobValue::Type::Bool: v = value.boolean; break;
    case KnobValue::Type::String: v = QString::fromStdString(value.text); break;
    case KnobValue::Type::None: return;
    }
    m_leftTabs->setCurrentIndex(0);
    m_config->setValue(QString::fromStdString(path), v);
    m_a->presets->setCurrentIndex(0);
    const QString knob = QString::fromStdString(path);
    const QString text = SummaryText::knobValue(value);
    setMessage([knob, text] { return tr("Set %1 = %2: press Run (F5) to see the effect.").arg(knob, text); });
}

bool MainWindow::find(const QString& query)
{
    const FindResult r = findInTimeline(*m_session.model(), query);
    if (!r.found) {
        m_status->setText(r.what);
        return false;
    }
    const qint64 margin = std::max<qint64>((r.t1 - r.t0) / 4, 10'000);
    m_timeline->controller()->setUserViewport({std::max<qint64>(0, r.t0 - margin), r.t1 + margin});
    m_timeline->setHighlightedBatch(r.batch);
    if (r.lane >= 0)
        m_timelineScroll->ensureVisible(0, int(m_timeline->laneCenterY(r.lane)));
    m_status->setText(tr("Found %1.").arg(r.what));
    return true;
}

void MainWindow::updateRunState()
{
    const bool running = m_session.running();
    m_a->run->setEnabled(!running && m_config->isValid());
    m_a->stop->setEnabled(running);
    m_config->setEnabled(!running);
    m_a->presets->setEnabled(!running);
    if (running && m_session.source() == RunSession::Source::Script)
        m_status->setText(tr("Watching %1 (pid %2)… Stop ends the job.").arg(m_watched).arg(m_session.launcher()->enginePid()));
    else if (running && m_session.source() == RunSession::Source::Attached)
        m_status->setText(tr("Following a running job… Stop only stops watching it."));
    else if (running)
        m_status->setText(tr("Running… engine pid %1").arg(m_session.launcher()->enginePid()));
    else if (!m_config->isValid())
        m_status->setText(tr("The configuration is not runnable: see the message above the form."));
    else
        m_status->setText(m_message ? m_message() : tr("Ready: press Run (F5)."));
    m_deviceLabel->setText(deviceText(m_summary->summary()));
}

QString MainWindow::deviceText(const loaderscope::RunSummary& s) const
{
    if (s.source == "profiler")
        return tr("A PyTorch profiler trace");
    if (s.source == "pytorch" || (m_session.running() && m_session.source() != RunSession::Source::Engine))
        return s.backend == "cuda" ? tr("Your PyTorch job: its own CUDA device") : tr("Your PyTorch job: no GPU work recorded");
    if (s.backend == "cuda")
        return tr("GPU: CUDA device");
    if (s.backend == "sim")
        return tr("GPU: simulated (a model, not a device)");
    return tr("GPU: chosen at run time (simulated when none is usable)");
}

void MainWindow::restoreSettings()
{
    QSettings s;
    if (!restoreGeometry(s.value(QStringLiteral("geometry")).toByteArray())) {
        // First start: most of the screen (a projector shows the whole window).
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            resize(screen->availableGeometry().size() * 0.92);
    }
    const bool docksRestored = restoreState(s.value(QStringLiteral("windowState")).toByteArray());
    if (m_split->restoreState(s.value(QStringLiteral("centralSplit")).toByteArray()))
        m_chartsSizedFor = 1; // the user's split, for one chart
    const QJsonDocument doc = QJsonDocument::fromJson(s.value(QStringLiteral("config")).toByteArray());
    if (doc.isObject())
        m_config->setConfig(doc.object());
    m_a->slowMotion->setValue(s.value(QStringLiteral("slowMotion"), 1).toInt());
    m_largeFonts = s.value(QStringLiteral("largeFonts"), false).toBool();
    m_a->largeFonts->setChecked(m_largeFonts);
    // First start: as the desktop (light or dark).
    setTheme(AppTheme::modeFromName(s.value(QStringLiteral("theme")).toString()));
    if (!docksRestored)
        fitDocks(); // first start: for this screen and this text size
}

void MainWindow::saveSettings()
{
    QSettings s;
    s.setValue(QStringLiteral("geometry"), saveGeometry());
    s.setValue(QStringLiteral("windowState"), saveState());
    s.setValue(QStringLiteral("centralSplit"), m_split->saveState());
    s.setValue(QStringLiteral("config"), m_config->configJson());
    s.setValue(QStringLiteral("theme"), AppTheme::modeName(m_themeMode));
    s.setValue(QStringLiteral("largeFonts"), m_largeFonts);
    s.setValue(QStringLiteral("slowMotion"), m_a->slowMotion->value());
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
    AnalysisWindows::importTraces(this, m_session.jobs(), paths, [this, paths](std::vector<loaderscope::ProfilerTrace>& traces) {
        if (traces.size() != 1) {
            AnalysisWindows::showRanks(traces); // several ranks of one job
            return;
        }
        const loaderscope::TraceAnalysis a = loaderscope::analyzeProfilerTrace(traces[0]);
        loadProfilerTrace(traces[0], a, *m_session.model()); // analysed once
        showOverlay({});
        m_timeline->zoomToFit();
        m_summary->showSummary(analysisSummary(a), true);
        raiseIfTabbed(m_summaryDock); // the verdict, where the configuration hid it
        const QString file = paths[0];
        const int steps = a.steps;
        setMessage([file, steps] { return tr("Profiler trace %1: %2 steps.").arg(file).arg(steps); });
    });
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
    AnalysisWindows::openCompare(this, m_session.jobs(), lastTwo);
}
