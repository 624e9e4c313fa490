// SPDX-License-Identifier: MIT
#include "sweepdialog.h"

#include "core/livemetrics.h"

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
#include <QLineSeries>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QValueAxis>

namespace {
const char* kKnobs[] = {"num_workers", "prefetch_factor", "batch_size", "pin_memory", "persistent_workers",
                        "multiprocessing_context", "in_order"};
const char* kDefaults[] = {"0,1,2,4,8", "1,2,4", "8,32,128", "false,true,shared", "false,true", "fork,spawn", "true,false"};
} // namespace

SweepDialog::SweepDialog(const QByteArray& configJson, const QString& enginePath, QWidget* parent)
    : QDialog(parent), m_config(configJson), m_engine(enginePath)
{
    setWindowTitle(tr("Parameter sweep"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    for (int k = 0; k < 2; ++k) {
        m_knob[k] = new QComboBox(this);
        for (const char* name : kKnobs)
            m_knob[k]->addItem(QString::fromLatin1(name));
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
            m_values[k]->setText(QString::fromLatin1(kDefaults[i]));
        });
    }
    m_knob[1]->setCurrentIndex(3);
    m_values[0]->setText(QString::fromLatin1(kDefaults[0]));
    m_values[1]->setText(QString::fromLatin1(kDefaults[3]));
    m_batches = new QSpinBox(this);
    m_batches->setRange(5, 100000);
    m_batches->setValue(50);
    form->addRow(tr("Batches per run"), m_batches);
    layout->addLayout(form);
    auto* buttons = new QHBoxLayout;
    m_run = new QPushButton(tr("Run the sweep"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_exportCsv = new QPushButton(tr("Export CSV…"), this);
    m_exportJson = new QPushButton(tr("Export JSON…"), this);
    m_cancel->setEnabled(false);
    m_exportCsv->setEnabled(false);
    m_exportJson->setEnabled(false);
    for (auto* b : {m_run, m_cancel, m_exportCsv, m_exportJson})
        buttons->addWidget(b);
    layout->addLayout(buttons);
    m_progress = new QProgressBar(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    m_chart = new QChartView(new QChart, this);
    m_chart->chart()->setAnimationOptions(QChart::NoAnimation);
    m_chart->setMinimumHeight(260);
    layout->addWidget(m_chart, 2);
    m_table = new QTableWidget(this);
    layout->addWidget(m_table, 1);
    connect(m_run, &QPushButton::clicked, this, &SweepDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &SweepDialog::cancel);
    auto exportAs = [this](const QString& filter, const QString& name) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the sweep"), name, filter);
        QString error;
        if (!path.isEmpty() && !exportTo(path, &error))
            QMessageBox::warning(this, tr("Export the sweep"), error);
    };
    connect(m_exportCsv, &QPushButton::clicked, this, [exportAs] { exportAs(tr("CSV (*.csv)"), QStringLiteral("sweep.csv")); });
    connect(m_exportJson, &QPushButton::clicked, this, [exportAs] { exportAs(tr("JSON (*.json)"), QStringLiteral("sweep.json")); });
    resize(900, 760);
}

SweepDialog::~SweepDialog()
{
    if (m_proc && m_proc->state() != QProcess::NotRunning) {
        m_proc->disconnect(this);
        m_proc->terminate();
        m_proc->waitForFinished(5000);
    }
}

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

bool SweepDialog::running() const
{
    return m_proc && m_proc->state() != QProcess::NotRunning;
}

void SweepDialog::start()
{
    if (running())
        return;
    m_dir = std::make_unique<QTemporaryDir>();
    QFile cfg(m_dir->filePath(QStringLiteral("config.json")));
    if (!cfg.open(QIODevice::WriteOnly) || cfg.write(m_config) < 0) {
        m_status->setText(tr("Cannot write the configuration to a temporary folder."));
        return;
    }
    cfg.close();
    QStringList args{QStringLiteral("sweep"), QStringLiteral("--config"), cfg.fileName(),
                     QStringLiteral("--vary"), m_knob[0]->currentText() + QLatin1Char('=') + m_values[0]->text().remove(QLatin1Char(' '))};
    if (m_second->isChecked() && m_knob[1]->currentText() != m_knob[0]->currentText())
        args << QStringLiteral("--vary") << m_knob[1]->currentText() + QLatin1Char('=') + m_values[1]->text().remove(QLatin1Char(' '));
    args << QStringLiteral("--batches") << QString::number(m_batches->value()) << QStringLiteral("--out")
         << m_dir->filePath(QStringLiteral("sweep.json"));
    m_proc = std::make_unique<QProcess>();
    connect(m_proc.get(), &QProcess::readyReadStandardError, this, [this] {
        static const QRegularExpression progress(QStringLiteral("^progress (\\d+)/(\\d+) (.*)$"));
        for (const QString& line : QString::fromUtf8(m_proc->readAllStandardError()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QRegularExpressionMatch m = progress.match(line);
            if (m.hasMatch()) {
                m_progress->setMaximum(m.captured(2).toInt());
                m_progress->setValue(m.captured(1).toInt());
                m_status->setText(tr("Ran %1 of %2: %3").arg(m.captured(1), m.captured(2), m.captured(3)));
            } else {
                m_status->setText(line);
            }
        }
    });
    connect(m_proc.get(), &QProcess::finished, this, &SweepDialog::onFinished);
    m_progress->setValue(0);
    m_status->setText(tr("Running…"));
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_proc->start(m_engine, args);
}

void SweepDialog::cancel()
{
    if (running())
        m_proc->terminate(); // the sweep stops its current run in order and writes what it has
}

void SweepDialog::onFinished(int exitCode, QProcess::ExitStatus)
{
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    QFile out(m_dir->filePath(QStringLiteral("sweep.json")));
    if (out.open(QIODevice::ReadOnly))
        m_result = QJsonDocument::fromJson(out.readAll()).object();
    if (m_result.isEmpty()) {
        m_status->setText(exitCode == 2 ? tr("The sweep was refused: check the knob values.") : tr("The sweep ended without results."));
    } else {
        m_status->setText(m_result.value(QStringLiteral("complete")).toBool() ? tr("Sweep complete.")
                                                                             : tr("Sweep cancelled: the runs so far are shown."));
        showResult();
    }
    m_exportCsv->setEnabled(!m_result.isEmpty());
    m_exportJson->setEnabled(!m_result.isEmpty());
    emit finished();
}

void SweepDialog::showResult()
{
    const QJsonArray knobs = m_result.value(QStringLiteral("knobs")).toArray();
    const QJsonArray rows = m_result.value(QStringLiteral("results")).toArray();
    const QStringList metrics{QStringLiteral("samples_per_s"), QStringLiteral("data_stall_fraction"), QStringLiteral("gpu_busy_fraction"),
                              QStringLiteral("verdict"), QStringLiteral("error")};
    m_table->clear();
    m_table->setRowCount(int(rows.size()));
    m_table->setColumnCount(int(knobs.size() + metrics.size()));
    QStringList headers;
    for (const auto& k : knobs)
        headers << k.toString();
    headers << tr("samples/s") << tr("data stall") << tr("GPU busy") << tr("verdict") << tr("error");
    m_table->setHorizontalHeaderLabels(headers);
    auto* rate = new QLineSeries;
    rate->setName(tr("samples/s"));
    auto* stall = new QLineSeries;
    stall->setName(tr("data stall (%)"));
    QStringList labels;
    const QLocale loc;
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
        m_table->setItem(r, c++, new QTableWidgetItem(loc.toString(o.value(QStringLiteral("samples_per_s")).toDouble(), 'f', 0)));
        m_table->setItem(r, c++, new QTableWidgetItem(loc.toString(o.value(QStringLiteral("data_stall_fraction")).toDouble() * 100, 'f', 1) + QStringLiteral(" %")));
        m_table->setItem(r, c++, new QTableWidgetItem(loc.toString(o.value(QStringLiteral("gpu_busy_fraction")).toDouble() * 100, 'f', 1) + QStringLiteral(" %")));
        m_table->setItem(r, c++, new QTableWidgetItem(translateVerdict(o.value(QStringLiteral("verdict")).toString())));
        m_table->setItem(r, c++, new QTableWidgetItem(o.value(QStringLiteral("error")).toString()));
        if (best)
            for (int k = 0; k < m_table->columnCount(); ++k) {
                QFont f = m_table->item(r, k)->font();
                f.setBold(true);
                m_table->item(r, k)->setFont(f);
            }
        rate->append(r, o.value(QStringLiteral("samples_per_s")).toDouble());
        stall->append(r, o.value(QStringLiteral("data_stall_fraction")).toDouble() * 100);
    }
    m_table->resizeColumnsToContents();
    QChart* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(tr("Samples/s and data stall per combination (★ best)"));
    chart->addSeries(rate);
    chart->addSeries(stall);
    auto* x = new QBarCategoryAxis;
    x->append(labels);
    auto* yRate = new QValueAxis;
    yRate->setTitleText(tr("samples/s"));
    yRate->setMin(0);
    auto* yStall = new QValueAxis;
    yStall->setTitleText(tr("data stall (%)"));
    yStall->setRange(0, 100);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(yRate, Qt::AlignLeft);
    chart->addAxis(yStall, Qt::AlignRight);
    rate->attachAxis(x);
    rate->attachAxis(yRate);
    stall->attachAxis(x);
    stall->attachAxis(yStall);
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

bool SweepDialog::exportTo(const QString& path, QString* error) const
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        f.write(QJsonDocument(m_result).toJson());
        return true;
    }
    // CSV, the same columns as `loaderscope-engine sweep --out FILE.csv`.
    const QJsonArray knobs = m_result.value(QStringLiteral("knobs")).toArray();
    QStringList header;
    for (const auto& k : knobs)
        header << k.toString();
    header << QStringLiteral("samples_per_s") << QStringLiteral("data_stall_fraction") << QStringLiteral("gpu_busy_fraction")
           << QStringLiteral("first_batch_s") << QStringLiteral("verdict") << QStringLiteral("exit_code") << QStringLiteral("error")
           << QStringLiteral("best");
    f.write(header.join(QLatin1Char(',')).toUtf8() + '\n');
    for (const auto& rv : m_result.value(QStringLiteral("results")).toArray()) {
        const QJsonObject o = rv.toObject();
        QStringList cells;
        auto cell = [](const QJsonValue& v) {
            QString s = v.isString() ? v.toString() : v.isNull() ? QString() : QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
            if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')))
                s = QLatin1Char('"') + s.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
            return s;
        };
        for (const auto& k : knobs)
            cells << cell(o.value(k.toString()));
        for (const char* key : {"samples_per_s", "data_stall_fraction", "gpu_busy_fraction", "first_batch_s", "verdict", "exit_code", "error"})
            cells << cell(o.value(QLatin1String(key)));
        cells << (o.value(QStringLiteral("best")).toBool() ? QStringLiteral("best") : QString());
        f.write(cells.join(QLatin1Char(',')).toUtf8() + '\n');
    }
    return true;
}
