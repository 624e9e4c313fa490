// SPDX-License-Identifier: MIT
// Helpers for tests that run the real engine binary.
#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

class QProcess;
class QTemporaryDir;

namespace testutil {

struct EngineResult
{
    int exitCode = -1;
    bool finished = false;
    QByteArray out;
    QByteArray err;
    QJsonObject summary;   ///< parsed from --summary (empty when none was written)
    qint64 pid = 0;
};

QString enginePath();
/// Writes `data` to `name` in `dir`; returns the path.
QString writeTemp(const QTemporaryDir& dir, const QString& name, const QByteArray& data);
/// Writes `configJson` to a temporary file and runs `engine run --config F --summary S [extra]`.
EngineResult runEngine(const QByteArray& configJson, const QStringList& extra = {}, int timeoutMs = 60000);
/// runEngine with `modifier` run in the child before exec (after its death is tied to the test's)
/// and `whileRunning` called once the engine has started.
EngineResult runEngineWith(const QByteArray& configJson, const std::function<void()>& modifier, int timeoutMs,
                           const std::function<void(QProcess&)>& whileRunning = {}, const QStringList& extra = {});
/// Runs `engine <args>` and returns its result (no summary).
EngineResult runEngineArgs(const QStringList& args, int timeoutMs = 30000);
/// Names of /dev/shm/loaderscope-* segments whose creating process is gone (leaked ones).
QStringList loaderscopeSegments();
/**
 * Removes PyTorch's own shared-memory files (/dev/shm/torch_<pid>_*) that this user made since
 * `since` (ms since the epoch) and whose process is gone, and returns their names. A real job the
 * test stops can die between torch's shm_open and its unlink of a storage's file (the file is
 * then empty and nobody's); the job's own cleanup never runs, so the test that stopped it does.
 */
QStringList removeTorchSegmentsLeftSince(qint64 since);
/// Segments made by the engine with that pid (alive or not).
QStringList segmentsOf(qint64 pid);
/// True if a process with that pid exists (and is not a zombie).
bool processAlive(qint64 pid);
/// Worker pids listed in a summary (all epochs).
QList<qint64> workerPids(const QJsonObject& summary);
/**
 * What is wrong with a summary's per-worker time shares (empty: nothing): for every entry of
 * `workers` and `main_fetch`, busy + idle <= 100 % and CPU + waiting for a core + idle <= 100 %
 * (busy is CPU, waiting for a core and I/O; a worker's spans do not overlap). runEngine checks it
 * on every summary it reads; tests/probe/probetest.py has the same check for the probe's.
 */
QString workerShareProblems(const QJsonObject& summary);
/// Polls until none of `pids` is alive, up to timeoutMs. True on success.
bool waitGone(const QList<qint64>& pids, int timeoutMs);

/// An exported SVG's description: the summary's lines its picture carries (Exporter), unescaped;
/// empty when the file has none.
QString svgDescription(const QString& path);

/// A live (not zombie) process whose parent is the given pid, from /proc/<pid>/stat.
struct ChildProc
{
    qint64 pid = 0;
    QString comm;
};
QList<ChildProc> childrenOf(qint64 parent);

} // namespace testutil
