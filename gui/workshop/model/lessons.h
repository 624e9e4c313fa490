// SPDX-License-Identifier: MIT
// Workshop lessons and quizzes (resources/lessons/lessons.json, English and Turkish), and the
// slow-motion transform that stretches an experiment so it can be followed by eye.
#pragma once

#include "workshop/model/lessoneffect.h"
#include "timeline/draw/timelinerenderer.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

struct QuizOption
{
    bool correct = false;
    QJsonObject text;   ///< {"en": ..., "tr": ...}
    QJsonObject why;    ///< why it is right or wrong
};

struct Lesson
{
    QString id;
    QString preset;            ///< resources/presets/<preset>.json
    /// The experiment the lesson contrasts it with ("Show me" runs both and stacks them): a preset
    /// and the config keys changed in it ("loader.drop_last": false). Empty: none.
    QString contrastPreset;
    QJsonObject contrastSet;
    /// What the experiment shows against its contrast, measured ("effect" in lessons.json); every
    /// lesson with a contrast states one.
    std::optional<LessonEffect> effect;
    QStringList lanes;         ///< lanes to point out: main, pin, workers, copy, compute
    /// What a quiz question about this lesson mentions (regular expressions, case-insensitive,
    /// English and Turkish): how imported questions find their lesson (questionbank.h).
    QStringList keywords;
    QJsonObject title, explanation, lookFor;
    int difficulty = 1;
    QJsonObject question, quizExplanation;
    QVector<QuizOption> options;
};

class LessonLibrary
{
public:
    /// Loads the installed lessons (DataDir::lessonsFile()), or the file `path`. False with `error`
    /// (nothing loaded) when the file cannot be read, or a lesson's effect is malformed or has no
    /// contrast to be measured against.
    bool load(const QString& path = {}, QString* error = nullptr);
    const QVector<Lesson>& lessons() const { return m_lessons; }
    /// The text in the current UI language ("tr" when the default locale is Turkish), else English.
    static QString text(const QJsonObject& localized);
    static QString text(const QJsonObject& localized, const QString& language);

private:
    QVector<Lesson> m_lessons;
};

/// The contrast's configuration: `contrastPresetConfig` with the lesson's changes ("set") applied,
/// as "Show me" loads it into the form.
QJsonObject contrastConfig(const Lesson& lesson, const QJsonObject& contrastPresetConfig);

/// What a lesson points out on the timeline: its lanes framed, and "Look: ..." (translated).
TimelineOverlay lessonOverlay(const Lesson& lesson);

/**
 * Slow motion: multiplies the experiment's latencies (I/O per sample, CPU work, slow samples,
 * worker start-up, the training step) by `factor` and divides the simulated copy bandwidths by it,
 * so the same run plays `factor` times slower. factor 1 returns the config unchanged.
 */
QJsonObject applySlowMotion(const QJsonObject& config, double factor);
