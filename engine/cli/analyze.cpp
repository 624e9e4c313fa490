// SPDX-License-Identifier: MIT
// loaderscope-engine analyze: the loader verdict of PyTorch profiler traces (one per rank).
#include "commands.h"

#include "loaderscope/profiler_import.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

namespace loaderscope::cli {

int analyzeCommand(const Options& options)
{
    std::vector<std::string> paths;
    std::string out;
    for (const auto& [k, v] : options) {
        if (k == "trace")
            paths.push_back(v);
        else if (k == "out")
            out = v;
        else {
            std::cerr << "loaderscope-engine: unknown option --" << k << " for 'analyze'\n";
            return 2;
        }
    }
    if (paths.empty()) {
        std::cerr << "loaderscope-engine: analyze needs --trace FILE (repeat it for several ranks)\n";
        return 2;
    }
    std::vector<ProfilerTrace> traces;
    for (const std::string& p : paths) {
        try {
            uint64_t shown = 101; // the last percentage printed
            traces.push_back(importProfilerTrace(p, [&](uint64_t done, uint64_t total) {
                const uint64_t percent = total ? done * 100 / total : 0;
                if (total > (64u << 20) && percent != shown) {
                    shown = percent;
                    std::cerr << "\rreading " << p << ": " << percent << "%" << std::flush;
                }
                return true;
            }));
        } catch (const TraceImportError& e) {
            std::cerr << "\nloaderscope-engine: " << e.what() << "\n";
            return 2;
        }
    }
    const RankReport report = compareRanks(traces);
    nlohmann::json j;
    j["ranks"] = nlohmann::json::array();
    for (size_t i = 0; i < traces.size(); ++i) {
        const TraceAnalysis& a = report.ranks[i];
        auto opt = [](double v) { return v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v); };
        j["ranks"].push_back({{"file", traces[i].path}, {"rank", traces[i].rank >= 0 ? traces[i].rank : int(i)},
                              {"events", traces[i].events_seen}, {"bytes_read", traces[i].bytes_read},
                              {"steps", a.steps}, {"step_s", a.step_s}, {"data_wait_s", a.data_wait_s},
                              {"data_stall_fraction", a.data_stall_fraction}, {"gpu_busy_fraction", a.gpu_busy_fraction},
                              {"overlap_fraction", opt(a.overlap_fraction)}, {"h2d_gbps", opt(a.h2d_gbps)},
                              {"pinned_copies", a.pinned_copies}, {"pageable_copies", a.pageable_copies},
                              {"kernels", a.kernels}, {"verdict", a.verdict}, {"recommendations", a.recommendations}});
    }
    j["straggler"] = report.straggler >= 0 ? nlohmann::json(j["ranks"][size_t(report.straggler)]["rank"]) : nlohmann::json(nullptr);
    j["straggler_reason"] = report.straggler_reason;
    if (out.empty()) {
        std::cout << j.dump(2) << "\n";
    } else {
        std::ofstream f(out);
        f << j.dump(2) << "\n";
        if (!f) {
            std::cerr << "loaderscope-engine: cannot write '" << out << "'\n";
            return 3;
        }
    }
    return 0;
}

} // namespace loaderscope::cli
