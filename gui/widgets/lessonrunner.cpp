// SPDX-License-Identifier: MIT
#include "lessonrunner.h"

#include <QTimer>

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

void LessonRunner::showMe(int index, bool busy)
{
    const auto& lessons = m_library->lessons();
    if (index < 0 || index >= lessons.size() || busy)
        return;
    m_showMeStep = lessons[index].contrastPreset.isEmpty() ? 0 : 1;
    m_showMeLesson = index;
    runLesson(index);
}

bool LessonRunner::runFinished()
{
    if (m_showMeStep == 0)
        return false;
    // After the finished run's own handlers: the next run starts from the event loop.
    QTimer::singleShot(0, this, [this] { continueShowMe(); });
    return true;
}

void LessonRunner::continueShowMe()
{
    const auto& lessons = m_library->lessons();
    if (m_showMeLesson < 0 || m_showMeLesson >= lessons.size()) {
        m_showMeStep = 0;
        return;
    }
    const Lesson& l = lessons[m_showMeLesson];
    if (m_showMeStep == 1) {
        // The contrast: its preset with the lesson's changes, the lesson's lanes still framed.
        m_showMeStep = 2;
        m_hooks.loadPreset(l.contrastPreset);
        for (auto it = l.contrastSet.begin(); it != l.contrastSet.end(); ++it)
            m_hooks.setValue(it.key(), it.value());
        m_activeLesson = m_showMeLesson;
        m_hooks.run();
        return;
    }
    m_showMeStep = 0;
    // Both are the last two runs in the history: the experiment (A) above its contrast (B).
    m_hooks.compareLastTwo(LessonLibrary::text(l.lookFor));
}

TimelineOverlay LessonRunner::overlay() const
{
    const auto& lessons = m_library->lessons();
    if (m_activeLesson >= 0 && m_activeLesson < lessons.size())
        return lessonOverlay(lessons[m_activeLesson]);
    return {};
}
