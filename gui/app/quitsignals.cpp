// SPDX-License-Identifier: MIT
#include "quitsignals.h"

#include <QApplication>
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

namespace QuitSignals {

namespace {

int g_pipe[2] = {-1, -1}; // [0] read by the GUI thread, [1] written by the handler

void onSignal(int sig)
{
    const int saved = errno;
    const char byte = char(sig);
    [[maybe_unused]] const ssize_t n = ::write(g_pipe[1], &byte, 1); // full pipe: one is enough
    errno = saved;
}

} // namespace

void install()
{
    if (g_pipe[0] >= 0 || ::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    auto* notifier = new QSocketNotifier(g_pipe[0], QSocketNotifier::Read, qApp);
    QObject::connect(notifier, &QSocketNotifier::activated, qApp, [] {
        char buf[16];
        while (::read(g_pipe[0], buf, sizeof buf) > 0) {
        }
        // As File ▸ Quit: each window's closeEvent runs (settings saved, the run stopped).
        QApplication::closeAllWindows();
        QCoreApplication::quit();
    });
    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigset_t set;
    sigemptyset(&set);
    for (const int sig : {SIGTERM, SIGHUP, SIGINT}) {
        sigaction(sig, &sa, nullptr);
        sigaddset(&set, sig);
    }
    // A launcher may start the app with these blocked (they stay pending across exec): from
    // here on they are handled, so one that came early is delivered now and quits cleanly.
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

} // namespace QuitSignals
