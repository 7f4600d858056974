dnl fastjson: a faster, byte-identical replacement for ext/json.

PHP_ARG_ENABLE([fastjson],
  [whether to enable fastjson],
  [AS_HELP_STRING([--enable-fastjson], [Enable fastjson support])],
  [no])

PHP_ARG_ENABLE([fastjson-dev],
  [whether to build fastjson with strict warnings as errors],
  [AS_HELP_STRING([--enable-fastjson-dev], [Developer build: -Wall -Wextra -Werror])],
  [no],
  [no])

if test "$PHP_FASTJSON" != "no"; then
  AC_DEFINE([HAVE_FASTJSON], [1], [Whether fastjson is enabled])

  dnl SSE2 is the x86-64 baseline; the probe also rejects compilers without the intrinsics header.
  AC_CACHE_CHECK([for SSE2 intrinsics], [fastjson_cv_sse2], [
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <emmintrin.h>]],
      [[#ifndef __SSE2__
        #error no sse2
        #endif
        __m128i v = _mm_set1_epi8(1); return _mm_movemask_epi8(v);]])],
      [fastjson_cv_sse2=yes], [fastjson_cv_sse2=no])])
  if test "$fastjson_cv_sse2" = "yes"; then
    AC_DEFINE([FASTJSON_HAVE_SSE2], [1], [SSE2 intrinsics are available])
  fi

  dnl AVX2 kernels are compiled with a target attribute and chosen at run time.
  AC_CACHE_CHECK([for AVX2 and PCLMUL intrinsics with the target attribute], [fastjson_cv_avx2], [
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <immintrin.h>
      __attribute__((target("avx2,pclmul"))) static int probe(const char *p) {
        __m256i v = _mm256_loadu_si256((const __m256i *)p);
        __m128i x = _mm_clmulepi64_si128(_mm256_castsi256_si128(v), _mm_set1_epi8(-1), 0);
        return _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'))) + _mm_cvtsi128_si32(x);
      }]], [[char b[32] = {0}; return probe(b);]])],
      [fastjson_cv_avx2=yes], [fastjson_cv_avx2=no])])
  if test "$fastjson_cv_avx2" = "yes"; then
    AC_DEFINE([FASTJSON_HAVE_AVX2], [1], [AVX2 intrinsics can be compiled with a target attribute])
  fi

  dnl The structural stage's AVX-512 kernel, also chosen at run time.
  dnl VL: the encoder's AVX-512 walk (encoder/fastjson_walk_avx512.c) uses 256-bit masked loads.
  AC_CACHE_CHECK([for AVX-512 (F, BW, VL, VBMI, VBMI2) intrinsics with the target attribute], [fastjson_cv_avx512], [
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <immintrin.h>
      __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2"))) static unsigned long long probe(const char *p) {
        __m512i v = _mm512_loadu_si512((const void *)p);
        __m512i c = _mm512_maskz_compress_epi8(_mm512_movepi8_mask(v), _mm512_permutex2var_epi8(v, v, v));
        __m256i h = _mm256_maskz_loadu_epi8(0xffff, (const void *)p);
        return _mm512_cmpeq_epi8_mask(c, _mm512_set1_epi8('"')) | _mm512_movepi8_mask(v)
          | _mm256_cmplt_epi8_mask(h, _mm256_set1_epi8(0x20));
      }]], [[char b[64] = {0}; return (int) probe(b);]])],
      [fastjson_cv_avx512=yes], [fastjson_cv_avx512=no])])
  if test "$fastjson_cv_avx512" = "yes" && test "$fastjson_cv_avx2" = "yes"; then
    AC_DEFINE([FASTJSON_HAVE_AVX512], [1], [AVX-512 intrinsics can be compiled with a target attribute])
  fi

  AC_CACHE_CHECK([for NEON intrinsics], [fastjson_cv_neon], [
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <arm_neon.h>]],
      [[uint8x16_t v = vdupq_n_u8(1); return vmaxvq_u8(v);]])],
      [fastjson_cv_neon=yes], [fastjson_cv_neon=no])])
  if test "$fastjson_cv_neon" = "yes"; then
    AC_DEFINE([FASTJSON_HAVE_NEON], [1], [NEON intrinsics are available])
  fi

  FASTJSON_CFLAGS="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1"
  dnl Internal calls between fastjson's files then go direct instead of through the PLT.
  AX_CHECK_COMPILE_FLAG([-fvisibility=hidden], [FASTJSON_CFLAGS="$FASTJSON_CFLAGS -fvisibility=hidden"])
  if test "$PHP_FASTJSON_DEV" != "no"; then
    dnl PHP's own headers are not -Wextra clean everywhere (8.5's zend_operators.h has an
    dnl unused parameter): name its include directories as system ones, so that -Werror
    dnl judges fastjson's code only. GCC then ignores the same directories given by -I.
    for fastjson_inc in $INCLUDES; do
      case "$fastjson_inc" in
        -I*) FASTJSON_CFLAGS="$FASTJSON_CFLAGS -isystem `echo "$fastjson_inc" | sed 's/^-I//'`" ;;
      esac
    done
    dnl FASTJSON_TESTING compiles in fastjson.test_fault, which tests use to prove that
    dnl fastjson.verify catches a difference; release builds cannot turn it on.
    FASTJSON_CFLAGS="$FASTJSON_CFLAGS -Wall -Wextra -Werror -DFASTJSON_TESTING=1"
  fi

  FASTJSON_SOURCES="fastjson.c fastjson_override.c fastjson_pool.c fastjson_stats.c fastjson_dump.c fastjson_simd.c fastjson_stack.c fastjson_superset.c"
  FASTJSON_SOURCES="$FASTJSON_SOURCES encoder/fastjson_encoder.c encoder/fastjson_walk_avx512.c encoder/fastjson_escape.c encoder/fastjson_double.c"
  FASTJSON_SOURCES="$FASTJSON_SOURCES scanner/fastjson_parser.c scanner/fastjson_structural.c scanner/fastjson_text.c"
  FASTJSON_SOURCES="$FASTJSON_SOURCES scanner/fastjson_pointer.c scanner/fastjson_relaxed.c"
  PHP_NEW_EXTENSION([fastjson], [$FASTJSON_SOURCES], [$ext_shared], [], [$FASTJSON_CFLAGS])
  PHP_ADD_BUILD_DIR([$ext_builddir/encoder])
  PHP_ADD_BUILD_DIR([$ext_builddir/scanner])
  PHP_ADD_MAKEFILE_FRAGMENT
  PHP_ADD_EXTENSION_DEP([fastjson], [json])
fi
