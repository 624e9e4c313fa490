// SPDX-License-Identifier: MIT
// A stand-in for loaderscope-engine that misbehaves on purpose, for the launcher tests.
// FAKE_ENGINE_MODE: ok | crash | killed | hang | garbage | exit2 | exit3
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

int main(int argc, char** argv)
{
    const char* mode = getenv("FAKE_ENGINE_MODE");
    const std::string m = mode ? mode : "ok";
    std::string summary;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--summary") == 0)
            summary = argv[i + 1];
    if (m == "crash") {
        fprintf(stderr, "about to crash\n");
        fflush(stderr);
        std::signal(SIGSEGV, SIG_DFL);
        kill(getpid(), SIGSEGV);
    }
    if (m == "killed") {
        kill(getpid(), SIGKILL); // as an OOM killer would (this one is not)
        pause();
    }
    if (m == "hang") {
        std::signal(SIGTERM, SIG_IGN); // only SIGKILL ends it
        for (;;)
            pause();
    }
    if (m == "garbage") {
        for (int i = 0; i < 2000; ++i) {
            char junk[64];
            for (char& c : junk)
                c = char(rand());
            fwrite(junk, 1, sizeof junk, i % 2 ? stdout : stderr);
        }
        return 0; // and no summary file
    }
    if (m == "exit2") {
        fprintf(stderr, "loaderscope-engine: invalid config: loader.num_workers: num_workers option should be non-negative\n");
        return 2;
    }
    if (m == "exit3") {
        fprintf(stderr, "loaderscope-engine: error: DataLoader worker (pid(s) 4242) exited unexpectedly: DataLoader worker "
                        "(pid 4242) is killed by signal: Killed.\n");
        return 3;
    }
    if (!summary.empty()) {
        FILE* f = fopen(summary.c_str(), "w");
        if (f) {
            fputs("{\"backend\":\"sim\",\"batches\":1,\"samples\":4,\"samples_per_s\":10.0,\"verdict\":\"not input-bound\"}", f);
            fclose(f);
        }
    }
    return 0;
}
