// SPDX-License-Identifier: MIT
// Read-only mappings of a segment another process owns (the app's live view, watch, the probe's
// viewers). The owner, a careless tool or a hostile user of the same uid can shrink the file under
// the mapping; a read past the new end then raises SIGBUS and kills the reader (seen: the app,
// exit 135, with the segment truncated and restored in a loop). Checking the size before each read
// cannot close that window. So such mappings are registered here: a SIGBUS inside one replaces the
// pages from the fault to the mapping's end by zeroed private pages (the read then sees zeros,
// which every ring reads as empty) and marks the mapping truncated; its owner stops reading at
// its next check. A SIGBUS anywhere else goes on to the handler that was there before.
#pragma once

#include <cstddef>

namespace loaderscope::read_guard {

/// Registers [base, base + bytes) (page-aligned, from mmap). Returns its slot, or -1 when all
/// slots are taken (the mapping is then unguarded, as before). Installs the handler once.
int add(const void* base, size_t bytes);
/// Before munmap: forgets the slot.
void remove(int slot);
/// True once a read in the slot's mapping hit a truncated page.
bool hit(int slot);

} // namespace loaderscope::read_guard
