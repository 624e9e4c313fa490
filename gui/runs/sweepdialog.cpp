// SPDX-License-Identifier: MIT
#include "sweepdialog.h"

#include "timeline/apptheme.h"
#include "timeline/counterchartview.h"

#include "common/model/progresstext.h"
#include "common/model/spreadtext.h"
#include "common/model/summarytext.h"
#include "common/model/userfiles.h"

#include "loaderscope/analysis/sweep.h"
#include "loaderscope/base/temp_dir.h"

#include <QBarCategoryAxis>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QMessageBox>
#include <QPen>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QValueAxis>

#include <algorithm>

namespace {
/// The knob as the dialog lists it: "num_workers", "train.non_blocking" (loader knobs go bare).
QString knobLabel(const char* path)
{
    const QString p = QString::fromLatin1(path);
    return p.startsWith(QLatin1String("loader.")) ? p.mid(7) : p;
}
} // namespace

SweepDialog::SweepDialog(const QByteArray& configJson, const QString& enginePath, QWidget* parent)
    : QDialog(parent), m_config(configJson), m_engine(enginePath)
{
    setWindowTitle(tr("Parameter sweep"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(makeKnobForm());
    layout->addLayout(makeButtons());
    m_progress = new QProgressBar(this);
    m_progress->setFormat(SummaryText::progressBarFormat()); // "%40" in Turkish
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    m_chart = new QChartView(new QChart, this);
    styleChart(m_chart->chart(), AppTheme::current()); // the empty chart too: no white box in dark
    m_chart->setBackgroundBrush(AppTheme::current().background);
    // Tall enough for the vertical axis titles whole at any text size: Qt Charts elides a title
    // longer than the plot ("veri bekle…" with Large fonts at 260 px).
    m_chart->setMinimumHeight(std::max(260, fontMetrics().lineSpacing() * 16));
    layout->addWidget(m_chart, 2);
    m_table = new QTableWidget(this);
    layout->addWidget(m_table, 1);
    connectButtons();
    resize(900, 760);
}

QFormLayout* SweepDialog::makeKnobForm()
{
    auto* form = new QFormLayout;
    for (int k = 0; k < 2; ++k) {
        m_knob[k] = new QComboBox(this);
        for (const loaderscope::SweepKnobInfo& knob : loaderscope::sweepKnobs())
            m_knob[k]->addItem(knobLabel(knob.path));
        m_values[k] = new QLineEdit(this);
        m_values[k]->setPlaceholderText(tr("values, separated by commas"));
        auto* row = new QHBoxLayout;
        row->addWidget(m_knob[k]);
        row->addWidget(m_values[k], 1);
        if (k == 0) {
            form->addRow(tr("Vary"), row);
        } else {
            m_second = new QCheckBox(tr("and"), this);
            form->addRow(m_second, row);
        }
        connect(m_knob[k], &QComboBox::currentIndexChanged, this, [this, k](int i) {
            m_values[k]->setText(QString::fromLatin1(loaderscope::sweepKnobs()[size_t(i)].defaults));
        });
    }
    m_knob[1]->setCurrentIndex(3);
    m_values[0]->setText(QString::fromLatin1(loaderscope::sweepKnobs()[0].defaults));
    m_values[1]->setText(QString::fromLatin1(loaderscope::sweepKnobs()[3].defaults));
    m_batches = new QSpinBox(this);
    m_batches->setRange(5, 100000);
    m_batches->setValue(50);
    form->addRow(tr("Batches per run"), m_batches);
    m_repeats = new QSpinBox(this);
    m_repeats->setRange(1, 20);
    m_repeats->setValue(3); // the engine's default: a median and a spread
    m_repeats->setToolTip(tr("Each combination is run this many times. The table shows the median and the spread; "
                             "the best is applied only when it is faster beyond the spread."));
    form->addRow(tr("Runs per combination"), m_repeats);
    return form;
}

QHBoxLayout* SweepDialog::makeButtons()
{
    auto* buttons = new QHBoxLayout;
    m_run = new QPushButton(tr("Run the sweep"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_exportCsv = new QPushButton(tr("Export CSV…"), this);
    m_exportJson = new QPushButton(tr("Export JSON…"), this);
    m_apply = new QPushButton(tr("Apply best to the configuration"), this);
    m_apply->setEnabled(false);
    m_cancel->setEnabled(false);
    m_exportCsv->setEnabled(false);
    m_exportJson->setEnabled(false);
    for (auto* b : {m_run, m_cancel, m_exportCsv, m_exportJson, m_apply})
        buttons->addWidget(b);
    return buttons;
}

void SweepDialog::connectButtons()
{
    connect(m_run, &QPushButton::clicked, this, &SweepDialog::start);
    connect(m_apply, &QPushButton::clicked, this, [this] {
        try {
            const loaderscope::SweepResult r =
                loaderscope::parseSweepJson(QJsonDocument(m_result).toJson(QJsonDocument::Compact).toStdString());
            if (r.best < 0 || !r.confirmed)
                return;
            std::vector<std::pair<std::string, loaderscope::KnobValue>> knobs;
            for (size_t k = 0; k < r.knobs.size(); ++k)
                knobs.emplace_back(r.knobs[k].path, r.rows[size_t(r.best)].values[k]);
            emit applyBest(knobs);
            m_status->setText(tr("The best combination is now in the configuration."));
        } catch (const std::exception&) {
        }
    });
    connect(m_cancel, &QPushButton::clicked, this, &SweepDialog::cancel);
    connect(&m_command, &EngineCommand::progress, this, [this](int done, int total, const QString& what) {
        m_progress->setMaximum(total);
        m_progress->setValue(done);
        m_status->setText(tr("Ran %1 of %2: %3").arg(QString::number(done), QString::number(total), SummaryText::progress(what)));
    });
    connect(&m_command, &EngineCommand::line, m_status, &QLabel::setText);
    connect(&m_command, &EngineCommand::finished, this, &SweepDialog::onFinished);
    connect(&m_command, &EngineCommand::failedToStart, this, [this](const QString& message) {
        m_status->setText(message);
        m_run->setEnabled(true);
        m_cancel->setEnabled(false);
    });
    auto exportAs = [this](const QString& filter, const QString& name) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the sweep"), name, filter);
        QString error;
        if (!path.isEmpty() && !exportTo(path, &error))
            QMessageBox::warning(this, tr("Export the sweep"), error);
    };
    connect(m_exportCsv, &QPushButton::clicked, this, [exportAs] { exportAs(tr("CSV (*.csv)"), QStringLiteral("sweep.csv")); });
    connect(m_exportJson, &QPushButton::clicked, this, [exportAs] { exportAs(tr("JSON (*.json)"), QStringLiteral("sweep.json")); });
}

SweepDialog::~SweepDialog() = default; // m_command ends a running sweep and removes its folder

void SweepDialog::setKnob(int which, const QString& knob, const QString& values)
{
    m_knob[which]->setCurrentText(knob);
    m_values[which]->setText(values);
    if (which == 1)
        m_second->setChecked(!knob.isEmpty());
}

void SweepDialog::setBatches(int n)
{
    m_batches->setValue(n);
}

void SweepDialog::setRepeats(int n)
{
    m_repeats->setValue(n);
}

bool SweepDialog::running() const
{
    return m_command.running();
}

void SweepDialog::start()
{
    if (running())
        return;
    const QString cfg = m_command.prepare() ? m_command.writeFile(QStringLiteral("config.json"), m_config) : QString();
    if (cfg.isEmpty()) {
        m_status->setText(m_command.errorText());
        return;
    }
    QStringList args{QStringLiteral("sweep"), QStringLiteral("--config"), cfg,
                     QStringLiteral("--vary"), m_knob[0]->currentText() + QLatin1Char('=') + m_values[0]->text().remove(QLatin1Char(' '))};
    if (m_second->isChecked() && m_knob[1]->currentText() != m_knob[0]->currentText())
        args << QStringLiteral("--vary") << m_knob[1]->currentText() + QLatin1Char('=') + m_values[1]->text().remove(QLatin1Char(' '));
    args << QStringLiteral("--batches") << QString::number(m_batches->value()) << QStringLiteral("--repeats")
         << QString::number(m_repeats->value()) << QStringLiteral("--out") << m_command.dir() + QStringLiteral("/sweep.json");
    m_progress->setValue(0);
    m_status->setText(tr("Running…"));
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_apply->setEnabled(false);
    m_command.start(m_engine, args);
}

void SweepDialog::cancel()
{
    m_command.cancel(); // the sweep stops its current run in order and writes what it has
}

void SweepDialog::onFinished(int exitCode, QProcess::ExitStatus)
{
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    m_result = QJsonDocument::fromJson(m_command.readFile(QStringLiteral("sweep.json"))).object();
    if (m_result.isEmpty()) {
        m_status->setText(exitCode == 2 ? tr("The sweep was refused: check the knob values.") : tr("The sweep ended without results."));
    } else {
        const bool complete = m_result.value(QStringLiteral("complete")).toBool();
        if (complete)
            m_progress->setValue(m_progress->maximum());
        QString status = complete ? tr("Sweep complete.") : tr("Sweep cancelled: the runs so far are shown.");
        for (const auto& k : m_result.value(QStringLiteral("best_at_edge")).toArray())
            status += QLatin1Char(' ') + tr("The best %1 is at the edge of the values tried: the peak may lie beyond them; "
                                            "extend the range.").arg(k.toString().section(QLatin1Char('.'), -1));
        status += QLatin1Char(' ') + bestVerdict();
        m_status->setText(status);
        showResult();
    }
    m_exportCsv->setEnabled(!m_result.isEmpty());
    m_exportJson->setEnabled(!m_result.isEmpty());
    // Only a best that beat the spread is worth a change (one-run sweeps applied noise).
    m_apply->setEnabled(m_result.value(QStringLiteral("best")).toInt(-1) >= 0 && m_result.value(QStringLiteral("confirmed")).toBool());
    emit finished();
}

QString SweepDialog::bestVerdict() const
{
    const QJsonArray rows = m_result.value(QStringLiteral("results")).toArray();
    const int best = m_result.value(QStringLiteral("best")).toInt(-1);
    if (best < 0 || best >= rows.size())
        return {};
    auto spreadOf = [](const QJsonObject& o) {
        std::vector<double> runs;
        for (const auto& r : o.value(QStringLiteral("runs")).toArray())
            runs.push_back(r.toDouble());
        return loaderscope::Spread::of(runs);
    };
    const loaderscope::Spread b = spreadOf(rows[best].toObject());
    if (m_result.value(QStringLiteral("confirmed")).toBool())
        return tr("The best, %1 samples/s, is faster beyond the spread of the runs: confirmed.").arg(SummaryText::rateSpread(b));
    const int current = m_result.value(QStringLiteral("current")).toInt(-1);
    if (current == best)
        return tr("The configuration's own values are the best (%1 samples/s): nothing to change.").arg(SummaryText::rateSpread(b));
    if (b.runs < 2)
        return tr("The best, %1 samples/s, was measured once: not confirmed (run each combination at least twice).")
            .arg(SummaryText::rate(b.median));
    const QString other = current >= 0 && current < rows.size()
                              ? SummaryText::rateSpread(spreadOf(rows[current].toObject()))
                              : QString();
    return other.isEmpty()
               ? tr("The best, %1 samples/s, is within the spread of another combination: not confirmed.").arg(SummaryText::rateSpread(b))
               : tr("The best, %1 samples/s, is within the spread of the configuration's own values (%2): not confirmed.")
                     .arg(SummaryText::rateSpread(b), other);
}

namespace {

/// The chart of the sweep: the median samples/s with the slowest and fastest run dashed around it
/// (left axis, from zero) and the data stall (right axis, percent), one category per combination.
QChart* rateChart(QLineSeries* rate, QLineSeries* slowest, QLineSeries* fastest, QLineSeries* stall, const QStringList& labels)
{
    QChart* chart = new QChart;
    chart->setTitle(SweepDialog::tr("Samples/s and data stall per combination (★ best)"));
    chart->addSeries(rate);
    for (QLineSeries* bound : {slowest, fastest}) {
        QPen pen(rate->color()); // the median's colour, set by the theme when it was added
        pen.setWidthF(1);
        pen.setStyle(Qt::DashLine);
        bound->setPen(pen);
        chart->addSeries(bound);
    }
    chart->addSeries(stall);
    // The legend draws each line as it is drawn (solid, dashed), and the spread once: the
    // slowest and fastest runs share the median's colour, three like squares read as one.
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    for (QLegendMarker* m : chart->legend()->markers(fastest))
        m->setVisible(false);
    auto* x = new QBarCategoryAxis;
    x->append(labels);
    auto* yRate = new QValueAxis;
    yRate->setTitleText(SweepDialog::tr("samples/s"));
    // Whole samples/s on round ticks (not "2470.9"), from zero so bars compare by height.
    double top = 1;
    for (const QLineSeries* series : {rate, fastest})
        for (const QPointF& p : series->points())
            top = std::max(top, p.y());
    yRate->setRange(0, top * 1.05);
    yRate->applyNiceNumbers();
    yRate->setLabelFormat(QStringLiteral("%.0f"));
    auto* yStall = new QValueAxis;
    yStall->setTitleText(SweepDialog::tr("data stall (%)"));
    yStall->setRange(0, 100);
    yStall->setTickCount(6);
    yStall->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(yRate, Qt::AlignLeft);
    chart->addAxis(yStall, Qt::AlignRight);
    rate->attachAxis(x);
    rate->attachAxis(yRate);
    stall->attachAxis(x);
    stall->attachAxis(yStall);
    for (QLineSeries* bound : {slowest, fastest}) {
        bound->attachAxis(x);
        bound->attachAxis(yRate);
    }
    styleChart(chart, AppTheme::current()); // light or dark as the app (it stayed white in dark)
    return chart;
}

} // namespace

void SweepDialog::showResult()
{
    const QJsonArray knobs = m_result.value(QStringLiteral("knobs")).toArray();
    const QJsonArray rows = m_result.value(QStringLiteral("results")).toArray();
    const QStringList metrics{QStringLiteral("samples_per_s"), QStringLiteral("runs"), QStringLiteral("data_stall_fraction"),
                              QStringLiteral("gpu_busy_fraction"), QStringLiteral("verdict"), QStringLiteral("error")};
    m_table->clear();
    m_table->setRowCount(int(rows.size()));
    m_table->setColumnCount(int(knobs.size() + metrics.size()));
    QStringList headers;
    for (const auto& k : knobs)
        headers << k.toString();
    headers << tr("samples/s (median)") << tr("spread (slowest–fastest)") << tr("data stall") << tr("GPU busy") << tr("verdict") << tr("error");
    m_table->setHorizontalHeaderLabels(headers);
    auto* rate = new QLineSeries;
    rate->setName(tr("samples/s"));
    // The spread: the slowest and the fastest run of each combination, drawn thin around the median.
    auto* slowest = new QLineSeries;
    slowest->setName(tr("slowest and fastest run"));
    auto* fastest = new QLineSeries;
    fastest->setName(tr("fastest run"));
    auto* stall = new QLineSeries;
    stall->setName(tr("data stall (%)"));
    QStringList labels;
    for (int r = 0; r < rows.size(); ++r) {
        const QJsonObject o = rows[r].toObject();
        QStringList label;
        int c = 0;
        for (const auto& k : knobs) {
            const QJsonValue v = o.value(k.toString());
            const QString text = v.isString() ? v.toString() : QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
            label << text;
            m_table->setItem(r, c++, new QTableWidgetItem(text));
        }
        const bool best = o.value(QStringLiteral("best")).toBool();
        labels << label.join(QStringLiteral(" / ")) + (best ? QStringLiteral(" ★") : QString());
        m_table->setItem(r, c++, new QTableWidgetItem(SummaryText::rate(o.value(QStringLiteral("samples_per_s")).toDouble())));
        std::vector<double> runs;
        for (const auto& run : o.value(QStringLiteral("runs")).toArray())
            runs.push_back(run.toDouble());
        const loaderscope::Spread sp = loaderscope::Spread::of(runs);
        m_table->setItem(r, c++, new QTableWidgetItem(sp.runs >= 2 ? tr("%1–%2 (%3 runs)").arg(SummaryText::rate(sp.min), SummaryText::rate(sp.max)).arg(sp.runs)
                                                                  : QString()));
        m_table->setItem(r, c++, new QTableWidgetItem(SummaryText::percent(o.value(QStringLiteral("data_stall_fraction")).toDouble())));
        m_table->setItem(r, c++, new QTableWidgetItem(SummaryText::percent(o.value(QStringLiteral("gpu_busy_fraction")).toDouble())));
        m_table->setItem(r, c++, new QTableWidgetItem(SummaryText::verdict(o.value(QStringLiteral("verdict")).toString())));
        m_table->setItem(r, c++, new QTableWidgetItem(o.value(QStringLiteral("error")).toString()));
        if (best)
            for (int k = 0; k < m_table->columnCount(); ++k) {
                QFont f = m_table->item(r, k)->font();
                f.setBold(true);
                m_table->item(r, k)->setFont(f);
            }
        rate->append(r, o.value(QStringLiteral("samples_per_s")).toDouble());
        if (sp.runs >= 2) {
            slowest->append(r, sp.min);
            fastest->append(r, sp.max);
        }
        stall->append(r, o.value(QStringLiteral("data_stall_fraction")).toDouble() * 100);
    }
    m_table->resizeColumnsToContents();
    QChart* chart = rateChart(rate, slowest, fastest, stall, labels);
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

bool SweepDialog::exportTo(const QString& path, QString* error) const
{
    QByteArray bytes;
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        bytes = QJsonDocument(m_result).toJson();
    } else {
        // CSV: the engine's own writer (the same file `loaderscope-engine sweep --out FILE.csv` makes).
        try {
            bytes = QByteArray::fromStdString(
                loaderscope::sweepCsv(loaderscope::parseSweepJson(QJsonDocument(m_result).toJson(QJsonDocument::Compact).toStdString())));
        } catch (const std::exception& e) {
            if (error)
                *error = QString::fromStdString(e.what());
            return false;
        }
    }
    // Written whole by the output rule (common/model/userfiles.h).
    QString why;
    if (UserFiles::write(path, bytes, &why))
        return true;
    if (error)
        *error = tr("The sweep was not written: %1").arg(why);
    return false;
}
