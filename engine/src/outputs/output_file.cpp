// SPDX-License-Identifier: MIT
#include "loaderscope/output_file.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
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

} // namespace

OutputFile::OutputFile(const std::string& path) : m_path(path)
{
    if (path.empty() || baseOf(path).empty())
        throw std::runtime_error("'" + path + "' is not a file name");
    std::string tmpl = directoryOf(path) + "/." + baseOf(path) + ".XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    m_fd = mkostemp(buf.data(), O_CLOEXEC); // O_EXCL: never an existing file or a link
    if (m_fd < 0)
        throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
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
            m_error = "cannot write '" + m_path + "': " + std::strerror(n < 0 ? errno : ENOSPC);
            return false;
        }
        p += n;
        bytes -= size_t(n);
    }
    return true;
}

bool OutputFile::commit()
{
    if (!m_error.empty())
        return false;
    // Readable by the user's group and others as a plain file would be, minus the umask.
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(m_fd, 0666 & ~mask);
    if (::fsync(m_fd) != 0 && errno != EINVAL) {
        m_error = "cannot write '" + m_path + "': " + std::strerror(errno);
        return false;
    }
    if (::close(m_fd) != 0) {
        m_fd = -1;
        m_error = "cannot write '" + m_path + "': " + std::strerror(errno);
        return false;
    }
    m_fd = -1;
    // rename() replaces whatever is at the path, a planted link included, without following it.
    if (::rename(m_temp.c_str(), m_path.c_str()) != 0) {
        m_error = "cannot write '" + m_path + "': " + std::strerror(errno);
        return false;
    }
    m_committed = true;
    return true;
}

std::string checkOutputPath(const std::string& path)
{
    if (path.empty())
        return "an output path is empty";
    struct stat st {};
    if (lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        return "'" + path + "' is a directory";
    const std::string dir = directoryOf(path);
    if (stat(dir.c_str(), &st) != 0)
        return "cannot write '" + path + "': the directory '" + dir + "' does not exist";
    if (!S_ISDIR(st.st_mode))
        return "cannot write '" + path + "': '" + dir + "' is not a directory";
    if (access(dir.c_str(), W_OK | X_OK) != 0)
        return "cannot write '" + path + "': " + std::strerror(errno);
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

} // namespace loaderscope
