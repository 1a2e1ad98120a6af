/* The allocator the library takes its own memory from (boardrules/memory.h),
 * and gives jansson for the library's JSON parsing. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static br_malloc_fn current_malloc = malloc;
static br_free_fn current_free = free;

/* Allocations that failed on this thread, the library's and jansson's: a
 * step that cannot say so itself shows it in this count (issue 21). */
static _Thread_local unsigned long failures_on_thread;

/* A JSON parse running on this thread (br_json_parse), and whether an
 * allocation failed in it. jansson 2.14's lexer ignores a failed append of
 * one character and reads on: the text it parses is then another one, and
 * a lost closing quote makes it read and write past its buffer. Once one
 * allocation of a parse failed, jansson gets no more memory until the parse
 * ends, so it stops at its next allocation instead. */
static _Thread_local bool parse_running, parse_failed;

static void *allocate(size_t size)
{
    void *p = current_malloc(size ? size : 1);
    if (!p)
        failures_on_thread++;
    return p;
}

static void *jansson_malloc(size_t size)
{
    if (parse_failed)
        return NULL;
    void *p = allocate(size);
    if (!p && parse_running)
        parse_failed = true;
    return p;
}

static void jansson_free(void *ptr)
{
    if (ptr)
        current_free(ptr);
}

/* jansson allocates through the library from the start, so that a failure
 * is seen even when the host never sets a pair. */
__attribute__((constructor)) static void give_jansson_the_library_allocator(void)
{
    json_set_alloc_funcs(jansson_malloc, jansson_free);
}

void br_set_alloc_funcs(br_malloc_fn malloc_fn, br_free_fn free_fn)
{
    /* Half a pair would free with the wrong function: both or the defaults. */
    if (!malloc_fn || !free_fn) {
        malloc_fn = malloc;
        free_fn = free;
    }
    current_malloc = malloc_fn;
    current_free = free_fn;
    /* Taken back, should the host have set jansson's allocator itself. */
    give_jansson_the_library_allocator();
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
    return allocate(size);
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

unsigned long br_mem_failures(void)
{
    return failures_on_thread;
}

void br_mem_json_parse_begin(void)
{
    parse_running = true;
    parse_failed = false;
}

bool br_mem_json_parse_end(void)
{
    bool failed = parse_failed;
    parse_running = false;
    parse_failed = false;
    return failed;
}
