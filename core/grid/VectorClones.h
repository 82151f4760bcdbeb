#pragma once

// The hot row loops are compiled three times, for AVX-512, AVX2 and any x86-64, and the loader
// picks one at run time: a portable binary that still uses the wide vectors. Floating-point
// contraction is off (-ffp-contract=off, see core/CMakeLists.txt), so all versions give bitwise
// the same results.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define RB_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define RB_VECTOR_CLONES
#endif
