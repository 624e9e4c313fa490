// SPDX-License-Identifier: MIT
// The output rule of output_file.h: regular files replaced atomically, devices, FIFOs and sockets
// written in place, links resolved once (unless planted), anything else refused.
#include "loaderscope/base/output_file.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <vector>

namespace loaderscope {

namespace {

std::string directoryOf(const std::string& path)
{
    const size_t slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseOf(const std::string& path)
{
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string quoted(const std::string& path)
{
    return "'" + path + "'";
}

std::string cannotWrite(const std::string& path, int err)
{
    return "cannot write " + quoted(path) + ": " + std::strerror(err);
}

/// The descriptor a name of this process's own descriptors stands for (/dev/stdout, /dev/stderr,
/// /dev/fd/N, /proc/self/fd/N), or -1. Such a name means "the descriptor I already have": it is
/// written in place whatever it is (a pipe, a socket, a terminal, the file a shell redirected to),
/// never re-created.
int ownDescriptorOf(const std::string& path)
{
    if (path == "/dev/stdout")
        return STDOUT_FILENO;
    if (path == "/dev/stderr")
        return STDERR_FILENO;
    for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
        const size_t n = std::strlen(prefix);
        if (path.size() > n && path.compare(0, n, prefix) == 0 &&
            path.find_first_not_of("0123456789", n) == std::string::npos && path.size() - n < 9)
            return std::atoi(path.c_str() + n);
    }
    return -1;
}

/// The kernel's protected_symlinks rule, applied whatever the sysctl says: a link in a sticky
/// world-writable directory (/tmp) is followed only when it belongs to us or to the directory's
/// owner. Anyone can plant a link there; following it as root would write wherever it points.
bool linkMayBeFollowed(const std::string& link, const struct stat& linkStat, std::string& why)
{
    if (linkStat.st_uid == geteuid())
        return true;
    const std::string dir = directoryOf(link);
    struct stat d {};
    if (stat(dir.c_str(), &d) != 0)
        return true; // the link's own resolution will fail with the reason
    const bool shared = (d.st_mode & S_ISVTX) && (d.st_mode & S_IWOTH);
    if (!shared || linkStat.st_uid == d.st_uid)
        return true;
    why = quoted(link) + " is a link owned by uid " + std::to_string(linkStat.st_uid) + " in the shared directory " +
          quoted(dir) + ": not followed (anyone can plant a link there); give the target's own path";
    return false;
}

/// What an output path is, by the rule of output_file.h.
struct Target
{
    std::string path;     ///< where to write: the path given, or a link's resolved regular target
    bool exists = false;
    bool inPlace = false; ///< a device, FIFO or socket (or one of our own descriptors)
    bool viaLink = false; ///< reached through a link: open without O_NOFOLLOW
    int ownFd = -1;       ///< /dev/stdout and the like: this descriptor
    struct stat st {};
};

/// Inspects `path` without opening it; the reason it cannot be an output in `why`.
bool inspectTarget(const std::string& path, Target& t, std::string& why)
{
    if (path.empty() || baseOf(path).empty()) {
        why = quoted(path) + " is not a file name";
        return false;
    }
    t.path = path;
    if (const int fd = ownDescriptorOf(path); fd >= 0) {
        if (fcntl(fd, F_GETFD) < 0) {
            why = cannotWrite(path, EBADF);
            return false;
        }
        t.exists = t.inPlace = true;
        t.ownFd = fd;
        return true;
    }
    if (lstat(path.c_str(), &t.st) != 0) {
        if (errno != ENOENT) {
            why = cannotWrite(path, errno);
            return false;
        }
        return true; // created by the atomic rename
    }
    t.exists = true;
    if (S_ISLNK(t.st.st_mode)) {
        if (!linkMayBeFollowed(path, t.st, why))
            return false;
        if (stat(path.c_str(), &t.st) != 0) {
            why = errno == ENOENT ? quoted(path) + " is a link to a file that does not exist"
                                  : cannotWrite(path, errno);
            return false;
        }
        t.viaLink = true;
        if (S_ISREG(t.st.st_mode)) {
            // The link stays; its target is replaced (the same rule as for the target's own name).
            std::unique_ptr<char, decltype(&std::free)> real(realpath(path.c_str(), nullptr), &std::free);
            if (!real) {
                why = cannotWrite(path, errno);
                return false;
            }
            t.path = real.get();
        }
    }
    const mode_t m = t.st.st_mode;
    if (S_ISDIR(m)) {
        why = quoted(path) + " is a directory";
        return false;
    }
    if (S_ISBLK(m)) {
        why = quoted(path) + " is a block device: outputs go to regular files, character devices, FIFOs or sockets";
        return false;
    }
    if (!S_ISREG(m) && !S_ISCHR(m) && !S_ISFIFO(m) && !S_ISSOCK(m)) {
        why = quoted(path) + " is not a file, device, FIFO or socket";
        return false;
    }
    t.inPlace = !S_ISREG(m);
    return true;
}

/// A descriptor on a device or FIFO, opened without blocking (a FIFO nobody reads would hang
/// open() forever), then made blocking for the writes.
int openInPlace(const Target& t)
{
    if (t.ownFd >= 0) {
        const int fd = fcntl(t.ownFd, F_DUPFD_CLOEXEC, 0);
        if (fd < 0)
            throw std::runtime_error(cannotWrite(t.path, errno));
        return fd;
    }
    int fd = -1;
    if (S_ISSOCK(t.st.st_mode)) {
        sockaddr_un addr {};
        addr.sun_family = AF_UNIX;
        if (t.path.size() >= sizeof addr.sun_path)
            throw std::runtime_error("cannot write " + quoted(t.path) + ": the socket's path is too long");
        std::memcpy(addr.sun_path, t.path.c_str(), t.path.size() + 1);
        fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0 || connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
            const int err = errno;
            if (fd >= 0)
                ::close(fd);
            throw std::runtime_error(cannotWrite(t.path, err));
        }
        return fd;
    }
    fd = ::open(t.path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (t.viaLink ? 0 : O_NOFOLLOW));
    if (fd < 0) {
        if (errno == ENXIO && S_ISFIFO(t.st.st_mode))
            throw std::runtime_error("cannot write " + quoted(t.path) + ": no process is reading the FIFO");
        throw std::runtime_error(cannotWrite(t.path, errno));
    }
    // The same thing that was inspected (not swapped for a regular file or a link in between).
    struct stat now {};
    if (fstat(fd, &now) != 0 || now.st_dev != t.st.st_dev || now.st_ino != t.st.st_ino ||
        (now.st_mode & S_IFMT) != (t.st.st_mode & S_IFMT)) {
        ::close(fd);
        throw std::runtime_error("cannot write " + quoted(t.path) + ": it changed while it was opened");
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

} // namespace

OutputFile::OutputFile(const std::string& path) : m_path(path)
{
    Target t;
    if (std::string why; !inspectTarget(path, t, why))
        throw std::runtime_error(why);
    if (t.inPlace) {
        m_fd = openInPlace(t);
        m_inPlace = true;
        return;
    }
    m_path = t.path;
    std::string tmpl = directoryOf(m_path) + "/." + baseOf(m_path) + ".XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    m_fd = mkostemp(buf.data(), O_CLOEXEC); // O_EXCL: never an existing file or a link
    if (m_fd < 0)
        throw std::runtime_error(cannotWrite(path, errno));
    m_temp = buf.data();
}

OutputFile::~OutputFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_committed && !m_temp.empty())
        ::unlink(m_temp.c_str());
}

bool OutputFile::write(const void* data, size_t bytes)
{
    if (!m_error.empty())
        return false;
    const auto* p = static_cast<const uint8_t*>(data);
    while (bytes > 0) {
        const ssize_t n = ::write(m_fd, p, bytes);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_error = cannotWrite(m_path, n < 0 ? errno : ENOSPC);
            return false;
        }
        p += n;
        bytes -= size_t(n);
    }
    return true;
}

bool OutputFile::commit(bool durable)
{
    if (!m_error.empty())
        return false;
    if (m_inPlace) {
        const int fd = m_fd;
        m_fd = -1;
        if (::close(fd) != 0 && errno != EINTR) {
            m_error = cannotWrite(m_path, errno);
            return false;
        }
        m_committed = true;
        return true;
    }
    // Readable by the user's group and others as a plain file would be, minus the umask.
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(m_fd, 0666 & ~mask);
    if (durable && ::fsync(m_fd) != 0 && errno != EINVAL) {
        m_error = cannotWrite(m_path, errno);
        return false;
    }
    if (::close(m_fd) != 0) {
        m_fd = -1;
        m_error = cannotWrite(m_path, errno);
        return false;
    }
    m_fd = -1;
    // Only ever over a regular file: look again, the path may have become something else since.
    struct stat st {};
    if (lstat(m_path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        m_error = "cannot write " + quoted(m_path) + ": it is no longer a regular file; not replaced";
        return false;
    }
    // rename() replaces the regular file without following anything.
    if (::rename(m_temp.c_str(), m_path.c_str()) != 0) {
        m_error = cannotWrite(m_path, errno);
        return false;
    }
    m_committed = true;
    return true;
}

std::string checkOutputPath(const std::string& path)
{
    Target t;
    std::string why;
    if (!inspectTarget(path, t, why))
        return why;
    if (t.inPlace) {
        if (t.ownFd < 0 && !S_ISSOCK(t.st.st_mode) && access(t.path.c_str(), W_OK) != 0)
            return cannotWrite(path, errno);
        return {};
    }
    const std::string dir = directoryOf(t.path);
    struct stat st {};
    if (stat(dir.c_str(), &st) != 0)
        return "cannot write " + quoted(path) + ": the directory " + quoted(dir) + " does not exist";
    if (!S_ISDIR(st.st_mode))
        return "cannot write " + quoted(path) + ": " + quoted(dir) + " is not a directory";
    if (access(dir.c_str(), W_OK | X_OK) != 0)
        return cannotWrite(path, errno);
    return {};
}

bool writeOutputFile(const std::string& path, const std::string& text, std::string* error)
{
    try {
        OutputFile f(path);
        if (f.write(text) && f.commit())
            return true;
        if (error)
            *error = f.error();
    } catch (const std::exception& e) {
        if (error)
            *error = e.what();
    }
    return false;
}

bool isRunningRecordingName(const std::string& name)
{
    auto temporarySuffix = [](const std::string& n, size_t at) { // ".XXXXXX": mkstemp's six letters
        if (n.size() != at + 7 || n[at] != '.')
            return false;
        for (size_t i = at + 1; i < n.size(); ++i)
            if (!std::isalnum(static_cast<unsigned char>(n[i])))
                return false;
        return true;
    };
    static const std::string engine = ".events.lsrec";
    if (name.compare(0, engine.size(), engine) == 0 && temporarySuffix(name, engine.size()))
        return true;
    // The probe's: one dot (closed) or two (OutputFile's temporary name), then
    // "loaderscope-<pid>-<hex>.recording", then the temporary suffix or nothing.
    const size_t dots = name.compare(0, 2, "..") == 0 ? 2 : name.compare(0, 1, ".") == 0 ? 1 : 0;
    static const std::string stem = "loaderscope-";
    if (dots == 0 || name.compare(dots, stem.size(), stem) != 0)
        return false;
    size_t i = dots + stem.size();
    const size_t pid0 = i;
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])))
        ++i;
    if (i == pid0 || i >= name.size() || name[i] != '-')
        return false;
    const size_t hex0 = ++i;
    while (i < name.size() && std::isxdigit(static_cast<unsigned char>(name[i])))
        ++i;
    static const std::string ext = ".recording";
    if (i == hex0 || name.compare(i, ext.size(), ext) != 0)
        return false;
    i += ext.size();
    return i == name.size() || temporarySuffix(name, i); // as _leftovers.PATTERN
}

} // namespace loaderscope
