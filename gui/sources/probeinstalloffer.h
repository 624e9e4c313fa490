// SPDX-License-Identifier: MIT
// The part of File ▸ Attach that offers to install the probe where a host's Python has none
// (RemoteLister::withoutProbe). It says so, and installs this app's wheel there only when the user
// clicks "Install the probe" (RemoteInstaller); "Not now" leaves the host untouched. It shows what
// ran there and what pip said. GUI thread.
#pragma once

#include "sources/model/remote.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QLabel;
class QPushButton;
class RemoteInstaller;

class ProbeInstallOffer : public QWidget
{
    Q_OBJECT
public:
    explicit ProbeInstallOffer(QWidget* parent = nullptr);
    /// Offers the install on `hosts` (hidden when there are none, or while an install runs).
    void offer(const std::vector<RemoteTarget::Host>& hosts, const QString& interpreter);
    /// What the offer says now (the question, what ran, what pip said), for the user and the tests.
    QString text() const;
    bool installing() const { return m_running > 0; }

    /// The two answers (the buttons call them).
    void install();
    void decline();

signals:
    /// Every install ended; `anyInstalled`: at least one host has the probe now (list again).
    void finished(bool anyInstalled);

private:
    QLabel* m_text;
    QCheckBox* m_user;
    QPushButton* m_install;
    QPushButton* m_decline;
    std::vector<RemoteTarget::Host> m_hosts;
    QString m_interpreter;
    QString m_wheel;
    QStringList m_results;
    int m_running = 0;
    bool m_anyOk = false;
};
