// SPDX-License-Identifier: MIT
#include "lessonrunner.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTimer>

#include <algorithm>

namespace {
constexpr int kRuns = 2 * kEffectRepeats; ///< contrast and experiment alternately

/// The experiment's runs are the odd steps: Show me ends on the experiment, so the main window
/// is left with the run the lesson's hint and framed lanes speak of (it ended on the contrast).
bool experimentStep(int step)
{
    return step % 2 == 1;
}
}

LessonRunner::LessonRunner(const LessonLibrary* library, Hooks hooks, QObject* parent)
    : QObject(parent), m_library(library), m_hooks(std::move(hooks))
{
}

void LessonRunner::runLesson(int index)
{
    const auto& lessons = m_library->lessons();
    if (index < 0 || index >= lessons.size())
        return;
    m_hooks.loadPreset(lessons[index].preset); // the preset box shows the lesson's experiment
    m_activeLesson = index;                    // after loadPreset, which forgets the lesson
    m_hooks.run();
}

const Lesson* LessonRunner::lesson() const
{
    const auto& lessons = m_library->lessons();
    return m_lesson >= 0 && m_lesson < lessons.size() ? &lessons[m_lesson] : nullptr;
}

void LessonRunner::showMe(int index, bool busy)
{
    const auto& lessons = m_library->lessons();
    if (index < 0 || index >= lessons.size() || busy || showMeRunning())
        return;
    if (!lessons[index].effect) {
        runLesson(index); // nothing to measure it against
        return;
    }
    m_lesson = index;
    m_step = 0;
    m_outcome = Outcome::Running;
    m_experiment.clear();
    m_contrast.clear();
    m_slowMotion = 1;
    m_failure.clear();
    startStep();
}

void LessonRunner::startStep()
{
    const Lesson* l = lesson();
    if (!l)
        return;
    if (experimentStep(m_step)) {
        m_hooks.loadPreset(l->preset);
    } else {
        // The contrast: its preset with the lesson's changes, the lesson's lanes still framed.
        m_hooks.loadPreset(l->contrastPreset);
        for (auto it = l->contrastSet.begin(); it != l->contrastSet.end(); ++it)
            m_hooks.setValue(it.key(), it.value());
    }
    m_activeLesson = m_lesson; // after loadPreset, which forgets the lesson
    emit showMeChanged();
    m_hooks.run();
}

void LessonRunner::cancelShowMe()
{
    if (!showMeRunning())
        return;
    m_step = -1; // first: stopping the run reports it ended, and nothing goes on
    m_outcome = Outcome::Cancelled;
    emit showMeChanged();
    m_hooks.stop();
}

bool LessonRunner::runEnded(const QJsonObject& summary, bool failed, const QString& message, double slowMotion)
{
    const Lesson* l = lesson();
    if (!showMeRunning() || !l)
        return false;
    const bool experimentSide = experimentStep(m_step);
    // The dying-worker lesson's experiment fails on purpose; its summary is measured all the same.
    const bool expectedFailure = experimentSide && l->effect->experimentFails && !summary.isEmpty();
    if ((failed && !expectedFailure) || summary.isEmpty()) {
        m_failure = QCoreApplication::translate("LessonRunner", "run %1 of %2 (%3) ended without its figures: %4")
                        .arg(m_step + 1)
                        .arg(kRuns)
                        .arg(sideLabel(m_step), message);
        m_step = -1;
        m_outcome = Outcome::Failed;
        emit showMeChanged();
        return false;
    }
    (experimentSide ? m_experiment : m_contrast).append(effectFigure(l->effect->figure, summary));
    m_slowMotion = std::max(m_slowMotion, slowMotion);
    ++m_step;
    // After the finished run's own handlers: the next run starts from the event loop.
    QTimer::singleShot(0, this, [this] {
        if (!showMeRunning())
            return; // cancelled meanwhile
        if (m_step < kRuns)
            startStep();
        else
            finish();
    });
    return true;
}

void LessonRunner::finish()
{
    m_step = -1;
    m_outcome = Outcome::Judged;
    emit showMeChanged();
    // The last two runs in the history are the contrast, then the experiment: A (on top) is the
    // last one, whatever order the runs were in.
    if (const Lesson* l = lesson())
        m_hooks.compareLastTwo(LessonLibrary::text(l->lookFor) + QStringLiteral("\n\n") + statusText());
}

QString LessonRunner::sideLabel(int step) const
{
    const Lesson* l = lesson();
    if (!l || !l->effect)
        return {};
    return experimentStep(step) ? l->effect->experimentLabel : l->effect->contrastLabel;
}

QString LessonRunner::statusText() const
{
    const Lesson* l = lesson();
    if (!l || !l->effect)
        return {};
    const LessonEffect& e = *l->effect;
    auto tr = [](const char* s) { return QCoreApplication::translate("LessonRunner", s); };
    const QString claim = tr("The lesson: %1.").arg(effectStatement(e));
    const QString slowed = m_slowMotion > 1 ? QLatin1Char('\n') + slowedNote() : QString();
    switch (m_outcome) {
    case Outcome::None:
        return {};
    case Outcome::Running:
        return tr("Show me: run %1 of %2, %3…").arg(m_step + 1).arg(kRuns).arg(sideLabel(m_step)) + QLatin1Char('\n') + claim;
    case Outcome::Cancelled:
        return tr("Show me cancelled: nothing was judged.");
    case Outcome::Failed:
        return tr("Show me stopped: %1").arg(m_failure);
    case Outcome::Judged:
        break;
    }
    const EffectVerdict v = judgeEffect(e, m_experiment, m_contrast);
    return claim + QLatin1Char('\n') + tr("Measured, alternately (median, lowest–highest):") + QLatin1Char('\n') +
           effectSideLine(e, true, v.experiment) + QLatin1Char('\n') + effectSideLine(e, false, v.contrast) + QLatin1Char('\n') +
           effectVerdictLine(e, v) + slowed;
}

QString LessonRunner::statusLine() const
{
    const Lesson* l = lesson();
    if (m_outcome != Outcome::Judged || !l || !l->effect)
        return statusText().section(QLatin1Char('\n'), 0, 0);
    const QString verdict = effectVerdictLine(*l->effect, judgeEffect(*l->effect, m_experiment, m_contrast));
    // Short, as the badge says it: the status bar has one line.
    return m_slowMotion > 1 ? verdict + QLatin1Char(' ') +
                                  QCoreApplication::translate("LessonRunner", "slowed ×%1 (the slowed run's figures)")
                                      .arg(QLocale().toString(m_slowMotion, 'f', 0))
                            : verdict;
}

QString LessonRunner::slowedNote() const
{
    return QCoreApplication::translate("LessonRunner", "Slowed ×%1: these are the slowed runs' figures, as on the timeline.")
        .arg(QLocale().toString(m_slowMotion, 'f', 0));
}

TimelineOverlay LessonRunner::overlay() const
{
    const auto& lessons = m_library->lessons();
    if (m_activeLesson >= 0 && m_activeLesson < lessons.size())
        return lessonOverlay(lessons[m_activeLesson]);
    return {};
}
