// SPDX-License-Identifier: MIT
// The two ways to watch a real PyTorch job: File ▸ Watch a Python script… (the app starts it under
// the probe) and File ▸ Attach to a running job… (a job started elsewhere with
// `python3 -m loaderscope run`, or one that calls loaderscope.watch()).
#pragma once

#include "runs/model/enginelauncher.h"
#include "sources/model/remote.h"
#include "sources/model/remotereader.h"

#include "loaderscope/shm/segment.h"

#include <QDialog>
#include <QHash>

#include <optional>

class ProbeInstallOffer;
class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

/** Script, arguments, working directory and interpreter; remembered between sessions. */
class WatchScriptDialog : public QDialog
{
    Q_OBJECT
public:
    explicit WatchScriptDialog(QWidget* parent = nullptr);
    /// The launch, or nullopt when the script cannot be read (the dialog says why).
    std::optional<ScriptLaunch> launch() const;
    void setScript(const QString& path);

    void accept() override;

private:
    QLineEdit* m_script;
    QLineEdit* m_args;
    QLineEdit* m_dir;
    QLineEdit* m_python;
};

/** The live segments of this user's jobs: program, pid, rank, start time; several ranks at once.
 *  Below, jobs on other machines: a host field (user@host, a ~/.ssh/config alias, or several
 *  hosts as node1,node2), listed over ssh. */
class AttachDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AttachDialog(QWidget* parent = nullptr);
    /// The segments chosen (one: the main window; several: the ranks of one job, stacked).
    QStringList chosen() const;
    /// A listed job as the list showed it (it may have ended since): what to say if it did.
    struct ListedJob
    {
        QString segment;
        QString program;   ///< the script's file name
        qint64 pid = 0;
        QString events;    ///< where its recording ends up (the probe's --events), or empty
    };
    ListedJob listed(const QString& segment) const;
    /// The remote jobs chosen in the host table (empty when a local job is chosen).
    std::vector<RemoteStreamOptions> chosenRemote() const;
    /// Re-reads the list (also every two seconds while the dialog is open).
    void refresh();
    int rowCount() const;
    /// Lists the jobs on the hosts in the host field (its button, or Enter there).
    void listRemote();
    void setHost(const QString& text);
    void setRemotePython(const QString& command);
    int remoteRowCount() const;
    /// What the last listing said (errors, or how many jobs), for the user and the tests.
    QString remoteStatus() const;
    /// One line per host of the listed jobs: its probe's version, against this app's.
    static QString probeVersions(const std::vector<RemoteSegment>& rows);
    /// The offer to install the probe where the listing found none (hidden otherwise).
    ProbeInstallOffer* installOffer() const { return m_installOffer; }

    void accept() override;

private:
    void showRemote(const std::vector<RemoteSegment>& segments, const QStringList& errors);
    void remember(const loaderscope::SegmentInfo& job);

    QTableWidget* m_table;
    QLineEdit* m_host;
    QLineEdit* m_python;
    QCheckBox* m_zstd;
    QPushButton* m_list;
    QLabel* m_remoteStatus;
    QTableWidget* m_remoteTable;
    RemoteLister* m_lister;
    ProbeInstallOffer* m_installOffer;
    std::vector<RemoteSegment> m_remoteRows;
    QHash<QString, ListedJob> m_listed; ///< every job listed while the dialog was open, by segment
};
