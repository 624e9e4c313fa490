// SPDX-License-Identifier: MIT
#include "userfiles.h"

#include "loaderscope/config/config.h"
#include "loaderscope/base/input_file.h"
#include "loaderscope/base/output_file.h"

#include <QCoreApplication>
#include <QFile>

#include <cstring>

namespace UserFiles {

QString checkWritable(const QString& path)
{
    return QString::fromStdString(loaderscope::checkOutputPath(QFile::encodeName(path).toStdString()));
}

bool write(const QString& path, const QByteArray& bytes, QString* error)
{
    std::string why;
    if (loaderscope::writeOutputFile(QFile::encodeName(path).toStdString(), bytes.toStdString(), &why))
        return true;
    if (error)
        *error = QString::fromStdString(why);
    return false;
}

QString inputProblem(const QString& path, const loaderscope::InputFailure& f, const QString& tooLarge)
{
    using K = loaderscope::InputFailure::Kind;
    switch (f.kind) {
    case K::CannotOpen:
    case K::CannotRead:
        return QCoreApplication::translate("UserFiles", "cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(f.err)));
    case K::NotAFile:
        return QCoreApplication::translate("UserFiles", "%1 is a directory or a block device, not a file").arg(path);
    case K::TooLarge:
        return tooLarge;
    case K::NoWriter:
        return QCoreApplication::translate("UserFiles", "%1 is a FIFO that no process writes to").arg(path);
    case K::Quiet:
        return QCoreApplication::translate("UserFiles", "%1 gave nothing for 10 s: the program writing to it is stuck").arg(path);
    case K::None:
        break;
    }
    return {};
}

bool readInput(const QString& path, qint64 limit, QByteArray* text, QString* error, const QString& tooLarge)
{
    // One rule for every input (engine's base/input_file.h): the open never waits (a FIFO nobody
    // writes), the read stops one byte past the limit (/dev/zero never ends), a pipe hands its
    // text over in pieces.
    std::string bytes, english;
    loaderscope::InputFailure failure;
    if (!loaderscope::readInputFile(QFile::encodeName(path).toStdString(), uint64_t(limit), "file", &bytes, &english, 10000, &failure)) {
        if (error)
            *error = inputProblem(path, failure, tooLarge);
        return false;
    }
    *text = QByteArray(bytes.data(), qsizetype(bytes.size()));
    return true;
}

bool readConfig(const QString& path, QByteArray* text, QString* error)
{
    constexpr qint64 limit = qint64(loaderscope::kMaxConfigBytes);
    return readInput(path, limit, text, error,
                     QCoreApplication::translate("UserFiles", "%1 is larger than %2 bytes: it is not a configuration")
                         .arg(path)
                         .arg(qulonglong(limit)));
}

} // namespace UserFiles
