// SPDX-License-Identifier: MIT
// The two ways to watch a real PyTorch job: File ▸ Watch a Python script… (the app starts it under
// the probe) and File ▸ Attach to a running job… (a job started elsewhere with
// `python3 -m loaderscope run`, or one that calls loaderscope.watch()).
#pragma once

#include "core/enginelauncher.h"

#include <QDialog>

#include <optional>

class QLineEdit;
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

/** The live segments of this user's jobs: program, pid, rank, start time; several ranks at once. */
class AttachDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AttachDialog(QWidget* parent = nullptr);
    /// The segments chosen (one: the main window; several: the ranks of one job, stacked).
    QStringList chosen() const;
    /// Re-reads the list (also every two seconds while the dialog is open).
    void refresh();
    int rowCount() const;

private:
    QTableWidget* m_table;
};
