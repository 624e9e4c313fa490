// SPDX-License-Identifier: MIT
#include "mainactions.h"

#include <QAction>
#include <QActionGroup>
#include <QAbstractItemView>
#include <algorithm>
#include <QComboBox>
#include <QEvent>
#include <QScrollBar>
#include <QStyleOptionComboBox>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QSpinBox>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

namespace {
/// Qt translates the name of the Home key ("Ana Sayfa" in Turkish: a web browser's home page).
/// The key is labelled Home on keyboards: our catalog keeps the name (installed after Qt's).
[[maybe_unused]] const char* kHomeKey = QT_TRANSLATE_NOOP("QShortcut", "Home");
} // namespace

MainActions::MainActions(QMainWindow* w) : QObject(w)
{
    makeActions();
    makeMenus(w->menuBar());
    makeToolbars(w);
}

void MainActions::makeActions()
{
    auto make = [this](QKeySequence key = {}) {
        auto* a = new QAction(this);
        if (!key.isEmpty())
            a->setShortcut(key);
        return a;
    };
    open = make(QKeySequence::Open);
    save = make(QKeySequence::Save);
    exportPicture = make(QKeySequence(Qt::CTRL | Qt::Key_E));
    pictureSlowSamples = make();
    pictureSlowSamples->setCheckable(true); // off: a picture of the timeline, as before
    exportTrace = make();
    openProfile = make();
    openRecording = make();
    watchScript = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W)); // Ctrl+W closes windows elsewhere
    attachJob = make();
    quit = make(QKeySequence::Quit);
    run = make(Qt::Key_F5);
    stop = make(Qt::SHIFT | Qt::Key_F5);
    repeat = make();
    repeat->setCheckable(true);
    fit = make(Qt::Key_Home);
    follow = make(Qt::Key_F);
    follow->setCheckable(true);
    follow->setChecked(true);
    zoomIn = make(QKeySequence(Qt::CTRL | Qt::Key_Plus));
    zoomOut = make(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    find = make(QKeySequence::Find);
    largeFonts = make();
    largeFonts->setCheckable(true);
    stepChart = make();
    stepChart->setCheckable(true); // off: the projector's layout keeps its room
    themes = new QActionGroup(this);
    themeSystem = new QAction(themes);
    themeLight = new QAction(themes);
    themeDark = new QAction(themes);
    for (QAction* a : themes->actions())
        a->setCheckable(true);
    sweep = make();
    compare = make();
    statistics = make();
    showStacks = make();
    showStacks->setEnabled(false); // while a watched job runs (MainWindow)
    classQuiz = make();
    importQuestions = make();
    exportQuestions = make();
    clearQuestions = make();
    auto* langs = new QActionGroup(this);
    langEn = new QAction(QStringLiteral("English"), langs);
    langTr = new QAction(QStringLiteral("Türkçe"), langs);
    langEn->setCheckable(true);
    langTr->setCheckable(true);
    shortcuts = make(Qt::Key_F1);
    about = make();
}

void MainActions::makeMenus(QMenuBar* bar)
{
    file = bar->addMenu(QString());
    file->addActions({open, save});
    file->addSeparator();
    file->addActions({exportPicture, pictureSlowSamples, exportTrace});
    file->addSeparator();
    file->addActions({watchScript, attachJob});
    file->addSeparator();
    file->addActions({openRecording, openProfile});
    file->addSeparator();
    file->addAction(quit);
    runMenu = bar->addMenu(QString());
    runMenu->addActions({run, stop, repeat});
    view = bar->addMenu(QString());
    view->addActions({fit, follow, zoomIn, zoomOut, find, stepChart});
    view->addSeparator();
    themeMenu = view->addMenu(QString());
    themeMenu->addActions(themes->actions());
    view->addAction(largeFonts);
    tools = bar->addMenu(QString());
    tools->addActions({sweep, compare, statistics, showStacks});
    lessons = bar->addMenu(QString());
    lessons->addAction(classQuiz);
    lessons->addSeparator();
    lessons->addActions({importQuestions, exportQuestions});
    lessons->addSeparator();
    lessons->addAction(clearQuestions);
    language = bar->addMenu(QString());
    language->addActions({langEn, langTr});
    help = bar->addMenu(QString());
    help->addActions({shortcuts, about});
}

void MainActions::makeToolbars(QMainWindow* w)
{
    toolbar = w->addToolBar(QString());
    toolbar->setObjectName(QStringLiteral("mainToolbar"));
    toolbar->addActions({run, stop, repeat});
    toolbar->addSeparator();
    toolbar->addActions({fit, follow, exportPicture});
    // The preset box in a toolbar of its own: beside the main one when the window has room for
    // the whole title shown, on a second row when not (placePresetBar).
    presetBar = w->addToolBar(QString());
    presetBar->setObjectName(QStringLiteral("presetToolbar"));
    presetLabel = new QLabel(w);
    presetBar->addWidget(presetLabel);
    presets = new QComboBox(w);
    presetBar->addWidget(presets);
    m_window = w;
    w->installEventFilter(this); // a resize may move the preset bar to its own row or back
    // So may a toolbar whose items change width (a run starting or stopping, a new language).
    toolbar->installEventFilter(this);
    presetBar->installEventFilter(this);
    // Placed by the window in the lessons panel (LessonsPanel::placeSlowMotion).
    slowLabel = new QLabel(w);
    slowMotion = new QSpinBox(w);
    slowMotion->setRange(1, 20);
    slowMotion->setPrefix(QStringLiteral("×"));
    slowLabel->setBuddy(slowMotion);
    connect(presets, &QComboBox::currentIndexChanged, this, &MainActions::fitPresetBox);
    presets->installEventFilter(this); // a font change (large text) sizes it again
}

bool MainActions::eventFilter(QObject* watched, QEvent* e)
{
    if (watched == presets && e->type() == QEvent::FontChange)
        fitPresetBox();
    else if ((watched == m_window && e->type() == QEvent::Resize) ||
             ((watched == toolbar || watched == presetBar) &&
              (e->type() == QEvent::LayoutRequest || e->type() == QEvent::Resize || e->type() == QEvent::Show)))
        // Once the toolbars have taken the new size and font: their size hints are current then.
        QMetaObject::invokeMethod(this, &MainActions::placePresetBar, Qt::QueuedConnection);
    return QObject::eventFilter(watched, e);
}

void MainActions::fitPresetBox()
{
    // The closed box as wide as the entry it shows (a long one is never cut), its list as wide as
    // its longest entry: a fixed box wide enough for every entry would push the toolbar's last
    // buttons behind "»" at 1280 px with large text.
    const QFontMetrics fm = presets->fontMetrics();
    QStyleOptionComboBox opt;
    opt.initFrom(presets);
    opt.currentText = presets->currentText();
    const QSize text(fm.horizontalAdvance(presets->currentText()) + 6, fm.height());
    presets->setFixedWidth(presets->style()->sizeFromContents(QStyle::CT_ComboBox, &opt, text, presets).width());
    QAbstractItemView* list = presets->view();
    list->setMinimumWidth(list->sizeHintForColumn(0) + list->verticalScrollBar()->sizeHint().width());
    QMetaObject::invokeMethod(this, &MainActions::placePresetBar, Qt::QueuedConnection);
}

namespace {
/// Qt 6.4 can leave a toolbar's "»" button explicitly hidden and still drawn: QToolBarLayout
/// shows it, the show activates the toolbar's layout, which hides it again (the items fit), and
/// the show then goes on to mark it visible. Seen as a stray "»" beside a preset box that fits,
/// about 1 run in 5 of tst_layout. show() repeats the same loop and hide() is a no-op on a
/// hidden widget, so the hidden flag is cleared first and the hide done for real.
void settleExtension(QToolBar* bar)
{
    if (auto* more = bar->findChild<QToolButton*>(QStringLiteral("qt_toolbar_ext_button"), Qt::FindDirectChildrenOnly);
        more && more->isHidden() && more->isVisible()) {
        more->setAttribute(Qt::WA_WState_Hidden, false);
        more->hide();
    }
}
} // namespace

void MainActions::placePresetBar()
{
    settleExtension(toolbar);
    settleExtension(presetBar);
    // Nothing behind a toolbar's "»": a row break before the preset bar when both do not fit.
    // Measured from the items (a squeezed toolbar's own size hint may leave out what it hides).
    const auto natural = [](const QToolBar* bar) {
        const QStyle* s = bar->style();
        int w = s->pixelMetric(QStyle::PM_ToolBarHandleExtent) + 2 * s->pixelMetric(QStyle::PM_ToolBarItemMargin) +
                2 * s->pixelMetric(QStyle::PM_ToolBarFrameWidth);
        for (QAction* a : bar->actions())
            if (const QWidget* item = bar->widgetForAction(a))
                w += std::max(item->sizeHint().width(), item->minimumWidth()) + s->pixelMetric(QStyle::PM_ToolBarItemSpacing); // the preset box has a fixed width
        return w;
    };
    const bool apart = natural(toolbar) + natural(presetBar) + 8 > m_window->width();
    if (apart == m_window->toolBarBreak(presetBar))
        return;
    if (apart)
        m_window->insertToolBarBreak(presetBar);
    else
        m_window->removeToolBarBreak(presetBar);
}

void MainActions::retranslate()
{
    open->setText(tr("&Open configuration…"));
    save->setText(tr("&Save configuration…"));
    exportPicture->setText(tr("Export &picture…"));
    exportPicture->setToolTip(tr("PNG, SVG or PDF of the timeline, the queue depth, the legend and the summary "
                                 "(and the step chart when View ▸ Step chart shows it)"));
    pictureSlowSamples->setText(tr("Pictures &add the slowest samples"));
    pictureSlowSamples->setToolTip(tr("Export picture adds a table of the run's 20 slowest samples under the summary"));
    exportTrace->setText(tr("Export Chrome &trace…"));
    openRecording->setText(tr("Open &recording(s)…"));
    openRecording->setToolTip(tr("A recording made anywhere (loaderscope-engine run --events, or python3 -m loaderscope run --events): "
                                 "its timeline and figures; several files are the ranks of one job"));
    openProfile->setText(tr("Open PyTorch &profiler trace(s)…"));
    openProfile->setToolTip(tr("A Chrome/Kineto trace from torch.profiler: the loader's verdict; several files are the ranks of one job"));
    watchScript->setText(tr("&Watch a Python script…"));
    watchScript->setToolTip(tr("Run your own PyTorch training script with its DataLoaders recorded live (no change to the script)"));
    attachJob->setText(tr("&Attach to a running job…"));
    attachJob->setToolTip(tr("Follow a job already running under the probe; several ranks of one job are shown stacked"));
    quit->setText(tr("&Quit"));
    run->setText(tr("&Run"));
    run->setToolTip(tr("Start the engine with this configuration (F5)"));
    stop->setText(tr("&Stop"));
    stop->setToolTip(tr("Stop the run: workers are shut down in order"));
    repeat->setText(tr("Re&peat"));
    repeat->setToolTip(tr("Start the run again each time it ends (a workshop's demonstration loop)"));
    fit->setText(tr("Zoom to &fit"));
    fit->setToolTip(tr("The whole run (Home)"));
    follow->setText(tr("&Follow live"));
    follow->setToolTip(tr("Keep the present in view; zooming or panning turns it off (F)"));
    zoomIn->setText(tr("Zoom &in"));
    zoomOut->setText(tr("Zoom &out"));
    find->setText(tr("&Find a batch, sample or worker…"));
    themeMenu->setTitle(tr("&Theme"));
    themeSystem->setText(tr("As the &desktop"));
    themeLight->setText(tr("&Light"));
    themeDark->setText(tr("&Dark"));
    largeFonts->setText(tr("&Large fonts (projector)"));
    stepChart->setText(tr("&Step chart: the stall over the run"));
    stepChart->setToolTip(tr("Under the timeline, on its time axis: each step of the loop, its wait for data, the hand-over, "
                             "the host blocked by a copy and the step stacked, so a slow step stands out at any zoom"));
    sweep->setText(tr("Parameter &sweep…"));
    compare->setText(tr("&Compare runs…"));
    statistics->setText(tr("S&tatistics"));
    statistics->setToolTip(tr("Each stage's latency (p50 to p99.9, max) and the slowest samples, with what each cost the loop"));
    showStacks->setText(tr("Show Python stac&ks"));
    showStacks->setToolTip(tr("What the watched job's main thread and DataLoader workers are doing now: their Python stacks, "
                              "taken without stopping the job (also on the timeline's right-click menu)"));
    classQuiz->setText(tr("&Class quiz (full screen)"));
    classQuiz->setToolTip(tr("One question at a time in large type for a projector: reveal the answer, then the explanation, then run the experiment"));
    importQuestions->setText(tr("&Import questions…"));
    importQuestions->setToolTip(tr("Your own quiz questions (workshop text, Moodle GIFT or Aiken), each shown in its lesson's quiz"));
    exportQuestions->setText(tr("&Export questions…"));
    exportQuestions->setToolTip(tr("The imported questions as a Moodle GIFT file"));
    clearQuestions->setText(tr("&Remove imported questions…"));
    shortcuts->setText(tr("&Keyboard shortcuts and legend"));
    about->setText(tr("&About Loaderscope"));
    file->setTitle(tr("&File"));
    runMenu->setTitle(tr("&Run"));
    view->setTitle(tr("&View"));
    tools->setTitle(tr("&Tools"));
    lessons->setTitle(tr("L&essons"));
    language->setTitle(tr("&Language"));
    help->setTitle(tr("&Help"));
    toolbar->setWindowTitle(tr("Main toolbar"));
    presetBar->setWindowTitle(tr("Presets"));
    presetLabel->setText(tr(" Preset: "));
    slowLabel->setText(tr("Slow motion:"));
    slowMotion->setToolTip(tr("Stretch the experiment's latencies so events can be followed by eye; the figures are then the slowed run's, as its timeline is"));
}
