// SPDX-License-Identifier: MIT
// loaderscope: the desktop app, and its headless export for docs and CI:
//   loaderscope --config FILE --export OUT.png|OUT.svg|OUT.pdf [--size WxH] [--theme docs] [--scale N] [--lang tr]
//   loaderscope --open-recording FILE [FILE...] [--export OUT.png]
//   loaderscope --check-questions FILE [--lang tr]
#include "sources/model/eventfile.h"
#include "workshop/model/lessons.h"
#include "sources/model/openedrecording.h"
#include "advice/model/modeladvicetext.h"
#include "runs/model/enginelauncher.h"
#include "config/model/presets.h"
#include "sources/model/remote.h"
#include "workshop/model/questionbank.h"
#include "app/quitsignals.h"
#include "runs/model/runsession.h"
#include "common/model/summarytext.h"
#include "timeline/model/tracemodel.h"
#include "common/model/translator.h"
#include "common/model/userfiles.h"
#include "common/model/appsettings.h"
#include "config/configpanel.h"
#include "app/exporter.h"
#include "app/picturerequest.h"
#include "timeline/apptheme.h"
#include "app/fileactions.h"
#include "jobs/jobwatch.h"
#include "workshop/lessonrunner.h"
#include "app/mainwindow.h"
#include "advice/summarypanel.h"
#include "runs/sweepdialog.h"

#include "loaderscope/config/config.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/base/temp_dir.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QFile>
#include <QIcon>
#include <QJsonDocument>
#include <QFileInfo>
#include <QTimer>

#include <algorithm>
#include <optional>
#include <cstdio>
#include <cstring>

namespace {

int fail(const QString& why)
{
    fprintf(stderr, "loaderscope: %s\n", qPrintable(why));
    return 1;
}

/// The recordings named after --open-recording: its values, and the files that follow it (the
/// shell's expansion of ranks/*.lsrec), unless they are a watched script's arguments.
QStringList recordingsOf(const QCommandLineParser& args)
{
    QStringList paths = args.values(QStringLiteral("open-recording"));
    if (!paths.isEmpty() && !args.isSet(QStringLiteral("watch")))
        paths += args.positionalArguments();
    return paths;
}

/// A watched job's model advice for its picture, as the window gives it for the same recording:
/// the sweep of the job's fitted model, waited for (its progress on stderr), in place of the
/// closed formula's worker-count advice; where the sweep cannot run, why, after that advice.
/// Empty for an engine run, or a job with no model. `sweep` false (--no-model-sweep): not run,
/// and the picture says the formula's advice is unchecked.
SummaryText::ModelLine modelAdviceFor(const RecordingMeaning& m, bool sweep)
{
    const double jobRate = m.summary.figures.samples_per_s;
    if (m.summary.source != "pytorch" || m.jobModel.isEmpty() || jobRate <= 0)
        return {};
    if (!sweep)
        return {QCoreApplication::translate("main", "The model of the job was not swept (--no-model-sweep): the advice above is "
                                                    "the closed formula's first guess."),
                false};
    QString error;
    const std::optional<ModelAdvice> advice = ModelAdvisor::sweepNow(
        m.jobModel, jobRate, ModelAdvisor::formulaGuess(m.summary), EngineLauncher::defaultEnginePath(), &error,
        [](int done, int total) {
            fprintf(stderr, "loaderscope: %s\n",
                    qPrintable(QCoreApplication::translate("main", "checking num_workers and prefetch_factor on the model of the job: "
                                                                   "%1 of %2 runs").arg(done).arg(total)));
        });
    if (advice) // a model too far off the job advises nothing: the formula's advice stays
        return {ModelAdviceText::advice(*advice), advice->usable()};
    const QString why = QCoreApplication::translate("main", "The model of the job could not be swept (%1): the advice above is the closed formula's first guess.").arg(error);
    fprintf(stderr, "loaderscope: %s\n", qPrintable(why));
    return {why, false};
}

/// The picture of recordings: one is drawn as a run's; of several ranks, the straggler's timeline
/// (else the most stalled rank's), with every rank's data stall in the summary block.
int exportRecordings(const QStringList& paths, const QString& out, ExportOptions o, bool modelSweep)
{
    const std::vector<OpenedRecording> ranks = digestRecordings(paths);
    const RankOrder order = orderRanks(ranks);
    for (const OpenedRecording& r : ranks)
        if (!r.ok() && paths.size() == 1)
            return fail(r.error);
        else if (!r.ok() || !r.warning.isEmpty())
            fprintf(stderr, "loaderscope: %s\n", qPrintable(r.ok() ? r.warning : r.error));
    const int shown = order.order.front();
    if (!ranks[size_t(shown)].ok())
        return fail(QCoreApplication::translate("main", "none of the recordings could be read"));
    const OpenedRecording& r = ranks[size_t(shown)];
    TraceModel model;
    QString error;
    if (!loadEventsFile(r.path, model, &error))
        return fail(error);
    shadeUnseen(model, r);
    // With the advice the app shows for it (the engine's on its configuration, the probe's on the
    // job's DataLoader arguments, the model's sweep for a job), not the figures alone.
    const RecordingMeaning meaning = interpretRecording(r);
    const loaderscope::RunSummary& summary = meaning.summary;
    // A file cut short or damaged, or of several one unread: the picture says where reading
    // stopped (of every rank, not only the one drawn), as the window does.
    QStringList notes;
    for (const OpenedRecording& k : ranks)
        if (!k.ok() || !k.warning.isEmpty())
            notes << (k.ok() ? k.warning : k.error);
    o.summaryLines = SummaryText::lines(summary, modelAdviceFor(meaning, modelSweep), notes);
    o.summary = summary;
    if (paths.size() == 1) {
        o.title = QCoreApplication::translate("main", "Recording %1").arg(QFileInfo(r.path).fileName());
    } else {
        o.title = QCoreApplication::translate("main", "Rank %1 of %2 recordings · %3").arg(r.rank).arg(paths.size()).arg(QFileInfo(r.path).fileName());
        QStringList lines;
        lines << (order.straggler >= 0 ? QCoreApplication::translate("main", "Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).")
                                             .arg(ranks[size_t(order.straggler)].rank)
                                             .arg(SummaryText::percent(order.figures.stall), SummaryText::percent(order.figures.others))
                                       : QCoreApplication::translate("main", "No rank's loader holds the others back."));
        // The most stalled ranks first; a picture has room for a few.
        for (size_t i = 0; i < order.order.size() && i < 8; ++i) {
            const OpenedRecording& k = ranks[size_t(order.order[i])];
            if (k.ok())
                lines << QCoreApplication::translate("main", "rank %1 · data stall %2 · %3 samples/s")
                             .arg(k.rank)
                             .arg(SummaryText::percent(k.digest.figures.data_stall_fraction), SummaryText::rate(k.digest.figures.samples_per_s));
        }
        o.summaryLines = lines + o.summaryLines;
    }
    const qint64 end = std::max<qint64>(model.endTime(), 1'000'000);
    if (!exportPicture(out, model, Viewport{0, end + end / 50}, o, &error))
        return fail(error);
    return 0;
}

int headlessExport(const QCommandLineParser& args)
{
    auto err = [](const QString& s) {
        fprintf(stderr, "loaderscope: %s\n", qPrintable(s));
        return 1;
    };
    // A profiler trace is imported in the window only: --export never draws something else in
    // its place (it drew the default run and exited 0).
    if (args.isSet(QStringLiteral("open-trace")))
        return err(QCoreApplication::translate("main", "--export draws a run, a lesson or recordings, not a profiler trace: "
                                                       "open %1 in the window (File > Open PyTorch profiler trace(s)) and export it from there")
                       .arg(args.values(QStringLiteral("open-trace")).join(QStringLiteral(", "))));
    // Where the picture goes is checked before the run: a directory, a missing folder fail now.
    const QString out = args.value(QStringLiteral("export"));
    if (const QString why = UserFiles::checkWritable(out); !why.isEmpty())
        return err(why);
    QByteArray config;
    TimelineOverlay lessonOverlay;
    QString lessonTitle;
    if (args.isSet(QStringLiteral("config"))) {
        QString why;
        if (!UserFiles::readConfig(args.value(QStringLiteral("config")), &config, &why))
            return err(why);
    } else if (args.isSet(QStringLiteral("lesson"))) {
        LessonLibrary lessons;
        lessons.load();
        const int n = args.value(QStringLiteral("lesson")).toInt();
        if (n < 1 || n > lessons.lessons().size())
            return err(QCoreApplication::translate("main", "--lesson takes a number from 1 to %1").arg(lessons.lessons().size()));
        const Lesson& l = lessons.lessons()[n - 1];
        config = Presets::json(l.preset);
        lessonOverlay = ::lessonOverlay(l);
        lessonTitle = LessonLibrary::text(l.title);
    } else if (args.isSet(QStringLiteral("preset"))) {
        config = Presets::json(args.value(QStringLiteral("preset")));
        if (config.isEmpty())
            return err(QCoreApplication::translate("main", "unknown preset %1; the presets are: %2")
                           .arg(args.value(QStringLiteral("preset")), Presets::names().join(QStringLiteral(", "))));
    } else {
        config = QByteArray::fromStdString(loaderscope::defaultConfigJson());
    }
    ExportOptions o;
    const QString size = args.value(QStringLiteral("size"));
    if (!size.isEmpty()) {
        const QStringList wh = size.split(QLatin1Char('x'));
        bool okW = false, okH = false;
        if (wh.size() == 2)
            o.size = QSize(wh[0].toInt(&okW), wh[1].toInt(&okH));
        if (!okW || !okH)
            return err(QCoreApplication::translate("main", "--size takes WIDTHxHEIGHT, for example 1600x900"));
    }
    o.scale = args.value(QStringLiteral("scale")).isEmpty() ? 1.0 : args.value(QStringLiteral("scale")).toDouble();
    if (o.scale <= 0 || o.scale > 8)
        return err(QCoreApplication::translate("main", "--scale takes a number from 0.1 to 8"));
    o.theme = args.value(QStringLiteral("theme")) == QLatin1String("dark") ? TimelineTheme::dark() : TimelineTheme::light();
    o.stepChart = args.isSet(QStringLiteral("step-chart"));
    if (args.isSet(QStringLiteral("slow-samples"))) {
        bool okN = false;
        o.slowSamples = args.value(QStringLiteral("slow-samples")).toInt(&okN);
        // The summary keeps the 20 slowest (SlowSampleAccumulator::kDefaultKeep): no more to show.
        if (!okN || o.slowSamples < 1 || o.slowSamples > int(loaderscope::SlowSampleAccumulator::kDefaultKeep))
            return err(QCoreApplication::translate("main", "--slow-samples takes a number from 1 to %1 (a run keeps its %1 slowest samples)")
                           .arg(loaderscope::SlowSampleAccumulator::kDefaultKeep));
    }
    if (const QStringList recordings = recordingsOf(args); !recordings.isEmpty())
        return exportRecordings(recordings, out, o, !args.isSet(QStringLiteral("no-model-sweep")));

    RunSession session;
    QEventLoop loop;
    bool ok = false;
    QString message;
    QObject::connect(&session, &RunSession::runFinished, &loop, [&] { ok = true; loop.quit(); });
    QObject::connect(&session, &RunSession::runFailed, &loop, [&](const QString& m) { message = m; loop.quit(); });
    session.start(config);
    if (!session.running() && message.isEmpty())
        return err(QCoreApplication::translate("main", "the engine did not start"));
    loop.exec();
    if (!ok && lessonOverlay.caption.isEmpty())
        return err(message);
    const QJsonObject cfg = QJsonDocument::fromJson(config).object();
    const ExportOptions request = PictureRequest::options(cfg, session.summary(), lessonOverlay, lessonTitle);
    o.title = request.title;
    o.overlay = request.overlay;
    o.summaryLines = request.summaryLines;
    o.figureLines = request.figureLines;
    o.summary = request.summary;
    if (!ok) // a lesson whose experiment fails on purpose (a worker dies): picture the failure
        o.summaryLines << message;
    const qint64 end = std::max<qint64>(session.model()->endTime(), 1'000'000);
    QString error;
    if (!exportPicture(out, *session.model(), Viewport{0, end + end / 50}, o, &error))
        return err(error);
    return 0;
}

/// The command line (the same for the window, the headless export, --help and --version).
void addOptions(QCommandLineParser& args)
{
    args.setApplicationDescription(QStringLiteral("Loaderscope: a DataLoader worker pool and its live timeline"));
    args.addHelpOption();
    args.addVersionOption();
    args.addOptions({
        {QStringLiteral("config"), QStringLiteral("Run configuration (JSON)."), QStringLiteral("file")},
        {QStringLiteral("preset"), QStringLiteral("A built-in preset (e.g. num_workers_4)."), QStringLiteral("name")},
        {QStringLiteral("lesson"), QStringLiteral("Lesson N (1-13): open it; with --run or --export, run its experiment."), QStringLiteral("n")},
        {QStringLiteral("export"), QStringLiteral("Run headless and write a picture (png, svg, pdf)."), QStringLiteral("file")},
        {QStringLiteral("size"), QStringLiteral("Picture size, WxH (default 1600x900)."), QStringLiteral("size")},
        {QStringLiteral("step-chart"), QStringLiteral("With --export: draw the step chart under the timeline (each step's wait for data, hand-over, host blocked and step, with epoch starts, worker starts and the job's marks).")},
        {QStringLiteral("slow-samples"), QStringLiteral("With --export: add a table of the N slowest samples (1-20) under the summary."), QStringLiteral("n")},
        {QStringLiteral("scale"), QStringLiteral("PNG scale factor for sharp images (default 1)."), QStringLiteral("n")},
        {QStringLiteral("theme"), QStringLiteral("docs (light, default for export) or dark."), QStringLiteral("theme")},
        {QStringLiteral("lang"), QStringLiteral("Interface language: en or tr."), QStringLiteral("lang")},
        {QStringLiteral("check-questions"), QStringLiteral("Read a quiz question file (workshop text, GIFT, Aiken) without a window: the questions as JSON; exit status 2 when any is malformed."), QStringLiteral("file")},
        {QStringLiteral("run"), QStringLiteral("Start the run as soon as the window is shown.")},
        {QStringLiteral("open-trace"), QStringLiteral("Open a PyTorch profiler trace (repeat for the ranks of one job)."), QStringLiteral("file")},
        {QStringLiteral("open-recording"), QStringLiteral("Open a recording (the engine's or the probe's events file); more files after it are the ranks of one job. With --export, draw it."), QStringLiteral("file")},
        {QStringLiteral("no-model-sweep"), QStringLiteral("With --open-recording and --export: draw a job's recording without sweeping its model first (seconds to a minute); its worker advice is then the closed formula's first guess, said so.")},
        {QStringLiteral("tool"), QStringLiteral("Open a tool at start: sweep (and run it), compare or statistics."), QStringLiteral("tool")},
        {QStringLiteral("watch"), QStringLiteral("Watch your PyTorch training script live (its arguments follow --)."), QStringLiteral("script")},
        {QStringLiteral("attach"), QStringLiteral("Follow a running job on another machine over ssh: ssh://[user@]host[:port][,host2...][/segment] (no segment: every job there; several hosts or ranks: stacked)."), QStringLiteral("url")},
        {QStringLiteral("remote-python"), QStringLiteral("With --attach: the command that runs Python with the probe on the host (default: the one set in File ▸ Attach, else python3)."), QStringLiteral("command")},
    });
    args.addPositionalArgument(QStringLiteral("args"), QStringLiteral("With --watch: the script's arguments, after --. With --open-recording: more recordings."), QStringLiteral("[-- args...]"));
}

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Loaderscope"));
    QCoreApplication::setApplicationName(QStringLiteral("loaderscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOADERSCOPE_VERSION));
}

/// Whether one of `names` is on the command line (alone or as name=value).
bool given(int argc, char** argv, std::initializer_list<const char*> names)
{
    return std::any_of(argv + 1, argv + argc, [&](const char* a) {
        for (const char* n : names)
            if (std::strcmp(a, n) == 0 || (std::strncmp(a, n, std::strlen(n)) == 0 && a[std::strlen(n)] == '='))
                return true;
        return false;
    });
}

/// --help and --version need no display: answered without the GUI.
int helpOrVersion(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    setIdentity();
    QCommandLineParser args;
    addOptions(args);
    args.process(app); // prints and exits
    return 0;
}

/// --lang and --theme take the values their help names; another ends the app with the list (status
/// 2), before any window or picture: `--lang de` drew English and `--theme drak` the light theme.
std::optional<int> refuseUnknownChoices(const QCommandLineParser& args)
{
    const std::pair<QString, QStringList> choices[] = {
        {QStringLiteral("lang"), Translator::available()},
        {QStringLiteral("theme"), {QStringLiteral("docs"), QStringLiteral("light"), QStringLiteral("dark")}},
    };
    for (const auto& [option, values] : choices) {
        if (args.isSet(option) && !values.contains(args.value(option))) {
            fprintf(stderr, "loaderscope: %s\n",
                    qPrintable(QCoreApplication::translate("main", "unknown --%1 value \"%2\"; the values are: %3")
                                   .arg(option, args.value(option), values.join(QStringLiteral(", ")))));
            return 2;
        }
    }
    return std::nullopt;
}

/// --check-questions FILE: the bank as JSON on stdout, each malformed question's line and fault on
/// stderr; needs no display (an instructor checks a file before class, and the tests use it).
int checkQuestions(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    setIdentity();
    QCommandLineParser args;
    addOptions(args);
    args.process(app);
    if (const auto refused = refuseUnknownChoices(args))
        return *refused;
    Translator translator;
    translator.setLanguage(args.isSet(QStringLiteral("lang")) ? args.value(QStringLiteral("lang")) : AppSettings::language());
    LessonLibrary lessons;
    QString error;
    if (!lessons.load({}, &error))
        return fail(error);
    QByteArray json;
    QStringList messages;
    const int status = QuestionBank::check(args.value(QStringLiteral("check-questions")), lessons.lessons(), &json, &messages);
    fwrite(json.constData(), 1, size_t(json.size()), stdout);
    for (const QString& m : messages)
        fprintf(stderr, "loaderscope: %s\n", qPrintable(m));
    return status;
}

/// No display (a server, ssh without X forwarding): say so and what to do, instead of Qt's
/// "could not load the Qt platform plugin ... reinstalling may fix this".
int noDisplay(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    setIdentity();
    Translator translator;
    QString lang = AppSettings::language();
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            lang = QString::fromLocal8Bit(argv[i + 1]);
        else if (std::strncmp(argv[i], "--lang=", 7) == 0)
            lang = QString::fromLocal8Bit(argv[i] + 7);
    }
    translator.setLanguage(lang);
    fprintf(stderr, "loaderscope: %s\n",
            qPrintable(QCoreApplication::translate(
                "main", "there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): "
                        "this looks like a server or an ssh session without X forwarding. To see the window, "
                        "connect with \"ssh -X\" and start it again; to get a picture of a run without a display, "
                        "use --export FILE.png (or .svg, .pdf), for example: loaderscope --export run.png")));
    return 3;
}

/// What the command line asks of the window once it is shown: a lesson, traces, a tool, a script
/// to watch, a run. Returns an exit code when the command line is wrong, otherwise nothing.
std::optional<int> startWith(MainWindow& w, const QCommandLineParser& args)
{
    const int lesson = args.value(QStringLiteral("lesson")).toInt() - 1;
    if (lesson >= 0)
        w.showLesson(lesson);
    if (args.isSet(QStringLiteral("open-trace")))
        w.openProfilerTraces(args.values(QStringLiteral("open-trace")));
    if (const QStringList recordings = recordingsOf(args); !recordings.isEmpty())
        QTimer::singleShot(0, &w, [&w, recordings] { w.files()->openRecordings(recordings); });
    if (args.value(QStringLiteral("tool")) == QLatin1String("sweep"))
        QTimer::singleShot(0, &w, [&w] {
            w.openSweep();
            if (auto* d = w.findChild<SweepDialog*>())
                d->start();
        });
    if (args.value(QStringLiteral("tool")) == QLatin1String("compare"))
        QTimer::singleShot(0, &w, [&w] { w.openCompare(false); }); // the chooser asks which runs
    if (args.value(QStringLiteral("tool")) == QLatin1String("statistics"))
        QTimer::singleShot(0, &w, [&w] { w.openStatistics(); }); // it follows the run (--run) as it goes
    if (args.isSet(QStringLiteral("watch"))) {
        ScriptLaunch launch;
        launch.script = QFileInfo(args.value(QStringLiteral("watch"))).absoluteFilePath();
        launch.args = args.positionalArguments();
        if (!QFileInfo(launch.script).isReadable()) {
            fprintf(stderr, "loaderscope: %s\n", qPrintable(QCoreApplication::translate("main", "cannot read %1").arg(launch.script)));
            return 2;
        }
        QTimer::singleShot(0, &w, [&w, launch] { w.jobWatch()->watchScript(launch); });
    }
    if (args.isSet(QStringLiteral("attach"))) {
        QString error;
        const auto target = RemoteTarget::parse(args.value(QStringLiteral("attach")), &error);
        if (!target) {
            fprintf(stderr, "loaderscope: --attach: %s\n", qPrintable(error));
            return 2;
        }
        const QString interp = args.value(QStringLiteral("remote-python"));
        QTimer::singleShot(0, &w, [&w, t = *target, interp] { w.jobWatch()->attachRemote(t, interp); });
    }
    if (args.isSet(QStringLiteral("run")))
        QTimer::singleShot(0, &w, [&w, lesson] {
            if (lesson >= 0)
                w.lessonRunner()->runLesson(lesson);
            else
                w.run();
        });
    return std::nullopt;
}

} // namespace

int main(int argc, char** argv)
{
    // What crashed runs of this user left: segments and private temporary folders.
    loaderscope::sweepStaleSegments();
    loaderscope::sweepStaleTempDirs();
    if (given(argc, argv, {"--help", "-h", "--version", "-v", "--help-all"}))
        return helpOrVersion(argc, argv);
    if (given(argc, argv, {"--check-questions"}))
        return checkQuestions(argc, argv);
    // A headless export needs no display: pick the offscreen platform before QApplication exists
    // (it connects to the display in its constructor), unless the user chose a platform.
    const bool exporting = given(argc, argv, {"--export"});
    if (exporting && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!exporting && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return noDisplay(argc, argv);
    QApplication app(argc, argv);
    setIdentity();
    // The installed desktop entry and icon share the AppStream id (packaging/).
    QGuiApplication::setDesktopFileName(QStringLiteral(LOADERSCOPE_APP_ID));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/loaderscope.svg")));
    QCommandLineParser args;
    addOptions(args);
    args.process(app);
    if (const auto refused = refuseUnknownChoices(args))
        return *refused;

    Translator translator;
    const QString lang = args.isSet(QStringLiteral("lang")) ? args.value(QStringLiteral("lang"))
                                                            : AppSettings::language();
    translator.setLanguage(lang); // empty: follow the system locale (first start)

    if (args.isSet(QStringLiteral("export")))
        return headlessExport(args);

    if (args.isSet(QStringLiteral("preset")) && Presets::json(args.value(QStringLiteral("preset"))).isEmpty()) {
        fprintf(stderr, "loaderscope: %s\n",
                qPrintable(QCoreApplication::translate("main", "unknown preset %1; the presets are: %2")
                               .arg(args.value(QStringLiteral("preset")), Presets::names().join(QStringLiteral(", ")))));
        return 2;
    }
    AppTheme::captureSystem(); // the desktop's palette, before the app sets its own
    QuitSignals::install(); // kill, a closed terminal: as Quit (settings saved, run stopped)
    MainWindow w(&translator);
    if (args.isSet(QStringLiteral("preset")))
        w.loadPreset(args.value(QStringLiteral("preset")));
    // A configuration named on the command line that cannot be used ends the app with the reason
    // on stderr (no dialog: the command may come from a script).
    QString configError;
    if (args.isSet(QStringLiteral("config")) && !w.files()->openConfig(args.value(QStringLiteral("config")), &configError)) {
        fprintf(stderr, "loaderscope: %s\n", qPrintable(configError));
        return 1;
    }
    w.show();
    if (const auto exitCode = startWith(w, args))
        return *exitCode;
    return app.exec();
}
