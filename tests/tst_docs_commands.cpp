// SPDX-License-Identifier: MIT
// docs/config.md's commands against the programs: every engine command in section 2, and every
// option each one's --help lists (the engine's, the probe's `run` in section 4, the app's in
// section 3) described there, and no option documented that the program does not take. The rest
// of docs/ against the programs: tst_docs.
#include "docstest.h"
#include "testutil.h"

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QtTest>

using namespace testutil;
using namespace docstest;

namespace {

/// The long options a command's --help lists in its table of options (CLI11's "  --config FILE",
/// argparse's "  -h, --help"), each once; --help itself left out (every command has it).
QStringList optionsListed(const QString& help)
{
    static const QRegularExpression option(QStringLiteral("^  (?:-[a-zA-Z], ?)?(--[a-z][a-z-]*)"), QRegularExpression::MultilineOption);
    QStringList out;
    for (auto it = option.globalMatch(help); it.hasNext();) {
        const QString o = it.next().captured(1);
        if (o != QLatin1String("--help") && !out.contains(o))
            out << o;
    }
    return out;
}

/// Every long option named in `text`, each once.
QStringList optionsNamed(const QString& text)
{
    static const QRegularExpression option(QStringLiteral("(--[a-z][a-z-]*)"));
    QStringList out;
    for (auto it = option.globalMatch(text); it.hasNext();)
        if (const QString o = it.next().captured(1); !out.contains(o))
            out << o;
    return out;
}

/// What section 2 says of one engine command: each paragraph that starts with its bold synopsis
/// ("**`loaderscope-engine COMMAND ...`**"), up to the next command's or the next heading. The
/// bold synopses alone go to `synopses`.
QString commandParagraphs(const QString& section, const QString& command, QString& synopses)
{
    const QString start = QStringLiteral("\n**`loaderscope-engine ") + command;
    QString text;
    for (qsizetype at = section.indexOf(start); at >= 0; at = section.indexOf(start, at + 1)) {
        const QChar after = at + start.size() < section.size() ? section.at(at + start.size()) : QChar();
        if (after != QLatin1Char(' ') && after != QLatin1Char('`'))
            continue; // another command whose name starts alike
        synopses += section.mid(at, section.indexOf(QStringLiteral("`**"), at) - at) + QLatin1Char('\n');
        qsizetype end = section.indexOf(QStringLiteral("\n**`loaderscope-engine "), at + 1);
        const qsizetype heading = section.indexOf(QStringLiteral("\n#"), at + 1);
        if (end < 0 || (heading >= 0 && heading < end))
            end = heading;
        text += section.mid(at, end < 0 ? -1 : end - at);
    }
    return text;
}

/// Each option a command's --help lists is described in its `doc`, and each option its documented
/// `synopses` name is one the command takes; what is not, with `who` in front, into `missing`.
void compareOptions(const QString& who, const QString& help, const QString& doc, const QString& synopses, QStringList& missing)
{
    const QStringList takes = optionsListed(help);
    if (takes.isEmpty() && optionsNamed(synopses).isEmpty())
        return; // a command without options (default-config, clean)
    for (const QString& o : takes)
        if (!doc.contains(o + QLatin1Char(' ')) && !doc.contains(o + QLatin1Char('`')))
            missing << who + QLatin1Char(' ') + o + QStringLiteral(" (in its --help, not in the docs)");
    for (const QString& o : optionsNamed(synopses))
        if (!takes.contains(o))
            missing << who + QLatin1Char(' ') + o + QStringLiteral(" (in the docs' synopsis, not in its --help)");
}

} // namespace

class TestDocsCommands : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void engineCommands();
    void commandOptions();
    void appOptions();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    QString m_config;
};

void TestDocsCommands::initTestCase()
{
    m_config = readText(kSource + QStringLiteral("/docs/config.md"));
    QVERIFY2(!m_config.isEmpty(), "docs/config.md is missing");
}

void TestDocsCommands::engineCommands()
{
    const EngineResult r = runEngineArgs({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    const QString help = QString::fromUtf8(r.out);
    const QString doc = section(m_config, QStringLiteral("## 2."));
    QStringList commands, missing;
    static const QRegularExpression command(QStringLiteral("^  loaderscope-engine ([a-z][a-z-]*)"), QRegularExpression::MultilineOption);
    for (auto it = command.globalMatch(help); it.hasNext();)
        commands << it.next().captured(1);
    QVERIFY2(commands.size() >= 8, qPrintable(help));
    for (const QString& c : commands)
        if (!doc.contains(QStringLiteral("loaderscope-engine ") + c))
            missing << c;
    static const QRegularExpression option(QStringLiteral("(--[a-z][a-z-]*)"));
    for (auto it = option.globalMatch(help); it.hasNext();) {
        const QString o = it.next().captured(1);
        if (!doc.contains(o) && !missing.contains(o))
            missing << o;
    }
    for (const char* status : {"| 0 |", "| 2 |", "| 3 |", "| 128+N |"})
        if (!doc.contains(QLatin1String(status)))
            missing << QStringLiteral("exit status ") + QLatin1String(status);
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in docs/config.md section 2: ") + missing.join(QStringLiteral(", "))));
}

void TestDocsCommands::commandOptions()
{
    // Each engine command's own --help (CLI11's) against its paragraphs in section 2, and the
    // probe's `run --help` (argparse's) against section 4, both ways.
    const EngineResult top = runEngineArgs({QStringLiteral("--help")});
    QCOMPARE(top.exitCode, 0);
    QStringList commands;
    static const QRegularExpression command(QStringLiteral("^  loaderscope-engine ([a-z][a-z-]*)"), QRegularExpression::MultilineOption);
    for (auto it = command.globalMatch(QString::fromUtf8(top.out)); it.hasNext();)
        commands << it.next().captured(1);
    commands.removeDuplicates();
    QVERIFY2(commands.contains(QStringLiteral("run")) && commands.contains(QStringLiteral("sweep")), top.out.constData());
    const QString engineDoc = section(m_config, QStringLiteral("## 2."));
    QStringList missing;
    for (const QString& c : commands) {
        const EngineResult r = runEngineArgs({c, QStringLiteral("--help")});
        QVERIFY2(r.exitCode == 0 && r.out.contains("Usage: loaderscope-engine " + c.toUtf8()), qPrintable(c + QLatin1Char(' ') + r.out + r.err));
        QString synopses;
        const QString doc = commandParagraphs(engineDoc, c, synopses);
        QVERIFY2(!doc.isEmpty(), qPrintable(QStringLiteral("no paragraph for loaderscope-engine ") + c));
        compareOptions(QStringLiteral("loaderscope-engine ") + c, QString::fromUtf8(r.out), doc, synopses, missing);
    }
    QVERIFY(optionsListed(QString::fromUtf8(runEngineArgs({QStringLiteral("run"), QStringLiteral("--help")}).out))
                .contains(QStringLiteral("--preset")));
#ifdef LOADERSCOPE_PYTHON
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(LOADERSCOPE_PYTHON_DIR));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(LOADERSCOPE_PYTHON), {QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run"), QStringLiteral("--help")});
    QVERIFY(p.waitForFinished(60000));
    const QString help = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(p.exitCode() == 0 && help.contains(QLatin1String("--sample-every")), qPrintable(help + QString::fromUtf8(p.readAllStandardError())));
    QString probeDoc = section(m_config, QStringLiteral("## 4."));
    probeDoc.truncate(probeDoc.indexOf(QStringLiteral("\n### "))); // run's part: before the other commands'
    const qsizetype from = probeDoc.indexOf(QStringLiteral("\npython3 -m loaderscope run "));
    const qsizetype to = probeDoc.indexOf(QStringLiteral("\npython3 -m loaderscope "), from + 1);
    QVERIFY2(from >= 0 && to > from, "section 4 has no synopsis of `python3 -m loaderscope run`");
    // Each option described outside the synopsis' code block (in the table of options).
    const qsizetype block = probeDoc.lastIndexOf(QStringLiteral("```"), from), blockEnd = probeDoc.indexOf(QStringLiteral("```"), to);
    QVERIFY(block >= 0 && blockEnd > to);
    const QString described = probeDoc.left(block) + probeDoc.mid(blockEnd + 3);
    compareOptions(QStringLiteral("python3 -m loaderscope run"), help, described, probeDoc.mid(from, to - from), missing);
#endif
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("docs/config.md and the commands' --help differ: ") + missing.join(QStringLiteral("; "))));
}

void TestDocsCommands::appOptions()
{
#ifndef LOADERSCOPE_GUI_PATH
    QSKIP("the app is not built (LOADERSCOPE_BUILD_GUI off)");
#else
    QProcess p;
    p.start(QStringLiteral(LOADERSCOPE_GUI_PATH), {QStringLiteral("--help")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QString help = QString::fromUtf8(p.readAllStandardOutput());
    const QString doc = section(m_config, QStringLiteral("## 3."));
    QStringList options, missing;
    static const QRegularExpression option(QStringLiteral("(?:^|[ ,])(--?[a-z][a-z-]*)"), QRegularExpression::MultilineOption);
    for (auto it = option.globalMatch(help); it.hasNext();)
        options << it.next().captured(1);
    QVERIFY2(options.contains(QStringLiteral("--export")), qPrintable(help));
    for (const QString& o : options)
        if (!doc.contains(backticked(o)) && !doc.contains(QLatin1Char('`') + o + QLatin1Char(' ')))
            missing << o;
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("app options not in docs/config.md section 3: ") + missing.join(QStringLiteral(", "))));
#endif
}

QTEST_GUILESS_MAIN(TestDocsCommands)
#include "tst_docs_commands.moc"
