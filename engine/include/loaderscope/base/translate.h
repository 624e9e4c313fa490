// SPDX-License-Identifier: MIT
// The engine has no Qt, yet some of its texts are shown by the app in the user's language: the
// catalogue of sentences (sentences.cpp) and the timeline's labels of event kinds (events.cpp).
// They are marked with LS_TRANSLATE_NOOP, which is the English text itself here; Qt's lupdate
// reads it as QT_TRANSLATE_NOOP(context, text) (gui/CMakeLists.txt passes the alias), and the app
// translates the same English by that context. One macro for every such text.
#pragma once

#define LS_TRANSLATE_NOOP(context, text) text
