#ifndef FASTJSON_DOUBLE_H
#define FASTJSON_DOUBLE_H

#include <stddef.h>

/* Longest output is "-d.dddddddddddddddde-ddd" (24 bytes); rounded up. */
#define FASTJSON_DOUBLE_MAX_LENGTH 32

/* Writes the bytes zend_gcvt(value, 17, '.', 'e', buf) produces in mode 0
 * (serialize_precision = -1) for a finite value (not INF/NAN) into buf, without
 * a terminating NUL, and returns the length. buf needs FASTJSON_DOUBLE_MAX_LENGTH bytes. */
size_t fastjson_double_format_shortest(double value, char *buf);

#endif /* FASTJSON_DOUBLE_H */
