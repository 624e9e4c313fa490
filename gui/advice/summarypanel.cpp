// SPDX-License-Identifier: MIT
#include "summarypanel.h"

#include "timeline/model/workerstatsmodel.h"

#include "loaderscope/analysis/advice.h"

#include <QEvent>
#include <QFormLayout>
#include <QResizeEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace {
enum Row { Source, ProbeCost, Samples, FirstBatch, Stall, Repeating, GpuBusy, Overlap, H2D, Workers, WorkerTime, Memory, Shm, RowCount };
} // namespace

SummaryPanel::SummaryPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_failure = new QLabel(this);
    m_failure->setWordWrap(true);
    m_failure->setTextFormat(Qt::RichText);
    m_failure->setStyleSheet(QStringLiteral("color: #e05252;"));
    m_failure->setVisible(false);
    connect(m_failure, &QLabel::linkActivated, this, &SummaryPanel::failureDetailsRequested);
    layout->addWidget(m_failure);
    m_title = new QLabel(this);
    QFont tf = m_title->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.15);
    m_title->setFont(tf);
    layout->addWidget(m_title);
    m_staleLine = new QLabel(this);
    m_staleLine->setWordWrap(true);
    QFont sf = m_staleLine->font();
    sf.setItalic(true);
    m_staleLine->setFont(sf);
    m_staleLine->setVisible(false);
    layout->addWidget(m_staleLine);
    m_form = new QFormLayout;
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    for (int i = 0; i < RowCount; ++i) {
        auto* name = new QLabel(this);
        auto* value = new QLabel(QStringLiteral("–"), this);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setWordWrap(true);
        m_names << name;
        m_values << value;
        m_form->addRow(name, value);
    }
    layout->addLayout(m_form);
    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    QFont vf = m_verdict->font();
    vf.setBold(true);
    m_verdict->setFont(vf);
    layout->addWidget(m_verdict);
    makeAdviceArea(layout);
    m_errors = new QLabel(this);
    m_errors->setWordWrap(true);
    m_errors->setStyleSheet(QStringLiteral("color: #e05252;"));
    m_errors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_errors);
    makeWorkerTable(layout);
    layout->addStretch(0); // takes the room when the table is hidden (a profiler trace)
    retranslate();
}

void SummaryPanel::makeAdviceArea(QVBoxLayout* layout)
{
    // The advice with its Apply links, the model's advice, Prove it and Model this job, and the
    // proof's progress.
    m_advice = new QLabel(this);
    m_advice->setWordWrap(true);
    m_advice->setTextFormat(Qt::RichText);
    m_advice->setTextInteractionFlags(Qt::TextBrowserInteraction);
    connect(m_advice, &QLabel::linkActivated, this, [this](const QString& link) {
        // "apply:N": the N-th piece of advice.
        const int i = link.section(QLatin1Char(':'), 1).toInt();
        if (link.startsWith(QLatin1String("apply:")) && i >= 0 && i < int(m_summary.advice.size()))
            emit applyAdvice(m_summary.advice[size_t(i)]);
    });
    layout->addWidget(m_advice);
    m_modelAdvice = new QLabel(this);
    m_modelAdvice->setWordWrap(true);
    m_modelAdvice->setTextFormat(Qt::RichText);
    m_modelAdvice->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_modelAdvice->setVisible(false);
    connect(m_modelAdvice, &QLabel::linkActivated, this, [this](const QString& link) {
        if (link == QLatin1String("cancel-model"))
            emit modelAdviceCancelRequested();
    });
    layout->addWidget(m_modelAdvice);
    m_prove = new QPushButton(this);
    connect(m_prove, &QPushButton::clicked, this, &SummaryPanel::proveRequested);
    layout->addWidget(m_prove, 0, Qt::AlignLeft);
    m_model = new QPushButton(this);
    m_model->setVisible(false);
    connect(m_model, &QPushButton::clicked, this, &SummaryPanel::modelRequested);
    layout->addWidget(m_model);
    m_modelLine = new QLabel(this);
    m_modelLine->setWordWrap(true);
    m_modelLine->setTextFormat(Qt::RichText);
    m_modelLine->setVisible(false);
    layout->addWidget(m_modelLine);
    m_proofProgress = new QProgressBar(this);
    m_proofProgress->setVisible(false);
    layout->addWidget(m_proofProgress);
}

void SummaryPanel::makeWorkerTable(QVBoxLayout* layout)
{
    m_workerModel = new WorkerStatsModel(this);
    m_workerTable = new QTableView(this);
    m_workerTable->setModel(m_workerModel);
    m_workerTable->verticalHeader()->hide();
    m_workerTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The side dock is narrow: batches made shows in the samples cell's tooltip instead.
    m_workerTable->setColumnHidden(WorkerStatsModel::Batches, true);
    m_workerTable->setMinimumHeight(120);
    connect(m_workerTable->horizontalHeader(), &QHeaderView::sectionResized, this, &SummaryPanel::fitTable);
    connect(m_workerTable->horizontalHeader(), &QHeaderView::geometriesChanged, this, &SummaryPanel::fitTable);
    layout->addWidget(m_workerTable, 1);
}

void SummaryPanel::retranslate()
{
    const QString names[RowCount] = {tr("Source"), tr("The probe's own CPU"), tr("Samples/s"), tr("First batch"), tr("Data stall"),
                                     tr("Repeating slowdowns"), tr("GPU busy"),
                                     tr("Copy/compute overlap"), tr("H2D bandwidth"), tr("Workers busy"), tr("Worker time"),
                                     tr("Memory peak"), tr("Shared memory")};
    for (int i = 0; i < RowCount; ++i)
        m_names[i]->setText(names[i]);
    m_names[Memory]->setToolTip(SummaryText::memoryTermsHelp());
    m_names[Shm]->setToolTip(tr("Batch slots: the shared-memory segment's slots not free (each at its capacity). "
                                "/dev/shm: the file system the segment lives on; a small one (Docker's 64 MB) ends "
                                "runs with a bus error. Pinned: page-locked host memory for the copies."));
    m_values[WorkerTime]->setToolTip(tr("Mean over the workers, each a share of the loop's time: on a CPU core, ready but "
                                        "waiting for a core, off the CPU in the dataset (I/O), and waiting for an index"));
    m_model->setText(tr("Model this job"));
    m_model->setToolTip(tr("Fit the engine to what was observed (per-sample I/O and CPU time, batch size, the loader's "
                           "knobs) and run it: the sweep and Prove it can then try knobs on the model in seconds"));
    m_prove->setText(tr("Prove it: measure the advice"));
    m_prove->setToolTip(tr("Runs a short sweep around each advised knob (the current value, the advised one, one beyond), "
                           "three runs each, and reports the median samples/s and the spread before you change anything; "
                           "Apply is offered for a change that is faster beyond the spread"));
    render();
}

void SummaryPanel::clear()
{
    m_modelAvailable = false;
    m_modelAdviceText = {};
    m_modelAdviceState = ModelAdviceState::Stopped;
    m_readingNote.clear();
    m_summary = {};
    m_error.clear();
    m_failureLine.clear();
    m_final = false;
    m_empty = true;
    m_slowMotion = 1;
    m_runConfig = {};
    m_stale = false;
    render();
}

void SummaryPanel::setRunConfig(const QJsonObject& config)
{
    m_runConfig = config;
    m_stale = false;
    render();
}

void SummaryPanel::configEdited(const QJsonObject& config)
{
    const bool stale = !m_empty && !m_runConfig.isEmpty() && config != m_runConfig;
    if (stale == m_stale)
        return;
    m_stale = stale;
    render();
}

void SummaryPanel::showSummary(const loaderscope::RunSummary& s, bool final, double slowMotion)
{
    // Another run (a recording, a watched job) is not the configured one: no staleness to tell.
    // The same run shown again (Prove it's proof, another slow-motion label) keeps its config.
    if (s.engine_pid == 0 || s.engine_pid != m_summary.engine_pid) {
        m_runConfig = {};
        m_stale = false;
        m_readingNote.clear(); // an opened recording's is set after its summary (setReadingNote)
    }
    m_summary = s;
    m_slowMotion = slowMotion;
    m_final = final;
    m_empty = false;
    m_workerModel->setSummary(s);
    render();
    emit summaryShown(s, final);
}

void SummaryPanel::showError(const QString& message)
{
    m_error = message;
    render();
}

void SummaryPanel::setFailure(const QString& line)
{
    m_failureLine = line;
    render();
}

QString SummaryPanel::failureHeading(const QString& line)
{
    return tr("The job failed: %1").arg(line);
}

void SummaryPanel::setProofProgress(int done, int total, const QString& text)
{
    m_proofProgress->setVisible(total > 0);
    m_proofProgress->setMaximum(std::max(total, 1));
    m_proofProgress->setValue(done);
    m_proofProgress->setFormat(text.isEmpty() ? QStringLiteral("%v / %m") : text);
    m_prove->setEnabled(total == 0 && m_final);
}

void SummaryPanel::render()
{
    using namespace SummaryText;
    const auto& f = m_summary.figures;
    const bool trace = m_summary.source == "profiler";
    const bool have = !m_empty && (f.seconds > 0 || trace || f.batches > 0);
    // A run that did not finish (a failed job, a stopped run): its figures cover only what ran.
    const bool partial = !m_failureLine.isEmpty() || (m_final && partialRun(m_summary));
    m_failure->setVisible(!m_failureLine.isEmpty());
    m_failure->setText(QStringLiteral("<b>%1</b> <a href=\"details\">%2</a>")
                           .arg(failureHeading(m_failureLine).toHtmlEscaped(), tr("Details…").toHtmlEscaped()));
    // Figures from a record with holes (events lost: a reconnect, a slow stream) say so first.
    const QString unseen = m_empty ? QString() : unseenBatches(m_summary);
    m_title->setText(m_empty ? tr("Summary") : partial ? tr("Summary (partial: the run did not finish)")
                   : !unseen.isEmpty()               ? tr("Summary (partial: events were lost)")
                   : m_final                         ? tr("Summary (final)")
                                                     : tr("Summary (live)"));
    if (!m_empty && !partial && m_slowMotion > 1)
        m_title->setText(m_final ? tr("Summary (final, slowed ×%1)").arg(QLocale().toString(m_slowMotion, 'f', 0))
                                 : tr("Summary (live, slowed ×%1)").arg(QLocale().toString(m_slowMotion, 'f', 0)));
    m_staleLine->setVisible(m_stale);
    m_staleLine->setText(tr("Of the previous run: the configuration has changed since. Run it (F5) to see its own figures."));
    auto set = [this](int row, const QString& v) { m_values[row]->setText(v.isEmpty() ? QStringLiteral("–") : v); };
    set(Source, m_empty ? QString() : source(m_summary));
    m_values[Source]->setToolTip(QString::fromStdString(m_summary.backend_note));
    // A watched job only: what watching cost it (its hooks and threads), flagged past 5 %.
    const QString cost = m_empty ? QString() : probeCostValue(m_summary);
    set(ProbeCost, cost);
    m_form->setRowVisible(int(ProbeCost), !cost.isEmpty()); // Qt 6.4 and later
    const QString samples = have && !trace ? rate(f.samples_per_s) : QString();
    set(Samples, partial && !samples.isEmpty() ? partialFigure(samples) : samples);
    set(FirstBatch, have && f.first_batch_s ? duration(*f.first_batch_s) : QString());
    set(Stall, have && m_summary.data_stall_measured ? percent(f.data_stall_fraction) : QString());
    // Only when the loop's slow steps repeat (every N steps, at each epoch's start: issue 49).
    const QString repeating = have ? repeatingSlowdowns(m_summary) : QString();
    set(Repeating, repeating);
    m_form->setRowVisible(int(Repeating), !repeating.isEmpty());
    // Only where a device works: the engine's (simulated or CUDA), or a trace or job with kernels.
    set(GpuBusy, have && (f.kernel_s > 0 || m_summary.source == "engine") ? percent(f.gpu_busy_fraction) : QString());
    set(Overlap, have && f.overlap_fraction ? percent(*f.overlap_fraction) : QString());
    set(H2D, have && f.h2d_gbps ? bandwidth(*f.h2d_gbps) : QString());
    set(Workers, have ? workersBusy(m_summary) : QString());
    set(WorkerTime, have ? workerTime(m_summary) : QString());
    set(Memory, have ? memoryPeaks(m_summary) : QString());
    set(Shm, have ? sharedMemory(m_summary) : QString());
    m_values[Memory]->setToolTip(memoryTermsHelp());
    m_workerTable->setVisible(!trace); // a profiler trace holds no worker of ours
    const QString v = verdict(m_summary);
    const QString verdictLine = !have || v.isEmpty() ? QString() : partial ? partialVerdict(v) : tr("Verdict: %1").arg(v);
    m_verdict->setText(unseen.isEmpty() ? verdictLine : unseen + QLatin1Char('\n') + verdictLine);
    QStringList items;
    bool anyKnob = false;
    for (size_t i = 0; i < m_summary.advice.size(); ++i) {
        const loaderscope::Advice& a = m_summary.advice[i];
        // The closed formula's worker-count advice: the model's sweep, once it ended, replaces it;
        // until then it is the first guess.
        const bool formula = SummaryText::isWorkerFormula(a);
        if (formula && m_modelAdviceText && m_modelAdviceState == ModelAdviceState::Done)
            continue;
        QString item = QStringLiteral("• ") + advice(a).toHtmlEscaped();
        if (formula && m_modelAdviceText && m_modelAdviceState == ModelAdviceState::Checking)
            item += QLatin1Char(' ') + tr("(a first guess: the model of your job is checking it)").toHtmlEscaped();
        // A real job's knobs are in its script: no Apply (model the job to try them here). Apply
        // is offered only once Prove it confirmed the change beyond the spread of its runs.
        if (!a.knob.empty() && !a.suggest.isNone() && m_summary.source != "pytorch") {
            anyKnob = true;
            if (a.proof && a.proof->confirmed)
                item += QStringLiteral(" <a href=\"apply:%1\">%2</a>").arg(i).arg(tr("Apply").toHtmlEscaped());
        }
        const QString p = proof(a);
        if (!p.isEmpty())
            item += QStringLiteral("<br>&nbsp;&nbsp;<i>") + p.toHtmlEscaped() + QStringLiteral("</i>");
        items << item;
    }
    m_advice->setText(items.isEmpty() ? QString() : tr("What to change:") + QStringLiteral("<br>") + items.join(QStringLiteral("<br>")));
    m_modelAdvice->setText(m_modelAdviceText ? m_modelAdviceText() : QString());
    m_modelAdvice->setVisible(!m_modelAdvice->text().isEmpty());
    m_prove->setVisible(m_final && anyKnob && m_summary.source == "engine");
    m_model->setVisible(m_final && m_modelAvailable && m_summary.source == "pytorch");
    m_prove->setEnabled(!m_proofProgress->isVisible());
    QStringList errors;
    for (const std::string& e : m_summary.errors) // a worker's traceback: its first line (the rest is in Details)
        errors << (m_failureLine.isEmpty() ? QString::fromStdString(e) : QString::fromStdString(e).section(QLatin1Char('\n'), 0, 0));
    for (const std::string& w : m_summary.warnings)
        if (w.find("events were lost") != std::string::npos)
            errors << QString::fromStdString(w);
    if (!m_readingNote.isEmpty())
        errors << m_readingNote;
    // A failure's whole message (a traceback) is behind the heading's Details, not spelled out here.
    if (!m_error.isEmpty() && !errors.contains(m_error) && m_failureLine.isEmpty())
        errors << m_error;
    m_errors->setText(errors.join(QLatin1Char('\n')));
    fitHeightToWidth();
}

void SummaryPanel::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    fitHeightToWidth();
}

void SummaryPanel::fitHeightToWidth()
{
    if (layout() && layout()->hasHeightForWidth())
        setMinimumHeight(layout()->totalHeightForWidth(width()));
}

void SummaryPanel::setModelAvailable(bool available)
{
    m_modelAvailable = available;
    render();
}

void SummaryPanel::setModelComparison(const QString& text)
{
    m_modelLine->setText(text);
    m_modelLine->setVisible(!text.isEmpty());
}

QString SummaryPanel::modelComparison() const
{
    return m_modelLine->text();
}

void SummaryPanel::setModelAdvice(std::function<QString()> html, ModelAdviceState state)
{
    m_modelAdviceText = std::move(html);
    m_modelAdviceState = state;
    render();
}

QString SummaryPanel::modelAdvice() const
{
    return m_modelAdvice->text();
}

void SummaryPanel::setReadingNote(const QString& note)
{
    m_readingNote = note;
    render();
}

SummaryText::ModelLine SummaryPanel::modelAdviceLine() const
{
    if (!m_modelAdviceText || m_modelAdviceState == ModelAdviceState::Checking)
        return {};
    // One line of plain text: the label's line breaks (<br>: U+2028 once converted) as spaces.
    QString text = QTextDocumentFragment::fromHtml(m_modelAdviceText()).toPlainText();
    text.replace(QChar::LineSeparator, QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
    return {text.trimmed(), m_modelAdviceState == ModelAdviceState::Done};
}

QStringList SummaryPanel::lines() const
{
    QStringList out;
    if (!m_failureLine.isEmpty())
        out << failureHeading(m_failureLine);
    out << m_title->text();
    if (m_stale)
        out << m_staleLine->text();
    if (!m_empty) {
        loaderscope::RunSummary shown = m_summary;
        if (!m_failureLine.isEmpty()) {
            shown.exit_code = shown.exit_code != 0 ? shown.exit_code : 1; // figures of the part that ran
            for (std::string& e : shown.errors) // a worker's traceback: its first line (the rest is in Details)
                e = e.substr(0, e.find('\n'));
        }
        out += SummaryText::lines(shown, modelAdviceLine(), readingNotes());
    }
    if (!m_error.isEmpty() && m_failureLine.isEmpty())
        out << m_error;
    return out;
}

void SummaryPanel::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

void SummaryPanel::setTableWhole(bool whole)
{
    m_tableWhole = whole;
    fitTable();
}

void SummaryPanel::fitTable()
{
    // Every column whole ("peak" was cut at 1920 px): beside the timeline the table is as wide as
    // its columns, and the dock (DockLayout) as wide as the panel. Tabbed on a narrow window the
    // table scrolls sideways on its own, so the sentences above it wrap to what is in view.
    const QHeaderView* h = m_workerTable->horizontalHeader();
    m_workerTable->setMinimumWidth(m_tableWhole ? h->length() + 2 * m_workerTable->frameWidth() +
                                                      m_workerTable->verticalScrollBar()->sizeHint().width()
                                                : 0);
}
