#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes the process's heap has handed out and not freed, including malloc's rounding.
size_t heap_bytes_in_use(void);

#endif
