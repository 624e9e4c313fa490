// SPDX-License-Identifier: MIT
// Segments left in /dev/shm: listing the live ones, removing those whose creator is gone.
#include "loaderscope/shm/segment.h"

#include "segment_name.h"

#include "loaderscope/base/clock.h"

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <signal.h>
#include <sstream>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loaderscope {

uint64_t processStartTime(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line))
        return 0;
    // The command name (field 2) may hold spaces and parentheses: parse after the last ')'.
    const auto close = line.rfind(')');
    if (close == std::string::npos)
        return 0;
    std::istringstream rest(line.substr(close + 2));
    std::string field;
    for (int i = 3; i <= 22 && rest >> field; ++i) {
        if (i == 22)
            return std::strtoull(field.c_str(), nullptr, 10);
    }
    return 0;
}

namespace {

/// One pass over /dev/shm stops after this long (anyone can fill /dev/shm with names; a pass must
/// never hold up a run, the app's start or `clean`): what is left waits for the next pass.
constexpr uint64_t kPassBudgetNs = 1'000'000'000ULL;

/// The names in /dev/shm with our prefix that are regular files of this user (lstat: a link,
/// FIFO, directory or another user's file is not looked at again), within the pass budget.
std::vector<std::string> ourSegmentNames(uint64_t deadline)
{
    std::vector<std::string> names;
    DIR* dir = opendir("/dev/shm");
    if (!dir)
        return names;
    const uid_t me = geteuid();
    while (dirent* e = readdir(dir)) {
        if (nowNs() > deadline)
            break;
        const std::string name = e->d_name;
        if (name.rfind(kSegmentPrefix, 0) != 0 || !isShmFileName(name))
            continue;
        if (e->d_type != DT_UNKNOWN && e->d_type != DT_REG)
            continue;
        struct stat st {};
        if (lstat(("/dev/shm/" + name).c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == me)
            names.push_back(name);
    }
    closedir(dir);
    return names;
}

} // namespace

std::vector<SegmentInfo> listLiveSegments()
{
    std::vector<SegmentInfo> out;
    const uint64_t deadline = nowNs() + kPassBudgetNs;
    const std::vector<std::string> names = ourSegmentNames(deadline);
    for (const std::string& name : names) {
        std::unique_ptr<Segment> seg;
        try {
            seg = Segment::open(name, /*writable=*/false);
        } catch (const std::exception&) {
            continue;
        }
        const SegmentHeader* h = seg->header();
        const int pid = h->creator_pid;
        if (pid <= 0 || (kill(pid, 0) != 0 && errno != EPERM) || processStartTime(pid) != h->creator_starttime)
            continue; // its process is gone (or the pid belongs to another process now)
        SegmentInfo i;
        i.name = name;
        i.source = SegmentSource(h->source);
        i.program = std::string(h->program, strnlen(h->program, sizeof h->program));
        i.pid = pid;
        i.start_unix_ns = h->start_unix_ns;
        i.rank = h->rank.load();
        i.world_size = h->world_size.load();
        i.lanes = seg->layout().num_workers;
        i.lanes_used = h->lanes_used.load();
        i.state = RunState(h->run_state.load());
        out.push_back(std::move(i));
    }
    std::sort(out.begin(), out.end(), [](const SegmentInfo& a, const SegmentInfo& b) { return a.start_unix_ns > b.start_unix_ns; });
    return out;
}

std::vector<std::string> sweepStaleSegments()
{
    std::vector<std::string> removed;
    const uint64_t deadline = nowNs() + kPassBudgetNs;
    for (const std::string& name : ourSegmentNames(deadline)) {
        if (nowNs() > deadline)
            break;
        const int pid = std::atoi(name.c_str() + std::strlen(kSegmentPrefix));
        if (pid <= 0)
            continue;
        bool alive = kill(pid, 0) == 0 || errno == EPERM;
        if (alive) {
            // The pid is in use: stale only if the header names another start time (pid reuse).
            struct stat st {};
            std::string why;
            const int fd = openShmFile(name, O_RDONLY, st, why);
            if (fd < 0)
                continue;
            unsigned char buf[offsetof(SegmentHeader, config_digest)];
            const ssize_t n = pread(fd, buf, sizeof buf, 0);
            ::close(fd);
            uint64_t magic = 0, start = 0;
            int32_t creator = 0;
            std::memcpy(&magic, buf + offsetof(SegmentHeader, magic), sizeof magic);
            std::memcpy(&creator, buf + offsetof(SegmentHeader, creator_pid), sizeof creator);
            std::memcpy(&start, buf + offsetof(SegmentHeader, creator_starttime), sizeof start);
            if (n < ssize_t(sizeof buf) || magic != kSegmentMagic)
                continue; // still being created, or not ours: leave it
            if (creator == pid && start == processStartTime(pid))
                continue; // a live run
            alive = false;
        }
        if (!alive && shm_unlink(("/" + name).c_str()) == 0)
            removed.push_back(name);
    }
    return removed;
}

} // namespace loaderscope
