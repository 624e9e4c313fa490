// SPDX-License-Identifier: MIT
// Advice in words: which catalogue sentence an advice (and its proof) reads as, filled with its
// figures as the engine's English writes them. The rules that make the advice: advice.cpp; the
// app's translations of the same sentences: gui/common/model/summarytext.cpp.
#include "loaderscope/analysis/advice.h"
#include "loaderscope/results/figure_text.h"

#include "loaderscope/base/bytes.h"
#include "loaderscope/base/sentences.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace loaderscope {

namespace {

namespace id = advice_id;

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

/// An argument of a catalogue sentence as the engine's English writes it (the app: summarytext.cpp).
std::string argText(ArgKind kind, double v)
{
    switch (kind) {
    case ArgKind::Share: return percentText(v);
    case ArgKind::Millis: return fixed(v, v < 10 ? 2 : 0);
    case ArgKind::Count: return std::to_string(std::llround(v));
    case ArgKind::Decimal1: return fixed(v, 1);
    case ArgKind::Bytes: return formatBytes(uint64_t(std::max(0.0, v)));
    case ArgKind::SignedShare: {
        const long whole = std::lround(v * 100);
        return (whole >= 0 ? "+" : "−") + percentText(double(std::labs(whole)) / 100.0);
    }
    case ArgKind::Flag:
    case ArgKind::Text: break;
    }
    return {};
}

/// "4: 4441 (4400–4500)": a value's median samples/s and, when repeated, its range.
std::string measuredText(const KnobValue& value, const Spread& s)
{
    std::string t = value.json() + ": " + std::to_string(int(std::lround(s.median)));
    if (s.runs >= 2)
        t += " (" + std::to_string(int(std::lround(s.min))) + "–" + std::to_string(int(std::lround(s.max))) + ")";
    return t;
}

} // namespace

std::vector<std::string> adviceSentenceKeys(const Advice& a)
{
    // Which variant of the id's sentence: chosen from what the rule put in the evidence and knob.
    auto e = [&a](const char* key, double fallback = 0) { return a.evidenceValue(key, fallback); };
    std::string key = a.id;
    if (a.id == id::kRaiseNumWorkers && e("cores") > 0 && e("suggest") > e("cores"))
        key += "/beyond_cores";
    else if (a.id == id::kCpuBound && e("contended") > 0)
        key += "/contended";
    else if (a.id == id::kCpuBound && e("with_loop") > 0)
        key += "/with_loop";
    else if (a.id == id::kTrainingBound && e("startup_share") >= 0.01)
        key += "/after_startup";
    else if (a.id == id::kPinThreadBound && a.knob.empty())
        key += "/watched";
    else if (a.id == id::kPinMemory && e("non_blocking", 1) <= 0)
        key += "/blocking";
    else if (a.id == id::kSlowSamples && e("slowest_sample") < 0)
        key += "/no_index"; // an iterable dataset's sample: named by its worker and batch
    else if (a.id == id::kCopyOnRead && !a.knob.empty())
        key += "/layout";
    else if (a.id == id::kShmSlots)
        key += std::string(e("against_dev_shm") > 0 ? "/dev_shm" : "/limit") +
               (a.knob == "loader.prefetch_factor" ? "/prefetch" : "/workers");
    std::vector<std::string> keys{key};
    for (const auto& [name, value] : a.evidence)
        if (name == "events_lost")
            keys.emplace_back(kIncompleteDataKey);
    return keys;
}

std::string adviceText(const Advice& a)
{
    std::string text;
    for (const std::string& key : adviceSentenceKeys(a)) {
        const Sentence* sentence = findSentence(key);
        if (!sentence)
            return a.text; // an id the catalogue does not know (a newer engine's): its own English
        const std::string part = fillSentence(sentence->text, [&a](std::string_view name) {
            const SentenceArg* arg = findSentenceArg(name);
            return arg ? argText(arg->kind, a.evidenceValue(std::string(name))) : std::string(name);
        });
        text += (text.empty() ? "" : " ") + part;
    }
    return text;
}

std::vector<const char*> proofSentenceKeys(const AdviceProof& p)
{
    if (p.outcome.empty() || p.outcome == proof::kNotMeasured)
        return {proof::kNotMeasured};
    std::vector<const char*> keys = {proof::kMeasured};
    if (const Sentence* outcome = findSentence(p.outcome))
        keys.push_back(outcome->key.data());
    if (p.faster_still && p.measured.size() > 2)
        keys.push_back(proof::kFasterStill);
    return keys;
}

std::string proofText(const Advice& a)
{
    if (!a.proof)
        return {};
    const AdviceProof& p = *a.proof;
    auto text = [&](std::string_view name) -> std::string {
        if (name == "knob")
            return a.knob.substr(a.knob.find('.') + 1);
        if (name == "value")
            return a.suggest.json();
        if (name == "values") {
            std::string list;
            for (size_t i = 0; i < p.measured.size(); ++i)
                list += (list.empty() ? "" : ", ") + measuredText(p.measured[i].first, p.spread(i));
            return list;
        }
        if (name == "faster_value")
            return p.measured.size() > 2 ? p.measured[2].first.json() : std::string();
        if (name == "runs")
            return std::to_string(p.spread(0).runs);
        return argText(ArgKind::SignedShare, p.gain); // "gain"
    };
    std::string out;
    for (const char* key : proofSentenceKeys(p))
        out += (out.empty() ? "" : " ") + fillSentence(findSentence(key)->text, text);
    return out;
}

std::string catalogueSentence(std::string_view key, const std::vector<std::pair<std::string, double>>& args)
{
    const Sentence* sentence = findSentence(key);
    if (!sentence)
        throw std::logic_error("no sentence " + std::string(key) + " in the catalogue");
    return fillSentence(sentence->text, [&](std::string_view name) {
        const SentenceArg* arg = findSentenceArg(name);
        const auto it = std::find_if(args.begin(), args.end(), [name](const auto& a) { return a.first == name; });
        if (!arg || it == args.end())
            throw std::logic_error("sentence " + std::string(key) + ": no value for {" + std::string(name) + "}");
        return argText(arg->kind, it->second);
    });
}

} // namespace loaderscope
