/* The allocator the library takes its own memory from (boardrules/memory.h). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static br_malloc_fn current_malloc = malloc;
static br_free_fn current_free = free;

void br_set_alloc_funcs(br_malloc_fn malloc_fn, br_free_fn free_fn)
{
    /* Half a pair would free with the wrong function: both or the defaults. */
    if (!malloc_fn || !free_fn) {
        malloc_fn = malloc;
        free_fn = free;
    }
    current_malloc = malloc_fn;
    current_free = free_fn;
}

void br_get_alloc_funcs(br_malloc_fn *malloc_fn, br_free_fn *free_fn)
{
    if (malloc_fn)
        *malloc_fn = current_malloc;
    if (free_fn)
        *free_fn = current_free;
}

void *br_mem_alloc(size_t size)
{
    return current_malloc(size ? size : 1);
}

void *br_mem_zalloc(size_t size)
{
    void *p = br_mem_alloc(size);
    if (p)
        memset(p, 0, size);
    return p;
}

void br_mem_free(void *ptr)
{
    if (ptr)
        current_free(ptr);
}
