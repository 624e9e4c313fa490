// SPDX-License-Identifier: MIT
// What the commands of loaderscope-engine share: usage errors, where a configuration comes from
// (--config FILE or --preset NAME), and the top-level help built from every command's options.
#include "commands.h"

#include "loaderscope/config.h"
#include "loaderscope/worker_pool.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

namespace loaderscope::cli {

namespace {

/// The data folder (presets, lessons): the engine's own folder + LOADERSCOPE_DATA_FROM_BIN, the
/// relative path CMake computed from the install folders; the app finds its data by the same
/// rule (gui/core/datadir.h), so build/engine and build/gui both reach build/share/loaderscope.
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

/// "[--config FILE | --preset NAME] --vary KNOB=V1,V2 ... --out FILE": a command's options as
/// declared; options that exclude each other share one pair of brackets.
std::string synopsis(const CLI::App* command)
{
    std::string s;
    std::set<const CLI::Option*> shown;
    for (const CLI::Option* o : command->get_options()) {
        if (o == command->get_help_ptr() || o->get_group().empty() || shown.count(o))
            continue;
        std::string one = optionUsage(o);
        for (const CLI::Option* other : o->get_excludes()) {
            one += " | " + optionUsage(other);
            shown.insert(other);
        }
        s += " " + (o->get_required() ? one : "[" + one + "]");
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

void addConfigSource(CLI::App* command, ConfigSource& source)
{
    CLI::Option* file = command->add_option("--config", source.file, "The configuration file (JSON, docs/config.md section 1).")
                            ->type_name("FILE");
    command->add_option("--preset", source.preset, "A preset the app shows, by name (e.g. num_workers_4): PREFIX/share/loaderscope/presets/NAME.json.")
        ->type_name("NAME")
        ->excludes(file);
}

bool named(const ConfigSource& source)
{
    return !source.file.empty() || !source.preset.empty();
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
