#include "include/tbv_isa.h"

const char *tbv_simd_isa(void) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
  if (__builtin_cpu_supports("avx2")) return "avx2";
  if (__builtin_cpu_supports("sse4.1")) return "sse4.1";
  return "sse2";
#else
  return "baseline";
#endif
}
