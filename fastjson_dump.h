/* fastjson.verify_dump_dir: one file per verify mismatch, holding what it takes to run
 * the call again (tools/verify_replay.php). */

#ifndef FASTJSON_DUMP_H
#define FASTJSON_DUMP_H

#include "php.h"
#include "fastjson_override.h"

/* Writes the mismatch of a verified call, if a directory is set and the caps allow.
 * Returns what the warning should add (" (written to PATH)", or why nothing was), or
 * NULL when no directory is set. Leaves any pending exception pending. */
zend_string *fastjson_dump_mismatch(zend_execute_data *execute_data, fastjson_fn fn, const fastjson_outcome *ours,
	const fastjson_outcome *theirs);

#endif
