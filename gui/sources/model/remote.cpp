// SPDX-License-Identifier: MIT
#include "remote.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSettings>

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("Remote", text);
}

/// One host of an address: [user@]name[:port]. `user` applies when it has none of its own.
std::optional<RemoteTarget::Host> parseHost(QString text, const QString& user, QString* error)
{
    RemoteTarget::Host h;
    h.user = user;
    if (const qsizetype at = text.lastIndexOf(QLatin1Char('@')); at >= 0) {
        h.user = text.left(at);
        text = text.mid(at + 1);
    }
    if (const qsizetype colon = text.lastIndexOf(QLatin1Char(':')); colon >= 0 && !text.startsWith(QLatin1Char('['))) {
        bool ok = false;
        const int port = text.mid(colon + 1).toInt(&ok);
        if (!ok || port < 1 || port > 65535) {
            *error = QCoreApplication::translate("Remote", "\"%1\" is not a port number").arg(text.mid(colon + 1));
            return std::nullopt;
        }
        h.port = port;
        text = text.left(colon);
    }
    // A name ssh takes as a host: no option-looking names (ssh would read "-oProxyCommand=..." as an
    // option) and no white space or shell characters.
    static const QRegularExpression hostName(QStringLiteral("^[A-Za-z0-9_.%\\[\\]:-]+$"));
    static const QRegularExpression userName(QStringLiteral("^[A-Za-z0-9_.-]*$"));
    if (text.isEmpty() || text.startsWith(QLatin1Char('-')) || !hostName.match(text).hasMatch()) {
        *error = QCoreApplication::translate("Remote", "\"%1\" is not a host name").arg(text);
        return std::nullopt;
    }
    if (h.user.startsWith(QLatin1Char('-')) || !userName.match(h.user).hasMatch()) {
        *error = QCoreApplication::translate("Remote", "\"%1\" is not a user name").arg(h.user);
        return std::nullopt;
    }
    h.name = text;
    return h;
}

} // namespace

QString Remote::shellQuoted(const QString& word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./=:,+-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString w = word;
    w.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + w + QLatin1Char('\'');
}

namespace {

const QString kInterpreter = QStringLiteral("remote/interpreter");

} // namespace

QString RemoteTarget::Host::display() const
{
    QString s = user.isEmpty() ? name : user + QLatin1Char('@') + name;
    if (port)
        s += QLatin1Char(':') + QString::number(port);
    return s;
}

std::optional<RemoteTarget> RemoteTarget::parse(const QString& input, QString* error)
{
    QString dummy;
    if (!error)
        error = &dummy;
    QString text = input.trimmed();
    if (text.startsWith(QLatin1String("ssh://")))
        text = text.mid(6);
    RemoteTarget t;
    if (const qsizetype slash = text.indexOf(QLatin1Char('/')); slash >= 0) {
        t.segment = text.mid(slash + 1);
        text = text.left(slash);
        if (t.segment.startsWith(QLatin1String("dev/shm/")))
            t.segment = t.segment.mid(8);
        if (!t.segment.isEmpty() && !Remote::isSegmentName(t.segment)) {
            *error = tr("\"%1\" is not a segment name (see `python3 -m loaderscope list` on the host)").arg(t.segment);
            return std::nullopt;
        }
    }
    if (text.isEmpty()) {
        *error = tr("no host: write user@host, an alias from ~/.ssh/config, or ssh://user@host/segment");
        return std::nullopt;
    }
    // "user@node1,node2": the user before the first host applies to every host without its own.
    QString user;
    const QStringList parts = text.split(QLatin1Char(','));
    if (const qsizetype at = parts.first().lastIndexOf(QLatin1Char('@')); at >= 0)
        user = parts.first().left(at);
    for (const QString& part : parts) {
        auto h = parseHost(part.trimmed(), user, error);
        if (!h)
            return std::nullopt;
        t.hosts.push_back(*h);
    }
    if (t.hosts.size() > 64) {
        *error = tr("%1 hosts: at most 64 at once").arg(t.hosts.size());
        return std::nullopt;
    }
    return t;
}

QString RemoteTarget::url() const
{
    QStringList names;
    for (const Host& h : hosts)
        names << h.display();
    QString s = QStringLiteral("ssh://") + names.join(QLatin1Char(','));
    if (!segment.isEmpty())
        s += QLatin1Char('/') + segment;
    return s;
}

namespace Remote {

bool isSegmentName(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9_.-]{1,200}$"));
    return re.match(name).hasMatch() && !name.startsWith(QLatin1Char('.')) && !name.startsWith(QLatin1Char('-'));
}

QStringList sshProgram()
{
    const QString env = qEnvironmentVariable("LOADERSCOPE_SSH").trimmed();
    QStringList words = env.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    if (words.isEmpty())
        words << QStringLiteral("ssh");
    return words;
}

QString interpreter()
{
    const QString s = QSettings().value(kInterpreter).toString().trimmed();
    return s.isEmpty() ? QStringLiteral("python3") : s;
}

void setInterpreter(const QString& command)
{
    QSettings().setValue(kInterpreter, command.trimmed());
}

QStringList sshArguments(const RemoteTarget::Host& host, const QString& interp, const QStringList& remote)
{
    QStringList words;
    for (const QString& w : remote)
        words << shellQuoted(w);
    // The interpreter is the user's own command (it may set variables): passed as written.
    return sshCommandArguments(host, (interp.trimmed().isEmpty() ? QStringLiteral("python3") : interp.trimmed()) +
                                         QStringLiteral(" -m loaderscope ") + words.join(QLatin1Char(' ')));
}

QStringList sshCommandArguments(const RemoteTarget::Host& host, const QString& command)
{
    QStringList args = sshProgram().mid(1);
    // -T: no terminal (binary output); BatchMode: a prompt for a password, a passphrase or an
    // unknown host key fails at once instead of waiting for input nobody can give; the alive
    // checks notice a dead connection within 15 s.
    args << QStringLiteral("-T") << QStringLiteral("-o") << QStringLiteral("BatchMode=yes") << QStringLiteral("-o")
         << QStringLiteral("ConnectTimeout=%1").arg(kConnectTimeoutS) << QStringLiteral("-o")
         << QStringLiteral("ServerAliveInterval=5") << QStringLiteral("-o") << QStringLiteral("ServerAliveCountMax=3");
    if (!host.user.isEmpty())
        args << QStringLiteral("-l") << host.user;
    if (host.port)
        args << QStringLiteral("-p") << QString::number(host.port);
    args << host.name << QStringLiteral("--") << command;
    return args;
}

QString cannotStart(const QProcess& ssh)
{
    return tr("cannot start %1: %2 (Debian: openssh-client)").arg(ssh.program(), ssh.errorString());
}

bool lacksProbe(const QString& stderrText)
{
    return stderrText.contains(QLatin1String("No module named loaderscope"));
}

QString explainFailure(const RemoteTarget::Host& host, const QString& interp, int exitCode, const QString& stderrText)
{
    const QString h = host.display();
    const QString err = stderrText.trimmed();
    QString last = err.section(QLatin1Char('\n'), -1).trimmed();
    if (last.size() > 300)
        last = last.left(300) + QStringLiteral("…");
    if (err.contains(QLatin1String("Host key verification failed")) || err.contains(QLatin1String("REMOTE HOST IDENTIFICATION HAS CHANGED")))
        return tr("%1's host key is not known (or has changed): run `ssh %1` once in a terminal and check the key, then try again.").arg(h);
    if (err.contains(QLatin1String("Permission denied")))
        return tr("%1 refused the login without a prompt (BatchMode): load your key into the agent (`ssh-add`) or run `ssh %1` once in a terminal, then try again. ssh said: %2").arg(h, last);
    if (err.contains(QLatin1String("timed out")) || err.contains(QLatin1String("Connection timed out")))
        return tr("%1 did not answer within %2 s (ssh: %3).").arg(h).arg(kConnectTimeoutS).arg(last);
    if (err.contains(QLatin1String("Could not resolve hostname")))
        return tr("There is no host called %1 (ssh: %2).").arg(h, last);
    if (err.contains(QLatin1String("Connection refused")))
        return tr("%1 refused the connection: no SSH server listens there (ssh: %2).").arg(h, last);
    // The probe's own words for a segment that is gone (the job ended): before the interpreter
    // check below, which its "No such file or directory" would match.
    if (err.contains(QLatin1String("cannot open segment")))
        return tr("On %1, the job is no longer there: it ended before it could be followed (%2).").arg(h, last);
    // The shell's words for a program it cannot find name the program; the probe's own errors
    // (which may say "No such file or directory" of something else) start with "loaderscope:".
    const QString program = interp.trimmed().section(QLatin1Char(' '), -1);
    const bool shellMissing = err.contains(QLatin1String("No such file or directory")) && !err.contains(QLatin1String("loaderscope:")) &&
                              (program.isEmpty() || err.contains(program));
    if (exitCode == 127 || err.contains(QLatin1String("command not found")) || shellMissing)
        return tr("On %1, the interpreter \"%2\" does not exist: set the remote interpreter (File ▸ Attach to a running job…) to the Python that has Loaderscope's probe.").arg(h, interp);
    if (lacksProbe(err))
        return tr("On %1, \"%2\" has no Loaderscope probe: install it there, or set the remote interpreter to the Python that has it.").arg(h, interp);
    if (exitCode == 255)
        return tr("ssh to %1 failed: %2").arg(h, last.isEmpty() ? tr("(no message)") : last);
    return tr("On %1, the probe stopped with exit status %2: %3").arg(h).arg(exitCode).arg(last.isEmpty() ? tr("(no message)") : last);
}

bool parseList(const RemoteTarget::Host& host, const QByteArray& json, std::vector<RemoteSegment>& out, QString* error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json.trimmed(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isArray()) {
        QString head = QString::fromUtf8(json.left(80)).simplified();
        *error = tr("%1 answered something that is not a list of segments: \"%2\"").arg(host.display(), head);
        return false;
    }
    const QJsonArray arr = doc.array();
    if (arr.size() > 4096) {
        *error = tr("%1 lists %2 segments: too many to be real").arg(host.display()).arg(arr.size());
        return false;
    }
    for (const QJsonValue& v : arr) {
        const QJsonObject o = v.toObject();
        RemoteSegment s;
        s.host = host;
        s.name = o.value(QLatin1String("name")).toString();
        if (!isSegmentName(s.name))
            continue; // never sent back to the shell
        s.program = o.value(QLatin1String("program")).toString().left(400);
        s.state = o.value(QLatin1String("state")).toString().left(40);
        s.startTime = o.value(QLatin1String("start_time")).toString().left(40);
        s.hostName = o.value(QLatin1String("host")).toString().left(200);
        s.probeVersion = o.value(QLatin1String("probe_version")).toString().left(40);
        s.pid = o.value(QLatin1String("pid")).toInt();
        s.rank = o.value(QLatin1String("rank")).toInt(-1);
        s.worldSize = o.value(QLatin1String("world_size")).toInt();
        out.push_back(s);
    }
    return true;
}

} // namespace Remote

RemoteLister::RemoteLister(QObject* parent) : QObject(parent)
{
}

RemoteLister::~RemoteLister()
{
    abandon();
}

void RemoteLister::abandon()
{
    for (QProcess* p : m_procs) {
        p->disconnect(this);
        if (p->state() != QProcess::NotRunning) {
            p->kill();
            p->waitForFinished(2000);
        }
        p->deleteLater();
    }
    m_procs.clear();
    m_running = 0;
}

void RemoteLister::list(const RemoteTarget& target, const QString& interp)
{
    abandon();
    m_found.clear();
    m_errors.clear();
    m_withoutProbe.clear();
    const QStringList program = Remote::sshProgram();
    for (const RemoteTarget::Host& host : target.hosts) {
        auto* p = new QProcess(this);
        p->setProgram(program.first());
        p->setArguments(Remote::sshArguments(host, interp, {QStringLiteral("list"), QStringLiteral("--json")}));
        p->setStandardInputFile(QProcess::nullDevice());
        m_procs.push_back(p);
        ++m_running;
        // A remote command that never ends (a hung interpreter): given up after ssh's own limit.
        auto* guard = new QTimer(p);
        guard->setSingleShot(true);
        connect(guard, &QTimer::timeout, p, [p] { p->kill(); });
        guard->start((Remote::kConnectTimeoutS + 20) * 1000);
        auto done = [this, p, host, interp](int code, QProcess::ExitStatus status) {
            const QByteArray out = p->readAllStandardOutput().left(16 << 20);
            const QString err = QString::fromUtf8(p->readAllStandardError().right(8192));
            QString error;
            if (status != QProcess::NormalExit || code != 0) {
                m_errors << Remote::explainFailure(host, interp, status == QProcess::NormalExit ? code : -1, err);
                if (status == QProcess::NormalExit && Remote::lacksProbe(err))
                    m_withoutProbe.push_back(host);
            }
            else if (!Remote::parseList(host, out, m_found, &error))
                m_errors << error;
            if (--m_running == 0)
                emit listed(m_found, m_errors);
        };
        connect(p, &QProcess::finished, this, done);
        connect(p, &QProcess::errorOccurred, this, [this, p, done](QProcess::ProcessError e) {
            if (e != QProcess::FailedToStart)
                return;
            m_errors << Remote::cannotStart(*p);
            if (--m_running == 0)
                emit listed(m_found, m_errors);
            Q_UNUSED(done);
        });
        p->start();
    }
}
