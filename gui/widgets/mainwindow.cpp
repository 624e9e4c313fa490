// SPDX-License-Identifier: MIT
#include "mainwindow.h"

#include "configpanel.h"
#include "core/configdescription.h"
#include "core/summarytext.h"
#include "loaderscope/recording.h"
#include "loaderscope/run.h"
#include "picturerequest.h"
#include "core/translator.h"
#include "exporter.h"
#include "lessonspanel.h"
#include "stackedtimelines.h"
#include "sweepdialog.h"
#include "core/importedtrace.h"
#include "core/runhistory.h"
#include "queuechartview.h"
#include "summarypanel.h"
#include "timelineview.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDialogButtonBox>
#include <QProgressDialog>
#include <QThread>
#include <atomic>
#include <QScreen>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLocale>
#include <QJsonDocument>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QStatusBar>
#include <QToolBar>

struct MainWindow::Actions
{
    QAction *run, *stop, *open, *save, *exportPicture, *exportTrace, *quit;
    QAction *openProfile, *sweep, *compare;
    QMenu* tools;
    QAction *fit, *follow, *docsTheme, *largeFonts;
    QAction *langEn, *langTr, *about;
    QMenu *file, *runMenu, *view, *language, *help;
    QToolBar* toolbar;
    QLabel* presetLabel;
    QLabel* slowLabel;
};

MainWindow::MainWindow(Translator* translator, QWidget* parent)
    : QMainWindow(parent), m_translator(translator), m_a(new Actions{})
{
    setObjectName(QStringLiteral("MainWindow"));
    buildLayout();
    buildActions();
    connect(m_session.model(), &TraceModel::changed, this, [this] {
        // The timeline takes the height its lanes need; the queue chart gets the rest.
        const int want = m_timeline->sizeHint().height() + 6;
        if (want != m_timelineHeight) {
            m_timelineHeight = want;
            const int total = m_split->height();
            m_split->setSizes({std::min(want, total - 220), std::max(220, total - want)});
        }
    });
    connect(&m_session, &RunSession::started, this, [this] {
        m_summary->clear();
        m_timeline->setHighlightedBatch(-1);
        m_timeline->setFollowing(true);
        m_lastMessage.clear();
        updateRunState();
    });
    connect(&m_session, &RunSession::runFinished, this, [this](const loaderscope::RunSummary& s) {
        // Kept across restarts for the compare view.
        RunHistory().add(m_config->config(), s, m_session.launcher()->eventsPath(), 20, m_runEntry);
        m_summary->showSummary(s, true);
        m_timeline->zoomToFit();
        m_lastMessage = tr("Run finished: %1 batches, %2 samples/s.")
                            .arg(QLocale().toString(qint64(s.figures.batches)), SummaryText::rate(s.figures.samples_per_s));
        updateRunState();
    });
    connect(&m_session, &RunSession::runFailed, this, [this](const QString& message) {
        if (m_session.hasSummary()) {
            // A stopped or failed run keeps its summary and its history entry.
            m_summary->showSummary(m_session.summary(), true);
            RunHistory().add(m_config->config(), m_session.summary(), m_session.launcher()->eventsPath(), 20, m_runEntry);
        }
        m_summary->showError(message);
        m_timeline->zoomToFit();
        m_lastMessage = message;
        updateRunState();
    });
    connect(&m_session, &RunSession::reloading, this, [this](double progress) {
        m_status->setText(progress < 1.0 ? tr("Reading the run's complete record…") : m_lastMessage);
    });
    // Older detail of a long run is read back from its recording when the view needs it.
    m_readBack.setSingleShot(true);
    m_readBack.setInterval(150);
    connect(&m_readBack, &QTimer::timeout, this, &MainWindow::readBackForView);
    connect(m_summary, &SummaryPanel::proveRequested, this, &MainWindow::proveAdvice);
    connect(m_summary, &SummaryPanel::applyAdvice, this, [this](const loaderscope::Advice& a) { applyKnob(a.knob, a.suggest); });
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
        m_lastMessage = tr("The advice was measured: see the summary.");
        updateRunState();
    });
    connect(&m_prover, &AdviceProver::failed, this, [this](const QString& message) {
        m_summary->setProofProgress(0, 0, {});
        m_lastMessage = message;
        updateRunState();
    });
    connect(m_session.launcher(), &EngineLauncher::stateChanged, this, &MainWindow::updateRunState);
    connect(m_config, &ConfigPanel::validityChanged, this, &MainWindow::updateRunState);
    connect(m_timeline->controller(), &ViewportController::viewportChanged, this, [this] { m_readBack.start(); });
    connect(m_timeline, &TimelineView::followingChanged, this, [this](bool f) { m_a->follow->setChecked(f); });
    m_liveTimer.setInterval(250); // the summary and chart follow the run 4 times a second
    connect(&m_liveTimer, &QTimer::timeout, this, &MainWindow::refreshLive);
    m_liveTimer.start();
    restoreSettings();
    retranslate();
    updateRunState();
}

MainWindow::~MainWindow()
{
    delete m_a;
}

void MainWindow::buildLayout()
{
    m_timeline = new TimelineView(this);
    m_timeline->setModel(m_session.model());
    m_chart = new QueueChartView(this);
    m_chart->setModel(m_session.model());
    m_chart->setController(m_timeline->controller());
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_timeline);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(scroll);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    setCentralWidget(split);

    m_config = new ConfigPanel(this);
    auto* configScroll = new QScrollArea(this);
    configScroll->setWidget(m_config);
    configScroll->setWidgetResizable(true);
    m_lessons = new LessonsPanel(this);
    connect(m_lessons, &LessonsPanel::runExperiment, this, &MainWindow::runLesson);
    m_leftTabs = new QTabWidget(this);
    m_leftTabs->setMaximumWidth(700);
    m_leftTabs->addTab(configScroll, QString());
    m_leftTabs->addTab(m_lessons, QString());
    auto* configDock = new QDockWidget(this);
    configDock->setObjectName(QStringLiteral("configDock"));
    configDock->setWidget(m_leftTabs);
    configDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, configDock);

    m_summary = new SummaryPanel(this);
    auto* summaryDock = new QDockWidget(this);
    summaryDock->setObjectName(QStringLiteral("summaryDock"));
    summaryDock->setWidget(m_summary);
    summaryDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, summaryDock);
    resizeDocks({configDock, summaryDock}, {390, 320}, Qt::Horizontal);
    m_split = split;

    m_status = new QLabel(this);
    m_deviceLabel = new QLabel(this);
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_deviceLabel);
    resize(1500, 900);
}

void MainWindow::buildActions()
{
    Actions& a = *m_a;
    a.run = new QAction(this);
    a.run->setShortcut(Qt::Key_F5);
    connect(a.run, &QAction::triggered, this, &MainWindow::run);
    a.stop = new QAction(this);
    a.stop->setShortcut(Qt::SHIFT | Qt::Key_F5);
    connect(a.stop, &QAction::triggered, this, &MainWindow::stop);
    a.open = new QAction(this);
    a.open->setShortcut(QKeySequence::Open);
    connect(a.open, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open configuration"), QString(), tr("JSON (*.json)"));
        if (!path.isEmpty())
            openConfig(path);
    });
    a.save = new QAction(this);
    a.save->setShortcut(QKeySequence::Save);
    connect(a.save, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save configuration"), QStringLiteral("loaderscope.json"), tr("JSON (*.json)"));
        if (!path.isEmpty())
            saveConfig(path);
    });
    a.exportPicture = new QAction(this);
    connect(a.exportPicture, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export picture"), QStringLiteral("loaderscope.png"),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
        if (!path.isEmpty())
            exportPictureTo(path, path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive) ? 2.0 : 1.0);
    });
    a.exportTrace = new QAction(this);
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
    a.openProfile = new QAction(this);
    connect(a.openProfile, &QAction::triggered, this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open PyTorch profiler traces"), QString(),
                                                                tr("Profiler traces (*.json *.json.gz *.gz);;All files (*)"));
        if (!paths.isEmpty())
            openProfilerTraces(paths);
    });
    a.sweep = new QAction(this);
    connect(a.sweep, &QAction::triggered, this, &MainWindow::openSweep);
    a.compare = new QAction(this);
    connect(a.compare, &QAction::triggered, this, [this] { openCompare(false); });
    a.quit = new QAction(this);
    a.quit->setShortcut(QKeySequence::Quit);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    a.fit = new QAction(this);
    a.fit->setShortcut(Qt::Key_Home);
    connect(a.fit, &QAction::triggered, m_timeline, &TimelineView::zoomToFit);
    a.follow = new QAction(this);
    a.follow->setCheckable(true);
    a.follow->setChecked(true);
    connect(a.follow, &QAction::toggled, m_timeline, &TimelineView::setFollowing);
    a.docsTheme = new QAction(this);
    a.docsTheme->setCheckable(true);
    a.largeFonts = new QAction(this);
    a.largeFonts->setCheckable(true);
    auto applyTheme = [this] {
        TimelineTheme t = m_a->docsTheme->isChecked() ? TimelineTheme::light() : TimelineTheme::dark();
        t.fontScale = m_a->largeFonts->isChecked() ? 1.6 : 1.0;
        m_timeline->setTheme(t);
        m_chart->setTheme(t);
        QFont f = QApplication::font();
        f.setPointSizeF(m_a->largeFonts->isChecked() ? 14 : 9.5);
        QApplication::setFont(f);
        // Large text needs a wider side panel for the lessons to stay readable.
        if (auto* dock = findChild<QDockWidget*>(QStringLiteral("configDock")))
            resizeDocks({dock}, {m_a->largeFonts->isChecked() ? 560 : 390}, Qt::Horizontal);
    };
    connect(a.docsTheme, &QAction::toggled, this, applyTheme);
    connect(a.largeFonts, &QAction::toggled, this, applyTheme);
    auto* langs = new QActionGroup(this);
    a.langEn = new QAction(QStringLiteral("English"), langs);
    a.langTr = new QAction(QStringLiteral("Türkçe"), langs);
    a.langEn->setCheckable(true);
    a.langTr->setCheckable(true);
    connect(a.langEn, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("en")); });
    connect(a.langTr, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("tr")); });
    a.about = new QAction(this);
    connect(a.about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Loaderscope"),
                           tr("<p><b>Loaderscope</b> %1</p><p>A real PyTorch-style DataLoader worker pool and its live timeline: "
                              "worker processes, shared-memory batch slots, the pin-memory thread and host-to-device copies.</p>")
                               .arg(QStringLiteral(LOADERSCOPE_VERSION)));
    });

    a.file = menuBar()->addMenu(QString());
    a.file->addActions({a.open, a.save});
    a.file->addSeparator();
    a.file->addActions({a.exportPicture, a.exportTrace});
    a.file->addSeparator();
    a.file->addAction(a.openProfile);
    a.file->addSeparator();
    a.file->addAction(a.quit);
    a.runMenu = menuBar()->addMenu(QString());
    a.runMenu->addActions({a.run, a.stop});
    a.view = menuBar()->addMenu(QString());
    a.view->addActions({a.fit, a.follow});
    a.view->addSeparator();
    a.view->addActions({a.docsTheme, a.largeFonts});
    a.tools = menuBar()->addMenu(QString());
    a.tools->addActions({a.sweep, a.compare});
    a.language = menuBar()->addMenu(QString());
    a.language->addActions({a.langEn, a.langTr});
    a.help = menuBar()->addMenu(QString());
    a.help->addAction(a.about);

    a.toolbar = addToolBar(QString());
    a.toolbar->setObjectName(QStringLiteral("mainToolbar"));
    a.toolbar->addAction(a.run);
    a.toolbar->addAction(a.stop);
    a.toolbar->addSeparator();
    a.presetLabel = new QLabel(this);
    a.toolbar->addWidget(a.presetLabel);
    m_presets = new QComboBox(this);
    m_presets->setMinimumContentsLength(24);
    connect(m_presets, &QComboBox::activated, this, [this](int i) {
        const QString name = m_presets->itemData(i).toString();
        if (!name.isEmpty())
            loadPreset(name);
    });
    a.toolbar->addWidget(m_presets);
    a.toolbar->addSeparator();
    a.toolbar->addActions({a.fit, a.follow, a.exportPicture});
    a.toolbar->addSeparator();
    m_slowMotion = new QSpinBox(this);
    m_slowMotion->setRange(1, 20);
    m_slowMotion->setPrefix(QStringLiteral("×"));
    a.slowLabel = new QLabel(this);
    a.toolbar->addWidget(a.slowLabel);
    a.toolbar->addWidget(m_slowMotion);
}

void MainWindow::retranslate()
{
    Actions& a = *m_a;
    setWindowTitle(tr("Loaderscope — DataLoader timeline"));
    a.run->setText(tr("&Run"));
    a.run->setToolTip(tr("Start the engine with this configuration (F5)"));
    a.stop->setText(tr("&Stop"));
    a.stop->setToolTip(tr("Stop the run: workers are shut down in order"));
    a.open->setText(tr("&Open configuration…"));
    a.save->setText(tr("&Save configuration…"));
    a.exportPicture->setText(tr("Export &picture…"));
    a.exportPicture->setToolTip(tr("PNG, SVG or PDF of the timeline, the queue depth and the summary"));
    a.exportTrace->setText(tr("Export Chrome &trace…"));
    a.quit->setText(tr("&Quit"));
    a.openProfile->setText(tr("Open PyTorch &profiler trace(s)…"));
    a.openProfile->setToolTip(tr("A Chrome/Kineto trace from torch.profiler: the loader's verdict; several files are the ranks of one job"));
    a.sweep->setText(tr("Parameter &sweep…"));
    a.compare->setText(tr("&Compare runs…"));
    a.tools->setTitle(tr("&Tools"));
    a.fit->setText(tr("Zoom to &fit"));
    a.follow->setText(tr("&Follow live"));
    a.follow->setToolTip(tr("Keep the present in view; zooming or panning turns it off"));
    a.docsTheme->setText(tr("&Docs theme (light)"));
    a.largeFonts->setText(tr("&Large fonts (projector)"));
    a.about->setText(tr("&About Loaderscope"));
    a.file->setTitle(tr("&File"));
    a.runMenu->setTitle(tr("&Run"));
    a.view->setTitle(tr("&View"));
    a.language->setTitle(tr("&Language"));
    a.help->setTitle(tr("&Help"));
    a.toolbar->setWindowTitle(tr("Main toolbar"));
    a.presetLabel->setText(tr(" Preset: "));
    a.slowLabel->setText(tr(" Slow motion: "));
    m_slowMotion->setToolTip(tr("Stretch the experiment's latencies so events can be followed by eye (shown on the timeline)"));
    m_leftTabs->setTabText(0, tr("Configuration"));
    m_leftTabs->setTabText(1, tr("Lessons"));
    findChild<QDockWidget*>(QStringLiteral("configDock"))->setWindowTitle(tr("Configuration"));
    findChild<QDockWidget*>(QStringLiteral("summaryDock"))->setWindowTitle(tr("Summary"));
    const int current = m_presets->currentIndex();
    m_presets->clear();
    m_presets->addItem(tr("(choose a preset)"), QString());
    for (const QString& name : presetNames())
        m_presets->addItem(presetTitle(name), name);
    m_presets->setCurrentIndex(std::max(0, current));
    a.langEn->setChecked(m_translator && m_translator->language() == QLatin1String("en"));
    a.langTr->setChecked(m_translator && m_translator->language() == QLatin1String("tr"));
    updateRunState();
}

QStringList MainWindow::presetNames()
{
    QStringList names;
    for (const QString& f : QDir(QStringLiteral(":/presets")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        names << f.chopped(5);
    return names;
}

QString MainWindow::presetTitle(const QString& name)
{
    static const QHash<QString, const char*> titles = {
        {QStringLiteral("num_workers_0"), QT_TR_NOOP("num_workers=0: everything in the main process")},
        {QStringLiteral("num_workers_4"), QT_TR_NOOP("num_workers=4: four worker processes")},
        {QStringLiteral("pinned"), QT_TR_NOOP("pin_memory=True: pinned, asynchronous copies")},
        {QStringLiteral("pageable"), QT_TR_NOOP("pin_memory=False: pageable copies block the host")},
        {QStringLiteral("iterable_unsharded"), QT_TR_NOOP("iterable dataset without sharding (duplicates)")},
        {QStringLiteral("iterable_sharded"), QT_TR_NOOP("iterable dataset sharded by worker id")},
        {QStringLiteral("fork"), QT_TR_NOOP("workers started with fork")},
        {QStringLiteral("spawn"), QT_TR_NOOP("workers started with spawn")},
        {QStringLiteral("slow_sample_in_order"), QT_TR_NOOP("one slow sample, in_order=True (head-of-line blocking)")},
        {QStringLiteral("slow_sample_out_of_order"), QT_TR_NOOP("one slow sample, in_order=False")},
        {QStringLiteral("prefetch_factor"), QT_TR_NOOP("prefetch_factor=4: the window of batches in flight")},
        {QStringLiteral("persistent_workers"), QT_TR_NOOP("persistent_workers=True over three epochs")},
        {QStringLiteral("worker_dies"), QT_TR_NOOP("a worker crashes in the middle of the epoch")},
        {QStringLiteral("drop_last"), QT_TR_NOOP("batch_size=32 with drop_last=True")},
        {QStringLiteral("distributed"), QT_TR_NOOP("DistributedSampler: rank 1 of 4")},
    };
    const auto it = titles.find(name);
    return it == titles.end() ? name : tr(it.value());
}

QByteArray MainWindow::presetJson(const QString& name)
{
    QFile f(QStringLiteral(":/presets/%1.json").arg(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void MainWindow::loadPreset(const QString& name)
{
    const QJsonDocument doc = QJsonDocument::fromJson(presetJson(name));
    if (doc.isObject())
        m_config->setConfig(doc.object());
    m_activeLesson = -1; // a preset chosen by hand: no lesson to point at
}

double MainWindow::slowMotion() const
{
    return m_slowMotion->value();
}

void MainWindow::setSlowMotion(int factor)
{
    m_slowMotion->setValue(factor);
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
    loadPreset(lessons[index].preset);
    m_activeLesson = index;
    run();
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
    o.theme = m_a->docsTheme->isChecked() ? TimelineTheme::light() : m_timeline->theme();
    o.scale = scale;
    o.highlightBatch = m_timeline->highlightedBatch();
    QString error;
    if (!exportPicture(path, *m_session.model(), m_timeline->viewport(), o, &error)) {
        QMessageBox::warning(this, tr("Export picture"), tr("The picture was not written: %1").arg(error));
        return false;
    }
    m_status->setText(tr("Picture written to %1.").arg(path));
    return true;
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
    if (m_activeLesson >= 0 && m_activeLesson < lessons.size()) {
        const Lesson& l = lessons[m_activeLesson];
        for (const QString& lane : l.lanes) {
            if (lane == QLatin1String("main"))
                overlay.lanes.push_back(TraceModel::LaneKind::Main);
            else if (lane == QLatin1String("pin"))
                overlay.lanes.push_back(TraceModel::LaneKind::Pin);
            else if (lane == QLatin1String("workers"))
                overlay.lanes.push_back(TraceModel::LaneKind::Worker);
            else if (lane == QLatin1String("copy"))
                overlay.lanes.push_back(TraceModel::LaneKind::Copy);
            else if (lane == QLatin1String("compute"))
                overlay.lanes.push_back(TraceModel::LaneKind::Compute);
        }
        overlay.caption = tr("Look: %1").arg(LessonLibrary::text(l.lookFor));
    }
    const int factor = m_slowMotion->value();
    if (factor > 1)
        overlay.badge = tr("slow motion ×%1").arg(factor);
    m_timeline->setOverlay(overlay);
    const QJsonObject config = applySlowMotion(m_config->config(), factor);
    // The engine writes its recording straight into the run's history entry (on disk, not in a
    // temporary folder in memory: an hour-long run's recording is large).
    m_runEntry = RunHistory().prepareEntry();
    m_session.setNextRecordingPath(m_runEntry.isEmpty() ? QString() : m_runEntry + QStringLiteral("/events.lsrec"));
    m_session.start(QJsonDocument(config).toJson(QJsonDocument::Compact));
}

void MainWindow::stop()
{
    m_session.stop();
}

void MainWindow::setLanguage(const QString& language)
{
    if (m_translator)
        m_translator->setLanguage(language);
    QSettings().setValue(QStringLiteral("language"), language);
}

void MainWindow::refreshLive()
{
    if (!m_session.running())
        return;
    const loaderscope::RunSummary live = m_session.liveSummary();
    m_summary->showSummary(live, false);
    if (live.figures.seconds > 0)
        m_deviceLabel->setText(live.backend == "cuda" ? tr("GPU: CUDA device") : tr("GPU: simulated (a model, not a device)"));
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
    const auto gaps = model->uncovered(v.t0, v.t1);
    if (gaps.empty())
        return;
    // Only a view narrow enough to hold its detail within half the budget (at the run's mean rate).
    const double perNs = model->endTime() > 0 ? double(model->eventCount()) / double(model->endTime()) : 0.0;
    const qint64 margin = v.duration() / 4;
    const double expected = perNs * double(v.duration() + 2 * margin);
    if (expected > double(model->detailBudget()) / 2)
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
                m_status->setText(tr("Trace written to %1 (open it in ui.perfetto.dev).").arg(path));
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
    m_lastMessage = tr("Set %1 = %2: press Run (F5) to see the effect.")
                        .arg(QString::fromStdString(path), SummaryText::knobValue(value));
    updateRunState();
}

void MainWindow::updateRunState()
{
    const bool running = m_session.running();
    m_a->run->setEnabled(!running && m_config->isValid());
    m_a->stop->setEnabled(running);
    m_config->setEnabled(!running);
    m_presets->setEnabled(!running);
    if (running)
        m_status->setText(tr("Running… engine pid %1").arg(m_session.launcher()->enginePid()));
    else if (!m_config->isValid())
        m_status->setText(tr("The configuration is not runnable: see the message above the form."));
    else
        m_status->setText(m_lastMessage.isEmpty() ? tr("Ready: press Run (F5).") : m_lastMessage);
    const std::string& backend = m_session.summary().backend;
    m_deviceLabel->setText(backend == "cuda"  ? tr("GPU: CUDA device")
                           : backend.empty() ? tr("GPU: chosen at run time (simulated when none is usable)")
                                             : tr("GPU: simulated (a model, not a device)"));
}

void MainWindow::restoreSettings()
{
    QSettings s;
    if (!restoreGeometry(s.value(QStringLiteral("geometry")).toByteArray())) {
        // First start: most of the screen (a projector shows the whole window).
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            resize(screen->availableGeometry().size() * 0.92);
    }
    restoreState(s.value(QStringLiteral("windowState")).toByteArray());
    const QJsonDocument doc = QJsonDocument::fromJson(s.value(QStringLiteral("config")).toByteArray());
    if (doc.isObject())
        m_config->setConfig(doc.object());
    m_a->docsTheme->setChecked(s.value(QStringLiteral("docsTheme"), false).toBool());
    m_slowMotion->setValue(s.value(QStringLiteral("slowMotion"), 1).toInt());
    m_a->largeFonts->setChecked(s.value(QStringLiteral("largeFonts"), false).toBool());
}

void MainWindow::saveSettings()
{
    QSettings s;
    s.setValue(QStringLiteral("geometry"), saveGeometry());
    s.setValue(QStringLiteral("windowState"), saveState());
    s.setValue(QStringLiteral("config"), m_config->configJson());
    s.setValue(QStringLiteral("docsTheme"), m_a->docsTheme->isChecked());
    s.setValue(QStringLiteral("largeFonts"), m_a->largeFonts->isChecked());
    s.setValue(QStringLiteral("slowMotion"), m_slowMotion->value());
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
    // Import on a thread; the dialog shows bytes read and can cancel.
    struct Job
    {
        std::vector<loaderscope::ProfilerTrace> traces;
        QString error;
        std::atomic<uint64_t> done{0}, total{1};
        std::atomic<bool> cancel{false};
    };
    auto job = std::make_shared<Job>();
    auto* progress = new QProgressDialog(tr("Reading the profiler traces…"), tr("Cancel"), 0, 1000, this);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    QThread* thread = QThread::create([job, paths] {
        try {
            for (const QString& p : paths)
                job->traces.push_back(loaderscope::importProfilerTrace(p.toStdString(), [job](uint64_t d, uint64_t t) {
                    job->done = d;
                    job->total = std::max<uint64_t>(t, 1);
                    return !job->cancel.load();
                }));
        } catch (const loaderscope::TraceImportError& e) {
            job->error = QString::fromStdString(e.what());
        }
    });
    auto* poll = new QTimer(progress);
    connect(poll, &QTimer::timeout, progress, [progress, job] { progress->setValue(int(job->done * 1000 / job->total)); });
    poll->start(100);
    connect(progress, &QProgressDialog::canceled, this, [job] { job->cancel = true; });
    connect(thread, &QThread::finished, this, [this, thread, progress, job, paths] {
        progress->deleteLater();
        thread->deleteLater();
        if (!job->error.isEmpty()) {
            QMessageBox::warning(this, tr("Open PyTorch profiler traces"), job->error);
            return;
        }
        if (job->traces.size() == 1) {
            const loaderscope::TraceAnalysis a = loaderscope::analyzeProfilerTrace(job->traces[0]);
            loadProfilerTrace(job->traces[0], *m_session.model());
            m_timeline->setOverlay({});
            m_timeline->zoomToFit();
            m_summary->showSummary(analysisSummary(a), true);
            m_lastMessage = tr("Profiler trace %1: %2 steps.").arg(paths[0]).arg(a.steps);
            updateRunState();
            return;
        }
        // Several ranks of one job: stacked on one time axis, the straggler named.
        const loaderscope::RankReport report = loaderscope::compareRanks(job->traces);
        std::vector<StackedTimelines::Item> items;
        for (size_t i = 0; i < job->traces.size(); ++i) {
            StackedTimelines::Item it;
            it.model = std::make_unique<TraceModel>();
            loadProfilerTrace(job->traces[i], *it.model);
            it.summary = analysisSummary(report.ranks[i]);
            const int rank = job->traces[i].rank >= 0 ? job->traces[i].rank : int(i);
            it.title = tr("rank %1 · %2 · data stall %3 %").arg(rank).arg(QFileInfo(QString::fromStdString(job->traces[i].path)).fileName())
                           .arg(QLocale().toString(report.ranks[i].data_stall_fraction * 100, 'f', 1));
            it.emphasised = int(i) == report.straggler;
            items.push_back(std::move(it));
        }
        auto* view = new StackedTimelines;
        view->setAttribute(Qt::WA_DeleteOnClose);
        view->setWindowTitle(tr("Ranks of one job"));
        view->setItems(std::move(items), report.straggler >= 0
                                             ? tr("Straggler: %1").arg(SummaryText::traceRecommendation(QString::fromStdString(report.straggler_reason)))
                                             : tr("No rank's loader holds the others back."));
        view->resize(1300, 800);
        view->show();
    });
    thread->start();
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
    const RunHistory history;
    const QVector<RunHistory::Entry> runs = history.list();
    if (runs.size() < 2) {
        QMessageBox::information(this, tr("Compare runs"), tr("Run at least two configurations first: finished runs are kept here."));
        return;
    }
    QDialog pick(this);
    pick.setWindowTitle(tr("Compare runs"));
    auto* form = new QFormLayout(&pick);
    QComboBox* combos[2];
    for (int k = 0; k < 2; ++k) {
        combos[k] = new QComboBox(&pick);
        for (const auto& r : runs)
            combos[k]->addItem(RunHistory::title(r), r.id);
        combos[k]->setCurrentIndex(k == 0 ? 1 : 0); // the previous run against the last one
        form->addRow(k == 0 ? tr("Run A") : tr("Run B"), combos[k]);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &pick);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &pick, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &pick, &QDialog::reject);
    if (!lastTwo && pick.exec() != QDialog::Accepted)
        return;
    std::vector<StackedTimelines::Item> items;
    for (int k = 0; k < 2; ++k) {
        const RunHistory::Entry& e = runs[combos[k]->currentIndex()];
        StackedTimelines::Item it;
        it.model = std::make_unique<TraceModel>();
        QString error;
        if (!history.load(e.id, *it.model, &error)) {
            QMessageBox::warning(this, tr("Compare runs"), error);
            return;
        }
        it.summary = e.summary;
        it.title = (k == 0 ? tr("A") : tr("B")) + QStringLiteral(" · ") + RunHistory::title(e) + QStringLiteral(" · ") +
                   describeConfig(e.config, e.summary);
        items.push_back(std::move(it));
    }
    auto* view = new StackedTimelines;
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->setWindowTitle(tr("Compare runs"));
    view->setItems(std::move(items), tr("Two runs on one time axis (from each run's start), their figures side by side."));
    view->resize(1300, 800);
    view->show();
}
