// SPDX-License-Identifier: MIT
#include "loaderscope/base/input_file.h"

#include "loaderscope/base/bytes.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loaderscope {

namespace {

std::string kindOf(mode_t m)
{
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISFIFO(m))
        return "a FIFO";
    if (S_ISSOCK(m))
        return "a socket";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    return "not a regular file";
}

/// open(2) that never waits: O_NONBLOCK (a FIFO with no writer opens at once).
int openNow(const std::string& path, bool noFollow, std::string* error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0));
    if (fd < 0 && error)
        *error = "cannot open " + path + ": " + std::strerror(errno);
    return fd;
}

bool setBlocking(int fd)
{
    const int flags = fcntl(fd, F_GETFL);
    return flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0;
}

} // namespace

int openRegularInput(const std::string& path, std::string* error, bool noFollow)
{
    const int fd = openNow(path, noFollow, error);
    if (fd < 0)
        return -1;
    struct stat st {};
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !setBlocking(fd)) {
        if (error)
            *error = path + " is " + kindOf(st.st_mode) + ", not a regular file: give a saved file";
        ::close(fd);
        return -1;
    }
    return fd;
}

bool readInputFile(const std::string& path, uint64_t maxBytes, const std::string& what, std::string* text,
                   std::string* error, int quietMs, InputFailure* failure)
{
    InputFailure f;
    auto fail = [&](InputFailure::Kind kind, const std::string& why) {
        f.kind = kind;
        if (error)
            *error = why;
        if (failure)
            *failure = f;
        return false;
    };
    const int fd = openNow(path, false, nullptr);
    if (fd < 0) {
        f.err = errno;
        return fail(InputFailure::Kind::CannotOpen, "cannot open " + what + " " + path + ": " + std::strerror(f.err));
    }
    struct stat st {};
    if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode) || S_ISBLK(st.st_mode)) {
        ::close(fd);
        f.node = kindOf(st.st_mode);
        return fail(InputFailure::Kind::NotAFile, what + " " + path + " is " + f.node + ", not a file");
    }
    const bool regular = S_ISREG(st.st_mode);
    if (regular && uint64_t(st.st_size) > maxBytes) {
        ::close(fd);
        return fail(InputFailure::Kind::TooLarge, what + " " + path + " is " + formatBytes(uint64_t(st.st_size)) + ": larger than the " +
                    formatBytes(maxBytes) + " a " + what + " may have");
    }
    std::string out;
    // One allocation up to the bound: a stream of unknown length (/dev/zero, a pipe) must not
    // grow the string by doubling, which leaves freed copies behind (about twice the bound in
    // all; an allocator that quarantines frees, as ASan's does, keeps every one). Pages not
    // written are never resident, so a short input costs what it holds.
    out.reserve(size_t(regular ? uint64_t(st.st_size) : maxBytes) + 1);
    char buf[65536];
    bool sawData = false;
    for (;;) {
        // Never past one byte beyond the bound: the string stays in its one allocation.
        const ssize_t n = ::read(fd, buf, size_t(std::min<uint64_t>(sizeof buf, maxBytes + 1 - out.size())));
        if (n > 0) {
            sawData = true;
            out.append(buf, size_t(n));
            if (out.size() > maxBytes) {
                ::close(fd);
                return fail(InputFailure::Kind::TooLarge, what + " " + path + " is larger than the " + formatBytes(maxBytes) + " a " + what +
                            " may have (it gave more)");
            }
            continue;
        }
        if (n == 0) {
            // A FIFO that no process has opened for writing reads as its end at once.
            if (S_ISFIFO(st.st_mode) && !sawData) {
                ::close(fd);
                return fail(InputFailure::Kind::NoWriter, what + " " + path + " is a FIFO that no process writes to");
            }
            break;
        }
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            // A pipe whose writer has not written yet: wait for it, but not for ever.
            pollfd p{fd, POLLIN, 0};
            const int r = ::poll(&p, 1, quietMs);
            if (r == 0) {
                ::close(fd);
                return fail(InputFailure::Kind::Quiet, what + " " + path + " gave nothing for " + std::to_string(quietMs / 1000) +
                            " s: its writer is stuck");
            }
            continue;
        }
        f.err = errno;
        ::close(fd);
        return fail(InputFailure::Kind::CannotRead, "cannot read " + what + " " + path + ": " + std::strerror(f.err));
    }
    ::close(fd);
    if (out.capacity() > 2 * out.size() + 4096)
        out.shrink_to_fit();
    *text = std::move(out);
    if (failure)
        *failure = f;
    return true;
}

} // namespace loaderscope
