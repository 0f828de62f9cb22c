#include "CTensorBridgeZlib.h"

#include <limits.h>
#include <string.h>
#include <zlib.h>

/// The most zlib takes in one `uInt` count.
static const size_t piece = UINT_MAX;

int tbz_inflate_raw(const uint8_t *input, size_t input_size, uint8_t *output, size_t output_capacity,
                    size_t *produced, size_t *consumed, const char **message) {
  *produced = 0;
  *consumed = 0;
  *message = NULL;
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  // Negative window bits: a raw stream, as zip stores it; 15: the largest window DEFLATE uses.
  if (inflateInit2(&stream, -15) != Z_OK) return TBZ_INFLATE_NO_MEMORY;
  size_t in_left = input_size, out_left = output_capacity;
  stream.next_in = (Bytef *)input;
  stream.next_out = output;
  int outcome;
  for (;;) {
    // Refill zlib's 32-bit counts from what is left of the buffers.
    if (stream.avail_in == 0 && in_left > 0) {
      stream.avail_in = (uInt)(in_left < piece ? in_left : piece);
      in_left -= stream.avail_in;
    }
    if (stream.avail_out == 0 && out_left > 0) {
      stream.avail_out = (uInt)(out_left < piece ? out_left : piece);
      out_left -= stream.avail_out;
    }
    int status = inflate(&stream, Z_NO_FLUSH);
    if (status == Z_STREAM_END) {
      outcome = TBZ_INFLATE_END;
      break;
    }
    if (status == Z_DATA_ERROR || status == Z_NEED_DICT) {
      *message = stream.msg != NULL ? stream.msg : "invalid data";
      outcome = TBZ_INFLATE_INVALID;
      break;
    }
    if (status == Z_MEM_ERROR) {
      outcome = TBZ_INFLATE_NO_MEMORY;
      break;
    }
    if (status != Z_OK && status != Z_BUF_ERROR) {
      *message = stream.msg != NULL ? stream.msg : "zlib refused the stream";
      outcome = TBZ_INFLATE_INVALID;
      break;
    }
    // Z_OK or Z_BUF_ERROR: zlib stopped for want of input or of room.
    if (stream.avail_out == 0 && out_left == 0) {
      outcome = TBZ_INFLATE_OUTPUT_FULL;
      break;
    }
    if (stream.avail_in == 0 && in_left == 0) {
      outcome = TBZ_INFLATE_TRUNCATED;
      break;
    }
  }
  *produced = (size_t)(stream.next_out - output);
  *consumed = (size_t)(stream.next_in - input);
  inflateEnd(&stream);
  return outcome;
}

uint32_t tbz_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
  uLong value = crc;
  while (count > 0) {
    uInt length = (uInt)(count < piece ? count : piece);
    value = crc32(value, bytes, length);
    bytes += length;
    count -= length;
  }
  return (uint32_t)value;
}
