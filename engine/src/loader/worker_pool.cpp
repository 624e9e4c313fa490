// SPDX-License-Identifier: MIT
#include "loaderscope/loader/worker_pool.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/shm/segment.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <sched.h>
#include <spawn.h>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace loaderscope {

namespace {

/// Zygote request: 'G' guard a segment name, 'F' fork a worker.
struct ZygoteRequest
{
    char type = 0;
    int id = 0;
    uint32_t generation = 0;
    int parent = 0;
    char shm[200] = {};
};

int pidfdOpen(pid_t pid)
{
    return int(syscall(SYS_pidfd_open, pid, 0));
}

[[noreturn]] void zygoteLoop(int sock, const Config& config)
{
    char guarded[200] = {};
    for (;;) {
        ZygoteRequest req;
        const ssize_t n = recv(sock, &req, sizeof req, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            // The engine is gone (or closed us): remove the segment it may have left, then leave.
            if (guarded[0])
                shm_unlink(guarded);
            _exit(0);
        }
        if (req.type == 'G') {
            std::memcpy(guarded, req.shm, sizeof guarded);
            guarded[sizeof guarded - 1] = '\0';
            continue;
        }
        if (req.type != 'F')
            continue;
        req.shm[sizeof req.shm - 1] = '\0';
        // fork(), but with the engine as the parent. The zygote is single-threaded, so the child
        // inherits no lock held by another thread.
        const long pid = syscall(SYS_clone, CLONE_PARENT | SIGCHLD, nullptr, nullptr, nullptr, nullptr);
        if (pid == 0) {
            close(sock);
            WorkerArgs args{req.shm, req.id, req.generation, req.parent};
            workerProcessMain(args, &config);
        }
        const int32_t reply = pid < 0 ? -errno : int32_t(pid);
        send(sock, &reply, sizeof reply, MSG_NOSIGNAL);
    }
}

} // namespace

std::string WorkerExitInfo::describe() const
{
    if (signaled) {
        std::string s = "DataLoader worker (pid " + std::to_string(pid) + ") is killed by signal: " +
                        strsignal(code) + ".";
        if (code == SIGBUS)
            s += " It is possible that dataloader's workers are out of shared memory. Please try to "
                 "raise your shared memory limit.";
        return s;
    }
    return "DataLoader worker (pid " + std::to_string(pid) + ") exited unexpectedly with exit code " +
           std::to_string(code) + ". Details are lost due to multiprocessing. Rerunning with "
           "num_workers=0 may give better error trace.";
}

std::string selfExecutable()
{
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        throw std::runtime_error("cannot resolve /proc/self/exe");
    buf[n] = '\0';
    return buf;
}

// --- Zygote ------------------------------------------------------------------------------------

std::unique_ptr<Zygote> Zygote::start(const Config& config)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
        throw std::runtime_error(std::string("socketpair: ") + strerror(errno));
    fflush(nullptr); // nothing buffered may be written twice
    const pid_t pid = fork();
    if (pid < 0)
        throw std::runtime_error(std::string("fork: ") + strerror(errno));
    if (pid == 0) {
        close(sv[0]);
        prctl(PR_SET_NAME, "ls_zygote");
        std::signal(SIGINT, SIG_IGN);
        std::signal(SIGTERM, SIG_IGN); // ends on EOF, after unlinking the segment
        zygoteLoop(sv[1], config);
    }
    close(sv[1]);
    std::unique_ptr<Zygote> z(new Zygote);
    z->m_sock = sv[0];
    z->m_pid = pid;
    return z;
}

Zygote::~Zygote()
{
    if (m_sock >= 0)
        close(m_sock);
    if (m_pid > 0) {
        // It exits on EOF; reap exactly this pid (never waitpid(-1)).
        for (int i = 0; i < 500; ++i) {
            if (waitpid(m_pid, nullptr, WNOHANG) != 0)
                return;
            sleepNs(2'000'000);
        }
        kill(m_pid, SIGKILL);
        waitpid(m_pid, nullptr, 0);
    }
}

void Zygote::guardSegment(const std::string& name)
{
    ZygoteRequest req;
    req.type = 'G';
    snprintf(req.shm, sizeof req.shm, "/%s", name.c_str());
    send(m_sock, &req, sizeof req, MSG_NOSIGNAL);
}

pid_t Zygote::forkWorker(const WorkerArgs& args)
{
    ZygoteRequest req;
    req.type = 'F';
    req.id = args.id;
    req.generation = args.generation;
    req.parent = args.parent;
    snprintf(req.shm, sizeof req.shm, "%s", args.shm.c_str());
    if (send(m_sock, &req, sizeof req, MSG_NOSIGNAL) != ssize_t(sizeof req))
        throw std::runtime_error(std::string("the fork zygote is gone: ") + strerror(errno));
    int32_t reply = 0;
    ssize_t n;
    do {
        n = recv(m_sock, &reply, sizeof reply, 0);
    } while (n < 0 && errno == EINTR);
    if (n != ssize_t(sizeof reply))
        throw std::runtime_error("the fork zygote did not answer");
    if (reply < 0)
        throw std::runtime_error(std::string("fork of a worker failed: ") + strerror(-reply));
    return pid_t(reply);
}

// --- WorkerPool --------------------------------------------------------------------------------

WorkerPool::WorkerPool(const Config& config, Segment& segment, Zygote* zygote, EventWriter& mainEvents)
    : m_config(config), m_segment(segment), m_zygote(zygote), m_events(mainEvents),
      m_procs(size_t(config.loader.num_workers))
{
    if (config.loader.start_method == StartMethod::Spawn)
        m_exe = selfExecutable();
}

WorkerPool::~WorkerPool()
{
    for (size_t w = 0; w < m_procs.size(); ++w) {
        if (m_procs[w].pidfd >= 0) {
            signal(int(w), SIGKILL);
            join(int(w), 2'000'000'000ULL);
        }
    }
}

void WorkerPool::start(int w, uint64_t baseSeed)
{
    WorkerCtl* ctl = m_segment.worker(uint32_t(w));
    resetRings(m_segment, uint32_t(w));
    ctl->base_seed.store(baseSeed);
    ctl->pid.store(0);
    ctl->state.store(uint32_t(WorkerState::Starting));
    const uint32_t gen = ctl->generation.load() + 1;
    ctl->generation.store(gen);
    WorkerArgs args{m_segment.name(), w, gen, int(getpid())};
    pid_t pid;
    if (m_config.loader.start_method == StartMethod::Fork) {
        pid = m_zygote->forkWorker(args);
    } else {
        const std::string id = std::to_string(w), g = std::to_string(gen), parent = std::to_string(getpid());
        const char* argv[] = {m_exe.c_str(), "worker", "--shm", args.shm.c_str(), "--id", id.c_str(),
                              "--gen", g.c_str(), "--parent", parent.c_str(), nullptr};
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addclosefrom_np(&fa, 3);
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        sigset_t none, all;
        sigemptyset(&none);
        sigfillset(&all);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &all);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        const int err = posix_spawn(&pid, m_exe.c_str(), &fa, &attr, const_cast<char**>(argv), environ);
        posix_spawn_file_actions_destroy(&fa);
        posix_spawnattr_destroy(&attr);
        if (err != 0)
            throw std::runtime_error("posix_spawn of worker " + id + " failed: " + strerror(err));
    }
    const int fd = pidfdOpen(pid);
    if (fd < 0)
        throw std::runtime_error(std::string("pidfd_open: ") + strerror(errno));
    m_procs[size_t(w)] = {pid, fd};
}

std::vector<pid_t> WorkerPool::pids() const
{
    std::vector<pid_t> out;
    for (const auto& p : m_procs)
        out.push_back(p.pid);
    return out;
}

WorkerExitInfo WorkerPool::reapOne(int w)
{
    Proc& p = m_procs[size_t(w)];
    siginfo_t si{};
    WorkerExitInfo info;
    info.worker = w;
    info.pid = p.pid;
    if (waitid(P_PIDFD, id_t(p.pidfd), &si, WEXITED) == 0) {
        info.signaled = si.si_code == CLD_KILLED || si.si_code == CLD_DUMPED;
        info.code = si.si_status;
    }
    close(p.pidfd);
    p.pidfd = -1;
    m_events.instant(EventKind::WorkerExit, nowNs(), -1, p.pid,
                     info.signaled ? -info.code : info.code, w);
    m_segment.worker(uint32_t(w))->state.store(uint32_t(WorkerState::Exited));
    return info;
}

std::vector<WorkerExitInfo> WorkerPool::reap()
{
    std::vector<WorkerExitInfo> out;
    std::vector<pollfd> fds;
    std::vector<int> which;
    for (size_t w = 0; w < m_procs.size(); ++w) {
        if (m_procs[w].pidfd >= 0) {
            fds.push_back({m_procs[w].pidfd, POLLIN, 0});
            which.push_back(int(w));
        }
    }
    if (fds.empty() || poll(fds.data(), fds.size(), 0) <= 0)
        return out;
    for (size_t i = 0; i < fds.size(); ++i) {
        if (fds[i].revents & (POLLIN | POLLHUP | POLLERR))
            out.push_back(reapOne(which[i]));
    }
    return out;
}

bool WorkerPool::join(int w, uint64_t timeoutNs, std::vector<WorkerExitInfo>* ended)
{
    Proc& p = m_procs[size_t(w)];
    if (p.pidfd < 0)
        return true;
    pollfd fd{p.pidfd, POLLIN, 0};
    const uint64_t deadline = nowNs() + timeoutNs;
    for (;;) {
        const uint64_t now = nowNs();
        const int ms = now >= deadline ? 0 : int((deadline - now + 999'999) / 1'000'000);
        const int r = poll(&fd, 1, ms);
        if (r > 0) {
            WorkerExitInfo info = reapOne(w);
            if (ended)
                ended->push_back(info);
            return true;
        }
        if (r == 0 || (r < 0 && errno != EINTR) || nowNs() >= deadline)
            return false;
    }
}

void WorkerPool::signal(int w, int sig)
{
    const Proc& p = m_procs[size_t(w)];
    if (p.pidfd >= 0)
        syscall(SYS_pidfd_send_signal, p.pidfd, sig, nullptr, 0);
}

void WorkerPool::stopAll(uint64_t joinTimeoutNs)
{
    // As _shutdown_workers: join with a timeout, then terminate (a worker treats SIGTERM from its
    // parent as a clean exit), then kill what still refuses (a stopped or hung process). One
    // deadline for all of them, not one each: N stuck workers cost one timeout, not N.
    auto joinAll = [this](uint64_t timeoutNs) {
        const uint64_t deadline = nowNs() + timeoutNs;
        for (size_t w = 0; w < m_procs.size(); ++w) {
            const uint64_t now = nowNs();
            if (m_procs[w].pidfd >= 0)
                join(int(w), deadline > now ? deadline - now : 0);
        }
    };
    auto anyRunning = [this] {
        for (const Proc& p : m_procs)
            if (p.pidfd >= 0)
                return true;
        return false;
    };
    joinAll(joinTimeoutNs);
    if (!anyRunning())
        return;
    for (size_t w = 0; w < m_procs.size(); ++w)
        signal(int(w), SIGTERM);
    joinAll(std::min<uint64_t>(joinTimeoutNs, 1'000'000'000ULL));
    if (!anyRunning())
        return;
    for (size_t w = 0; w < m_procs.size(); ++w)
        signal(int(w), SIGKILL);
    joinAll(5'000'000'000ULL);
}

} // namespace loaderscope
