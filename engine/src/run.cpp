// SPDX-License-Identifier: MIT
#include "loaderscope/run.h"

#include "loaderscope/clock.h"
#include "loaderscope/loader.h"
#include "loaderscope/segment.h"
#include "loaderscope/worker_pool.h"

#include <csignal>
#include <cstring>
#include <mutex>
#include <sys/prctl.h>
#include <thread>
#include <unistd.h>

namespace loaderscope {

std::atomic<int>& stopSignal()
{
    static std::atomic<int> sig{0};
    return sig;
}

namespace {

void onStop(int sig)
{
    stopSignal().store(sig);
}

/** Drains every event ring of the run on its own thread, so a slow consumer never blocks a writer. */
class Collector
{
public:
    explicit Collector(const Segment& seg) : m_reader(seg)
    {
        m_thread = std::thread([this] {
            while (!m_done.load(std::memory_order_acquire)) {
                m_reader.drain(m_events);
                sleepNs(500'000); // 0.5 ms: a ring of 64 Ki records absorbs 100 M events/s
            }
        });
    }
    /// Stops the thread, drains once more and hands the events over.
    std::vector<Event> finish(uint64_t* lost)
    {
        m_done.store(true, std::memory_order_release);
        m_thread.join();
        m_reader.drain(m_events);
        *lost = m_reader.lost();
        return std::move(m_events);
    }

private:
    EventReader m_reader;
    std::vector<Event> m_events;
    std::atomic<bool> m_done{false};
    std::thread m_thread;
};

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
}

RunReport runEngine(const Config& config, const std::string& configJson, Zygote* zygote)
{
    RunReport report;
    report.engine_pid = getpid();
    report.num_workers = config.loader.num_workers;
    report.warnings = config.warnings;
    report.backend = "none";
    report.backend_note = "training step modelled as a timed wait on the host (no device model yet)";

    prctl(PR_SET_TIMERSLACK, 1UL); // step_us waits are measured, not stretched by 50 us of slack
    sweepStaleSegments();
    std::unique_ptr<Segment> segment = Segment::create(config, configJson);
    report.segment_name = segment->name();
    if (zygote)
        zygote->guardSegment(segment->name());
    segment->header()->run_state.store(uint32_t(RunState::Running));

    EventWriter mainEvents(*segment, LaneMain);
    Collector collector(*segment);
    Generator global(config.seed); // torch's global generator after manual_seed(seed)
    const auto& stop = stopSignal();

    std::unique_ptr<DataLoaderIter> it;
    auto emitCounts = [&](uint64_t t) {
        const QueueCounts q = it->counts();
        mainEvents.instant(EventKind::QueueDepth, t, 0, q.ready, q.outstanding);
    };
    try {
        it = makeLoaderIter(config, *segment, zygote, mainEvents, global, stop);
        for (int epoch = 0; epoch < config.train.epochs; ++epoch) {
            if (const int sig = stop.load())
                throw Interrupted(sig);
            const uint64_t tIter = nowNs();
            mainEvents.instant(EventKind::EpochBegin, tIter, -1, epoch);
            it->beginEpoch(epoch);
            if (epoch == 0)
                report.t_iter_created = tIter;
            report.worker_pids.push_back(it->workerPids());
            int64_t delivered = 0;
            for (;;) {
                if (config.train.max_batches && delivered >= *config.train.max_batches)
                    break;
                const uint64_t t0 = nowNs();
                if (report.t_loop_begin == 0)
                    report.t_loop_begin = t0;
                std::optional<Batch> batch;
                try {
                    batch = it->next();
                } catch (const WorkerException& e) {
                    const uint64_t t1 = nowNs();
                    report.wait_ns += t1 - t0;
                    mainEvents.span(EventKind::WaitData, t0, t1, -1);
                    mainEvents.instant(EventKind::Error, t1, -1, e.worker(), 0);
                    report.errors.push_back(e.what());
                    if (!config.train.continue_on_exception)
                        throw;
                    continue; // the loop catches it and calls next() again
                }
                const uint64_t t1 = nowNs();
                report.wait_ns += t1 - t0;
                if (!batch) {
                    mainEvents.span(EventKind::WaitData, t0, t1, -1);
                    break;
                }
                mainEvents.span(EventKind::WaitData, t0, t1, batch->task_idx, batch->worker);
                mainEvents.instant(EventKind::Deliver, t1, batch->task_idx, batch->worker, delivered);
                emitCounts(t1);
                if (report.t_first_batch == 0)
                    report.t_first_batch = t1;
                report.batch_log.push_back({epoch, delivered, batch->task_idx, batch->worker,
                                            batch->first_sample, batch->n_samples, batch->checksum});
                report.samples += batch->n_samples;
                // Zero copy: the loop reads the batch where the worker collated it. A batch whose
                // memory is not inside the segment's slot section was copied on its way here.
                report.batch_bytes += batch->bytes;
                const uint8_t* slots = segment->slotDataBase();
                if (batch->data < slots || batch->data + batch->bytes > slots + segment->slotDataBytes())
                    report.copied_to_main_bytes += batch->bytes;
                ++delivered;
                // The training step. Until a device model is attached it is a plain timed wait
                // of step_us on the host, and the summary says so (backend "none").
                const uint64_t s0 = nowNs();
                sleepNs(uint64_t(config.train.step_us * 1000.0));
                const uint64_t s1 = nowNs();
                mainEvents.span(EventKind::Step, s0, s1, batch->task_idx);
                report.step_ns += s1 - s0;
                report.t_loop_end = s1;
                it->release(*batch);
            }
            it->endEpoch();
            mainEvents.instant(EventKind::EpochEnd, nowNs(), -1, epoch);
        }
        it->shutdown();
        segment->header()->run_state.store(uint32_t(RunState::Finished));
    } catch (const Interrupted& e) {
        report.interrupted_by = e.signal();
        report.errors.push_back(std::string("interrupted by ") + strsignal(e.signal()));
        report.exit_code = 128 + e.signal();
    } catch (const WorkerException& e) {
        report.exit_code = 3;
    } catch (const LoaderError& e) {
        report.errors.push_back(e.what());
        report.exit_code = 3;
    } catch (const std::exception& e) {
        report.errors.push_back(e.what());
        report.exit_code = 3;
    }
    if (report.exit_code != 0)
        segment->header()->run_state.store(uint32_t(RunState::Failed));
    it.reset(); // shuts every worker down (join, terminate, kill) before the segment goes
    if (report.t_loop_end == 0)
        report.t_loop_end = nowNs();
    report.events = collector.finish(&report.events_lost);
    segment->unlink();
    return report;
}

} // namespace loaderscope
