// SPDX-License-Identifier: MIT
#include "lessons.h"

#include "config/model/configfields.h"
#include "timeline/model/lanekinds.h"
#include "common/model/datadir.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

bool LessonLibrary::load(const QString& file, QString* error)
{
    const QString path = file.isEmpty() ? DataDir::lessonsFile() : file;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QCoreApplication::translate("Lessons", "cannot read %1").arg(path);
        return false;
    }
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &perr);
    if (!doc.isObject()) {
        if (error)
            *error = perr.errorString();
        return false;
    }
    QVector<Lesson> lessons;
    for (const auto& v : doc.object().value(QStringLiteral("lessons")).toArray()) {
        const QJsonObject o = v.toObject();
        Lesson l;
        l.id = o.value(QStringLiteral("id")).toString();
        l.preset = o.value(QStringLiteral("preset")).toString();
        const QJsonObject contrast = o.value(QStringLiteral("contrast")).toObject();
        l.contrastPreset = contrast.value(QStringLiteral("preset")).toString();
        l.contrastSet = contrast.value(QStringLiteral("set")).toObject();
        if (o.contains(QStringLiteral("effect"))) {
            QString why;
            l.effect = parseLessonEffect(o.value(QStringLiteral("effect")).toObject(), &why);
            if (!o.value(QStringLiteral("effect")).isObject())
                why = QStringLiteral("not an object");
            else if (l.effect && l.contrastPreset.isEmpty())
                why = QStringLiteral("no contrast to measure it against");
            if (!why.isEmpty()) {
                if (error)
                    *error = QStringLiteral("%1: lesson %2: effect: %3").arg(path, l.id, why);
                return false;
            }
        }
        for (const auto& lane : o.value(QStringLiteral("lanes")).toArray())
            l.lanes << lane.toString();
        for (const auto& keyword : o.value(QStringLiteral("keywords")).toArray())
            l.keywords << keyword.toString();
        l.title = o.value(QStringLiteral("title")).toObject();
        l.explanation = o.value(QStringLiteral("explanation")).toObject();
        l.lookFor = o.value(QStringLiteral("look_for")).toObject();
        const QJsonObject quiz = o.value(QStringLiteral("quiz")).toObject();
        l.difficulty = quiz.value(QStringLiteral("difficulty")).toInt(1);
        l.question = quiz.value(QStringLiteral("question")).toObject();
        l.quizExplanation = quiz.value(QStringLiteral("explanation")).toObject();
        for (const auto& ov : quiz.value(QStringLiteral("options")).toArray()) {
            const QJsonObject oo = ov.toObject();
            l.options.append({oo.value(QStringLiteral("correct")).toBool(), oo.value(QStringLiteral("text")).toObject(),
                              oo.value(QStringLiteral("why")).toObject()});
        }
        lessons.append(l);
    }
    m_lessons = lessons;
    return true;
}

QString LessonLibrary::text(const QJsonObject& localized, const QString& language)
{
    const QString t = localized.value(language).toString();
    return t.isEmpty() ? localized.value(QStringLiteral("en")).toString() : t;
}

QString LessonLibrary::text(const QJsonObject& localized)
{
    return text(localized, QLocale().name().startsWith(QLatin1String("tr")) ? QStringLiteral("tr") : QStringLiteral("en"));
}

QJsonObject applySlowMotion(const QJsonObject& config, double factor)
{
    if (factor <= 1.0)
        return config;
    QJsonObject c = config;
    auto scale = [&](const QString& path, double def) {
        const QJsonValue v = jsonAt(c, path);
        if (v.isDouble() || v.isUndefined())
            setJsonAt(c, path, (v.isDouble() ? v.toDouble() : def) * factor);
    };
    const QJsonValue latency = jsonAt(c, QStringLiteral("dataset.io_latency_us"));
    if (latency.isObject()) {
        QJsonObject o = latency.toObject();
        o[QStringLiteral("mean")] = o.value(QStringLiteral("mean")).toDouble() * factor;
        setJsonAt(c, QStringLiteral("dataset.io_latency_us"), o);
    } else {
        scale(QStringLiteral("dataset.io_latency_us"), 1000);
    }
    scale(QStringLiteral("dataset.cpu_us"), 0);
    scale(QStringLiteral("train.step_us"), 2000);
    if (!jsonAt(c, QStringLiteral("loader.worker_init_us")).isUndefined())
        scale(QStringLiteral("loader.worker_init_us"), 0);
    QJsonArray slow = jsonAt(c, QStringLiteral("dataset.slow_samples")).toArray();
    for (auto&& s : slow) {
        QJsonObject o = s.toObject();
        o[QStringLiteral("latency_us")] = o.value(QStringLiteral("latency_us")).toDouble(100000) * factor;
        s = o;
    }
    if (!slow.isEmpty())
        setJsonAt(c, QStringLiteral("dataset.slow_samples"), slow);
    for (const char* key : {"device.h2d_gbps_pinned", "device.h2d_gbps_pageable"}) {
        const QString path = QString::fromLatin1(key);
        const double def = path.endsWith(QLatin1String("pinned")) ? 25.0 : 10.0;
        const QJsonValue v = jsonAt(c, path);
        setJsonAt(c, path, (v.isDouble() ? v.toDouble() : def) / factor);
    }
    const QJsonValue timeout = jsonAt(c, QStringLiteral("loader.timeout"));
    if (timeout.isDouble() && timeout.toDouble() > 0)
        setJsonAt(c, QStringLiteral("loader.timeout"), timeout.toDouble() * factor);
    return c;
}

QJsonObject contrastConfig(const Lesson& lesson, const QJsonObject& contrastPresetConfig)
{
    QJsonObject c = contrastPresetConfig;
    for (auto it = lesson.contrastSet.begin(); it != lesson.contrastSet.end(); ++it)
        setJsonAt(c, it.key(), it.value());
    return c;
}

TimelineOverlay lessonOverlay(const Lesson& l)
{
    TimelineOverlay overlay;
    for (const QString& lane : l.lanes) {
        if (const LaneKinds::LaneDescriptor* d = LaneKinds::laneForLessonKey(lane))
            overlay.lanes.push_back(d->kind);
        else if (lane == QLatin1String("memory"))
            overlay.memoryChart = true;
        // an unknown lane name points at nothing (never a wrong lane)
    }
    overlay.caption = QCoreApplication::translate("Lessons", "Look: %1").arg(LessonLibrary::text(l.lookFor));
    return overlay;
}
