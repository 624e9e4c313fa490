// SPDX-License-Identifier: MIT
#include "configpanel.h"
#include "common/wheelguard.h"

#include "config/model/configfields.h"
#include "config/jobconfigview.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

ConfigPanel::ConfigPanel(QWidget* parent) : QWidget(parent)
{
    build();
    setConfig(QJsonDocument::fromJson(QByteArray::fromStdString(loaderscope::defaultConfigJson())).object());
}

void ConfigPanel::build()
{
    auto* layout = new QVBoxLayout(this);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("QLabel { color: white; background: #b42318; padding: 6px; border-radius: 3px; }"));
    m_errorLabel->hide();
    layout->addWidget(m_errorLabel);
    m_jobView = new JobConfigView(this);
    m_jobView->hide();
    layout->addWidget(m_jobView);
    const auto& fields = configFields();
    QFormLayout* forms[5] = {};
    for (int g = 0; g < 5; ++g) {
        auto* box = new QGroupBox(this);
        forms[g] = new QFormLayout(box);
        forms[g]->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        m_groups.push_back(box);
        layout->addWidget(box);
    }
    for (size_t i = 0; i < fields.size(); ++i) {
        const ConfigField& f = fields[i];
        QWidget* editor = makeEditor(f, int(i));
        editor->setObjectName(f.id);
        auto* label = new QLabel(this);
        label->setBuddy(editor);
        m_editors.push_back(editor);
        m_labels.push_back(label);
        forms[int(f.group)]->addRow(label, editor);
    }
    layout->addStretch(1);
    retranslate();
}

void ConfigPanel::showJob(bool on)
{
    m_showingJob = on;
    m_jobView->setVisible(on);
    for (QGroupBox* g : m_groups)
        g->setVisible(!on);
    m_errorLabel->setVisible(!on && !m_error.isEmpty());
}

QWidget* ConfigPanel::makeEditor(const ConfigField& f, int idx)
{
    QWidget* editor = nullptr;
    switch (f.type) {
    case ConfigField::Type::Int: {
        QAbstractSpinBox* box = nullptr;
        if (f.max <= double(std::numeric_limits<int>::max())) {
            auto* s = new QSpinBox(this);
            s->setRange(int(f.min), int(f.max));
            connect(s, &QSpinBox::valueChanged, this, [this, idx] { onEdited(idx); });
            box = s;
        } else {
            // len(dataset) and batch counts go past 2^31: a double holds every integer to 2^53.
            auto* s = new QDoubleSpinBox(this);
            s->setDecimals(0);
            s->setRange(f.min, std::min(f.max, 9007199254740992.0));
            connect(s, &QDoubleSpinBox::valueChanged, this, [this, idx] { onEdited(idx); });
            box = s;
        }
        if (f.specialValueText)
            box->setSpecialValueText(QString::fromLatin1(f.specialValueText));
        box->setKeyboardTracking(false);
        editor = box;
        break;
    }
    case ConfigField::Type::Double: {
        auto* s = new QDoubleSpinBox(this);
        s->setRange(f.min, f.max);
        s->setDecimals(f.max <= 100 ? 2 : 1);
        s->setKeyboardTracking(false);
        connect(s, &QDoubleSpinBox::valueChanged, this, [this, idx] { onEdited(idx); });
        editor = s;
        break;
    }
    case ConfigField::Type::Bool: {
        auto* c = new QCheckBox(this);
        connect(c, &QCheckBox::toggled, this, [this, idx] { onEdited(idx); });
        editor = c;
        break;
    }
    case ConfigField::Type::Choice: {
        auto* c = new QComboBox(this);
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents); // its longest choice whole, in either language
        for (const QString& v : f.choices)
            c->addItem(v, v);
        connect(c, &QComboBox::currentIndexChanged, this, [this, idx] { onEdited(idx); });
        editor = c;
        break;
    }
    case ConfigField::Type::Text: {
        auto* e = new QLineEdit(this);
        connect(e, &QLineEdit::editingFinished, this, [this, idx] { onEdited(idx); });
        editor = e;
        break;
    }
    }
    if (f.type != ConfigField::Type::Bool && f.type != ConfigField::Type::Text)
        WheelGuard::protect(editor); // scrolling the form never changes a value
    return editor;
}

void ConfigPanel::retranslate()
{
    const auto& fields = configFields();
    for (int g = 0; g < 5; ++g)
        m_groups[size_t(g)]->setTitle(groupTitle(ConfigField::Group(g)));
    for (size_t i = 0; i < fields.size(); ++i) {
        const ConfigField& f = fields[i];
        m_labels[i]->setText(f.translatedLabel());
        m_editors[i]->setToolTip(f.translatedTooltip());
        m_labels[i]->setToolTip(f.translatedTooltip());
        if (auto* c = qobject_cast<QComboBox*>(m_editors[i])) {
            for (int k = 0; k < c->count() && k < int(f.choiceLabels.size()); ++k)
                c->setItemText(k, QCoreApplication::translate("ConfigField", f.choiceLabels[size_t(k)]));
        }
        if (auto* s = qobject_cast<QAbstractSpinBox*>(m_editors[i]); s && f.specialValueText)
            s->setSpecialValueText(QCoreApplication::translate("ConfigField", f.specialValueText));
    }
    validate();
}

QWidget* ConfigPanel::editorFor(const QString& fieldId) const
{
    const auto& fields = configFields();
    for (size_t i = 0; i < fields.size(); ++i)
        if (fields[i].id == fieldId)
            return m_editors[i];
    return nullptr;
}

QByteArray ConfigPanel::configJson() const
{
    return QJsonDocument(m_config).toJson(QJsonDocument::Indented);
}

void ConfigPanel::setConfig(const QJsonObject& config)
{
    m_config = normalisedConfig(config);
    load();
    validate();
    emit configChanged();
}

void ConfigPanel::setValue(const QString& path, const QJsonValue& value)
{
    QJsonObject c = m_config;
    setJsonAt(c, path, value);
    setConfig(c);
}

void ConfigPanel::load()
{
    m_loading = true;
    const auto& fields = configFields();
    for (size_t i = 0; i < fields.size(); ++i) {
        const ConfigField& f = fields[i];
        const QJsonValue v = f.get(m_config);
        QWidget* e = m_editors[i];
        if (auto* s = qobject_cast<QSpinBox*>(e))
            s->setValue(v.toInt());
        else if (auto* d = qobject_cast<QDoubleSpinBox*>(e))
            d->setValue(v.toDouble());
        else if (auto* c = qobject_cast<QCheckBox*>(e))
            c->setChecked(v.toBool());
        else if (auto* b = qobject_cast<QComboBox*>(e))
            b->setCurrentIndex(std::max(0, b->findData(v.isString() ? v.toString() : (v.toBool() ? QStringLiteral("true") : QStringLiteral("false")))));
        else if (auto* l = qobject_cast<QLineEdit*>(e))
            l->setText(v.toString());
        e->setEnabled(f.enabled(m_config));
        m_labels[i]->setEnabled(e->isEnabled());
    }
    m_loading = false;
}

void ConfigPanel::onEdited(int field)
{
    if (m_loading)
        return;
    const ConfigField& f = configFields()[size_t(field)];
    QWidget* e = m_editors[size_t(field)];
    QJsonValue v;
    if (auto* s = qobject_cast<QSpinBox*>(e))
        v = s->value();
    else if (auto* d = qobject_cast<QDoubleSpinBox*>(e))
        v = f.type == ConfigField::Type::Int ? QJsonValue(qint64(d->value())) : QJsonValue(d->value());
    else if (auto* c = qobject_cast<QCheckBox*>(e))
        v = c->isChecked();
    else if (auto* b = qobject_cast<QComboBox*>(e))
        v = b->currentData().toString();
    else if (auto* l = qobject_cast<QLineEdit*>(e))
        v = l->text();
    f.set(m_config, v);
    m_config = normalisedConfig(m_config);
    load(); // enabled states follow (e.g. prefetch_factor needs workers)
    validate();
    emit configChanged();
}

void ConfigPanel::validate()
{
    QString error, field;
    try {
        loaderscope::parseRunConfig(QJsonDocument(m_config).toJson(QJsonDocument::Compact).toStdString());
    } catch (const loaderscope::ConfigError& e) {
        error = QString::fromStdString(e.what());
        field = QString::fromStdString(e.field());
    }
    for (QWidget* w : m_editors)
        w->setStyleSheet(QString());
    if (!error.isEmpty()) {
        const int idx = fieldForError(field);
        if (idx >= 0) {
            m_editors[size_t(idx)]->setStyleSheet(QStringLiteral("border: 2px solid #e05252;"));
            m_editors[size_t(idx)]->setToolTip(error);
        }
        // The engine's message is shown as it is: it names the field in DataLoader's words.
        m_errorLabel->setText(tr("Not runnable: %1").arg(error));
        m_errorLabel->show();
    } else {
        m_errorLabel->hide();
    }
    const bool changed = error != m_error;
    m_error = error;
    m_errorField = field;
    if (changed)
        emit validityChanged(error.isEmpty(), error);
}

void ConfigPanel::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}
