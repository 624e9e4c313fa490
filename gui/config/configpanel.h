// SPDX-License-Identifier: MIT
// A form for every config key (configfields.h), grouped as DataLoader's arguments are, with
// tooltips; every change is validated by the engine's own parser and the message is shown at the
// field before any run starts.
#pragma once

#include <QJsonObject>
#include <QWidget>

#include <vector>

struct ConfigField;
class QLabel;
class QGroupBox;
class QFormLayout;

class ConfigPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ConfigPanel(QWidget* parent = nullptr);
    void setConfig(const QJsonObject& config);
    /// Sets one key by its dotted path ("loader.num_workers"), as applying advice does.
    void setValue(const QString& path, const QJsonValue& value);
    QJsonObject config() const { return m_config; }
    QByteArray configJson() const;
    bool isValid() const { return m_error.isEmpty(); }
    QString validationError() const { return m_error; }
    QString errorField() const { return m_errorField; }
    /// The editor widget of a field (tests).
    QWidget* editorFor(const QString& fieldId) const;
    /// A watched or attached job's own arguments, read-only, in place of the form (`on`), or the
    /// editable form again.
    void showJob(bool on);
    bool showingJob() const { return m_showingJob; }
    class JobConfigView* jobView() const { return m_jobView; }

signals:
    void configChanged();
    void validityChanged(bool valid, const QString& message);

protected:
    void changeEvent(QEvent* e) override;

private:
    void build();
    /// The editor for field `idx` (a spin box, check box, combo box or line edit), wired to onEdited.
    QWidget* makeEditor(const ConfigField& f, int idx);
    void retranslate();
    void load();        ///< config -> widgets
    void onEdited(int field);
    void validate();

    QJsonObject m_config;
    std::vector<QWidget*> m_editors;
    std::vector<QLabel*> m_labels;
    std::vector<QGroupBox*> m_groups;
    QLabel* m_errorLabel = nullptr;
    QString m_error;
    QString m_errorField;
    bool m_loading = false;
    bool m_showingJob = false;
    class JobConfigView* m_jobView = nullptr;
};
