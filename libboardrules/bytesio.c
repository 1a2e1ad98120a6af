/* The binary snapshots' reading and writing of fixed-width little-endian
 * values (internal.h, "Binary snapshots"): the primitives that binary.c's
 * envelope, the field walker (fields.c) and the games' codecs share. */
#include <stdarg.h>
#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------------ */
/* Writer */

static void put(br_bytes_writer *w, const uint8_t *bytes, size_t n)
{
    if (w->len + n <= w->size)
        memcpy(w->buf + w->len, bytes, n);
    w->len += n;
}

void br_bw_u8(br_bytes_writer *w, unsigned v)
{
    uint8_t b = (uint8_t)v;
    put(w, &b, 1);
}

void br_bw_u16(br_bytes_writer *w, unsigned v)
{
    uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) };
    put(w, b, 2);
}

void br_bw_u32(br_bytes_writer *w, uint32_t v)
{
    uint8_t b[4];
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, 4);
}

void br_bw_u64(br_bytes_writer *w, uint64_t v)
{
    uint8_t b[8];
    br_put_le64(b, v);
    put(w, b, 8);
}

/* ------------------------------------------------------------------ */
/* Reader */

bool br_br_fail(br_bytes_reader *r, const char *fmt, ...)
{
    if (!r->failed) {
        va_list ap;
        va_start(ap, fmt);
        br_text_vprintf(r->err, fmt, ap);
        va_end(ap);
    }
    r->failed = true;
    r->left = 0;
    return false;
}

static const uint8_t *take(br_bytes_reader *r, size_t n, const char *field)
{
    if (r->failed)
        return NULL;
    if (r->left < n) {
        br_br_fail(r, "%s: the data ends %zu bytes early", field, n - r->left);
        return NULL;
    }
    const uint8_t *p = r->p;
    r->p += n;
    r->left -= n;
    return p;
}

uint8_t br_br_u8(br_bytes_reader *r, const char *field)
{
    const uint8_t *p = take(r, 1, field);
    return p ? p[0] : 0;
}

uint16_t br_br_u16(br_bytes_reader *r, const char *field)
{
    const uint8_t *p = take(r, 2, field);
    return p ? (uint16_t)(p[0] | p[1] << 8) : 0;
}

uint32_t br_br_u32(br_bytes_reader *r, const char *field)
{
    const uint8_t *p = take(r, 4, field);
    uint32_t v = 0;
    for (int i = 0; p && i < 4; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

uint64_t br_br_u64(br_bytes_reader *r, const char *field)
{
    const uint8_t *p = take(r, 8, field);
    return p ? br_get_le64(p) : 0;
}

bool br_br_bytes(br_bytes_reader *r, void *out, size_t n, const char *field)
{
    const uint8_t *p = take(r, n, field);
    if (p)
        memcpy(out, p, n);
    return p != NULL;
}

bool br_br_u8_in(br_bytes_reader *r, unsigned min, unsigned max, uint8_t *out, const char *field)
{
    uint8_t v = br_br_u8(r, field);
    if (r->failed)
        return false;
    if (v < min || v > max)
        return br_br_fail(r, "%s: %u is not in %u..%u", field, v, min, max);
    *out = v;
    return true;
}

