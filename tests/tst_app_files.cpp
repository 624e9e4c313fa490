// SPDX-License-Identifier: MIT
// The app's files on hostile paths: `loaderscope --export` by the output rule (a regular file
// replaced atomically; a character device, a FIFO written in place; a link resolved once; a
// directory refused) and configurations read with the engine's size limit. Every app started has a
// timeout and is waited for; everything made lies in a temporary folder (never the real /dev).
#include "core/userfiles.h"

#include "loaderscope/config.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {

// A run of a few milliseconds: the export's picture, not the run, is under test.
constexpr char kTinyConfig[] = R"({"dataset":{"length":16,"sample_bytes":64,"io_latency_us":100},
    "loader":{"batch_size":4,"num_workers":1},"train":{"step_us":100}})";

struct AppResult
{
    int exitCode = -1;
    bool finished = false;
    QByteArray err;
    qint64 ms = 0;
};

/// Runs the app with `args` (English, settings and data under `home`), calling `whileRunning`
/// every 20 ms until it exits; killed and reaped after `timeoutMs`.
AppResult runApp(const QStringList& args, const QString& home, int timeoutMs = 60000,
                 const std::function<void()>& whileRunning = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(LOADERSCOPE_GUI_PATH), QStringList{QStringLiteral("--lang"), QStringLiteral("en")} + args);
    AppResult r;
    if (!p.waitForStarted(10000))
        return r;
    while (!p.waitForFinished(20)) {
        if (whileRunning)
            whileRunning();
        if (t.elapsed() > timeoutMs) {
            p.kill();
            p.waitForFinished(10000);
            r.err = p.readAllStandardError();
            r.ms = t.elapsed();
            return r;
        }
    }
    if (whileRunning)
        whileRunning();
    r.finished = p.exitStatus() == QProcess::NormalExit;
    r.exitCode = p.exitCode();
    r.err = p.readAllStandardError();
    r.ms = t.elapsed();
    return r;
}

QString writeConfig(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("tiny.json"));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(kTinyConfig);
    return path;
}

QStringList exportArgs(const QString& config, const QString& out)
{
    return {QStringLiteral("--config"), config, QStringLiteral("--export"), out, QStringLiteral("--size"), QStringLiteral("400x300")};
}

mode_t typeOf(const QString& path)
{
    struct stat st {};
    return lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

} // namespace

class TestAppFiles : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(QFileInfo::exists(QStringLiteral(LOADERSCOPE_GUI_PATH))); }

    // 1. Exports by the output rule.
    void exportReplacesRegularFileAtomically();
    void exportToCharDeviceLeavesTheDevice();
    void exportToFifoWritesThrough();
    void exportThroughLinkWritesTheTarget();
    void exportToDirectoryFails();
    // 2. Configurations read with the engine's limit.
    void configFromDevZeroIsRefusedQuickly();
    void configJustOverTheLimitIsRefused();
};

void TestAppFiles::exportReplacesRegularFileAtomically()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.png"));
    QFile old(out);
    QVERIFY(old.open(QIODevice::ReadWrite));
    old.write("the previous picture");
    old.flush();
    const AppResult r = runApp(exportArgs(writeConfig(dir), out), dir.path());
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QFile now(out);
    QVERIFY(now.open(QIODevice::ReadOnly));
    QVERIFY(now.read(8).startsWith("\x89PNG"));
    // A viewer that had the old file open still reads it whole: the new one was renamed over it,
    // never written into it.
    QVERIFY(old.seek(0));
    QCOMPARE(old.readAll(), QByteArray("the previous picture"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral("out.png.")), QStringList());
}

void TestAppFiles::exportToCharDeviceLeavesTheDevice()
{
    if (geteuid() != 0)
        QSKIP("mknod needs root: a character device cannot be made in a temporary folder by a user");
    QTemporaryDir dir;
    const QString dev = dir.filePath(QStringLiteral("null.svg"));
    // The null device's numbers, made in the test's own folder: the real /dev is never touched.
    if (mknod(QFile::encodeName(dev).constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        QSKIP(qPrintable(QStringLiteral("mknod failed (%1): no device nodes here").arg(QString::fromLocal8Bit(strerror(errno)))));
    const AppResult r = runApp(exportArgs(writeConfig(dir), dev), dir.path());
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(typeOf(dev), mode_t(S_IFCHR)); // still the device, not a file renamed over it
}

void TestAppFiles::exportToFifoWritesThrough()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.svg"));
    QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const int reader = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    QVERIFY(reader >= 0);
    QByteArray got;
    auto drain = [&] {
        char buf[65536];
        for (ssize_t n; (n = ::read(reader, buf, sizeof buf)) > 0;)
            got.append(buf, n);
    };
    const AppResult r = runApp(exportArgs(writeConfig(dir), fifo), dir.path(), 60000, drain);
    drain();
    ::close(reader);
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QVERIFY2(got.contains("<svg") && got.trimmed().endsWith("</svg>"), got.left(200).constData()); // the whole picture
    QCOMPARE(typeOf(fifo), mode_t(S_IFIFO));
}

void TestAppFiles::exportThroughLinkWritesTheTarget()
{
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("target.png"));
    const QString link = dir.filePath(QStringLiteral("link.png"));
    QFile t(target);
    QVERIFY(t.open(QIODevice::WriteOnly));
    t.write("old");
    t.close();
    QVERIFY(QFile::link(target, link));
    const AppResult r = runApp(exportArgs(writeConfig(dir), link), dir.path());
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(typeOf(link), mode_t(S_IFLNK)); // the user's link stays, pointing where it did
    QCOMPARE(QFileInfo(link).symLinkTarget(), target);
    QVERIFY(t.open(QIODevice::ReadOnly));
    QVERIFY(t.read(8).startsWith("\x89PNG"));
}

void TestAppFiles::exportToDirectoryFails()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("pictures.png"));
    QVERIFY(QDir().mkdir(out));
    const AppResult r = runApp(exportArgs(writeConfig(dir), out), dir.path());
    QVERIFY(r.finished);
    QVERIFY(r.exitCode != 0);
    // The app's own line (not Qt's chatter) names the path and why.
    const QByteArray line = r.err.mid(r.err.indexOf("loaderscope: "));
    QVERIFY2(line.contains("pictures.png") && line.contains("is a directory"), r.err.constData());
    QCOMPARE(typeOf(out), mode_t(S_IFDIR));
    QVERIFY(QDir(out).isEmpty());
}

void TestAppFiles::configFromDevZeroIsRefusedQuickly()
{
    QTemporaryDir dir;
    // Headless and with the window: both read the file before anything else.
    for (const QStringList& args : {QStringList{QStringLiteral("--config"), QStringLiteral("/dev/zero"), QStringLiteral("--export"),
                                                dir.filePath(QStringLiteral("x.png"))},
                                    QStringList{QStringLiteral("--config"), QStringLiteral("/dev/zero")}}) {
        const AppResult r = runApp(args, dir.path(), 20000);
        QVERIFY2(r.finished, qPrintable(QStringLiteral("%1 ms: %2").arg(r.ms).arg(QString::fromLocal8Bit(r.err))));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("/dev/zero") && r.err.contains(QByteArray::number(qulonglong(loaderscope::kMaxConfigBytes))),
                 r.err.constData());
        QVERIFY2(r.ms < 15000, QByteArray::number(r.ms).constData());
    }
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("x.png"))));
}

void TestAppFiles::configJustOverTheLimitIsRefused()
{
    QTemporaryDir dir;
    // Valid JSON padded with spaces: at the limit it is read, one byte over it is not.
    auto padded = [&](const QString& name, size_t bytes) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return QString();
        QByteArray text(kTinyConfig);
        text.append(QByteArray(qsizetype(bytes) - text.size(), ' '));
        f.write(text);
        return f.fileName();
    };
    const QString atLimit = padded(QStringLiteral("at.json"), loaderscope::kMaxConfigBytes);
    const QString over = padded(QStringLiteral("over.json"), loaderscope::kMaxConfigBytes + 1);
    QByteArray text;
    QString error;
    QVERIFY2(UserFiles::readConfig(atLimit, &text, &error), qPrintable(error));
    QCOMPARE(size_t(text.size()), loaderscope::kMaxConfigBytes);
    QVERIFY(!UserFiles::readConfig(over, &text, &error));
    QVERIFY2(error.contains(over) && error.contains(QString::number(loaderscope::kMaxConfigBytes)), qPrintable(error));
    // The app from the command line: a clear message, no window, no run.
    const AppResult r = runApp({QStringLiteral("--config"), over}, dir.path(), 20000);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("over.json"), r.err.constData());
}

QTEST_GUILESS_MAIN(TestAppFiles)
#include "tst_app_files.moc"
