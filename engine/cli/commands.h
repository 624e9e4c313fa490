// SPDX-License-Identifier: MIT
// The commands of loaderscope-engine. Each command declares its options to CLI11 (Debian's
// libcli11-dev) in one add...Command function, next to the code that runs it, so its `--help`,
// the top-level help and the parsing come from the same declaration (docs/config.md section 2).
#pragma once

#include <CLI/CLI.hpp>

#include <atomic>
#include <string>
#include <vector>

namespace loaderscope::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;   ///< a bad configuration or command line
inline constexpr int kExitRuntime = 3; ///< a runtime loader error, an output that could not be written

/// "loaderscope-engine: MESSAGE" and where the command's options are listed, on stderr; kExitUsage.
int usageError(const std::string& command, const std::string& message);

/// Where a command's configuration comes from: a file, or one of the presets the app shows (by
/// the same name: the data folder's presets/NAME.json). Neither: the built-in default.
struct ConfigSource
{
    std::string file;   ///< --config FILE
    std::string preset; ///< --preset NAME
};
/// Adds --config FILE and --preset NAME to `command`, as an option group: one of them when
/// `needed`, else at most one.
void addConfigSource(CLI::App* command, ConfigSource& source, bool needed);
/// The configuration text of `source` (within kMaxConfigBytes); the built-in default when it names
/// none. Throws ConfigError naming the file, or the unknown preset and the names there are.
std::string configText(const ConfigSource& source);

/// The top-level help: every command's synopsis (from its declared options) and description.
std::shared_ptr<CLI::Formatter> helpFormatter();

struct SweepArgs
{
    ConfigSource config;
    std::vector<std::string> vary; ///< KNOB=V1,V2,... in order
    std::string out;
    int batches = 50;
    int repeats = 3; ///< runs per combination (median and spread)
};
CLI::App* addSweepCommand(CLI::App& app, SweepArgs& args);
int sweepCommand(const SweepArgs& args, const std::string& self);

struct AdviseArgs
{
    ConfigSource config;
    std::string out;
    std::string summary; ///< --summary: prove this run's advice as it stands
    int batches = 200;
    int repeats = 3;     ///< runs per value tried (median and spread)
};
CLI::App* addAdviseCommand(CLI::App& app, AdviseArgs& args);
int adviseCommand(const AdviseArgs& args, const std::string& self);

struct AnalyzeArgs
{
    std::vector<std::string> traces;     ///< --trace, one per rank
    std::vector<std::string> recordings; ///< --recording, one per rank
    std::string out;
};
CLI::App* addAnalyzeCommand(CLI::App& app, AnalyzeArgs& args);
int analyzeCommand(const AnalyzeArgs& args);

/// SIGINT/SIGTERM/SIGHUP set the flag sweepStopFlag() returns (sweep and advise).
void installSweepStopHandlers();
const std::atomic<bool>* sweepStopFlag();

} // namespace loaderscope::cli
