// SPDX-License-Identifier: MIT
#include "loaderscope/base/temp_dir.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace loaderscope {

std::string privateTempDir(const std::string& what)
{
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    struct stat st {};
    std::string base = runtime && *runtime && stat(runtime, &st) == 0 && S_ISDIR(st.st_mode) ? runtime : "/tmp";
    std::string tmpl = base + "/loaderscope-" + what + "-" + std::to_string(getpid()) + "-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data())) // mode 0700
        throw std::runtime_error("cannot make a private temporary folder in " + base + ": " + std::strerror(errno));
    return buf.data();
}

void removePrivateTempDir(const std::string& dir)
{
    // Opened without following a link (the name may have been swapped since it was checked);
    // the files inside are unlinked relative to that descriptor, never followed.
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return;
    if (DIR* d = fdopendir(fd)) {
        while (dirent* e = readdir(d)) {
            const std::string name = e->d_name;
            if (name != "." && name != "..")
                unlinkat(dirfd(d), name.c_str(), 0);
        }
        closedir(d); // closes fd
    } else {
        ::close(fd);
    }
    rmdir(dir.c_str());
}

std::vector<std::string> sweepStaleTempDirs()
{
    std::vector<std::string> removed;
    std::vector<std::string> bases{"/tmp"};
    if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime && std::string(runtime) != "/tmp")
        bases.insert(bases.begin(), runtime);
    const uid_t me = geteuid();
    for (const std::string& base : bases) {
        DIR* d = opendir(base.c_str());
        if (!d)
            continue;
        while (dirent* e = readdir(d)) {
            const std::string name = e->d_name;
            if (name.rfind("loaderscope-", 0) != 0)
                continue;
            // loaderscope-<what>-<pid>-<random>: the pid is the second-to-last field.
            const size_t last = name.rfind('-');
            const size_t prev = last == std::string::npos || last == 0 ? std::string::npos : name.rfind('-', last - 1);
            if (prev == std::string::npos)
                continue;
            const std::string pidText = name.substr(prev + 1, last - prev - 1);
            if (pidText.empty() || pidText.find_first_not_of("0123456789") != std::string::npos)
                continue;
            const std::string path = base + "/" + name;
            struct stat st {};
            if (lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != me)
                continue; // only our own directories, never through a link
            const long pid = std::strtol(pidText.c_str(), nullptr, 10);
            if (pid <= 0 || kill(pid_t(pid), 0) == 0 || errno == EPERM)
                continue; // alive (or a reused pid): leave it
            removePrivateTempDir(path);
            removed.push_back(path);
        }
        closedir(d);
    }
    return removed;
}

} // namespace loaderscope
