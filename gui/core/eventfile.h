// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class TraceModel;

/**
 * Loads an engine events file (loaderscope-engine run --events) into the model, replacing what it
 * held. The file is untrusted input: header, record size and length are checked. False + `error`.
 */
bool loadEventsFile(const QString& path, TraceModel& model, QString* error);
