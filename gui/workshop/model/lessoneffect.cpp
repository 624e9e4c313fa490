// SPDX-License-Identifier: MIT
#include "lessoneffect.h"

#include "common/model/summarytext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

/// A name marked with QT_TRANSLATE_NOOP("LessonEffect", ...), in the current language.
QString translated(const char* s)
{
    return QCoreApplication::translate("LessonEffect", s);
}

/// How a figure's values read: each kind formats through SummaryText, as the summary panel does.
enum class Kind { Rate, Fraction, Count, Seconds, Number, Bytes };

struct Figure
{
    const char* key;
    const char* name; ///< translated in context LessonEffect
    Kind kind;
};

// One row per figure an effect may name; the keys are the summary JSON's (docs/config.md §5).
const Figure kFigures[] = {
    {"samples_per_s", QT_TRANSLATE_NOOP("LessonEffect", "samples/s"), Kind::Rate},
    {"data_stall_fraction", QT_TRANSLATE_NOOP("LessonEffect", "data stall"), Kind::Fraction},
    {"samples", QT_TRANSLATE_NOOP("LessonEffect", "samples delivered"), Kind::Count},
    {"batches", QT_TRANSLATE_NOOP("LessonEffect", "batches delivered"), Kind::Count},
    {"startup_s", QT_TRANSLATE_NOOP("LessonEffect", "worker start-up time"), Kind::Seconds},
    {"mean_ready_batches", QT_TRANSLATE_NOOP("LessonEffect", "batches ready and waiting (mean)"), Kind::Number},
    // The mean over the workers of memory.workers[].uss_growth_bytes.
    {"worker_uss_growth_bytes", QT_TRANSLATE_NOOP("LessonEffect", "a worker's USS growth (mean)"), Kind::Bytes},
};

const Figure* findFigure(const QString& key)
{
    for (const Figure& f : kFigures)
        if (key == QLatin1String(f.key))
            return &f;
    return nullptr;
}

QString formatValue(Kind kind, double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("–");
    switch (kind) {
    case Kind::Rate:
        return SummaryText::rate(v);
    case Kind::Fraction:
        return SummaryText::percent(v);
    case Kind::Count:
        return QLocale().toString(qint64(std::llround(v)));
    case Kind::Seconds:
        return SummaryText::duration(v);
    case Kind::Number:
        return SummaryText::number(v, 1);
    case Kind::Bytes:
        return SummaryText::bytes(v);
    }
    return {};
}

/// A size in the effect's measure: "×2.40", "35.1 points", "4" or "60.0 MiB".
QString formatSize(const LessonEffect& e, double size)
{
    if (std::isnan(size))
        return QStringLiteral("–");
    switch (e.by) {
    case LessonEffect::By::Ratio:
        return std::isinf(size) ? QStringLiteral("×∞") : QStringLiteral("×") + SummaryText::number(size, 2);
    case LessonEffect::By::Points:
        return QCoreApplication::translate("LessonEffect", "%1 points").arg(SummaryText::number(size, 1));
    case LessonEffect::By::Difference:
        break;
    }
    const Figure* f = findFigure(e.figure);
    return formatValue(f ? f->kind : Kind::Number, size);
}

QString figureName(const LessonEffect& e)
{
    const Figure* f = findFigure(e.figure);
    return f ? translated(f->name) : e.figure;
}

} // namespace

QStringList effectFigures()
{
    QStringList keys;
    for (const Figure& f : kFigures)
        keys << QLatin1String(f.key);
    return keys;
}

std::optional<LessonEffect> parseLessonEffect(const QJsonObject& o, QString* error)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    static const QStringList known = {QStringLiteral("figure"), QStringLiteral("higher"), QStringLiteral("by"), QStringLiteral("min"),
                                      QStringLiteral("experiment"), QStringLiteral("contrast"), QStringLiteral("experiment_fails")};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key()))
            return fail(QStringLiteral("unknown key \"%1\" (the keys are %2)").arg(it.key(), known.join(QStringLiteral(", "))));
    LessonEffect e;
    e.figure = o.value(QStringLiteral("figure")).toString();
    const Figure* figure = findFigure(e.figure);
    if (!figure)
        return fail(QStringLiteral("figure \"%1\" is not one of %2").arg(e.figure, effectFigures().join(QStringLiteral(", "))));
    const QString higher = o.value(QStringLiteral("higher")).toString();
    if (higher != QLatin1String("experiment") && higher != QLatin1String("contrast"))
        return fail(QStringLiteral("higher must be \"experiment\" or \"contrast\""));
    e.higher = higher == QLatin1String("experiment") ? LessonEffect::Side::Experiment : LessonEffect::Side::Contrast;
    const QString by = o.value(QStringLiteral("by")).toString();
    if (by == QLatin1String("ratio"))
        e.by = LessonEffect::By::Ratio;
    else if (by == QLatin1String("points"))
        e.by = LessonEffect::By::Points;
    else if (by == QLatin1String("difference"))
        e.by = LessonEffect::By::Difference;
    else
        return fail(QStringLiteral("by must be \"ratio\", \"points\" or \"difference\""));
    if (e.by == LessonEffect::By::Points && figure->kind != Kind::Fraction)
        return fail(QStringLiteral("points are for fractions; %1 is not one").arg(e.figure));
    const QJsonValue min = o.value(QStringLiteral("min"));
    e.min = min.toDouble(std::numeric_limits<double>::quiet_NaN());
    if (!min.isDouble() || !std::isfinite(e.min) || (e.by == LessonEffect::By::Ratio ? e.min <= 1.0 : e.min <= 0.0))
        return fail(e.by == LessonEffect::By::Ratio ? QStringLiteral("min must be a number above 1 for a ratio")
                                                    : QStringLiteral("min must be a number above 0"));
    if (e.by == LessonEffect::By::Points && e.min > 100.0)
        return fail(QStringLiteral("min must be at most 100 points"));
    e.experimentLabel = o.value(QStringLiteral("experiment")).toString().trimmed();
    e.contrastLabel = o.value(QStringLiteral("contrast")).toString().trimmed();
    if (e.experimentLabel.isEmpty() || e.contrastLabel.isEmpty())
        return fail(QStringLiteral("experiment and contrast must name each side (\"pin_memory=True\")"));
    const QJsonValue fails = o.value(QStringLiteral("experiment_fails"));
    if (!fails.isUndefined() && !fails.isBool())
        return fail(QStringLiteral("experiment_fails must be true or false"));
    e.experimentFails = fails.toBool(false);
    return e;
}

double effectFigure(const QString& figure, const QJsonObject& summary)
{
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    if (figure == QLatin1String("worker_uss_growth_bytes")) {
        const QJsonArray workers = summary.value(QStringLiteral("memory")).toObject().value(QStringLiteral("workers")).toArray();
        if (workers.isEmpty())
            return nan;
        double sum = 0;
        for (const auto& w : workers)
            sum += w.toObject().value(QStringLiteral("uss_growth_bytes")).toDouble();
        return sum / workers.size();
    }
    const QJsonValue v = summary.value(figure);
    return v.isDouble() ? v.toDouble() : nan;
}

EffectSpread effectSpread(QVector<double> values)
{
    EffectSpread s;
    values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }), values.end());
    s.runs = int(values.size());
    if (values.isEmpty()) {
        s.median = s.min = s.max = std::numeric_limits<double>::quiet_NaN();
        return s;
    }
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    s.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
    s.min = values.front();
    s.max = values.back();
    return s;
}

EffectVerdict judgeEffect(const LessonEffect& e, const QVector<double>& experiment, const QVector<double>& contrast)
{
    EffectVerdict v;
    v.experiment = effectSpread(experiment);
    v.contrast = effectSpread(contrast);
    const bool experimentHigher = e.higher == LessonEffect::Side::Experiment;
    const double hi = experimentHigher ? v.experiment.median : v.contrast.median;
    const double lo = experimentHigher ? v.contrast.median : v.experiment.median;
    if (!std::isfinite(hi) || !std::isfinite(lo)) {
        v.size = std::numeric_limits<double>::quiet_NaN();
        return v; // a side without the figure shows nothing, so nothing is seen
    }
    switch (e.by) {
    case LessonEffect::By::Ratio:
        v.size = lo > 0 ? hi / lo : (hi > 0 ? std::numeric_limits<double>::infinity() : 0.0);
        break;
    case LessonEffect::By::Points:
        v.size = (hi - lo) * 100.0;
        break;
    case LessonEffect::By::Difference:
        v.size = hi - lo;
        break;
    }
    v.seen = v.size >= e.min;
    return v;
}

QString effectStatement(const LessonEffect& e)
{
    const bool experimentHigher = e.higher == LessonEffect::Side::Experiment;
    const QString& hi = experimentHigher ? e.experimentLabel : e.contrastLabel;
    const QString& lo = experimentHigher ? e.contrastLabel : e.experimentLabel;
    switch (e.by) {
    case LessonEffect::By::Ratio:
        return QCoreApplication::translate("LessonEffect", "%1: %2 at least %3 times %4").arg(figureName(e), hi, SummaryText::number(e.min, 1), lo);
    case LessonEffect::By::Points:
        return QCoreApplication::translate("LessonEffect", "%1: %2 at least %3 points above %4").arg(figureName(e), hi, SummaryText::number(e.min, 0), lo);
    case LessonEffect::By::Difference:
        break;
    }
    return QCoreApplication::translate("LessonEffect", "%1: %2 at least %3 more than %4").arg(figureName(e), hi, formatSize(e, e.min), lo);
}

QString effectSideLine(const LessonEffect& e, bool experimentSide, const EffectSpread& s)
{
    const Figure* f = findFigure(e.figure);
    const Kind kind = f ? f->kind : Kind::Number;
    return QCoreApplication::translate("LessonEffect", "%1: median %2 (%3–%4), %5 runs")
        .arg(experimentSide ? e.experimentLabel : e.contrastLabel, formatValue(kind, s.median), formatValue(kind, s.min),
             formatValue(kind, s.max), QLocale().toString(s.runs));
}

QString effectVerdictLine(const LessonEffect& e, const EffectVerdict& v)
{
    // The least size as the statement writes it ("×1.5", "20 points", "4").
    QString needed = formatSize(e, e.min);
    if (e.by == LessonEffect::By::Ratio)
        needed = QStringLiteral("×") + SummaryText::number(e.min, 1);
    else if (e.by == LessonEffect::By::Points)
        needed = QCoreApplication::translate("LessonEffect", "%1 points").arg(SummaryText::number(e.min, 0));
    if (v.seen)
        return QCoreApplication::translate("LessonEffect", "Seen: %1; the lesson needs at least %2.").arg(formatSize(e, v.size), needed);
    return QCoreApplication::translate("LessonEffect", "Not seen this time: %1; the lesson needs at least %2. Other work on this machine can hide an effect: "
              "press Show me again.")
        .arg(formatSize(e, v.size), needed);
}
