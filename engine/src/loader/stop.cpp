// SPDX-License-Identifier: MIT
// A run's stop requests: the signals that end a run cleanly (with its summary), and the reasons
// the engine itself gives (a recording that cannot be written).
#include "loaderscope/loader/run.h"

#include <csignal>

namespace loaderscope {

std::atomic<int>& stopSignal()
{
    static std::atomic<int> sig{0};
    return sig;
}

std::atomic<int>& stopSignalCount()
{
    static std::atomic<int> count{0};
    return count;
}

void requestStop(int reason)
{
    int none = 0;
    stopSignal().compare_exchange_strong(none, reason);
}

void clearStopRequest(int reason)
{
    int expected = reason;
    stopSignal().compare_exchange_strong(expected, 0);
}

namespace {

void onStop(int sig)
{
    stopSignal().store(sig);
    stopSignalCount().fetch_add(1);
}

} // namespace

void installStopHandlers()
{
    struct sigaction sa {};
    sa.sa_handler = onStop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    // A file size limit (or a full quota) must fail the write, not kill the run without a summary.
    std::signal(SIGXFSZ, SIG_IGN);
}

} // namespace loaderscope
