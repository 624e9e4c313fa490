// SPDX-License-Identifier: MIT
// The lessons' experiments, in sequence: a lesson's run (its preset, its lanes pointed out on the
// timeline) and "Show me": the experiment and its contrast alternately, kEffectRepeats times each
// (A B A B A B), then the medians and spread of the lesson's stated figure, whether its effect was
// seen at the stated size, and the last two runs stacked in Compare. The main window says how to
// load a preset, set a key, start and stop a run; this class says which and when. GUI thread only.
#pragma once

#include "workshop/model/lessons.h"

#include <QJsonValue>
#include <QObject>
#include <QVector>

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
        /// Stops the run in flight (Show me cancelled).
        std::function<void()> stop;
        /// Shows the two newest runs stacked, with what to look for and what was measured.
        /// Compare the last run (A: the experiment) above the one before it (B: its contrast).
        std::function<void(const QString& headline)> compareLastTwo;
    };

    LessonRunner(const LessonLibrary* library, Hooks hooks, QObject* parent = nullptr);

    /// Loads lesson `index`'s experiment and runs it with its lanes pointed out.
    void runLesson(int index);
    /// The experiment and its contrast, alternately, then the verdict and Compare; a lesson
    /// without an effect runs its experiment once. `busy`: a run is going on, so nothing starts.
    void showMe(int index, bool busy);
    /// Stops "Show me" (and its run in flight); nothing is judged.
    void cancelShowMe();
    bool showMeRunning() const { return m_step >= 0; }
    /// A run ended (`failed`: with an error or stopped; `summary`: its JSON, empty when none;
    /// `slowMotion`: the factor it ran with). True when "Show me" goes on (the caller starts nothing).
    bool runEnded(const QJsonObject& summary, bool failed, const QString& message, double slowMotion);
    /// A preset chosen by hand, a job watched: no lesson to point at.
    void forgetLesson() { m_activeLesson = -1; }
    /// What the next run points out: the active lesson's lanes and caption (empty when none).
    TimelineOverlay overlay() const;
    /// Where "Show me" stands, in the current language: its progress, its result, or why it
    /// stopped; empty before the first one.
    QString statusText() const;
    /// Its one line for the status bar: the progress, the verdict, or why it stopped.
    QString statusLine() const;
    /// The lesson the status is about (-1: none).
    int statusLesson() const { return m_lesson; }

signals:
    /// statusText() or showMeRunning() changed.
    void showMeChanged();

private:
    void startStep();
    void finish();
    const Lesson* lesson() const;
    QString sideLabel(int step) const;
    QString slowedNote() const;

    const LessonLibrary* m_library;
    Hooks m_hooks;
    int m_activeLesson = -1;
    int m_lesson = -1;          ///< the lesson "Show me" runs (or last ran)
    int m_step = -1;            ///< the run in flight, 0 .. 2 × kEffectRepeats − 1; -1: none
    enum class Outcome { None, Running, Judged, Cancelled, Failed } m_outcome = Outcome::None;
    QVector<double> m_experiment, m_contrast; ///< the stated figure of each finished run
    double m_slowMotion = 1;    ///< the largest factor the runs ran with
    QString m_failure;          ///< why a run of "Show me" failed
};
