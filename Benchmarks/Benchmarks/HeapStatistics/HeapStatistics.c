#include "HeapStatistics.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>

size_t heap_bytes_in_use(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}
#else
#include <malloc.h>

size_t heap_bytes_in_use(void) {
    // Blocks in the arenas, and the large ones malloc maps on their own (`hblkhd`).
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#endif
