// The system zlib, for TFLiteFormat's reading of the zip of associated files in TFLite metadata:
// raw DEFLATE (zip method 8) and CRC-32. `inflateInit2` is a macro Swift cannot call, and zlib
// counts bytes in 32-bit `uInt`s, so these wrappers take whole buffers and feed zlib in pieces.
#ifndef CTENSORBRIDGEZLIB_H
#define CTENSORBRIDGEZLIB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcomes of tbz_inflate_raw.
enum {
  /// The final block ended; `*produced` bytes were written.
  TBZ_INFLATE_END = 0,
  /// The input ran out before the final block ended.
  TBZ_INFLATE_TRUNCATED = 1,
  /// The output buffer filled before the final block ended.
  TBZ_INFLATE_OUTPUT_FULL = 2,
  /// zlib found the stream invalid; `*message` says why.
  TBZ_INFLATE_INVALID = 3,
  /// zlib could not allocate its state.
  TBZ_INFLATE_NO_MEMORY = 4,
};

/// Decodes the raw DEFLATE stream `input` (no zlib or gzip header) into `output`, never writing
/// past `output_capacity` bytes. Bytes after the final block are not read.
/// `*produced` and `*consumed` receive the bytes written and read; `*message` a static string
/// from zlib when the outcome is TBZ_INFLATE_INVALID, else NULL.
int tbz_inflate_raw(const uint8_t *input, size_t input_size, uint8_t *output, size_t output_capacity,
                    size_t *produced, size_t *consumed, const char **message);

/// The CRC-32 (zip's) of `bytes`, continuing from `crc` (0 to start).
uint32_t tbz_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
