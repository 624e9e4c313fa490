// SPDX-License-Identifier: MIT
// Installing the probe on a host where *Attach* found none, only when the user clicks: this app's
// own wheel (the .deb and `./run.sh package` carry it in <data>/wheel) goes over the same ssh as
// the listing, into a temporary folder there, and `INTERPRETER -m pip install --no-index` installs
// it into the Python the user named (a venv's python, or `--user`). Nothing else is run there; the
// temporary folder goes whatever pip says. No root, no compiler, no index (README: "Install the probe on your GPU server").
#pragma once

#include "sources/model/remote.h"

#include <QObject>
#include <QString>

class QProcess;

namespace Remote {

/// This app's probe wheel (<data>/wheel/loaderscope-<version>-*.whl, the newest), or empty when
/// the app carries none (a build without `./run.sh wheel`).
QString bundledWheel();

/// What a failed `pip install` means, in a sentence the user can act on (no pip, a Python managed
/// by the system, a wheel this host cannot take...), with pip's last line.
QString explainInstallFailure(const RemoteTarget::Host& host, const QString& interpreter, int exitCode, const QString& output);

} // namespace Remote

/** One install of the wheel on one host. GUI thread (its QProcess is asynchronous). */
class RemoteInstaller : public QObject
{
    Q_OBJECT
public:
    explicit RemoteInstaller(QObject* parent = nullptr);
    ~RemoteInstaller() override;
    /// Seconds an install may take (the copy and pip) before it is given up.
    static constexpr int kTimeoutS = 300;

    /// Starts the install (false, with `error` set, when the wheel cannot be read).
    bool install(const RemoteTarget::Host& host, const QString& interpreter, const QString& wheel, bool user, QString* error);
    bool busy() const;
    /// What runs on the host, as the user reads it: `python3 -m pip install --no-index ... NAME.whl`.
    QString shownCommand() const { return m_shown; }

signals:
    /// `ok`: pip installed it. `message` (translated): what pip said last, or why it failed.
    void finished(bool ok, const QString& message);

private:
    QProcess* m_proc = nullptr;
    QString m_shown;
};
