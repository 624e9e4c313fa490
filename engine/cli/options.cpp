// SPDX-License-Identifier: MIT
// What the commands of loaderscope-engine share: usage errors, where a configuration comes from
// (--config FILE or --preset NAME), and the top-level help built from every command's options.
#include "commands.h"

#include "loaderscope/config/config.h"
#include "loaderscope/loader/worker_pool.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace loaderscope::cli {

namespace {

/// The data folder (presets, lessons): the engine's own folder + LOADERSCOPE_DATA_FROM_BIN, the
/// relative path CMake computed from the install folders; the app finds its data by the same
/// rule (gui/common/model/datadir.h), so build/engine and build/gui both reach build/share/loaderscope.
std::filesystem::path dataDir()
{
    const std::filesystem::path exe = selfExecutable();
    return (exe.parent_path() / LOADERSCOPE_DATA_FROM_BIN).lexically_normal();
}

/// The preset names there are (file base names of presets/*.json), sorted; empty when none.
std::vector<std::string> presetNames()
{
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dataDir() / "presets", ec))
        if (e.path().extension() == ".json" && e.is_regular_file(ec))
            names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

/// `text` cut into lines of at most `width` columns, the first after `indent`, the others after
/// `more`.
std::string wrapped(const std::string& text, size_t width, const std::string& indent, const std::string& more)
{
    std::istringstream words(text);
    std::string word, line, out;
    while (words >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += (out.empty() ? indent : more) + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return line.empty() ? out : out + (out.empty() ? indent : more) + line + "\n";
}

/// "--trace FILE ...": one option with its value.
std::string optionUsage(const CLI::Option* o)
{
    std::string one = o->get_name();
    if (o->get_type_size() > 0)
        one += " " + o->get_type_name();
    return o->get_expected_max() > 1 ? one + " ..." : one;
}

/// "--config FILE | --preset NAME --vary KNOB=V1,V2 ... --out FILE": a command's options as
/// declared, an option group ("one of") first; what may be left out in brackets.
std::string synopsis(const CLI::App* command)
{
    std::string s;
    for (const CLI::App* group : command->get_subcommands([](const CLI::App* c) { return c->get_name().empty(); })) {
        std::string one;
        for (const CLI::Option* o : group->get_options())
            if (o != group->get_help_ptr())
                one += (one.empty() ? "" : " | ") + optionUsage(o);
        s += " " + (group->get_require_option_min() > 0 ? one : "[" + one + "]");
    }
    for (const CLI::Option* o : command->get_options()) {
        if (o == command->get_help_ptr() || o->get_group().empty())
            continue;
        s += " " + (o->get_required() ? optionUsage(o) : "[" + optionUsage(o) + "]");
    }
    return s;
}

/// The top-level --help: a synopsis and a description per command (hidden ones left out); each
/// command's own --help is CLI11's, listing its options.
class HelpFormatter : public CLI::Formatter
{
public:
    std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override
    {
        if (app->get_parent() != nullptr)
            return CLI::Formatter::make_help(app, std::move(name), mode);
        std::string out = app->get_description() + "\n\nUsage:\n";
        for (const CLI::App* c : app->get_subcommands([](const CLI::App*) { return true; })) {
            if (c->get_group().empty())
                continue;
            out += wrapped("loaderscope-engine " + c->get_name() + synopsis(c), 94, "  ", "    ");
            out += wrapped(c->get_description(), 90, "      ", "      ");
        }
        out += "  loaderscope-engine --help | --version\n  loaderscope-engine COMMAND --help\n      The options of COMMAND.\n\n";
        return out + app->get_footer() + "\n";
    }
    /// An option group (--config | --preset): its heading, and its options as the command's own
    /// are listed (CLI11 nests them under an "[Option Group: ...]" block).
    std::string make_expanded(const CLI::App* sub) const override
    {
        if (!sub->get_name().empty())
            return CLI::Formatter::make_expanded(sub);
        std::string out = "\n" + sub->get_group() + ", " + sub->get_description() + ":\n";
        for (const CLI::Option* o : sub->get_options())
            if (o != sub->get_help_ptr())
                out += make_option(o, false);
        return out;
    }
    /// A command's description, cut into lines (CLI11 prints it as one).
    std::string make_description(const CLI::App* app) const override
    {
        return wrapped(app->get_description(), 96, "", "") + "\n";
    }
};

} // namespace

int usageError(const std::string& command, const std::string& message)
{
    std::cerr << "loaderscope-engine: " << message << "\nTry 'loaderscope-engine " << (command.empty() ? "" : command + " ")
              << "--help'.\n";
    return kExitUsage;
}

void addConfigSource(CLI::App* command, ConfigSource& source, bool needed)
{
    CLI::Option_group* group = command->add_option_group(
        "Configuration", needed ? "one of" : "at most one of (without either: the built-in default)");
    group->add_option("--config", source.file, "The configuration file (JSON, docs/config.md section 1).")->type_name("FILE");
    group->add_option("--preset", source.preset, "A preset the app shows, by name (e.g. num_workers_4): "
                                                 "PREFIX/share/loaderscope/presets/NAME.json.")
        ->type_name("NAME");
    if (needed)
        group->require_option(1);
    else
        group->require_option(0, 1);
}

std::string configText(const ConfigSource& source)
{
    if (!source.file.empty())
        return loadConfigText(source.file);
    if (source.preset.empty())
        return defaultConfigJson();
    // A name is a file base name, never a path (as the app's Presets::json takes it).
    const std::vector<std::string> names = presetNames();
    if (std::find(names.begin(), names.end(), source.preset) == names.end()) {
        std::string list;
        for (const std::string& n : names)
            list += (list.empty() ? "" : ", ") + n;
        throw ConfigError("", "unknown preset " + source.preset + "; the presets are: " +
                          (list.empty() ? "(none in " + (dataDir() / "presets").string() + ")" : list));
    }
    return loadConfigText((dataDir() / "presets" / (source.preset + ".json")).string());
}

std::shared_ptr<CLI::Formatter> helpFormatter()
{
    return std::make_shared<HelpFormatter>();
}

} // namespace loaderscope::cli
