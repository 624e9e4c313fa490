// SPDX-License-Identifier: MIT
#include "probeinstalloffer.h"

#include "sources/model/remoteinstall.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

ProbeInstallOffer::ProbeInstallOffer(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("installText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_text);
    auto* row = new QHBoxLayout;
    m_user = new QCheckBox(tr("For this user only (pip --user: a Python outside a venv)"), this);
    m_user->setObjectName(QStringLiteral("installUser"));
    m_install = new QPushButton(tr("Install the probe"), this);
    m_install->setObjectName(QStringLiteral("installProbe"));
    m_decline = new QPushButton(tr("Not now"), this);
    m_decline->setObjectName(QStringLiteral("declineInstall"));
    row->addWidget(m_user, 1);
    row->addWidget(m_install);
    row->addWidget(m_decline);
    layout->addLayout(row);
    connect(m_install, &QPushButton::clicked, this, &ProbeInstallOffer::install);
    connect(m_decline, &QPushButton::clicked, this, &ProbeInstallOffer::decline);
    setVisible(false);
}

QString ProbeInstallOffer::text() const
{
    return m_text->text();
}

void ProbeInstallOffer::offer(const std::vector<RemoteTarget::Host>& hosts, const QString& interpreter)
{
    if (installing())
        return;
    m_hosts = hosts;
    m_interpreter = interpreter;
    // What the last install said stays above a new offer (a host it failed on is offered again).
    const QString before = m_results.isEmpty() ? QString() : m_results.join(QLatin1Char('\n')) + QLatin1Char('\n');
    if (hosts.empty()) {
        m_text->setText(before.trimmed());
        m_install->setVisible(false);
        m_decline->setVisible(false);
        m_user->setVisible(false);
        setVisible(!before.isEmpty());
        return;
    }
    QStringList names;
    for (const RemoteTarget::Host& h : hosts)
        names << h.display();
    m_wheel = Remote::bundledWheel();
    const bool canInstall = !m_wheel.isEmpty();
    if (canInstall)
        m_text->setText(before + tr("The Python \"%1\" on %2 has no Loaderscope probe. This app carries its own (%3): install it "
                           "there with pip (no root, no compiler, nothing downloaded)? Nothing is sent or installed "
                           "until you click.")
                            .arg(interpreter, names.join(QStringLiteral(", ")), QFileInfo(m_wheel).fileName()));
    else
        m_text->setText(before + tr("The Python \"%1\" on %2 has no Loaderscope probe, and this app carries no wheel to install "
                           "there (the Debian package and ./run.sh package carry one; ./run.sh wheel makes it). See "
                           "\"Install the probe on your GPU server\" in the README.")
                            .arg(interpreter, names.join(QStringLiteral(", "))));
    m_install->setVisible(canInstall);
    m_user->setVisible(canInstall);
    m_decline->setVisible(canInstall);
    m_install->setEnabled(true);
    m_decline->setEnabled(true);
    m_user->setEnabled(true);
    setVisible(true);
}

void ProbeInstallOffer::decline()
{
    // Nothing was sent: the hosts stay as they are.
    m_hosts.clear();
    m_results.clear();
    m_text->clear();
    setVisible(false);
}

void ProbeInstallOffer::install()
{
    if (installing() || m_hosts.empty() || m_wheel.isEmpty())
        return;
    m_install->setEnabled(false);
    m_decline->setEnabled(false);
    m_user->setEnabled(false);
    m_anyOk = false;
    m_results.clear();
    QStringList running;
    for (const RemoteTarget::Host& host : m_hosts) {
        auto* installer = new RemoteInstaller(this);
        QString error;
        if (!installer->install(host, m_interpreter, m_wheel, m_user->isChecked(), &error)) {
            m_results << error;
            delete installer;
            continue;
        }
        ++m_running;
        running << tr("On %1: %2 (the wheel copied over ssh)…").arg(host.display(), installer->shownCommand());
        connect(installer, &RemoteInstaller::finished, this, [this, installer, host](bool ok, const QString& message) {
            m_results << tr("On %1 ran: %2").arg(host.display(), installer->shownCommand()) + QLatin1Char('\n') + message;
            m_anyOk = m_anyOk || ok;
            installer->deleteLater();
            if (--m_running == 0) {
                m_hosts.clear();
                m_install->setVisible(false);
                m_decline->setVisible(false);
                m_user->setVisible(false);
                m_text->setText(m_results.join(QLatin1Char('\n')));
                emit finished(m_anyOk);
            }
        });
    }
    if (m_running == 0) {
        m_text->setText(m_results.join(QLatin1Char('\n')));
        emit finished(false);
        return;
    }
    m_text->setText(running.join(QLatin1Char('\n')));
}
