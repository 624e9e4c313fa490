// SPDX-License-Identifier: MIT
#include "step_threads.h"

#include "loaderscope/base/clock.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <pthread.h>
#include <string>

namespace loaderscope {

int StepThreads::helpersFor(double threadsCpuUs, double stepUs)
{
    if (!(threadsCpuUs > 0))
        return 0;
    // A step of (nearly) no wall time still gets one helper; more than kMaxHelpers would only
    // model a pool larger than any machine this runs on.
    const double whole = std::ceil(threadsCpuUs / std::max(stepUs, 1.0));
    return int(std::clamp(whole, 1.0, double(kMaxHelpers)));
}

StepThreads::StepThreads(int helpers)
{
    // Helpers never take a signal: the stop handlers' flag is the main thread's to read, and a
    // helper's burn is bounded by one step anyway. Blocked here, inherited by each new thread.
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    const int n = std::clamp(helpers, 0, kMaxHelpers);
    m_threads.reserve(size_t(n));
    for (int i = 0; i < n; ++i)
        m_threads.emplace_back([this, i] { loop(i); });
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

StepThreads::~StepThreads()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (std::thread& t : m_threads)
        t.join();
}

void StepThreads::start(uint64_t totalNs, uint64_t salt)
{
    if (m_threads.empty())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_shareNs = totalNs / m_threads.size();
        m_salt = salt;
        m_running = int(m_threads.size());
        ++m_generation;
    }
    m_wake.notify_all();
}

void StepThreads::wait()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return m_running == 0; });
}

void StepThreads::loop(int index)
{
    const std::string name = "ls-step-" + std::to_string(index); // at most 15 characters
    pthread_setname_np(pthread_self(), name.c_str());
    uint64_t seen = 0;
    for (;;) {
        uint64_t share = 0, salt = 0;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stop || m_generation != seen; });
            if (m_stop)
                return;
            seen = m_generation;
            share = m_shareNs;
            salt = m_salt + uint64_t(index);
        }
        // Thread CPU, not wall time: a helper preempted by a worker finishes later, and so does
        // the step, as the job's step waits for its slowest intra-op thread.
        (void)burnCpuNs(share, salt);
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (--m_running == 0)
                m_done.notify_one();
        }
    }
}

} // namespace loaderscope
