// SPDX-License-Identifier: MIT
// Output files that never follow a link planted at their path and never leave a half-written file
// under the final name: data goes to a private temporary file in the same directory (O_EXCL,
// 0600 before the umask), which replaces the target by rename() once everything was written.
#pragma once

#include <cstdint>
#include <string>

namespace loaderscope {

class OutputFile
{
public:
    /// Creates the temporary file next to `path`. Throws std::runtime_error naming the path
    /// (missing directory, no permission).
    explicit OutputFile(const std::string& path);
    /// Removes the temporary file unless commit() succeeded.
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    int fd() const { return m_fd; }
    /// The temporary file's path (readers may follow it while it is written).
    const std::string& tempPath() const { return m_temp; }
    const std::string& path() const { return m_path; }
    /// write() all of it; false (and error()) on failure such as a full disk.
    bool write(const void* data, size_t bytes);
    bool write(const std::string& text) { return write(text.data(), text.size()); }
    /// Flushes to disk and renames over the target. False with error() on failure; the target is
    /// then untouched.
    bool commit();
    const std::string& error() const { return m_error; }

private:
    std::string m_path;
    std::string m_temp;
    int m_fd = -1;
    bool m_committed = false;
    std::string m_error;
};

/// Checks, before a run starts, that `path` can be written: its directory exists and is
/// writable, and the path is not a directory. Returns an empty string, or the reason.
std::string checkOutputPath(const std::string& path);

/// Writes `text` to `path` through an OutputFile. False with `error` set.
bool writeOutputFile(const std::string& path, const std::string& text, std::string* error);

} // namespace loaderscope
