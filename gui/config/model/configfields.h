// SPDX-License-Identifier: MIT
// Every config key (docs/config.md) as a form field: its group, label, tooltip, type and range, and how
// it reads and writes the config JSON. QtCore only, so the form's logic is testable without widgets.
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

struct ConfigField
{
    enum class Type { Int, Double, Bool, Choice, Text };
    enum class Group { Dataset, Loader, Train, Device, Faults };

    QString id;              ///< dotted config path; validation errors name it (or a child of it)
    Group group = Group::Loader;
    Type type = Type::Int;
    const char* label = "";  ///< untranslated; translated with context "ConfigField"
    const char* tooltip = "";
    double min = 0;
    double max = 0;
    QStringList choices;     ///< Choice: the JSON values (as strings)
    std::vector<const char*> choiceLabels;
    const char* specialValueText = nullptr; ///< Int: text for `min` (e.g. "None"), untranslated
    /// Reads the field's value from a config (defaults applied).
    std::function<QJsonValue(const QJsonObject&)> get;
    /// Writes the field's value into a config.
    std::function<void(QJsonObject&, const QJsonValue&)> set;
    /// Whether the field applies to this config (e.g. prefetch_factor needs workers).
    std::function<bool(const QJsonObject&)> enabled;

    QString translatedLabel() const;
    QString translatedTooltip() const;
};

const std::vector<ConfigField>& configFields();
QString groupTitle(ConfigField::Group g);

/// Dotted-path access to a JSON object.
QJsonValue jsonAt(const QJsonObject& root, const QString& path);
void setJsonAt(QJsonObject& root, const QString& path, const QJsonValue& value);
void removeJsonAt(QJsonObject& root, const QString& path);

/// The field a validation error belongs to: the longest field id that prefixes the error's field.
int fieldForError(const QString& errorField);

/// Normalises a config for the form: what the form shows and writes back (keys it does not know
/// are kept as they are).
QJsonObject normalisedConfig(const QJsonObject& config);
