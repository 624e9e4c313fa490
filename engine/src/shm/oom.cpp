// SPDX-License-Identifier: MIT
#include "loaderscope/shm/oom.h"

#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <unistd.h>

namespace loaderscope {

namespace {

/// A v1 limit at or above this is "no limit" (the kernel reports PAGE_COUNTER_MAX pages).
constexpr uint64_t kV1Unlimited = 1ULL << 62;

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        return {};
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// The number after `key ` on a line of a "key value" file, or nullopt.
std::optional<uint64_t> keyedValue(const std::string& text, const std::string& key)
{
    std::istringstream in(text);
    std::string k;
    uint64_t v = 0;
    while (in >> k) {
        if (k == key && in >> v)
            return v;
        in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    }
    return std::nullopt;
}

struct Mount
{
    std::string root;        ///< the subtree of the hierarchy mounted there
    std::string point;
};

/// The mount of the cgroup2 hierarchy, or of the v1 hierarchy holding the memory controller.
std::optional<Mount> cgroupMount(bool v2)
{
    std::ifstream in("/proc/self/mountinfo");
    std::string line;
    while (std::getline(in, line)) {
        // "id parent maj:min root mountpoint options [optional...] - fstype source superoptions"
        const size_t dash = line.find(" - ");
        if (dash == std::string::npos)
            continue;
        std::istringstream head(line.substr(0, dash)), tail(line.substr(dash + 3));
        std::string id, parent, dev, root, point, fstype, source, super;
        head >> id >> parent >> dev >> root >> point;
        tail >> fstype >> source >> super;
        if (v2 ? fstype != "cgroup2" : fstype != "cgroup")
            continue;
        if (!v2) {
            bool memory = false;
            std::istringstream opts(super);
            for (std::string o; std::getline(opts, o, ',');)
                memory = memory || o == "memory";
            if (!memory)
                continue;
        }
        return Mount{root, point};
    }
    return std::nullopt;
}

std::string joinCgroupPath(const Mount& m, std::string path)
{
    // Inside a cgroup namespace the mount's root and the process's path are both relative to it.
    if (m.root != "/" && path.rfind(m.root, 0) == 0)
        path = path.substr(m.root.size());
    if (path.empty() || path == "/")
        return m.point;
    return m.point + (path.front() == '/' ? "" : "/") + path;
}

std::optional<uint64_t> limitIn(const std::string& dir, int version)
{
    std::string text = readText(dir + (version == 2 ? "/memory.max" : "/memory.limit_in_bytes"));
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    if (text.empty() || text == "max")
        return std::nullopt;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (!end || *end != '\0' || (version == 1 && v >= kV1Unlimited))
        return std::nullopt;
    return uint64_t(v);
}

} // namespace

std::optional<MemoryCgroup> memoryCgroupOf(int pid)
{
    const std::string self = pid > 0 ? "/proc/" + std::to_string(pid) : "/proc/self";
    std::ifstream in(self + "/cgroup");
    std::string line, v2Path, v1Path;
    bool haveV1 = false, haveV2 = false;
    while (std::getline(in, line)) {
        // "hierarchy-id:controllers:path"
        const size_t a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
        if (b == std::string::npos)
            continue;
        const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
        if (line.compare(0, a, "0") == 0 && controllers.empty()) {
            v2Path = path;
            haveV2 = true;
        }
        std::istringstream list(controllers);
        for (std::string c; std::getline(list, c, ',');)
            if (c == "memory") {
                v1Path = path;
                haveV1 = true;
            }
    }
    MemoryCgroup cg;
    std::string top;
    if (haveV1) {
        // The v1 memory controller, when mounted, is the one that limits (a hybrid host's unified
        // hierarchy has no memory controller).
        if (auto m = cgroupMount(false)) {
            cg.version = 1;
            cg.dir = joinCgroupPath(*m, v1Path);
            top = m->point;
        }
    }
    if (cg.version == 0 && haveV2) {
        if (auto m = cgroupMount(true)) {
            const std::string dir = joinCgroupPath(*m, v2Path);
            if (!readText(dir + "/memory.events").empty() || !readText(m->point + "/memory.stat").empty()) {
                cg.version = 2;
                cg.dir = dir;
                top = m->point;
            }
        }
    }
    if (cg.version == 0)
        return std::nullopt;
    const std::string counters = readText(cg.dir + (cg.version == 2 ? "/memory.events" : "/memory.oom_control"));
    cg.oom_kills = keyedValue(counters, "oom_kill").value_or(0);
    // The lowest limit on the way up: a container's limit is often set on an ancestor.
    for (std::string dir = cg.dir;;) {
        if (auto l = limitIn(dir, cg.version); l && (!cg.limit || *l < *cg.limit)) {
            cg.limit = l;
            cg.limit_file = dir + (cg.version == 2 ? "/memory.max" : "/memory.limit_in_bytes");
        }
        if (dir.size() <= top.size())
            break;
        const size_t slash = dir.rfind('/');
        if (slash == std::string::npos || slash < top.size())
            break;
        dir = dir.substr(0, slash);
    }
    return cg;
}

uint64_t systemOomKills()
{
    return keyedValue(readText("/proc/vmstat"), "oom_kill").value_or(0);
}

OomWatch OomWatch::begin()
{
    OomWatch w;
    w.m_cgroup = memoryCgroupOf();
    w.m_systemOomKills = systemOomKills();
    w.m_physical = physicalMemoryBytes();
    return w;
}

uint64_t OomWatch::memoryLimitBytes() const
{
    if (m_cgroup && m_cgroup->limit && (m_physical == 0 || *m_cgroup->limit < m_physical))
        return *m_cgroup->limit;
    return m_physical;
}

std::string OomWatch::explainSigkill(const std::string& who, const std::optional<MemorySample>& last, uint64_t now) const
{
    const std::optional<MemoryCgroup> after = memoryCgroupOf();
    const uint64_t systemAfter = systemOomKills();
    std::string s = who + " was killed by SIGKILL: ";
    const bool sameCgroup = m_cgroup && after && after->dir == m_cgroup->dir;
    if (sameCgroup && after->oom_kills > m_cgroup->oom_kills) {
        s += "the cgroup's OOM killer fired (oom_kill " + std::to_string(m_cgroup->oom_kills) + " → " +
             std::to_string(after->oom_kills) + " in " + m_cgroup->dir +
             (m_cgroup->version == 2 ? "/memory.events)" : "/memory.oom_control)");
    } else if (systemAfter > m_systemOomKills) {
        s += "the kernel's OOM killer fired (oom_kill " + std::to_string(m_systemOomKills) + " → " +
             std::to_string(systemAfter) + " in /proc/vmstat): the machine ran out of memory";
    } else {
        s += "no OOM killer fired (" +
             (m_cgroup ? "the cgroup's oom_kill stayed at " + std::to_string(m_cgroup->oom_kills)
                       : std::string("/proc/vmstat's oom_kill stayed at ") + std::to_string(m_systemOomKills)) +
             "): another process sent the signal";
    }
    if (last) {
        auto ago = [now](uint64_t t) { return std::to_string((now > t ? now - t : 0) / 1'000'000) + " ms before"; };
        s += "; its RSS was " + formatBytes(last->memory.rss) + " at the last sample, " + ago(last->t);
        if (last->t_rollup == last->t)
            s += " (USS " + formatBytes(last->memory.uss) + ")";
        else if (last->t_rollup != 0)
            s += " (USS " + formatBytes(last->memory.uss) + ", " + ago(last->t_rollup) + ")";
    }
    if (m_cgroup && m_cgroup->limit)
        s += "; the limit is " + formatBytes(*m_cgroup->limit) + " (" + m_cgroup->limit_file + ")";
    else if (m_physical > 0)
        s += "; no cgroup memory limit is set, the machine has " + formatBytes(m_physical);
    return s;
}

std::vector<std::string> shmWarnings(const Config& config)
{
    std::vector<std::string> out;
    const std::optional<ShmSpace> shm = devShmSpace();
    if (!shm || shm->size == 0)
        return out;
    const ShmLayout layout = ShmLayout::forConfig(config, configToJson(config).size());
    const std::string raise = "raise it: docker run --shm-size=8g (or --ipc=host), a Kubernetes emptyDir volume "
                              "with medium: Memory mounted at /dev/shm, or mount -o remount,size=8G /dev/shm";
    if (layout.total_bytes > shm->free / 2) {
        out.push_back("the run's shared memory (" + std::to_string(layout.num_slots) + " batch slots of " +
                      formatBytes(layout.slot_stride) + " and the event rings, " + formatBytes(layout.total_bytes) +
                      ") takes more than half of /dev/shm's " + formatBytes(shm->free) + " free (size " +
                      formatBytes(shm->size) +
                      "): other programs' shared memory can fill it and a worker then dies with a bus error; "
                      "lower num_workers, prefetch_factor or the batch's bytes, or " + raise);
    } else if (shm->size < kTinyShmBytes && config.loader.num_workers > 0) {
        out.push_back("/dev/shm is only " + formatBytes(shm->size) +
                      " (Docker's default is 64 MB): DataLoader workers hand every batch to the main process "
                      "through it, and PyTorch's workers die with a bus error when it is full; " + raise);
    }
    return out;
}

} // namespace loaderscope
