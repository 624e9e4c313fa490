// SPDX-License-Identifier: MIT
// `cmake --install` into a DESTDIR (a temporary folder outside the build tree, removed at the end),
// then the installed programs are run from there with the build tree out of their reach: no
// build path on PATH, none in a RUNPATH, and a control run that shows the app fails when the
// installed engine is not beside it (so it cannot have used the build tree's), and one that the
// presets, lessons and translations come from the installed data folder. The desktop entry,
// AppStream metainfo and man pages are checked with the tools distributions use.
#include "testutil.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace {

const QString kBuild = QStringLiteral(LOADERSCOPE_BINARY_DIR);
const QString kSource = QStringLiteral(LOADERSCOPE_SOURCE_DIR);
const QString kAppId = QStringLiteral(LOADERSCOPE_APP_ID);

struct Result
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Result run(const QString& program, const QStringList& args, const QProcessEnvironment& env, const QString& cwd,
           int timeoutMs = 60000)
{
    QProcess p;
    p.setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGKILL); }); // nothing outlives the test
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(cwd);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        return {-1, p.readAllStandardOutput(), "timed out: " + p.readAllStandardError()};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QString tool(const char* name)
{
    return QStandardPaths::findExecutable(QLatin1String(name));
}

/// A hard link (so /proc/self/exe names the new folder), else a copy.
bool linkOrCopy(const QString& from, const QString& to)
{
    return ::link(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) == 0 || QFile::copy(from, to);
}

bool isElf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(4) == QByteArray("\x7f" "ELF", 4);
}

} // namespace

class TestInstall : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void layout();
    void noBuildTreePaths();
    void engineVersion();
    void engineRunsInstalledPreset();
    void appExportsFromInstalledLocation();
    void appFindsItsData_data();
    void appFindsItsData();
    void pythonPackage();
    void desktopEntryAndMetainfo();
    void manPages_data();
    void manPages();
    void debianPackage();
    void cleanup() { QCOMPARE(testutil::loaderscopeSegments(), QStringList()); }

private:
    QString usr(const QString& rel) const { return m_stage.path() + QStringLiteral("/usr/") + rel; }
    /// An environment that reaches nothing of the build tree: PATH is an empty folder (system
    /// tools are called by their full path), HOME and XDG folders are private.
    QProcessEnvironment isolated() const;

    QTemporaryDir m_stage;
    QTemporaryDir m_work;
};

QProcessEnvironment TestInstall::isolated() const
{
    QProcessEnvironment env;
    for (const char* keep : {"LANG", "TMPDIR"})
        if (qEnvironmentVariableIsSet(keep))
            env.insert(QLatin1String(keep), qEnvironmentVariable(keep));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_work.filePath(QStringLiteral("runtime")));
    env.insert(QStringLiteral("PATH"), m_work.filePath(QStringLiteral("empty-path")));
    env.insert(QStringLiteral("HOME"), m_work.filePath(QStringLiteral("home")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_work.filePath(QStringLiteral("home/.config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_work.filePath(QStringLiteral("home/.local/share")));
    return env;
}

void TestInstall::initTestCase()
{
    QVERIFY(m_stage.isValid() && m_work.isValid());
    // The stage must not lie inside the build or source tree, or "out of reach" would not be.
    for (const QString& tree : {kBuild, kSource})
        QVERIFY2(!(m_stage.path() + QLatin1Char('/')).startsWith(QDir(tree).canonicalPath() + QLatin1Char('/')),
                 qPrintable(m_stage.path()));
    QVERIFY(QDir(m_work.path()).mkpath(QStringLiteral("empty-path")));
    QVERIFY(QDir(m_work.path()).mkpath(QStringLiteral("home/.config")));
    QVERIFY(QDir(m_work.path()).mkpath(QStringLiteral("runtime")));
    QVERIFY(QFile::setPermissions(m_work.filePath(QStringLiteral("runtime")), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DESTDIR"), m_stage.path());
    const Result r = run(QStringLiteral(LOADERSCOPE_CMAKE_COMMAND), {QStringLiteral("--install"), kBuild, QStringLiteral("--prefix"), QStringLiteral("/usr")},
                         env, m_work.path(), 240000);
    QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
}

void TestInstall::layout()
{
    QStringList want = {QStringLiteral("bin/loaderscope-engine"), QStringLiteral("share/man/man1/loaderscope-engine.1.gz"),
                        QStringLiteral("share/doc/loaderscope/README.md"), QStringLiteral("share/doc/loaderscope/copyright"),
                        QStringLiteral("share/doc/loaderscope/docs/config.md"), QStringLiteral("share/doc/loaderscope/docs/traces.md"),
                        QStringLiteral("share/doc/loaderscope/docs/architecture.md")};
    for (const QString& preset : QDir(kSource + QStringLiteral("/resources/presets")).entryList({QStringLiteral("*.json")}))
        want << QStringLiteral("share/loaderscope/presets/") + preset;
#ifdef LOADERSCOPE_HAVE_GUI
    want << QStringLiteral("bin/loaderscope") << QStringLiteral("share/man/man1/loaderscope.1.gz")
         << QStringLiteral("share/loaderscope/lessons/lessons.json") << QStringLiteral("share/loaderscope/translations/loaderscope_tr.qm")
         << QStringLiteral("share/applications/%1.desktop").arg(kAppId)
         << QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kAppId)
         << QStringLiteral("share/icons/hicolor/scalable/apps/%1.svg").arg(kAppId);
#endif
#ifdef LOADERSCOPE_HAVE_PROBE
    want << QStringLiteral("lib/python3/dist-packages/loaderscope/__init__.py")
         << QStringLiteral("lib/python3/dist-packages/loaderscope/__main__.py")
         << QStringLiteral("lib/python3/dist-packages/loaderscope/_native.py")
         << QStringLiteral("lib/python3/dist-packages/loaderscope/libloaderscope_probe.so") // its C library (ctypes)
         << QStringLiteral("lib/python3/dist-packages/loaderscope-watch.pth");
#endif
    QStringList missing;
    for (const QString& f : want)
        if (!QFileInfo(usr(f)).isFile())
            missing << f;
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not installed: ") + missing.join(QStringLiteral(", "))));
#ifdef LOADERSCOPE_HAVE_PROBE
    // The probe's wheel, of this version, for File ▸ Attach to install on a server without it
    // (and so in the .deb: debianPackage checks the package holds everything installed).
    const QStringList wheels = QDir(usr(QStringLiteral("share/loaderscope/wheel"))).entryList({QStringLiteral("*.whl")}, QDir::Files);
    QVERIFY2(wheels.size() == 1 && wheels.first().startsWith(QStringLiteral("loaderscope-" LOADERSCOPE_VERSION "-")),
             qPrintable(QStringLiteral("share/loaderscope/wheel holds: ") + wheels.join(QStringLiteral(", "))));
#endif
    QVERIFY(QFileInfo(usr(QStringLiteral("bin/loaderscope-engine"))).isExecutable());
    // Everything went under the prefix: nothing beside usr/ in the stage.
    QCOMPARE(QDir(m_stage.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList{QStringLiteral("usr")});
}

void TestInstall::noBuildTreePaths()
{
    const QString readelf = tool("readelf");
    QVERIFY2(!readelf.isEmpty(), "readelf (binutils) is needed");
    int elves = 0;
    for (QDirIterator it(m_stage.path(), QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        const QString f = it.next();
        if (!isElf(f))
            continue;
        ++elves;
        const Result r = run(readelf, {QStringLiteral("-d"), f}, QProcessEnvironment::systemEnvironment(), m_work.path());
        QCOMPARE(r.exitCode, 0);
        // Every library linked is a system one: an installed binary carries no RPATH or RUNPATH at
        // all (Debian's policy), so none can point into the build tree.
        for (const QByteArray& line : r.out.split('\n'))
            QVERIFY2(!line.contains("(RPATH)") && !line.contains("(RUNPATH)"), qPrintable(f + QStringLiteral(": ") + QString::fromUtf8(line)));
    }
    QVERIFY(elves >= 1);
    // Nor does any other installed file name the build or the source tree.
    QStringList naming;
    for (QDirIterator it(m_stage.path(), QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        const QString f = it.next();
        if (isElf(f))
            continue;
        QFile file(f);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        if (text.contains(kBuild.toUtf8()) || text.contains(kSource.toUtf8() + '/'))
            naming << f;
    }
    QVERIFY2(naming.isEmpty(), qPrintable(QStringLiteral("installed files that name the build or source tree: ") + naming.join(QStringLiteral(", "))));
}

void TestInstall::engineVersion()
{
    const Result r = run(usr(QStringLiteral("bin/loaderscope-engine")), {QStringLiteral("--version")}, isolated(), m_work.path());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed(), QByteArray("loaderscope-engine " LOADERSCOPE_VERSION));
}

void TestInstall::engineRunsInstalledPreset()
{
    // The spawn preset: its workers are fresh executions of the installed engine binary itself.
    const QString summary = m_work.filePath(QStringLiteral("spawn-summary.json"));
    const Result r = run(usr(QStringLiteral("bin/loaderscope-engine")),
                         {QStringLiteral("run"), QStringLiteral("--config"), usr(QStringLiteral("share/loaderscope/presets/spawn.json")),
                          QStringLiteral("--summary"), summary},
                         isolated(), m_work.path(), 120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile f(summary);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject s = QJsonDocument::fromJson(f.readAll()).object();
    // 512 samples in batches of 16, two epochs.
    QCOMPARE(s.value(QStringLiteral("batches")).toInt(), 64);
    QCOMPARE(s.value(QStringLiteral("num_workers")).toInt(), 4);
    QCOMPARE(s.value(QStringLiteral("exit_code")).toInt(), 0);
    QVERIFY(testutil::waitGone(testutil::workerPids(s), 10000));
}

void TestInstall::appExportsFromInstalledLocation()
{
#ifndef LOADERSCOPE_HAVE_GUI
    QSKIP("the app is not built (LOADERSCOPE_BUILD_GUI off)");
#else
    QProcessEnvironment env = isolated();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const QStringList args = {QStringLiteral("--preset"), QStringLiteral("num_workers_4"), QStringLiteral("--lang"), QStringLiteral("en"),
                              QStringLiteral("--size"), QStringLiteral("800x450"), QStringLiteral("--export")};
    const QString png = m_work.filePath(QStringLiteral("installed.png"));
    const Result r = run(usr(QStringLiteral("bin/loaderscope")), args + QStringList{png}, env, m_work.path(), 120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QImage image(png);
    QCOMPARE(image.size(), QSize(800, 450));

    // Control: the same app with its data beside it but no engine (a hard link, so /proc/self/exe
    // names the lonely folder) cannot run, so the export above used the installed engine.
    const QString lonely = m_work.filePath(QStringLiteral("no-engine"));
    QVERIFY(QDir().mkpath(lonely + QStringLiteral("/bin")));
    QVERIFY(QDir().mkpath(lonely + QStringLiteral("/share")));
    QVERIFY(linkOrCopy(usr(QStringLiteral("bin/loaderscope")), lonely + QStringLiteral("/bin/loaderscope")));
    QVERIFY(QFile::link(usr(QStringLiteral("share/loaderscope")), lonely + QStringLiteral("/share/loaderscope")));
    const QString nothing = m_work.filePath(QStringLiteral("no-engine.png"));
    const Result c = run(lonely + QStringLiteral("/bin/loaderscope"), args + QStringList{nothing}, env, m_work.path(), 120000);
    QVERIFY2(c.exitCode != 0, "the app ran without an engine beside it: it found one somewhere else");
    QVERIFY2(c.err.contains("engine"), c.err.constData());
    QVERIFY(!QFileInfo::exists(nothing));
#endif
}

void TestInstall::appFindsItsData_data()
{
    QTest::addColumn<bool>("withData");
    QTest::newRow("installed") << true;
    QTest::newRow("control: no data folder") << false;
}

void TestInstall::appFindsItsData()
{
#ifndef LOADERSCOPE_HAVE_GUI
    QSKIP("the app is not built (LOADERSCOPE_BUILD_GUI off)");
#else
    QFETCH(bool, withData);
    // The presets, lessons and translations come from <bin>/../share/loaderscope of the program
    // that runs: the installed one, or a copy of the app and the engine without that folder.
    QString app = usr(QStringLiteral("bin/loaderscope"));
    if (!withData) {
        const QString bin = m_work.filePath(QStringLiteral("no-data/bin"));
        QVERIFY(QDir().mkpath(bin));
        for (const char* program : {"loaderscope", "loaderscope-engine"})
            QVERIFY(linkOrCopy(usr(QStringLiteral("bin/") + QLatin1String(program)), bin + QLatin1Char('/') + QLatin1String(program)));
        app = bin + QStringLiteral("/loaderscope");
    }
    QProcessEnvironment env = isolated();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));

    // Presets and the Turkish catalog: an unknown preset is refused (exit 2) with the list of the
    // presets, in Turkish when the catalog was found.
    const Result p = run(app, {QStringLiteral("--lang"), QStringLiteral("tr"), QStringLiteral("--preset"), QStringLiteral("zq_no_such_preset")},
                         env, m_work.path());
    QCOMPARE(p.exitCode, 2);
    const QString presetMessage = QString::fromUtf8(p.err);
    QCOMPARE(presetMessage.contains(QStringLiteral("num_workers_4")), withData);
    QCOMPARE(presetMessage.contains(QStringLiteral("bilinmeyen hazır ayar")), withData);

    // Lessons: --lesson out of range names how many lessons were found.
    QFile f(kSource + QStringLiteral("/resources/lessons/lessons.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const qsizetype lessons = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("lessons")).toArray().size();
    QVERIFY(lessons > 0);
    const Result l = run(app, {QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--lesson"), QStringLiteral("999"),
                               QStringLiteral("--export"), m_work.filePath(QStringLiteral("lesson.png"))},
                         env, m_work.path());
    QCOMPARE(l.exitCode, 1);
    QVERIFY2(l.err.contains(QStringLiteral("from 1 to %1").arg(withData ? lessons : 0).toUtf8()), l.err.constData());
#endif
}

void TestInstall::pythonPackage()
{
#ifndef LOADERSCOPE_HAVE_PROBE
    QSKIP("the Python probe is not built");
#else
    const QString site = usr(QStringLiteral("lib/python3/dist-packages"));
    QProcessEnvironment env = isolated();
    env.insert(QStringLiteral("PYTHONPATH"), site);
    env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1")); // leave the stage as installed
    const Result r = run(QStringLiteral(LOADERSCOPE_PYTHON),
                         {QStringLiteral("-c"), QStringLiteral("import loaderscope, loaderscope._native as n; print(loaderscope.__file__); print(n.__file__)")},
                         env, m_work.path());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QList<QByteArray> files = r.out.trimmed().split('\n');
    QCOMPARE(files.size(), 2);
    for (const QByteArray& f : files)
        QVERIFY2(QString::fromUtf8(f).startsWith(site + QLatin1Char('/')), f.constData());
    const Result help = run(QStringLiteral(LOADERSCOPE_PYTHON), {QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run"), QStringLiteral("--help")},
                            env, m_work.path());
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("python3 -m loaderscope run"));

    // loaderscope-watch.pth, read as Python reads dist-packages at start-up (site.addsitedir):
    // without LOADERSCOPE_WATCH it imports nothing; with it, the probe's start-up module.
    const QString loaded = QStringLiteral("import site, sys; site.addsitedir(sys.argv[1]); "
                                          "print(sorted(m for m in sys.modules if m.startswith('loaderscope')))");
    QProcessEnvironment bare = isolated();
    bare.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    const Result off = run(QStringLiteral(LOADERSCOPE_PYTHON), {QStringLiteral("-c"), loaded, site}, bare, m_work.path());
    QVERIFY2(off.exitCode == 0, off.err.constData());
    QCOMPARE(off.out.trimmed(), QByteArray("[]"));
    QVERIFY2(off.err.isEmpty(), off.err.constData());
    bare.insert(QStringLiteral("LOADERSCOPE_WATCH"), QStringLiteral("1"));
    const Result on = run(QStringLiteral(LOADERSCOPE_PYTHON), {QStringLiteral("-c"), loaded, site}, bare, m_work.path());
    QVERIFY2(on.exitCode == 0, on.err.constData());
    QVERIFY2(on.out.contains("'loaderscope._autowatch'"), on.out.constData());
    QVERIFY2(on.err.isEmpty(), on.err.constData());
#endif
}

void TestInstall::desktopEntryAndMetainfo()
{
#ifndef LOADERSCOPE_HAVE_GUI
    QSKIP("the app is not built (LOADERSCOPE_BUILD_GUI off)");
#else
    const QString validate = tool("desktop-file-validate");
    const QString appstream = tool("appstreamcli");
    QVERIFY2(!validate.isEmpty(), "desktop-file-validate is needed (Debian: desktop-file-utils; ./run.sh installs it)");
    QVERIFY2(!appstream.isEmpty(), "appstreamcli is needed (Debian: appstream; ./run.sh installs it)");
    const QString desktop = usr(QStringLiteral("share/applications/%1.desktop").arg(kAppId));
    const QString metainfo = usr(QStringLiteral("share/metainfo/%1.metainfo.xml").arg(kAppId));
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();

    Result r = run(validate, {desktop}, env, m_work.path());
    QVERIFY2(r.exitCode == 0 && r.out.trimmed().isEmpty() && r.err.trimmed().isEmpty(), (r.out + r.err).constData());
    // Errors, warnings and infos all fail (pedantic hints do not), but one: the project has no
    // homepage to name yet, which AppStream 1.0 (Debian 13) reports as a warning and 0.16 (Debian
    // 12) not at all. --strict would fail on it, so the lines are read instead.
    r = run(appstream, {QStringLiteral("validate"), QStringLiteral("--no-net"), QStringLiteral("--pedantic"), metainfo}, env, m_work.path());
    bool noHomepage = false;
    for (const QByteArray& line : (r.out + r.err).split('\n')) {
        if (!line.startsWith("E:") && !line.startsWith("W:") && !line.startsWith("I:"))
            continue;
        if (line.startsWith("W:") && line.contains(": url-homepage-missing"))
            noHomepage = true;
        else
            QFAIL(("AppStream says: " + line + "\n" + r.out + r.err).constData());
    }
    QVERIFY2(r.exitCode == 0 || (r.exitCode == 3 && noHomepage), (r.out + r.err).constData());

    // The pieces refer to each other: Exec and Icon to installed files, the launchable to the entry.
    QFile d(desktop);
    QVERIFY(d.open(QIODevice::ReadOnly));
    const QString entry = QString::fromUtf8(d.readAll());
    const QRegularExpression exec(QStringLiteral("^Exec=(\\S+)"), QRegularExpression::MultilineOption);
    const QRegularExpression icon(QStringLiteral("^Icon=(\\S+)$"), QRegularExpression::MultilineOption);
    QVERIFY(exec.match(entry).hasMatch() && icon.match(entry).hasMatch());
    QVERIFY(QFileInfo(usr(QStringLiteral("bin/") + exec.match(entry).captured(1))).isExecutable());
    const QString svg = usr(QStringLiteral("share/icons/hicolor/scalable/apps/%1.svg").arg(icon.match(entry).captured(1)));
    QVERIFY2(QFileInfo(svg).isFile(), qPrintable(svg));
    QFile s(svg);
    QVERIFY(s.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&s);
    QVERIFY(xml.readNextStartElement());
    QCOMPARE(xml.name(), QLatin1String("svg"));
    while (!xml.atEnd())
        xml.readNext();
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QFile m(metainfo);
    QVERIFY(m.open(QIODevice::ReadOnly));
    QVERIFY(m.readAll().contains("<launchable type=\"desktop-id\">" + kAppId.toUtf8() + ".desktop</launchable>"));
#endif
}

void TestInstall::manPages_data()
{
    QTest::addColumn<QString>("page");
    QTest::newRow("loaderscope-engine") << QStringLiteral("loaderscope-engine");
#ifdef LOADERSCOPE_HAVE_GUI
    QTest::newRow("loaderscope") << QStringLiteral("loaderscope");
#endif
}

void TestInstall::manPages()
{
    QFETCH(QString, page);
    const QString man = tool("man");
    QVERIFY2(!man.isEmpty(), "man is needed (Debian: man-db; ./run.sh installs it)");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("80"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    const Result r = run(man, {QStringLiteral("--warnings"), QStringLiteral("-l"), usr(QStringLiteral("share/man/man1/%1.1.gz").arg(page))}, env,
                         m_work.path());
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.trimmed().isEmpty(), r.err.constData()); // groff's warnings: a macro it does not know, ...
    const QString text = QString::fromUtf8(r.out);
    for (const char* heading : {"NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS", "SEE ALSO"})
        QVERIFY2(text.contains(QLatin1Char('\n') + QLatin1String(heading) + QLatin1Char('\n')), heading);
    // The NAME line ("page - what it is"; justified, so the spaces may be more than one).
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("\\n +%1 +- ").arg(QRegularExpression::escape(page)))));
    QVERIFY2(text.contains(QStringLiteral(LOADERSCOPE_VERSION)), "the page names the version");

    // Every option (and engine command) the installed program's --help lists is on its page.
    const Result help = run(usr(QStringLiteral("bin/") + page), {QStringLiteral("--help")}, isolated(), m_work.path());
    QCOMPARE(help.exitCode, 0);
    const QString helpText = QString::fromUtf8(help.out);
    QStringList names, missing;
    static const QRegularExpression option(QStringLiteral("(?:^|[\\s,\\[|])(--[a-z][a-z-]*)"));
    for (auto it = option.globalMatch(helpText); it.hasNext();)
        names << it.next().captured(1);
    static const QRegularExpression command(QStringLiteral("^  loaderscope-engine ([a-z][a-z-]*)"), QRegularExpression::MultilineOption);
    for (auto it = command.globalMatch(helpText); it.hasNext();)
        names << it.next().captured(1);
    QVERIFY2(names.size() >= 5, qPrintable(helpText));
    names.removeDuplicates();
    // man writes a hyphen as U+2010 where groff chose to; compare with plain hyphens.
    QString plain = text;
    plain.replace(QChar(0x2010), QLatin1Char('-')).replace(QChar(0x2212), QLatin1Char('-'));
    for (const QString& n : names)
        if (!plain.contains(n))
            missing << n;
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("in --help but not in %1(1): ").arg(page) + missing.join(QStringLiteral(", "))));
}

void TestInstall::debianPackage()
{
    // cpack -G DEB into a temporary folder (the build tree keeps its own .deb), then the package
    // is read back with dpkg-deb: what it holds, and the dependencies dpkg-shlibdeps computed.
    const QString dpkgDeb = tool("dpkg-deb");
    QVERIFY2(!dpkgDeb.isEmpty() && !tool("dpkg-shlibdeps").isEmpty(), "dpkg-deb and dpkg-shlibdeps are needed (Debian: dpkg-dev; ./run.sh installs it)");
    const QString out = m_work.filePath(QStringLiteral("deb"));
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const Result c = run(QStringLiteral(LOADERSCOPE_CPACK_COMMAND),
                         {QStringLiteral("--config"), kBuild + QStringLiteral("/CPackConfig.cmake"), QStringLiteral("-G"), QStringLiteral("DEB"),
                          QStringLiteral("-B"), out},
                         env, m_work.path(), 300000);
    QVERIFY2(c.exitCode == 0, (c.out + c.err).constData());
    const QStringList debs = QDir(out).entryList({QStringLiteral("loaderscope_*.deb")}, QDir::Files);
    QCOMPARE(debs.size(), 1);
    QVERIFY2(QRegularExpression(QStringLiteral("^loaderscope_%1_[a-z0-9]+\\.deb$").arg(QRegularExpression::escape(QStringLiteral(LOADERSCOPE_VERSION))))
                 .match(debs.first()).hasMatch(),
             qPrintable(debs.first()));
    const QString deb = out + QLatin1Char('/') + debs.first();

    const Result f = run(dpkgDeb, {QStringLiteral("--field"), deb, QStringLiteral("Package"), QStringLiteral("Version"), QStringLiteral("Depends")},
                         env, m_work.path());
    QCOMPARE(f.exitCode, 0);
    const QString fields = QString::fromUtf8(f.out);
    QVERIFY2(fields.contains(QStringLiteral("Version: " LOADERSCOPE_VERSION)), qPrintable(fields));
    // Computed from the binaries: the C library and zlib (the engine), Qt (the app).
    for (const char* lib : {"libc6", "libstdc++6", "zlib1g"})
        QVERIFY2(fields.contains(QLatin1String(lib)), qPrintable(fields));
#ifdef LOADERSCOPE_HAVE_GUI
    for (const char* lib : {"libqt6core6", "libqt6widgets6"})
        QVERIFY2(fields.contains(QLatin1String(lib)), qPrintable(fields));
#endif
    // The CUDA runtime is linked statically: no CUDA package is needed.
    QVERIFY2(!fields.contains(QLatin1String("cuda")), qPrintable(fields));

    const Result l = run(dpkgDeb, {QStringLiteral("--contents"), deb}, env, m_work.path());
    QCOMPARE(l.exitCode, 0);
    QStringList missing;
    for (QDirIterator it(usr(QString()), QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        const QString rel = QStringLiteral("./usr/") + QDir(usr(QString())).relativeFilePath(it.next());
        if (!l.out.contains(rel.toUtf8() + '\n'))
            missing << rel;
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("installed by cmake --install but not in the package: ") + missing.join(QStringLiteral(", "))));
#ifdef LOADERSCOPE_HAVE_PROBE
    const Result i = run(dpkgDeb, {QStringLiteral("--info"), deb}, env, m_work.path());
    QVERIFY2(i.out.contains("postinst") && i.out.contains("prerm"), i.out.constData());
#endif
}

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
