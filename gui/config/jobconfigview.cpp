// SPDX-License-Identifier: MIT
#include "jobconfigview.h"

#include "config/model/jobdescription.h"

#include "loaderscope/results/run_summary.h"

#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace {

/// A knob's value as Python writes it (the script's own spelling): True, None, 'fork'.
QString pythonValue(const QJsonValue& v)
{
    if (v.isBool())
        return v.toBool() ? QStringLiteral("True") : QStringLiteral("False");
    if (v.isNull() || v.isUndefined())
        return QStringLiteral("None");
    if (v.isDouble()) {
        const double d = v.toDouble();
        return d == double(qint64(d)) ? QLocale().toString(qint64(d)) : QLocale().toString(d);
    }
    if (v.isObject()) {
        QStringList parts;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            parts << it.key() + QLatin1Char('=') + pythonValue(it.value());
        return parts.join(QStringLiteral(", "));
    }
    return v.toString();
}

} // namespace

JobConfigView::JobConfigView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    layout->addWidget(m_title);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_loaders = new QWidget(this);
    m_loadersLayout = new QVBoxLayout(m_loaders);
    m_loadersLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_loaders);
    auto* buttons = new QHBoxLayout;
    m_model = new QPushButton(this);
    m_model->setEnabled(false);
    connect(m_model, &QPushButton::clicked, this, &JobConfigView::modelRequested);
    m_edit = new QPushButton(this);
    connect(m_edit, &QPushButton::clicked, this, &JobConfigView::editRequested);
    buttons->addWidget(m_model);
    buttons->addWidget(m_edit);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    retranslate();
}

void JobConfigView::setJob(const JobDescription& job, const QString& program)
{
    m_loaderData = job.loaders();
    m_torch = job.torchVersion();
    m_program = program;
    rebuild();
}

void JobConfigView::setModelAvailable(bool available)
{
    m_model->setEnabled(available);
}

void JobConfigView::setOpenedRecording(bool opened)
{
    if (m_openedRecording == opened)
        return;
    m_openedRecording = opened;
    rebuild();
}

void JobConfigView::retranslate()
{
    m_model->setText(tr("Model this job"));
    m_model->setToolTip(tr("Fit the engine to what was observed and run it (once the job has ended)"));
    m_edit->setText(tr("Edit the configuration"));
    m_edit->setToolTip(tr("Back to the engine's configuration, which you can change and run"));
    rebuild();
}

void JobConfigView::rebuild()
{
    m_title->setText(m_program.isEmpty() ? tr("Your job's DataLoader") : tr("Your job's DataLoader: %1").arg(m_program));
    if (m_openedRecording)
        m_note->setText(m_loaderData.isEmpty()
                            ? tr("This recording does not say what ran (an older Loaderscope made it, or its job was killed "
                                 "before it iterated a DataLoader): its figures are shown, with no configuration and no advice.")
                            : tr("As the probe recorded it from the job (read-only: these arguments are set in the script)."));
    else
        m_note->setText(m_loaderData.isEmpty()
                            ? tr("Waiting for the job to iterate a DataLoader…")
                            : tr("As the probe read it from the job (read-only: these arguments are set in the script)."));
    while (QLayoutItem* item = m_loadersLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_shown.clear();
    // DataLoader's own arguments in its order, then the dataset and the process details.
    static const char* const keys[] = {"batch_size", "num_workers", "prefetch_factor", "pin_memory", "persistent_workers",
                                       "in_order", "drop_last", "shuffle", "timeout_s", "start_method", "dataset_kind",
                                       "dataset_type", "dataset_length", "collate_fn", "worker_init_fn", "distributed_sampler"};
    // in_order only where the job's torch has it (2.6 and later).
    const bool hasInOrder = loaderscope::torchKnobs(m_torch.toStdString()).in_order;
    for (const QJsonValue& v : m_loaderData) {
        const QJsonObject loader = v.toObject();
        const QJsonObject knobs = loader.value(QStringLiteral("knobs")).toObject();
        auto* box = new QGroupBox(m_loaderData.size() > 1 ? tr("DataLoader %1").arg(loader.value(QStringLiteral("index")).toInt() + 1)
                                                          : tr("DataLoader"),
                                  m_loaders);
        auto* form = new QFormLayout(box);
        for (const char* key : keys) {
            const QString name = QString::fromLatin1(key);
            if (!knobs.contains(name) || (name == QLatin1String("in_order") && !hasInOrder) ||
                (name == QLatin1String("distributed_sampler") && knobs.value(name).isNull()))
                continue;
            auto* value = new QLabel(pythonValue(knobs.value(name)), box);
            value->setTextInteractionFlags(Qt::TextSelectableByMouse);
            value->setWordWrap(true);
            value->setObjectName(name);
            form->addRow(name, value);
            m_shown << name + QLatin1Char('=') + value->text();
        }
        m_loadersLayout->addWidget(box);
    }
}

void JobConfigView::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}
