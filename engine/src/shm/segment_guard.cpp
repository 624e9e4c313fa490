// SPDX-License-Identifier: MIT
#include "loaderscope/shm/segment_guard.h"

#include "segment_name.h"

#include <cerrno>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace loaderscope {

namespace {

/// What the owner writes when it removed the segment itself: one line.
constexpr char kReleased[] = "R\n";

/// fork() without the atfork handlers a job's libraries registered (OpenMP, CUDA): they take
/// locks and allocate, and the children here need none of what they prepare.
pid_t rawFork()
{
    return pid_t(syscall(SYS_clone, SIGCHLD, nullptr, nullptr, nullptr, nullptr));
}

/// The guard itself. Runs in a child of a possibly multi-threaded process: async-signal-safe
/// calls only (no malloc, no stdio, no locks), then _exit.
[[noreturn]] void guardMain(int readFd, const char* path)
{
    // Ignored signals stay ignored across execve: Ctrl+C, a closed terminal, a kill of the job's
    // group do not end the guard before the job.
    struct sigaction ign{};
    ign.sa_handler = SIG_IGN;
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2})
        sigaction(sig, &ign, nullptr);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    setsid();
    // Hold nothing of the job's (its stdout pipe, sockets, the segment's descriptor: a reader
    // waiting for EOF on the job's output must not wait for the guard): the pipe on 0, /dev/null
    // on 1 and 2, nothing else.
    const int keep = fcntl(readFd, F_DUPFD, 3);
    const int devnull = open("/dev/null", O_RDWR);
    if (keep < 0 || devnull < 0)
        _exit(1);
    dup2(devnull, 1);
    dup2(devnull, 2);
    dup2(keep, 0);
    if (syscall(SYS_close_range, 3u, ~0u, 0u) != 0) {
        struct rlimit rl{};
        const int top = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 65536 ? int(rl.rlim_cur) : 65536;
        for (int fd = 3; fd < top; ++fd)
            close(fd);
    }
    // exec drops the job's address space: a forked copy would keep every page the job writes
    // afterwards twice (copy-on-write: a training job's gigabytes). One read: a line "R" from the
    // owner (released), or EOF when every holder of the write end is gone (remove the name). The
    // path is an argument, never part of the script.
    char script[] = "read -r x; [ \"$x\" = R ] || exec rm -f -- \"$1\"";
    char sh[] = "sh", c[] = "-c", name[] = "ls_shm_guard";
    char* argv[] = {sh, c, script, name, const_cast<char*>(path), nullptr};
    char pathEnv[] = "PATH=/usr/bin:/bin";
    char* envp[] = {pathEnv, nullptr};
    execve("/bin/sh", argv, envp);
    // No /bin/sh: wait here instead (this copy of the job's pages stays until the job ends).
    prctl(PR_SET_NAME, "ls_shm_guard");
    char line[2] = {};
    ssize_t n;
    do
        n = read(0, line, sizeof line);
    while (n < 0 && errno == EINTR);
    if (!(n >= 1 && line[0] == kReleased[0]))
        unlink(path); // EOF: every holder of the write end is gone without releasing
    _exit(0);
}

} // namespace

std::unique_ptr<SegmentGuard> SegmentGuard::start(const std::string& name)
{
    if (!isShmFileName(name)) {
        errno = EINVAL;
        return nullptr;
    }
    // Built before the fork: the child may not allocate.
    char path[256];
    std::snprintf(path, sizeof path, "/dev/shm/%s", name.c_str());
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return nullptr;
    // The guard's pid comes back through a second pipe (the middle child's exit is all the
    // caller waits for).
    int pidPipe[2];
    if (pipe2(pidPipe, O_CLOEXEC) != 0) {
        close(fds[0]);
        close(fds[1]);
        return nullptr;
    }
    const pid_t child = rawFork();
    if (child < 0) {
        const int e = errno;
        for (int fd : {fds[0], fds[1], pidPipe[0], pidPipe[1]})
            close(fd);
        errno = e;
        return nullptr;
    }
    if (child == 0) {
        close(fds[1]);
        close(pidPipe[0]);
        const pid_t guard = rawFork();
        if (guard == 0) {
            close(pidPipe[1]);
            guardMain(fds[0], path);
        }
        const pid_t sent = guard > 0 ? guard : 0;
        (void)!write(pidPipe[1], &sent, sizeof sent);
        _exit(guard > 0 ? 0 : 1);
    }
    close(fds[0]);
    close(pidPipe[1]);
    pid_t guardPid = 0;
    ssize_t n;
    do
        n = read(pidPipe[0], &guardPid, sizeof guardPid);
    while (n < 0 && errno == EINTR);
    close(pidPipe[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (n != sizeof guardPid || guardPid <= 0) {
        close(fds[1]);
        errno = ECHILD;
        return nullptr;
    }
    std::unique_ptr<SegmentGuard> g(new SegmentGuard);
    g->m_fd = fds[1];
    g->m_owner = getpid();
    g->m_guardPid = guardPid;
    return g;
}

void SegmentGuard::release()
{
    if (m_fd < 0 || getpid() != m_owner)
        return;
    (void)!write(m_fd, kReleased, sizeof kReleased - 1);
    close(m_fd);
    m_fd = -1;
}

SegmentGuard::~SegmentGuard()
{
    if (m_fd >= 0 && getpid() == m_owner)
        close(m_fd); // no release(): the guard removes the name
}

} // namespace loaderscope
