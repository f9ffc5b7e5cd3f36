#ifndef HEAP_IN_USE_H
#define HEAP_IN_USE_H

#include <stddef.h>

/// The bytes in allocated heap chunks (glibc's `mallinfo2().uordblks`, chunk headers
/// included); 0 where glibc's allocator is not the one in use.
size_t oneway_heap_in_use(void);

#endif
