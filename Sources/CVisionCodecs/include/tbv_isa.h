#ifndef TBV_ISA_H
#define TBV_ISA_H

#ifdef __cplusplus
extern "C" {
#endif

/// The widest vector instructions the box reducer (`tbv_box_reduce`) and the row normalizer
/// (`tbv_normalize_row`) use on this CPU, both being compiled for the same three levels and
/// chosen at run time: "avx2", "sse4.1", "sse2" (x86-64 baseline) or "baseline" (other
/// architectures, e.g. NEON on arm64, through the compiler).
const char *tbv_simd_isa(void);

#ifdef __cplusplus
}
#endif

#endif
