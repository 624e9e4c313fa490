// SPDX-License-Identifier: MIT
// Advice from the model's own sweep for a watched job: the engine config fitted to the job is run
// over num_workers and prefetch_factor (`loaderscope-engine sweep --repeats 2`, through
// EngineCommand, in the background, cancellable), and the advised setting is the fewest workers
// (then the smallest prefetch) that no other setting beats beyond the spread. Its prediction
// carries an uncertainty: half the spread of its runs plus the model's own error at the job's
// current setting. The closed formula of the engine's advice stays the first guess until this
// ends. GUI thread only.
#pragma once

#include "runs/model/enginecommand.h"

#include "loaderscope/analysis/sweep.h"
#include "loaderscope/results/run_summary.h"

#include <QJsonObject>
#include <QMetaType>
#include <QObject>

#include <cmath>
#include <functional>
#include <optional>
#include <vector>

/** The model's prediction at one setting of the job's loader. */
struct ModelPoint
{
    int num_workers = 0;
    int prefetch_factor = 2;   ///< 0 without workers (DataLoader has none)
    loaderscope::Spread samples_per_s;
    bool sameKnobs(int workers, int prefetch) const
    {
        return num_workers == workers && (num_workers == 0 || prefetch_factor == prefetch);
    }
};

/** What a sweep of the model found, and what it advises. */
struct ModelAdvice
{
    std::vector<ModelPoint> points;
    int current = -1;          ///< the job's own setting among points (-1: it failed)
    int advised = -1;          ///< the setting advised (may be `current`: nothing better)
    double job_samples_per_s = 0;
    /// The model's median at the job's own setting over the job's samples/s, minus 1.
    double fit_error = 0;

    /// Beyond this |fit_error| the model is warned about ("read its prediction with care").
    static constexpr double kFitErrorWarn = 0.15;
    /// Beyond this |fit_error| the model is not the job (a recording damaged or cut short, a job
    /// unlike the model's shape): its sweep advises nothing, and the formula's advice stands.
    static constexpr double kFitErrorUnusable = 0.5;
    /// A setting was advised and the model is within kFitErrorUnusable of the job.
    bool usable() const { return advised >= 0 && std::abs(fit_error) <= kFitErrorUnusable; }
    /// Half the spread of point i's runs over its median, plus |fit_error|.
    double uncertainty(size_t i) const;
    /// The point with these knobs, or null.
    const ModelPoint* find(int workers, int prefetch) const;
    /// Reads a sweep of num_workers (and prefetch_factor) and picks the advice: among the settings
    /// not beaten beyond the spread by the fastest, the fewest workers, then the smallest prefetch.
    static ModelAdvice fromSweep(const loaderscope::SweepResult& sweep, int workers, int prefetch, double jobRate);
};

Q_DECLARE_METATYPE(ModelAdvice)

class ModelAdvisor : public QObject
{
    Q_OBJECT
public:
    explicit ModelAdvisor(QObject* parent = nullptr);
    bool running() const { return m_command.running(); }
    /// The num_workers values tried around `workers` (the job's) and `formulaGuess` (the engine's
    /// advice, 0 when none): 1, 2, 4, 8, both of them, at most 2 x the cores + 2 and 32.
    static std::vector<int> workerValues(int workers, int formulaGuess, int cores);
    /// The closed formula's num_workers (the engine's raise_num_workers advice on the job's
    /// figures), tried by the sweep too; 0 when it gives none.
    static int formulaGuess(const loaderscope::RunSummary& s);
    /// The same sweep, waited for (the headless export has no window to come back to): the
    /// advice, or nullopt with `error` set (translated). `progress` (may be empty) hears each run.
    static std::optional<ModelAdvice> sweepNow(const QJsonObject& fittedConfig, double jobRate, int formulaGuess,
                                               const QString& enginePath, QString* error,
                                               const std::function<void(int done, int total)>& progress = {});

public slots:
    /// Sweeps `fittedConfig` (the job's model_config): runs of `batches` batches, `repeats` each.
    void start(const QJsonObject& fittedConfig, double jobRate, int formulaGuess, const QString& enginePath,
               int batches = 30, int repeats = 2);
    void cancel() { m_command.cancel(); }

signals:
    void progress(int done, int total);
    void finished(const ModelAdvice& advice);
    /// Cancelled (empty message) or failed (translated).
    void failed(const QString& message);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);

    EngineCommand m_command{QStringLiteral("modelsweep")};
    int m_workers = 0;
    int m_prefetch = 2;
    double m_jobRate = 0;
};
