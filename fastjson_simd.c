/* Which SIMD paths this build and this CPU can run (declared in fastjson_simd.h). */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_cpuinfo.h"
#include "fastjson_simd.h"

static const char *const fastjson_simd_path_names[] = {"scalar", "sse2", "avx2", "neon", "avx512"};

const char *fastjson_simd_path_name(fastjson_simd_path path)
{
	return fastjson_simd_path_names[path];
}

bool fastjson_simd_path_available(fastjson_simd_path path)
{
	switch (path) {
		case FASTJSON_SIMD_SCALAR:
			return true;
#ifdef FASTJSON_HAVE_SSE2
		case FASTJSON_SIMD_SSE2:
			return true;
#endif
#if defined(FASTJSON_HAVE_AVX2) && defined(FASTJSON_HAVE_SSE2)
		case FASTJSON_SIMD_AVX2:
			return zend_cpu_supports_avx2() && zend_cpu_supports_pclmul();
#endif
#ifdef FASTJSON_HAVE_NEON
		case FASTJSON_SIMD_NEON:
			return true;
#endif
#if defined(FASTJSON_HAVE_AVX512) && defined(FASTJSON_HAVE_AVX2) && defined(FASTJSON_HAVE_SSE2)
		case FASTJSON_SIMD_AVX512:
			/* VBMI leaves out the first AVX-512 CPUs (Skylake-SP), which slow their clock
			 * for 512-bit work; every CPU with VBMI but Cannon Lake has VBMI2 (byte
			 * compress) too, and VL, BMI1 and BMI2, which the encoder's walk is compiled
			 * with. The builtin also checks that the OS saves the registers. */
			return fastjson_simd_path_available(FASTJSON_SIMD_AVX2) && __builtin_cpu_supports("avx512f")
				&& __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
				&& __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2")
				&& __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#endif
		default:
			return false;
	}
}

fastjson_simd_path fastjson_simd_best_path(void)
{
	static const fastjson_simd_path preferred[] = {
		FASTJSON_SIMD_AVX512, FASTJSON_SIMD_AVX2, FASTJSON_SIMD_NEON, FASTJSON_SIMD_SSE2};;
	size_t i;

	for (i = 0; i < sizeof(preferred) / sizeof(preferred[0]); i++) {
		if (fastjson_simd_path_available(preferred[i])) {
			return preferred[i];
		}
	}
	return FASTJSON_SIMD_SCALAR;
}
