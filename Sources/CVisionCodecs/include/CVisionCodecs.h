// Thin C wrappers around libjpeg-turbo and libpng for TensorBridgeVision.
//
// libjpeg reports fatal errors by calling a function that must not return (the default one
// calls exit()); libpng does the same through longjmp. Swift cannot catch either, so every call
// into the libraries happens here, under setjmp (libjpeg) or through libpng's "simplified" API
// (which runs under libpng's own setjmp), and comes back as a status code plus a message.
#ifndef CVISIONCODECS_H
#define CVISIONCODECS_H

#include <stddef.h>
#include <stdint.h>

#include "tbv_isa.h"
#include "tbv_normalize.h"
#include "tbv_reduce.h"
#include "tbv_resample.h"
#include "tbv_yuv_scale.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes of every tbv_* function.
enum {
  TBV_OK = 0,
  /// The library rejected the data; `message` says why.
  TBV_ERROR_CORRUPT = 1,
  /// The data ended early (libjpeg: "Premature end of JPEG file").
  TBV_ERROR_TRUNCATED = 2,
  /// The caller's buffer does not have the size the image needs.
  TBV_ERROR_BUFFER = 3,
  /// Out of memory or an unsupported feature (e.g. a colour space with no RGB conversion).
  TBV_ERROR_UNSUPPORTED = 4,
};

/// Size of the message buffers the functions fill.
#define TBV_MESSAGE_SIZE 200

/// The header of a JPEG: size after DCT scaling by 1/`scale_denom` (1, 2, 4 or 8) and the
/// number of output channels (1 for grayscale, 3 otherwise).
int tbv_jpeg_header(const uint8_t *data, size_t size, int scale_denom,
                    int *width, int *height, int *channels, char *message);

/// Decodes a JPEG scaled by 1/`scale_denom` into `out` (rows `out_row_bytes` apart) as 8-bit
/// gray (channels 1) or RGB (channels 3), as tbv_jpeg_header reported. Warnings that mean the
/// data is damaged (premature end, bad Huffman code, …) are errors.
int tbv_jpeg_decode(const uint8_t *data, size_t size, int scale_denom, int width, int height,
                    int channels, uint8_t *out, size_t out_row_bytes, char *message);

/// The header of a PNG: size, and whether it has colour and alpha.
int tbv_png_header(const uint8_t *data, size_t size, int *width, int *height, int *has_color,
                   int *has_alpha, char *message);

/// Decodes a PNG into 8-bit channels: 1 (gray), 2 is not used, 3 (RGB) or 4 (RGBA).
int tbv_png_decode(const uint8_t *data, size_t size, int channels, uint8_t *out, size_t out_row_bytes,
                   char *message);

/// Encodes 8-bit pixels (channels 1, 3 or 4; rows `row_bytes` apart) as a PNG. On success
/// `*out` is a malloc'd buffer of `*out_size` bytes the caller frees with tbv_free.
int tbv_png_encode(const uint8_t *pixels, int width, int height, int channels, size_t row_bytes,
                   uint8_t **out, size_t *out_size, char *message);

/// Frees a buffer returned by tbv_png_encode.
void tbv_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
