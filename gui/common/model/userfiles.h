// SPDX-License-Identifier: MIT
// Files the user names: every export the app writes (pictures, configurations, sweeps) goes through
// the engine's output rule (loaderscope::OutputFile, docs/config.md "Output paths"): a regular file
// is replaced atomically, a character device, FIFO or socket is written in place (never renamed
// over: as root that would replace /dev/null), a link is resolved once, a directory is refused.
// The bytes are built in memory first, then handed over whole. Configurations are read with the
// engine's own limit (loaderscope::kMaxConfigBytes), so /dev/zero cannot exhaust memory.
#pragma once

#include <QByteArray>
#include <QString>

namespace UserFiles {

/// Whether `path` can be written by the rule, checked before long work (a run, a render) starts.
/// Empty, or the reason (naming the path).
QString checkWritable(const QString& path);
/// Writes `bytes` to `path` by the rule. False with `error` (naming the path) on failure; a
/// regular file is then left as it was.
bool write(const QString& path, const QByteArray& bytes, QString* error);
/// Reads a configuration file of at most loaderscope::kMaxConfigBytes. False with a translated
/// `error` naming the file (unreadable, or larger than the limit).
bool readConfig(const QString& path, QByteArray* text, QString* error);
/// Reads a whole input of at most `limit` bytes by the engine's input rule (never waits on a FIFO
/// nobody writes, never reads past the limit); false with *error in the user's language
/// (`tooLarge` when it is over the limit).
bool readInput(const QString& path, qint64 limit, QByteArray* text, QString* error, const QString& tooLarge);

} // namespace UserFiles
