/* The value walker compiled for AVX-512 CPUs (fastjson_simd.c's FASTJSON_SIMD_AVX512
 * path, which also requires AVX512VL, BMI1 and BMI2 for this file): short keys and values
 * are checked and copied with 256-bit masked loads, the rest is fastjson_walk.h as
 * everywhere. Every function of this file, the headers' inline ones included, is compiled
 * for that target. */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#ifdef FASTJSON_HAVE_AVX512

#if defined(__clang__)
# pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx2,bmi,bmi2,popcnt"))), apply_to = function)
#else
# pragma GCC target("avx512f,avx512bw,avx512vl,avx2,bmi,bmi2,popcnt")
#endif

#include "php.h"
#include <immintrin.h>

#define FASTJSON_WALK_AVX512 1
#define FASTJSON_WALK_ENTRY fastjson_walk_avx512
#include "fastjson_walk.h"

#if defined(__clang__)
# pragma clang attribute pop
#endif

#endif
