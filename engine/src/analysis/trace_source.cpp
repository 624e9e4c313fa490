// SPDX-License-Identifier: MIT
#include "trace_source.h"

#include "loaderscope/analysis/profiler_import.h"

#include <zlib.h>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loaderscope::detail {

class FileSource : public TraceSource
{
public:
    FileSource(int fd, uint64_t size) : m_fd(fd)
    {
        diskTotal = size;
        posix_fadvise(m_fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    }
    ~FileSource() override { ::close(m_fd); }
    size_t read(char* dst, size_t n) override
    {
        for (;;) {
            const ssize_t r = ::read(m_fd, dst, n);
            if (r >= 0) {
                m_done += uint64_t(r);
                return size_t(r);
            }
            if (errno != EINTR)
                throw TraceImportError(std::string("cannot read the trace: ") + std::strerror(errno), m_done);
        }
    }
    uint64_t diskDone() const override { return m_done; }

private:
    int m_fd;
    uint64_t m_done = 0;
};

class GzipSource : public TraceSource
{
public:
    GzipSource(int fd, uint64_t size) : m_file(gzdopen(fd, "rb"))
    {
        diskTotal = size;
        if (!m_file) {
            ::close(fd);
            throw TraceImportError("cannot open the gzip stream", 0);
        }
        gzbuffer(m_file, 1 << 18);
    }
    ~GzipSource() override { gzclose(m_file); }
    size_t read(char* dst, size_t n) override
    {
        const int r = gzread(m_file, dst, unsigned(std::min<size_t>(n, 1u << 30)));
        int code = Z_OK;
        const char* message = gzerror(m_file, &code);
        if (r < 0 || (code != Z_OK && code != Z_BUF_ERROR))
            throw TraceImportError(std::string("cannot decompress the trace at compressed byte ") +
                                       std::to_string(diskDone()) + ": " + message,
                                   diskDone());
        if (r == 0 && code == Z_BUF_ERROR) // zlib's "unexpected end of file"
            throw TraceImportError("the gzip stream ends early at compressed byte " + std::to_string(diskDone()) +
                                       " (the file is truncated)",
                                   diskDone());
        return size_t(r);
    }
    uint64_t diskDone() const override { return uint64_t(gzoffset(m_file)); }
    bool compressed() const override { return true; }

private:
    gzFile m_file;
};

std::unique_ptr<TraceSource> openTraceSource(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw TraceImportError("cannot open trace '" + path + "': " + std::strerror(errno), 0);
    struct stat st {};
    if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw TraceImportError("cannot open trace '" + path + "': not a file", 0);
    }
    unsigned char magic[2] = {0, 0};
    const bool gzip = pread(fd, magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    if (gzip)
        return std::make_unique<GzipSource>(fd, uint64_t(st.st_size));
    return std::make_unique<FileSource>(fd, uint64_t(st.st_size));
}

} // namespace loaderscope::detail
