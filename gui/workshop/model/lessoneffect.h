// SPDX-License-Identifier: MIT
// The effect a lesson teaches, stated as data (lessons.json "effect"): a figure of the run's
// summary, which side of the comparison is higher (the lesson's experiment or its contrast), and
// by how much at least. "Show me" and tests/tst_lesson_effects measure it the same way: the
// experiment and its contrast run alternately, kRepeats times each, and the effect is judged on the
// medians. Plain data and functions (QtCore only), no thread of its own.
#pragma once

#include <QJsonObject>
#include <QString>
#include <QVector>

#include <optional>

struct LessonEffect
{
    /// How the size is measured: higher / lower (ratio), (higher − lower) × 100 for fractions
    /// (percentage points), or higher − lower in the figure's own unit (difference).
    enum class By { Ratio, Points, Difference };
    enum class Side { Experiment, Contrast };

    QString figure;           ///< a key of effectFigures(): "samples_per_s", "data_stall_fraction", ...
    Side higher = Side::Experiment;
    By by = By::Ratio;
    double min = 0;           ///< the least size the lesson claims (ratio > 1; points, difference > 0)
    /// How each side reads in the statement: the knob as the user sets it ("pin_memory=True").
    QString experimentLabel, contrastLabel;
    /// The experiment ends with an error on purpose (the dying-worker lesson): its failed run is
    /// measured like a finished one.
    bool experimentFails = false;
};

/// Experiment and contrast runs per "Show me" (and per lesson in the effects test), alternating.
constexpr int kEffectRepeats = 3;

/// The figures an effect may name, in the order the loader lists them in an error.
QStringList effectFigures();
/// Reads `o` (a lesson's "effect") strictly: every key known, every value in range. nullopt with
/// `error` saying which key is wrong.
std::optional<LessonEffect> parseLessonEffect(const QJsonObject& o, QString* error);

/// The figure from a summary JSON (section 5 of docs/config.md); NaN when the run has none.
double effectFigure(const QString& figure, const QJsonObject& summary);

/// Median and spread of one side's runs.
struct EffectSpread
{
    double median = 0, min = 0, max = 0;
    int runs = 0;
};
EffectSpread effectSpread(QVector<double> values);

struct EffectVerdict
{
    EffectSpread experiment, contrast;
    double size = 0;   ///< in the effect's measure (ratio, points or difference), on the medians
    bool seen = false; ///< size ≥ min, in the stated direction (a missing figure is never seen)
};
EffectVerdict judgeEffect(const LessonEffect& e, const QVector<double>& experiment, const QVector<double>& contrast);

/// In the current language: "samples/s: pin_memory=True at least 1.5 times pin_memory=False".
QString effectStatement(const LessonEffect& e);
/// "pin_memory=True: median 2,867 samples/s (2,780–2,951), 3 runs" for one side.
QString effectSideLine(const LessonEffect& e, bool experimentSide, const EffectSpread& s);
/// "Seen: ×2.4, the lesson needs at least ×1.5." or "Not seen this time: ...".
QString effectVerdictLine(const LessonEffect& e, const EffectVerdict& v);
