// SPDX-License-Identifier: MIT
#include "userfiles.h"

#include "loaderscope/config/config.h"
#include "loaderscope/base/output_file.h"

#include <QCoreApplication>
#include <QFile>

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

bool readConfig(const QString& path, QByteArray* text, QString* error)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(QCoreApplication::translate("UserFiles", "cannot read %1: %2").arg(path, f.errorString()));
    // One byte more than the limit tells a file at the limit from a larger one without reading
    // the rest (a device such as /dev/zero never ends). A pipe hands its text over in pieces.
    constexpr qint64 limit = qint64(loaderscope::kMaxConfigBytes);
    QByteArray bytes;
    while (bytes.size() <= limit) {
        const QByteArray piece = f.read(limit + 1 - bytes.size());
        if (f.error() != QFileDevice::NoError)
            return fail(QCoreApplication::translate("UserFiles", "cannot read %1: %2").arg(path, f.errorString()));
        if (piece.isEmpty())
            break;
        bytes += piece;
    }
    if (bytes.size() > limit)
        return fail(QCoreApplication::translate("UserFiles", "%1 is larger than %2 bytes: it is not a configuration")
                        .arg(path)
                        .arg(qulonglong(limit)));
    *text = std::move(bytes);
    return true;
}

} // namespace UserFiles
