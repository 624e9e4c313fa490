// SPDX-License-Identifier: MIT
#include "fileactions.h"

#include "runs/analysiswindows.h"
#include "config/configpanel.h"
#include "sources/model/eventfile.h"
#include "sources/model/importedtrace.h"
#include "sources/model/openedrecording.h"
#include "runs/model/runsession.h"
#include "common/model/userfiles.h"
#include "app/exporter.h"
#include "app/picturerequest.h"
#include "jobs/recordingranks.h"
#include "advice/summarypanel.h"
#include "timeline/timelineview.h"

#include "loaderscope/outputs/own_trace.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/outputs/trace_export.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QMessageBox>

#include <algorithm>
#include <memory>

FileActions::FileActions(ConfigPanel* config, SummaryPanel* summary, TimelineView* timeline, RunSession* session,
                         QWidget* dialogParent, Hooks hooks)
    : QObject(dialogParent), m_config(config), m_summary(summary), m_timeline(timeline), m_session(session),
      m_parent(dialogParent), m_hooks(std::move(hooks))
{
}

bool FileActions::openConfig(const QString& path, QString* error)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        else
            QMessageBox::warning(m_parent, tr("Open configuration"), why);
        return false;
    };
    QByteArray text;
    QString why;
    if (!UserFiles::readConfig(path, &text, &why))
        return fail(why);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
    if (!doc.isObject())
        return fail(tr("%1 is not a JSON configuration: %2 at byte %3").arg(path, err.errorString()).arg(err.offset));
    m_config->setConfig(doc.object());
    m_hooks.configReplaced();
    return true;
}

bool FileActions::saveConfig(const QString& path)
{
    QString why;
    if (!UserFiles::write(path, m_config->configJson(), &why)) {
        QMessageBox::warning(m_parent, tr("Save configuration"), tr("The configuration was not saved: %1").arg(why));
        return false;
    }
    return true;
}

bool FileActions::exportPictureTo(const QString& path, double scale)
{
    ExportOptions o = PictureRequest::options(m_config->config(), m_summary->summary(), m_timeline->overlay(), {},
                                              m_summary->modelAdviceLine(), m_summary->readingNotes());
    o.theme = m_timeline->theme();
    o.theme.fontScale = 1.0;    // a picture's layout does not follow the projector's fonts
    o.theme.legendMaxLines = 0; // a picture carries its whole legend
    o.scale = scale;
    o.highlightBatch = m_timeline->highlightedBatch();
    o.stepChart = m_stepChart;
    o.slowSamples = m_slowSamples;
    QString error;
    if (!exportPicture(path, *m_session->model(), m_timeline->viewport(), o, &error)) {
        QMessageBox::warning(m_parent, tr("Export picture"), tr("The picture was not written: %1").arg(error));
        return false;
    }
    m_hooks.setMessage([path] { return tr("Picture written to %1.").arg(path); });
    return true;
}

void FileActions::exportChromeTrace(const QString& recording, const QString& path)
{
    auto error = std::make_shared<QString>();
    m_hooks.showStatus(tr("Writing the Chrome trace…"));
    m_session->jobs()->start(
        QStringLiteral("chrome trace"),
        [recording, path, error](JobTracker::Progress& p) {
            try {
                const loaderscope::RecordingReader reader(recording.toStdString());
                std::string e;
                size_t chunk = 0;
                if (!loaderscope::writeChromeTrace(reader, path.toStdString(), &e,
                                                   [&] { return !p.report(qint64(++chunk), qint64(reader.chunks())); }))
                    *error = QString::fromStdString(e);
            } catch (const std::exception& e) {
                *error = QString::fromStdString(e.what());
            }
        },
        [this, path, error] {
            if (!error->isEmpty())
                QMessageBox::warning(m_parent, tr("Export Chrome trace"), tr("The trace was not written: %1").arg(*error));
            else
                m_hooks.setMessage([path] { return tr("Trace written to %1 (open it in ui.perfetto.dev).").arg(path); });
        });
}

void FileActions::askOpenConfig()
{
    const QString path = QFileDialog::getOpenFileName(m_parent, tr("Open configuration"), QString(), tr("JSON (*.json)"));
    if (!path.isEmpty())
        openConfig(path);
}

void FileActions::askSaveConfig()
{
    const QString path = QFileDialog::getSaveFileName(m_parent, tr("Save configuration"), QStringLiteral("loaderscope.json"), tr("JSON (*.json)"));
    if (!path.isEmpty())
        saveConfig(path);
}

void FileActions::askExportPicture()
{
    const QString path = QFileDialog::getSaveFileName(m_parent, tr("Export picture"), QStringLiteral("loaderscope.png"),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (!path.isEmpty())
        exportPictureTo(path, path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive) ? 2.0 : 1.0);
}

void FileActions::askExportChromeTrace()
{
    const QString recording = m_session->running() ? QString() : m_session->recordingPath();
    if (recording.isEmpty()) {
        QMessageBox::information(m_parent, tr("Export Chrome trace"), tr("Run a configuration first: the trace is made from a finished run's recording."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(m_parent, tr("Export Chrome trace"), QStringLiteral("loaderscope-trace.json"),
                                                      tr("Chrome trace (*.json)"));
    if (!path.isEmpty())
        exportChromeTrace(recording, path);
}

void FileActions::askOpenProfilerTraces()
{
    const QStringList paths = QFileDialog::getOpenFileNames(m_parent, tr("Open PyTorch profiler traces"), QString(),
                                                            tr("Profiler traces (*.json *.json.gz *.gz);;All files (*)"));
    if (!paths.isEmpty())
        openProfilerTraces(paths);
}

void FileActions::openProfilerTraces(const QStringList& paths)
{
    // Our own Chrome traces are recognised by their metadata and open as the recordings they were
    // written from: the run's lanes, figures and verdict (own_trace.h), not a profiler's analysis.
    if (!paths.isEmpty() && std::all_of(paths.begin(), paths.end(), [](const QString& p) {
            return loaderscope::isOwnChromeTrace(p.toStdString());
        })) {
        openRecordings(paths);
        return;
    }
    AnalysisWindows::importTraces(m_parent, m_session->jobs(), paths, [this, paths](std::vector<loaderscope::ProfilerTrace>& traces) {
        if (traces.size() != 1) {
            AnalysisWindows::showRanks(traces); // several ranks of one job
            return;
        }
        const loaderscope::TraceAnalysis a = loaderscope::analyzeProfilerTrace(traces[0]);
        loadProfilerTrace(traces[0], a, *m_session->model()); // analysed once
        m_hooks.traceShown();
        m_timeline->zoomToFit();
        m_summary->showSummary(analysisSummary(a), true);
        const QString file = paths[0];
        const int steps = a.steps;
        m_hooks.setMessage([file, steps] { return tr("Profiler trace %1: %2 steps.").arg(file).arg(steps); });
    });
}

void FileActions::askOpenRecordings()
{
    const QStringList paths = QFileDialog::getOpenFileNames(m_parent, tr("Open recordings"), QString(),
                                                            tr("Recordings (*.lsrec *.events);;All files (*)"));
    if (!paths.isEmpty())
        openRecordings(paths);
}

void FileActions::warn(const QString& title, const QString& text)
{
    // Not modal: the command line and scripts open files too, and nothing waits on the answer.
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, m_parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void FileActions::openRecordings(const QStringList& paths)
{
    if (paths.isEmpty())
        return;
    if (paths.size() > 1) {
        auto* window = new RecordingRanksWindow(paths); // its own window, like the live ranks
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->show();
        return;
    }
    if (m_session->running()) {
        warn(tr("Open recordings"), tr("Stop the run first: the timeline shows it."));
        return;
    }
    // Its figures and its events, read on the job tracker; shown here once both are.
    struct Result
    {
        OpenedRecording recording;
        RecordingMeaning meaning; ///< what it says ran, the advice
        std::unique_ptr<TraceModel> model = std::make_unique<TraceModel>();
        QString error, warning;
        bool ownTrace = false; ///< one of our Chrome traces (own_trace.h), not a recording
    };
    auto result = std::make_shared<Result>();
    result->model->moveToThread(nullptr);
    const QString path = paths[0];
    m_hooks.showStatus(tr("Reading %1…").arg(path));
    m_session->jobs()->start(
        QStringLiteral("open recording"),
        [path, result](JobTracker::Progress& p) {
            result->ownTrace = loaderscope::isOwnChromeTrace(path.toStdString());
            result->recording = digestRecordings({path}).front();
            if (!result->recording.ok())
                result->error = result->recording.error;
            else if (loadEventsFile(path, *result->model, &result->error, [&p](qint64 d, qint64 t) { return p.report(d, t); },
                                    &result->warning))
                result->meaning = interpretRecording(result->recording, [&p] { return p.cancel.load(); });
        },
        [this, path, result] {
            if (!result->error.isEmpty()) {
                warn(tr("Open recordings"), tr("The recording was not opened: %1").arg(result->error));
                return;
            }
            if (m_session->running())
                return; // a run started meanwhile: it owns the timeline
            result->model->moveToThread(thread());
            m_session->model()->takeContents(*result->model);
            shadeUnseen(*m_session->model(), result->recording);
            const RecordingMeaning& meaning = result->meaning;
            const bool engineRun = !meaning.engineConfig.isEmpty();
            m_session->showOpenedRecording(path, meaning.summary, meaning.job, meaning.jobModel, engineRun);
            m_hooks.traceShown();
            m_timeline->zoomToFit();
            // An engine run's own configuration in the form (no preset: it is the recording's).
            if (engineRun) {
                m_config->setConfig(meaning.engineConfig);
                m_hooks.configReplaced();
            }
            m_summary->showSummary(meaning.summary, true);
            m_summary->setReadingNote(result->recording.warning); // a file cut short: its figures say so
            if (engineRun)
                m_summary->setRunConfig(m_config->config()); // a later edit marks it as of this recording
            m_hooks.recordingShown(meaning.program);
            const qint64 events = m_session->model()->eventCount();
            const QString warning = result->recording.warning;
            const bool ownTrace = result->ownTrace;
            m_hooks.setMessage([path, events, warning, ownTrace] {
                const QString opened = ownTrace ? tr("Loaderscope trace %1: %2 events, read back as its run's recording.")
                                                      .arg(path, QLocale().toString(events))
                                                : tr("Recording %1: %2 events.").arg(path, QLocale().toString(events));
                return warning.isEmpty() ? opened : opened + QLatin1Char(' ') + warning;
            });
        });
}
