// SPDX-License-Identifier: MIT
// A job on another machine, reached with the user's own OpenSSH client: `ssh -T -o BatchMode=yes
// HOST -- python3 -m loaderscope ...`. Keys, the agent, ~/.ssh/config and ProxyJump are ssh's; no
// port is opened on the server and nothing of ours runs there but the probe package's `list` and
// `stream`. This file: what the user names (an ssh:// address), the ssh command lines, and what
// ssh's failures mean in words. The stream itself is read by RemoteReader (remotereader.h).
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QProcess;

#include <optional>
#include <vector>

/** `ssh://[user@]host[:port][,host2[:port]...][/segment]`, or a bare `user@host` / ssh alias. */
struct RemoteTarget
{
    struct Host
    {
        QString user;  ///< empty: ssh's default (or the alias's User)
        QString name;  ///< a host name, an address or a ~/.ssh/config alias
        int port = 0;  ///< 0: ssh's default
        /// `user@name` (and `:port`): how it is shown and written in an ssh:// address.
        QString display() const;
    };
    std::vector<Host> hosts;
    QString segment; ///< empty: choose (the dialog) or every segment of the user's jobs there

    /// Parses what the user typed. nullopt with `error` set (translated) when it is not an address.
    static std::optional<RemoteTarget> parse(const QString& text, QString* error);
    QString url() const;
};

/** A segment listed on a remote host by `python3 -m loaderscope list --json`. */
struct RemoteSegment
{
    RemoteTarget::Host host;
    QString name;
    QString program;
    QString state;     ///< starting, running, finished, failed
    QString startTime; ///< as the host wrote it (its local time)
    QString hostName;  ///< the host's own name (socket.gethostname())
    QString probeVersion; ///< the version of the probe that listed it (and would stream it); empty from an older build that did not say
    int pid = 0;
    int rank = -1;
    int worldSize = 0;
};

namespace Remote {

/// True for a name the probe gives a segment (letters, digits, '.', '_', '-'): what may be sent
/// to the remote shell without quoting worries.
bool isSegmentName(const QString& name);

/// The ssh program and the options the user gave it. LOADERSCOPE_SSH (a command line split on
/// white space, e.g. "ssh -F /path/ssh_config") overrides "ssh": tests, or an ssh elsewhere.
QStringList sshProgram();

/// The remote interpreter (default "python3"; a command with environment such as
/// "env PYTHONPATH=/opt/ls python3" is passed to the remote shell as written). Remembered.
QString interpreter();
void setInterpreter(const QString& command);

/// Arguments for QProcess after sshProgram().first(): options, the host, "--", the remote command.
/// `remote` is a list of words for `interpreter -m loaderscope` (each word shell-quoted).
QStringList sshArguments(const RemoteTarget::Host& host, const QString& interpreter, const QStringList& remote);
/// The same options and host, with `command` given to the remote shell as written.
QStringList sshCommandArguments(const RemoteTarget::Host& host, const QString& command);
/// `word` quoted for a POSIX shell (unchanged when it needs no quotes).
QString shellQuoted(const QString& word);
/// Why the ssh program could not be started at all (translated, naming Debian's package).
QString cannotStart(const QProcess& ssh);
/// True when ssh's stderr says the remote interpreter lacks the probe package.
bool lacksProbe(const QString& stderrText);

/// Seconds ssh waits for a host to answer (ConnectTimeout).
constexpr int kConnectTimeoutS = 10;

/// What an ssh that ended with `exitCode` and `stderrText` (before any stream came) means, in a
/// sentence the user can act on: a key or password BatchMode refused, an unknown host key, a host
/// that never answered, a remote interpreter that does not exist, no probe package there...
QString explainFailure(const RemoteTarget::Host& host, const QString& interpreter, int exitCode, const QString& stderrText);

/// Parses `list --json` output. False with `error` (translated) on anything else.
bool parseList(const RemoteTarget::Host& host, const QByteArray& json, std::vector<RemoteSegment>& out, QString* error);

} // namespace Remote

/** Lists the segments on every host of a target, one `ssh HOST -- python3 -m loaderscope list
 *  --json` each, at once. GUI thread (its QProcesses are asynchronous). */
class RemoteLister : public QObject
{
    Q_OBJECT
public:
    explicit RemoteLister(QObject* parent = nullptr);
    ~RemoteLister() override;
    /// Starts listing (a listing still running is abandoned, its processes killed).
    void list(const RemoteTarget& target, const QString& interpreter);
    bool busy() const { return m_running > 0; }
    /// The hosts of the last listing whose interpreter has no probe package (what AttachDialog
    /// offers to install there).
    const std::vector<RemoteTarget::Host>& withoutProbe() const { return m_withoutProbe; }

signals:
    /// Every host answered or failed: the segments found, and one sentence per host that failed.
    void listed(const std::vector<RemoteSegment>& segments, const QStringList& errors);

private:
    void abandon();
    std::vector<class QProcess*> m_procs;
    std::vector<RemoteSegment> m_found;
    QStringList m_errors;
    std::vector<RemoteTarget::Host> m_withoutProbe;
    int m_running = 0;
};
