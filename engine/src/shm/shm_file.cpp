// SPDX-License-Identifier: MIT
// Opening a name in /dev/shm (segment_name.h).
#include "segment_name.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace loaderscope {

bool isShmFileName(const std::string& name)
{
    return !name.empty() && name.size() <= 200 && name != "." && name != ".." &&
           name.find('/') == std::string::npos && name.find('\0') == std::string::npos;
}

int openShmFile(const std::string& name, int flags, struct stat& st, std::string& why)
{
    if (!isShmFileName(name)) {
        why = "'" + name + "' is not a shared-memory segment name";
        errno = EINVAL;
        return -1;
    }
    const std::string path = "/dev/shm/" + name;
    // Look before opening: a device node planted under our name is not even opened.
    struct stat named {};
    if (lstat(path.c_str(), &named) != 0) {
        const int err = errno;
        why = "cannot open segment " + name + ": " + std::strerror(err);
        errno = err;
        return -1;
    }
    if (!S_ISREG(named.st_mode)) {
        why = "segment " + name + " is not a regular file: not opened";
        errno = EINVAL;
        return -1;
    }
    const int fd = ::open(path.c_str(), flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        const int err = errno;
        why = err == ELOOP ? "segment " + name + " is a symbolic link: not opened"
                           : "cannot open segment " + name + ": " + std::strerror(err);
        errno = err;
        return -1;
    }
    // fstat on what was opened, not stat on the name: nothing can be swapped in between.
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        why = "segment " + name + " is not a regular file: not opened";
        errno = EINVAL;
        return -1;
    }
    if (st.st_uid != geteuid()) {
        ::close(fd);
        why = "segment " + name + " belongs to another user (uid " + std::to_string(st.st_uid) + "): not opened";
        errno = EPERM;
        return -1;
    }
    return fd;
}

} // namespace loaderscope
