#include "CVisionCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

// MARK: JPEG

typedef struct {
  struct jpeg_error_mgr base;
  jmp_buf jump;
  int damaged;     // a warning that means the data is damaged was seen
  int truncated;   // "premature end of JPEG file"
  char *message;
} tbv_jpeg_error;

static void tbv_jpeg_fail(j_common_ptr info) {
  tbv_jpeg_error *error = (tbv_jpeg_error *)info->err;
  if (error->message) (*info->err->format_message)(info, error->message);
  longjmp(error->jump, 1);
}

static void tbv_jpeg_emit(j_common_ptr info, int level) {
  tbv_jpeg_error *error = (tbv_jpeg_error *)info->err;
  if (level >= 0) return;  // trace messages
  int code = info->err->msg_code;
  if (code == JWRN_EXTRANEOUS_DATA || code == JWRN_ADOBE_XFORM || code == JWRN_JFIF_MAJOR) return;
  if (!error->damaged && error->message) (*info->err->format_message)(info, error->message);
  error->damaged = 1;
  if (code == JWRN_JPEG_EOF) error->truncated = 1;
}

static void tbv_jpeg_silence(j_common_ptr info) { (void)info; }

static void tbv_jpeg_setup(struct jpeg_decompress_struct *info, tbv_jpeg_error *error, char *message) {
  memset(error, 0, sizeof(*error));
  error->message = message;
  info->err = jpeg_std_error(&error->base);
  error->base.error_exit = tbv_jpeg_fail;
  error->base.emit_message = tbv_jpeg_emit;
  error->base.output_message = tbv_jpeg_silence;
}

static int tbv_jpeg_prepare(struct jpeg_decompress_struct *info, const uint8_t *data, size_t size,
                            int scale_denom, int *channels) {
  jpeg_create_decompress(info);
  jpeg_mem_src(info, (unsigned char *)data, (unsigned long)size);
  jpeg_read_header(info, TRUE);
  info->scale_num = 1;
  info->scale_denom = (unsigned int)(scale_denom == 2 || scale_denom == 4 || scale_denom == 8 ? scale_denom : 1);
  info->dct_method = JDCT_ISLOW;
  switch (info->jpeg_color_space) {
  case JCS_GRAYSCALE: info->out_color_space = JCS_GRAYSCALE; *channels = 1; break;
  case JCS_CMYK: case JCS_YCCK: info->out_color_space = JCS_CMYK; *channels = 3; break;
  default: info->out_color_space = JCS_RGB; *channels = 3; break;
  }
  jpeg_calc_output_dimensions(info);
  return TBV_OK;
}

int tbv_jpeg_header(const uint8_t *data, size_t size, int scale_denom, int *width, int *height, int *channels,
                    char *message) {
  struct jpeg_decompress_struct info;
  tbv_jpeg_error error;
  if (message) message[0] = 0;
  tbv_jpeg_setup(&info, &error, message);
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return TBV_ERROR_CORRUPT;
  }
  tbv_jpeg_prepare(&info, data, size, scale_denom, channels);
  *width = (int)info.output_width;
  *height = (int)info.output_height;
  int truncated = error.truncated;
  jpeg_destroy_decompress(&info);
  return truncated ? TBV_ERROR_TRUNCATED : TBV_OK;
}

int tbv_jpeg_decode(const uint8_t *data, size_t size, int scale_denom, int width, int height, int channels,
                    uint8_t *out, size_t out_row_bytes, char *message) {
  struct jpeg_decompress_struct info;
  tbv_jpeg_error error;
  unsigned char *volatile cmyk = NULL;
  if (message) message[0] = 0;
  tbv_jpeg_setup(&info, &error, message);
  if (setjmp(error.jump)) {
    free(cmyk);
    jpeg_destroy_decompress(&info);
    return TBV_ERROR_CORRUPT;
  }
  int got_channels = 0;
  tbv_jpeg_prepare(&info, data, size, scale_denom, &got_channels);
  if ((int)info.output_width != width || (int)info.output_height != height || got_channels != channels ||
      out_row_bytes < (size_t)width * (size_t)channels) {
    jpeg_destroy_decompress(&info);
    if (message) snprintf(message, TBV_MESSAGE_SIZE, "the output buffer does not fit the image");
    return TBV_ERROR_BUFFER;
  }
  int is_cmyk = info.out_color_space == JCS_CMYK;
  // Adobe CMYK JPEGs store inverted values (Photoshop's convention, which every reader follows).
  int inverted = info.saw_Adobe_marker;
  if (is_cmyk) {
    cmyk = malloc((size_t)width * 4);
    if (!cmyk) {
      jpeg_destroy_decompress(&info);
      if (message) snprintf(message, TBV_MESSAGE_SIZE, "out of memory");
      return TBV_ERROR_UNSUPPORTED;
    }
  }
  jpeg_start_decompress(&info);
  while (info.output_scanline < info.output_height) {
    uint8_t *row = out + (size_t)info.output_scanline * out_row_bytes;
    if (is_cmyk) {
      JSAMPROW rows[1] = {cmyk};
      if (jpeg_read_scanlines(&info, rows, 1) != 1) break;
      for (int x = 0; x < width; x++) {
        int c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        row[3 * x] = (uint8_t)((c * k + 127) / 255);
        row[3 * x + 1] = (uint8_t)((m * k + 127) / 255);
        row[3 * x + 2] = (uint8_t)((y * k + 127) / 255);
      }
    } else {
      JSAMPROW rows[1] = {row};
      if (jpeg_read_scanlines(&info, rows, 1) != 1) break;
    }
    if (error.truncated) break;
  }
  int status = TBV_OK;
  if (error.truncated || info.output_scanline < info.output_height) {
    status = TBV_ERROR_TRUNCATED;
    if (message && !message[0]) snprintf(message, TBV_MESSAGE_SIZE, "Premature end of JPEG file");
    jpeg_abort_decompress(&info);
  } else {
    jpeg_finish_decompress(&info);
    if (error.truncated) status = TBV_ERROR_TRUNCATED;
    else if (error.damaged) status = TBV_ERROR_CORRUPT;
  }
  free(cmyk);
  jpeg_destroy_decompress(&info);
  return status;
}

// MARK: PNG (libpng's simplified API catches its own longjmp errors)

static int tbv_png_status(png_image *image, char *message) {
  if (message) snprintf(message, TBV_MESSAGE_SIZE, "%s", image->message);
  int truncated = strstr(image->message, "Read Error") != NULL || strstr(image->message, "EOF") != NULL ||
                  strstr(image->message, "end of") != NULL || strstr(image->message, "truncated") != NULL;
  png_image_free(image);
  return truncated ? TBV_ERROR_TRUNCATED : TBV_ERROR_CORRUPT;
}

// Starts reading a PNG in memory into `image`: TBV_OK, or the error (with `message`) when the
// header cannot be read.
static int tbv_png_begin(png_image *image, const uint8_t *data, size_t size, char *message) {
  memset(image, 0, sizeof(*image));
  image->version = PNG_IMAGE_VERSION;
  if (message) message[0] = 0;
  if (!png_image_begin_read_from_memory(image, data, size)) return tbv_png_status(image, message);
  return TBV_OK;
}

int tbv_png_header(const uint8_t *data, size_t size, int *width, int *height, int *has_color, int *has_alpha,
                   char *message) {
  png_image image;
  int status = tbv_png_begin(&image, data, size, message);
  if (status != TBV_OK) return status;
  *width = (int)image.width;
  *height = (int)image.height;
  *has_color = (image.format & PNG_FORMAT_FLAG_COLOR) != 0;
  *has_alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
  png_image_free(&image);
  return TBV_OK;
}

int tbv_png_decode(const uint8_t *data, size_t size, int channels, uint8_t *out, size_t out_row_bytes,
                   char *message) {
  png_image image;
  int status = tbv_png_begin(&image, data, size, message);
  if (status != TBV_OK) return status;
  png_uint_32 file_format = image.format;
  switch (channels) {
  case 1: image.format = PNG_FORMAT_GRAY; break;
  case 3: image.format = PNG_FORMAT_RGB; break;
  case 4: image.format = PNG_FORMAT_RGBA; break;
  default:
    png_image_free(&image);
    if (message) snprintf(message, TBV_MESSAGE_SIZE, "unsupported channel count %d", channels);
    return TBV_ERROR_BUFFER;
  }
  if (out_row_bytes < (size_t)image.width * (size_t)channels || out_row_bytes > 0x7fffffff) {
    png_image_free(&image);
    if (message) snprintf(message, TBV_MESSAGE_SIZE, "the output buffer does not fit the image");
    return TBV_ERROR_BUFFER;
  }
  if (file_format & PNG_FORMAT_FLAG_LINEAR) {
    // 16-bit files: the simplified API would treat them as linear light and gamma-encode them
    // on the way to 8 bits. Read the 16-bit values as they are and keep the top 8 bits
    // (rounded); linear output with alpha is premultiplied, so undo that first.
    png_uint_32 format = (png_uint_32)(channels >= 3 ? PNG_FORMAT_FLAG_COLOR : 0) |
                         (png_uint_32)(channels == 4 || channels == 2 ? PNG_FORMAT_FLAG_ALPHA : 0) | PNG_FORMAT_FLAG_LINEAR;
    image.format = format;
    size_t count = (size_t)image.width * (size_t)image.height * (size_t)channels;
    uint16_t *wide = malloc(count * sizeof(uint16_t));
    if (!wide) {
      png_image_free(&image);
      if (message) snprintf(message, TBV_MESSAGE_SIZE, "out of memory");
      return TBV_ERROR_UNSUPPORTED;
    }
    if (!png_image_finish_read(&image, NULL, wide, 0, NULL)) {
      free(wide);
      return tbv_png_status(&image, message);
    }
    for (png_uint_32 y = 0; y < image.height; y++) {
      const uint16_t *in = wide + (size_t)y * image.width * (size_t)channels;
      uint8_t *row = out + (size_t)y * out_row_bytes;
      for (png_uint_32 x = 0; x < image.width; x++) {
        const uint16_t *p = in + (size_t)x * (size_t)channels;
        unsigned alpha = channels == 4 ? p[3] : 65535;
        for (int c = 0; c < channels; c++) {
          unsigned value = p[c];
          if (channels == 4 && c < 3) value = alpha ? (unsigned)(((uint64_t)value * 65535 + alpha / 2) / alpha) : 0;
          if (value > 65535) value = 65535;
          row[(size_t)x * (size_t)channels + (size_t)c] = (uint8_t)((value + 128) / 257);
        }
      }
    }
    free(wide);
    png_image_free(&image);
    return TBV_OK;
  }
  if (!png_image_finish_read(&image, NULL, out, (png_int_32)out_row_bytes, NULL)) return tbv_png_status(&image, message);
  png_image_free(&image);
  return TBV_OK;
}

int tbv_png_encode(const uint8_t *pixels, int width, int height, int channels, size_t row_bytes, uint8_t **out,
                   size_t *out_size, char *message) {
  png_image image;
  memset(&image, 0, sizeof(image));
  image.version = PNG_IMAGE_VERSION;
  image.width = (png_uint_32)width;
  image.height = (png_uint_32)height;
  if (message) message[0] = 0;
  switch (channels) {
  case 1: image.format = PNG_FORMAT_GRAY; break;
  case 3: image.format = PNG_FORMAT_RGB; break;
  case 4: image.format = PNG_FORMAT_RGBA; break;
  default:
    if (message) snprintf(message, TBV_MESSAGE_SIZE, "unsupported channel count %d", channels);
    return TBV_ERROR_BUFFER;
  }
  if (row_bytes > 0x7fffffff) return TBV_ERROR_BUFFER;
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&image, NULL, &size, 0, pixels, (png_int_32)row_bytes, NULL)) {
    return tbv_png_status(&image, message);
  }
  uint8_t *buffer = malloc(size);
  if (!buffer) {
    if (message) snprintf(message, TBV_MESSAGE_SIZE, "out of memory");
    return TBV_ERROR_UNSUPPORTED;
  }
  if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, (png_int_32)row_bytes, NULL)) {
    free(buffer);
    return tbv_png_status(&image, message);
  }
  *out = buffer;
  *out_size = size;
  return TBV_OK;
}

void tbv_free(void *pointer) { free(pointer); }
