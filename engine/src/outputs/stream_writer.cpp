// SPDX-License-Identifier: MIT
#include "loaderscope/outputs/stream_writer.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <unistd.h>
#ifndef LOADERSCOPE_NO_ZSTD
#include <zstd.h>
#endif

namespace loaderscope {

namespace {

#ifdef LOADERSCOPE_NO_ZSTD
constexpr int kFlush = 1, kEnd = 2;
#else
constexpr int kFlush = ZSTD_e_flush, kEnd = ZSTD_e_end;
#endif

uint64_t ns(clockid_t id)
{
    timespec ts;
    clock_gettime(id, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ULL + uint64_t(ts.tv_nsec);
}

std::string oneLine(std::string s)
{
    for (char& c : s)
        if (c == '\n' || c == '\r')
            c = ' ';
    return s;
}

} // namespace

ClockPair readClockPair(int64_t clockOffsetNs)
{
    ClockPair best;
    best.pair_ns = UINT64_MAX;
    for (int i = 0; i < 3; ++i) {
        const uint64_t a = ns(CLOCK_MONOTONIC);
        const uint64_t r = ns(CLOCK_REALTIME);
        const uint64_t b = ns(CLOCK_MONOTONIC);
        if (b - a < best.pair_ns) {
            best.monotonic_ns = a + (b - a) / 2 + uint64_t(clockOffsetNs);
            best.realtime_ns = int64_t(r) + clockOffsetNs;
            best.pair_ns = b - a;
        }
    }
    return best;
}

std::vector<uint8_t> encodeStreamStart(RecordingHeader header, const StreamInfoRecord& info,
                                       const std::vector<std::pair<std::string, std::string>>& fields)
{
    std::memcpy(header.magic, kRecordingMagicV3, sizeof header.magic);
    header.header_bytes = sizeof(RecordingHeader);
    header.events = 0;
    header.complete = 0; // a stream cannot go back to its start: its end record counts the events
    std::vector<uint8_t> out(sizeof header);
    std::memcpy(out.data(), &header, sizeof header);
    std::vector<uint8_t> payload(sizeof info);
    std::memcpy(payload.data(), &info, sizeof info);
    for (const auto& [k, v] : fields) {
        std::string key = oneLine(k);
        std::replace(key.begin(), key.end(), '=', '_');
        const std::string line = key + "=" + oneLine(v) + "\n";
        payload.insert(payload.end(), line.begin(), line.end());
    }
    encodeRecordFrame(kFrameStreamInfo, info.monotonic_ns, payload.data(), payload.size(), out);
    return out;
}

StreamSink::StreamSink(int fd, int zstdLevel) : m_fd(fd)
{
    if (zstdLevel != 0) {
#ifdef LOADERSCOPE_NO_ZSTD
        // The probe built from its source package where zstd's headers were missing.
        throw std::runtime_error("this build has no zstd: stream without --zstd, or install zstd's headers "
                                 "(libzstd-dev) and reinstall loaderscope");
#else
        ZSTD_CCtx* c = ZSTD_createCCtx();
        if (!c)
            throw std::runtime_error("zstd: out of memory");
        ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, zstdLevel);
        ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
        m_cctx = c;
        m_zbuf.resize(ZSTD_CStreamOutSize());
#endif
    }
}

StreamSink::~StreamSink()
{
#ifndef LOADERSCOPE_NO_ZSTD
    if (m_cctx)
        ZSTD_freeCCtx(static_cast<ZSTD_CCtx*>(m_cctx));
#endif
}

StreamSink::Status StreamSink::writeRaw(const uint8_t* data, size_t bytes)
{
    while (bytes > 0) {
        const ssize_t w = ::write(m_fd, data, bytes);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0) {
            if (errno == EPIPE || errno == ECONNRESET)
                return Status::ConsumerGone;
            m_error = std::strerror(errno);
            return Status::Error;
        }
        data += w;
        bytes -= size_t(w);
        m_out += uint64_t(w);
    }
    return Status::Ok;
}

StreamSink::Status StreamSink::compress(const uint8_t* data, size_t bytes, int mode)
{
#ifdef LOADERSCOPE_NO_ZSTD
    (void)data;
    (void)bytes;
    (void)mode;
    return Status::Error; // never reached: no compressing sink is made
#else
    auto* c = static_cast<ZSTD_CCtx*>(m_cctx);
    ZSTD_inBuffer in{data, bytes, 0};
    for (;;) {
        ZSTD_outBuffer out{m_zbuf.data(), m_zbuf.size(), 0};
        const size_t left = ZSTD_compressStream2(c, &out, &in, ZSTD_EndDirective(mode));
        if (ZSTD_isError(left)) {
            m_error = std::string("zstd: ") + ZSTD_getErrorName(left);
            return Status::Error;
        }
        if (out.pos > 0)
            if (const Status s = writeRaw(m_zbuf.data(), out.pos); s != Status::Ok)
                return s;
        if (left == 0 && in.pos == in.size)
            return Status::Ok;
    }
#endif
}

StreamSink::Status StreamSink::write(const uint8_t* data, size_t bytes)
{
    m_in += bytes;
    if (!m_cctx)
        return writeRaw(data, bytes);
    m_frameOpen = true;
    return compress(data, bytes, kFlush);
}

StreamSink::Status StreamSink::endFrame()
{
    if (!m_cctx || !m_frameOpen)
        return Status::Ok;
    m_frameOpen = false;
    return compress(nullptr, 0, kEnd);
}

} // namespace loaderscope
