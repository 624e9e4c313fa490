// SPDX-License-Identifier: MIT
// The lessons' experiments, in sequence: a lesson's run (its preset, its lanes pointed out on the
// timeline) and "Show me" (the experiment, then its contrast, then both stacked in Compare). The
// main window says how to load a preset, set a key and start a run; this class says which and when.
// GUI thread only.
#pragma once

#include "core/lessons.h"

#include <QJsonValue>
#include <QObject>

#include <functional>

class LessonRunner : public QObject
{
    Q_OBJECT
public:
    struct Hooks
    {
        std::function<void(const QString& preset)> loadPreset;
        std::function<void(const QString& key, const QJsonValue& value)> setValue;
        std::function<void()> run;
        /// Shows the two newest runs stacked, with what to look for.
        std::function<void(const QString& lookFor)> compareLastTwo;
    };

    LessonRunner(const LessonLibrary* library, Hooks hooks, QObject* parent = nullptr);

    /// Loads lesson `index`'s experiment and runs it with its lanes pointed out.
    void runLesson(int index);
    /// The experiment, then (when the lesson has one) its contrast, then Compare. `busy`: a run is
    /// going on, so nothing starts.
    void showMe(int index, bool busy);
    /// A run ended with a summary. True when "Show me" goes on (the caller must not start another run).
    bool runFinished();
    /// A run failed or was stopped: no contrast to show.
    void runFailed() { m_showMeStep = 0; }
    /// A preset chosen by hand, a job watched: no lesson to point at.
    void forgetLesson() { m_activeLesson = -1; }
    /// What the next run points out: the active lesson's lanes and caption (empty when none).
    TimelineOverlay overlay() const;

private:
    void continueShowMe();

    const LessonLibrary* m_library;
    Hooks m_hooks;
    int m_activeLesson = -1;
    /// "Show me" in progress: 0 none, 1 the experiment is running, 2 its contrast is.
    int m_showMeStep = 0;
    int m_showMeLesson = -1;
};
