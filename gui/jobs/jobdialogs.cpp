// SPDX-License-Identifier: MIT
#include "jobdialogs.h"

#include "sources/probeinstalloffer.h"

#include "loaderscope/shm/segment.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMap>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace {

/// A line edit with a "…" button that opens a file or folder chooser.
QWidget* withBrowse(QLineEdit* edit, QWidget* parent, const std::function<void()>& browse)
{
    auto* row = new QWidget(parent);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(edit, 1);
    auto* b = new QPushButton(QStringLiteral("…"), row);
    b->setMaximumWidth(40);
    QObject::connect(b, &QPushButton::clicked, row, browse);
    h->addWidget(b);
    return row;
}

} // namespace

WatchScriptDialog::WatchScriptDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Watch a Python script"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Runs your training script as python3 would, with every torch.utils.data.DataLoader it "
                                "makes recorded live: its real worker processes, each sample, the pin-memory thread. "
                                "The script itself is not changed. It ends with the app (Stop ends it cleanly)."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    const QSettings s;
    m_script = new QLineEdit(s.value(QStringLiteral("watch/script")).toString(), this);
    m_args = new QLineEdit(s.value(QStringLiteral("watch/args")).toString(), this);
    m_args->setPlaceholderText(tr("as on the command line, e.g. --epochs 2 --batch-size 64"));
    m_dir = new QLineEdit(s.value(QStringLiteral("watch/dir")).toString(), this);
    m_dir->setPlaceholderText(tr("the script's folder"));
    m_python = new QLineEdit(s.value(QStringLiteral("watch/python"), EngineLauncher::defaultPython()).toString(), this);
    form->addRow(tr("Script"), withBrowse(m_script, this, [this] {
                     const QString f = QFileDialog::getOpenFileName(this, tr("Training script"), QFileInfo(m_script->text()).absolutePath(),
                                                                    tr("Python scripts (*.py);;All files (*)"));
                     if (!f.isEmpty())
                         m_script->setText(f);
                 }));
    form->addRow(tr("Arguments"), m_args);
    form->addRow(tr("Working directory"), withBrowse(m_dir, this, [this] {
                     const QString d = QFileDialog::getExistingDirectory(this, tr("Working directory"), m_dir->text());
                     if (!d.isEmpty())
                         m_dir->setText(d);
                 }));
    form->addRow(tr("Python"), m_python);
    layout->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Watch"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(640, sizeHint().height());
}

void WatchScriptDialog::setScript(const QString& path)
{
    m_script->setText(path);
}

std::optional<ScriptLaunch> WatchScriptDialog::launch() const
{
    const QFileInfo script(m_script->text().trimmed());
    if (!script.isFile() || !script.isReadable())
        return std::nullopt;
    ScriptLaunch l;
    l.script = script.absoluteFilePath();
    l.args = QProcess::splitCommand(m_args->text());
    l.workingDir = m_dir->text().trimmed();
    l.python = m_python->text().trimmed();
    return l;
}

void WatchScriptDialog::accept()
{
    const QFileInfo script(m_script->text().trimmed());
    QString problem;
    if (m_script->text().trimmed().isEmpty())
        problem = tr("Choose the script to run.");
    else if (!script.isFile() || !script.isReadable())
        problem = tr("Cannot read %1.").arg(script.absoluteFilePath());
    else if (!m_dir->text().trimmed().isEmpty() && !QFileInfo(m_dir->text().trimmed()).isDir())
        problem = tr("The working directory %1 does not exist.").arg(m_dir->text().trimmed());
    else if (!QFileInfo(m_python->text().trimmed()).isExecutable())
        problem = tr("%1 is not an executable Python interpreter.").arg(m_python->text().trimmed());
    if (!problem.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), problem);
        return;
    }
    QSettings s;
    s.setValue(QStringLiteral("watch/script"), script.absoluteFilePath());
    s.setValue(QStringLiteral("watch/args"), m_args->text());
    s.setValue(QStringLiteral("watch/dir"), m_dir->text().trimmed());
    s.setValue(QStringLiteral("watch/python"), m_python->text().trimmed());
    QDialog::accept();
}

AttachDialog::AttachDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Attach to a running job"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Jobs of yours that are running now under the probe (python3 -m loaderscope run, or "
                                "loaderscope.watch() in the script). Choose one to follow it live; choose the ranks "
                                "of one job to see them stacked, the slowest named. Watching never slows or stops "
                                "the job."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table = new QTableWidget(this);
    m_table->setColumnCount(5);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);

    // Jobs on another machine, over the user's own ssh (keys, agent, ~/.ssh/config).
    auto* remoteIntro = new QLabel(tr("On another machine (over SSH; the job needs `python3 -m loaderscope run`, or "
                                      "LOADERSCOPE_WATCH=1, there):"),
                                   this);
    remoteIntro->setWordWrap(true);
    layout->addWidget(remoteIntro);
    auto* form = new QFormLayout;
    const QSettings settings;
    m_host = new QLineEdit(settings.value(QStringLiteral("remote/host")).toString(), this);
    m_host->setPlaceholderText(tr("user@host, an alias from ~/.ssh/config, or node1,node2"));
    m_list = new QPushButton(tr("List jobs"), this);
    auto* hostRow = new QHBoxLayout;
    hostRow->addWidget(m_host, 1);
    hostRow->addWidget(m_list);
    form->addRow(tr("Host"), hostRow);
    m_python = new QLineEdit(Remote::interpreter(), this);
    m_python->setToolTip(tr("The command that runs the Python with Loaderscope's probe on the host (default python3)."));
    form->addRow(tr("Remote Python"), m_python);
    m_zstd = new QCheckBox(tr("Compress the stream (zstd): for slow links"), this);
    m_zstd->setChecked(settings.value(QStringLiteral("remote/zstd"), false).toBool());
    form->addRow(QString(), m_zstd);
    layout->addLayout(form);
    m_remoteStatus = new QLabel(this);
    m_remoteStatus->setWordWrap(true);
    m_remoteStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_remoteStatus);
    m_installOffer = new ProbeInstallOffer(this);
    layout->addWidget(m_installOffer);
    m_remoteTable = new QTableWidget(this);
    m_remoteTable->setColumnCount(6);
    m_remoteTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_remoteTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_remoteTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_remoteTable->verticalHeader()->hide();
    m_remoteTable->horizontalHeader()->setStretchLastSection(true);
    m_remoteTable->setVisible(false);
    layout->addWidget(m_remoteTable, 1);
    m_lister = new RemoteLister(this);
    connect(m_list, &QPushButton::clicked, this, &AttachDialog::listRemote);
    connect(m_host, &QLineEdit::returnPressed, this, &AttachDialog::listRemote);
    connect(m_lister, &RemoteLister::listed, this, &AttachDialog::showRemote);
    // After an install, the hosts are asked again: the probe's version, and the jobs once started.
    connect(m_installOffer, &ProbeInstallOffer::finished, this, [this](bool anyInstalled) {
        m_list->setEnabled(true);
        if (anyInstalled)
            listRemote();
    });
    connect(m_remoteTable, &QTableWidget::itemSelectionChanged, this, [this] {
        if (!m_remoteTable->selectedItems().isEmpty())
            m_table->clearSelection(); // one place at a time
    });
    connect(m_remoteTable, &QTableWidget::cellDoubleClicked, this, &AttachDialog::accept);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Attach"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &QDialog::accept);
    layout->addWidget(buttons);
    auto* timer = new QTimer(this);
    timer->setInterval(2000);
    connect(timer, &QTimer::timeout, this, &AttachDialog::refresh);
    timer->start();
    refresh();
    resize(760, 520);
}

void AttachDialog::setHost(const QString& text)
{
    m_host->setText(text);
}

void AttachDialog::setRemotePython(const QString& command)
{
    m_python->setText(command);
}

void AttachDialog::listRemote()
{
    if (m_installOffer->installing())
        return; // listed again when it ends
    QString error;
    const auto target = RemoteTarget::parse(m_host->text(), &error);
    if (!target) {
        m_remoteStatus->setText(error);
        return;
    }
    QSettings s;
    s.setValue(QStringLiteral("remote/host"), m_host->text().trimmed());
    Remote::setInterpreter(m_python->text());
    m_remoteStatus->setText(tr("Asking %1 for its jobs…").arg(target->url()));
    m_list->setEnabled(false);
    m_lister->list(*target, Remote::interpreter());
}

void AttachDialog::showRemote(const std::vector<RemoteSegment>& segments, const QStringList& errors)
{
    m_list->setEnabled(true);
    m_remoteRows.clear();
    for (const RemoteSegment& seg : segments)
        if (seg.state == QLatin1String("starting") || seg.state == QLatin1String("running"))
            m_remoteRows.push_back(seg);
    m_remoteTable->setRowCount(int(m_remoteRows.size()));
    m_remoteTable->setHorizontalHeaderLabels({tr("host"), tr("script"), tr("pid"), tr("rank"), tr("started"), tr("state")});
    for (int r = 0; r < int(m_remoteRows.size()); ++r) {
        const RemoteSegment& j = m_remoteRows[size_t(r)];
        m_remoteTable->setItem(r, 0, new QTableWidgetItem(j.host.display()));
        auto* program = new QTableWidgetItem(QFileInfo(j.program).fileName());
        program->setToolTip(j.program);
        m_remoteTable->setItem(r, 1, program);
        m_remoteTable->setItem(r, 2, new QTableWidgetItem(QString::number(j.pid)));
        m_remoteTable->setItem(r, 3, new QTableWidgetItem(j.rank >= 0 ? tr("%1 of %2").arg(j.rank).arg(j.worldSize) : QStringLiteral("–")));
        m_remoteTable->setItem(r, 4, new QTableWidgetItem(j.startTime));
        m_remoteTable->setItem(r, 5, new QTableWidgetItem(j.state));
    }
    m_remoteTable->setVisible(!m_remoteRows.empty());
    m_remoteTable->resizeColumnsToContents();
    QString text = m_remoteRows.empty() ? tr("No job is running under the probe there.")
                                        : tr("Jobs running there: %1. Choose one, or the ranks of one job.").arg(m_remoteRows.size());
    const QString versions = probeVersions(m_remoteRows);
    if (!versions.isEmpty())
        text += QLatin1Char('\n') + versions;
    if (!errors.isEmpty())
        text = errors.join(QLatin1Char('\n')) + (m_remoteRows.empty() ? QString() : QLatin1Char('\n') + text);
    m_remoteStatus->setText(text);
    m_installOffer->offer(m_lister->withoutProbe(), Remote::interpreter());
    if (!m_remoteRows.empty()) {
        m_table->clearSelection();
        m_remoteTable->selectAll(); // the ranks of one job, most often
    }
}

QString AttachDialog::probeVersions(const std::vector<RemoteSegment>& rows)
{
    // Host by host, in the order listed: the probe that will stream (the interpreter's), and
    // whether it is this app's version (a stream of another format is refused when read).
    QStringList hosts;
    QMap<QString, QString> version;
    for (const RemoteSegment& j : rows)
        if (!version.contains(j.host.display())) {
            hosts << j.host.display();
            version[j.host.display()] = j.probeVersion;
        }
    const QString mine = QCoreApplication::applicationVersion();
    QStringList lines;
    for (const QString& h : hosts) {
        const QString v = version[h];
        if (v.isEmpty())
            lines << tr("Probe on %1: an older build that does not say its version; this app is %2. If attaching fails, install this app's wheel there.").arg(h, mine);
        else if (v == mine)
            lines << tr("Probe on %1: %2, the same version as this app.").arg(h, v);
        else
            lines << tr("Probe on %1: %2; this app is %3. A stream in a format this app does not read is refused with both versions named: then install this app's wheel there.").arg(h, v, mine);
    }
    return lines.join(QLatin1Char('\n'));
}

QString AttachDialog::remoteStatus() const
{
    return m_remoteStatus->text();
}

int AttachDialog::remoteRowCount() const
{
    return int(m_remoteRows.size());
}

std::vector<RemoteStreamOptions> AttachDialog::chosenRemote() const
{
    std::vector<RemoteStreamOptions> out;
    if (!m_remoteTable->isVisible() && m_remoteRows.empty())
        return out;
    for (const QModelIndex& row : m_remoteTable->selectionModel()->selectedRows()) {
        const RemoteSegment& j = m_remoteRows[size_t(row.row())];
        RemoteStreamOptions o;
        o.host = j.host;
        o.segment = j.name;
        o.interpreter = Remote::interpreter();
        o.zstd = m_zstd->isChecked();
        out.push_back(o);
    }
    return out;
}

void AttachDialog::accept()
{
    QSettings().setValue(QStringLiteral("remote/zstd"), m_zstd->isChecked());
    Remote::setInterpreter(m_python->text());
    if (chosen().isEmpty() && chosenRemote().empty()) {
        m_remoteStatus->setText(tr("Choose a job first: one here, or list the jobs on a host."));
        return;
    }
    QDialog::accept();
}

void AttachDialog::refresh()
{
    const QStringList before = chosen();
    m_table->setHorizontalHeaderLabels({tr("script"), tr("pid"), tr("rank"), tr("started"), tr("workers")});
    std::vector<loaderscope::SegmentInfo> jobs;
    for (auto& i : loaderscope::listLiveSegments())
        if (i.source == loaderscope::SegmentSource::Probe)
            jobs.push_back(std::move(i));
    m_table->setRowCount(int(jobs.size()));
    m_table->clearSelection();
    const QLocale loc;
    for (int r = 0; r < int(jobs.size()); ++r) {
        const auto& j = jobs[size_t(r)];
        auto* program = new QTableWidgetItem(QFileInfo(QString::fromStdString(j.program)).fileName());
        program->setToolTip(QString::fromStdString(j.program));
        program->setData(Qt::UserRole, QString::fromStdString(j.name));
        m_table->setItem(r, 0, program);
        m_table->setItem(r, 1, new QTableWidgetItem(QString::number(j.pid)));
        m_table->setItem(r, 2, new QTableWidgetItem(j.rank >= 0 ? tr("%1 of %2").arg(j.rank).arg(j.world_size) : QStringLiteral("–")));
        const QDateTime started = QDateTime::fromMSecsSinceEpoch(qint64(j.start_unix_ns / 1'000'000));
        m_table->setItem(r, 3, new QTableWidgetItem(loc.toString(started, QLocale::ShortFormat)));
        m_table->setItem(r, 4, new QTableWidgetItem(loc.toString(qint64(j.lanes_used))));
        remember(j);
        // Every row chosen before stays chosen (selectRow would keep only the last one).
        if (before.contains(QString::fromStdString(j.name)))
            m_table->selectionModel()->select(m_table->model()->index(r, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    if (m_table->selectedItems().isEmpty() && m_table->rowCount() > 0 && m_remoteRows.empty())
        m_table->selectRow(0);
    m_table->resizeColumnsToContents();
}

void AttachDialog::remember(const loaderscope::SegmentInfo& j)
{
    ListedJob& job = m_listed[QString::fromStdString(j.name)];
    job.segment = QString::fromStdString(j.name);
    job.program = QFileInfo(QString::fromStdString(j.program)).fileName();
    job.pid = j.pid;
    if (!job.events.isEmpty())
        return;
    // Where its recording will be, from the job's own description: offered if it ends first.
    try {
        const auto segment = loaderscope::Segment::open(j.name, /*writable=*/false);
        if (const auto text = segment->configJsonChecked())
            job.events = QJsonDocument::fromJson(QByteArray::fromStdString(*text)).object().value(QStringLiteral("events")).toString();
    } catch (const std::exception&) {
        // ended meanwhile: nothing more to learn
    }
}

AttachDialog::ListedJob AttachDialog::listed(const QString& segment) const
{
    return m_listed.value(segment, ListedJob{segment, {}, 0, {}});
}

QStringList AttachDialog::chosen() const
{
    QStringList names;
    for (const QModelIndex& row : m_table->selectionModel()->selectedRows())
        names << m_table->item(row.row(), 0)->data(Qt::UserRole).toString();
    return names;
}

int AttachDialog::rowCount() const
{
    return m_table->rowCount();
}
