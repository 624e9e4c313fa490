// SPDX-License-Identifier: MIT
// loaderscope-engine: the CLI of docs/config.md. Exit codes: 0 success, 2 bad config or usage,
// 3 runtime loader error (worker died, timed out, worker exception); 128+N when stopped by signal N.
#include "commands.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"
#include "loaderscope/loader/dataset_objects.h"
#include "loaderscope/device/device.h"
#include "loaderscope/shm/oom.h"
#include "loaderscope/base/output_file.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/loader/run.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/outputs/summary.h"
#include "loaderscope/base/temp_dir.h"
#include "loaderscope/outputs/trace_export.h"
#include "loaderscope/loader/worker.h"
#include "loaderscope/loader/worker_pool.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <functional>
#include <optional>
#include <string>
#include <vector>

using namespace loaderscope;

namespace {

using cli::kExitOk;
using cli::kExitRuntime;
constexpr int kExitBadConfig = cli::kExitUsage;

constexpr const char* kDescription =
    "loaderscope-engine: a real PyTorch-DataLoader-style worker pool on shared memory";
constexpr const char* kExitStatus =
    "Exit status: 0 success; 2 bad configuration or usage (message on stderr names the field);\n"
    "3 runtime loader error (worker died, timed out, worker exception); 128+N stopped by signal N.";

struct RunArgs
{
    cli::ConfigSource config;
    std::string summary, trace, events;
    int dieWithParent = -1; ///< --die-with-parent PID; -1 when not given
};

struct TraceArgs
{
    std::string recording, out;
};

/// `worker --shm NAME --id N --gen G --parent PID`: how a spawn worker starts (internal, hidden).
CLI::App* addWorkerCommand(CLI::App& app, WorkerArgs& w)
{
    CLI::App* c = app.add_subcommand("worker", "How a spawn worker starts (internal).")->group("");
    c->add_option("--shm", w.shm)->required();
    c->add_option("--id", w.id)->required();
    c->add_option("--gen", w.generation)->required();
    c->add_option("--parent", w.parent)->required();
    return c;
}

CLI::App* addRunCommand(CLI::App& app, RunArgs& a)
{
    CLI::App* c = app.add_subcommand(
        "run", "Run a configuration (--config FILE or --preset NAME; the built-in default without either). Writes a "
               "Chrome trace (Perfetto, chrome://tracing) and a JSON summary when asked; prints the summary to stdout "
               "when --summary is absent. --events keeps the run's recording: every event, written to disk as it comes "
               "(the app reads it; `trace` turns it into a Chrome trace). Output paths are checked before anything "
               "starts. Outputs are written to a temporary file next to the target and renamed into place. On stderr: "
               "\"segment NAME\" and \"recording PATH\" lines at the start.");
    cli::addConfigSource(c, a.config, false);
    c->add_option("--summary", a.summary, "Write the summary JSON there (else to standard output).")->type_name("FILE");
    c->add_option("--trace", a.trace, "Write a Chrome trace of the run there.")->type_name("FILE");
    c->add_option("--events", a.events, "Keep the run's recording (every event) there.")->type_name("FILE");
    c->add_option("--die-with-parent", a.dieWithParent,
                  "Stop (as on SIGTERM) when process PID, which started the engine, ends (the app, sweeps).")
        ->type_name("PID");
    return c;
}

CLI::App* addTraceCommand(CLI::App& app, TraceArgs& a)
{
    CLI::App* c = app.add_subcommand(
        "trace", "Write the Chrome trace of a run from its recording (run --events FILE). Progress on stderr.");
    c->add_option("--recording", a.recording, "The recording (run --events, or the probe's --events).")
        ->type_name("FILE")
        ->required();
    c->add_option("--out", a.out, "Where the Chrome trace goes.")->type_name("FILE.json")->required();
    return c;
}

CLI::App* addValidateCommand(CLI::App& app, cli::ConfigSource& config)
{
    CLI::App* c = app.add_subcommand("validate", "Check a configuration without starting anything.");
    cli::addConfigSource(c, config, true);
    return c;
}

int workerCommand(const WorkerArgs& w)
{
    workerProcessMain(w, nullptr);
}

/// The run's configuration: --config, --preset, or the built-in default. Its warnings (and those
/// of a /dev/shm too small for it) are printed and kept; false once an invalid config was reported.
bool loadRunConfig(const cli::ConfigSource& source, Config& config)
{
    try {
        config = parseRunConfig(cli::configText(source));
    } catch (const ConfigError& e) {
        std::cerr << "loaderscope-engine: invalid config: " << e.what() << "\n";
        return false;
    }
    // /dev/shm too small for the run (or Docker's 64 MB): said before the run, kept in the summary.
    for (std::string& w : shmWarnings(config))
        config.warnings.push_back(std::move(w));
    for (const auto& w : config.warnings)
        std::cerr << "loaderscope-engine: warning: " << w << "\n";
    return true;
}

/// Where `run` writes its outputs; an empty path is an output not asked for.
struct RunOutputs
{
    std::string summaryPath, tracePath, eventsPath;
};

/// The output paths of `run`, each checked; the first unwritable one's reason in `why`.
bool runOutputs(const RunArgs& a, RunOutputs& out, std::string& why)
{
    out = {a.summary, a.trace, a.events};
    for (const std::string* p : {&out.summaryPath, &out.tracePath, &out.eventsPath}) {
        if (p->empty())
            continue;
        if (why = checkOutputPath(*p); !why.empty())
            return false;
    }
    return true;
}

/// Forks the zygote and runs the engine into `report`; the exit code when either failed.
std::optional<int> runInZygote(const Config& config, const RunOptions& options, RunReport& report)
{
    // The zygote is forked first, while this process has a single thread; the dataset's objects
    // are built before it, so the workers it forks share their pages (fork shares the dataset).
    std::unique_ptr<Zygote> zygote;
    try {
        DatasetObjects::prepare(config);
        zygote = Zygote::start(config);
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return kExitRuntime;
    }
    installStopHandlers();
    try {
        report = runEngine(config, configToJson(config), zygote.get(), options);
    } catch (const DeviceUnavailable& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return kExitBadConfig;
    } catch (const RecordingError& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return kExitBadConfig;
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return kExitRuntime;
    }
    zygote.reset();
    return std::nullopt;
}

/// Writes the summary to `summaryPath`, or to stdout when it is empty; false (said on stderr)
/// when it could not be written.
bool writeSummary(const std::string& summaryPath, const std::string& summary)
{
    if (!summaryPath.empty()) {
        std::string error;
        if (!writeOutputFile(summaryPath, summary, &error)) {
            std::cerr << "loaderscope-engine: " << error << "\n";
            return false;
        }
    } else {
        std::cout << summary << "\n";
        std::cout.flush();
        if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
            std::cerr << "loaderscope-engine: cannot write the summary to standard output: " << strerror(errno) << "\n";
            return false;
        }
    }
    return true;
}

enum class TraceOutcome { Written, Failed, Stopped };

/// Writes the Chrome trace of the recording at `recordingPath`. A stop signal, before or while
/// it is written, gives it up: it takes as long as the run was long (23 s after a 60 s fast run),
/// and docker stop or systemd kill after 10 s. The summary is already written by then.
TraceOutcome writeTraceOfRun(const std::string& recordingPath, const std::string& tracePath)
{
    if (stopSignalCount().load() > 0)
        return TraceOutcome::Stopped;
    std::string error;
    try {
        const RecordingReader recording(recordingPath);
        if (!writeChromeTrace(recording, tracePath, &error, [] { return stopSignalCount().load() > 0; })) {
            if (stopSignalCount().load() > 0)
                return TraceOutcome::Stopped;
            std::cerr << "loaderscope-engine: " << error << "\n";
            return TraceOutcome::Failed;
        }
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return TraceOutcome::Failed;
    }
    return TraceOutcome::Written;
}

/// Where the recording a trace is made from goes when --events was not asked: next to a regular
/// trace file (kept there, and named, when a stop signal leaves the trace unwritten), or in a
/// private temporary folder when the trace goes to a device, FIFO or socket (never a file made
/// in /dev).
std::string traceRecordingPath(const std::string& tracePath, std::string& tempDir)
{
    struct stat st {};
    if (stat(tracePath.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        tempDir = privateTempDir("trace");
        return tempDir + "/run.lsrec";
    }
    return tracePath + ".lsrec";
}

/// A device, FIFO or socket given as --events while a trace is asked: the trace is read back from
/// the recording, which such a target cannot give back. The run records into a private file; this
/// sends that file's bytes to the target after the run (the same stream, complete). An error in
/// words, or empty.
std::string sendRecording(const std::string& from, const std::string& target)
{
    std::FILE* in = std::fopen(from.c_str(), "rb");
    if (!in)
        return "cannot read the run's recording " + from + ": " + std::strerror(errno);
    std::string error;
    try {
        OutputFile out(target);
        std::vector<char> buf(1 << 20);
        for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), in)) > 0;)
            if (!out.write(buf.data(), n)) {
                error = out.error();
                break;
            }
        if (error.empty() && !out.commit())
            error = out.error();
    } catch (const std::exception& e) {
        error = e.what();
    }
    std::fclose(in);
    return error;
}

int runCommand(const RunArgs& a)
{
    if (a.dieWithParent >= 0) {
        // Started by a sweep (or the app): end with it. SIGTERM gives the orderly shutdown.
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != a.dieWithParent)
            return 128 + SIGTERM;
    }
    Config config;
    if (!loadRunConfig(a.config, config))
        return kExitBadConfig;

    // Every output must be writable before anything starts: a wrong path is a usage error.
    RunOutputs out;
    if (std::string why; !runOutputs(a, out, why))
        return cli::usageError("run", why);
    RunOptions options;
    // The trace is made from the recording: without --events, a temporary one; with --events to
    // a device, FIFO or socket (which cannot be read back), a private one sent there afterwards.
    struct stat eventsStat {};
    const bool eventsInPlace = !out.eventsPath.empty() && stat(out.eventsPath.c_str(), &eventsStat) == 0 &&
                               !S_ISREG(eventsStat.st_mode);
    const bool tempRecording = !out.tracePath.empty() && (out.eventsPath.empty() || eventsInPlace);
    std::string tempDir;
    if (tempRecording && eventsInPlace) {
        tempDir = privateTempDir("trace");
        options.recordingPath = tempDir + "/run.lsrec";
    } else {
        options.recordingPath = tempRecording ? traceRecordingPath(out.tracePath, tempDir) : out.eventsPath;
    }
    options.onStarted = [](const std::string& segment, const std::string& recording) {
        // Machine-readable: the app attaches to exactly this segment and follows this file.
        std::cerr << "loaderscope-engine: segment " << segment << "\n";
        if (!recording.empty())
            std::cerr << "loaderscope-engine: recording " << recording << "\n";
        std::cerr.flush();
    };

    RunReport report;
    if (const std::optional<int> failed = runInZygote(config, options, report)) {
        if (!tempDir.empty())
            removePrivateTempDir(tempDir);
        return *failed;
    }
    for (const auto& e : report.errors)
        std::cerr << "loaderscope-engine: error: " << e << "\n";

    // The summary first: it is complete as soon as the loop stopped (a stop signal is answered
    // within the shutdown time); the trace can take longer.
    const std::string summary = summaryJson(config, report);
    int rc = report.exit_code;
    if (!writeSummary(out.summaryPath, summary))
        rc = rc ? rc : kExitRuntime;
    if (!report.recording_error.empty()) {
        // Said once: a run the failed recording stopped already named it among its errors.
        const bool said = std::any_of(report.errors.begin(), report.errors.end(),
                                      [&](const std::string& e) { return e.find(report.recording_error) != std::string::npos; });
        if (!said)
            std::cerr << "loaderscope-engine: " << report.recording_error << "\n";
        rc = rc ? rc : kExitRuntime;
    }
    bool keepRecording = !tempRecording;
    if (!out.tracePath.empty() && report.recording_error.empty()) {
        switch (writeTraceOfRun(options.recordingPath, out.tracePath)) {
        case TraceOutcome::Written:
            break;
        case TraceOutcome::Failed:
            rc = rc ? rc : kExitRuntime;
            break;
        case TraceOutcome::Stopped:
            rc = rc ? rc : 128 + std::max(1, stopSignal().load());
            if (tempDir.empty()) {
                keepRecording = true;
                std::cerr << "loaderscope-engine: stopped before the Chrome trace was written; the run's recording is kept: "
                             "write the trace with: loaderscope-engine trace --recording '"
                          << options.recordingPath << "' --out '" << out.tracePath << "'\n";
            } else {
                std::cerr << "loaderscope-engine: stopped before the Chrome trace was written; it was not written\n";
            }
            break;
        }
    }
    if (eventsInPlace && tempRecording && report.recording_error.empty()) {
        if (const std::string why = sendRecording(options.recordingPath, out.eventsPath); !why.empty()) {
            std::cerr << "loaderscope-engine: --events " << out.eventsPath << ": " << why << "\n";
            rc = rc ? rc : kExitRuntime;
        }
    }
    if (!keepRecording)
        std::remove(options.recordingPath.c_str());
    if (!tempDir.empty())
        removePrivateTempDir(tempDir);
    return rc;
}

int traceCommand(const TraceArgs& a)
{
    if (const std::string why = checkOutputPath(a.out); !why.empty())
        return cli::usageError("trace", why);
    installStopHandlers();
    try {
        const RecordingReader recording(a.recording);
        if (const RecordingReader::Shortfall cut = recording.shortfall(); cut.truncated) {
            std::cerr << "loaderscope-engine: warning: " << a.recording << " is truncated: " << describeShortfall(cut) << "\n";
            if (cut.eventsRead == 0)
                return kExitRuntime; // nothing to export: no empty trace
        }
        std::string error;
        size_t done = 0;
        const size_t total = std::max<size_t>(1, recording.chunks());
        if (!writeChromeTrace(recording, a.out, &error, [&] {
                // Asked between chunks: progress for the app, and a stop request.
                std::cerr << "progress " << ++done << "/" << total << std::endl;
                return stopSignal().load() != 0;
            })) {
            std::cerr << "loaderscope-engine: " << error << "\n";
            return stopSignal().load() ? 128 + stopSignal().load() : kExitRuntime;
        }
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return kExitRuntime;
    }
    return kExitOk;
}

int validateCommand(const cli::ConfigSource& source)
{
    try {
        const Config c = parseRunConfig(cli::configText(source));
        for (const auto& w : c.warnings)
            std::cerr << "loaderscope-engine: warning: " << w << "\n";
    } catch (const ConfigError& e) {
        std::cerr << "loaderscope-engine: invalid config: " << e.what() << "\n";
        return kExitBadConfig;
    }
    std::cout << "config is valid\n";
    return kExitOk;
}

/// cuda-info: the CUDA runtime, and with a usable device its kernel image and H2D copy peak (JSON).
int cudaInfoCommand()
{
    const CudaProbe p = probeCuda();
    nlohmann::json j = {{"compiled", p.compiled}, {"usable", p.usable}, {"error", p.error}, {"message", p.message}};
    bool ok = p.usable;
    if (p.usable) {
        const KernelImage k = cudaKernelImage();
        j["kernel_image"] = k.ok ? nlohmann::json{{"binary_version", k.binary_version}, {"ptx_version", k.ptx_version}}
                                 : nlohmann::json{{"error", k.error}};
        const PeakH2D peak = measurePeakH2D(256ull << 20, 20);
        const bool measured = peak.best_gbps > 0;
        j["peak_h2d_gbps_pinned_memcpy"] = measured ? nlohmann::json(peak.best_gbps) : nlohmann::json(nullptr);
        j["median_h2d_gbps_pinned_memcpy"] = measured ? nlohmann::json(peak.median_gbps) : nlohmann::json(nullptr);
        j["peak_bytes"] = peak.bytes;
        j["peak_repeats"] = peak.repeats;
        if (!measured)
            j["peak_error"] = peak.error;
        ok = k.ok && measured;
    }
    std::cout << j.dump(2) << "\n";
    return ok ? kExitOk : kExitRuntime;
}

int cleanCommand()
{
    for (const auto& name : sweepStaleSegments())
        std::cout << "removed /dev/shm/" << name << "\n";
    return kExitOk;
}

int defaultConfigCommand()
{
    std::cout << defaultConfigJson() << "\n";
    return kExitOk;
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{kDescription, "loaderscope-engine"};
    app.formatter(cli::helpFormatter());
    app.footer(kExitStatus);
    app.require_subcommand(1);
    app.set_version_flag("-v,--version", std::string("loaderscope-engine ") + LOADERSCOPE_VERSION);
    // An option given twice keeps its last value (the repeatable ones, --vary, --trace and
    // --recording, keep each); the subcommands inherit this default.
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    RunArgs run;
    TraceArgs trace;
    cli::ConfigSource validate;
    cli::SweepArgs sweep;
    cli::AdviseArgs advise;
    cli::AnalyzeArgs analyze;
    WorkerArgs worker;
    // In the order the top-level help lists them.
    const std::vector<std::pair<CLI::App*, std::function<int()>>> commands = {
        {addRunCommand(app, run), [&] { return runCommand(run); }},
        {addTraceCommand(app, trace), [&] { return traceCommand(trace); }},
        {addValidateCommand(app, validate), [&] { return validateCommand(validate); }},
        {app.add_subcommand("default-config", "Print the built-in default configuration."), defaultConfigCommand},
        {cli::addSweepCommand(app, sweep), [&] { return cli::sweepCommand(sweep, selfExecutable()); }},
        {cli::addAdviseCommand(app, advise), [&] { return cli::adviseCommand(advise, selfExecutable()); }},
        {cli::addAnalyzeCommand(app, analyze), [&] { return cli::analyzeCommand(analyze); }},
        {app.add_subcommand("cuda-info",
                            "Probe the CUDA runtime; with a usable device, show the step kernel's image and measure the "
                            "plain pinned H2D copy peak, best and median of 20 copies of 256 MiB (JSON). Exit 3 when "
                            "no device is usable or a CUDA call failed."),
         cudaInfoCommand},
        {app.add_subcommand("clean", "Remove shared-memory segments left by runs whose process is gone."), cleanCommand},
        {addWorkerCommand(app, worker), [&] { return workerCommand(worker); }},
    };
    if (argc >= 2 && std::strcmp(argv[1], "help") == 0) {
        std::cout << app.help();
        return kExitOk;
    }
    if (argc >= 2 && argv[1][0] != '-' &&
        app.get_subcommands([&](CLI::App* c) { return c->check_name(argv[1]); }).empty())
        return cli::usageError("", "unknown command '" + std::string(argv[1]) + "'");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0)
            return app.exit(e); // --help, --version: printed on stdout
        const std::vector<CLI::App*> chosen = app.get_subcommands();
        return cli::usageError(chosen.empty() ? std::string() : chosen.front()->get_name(), e.what());
    }
    for (const auto& [command, runIt] : commands)
        if (command->parsed())
            return runIt();
    return cli::usageError("", "missing command");
}
