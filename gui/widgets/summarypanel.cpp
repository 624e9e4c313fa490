// SPDX-License-Identifier: MIT
#include "summarypanel.h"

#include <QEvent>
#include <QLocale>
#include <QFormLayout>
#include <QHeaderView>
#include <QTableView>
#include "core/workerstatsmodel.h"
#include <QJsonArray>
#include <QLabel>
#include <QVBoxLayout>

namespace {
enum Row { Backend, Samples, FirstBatch, Stall, GpuBusy, Overlap, H2D, Workers, RowCount };

QString pct(double f)
{
    // Locale digits (Turkish writes a decimal comma).
    return QLocale().toString(f * 100.0, 'f', 1) + QStringLiteral(" %");
}
} // namespace

SummaryPanel::SummaryPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    QFont tf = m_title->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.15);
    m_title->setFont(tf);
    layout->addWidget(m_title);
    m_form = new QFormLayout;
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
    m_recommendations = new QLabel(this);
    m_recommendations->setWordWrap(true);
    m_recommendations->setTextFormat(Qt::RichText);
    layout->addWidget(m_recommendations);
    m_errors = new QLabel(this);
    m_errors->setWordWrap(true);
    m_errors->setStyleSheet(QStringLiteral("color: #e05252;"));
    m_errors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_errors);
    m_workerModel = new WorkerStatsModel(this);
    m_workerTable = new QTableView(this);
    m_workerTable->setModel(m_workerModel);
    m_workerTable->verticalHeader()->hide();
    m_workerTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_workerTable->setMinimumHeight(120);
    layout->addWidget(m_workerTable, 1);
    retranslate();
}

void SummaryPanel::retranslate()
{
    const QString names[RowCount] = {tr("GPU"), tr("Samples/s"), tr("First batch"), tr("Data stall"),
                                     tr("GPU busy"), tr("Copy/compute overlap"), tr("H2D bandwidth"), tr("Workers busy")};
    for (int i = 0; i < RowCount; ++i)
        m_names[i]->setText(names[i]);
    if (m_hasFinal)
        showFinal(m_final);
    else
        showLive(m_live);
}

void SummaryPanel::setRow(int row, const QString& value)
{
    m_values[row]->setText(value.isEmpty() ? QStringLiteral("–") : value);
}

void SummaryPanel::clear()
{
    m_hasFinal = false;
    m_live = {};
    for (int i = 0; i < RowCount; ++i)
        setRow(i, {});
    m_title->setText(tr("Summary"));
    m_verdict->clear();
    m_recommendations->clear();
    m_errors->clear();
}

void SummaryPanel::setTraceModel(const TraceModel* model)
{
    m_workerModel->setSource(model);
}

void SummaryPanel::showLive(const LiveMetrics& m)
{
    m_workerModel->refresh();
    m_live = m;
    m_hasFinal = false;
    m_title->setText(tr("Summary (live)"));
    if (m.seconds > 0)
        setRow(Backend, m.simulatedDevice ? tr("simulated GPU (a model, not a device)") : tr("CUDA device"));
    setRow(Samples, m.seconds > 0 ? QString::number(m.samplesPerS, 'f', 0) : QString());
    setRow(Stall, m.seconds > 0 ? pct(m.dataStall) : QString());
    setRow(GpuBusy, m.seconds > 0 ? pct(m.gpuBusy) : QString());
    QStringList workers;
    for (int w = 0; w < m.workerBusy.size(); ++w)
        workers << QStringLiteral("%1: %2").arg(w).arg(pct(m.workerBusy[w]));
    setRow(Workers, workers.join(QStringLiteral(", ")));
    m_verdict->setText(m.verdict.isEmpty() ? QString() : tr("Verdict: %1").arg(m.verdict));
}

QStringList SummaryPanel::summaryLines(const QJsonObject& s)
{
    QStringList out;
    auto num = [&](const char* key) { return s.value(QLatin1String(key)); };
    const QString backend = num("backend").toString();
    out << tr("GPU: %1").arg(backend == QLatin1String("sim") ? tr("simulated (a model, not a device)")
                                                              : backend == QLatin1String("cuda") ? tr("CUDA device") : backend);
    out << tr("Samples/s: %1").arg(num("samples_per_s").toDouble(), 0, 'f', 0);
    if (num("first_batch_s").isDouble())
        out << tr("First batch: %1 ms").arg(num("first_batch_s").toDouble() * 1e3, 0, 'f', 1);
    out << tr("Data stall: %1").arg(pct(num("data_stall_fraction").toDouble()));
    out << tr("GPU busy: %1").arg(pct(num("gpu_busy_fraction").toDouble()));
    if (num("overlap_fraction").isDouble())
        out << tr("Copy/compute overlap: %1").arg(pct(num("overlap_fraction").toDouble()));
    if (num("h2d_gbps").isDouble())
        out << tr("H2D bandwidth: %1 GB/s").arg(num("h2d_gbps").toDouble(), 0, 'f', 1);
    return out;
}

void SummaryPanel::showFinal(const QJsonObject& s)
{
    m_workerModel->refresh();
    m_final = s;
    m_hasFinal = true;
    m_title->setText(tr("Summary (final)"));
    const QString backend = s.value(QStringLiteral("backend")).toString();
    setRow(Backend, backend == QLatin1String("sim") ? tr("simulated GPU (a model, not a device)")
                    : backend == QLatin1String("cuda") ? tr("CUDA device")
                                                       : backend);
    m_values[Backend]->setToolTip(s.value(QStringLiteral("backend_note")).toString());
    setRow(Samples, QString::number(s.value(QStringLiteral("samples_per_s")).toDouble(), 'f', 0));
    const QJsonValue fb = s.value(QStringLiteral("first_batch_s"));
    setRow(FirstBatch, fb.isDouble() ? tr("%1 ms").arg(fb.toDouble() * 1e3, 0, 'f', 1) : QString());
    setRow(Stall, pct(s.value(QStringLiteral("data_stall_fraction")).toDouble()));
    setRow(GpuBusy, pct(s.value(QStringLiteral("gpu_busy_fraction")).toDouble()));
    const QJsonValue ov = s.value(QStringLiteral("overlap_fraction"));
    setRow(Overlap, ov.isDouble() ? pct(ov.toDouble()) : QString());
    const QJsonValue gb = s.value(QStringLiteral("h2d_gbps"));
    setRow(H2D, gb.isDouble() ? tr("%1 GB/s").arg(gb.toDouble(), 0, 'f', 1) : QString());
    QStringList workers;
    const QJsonArray busy = s.value(QStringLiteral("worker_busy_fraction")).toArray();
    for (int w = 0; w < busy.size(); ++w)
        workers << QStringLiteral("%1: %2").arg(w).arg(pct(busy[w].toDouble()));
    setRow(Workers, workers.join(QStringLiteral(", ")));
    m_verdict->setText(tr("Verdict: %1").arg(translateVerdict(s.value(QStringLiteral("verdict")).toString())));
    QStringList recs;
    for (const auto& r : s.value(QStringLiteral("recommendations")).toArray())
        recs << QStringLiteral("• ") + translateRecommendation(r.toString()).toHtmlEscaped();
    m_recommendations->setText(recs.isEmpty() ? QString() : tr("What to change:") + QStringLiteral("<br>") + recs.join(QStringLiteral("<br>")));
    QStringList errors;
    for (const auto& e : s.value(QStringLiteral("errors")).toArray())
        errors << e.toString();
    m_errors->setText(errors.join(QLatin1Char('\n')));
}

void SummaryPanel::showError(const QString& message)
{
    m_errors->setText(message);
}

QStringList SummaryPanel::lines() const
{
    QStringList out;
    out << m_title->text();
    for (int i = 0; i < RowCount; ++i)
        if (m_values[i]->text() != QLatin1String("–"))
            out << m_names[i]->text() + QStringLiteral(": ") + m_values[i]->text();
    if (!m_verdict->text().isEmpty())
        out << m_verdict->text();
    for (const auto& r : m_final.value(QStringLiteral("recommendations")).toArray())
        out << QStringLiteral("• ") + translateRecommendation(r.toString());
    if (!m_errors->text().isEmpty())
        out << m_errors->text();
    return out;
}

void SummaryPanel::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}
