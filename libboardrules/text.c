/* Text sink over a caller's buffer with snprintf semantics. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state_impl.h"

br_text br_text_over(char *buf, size_t size)
{
    br_text t = { buf, buf ? size : 0, 0 };
    if (t.size > 0)
        t.buf[0] = '\0';
    return t;
}

/* Appends n bytes, keeping the buffer NUL-terminated and truncating. */
static void append(br_text *t, const char *s, size_t n)
{
    if (t->len + 1 < t->size) {
        size_t room = t->size - 1 - t->len;
        size_t k = n < room ? n : room;
        memcpy(t->buf + t->len, s, k);
        t->buf[t->len + k] = '\0';
    }
    t->len += n;
}

void br_text_write_slow(br_text *t, const char *s, size_t n)
{
    append(t, s, n);
}

void br_text_put_uint(br_text *t, unsigned long long v)
{
    char text[BR_DECIMAL_MAX];
    append(t, text, br_decimal_digits(text, v));
}

void br_text_put_int(br_text *t, long long v)
{
    char text[BR_DECIMAL_MAX];
    append(t, text, br_decimal(text, v));
}

void br_text_put_hex64(br_text *t, uint64_t v)
{
    static const char hex[] = "0123456789abcdef";
    char digits[16];
    for (int i = 15; i >= 0; i--) {
        digits[i] = hex[v & 15];
        v >>= 4;
    }
    append(t, digits, sizeof digits);
}

void br_text_puts(br_text *t, const char *s)
{
    append(t, s, strlen(s));
}

void br_text_putc_slow(br_text *t, char c)
{
    append(t, &c, 1);
}

void br_text_vprintf(br_text *t, const char *fmt, va_list ap)
{
    char small[256];
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(small, sizeof small, fmt, copy);
    va_end(copy);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        append(t, small, (size_t)n);
        return;
    }
    /* Long output: format straight into the remaining room, then count. */
    size_t room = t->len < t->size ? t->size - t->len : 0;
    if (room > 0)
        vsnprintf(t->buf + t->len, room, fmt, ap);
    t->len += (size_t)n;
}

void br_text_printf(br_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    br_text_vprintf(t, fmt, ap);
    va_end(ap);
}

bool br_text_fits(const br_text *t)
{
    return t->len < t->size;
}

br_status br_text_result(const br_text *t, size_t *len)
{
    if (len)
        *len = t->len;
    return br_text_fits(t) ? BR_OK : BR_ERR_BUFFER;
}

bool br_fail(br_text *out, const char *fmt, ...)
{
    if (out) {
        va_list ap;
        va_start(ap, fmt);
        br_text_vprintf(out, fmt, ap);
        va_end(ap);
    }
    return false;
}

int br_format(char *buf, size_t size, const char *fmt, ...)
{
    br_text t = br_text_over(buf, size);
    va_list ap;
    va_start(ap, fmt);
    br_text_vprintf(&t, fmt, ap);
    va_end(ap);
    return (int)(t.len < size ? t.len : size - 1);
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

br_status br_move_text_normalize(const char *text, size_t n,
                                 char out[BR_MOVE_TEXT_MAX + 1], br_text *err)
{
    size_t len = 0;
    bool pending_blank = false;
    for (size_t i = 0; i < n; i++) {
        if (is_blank(text[i])) {
            pending_blank = len > 0;
            continue;
        }
        if (len + pending_blank >= BR_MOVE_TEXT_MAX) { /* the new length would pass it */
            br_text_printf(err, "move text longer than %d characters", BR_MOVE_TEXT_MAX);
            return BR_ERR_PARSE;
        }
        if (pending_blank)
            out[len++] = ' ';
        pending_blank = false;
        out[len++] = text[i];
    }
    out[len] = '\0';
    if (len == 0) {
        br_text_puts(err, "empty move text");
        return BR_ERR_PARSE;
    }
    return BR_OK;
}

bool br_split_words(const char *text, int max_words, br_words *out)
{
    out->n = 0;
    while (*text) {
        while (isspace((unsigned char)*text))
            text++;
        if (!*text)
            break;
        if (out->n == max_words)
            return false;
        size_t n = 0;
        while (*text && !isspace((unsigned char)*text)) {
            if (n == BR_WORD_MAX)
                return false;
            out->w[out->n][n++] = (char)tolower((unsigned char)*text++);
        }
        out->w[out->n++][n] = '\0';
    }
    return true;
}

int br_name_index(const char *text, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(text, names[i]) == 0)
            return i;
    return -1;
}

void br_ascii(char *buf, size_t size, const char *utf8)
{
    static const struct {
        const char *from, *to;
    } map[] = {{"\xc3\xa4", "ae"}, {"\xc3\xb6", "oe"}, {"\xc3\xbc", "ue"}, {"\xc3\x84", "Ae"},
               {"\xc3\x96", "Oe"}, {"\xc3\x9c", "Ue"}, {"\xc3\x9f", "ss"}};
    size_t n = 0;
    while (*utf8 && n + 3 < size) {
        size_t k = 0;
        while (k < sizeof map / sizeof map[0] && strncmp(utf8, map[k].from, 2) != 0)
            k++;
        if (k < sizeof map / sizeof map[0]) {
            buf[n++] = map[k].to[0];
            buf[n++] = map[k].to[1];
            utf8 += 2;
        } else {
            unsigned char c = (unsigned char)*utf8++;
            buf[n++] = c < 0x80 ? (char)c : '?';
        }
    }
    buf[n] = '\0';
}

int br_word_number(const char *text, int lo, int hi)
{
    if (!*text || strlen(text) > 3)
        return -1;
    for (const char *c = text; *c; c++)
        if (!isdigit((unsigned char)*c))
            return -1;
    int v = atoi(text);
    return v >= lo && v <= hi ? v : -1;
}

const br_verb *br_verb_of(const br_verb *verbs, size_t n, br_move move)
{
    for (size_t i = 0; i < n; i++)
        if (move >= verbs[i].base && move - verbs[i].base < verbs[i].count)
            return &verbs[i];
    return NULL;
}

void br_verb_write(const br_verb *v, br_move move, br_text *out)
{
    int i = (int)(move - v->base);
    br_text_puts(out, v->word);
    if (v->arg == BR_VERB_ALONE)
        return;
    br_text_putc(out, ' ');
    if (v->arg == BR_VERB_NAME) {
        br_text_puts(out, v->names[i]);
        return;
    }
    if (v->write_letter)
        br_text_putc(out, v->letter);
    br_text_put_int(out, v->first + i);
}

const br_verb *br_verb_find(const br_verb *verbs, size_t n, const br_words *ws)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(ws->w[0], verbs[i].word) == 0
            && ws->n == (verbs[i].arg == BR_VERB_ALONE ? 1 : 2))
            return &verbs[i];
    return NULL;
}

br_status br_verb_read(const br_verb *v, const br_words *ws, br_move *out, br_text *err)
{
    int i = 0;
    if (v->arg == BR_VERB_NAME) {
        i = br_name_index(ws->w[1], v->names, v->count);
    } else if (v->arg == BR_VERB_NUMBER) {
        const char *a = ws->w[1];
        a += v->letter && a[0] == v->letter;
        int k = br_word_number(a, v->first, v->first + v->count - 1);
        i = k < 0 ? -1 : k - v->first;
    }
    if (i < 0) {
        br_text_printf(err, "%s (e.g. '%s')", v->what, v->example);
        return BR_ERR_PARSE;
    }
    *out = v->base + (br_move)i;
    return BR_OK;
}

br_line br_line_start(br_text *out, const char *head)
{
    br_text_puts(out, head);
    return (br_line){out, (int)strlen(head)};
}

void br_line_put(br_line *l, int gap, const char *word)
{
    int len = (int)strlen(word);
    if (l->col > BR_LINE_INDENT && l->col + gap + len > BR_LINE_WIDTH) {
        br_text_printf(l->out, "\n%*s", BR_LINE_INDENT, "");
        l->col = BR_LINE_INDENT;
    } else {
        for (int i = 0; i < gap; i++)
            br_text_putc(l->out, ' ');
        l->col += gap;
    }
    br_text_puts(l->out, word);
    l->col += len;
}

void br_line_word(br_line *l, const char *word)
{
    br_line_put(l, 1, word);
}

void br_line_printf(br_line *l, int gap, const char *fmt, ...)
{
    char word[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(word, sizeof word, fmt, ap);
    va_end(ap);
    br_line_put(l, gap, word);
}

void br_line_end(br_line *l)
{
    br_text_putc(l->out, '\n');
}
