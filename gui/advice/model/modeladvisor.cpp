// SPDX-License-Identifier: MIT
#include "modeladvisor.h"

#include "loaderscope/analysis/advice.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <set>
#include <thread>

double ModelAdvice::uncertainty(size_t i) const
{
    if (i >= points.size() || points[i].samples_per_s.median <= 0)
        return 0;
    const loaderscope::Spread& s = points[i].samples_per_s;
    return (s.max - s.min) / 2 / s.median + std::abs(fit_error);
}

const ModelPoint* ModelAdvice::find(int workers, int prefetch) const
{
    for (const ModelPoint& p : points)
        if (p.sameKnobs(workers, prefetch))
            return &p;
    return nullptr;
}

ModelAdvice ModelAdvice::fromSweep(const loaderscope::SweepResult& sweep, int workers, int prefetch, double jobRate)
{
    ModelAdvice a;
    a.job_samples_per_s = jobRate;
    size_t wk = 0, pf = sweep.knobs.size();
    for (size_t k = 0; k < sweep.knobs.size(); ++k)
        (sweep.knobs[k].path == "loader.prefetch_factor" ? pf : wk) = k;
    for (const loaderscope::SweepRow& row : sweep.rows) {
        if (row.exit_code != 0 || row.runs.empty())
            continue; // a setting the model could not run is no prediction
        ModelPoint p;
        p.num_workers = int(row.values[wk].number);
        p.prefetch_factor = p.num_workers == 0 ? 0 : pf < row.values.size() ? int(row.values[pf].number) : prefetch;
        p.samples_per_s = row.spread();
        a.points.push_back(p);
    }
    int best = -1;
    for (size_t i = 0; i < a.points.size(); ++i) {
        if (a.points[i].sameKnobs(workers, prefetch))
            a.current = int(i);
        if (best < 0 || a.points[i].samples_per_s.median > a.points[size_t(best)].samples_per_s.median)
            best = int(i);
    }
    if (best < 0)
        return a;
    if (a.current >= 0 && jobRate > 0)
        a.fit_error = a.points[size_t(a.current)].samples_per_s.median / jobRate - 1;
    // The fewest workers (then the smallest prefetch) the fastest does not beat beyond the spread:
    // a tie is not worth a worker, and noise does not move the advice.
    const loaderscope::Spread& top = a.points[size_t(best)].samples_per_s;
    for (size_t i = 0; i < a.points.size(); ++i) {
        const ModelPoint& p = a.points[i];
        if (loaderscope::clearlyAbove(top, p.samples_per_s) && int(i) != best)
            continue;
        const ModelPoint* chosen = a.advised >= 0 ? &a.points[size_t(a.advised)] : nullptr;
        if (!chosen || p.num_workers < chosen->num_workers ||
            (p.num_workers == chosen->num_workers && p.prefetch_factor < chosen->prefetch_factor))
            a.advised = int(i);
    }
    // The job's own setting among the tied: keep it (nothing to change).
    if (a.current >= 0 && !loaderscope::clearlyAbove(top, a.points[size_t(a.current)].samples_per_s))
        a.advised = a.current;
    return a;
}

ModelAdvisor::ModelAdvisor(QObject* parent) : QObject(parent)
{
    connect(&m_command, &EngineCommand::progress, this, [this](int done, int total, const QString&) { emit progress(done, total); });
    connect(&m_command, &EngineCommand::finished, this, &ModelAdvisor::onFinished);
    connect(&m_command, &EngineCommand::failedToStart, this, &ModelAdvisor::failed);
}

std::vector<int> ModelAdvisor::workerValues(int workers, int formulaGuess, int cores)
{
    std::set<int> values{1, 2, 4, 8, std::max(0, workers)};
    if (formulaGuess > 0)
        values.insert(formulaGuess);
    const int cap = std::min(32, 2 * std::max(1, cores) + 2);
    std::vector<int> out;
    for (int v : values)
        if (v <= std::max(cap, workers)) // the job's own value always, even above the cap
            out.push_back(v);
    return out;
}

int ModelAdvisor::formulaGuess(const loaderscope::RunSummary& s)
{
    for (const loaderscope::Advice& a : s.advice)
        if (a.id == loaderscope::advice_id::kRaiseNumWorkers && a.suggest.type == loaderscope::KnobValue::Type::Number)
            return int(a.suggest.number);
    return 0;
}

std::optional<ModelAdvice> ModelAdvisor::sweepNow(const QJsonObject& fittedConfig, double jobRate, int formulaGuess,
                                                  const QString& enginePath, QString* error,
                                                  const std::function<void(int, int)>& progress)
{
    ModelAdvisor advisor;
    QEventLoop loop;
    std::optional<ModelAdvice> out;
    bool ended = false; // start() may fail at once, before the loop runs
    connect(&advisor, &ModelAdvisor::progress, &loop, [&progress](int done, int total) {
        if (progress)
            progress(done, total);
    });
    connect(&advisor, &ModelAdvisor::finished, &loop, [&](const ModelAdvice& a) {
        out = a;
        ended = true;
        loop.quit();
    });
    connect(&advisor, &ModelAdvisor::failed, &loop, [&](const QString& message) {
        if (error)
            *error = message;
        ended = true;
        loop.quit();
    });
    advisor.start(fittedConfig, jobRate, formulaGuess, enginePath);
    if (!ended)
        loop.exec();
    return out;
}

void ModelAdvisor::start(const QJsonObject& fittedConfig, double jobRate, int formulaGuess, const QString& enginePath,
                         int batches, int repeats)
{
    if (running())
        return;
    const QJsonObject loader = fittedConfig.value(QStringLiteral("loader")).toObject();
    m_workers = loader.value(QStringLiteral("num_workers")).toInt(0);
    m_prefetch = loader.value(QStringLiteral("prefetch_factor")).toInt(2);
    m_jobRate = jobRate;
    const QByteArray config = QJsonDocument(fittedConfig).toJson(QJsonDocument::Compact);
    const QString path = m_command.prepare() ? m_command.writeFile(QStringLiteral("model.json"), config) : QString();
    if (path.isEmpty()) {
        emit failed(m_command.errorText());
        return;
    }
    QStringList workers;
    for (int v : workerValues(m_workers, formulaGuess, int(std::thread::hardware_concurrency())))
        workers << QString::number(v);
    QStringList args{QStringLiteral("sweep"), QStringLiteral("--config"), path, QStringLiteral("--vary"),
                     QStringLiteral("num_workers=") + workers.join(QLatin1Char(','))};
    // prefetch_factor only where the job has workers (DataLoader refuses it without).
    if (m_workers > 0)
        args << QStringLiteral("--vary")
             << QStringLiteral("prefetch_factor=%1,%2").arg(m_prefetch).arg(m_prefetch * 2);
    args << QStringLiteral("--batches") << QString::number(batches) << QStringLiteral("--repeats") << QString::number(repeats)
         << QStringLiteral("--out") << m_command.dir() + QStringLiteral("/sweep.json");
    m_command.start(enginePath, args);
}

void ModelAdvisor::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (m_command.cancelled()) {
        emit failed({});
        return;
    }
    try {
        const loaderscope::SweepResult r = loaderscope::parseSweepJson(m_command.readFile(QStringLiteral("sweep.json")).toStdString());
        const ModelAdvice advice = ModelAdvice::fromSweep(r, m_workers, m_prefetch, m_jobRate);
        if (status == QProcess::NormalExit && exitCode == 0 && advice.advised >= 0) {
            emit finished(advice);
            return;
        }
    } catch (const std::exception&) {
    }
    emit failed(tr("The model's sweep failed: %1").arg(m_command.stderrText().trimmed()));
}
