#include "HeapInUse.h"

#if defined(__linux__)
#include <features.h>
#endif

#if defined(__GLIBC__)
#include <malloc.h>

size_t oneway_heap_in_use(void) { return mallinfo2().uordblks; }
#else
size_t oneway_heap_in_use(void) { return 0; }
#endif
