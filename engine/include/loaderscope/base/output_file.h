// SPDX-License-Identifier: MIT
// Output files (--summary, --trace, --events, the probe's outputs, the app's exports), by one rule
// (docs/config.md, "Output paths"):
// - a regular file, or a name that does not exist yet, is replaced atomically: data goes to a
//   private temporary file in the same directory (O_EXCL, 0600 before the umask), renamed over the
//   target once everything was written, so no half-written file ever has the final name;
// - a character device, FIFO or socket (/dev/null, /dev/stdout, a pipe, `>(cmd)`) is written in
//   place: renaming over it would replace the device node (as root, nothing stops that);
// - a symlink is resolved once and its target handled by the same rule, unless it sits in a
//   sticky world-writable directory (/tmp) and belongs neither to us nor to the directory's owner:
//   that is the planted-link attack, refused as the kernel's protected_symlinks would;
// - a directory, a block device or a dangling link is refused with a message naming the path.
// Nothing is ever renamed over anything that is not a regular file.
#pragma once

#include <cstdint>
#include <string>

namespace loaderscope {

class OutputFile
{
public:
    /// Opens the output (the temporary file next to a regular target, or the device, FIFO or
    /// socket itself). Throws std::runtime_error naming the path (missing directory, no
    /// permission, a directory, a FIFO no process reads, a refused link).
    explicit OutputFile(const std::string& path);
    /// Removes the temporary file unless commit() succeeded.
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    int fd() const { return m_fd; }
    /// True when the target is written in place (a device, FIFO or socket): it cannot be read
    /// back or rewritten at an offset (pwrite), and commit() renames nothing.
    bool inPlace() const { return m_inPlace; }
    /// Where the data is while it is written: the temporary file, or the target itself when in
    /// place (readers may follow it).
    const std::string& tempPath() const { return m_inPlace ? m_path : m_temp; }
    const std::string& path() const { return m_path; }
    /// write() all of it; false (and error()) on failure such as a full disk.
    bool write(const void* data, size_t bytes);
    bool write(const std::string& text) { return write(text.data(), text.size()); }
    /// Flushes to disk and renames over the target (a regular one), or closes the device, FIFO
    /// or socket. False with error() on failure; a regular target is then untouched.
    /// `durable`: fsync before the rename (false when a stop signal asks for a quick exit).
    bool commit(bool durable = true);
    const std::string& error() const { return m_error; }

private:
    std::string m_path;   ///< the target: the path given, or a link's resolved target
    std::string m_temp;
    int m_fd = -1;
    bool m_inPlace = false;
    bool m_committed = false;
    std::string m_error;
};

/// Whether `name` (a file name, no folder) is one of the recordings the project writes while a
/// run goes, by the one rule every cleaner uses (the app's history, the probe's leftovers sweep in
/// _leftovers.py mirrors it): OutputFile's temporary name of a recording,
/// ".<final name>.XXXXXX" for the engine's "events.lsrec" (".events.lsrec.XXXXXX"), and the
/// probe's own ".loaderscope-<pid>-<hex>.recording", closed or still as OutputFile's
/// "..loaderscope-<pid>-<hex>.recording.XXXXXX". Such a file is judged by its writer (the pid in
/// its header), never by its age.
bool isRunningRecordingName(const std::string& name);

/// Checks, before a run starts, that `path` can be written by the rule above, without opening it
/// (opening a FIFO would hand its reader an end of file). Returns an empty string, or the reason.
std::string checkOutputPath(const std::string& path);

/// Writes `text` to `path` through an OutputFile. False with `error` set.
bool writeOutputFile(const std::string& path, const std::string& text, std::string* error);

} // namespace loaderscope
