// SPDX-License-Identifier: MIT
// loaderscope-engine: the CLI of docs/config.md. Exit codes: 0 success, 2 bad config or usage,
// 3 runtime loader error (worker died, timed out, worker exception); 128+N when stopped by signal N.
#include "commands.h"
#include "loaderscope/config.h"
#include "loaderscope/dataset_objects.h"
#include "loaderscope/device.h"
#include "loaderscope/oom.h"
#include "loaderscope/output_file.h"
#include "loaderscope/recording.h"
#include "loaderscope/run.h"
#include "loaderscope/segment.h"
#include "loaderscope/summary.h"
#include "loaderscope/sweep.h"
#include "loaderscope/trace_export.h"
#include "loaderscope/worker.h"
#include "loaderscope/worker_pool.h"

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
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace loaderscope;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitBadConfig = 2;
constexpr int kExitRuntime = 3;

const char* kHelp = R"(loaderscope-engine: a real PyTorch-DataLoader-style worker pool on shared memory

Usage:
  loaderscope-engine run [--config FILE] [--trace FILE] [--summary FILE] [--events FILE]
      Run a configuration (the built-in default when --config is absent). Writes a Chrome trace
      (Perfetto, chrome://tracing) and a JSON summary when asked; prints the summary to stdout
      when --summary is absent. --events keeps the run's recording: every event, written to disk
      as it comes (the app reads it; `trace` turns it into a Chrome trace). Output paths are
      checked before anything starts. Outputs are written to a temporary file next to the target
      and renamed into place. On stderr: "segment NAME" and "recording PATH" lines at the start.
  loaderscope-engine trace --recording FILE --out FILE.json
      Write the Chrome trace of a run from its recording (run --events FILE). Progress on stderr.
  loaderscope-engine validate --config FILE
      Check a configuration without starting anything.
  loaderscope-engine default-config
      Print the built-in default configuration.
  loaderscope-engine sweep --config FILE --vary KNOB=V1,V2 [--vary KNOB2=...] --out FILE.csv|.json
                           [--batches N]
      Run every combination (knobs: num_workers, prefetch_factor, batch_size, pin_memory,
      persistent_workers, multiprocessing_context, in_order, non_blocking, copy_stream) for N
      batches (default 50) and write samples/s, data stall and the best combination. Progress on
      stderr.
  loaderscope-engine advise --config FILE [--batches N] [--out FILE.json]
      Run the configuration (at most N batches per epoch, default 200), then check each piece of
      advice that names a knob with a short measured sweep (current value, advised value, one
      beyond). Writes the summary with a "proof" on each such advice. Progress on stderr.
  loaderscope-engine analyze --trace FILE [--trace FILE ...] [--out FILE]
      The loader verdict of PyTorch profiler traces (Kineto or legacy JSON, plain or .gz); several
      files are several ranks of one job, and the straggler is named.
  loaderscope-engine analyze --recording FILE [--recording FILE ...] [--out FILE]
      The same for recordings (run --events, or the probe's --events), one per rank: each read
      once, streaming; its figures, and the rank whose loader holds the others back.
  loaderscope-engine cuda-info
      Probe the CUDA runtime; with a usable device, show the step kernel's image and measure the
      plain pinned H2D copy peak, best and median of 20 copies of 256 MiB (JSON). Exit 3 when no
      device is usable or a CUDA call failed.
  loaderscope-engine clean
      Remove shared-memory segments left by runs whose process is gone.
  loaderscope-engine --help | --version

Exit status: 0 success; 2 bad configuration or usage (message on stderr names the field);
3 runtime loader error (worker died, timed out, worker exception); 128+N stopped by signal N.
)";

struct Args
{
    std::string command;
    std::map<std::string, std::string> options; ///< last value of each option
    cli::Options ordered;                        ///< every option in order (repeatable ones)
};

bool parseArgs(int argc, char** argv, Args& out, std::string& error)
{
    if (argc < 2) {
        error = "missing command";
        return false;
    }
    out.command = argv[1];
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a.rfind("--", 0) != 0) {
            error = "unexpected argument '" + a + "'";
            return false;
        }
        if (auto eq = a.find('='); eq != std::string::npos && a.rfind("--vary", 0) != 0) {
            out.options[a.substr(2, eq - 2)] = a.substr(eq + 1);
            out.ordered.emplace_back(a.substr(2, eq - 2), a.substr(eq + 1));
            continue;
        }
        if (i + 1 >= argc) {
            error = "option " + a + " needs a value";
            return false;
        }
        out.options[a.substr(2)] = argv[i + 1];
        out.ordered.emplace_back(a.substr(2), argv[i + 1]);
        ++i;
    }
    return true;
}

bool checkOptions(const Args& a, std::initializer_list<const char*> allowed, std::string& error)
{
    for (const auto& [k, v] : a.options) {
        bool ok = false;
        for (const char* name : allowed)
            ok = ok || k == name;
        if (!ok) {
            error = "unknown option --" + k + " for '" + a.command + "'";
            return false;
        }
    }
    return true;
}

int usageError(const std::string& message)
{
    std::cerr << "loaderscope-engine: " << message << "\nTry 'loaderscope-engine --help'.\n";
    return kExitBadConfig;
}

int workerCommand(const Args& a)
{
    WorkerArgs w;
    try {
        w.shm = a.options.at("shm");
        w.id = std::stoi(a.options.at("id"));
        w.generation = uint32_t(std::stoul(a.options.at("gen")));
        w.parent = std::stoi(a.options.at("parent"));
    } catch (const std::exception&) {
        return usageError("worker mode needs --shm, --id, --gen and --parent");
    }
    workerProcessMain(w, nullptr);
}

/// The run's configuration: --config, or the built-in default. Its warnings (and those of a
/// /dev/shm too small for it) are printed and kept; false once an invalid config was reported.
bool loadRunConfig(const Args& a, Config& config)
{
    std::string configText;
    try {
        if (auto it = a.options.find("config"); it != a.options.end())
            configText = loadConfigText(it->second);
        else
            configText = defaultConfigJson();
        config = parseConfig(configText);
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
bool runOutputs(const Args& a, RunOutputs& out, std::string& why)
{
    if (auto it = a.options.find("summary"); it != a.options.end())
        out.summaryPath = it->second;
    if (auto it = a.options.find("trace"); it != a.options.end())
        out.tracePath = it->second;
    if (auto it = a.options.find("events"); it != a.options.end())
        out.eventsPath = it->second;
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

int runCommand(const Args& a)
{
    if (auto it = a.options.find("die-with-parent"); it != a.options.end()) {
        // Started by a sweep (or the app): end with it. SIGTERM gives the orderly shutdown.
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (std::to_string(getppid()) != it->second)
            return 128 + SIGTERM;
    }
    Config config;
    if (!loadRunConfig(a, config))
        return kExitBadConfig;

    // Every output must be writable before anything starts: a wrong path is a usage error.
    RunOutputs out;
    if (std::string why; !runOutputs(a, out, why))
        return usageError(why);
    RunOptions options;
    // The trace is made from the recording: without --events, a temporary one.
    const bool tempRecording = out.eventsPath.empty() && !out.tracePath.empty();
    std::string tempDir;
    options.recordingPath = tempRecording ? traceRecordingPath(out.tracePath, tempDir) : out.eventsPath;
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
    if (!keepRecording)
        std::remove(options.recordingPath.c_str());
    if (!tempDir.empty())
        removePrivateTempDir(tempDir);
    return rc;
}

int traceCommand(const Args& a)
{
    const auto rec = a.options.find("recording"), out = a.options.find("out");
    if (rec == a.options.end() || out == a.options.end())
        return usageError("trace needs --recording FILE and --out FILE.json");
    if (const std::string why = checkOutputPath(out->second); !why.empty())
        return usageError(why);
    installStopHandlers();
    try {
        const RecordingReader recording(rec->second);
        if (const RecordingReader::Shortfall cut = recording.shortfall(); cut.truncated) {
            std::cerr << "loaderscope-engine: warning: " << rec->second << " is truncated: " << describeShortfall(cut) << "\n";
            if (cut.eventsRead == 0)
                return kExitRuntime; // nothing to export: no empty trace
        }
        std::string error;
        size_t done = 0;
        const size_t total = std::max<size_t>(1, recording.chunks());
        if (!writeChromeTrace(recording, out->second, &error, [&] {
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

int validateCommand(const Args& a)
{
    auto it = a.options.find("config");
    if (it == a.options.end())
        return usageError("validate needs --config FILE");
    try {
        const Config c = loadConfigFile(it->second);
        for (const auto& w : c.warnings)
            std::cerr << "loaderscope-engine: warning: " << w << "\n";
    } catch (const ConfigError& e) {
        std::cerr << "loaderscope-engine: invalid config: " << e.what() << "\n";
        return kExitBadConfig;
    }
    std::cout << "config is valid\n";
    return kExitOk;
}

} // namespace

int main(int argc, char** argv)
{
    Args args;
    std::string error;
    if (argc >= 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
                      std::strcmp(argv[1], "help") == 0)) {
        std::cout << kHelp;
        return kExitOk;
    }
    if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
        std::cout << "loaderscope-engine " << LOADERSCOPE_VERSION << "\n";
        return kExitOk;
    }
    if (!parseArgs(argc, argv, args, error))
        return usageError(error);
    if (args.command == "worker")
        return workerCommand(args);
    if (args.command == "run") {
        if (!checkOptions(args, {"config", "trace", "summary", "events", "die-with-parent"}, error))
            return usageError(error);
        return runCommand(args);
    }
    if (args.command == "validate") {
        if (!checkOptions(args, {"config"}, error))
            return usageError(error);
        return validateCommand(args);
    }
    if (args.command == "trace") {
        if (!checkOptions(args, {"recording", "out"}, error))
            return usageError(error);
        return traceCommand(args);
    }
    if (args.command == "default-config") {
        std::cout << defaultConfigJson() << "\n";
        return kExitOk;
    }
    if (args.command == "analyze")
        return cli::analyzeCommand(args.ordered);
    if (args.command == "sweep")
        return cli::sweepCommand(args.ordered, selfExecutable());
    if (args.command == "advise")
        return cli::adviseCommand(args.ordered, selfExecutable());
    if (args.command == "cuda-info") {
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
    if (args.command == "clean") {
        for (const auto& name : sweepStaleSegments())
            std::cout << "removed /dev/shm/" << name << "\n";
        return kExitOk;
    }
    return usageError("unknown command '" + args.command + "'");
}
