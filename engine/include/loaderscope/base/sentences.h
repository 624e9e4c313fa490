// SPDX-License-Identifier: MIT
// The catalogue of sentences: every advice and verdict text once, in English, each keyed by a
// stable id and with named arguments ("{data_stall_fraction}"). The engine and the probe write
// them in English (advice.cpp's adviceText); the app translates the same entries by key
// (gui/common/model/summarytext.cpp). Plain C++: lupdate reads LOADERSCOPE_SENTENCE as QT_TRANSLATE_NOOP
// (the alias is given in gui/CMakeLists.txt), so the app's .ts files hold these entries.
#pragma once

#include "loaderscope/base/translate.h"

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>


namespace loaderscope {

/// The translation context of every catalogue entry (the app passes it to QCoreApplication::translate).
inline constexpr const char* kSentenceContext = "Sentences";

/// How an argument is written, from the unit of its evidence value.
enum class ArgKind
{
    Share,    ///< a fraction 0..1, written as a whole percent ("22%")
    Millis,   ///< milliseconds, two decimals below 10 ms, none above
    Count,    ///< a whole number (workers, samples/s, epochs)
    Decimal1, ///< a number with one decimal (cores used, batches ready)
    Bytes,    ///< a size in bytes ("1.5 GiB")
    Flag,     ///< 1 or 0: chooses a sentence, never written
    SignedShare, ///< a change as a signed whole percent ("+55%", "−3%")
    Text,     ///< written by the sentence's writer in its own language (a knob, measured values)
};

/// One named argument: an evidence key of the advice, and how its value is written.
struct SentenceArg
{
    std::string_view name;
    ArgKind kind;
};

/// One entry: a stable key (an advice id, "id/variant", or a verdict) and its English text.
struct Sentence
{
    std::string_view key;
    const char* text;
};

/// The verdicts (the summary's "verdict" value is the key; never rename one).
namespace verdict {
inline constexpr const char* kNotInputBound = "not input-bound";
inline constexpr const char* kModeratelyInputBound = "moderately input-bound";
inline constexpr const char* kHighlyInputBound = "highly input-bound";
inline constexpr const char* kNoBatches = "no batches delivered";
inline constexpr const char* kNoSteps = "no steps found"; ///< summaries of older versions
// imported profiler traces (trace_analysis.cpp)
inline constexpr const char* kNoLoaderSpans = "no loader spans found";
inline constexpr const char* kLoaderWaitNotMeasured = "loader wait not measured";
inline constexpr const char* kUnreliableTrace = "unreliable trace";
} // namespace verdict

/// The sentences of a measured proof ("Prove it", `advise --prove`): the outcome keys are the
/// summary's proof "outcome" value (never rename one).
namespace proof {
inline constexpr const char* kMeasured = "proof/measured";
inline constexpr const char* kConfirmed = "proof/confirmed";
inline constexpr const char* kWithinSpread = "proof/within_spread";
inline constexpr const char* kNotConfirmed = "proof/not_confirmed";
inline constexpr const char* kSameThroughput = "proof/same_throughput";
inline constexpr const char* kSlower = "proof/slower";
inline constexpr const char* kFasterStill = "proof/faster_still";
inline constexpr const char* kNotMeasured = "proof/not_measured";
} // namespace proof

/// The suffix every advice of a run with lost events gets (its argument: events_lost).
inline constexpr const char* kIncompleteDataKey = "incomplete_data";

/** The entry for a key, or null. */
const Sentence* findSentence(std::string_view key);
/** Every entry, in catalogue order. */
std::span<const Sentence> allSentences();

/** The argument of that name (an evidence key), or null for a name the catalogue does not know. */
const SentenceArg* findSentenceArg(std::string_view name);
/** Every named argument. */
std::span<const SentenceArg> allSentenceArgs();

/** The names of the "{name}" placeholders of a text, in order, repeats included. */
std::vector<std::string> sentenceArgNames(std::string_view text);

/**
 * `text` with each "{name}" replaced by value(name); a text translated by the app keeps the
 * placeholders, so the same filler serves both languages (UTF-8 in, UTF-8 out).
 */
std::string fillSentence(std::string_view text, const std::function<std::string(std::string_view name)>& value);

} // namespace loaderscope
