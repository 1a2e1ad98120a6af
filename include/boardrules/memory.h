/**
 * @file boardrules/memory.h
 * @brief Where the library's own memory comes from.
 *
 * Every state, and every scratch buffer the library needs for a call, is
 * allocated through the pair of functions set here (malloc() and free() by
 * default). A host with its own heap (a game engine, a test that makes
 * allocations fail on purpose) sets them once, before the first call that
 * allocates.
 *
 * JSON loading inside the library goes through jansson, and jansson takes
 * its memory from the same pair: the library sets jansson's allocator
 * (json_set_alloc_funcs()) when it is loaded and again in
 * br_set_alloc_funcs(), so as to notice every allocation that fails during
 * a parse (jansson 2.14 reads on after some of them, and would load another
 * text). A host that uses jansson itself shares that allocator; it should
 * not set jansson's own afterwards, or the library no longer notices.
 *
 * When an allocation fails, the call returns ::BR_ERR_NO_MEMORY, leaves its
 * arguments as they were and frees what it had taken.
 */
#ifndef BOARDRULES_MEMORY_H
#define BOARDRULES_MEMORY_H

#include "common.h"

BR_BEGIN_DECLS

/** @brief Allocates @p size bytes (as malloc()); NULL when out of memory. */
typedef void *(*br_malloc_fn)(size_t size);
/** @brief Frees memory from the matching ::br_malloc_fn (as free()); takes NULL. */
typedef void (*br_free_fn)(void *ptr);

/**
 * @brief Sets the allocator of the library.
 *
 * Sets jansson's allocator to the same pair (see above). Not thread-safe:
 * call it before any other thread uses the library or jansson, and while no
 * state or jansson value made with the previous pair is alive (each is
 * freed with the function it was allocated with in mind).
 * @param malloc_fn the allocation function, or NULL for malloc().
 * @param free_fn the release function, or NULL for free(); pass both or neither.
 */
BR_API void br_set_alloc_funcs(br_malloc_fn malloc_fn, br_free_fn free_fn);

/**
 * @brief The allocator in use.
 * @param malloc_fn receives the allocation function; may be NULL.
 * @param free_fn receives the release function; may be NULL.
 */
BR_API void br_get_alloc_funcs(br_malloc_fn *malloc_fn, br_free_fn *free_fn);

BR_END_DECLS

#endif /* BOARDRULES_MEMORY_H */
