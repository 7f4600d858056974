/* validate over the structural stage (fastjson_stage1.h). */

#ifndef FASTJSON_STRUCTURAL_H
#define FASTJSON_STRUCTURAL_H

#include "php.h"
#include "../fastjson_simd.h"
#include "fastjson_pointer.h"

/* Whether json is valid JSON that json_validate() accepts at this depth. false means
 * "not shown": the caller asks the exact scanner. */
bool fastjson_structural_validate(const zend_string *json, int depth, fastjson_simd_path simd);

/* The same, with the JSON Pointer look-up track done on the way (track->done when json
 * was accepted). */
bool fastjson_structural_find(const zend_string *json, int depth, fastjson_simd_path simd, fastjson_pointer_track *track);

#endif
