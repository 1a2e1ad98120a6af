/* The options string: `key=value` pairs separated by commas, parsed and
 * written from the game's option table (internal.h, "Options as data"). */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "state_impl.h"

/* Copies s[0..n) without surrounding blanks into dst (size cap); false when
 * it does not fit. */
static bool copy_trimmed(char *dst, size_t cap, const char *s, size_t n)
{
    while (n > 0 && isspace((unsigned char)*s)) {
        s++;
        n--;
    }
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    if (n >= cap)
        return false;
    memcpy(dst, s, n);
    dst[n] = '\0';
    return true;
}

/* The values of the `chance` key (BR_CHANCE_AUTO, BR_CHANCE_EXPLICIT). */
const char *const br_chance_choices[] = {"auto", "explicit", NULL};

/* A decimal number of digits only, in 0..2^64-1. By hand rather than
 * strtoull(), which costs more than the rest of the parse (and accepts
 * signs and blanks that we refuse anyway). */
static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!is_digit(s[0]))
        return false;
    uint64_t v = 0;
    for (; is_digit(*s); s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    if (*s != '\0')
        return false;
    *out = v;
    return true;
}

int br_option_index(const struct br_game *game, const char *key)
{
    /* The first letter first: most keys differ there, and strcmp() is a call. */
    for (size_t i = 0; i < game->num_option_specs; i++)
        if (game->option_specs[i].key[0] == key[0] && strcmp(game->option_specs[i].key, key) == 0)
            return (int)i;
    return -1;
}

/* "option 'k': unknown for <game> (known: a, b, c)", from the table. */
static br_status unknown_key(const struct br_game *game, const char *key, br_text *err)
{
    br_text_printf(err, "option '%s': unknown for %s (known: ", key, game->name);
    for (size_t i = 0; i < game->num_option_specs; i++) {
        if (i)
            br_text_puts(err, ", ");
        br_text_puts(err, game->option_specs[i].key);
    }
    br_text_putc(err, ')');
    return BR_ERR_OPTION;
}

/* "'a', 'b' or 'c'" */
static void put_choices(br_text *t, const char *const *choices)
{
    for (size_t i = 0; choices[i]; i++) {
        if (i)
            br_text_puts(t, choices[i + 1] ? ", " : " or ");
        br_text_printf(t, "'%s'", choices[i]);
    }
}

static bool find_choice(const char *const *choices, const char *value, br_option_value *out)
{
    for (size_t i = 0; choices[i]; i++)
        if (choices[i][0] == value[0] && strcmp(choices[i], value) == 0) {
            *out = i;
            return true;
        }
    return false;
}

static const char *const flag_choices[] = {"false", "true", NULL};

/* Parses `value` as the spec says; on failure writes why, naming the key. */
static br_status parse_value(const br_option_spec *spec, const char *value,
                             br_option_value *out, br_text *err)
{
    if (spec->kind == BR_OPTION_INTEGER) {
        if (parse_u64(value, out) && *out >= spec->min && *out <= spec->max)
            return BR_OK;
        if (spec->min == 0 && spec->max == UINT64_MAX)
            br_text_printf(err, "option '%s': '%s' is not an unsigned 64-bit number", spec->key,
                           value);
        else
            br_text_printf(err, "option '%s': '%s' is not a number in %llu..%llu", spec->key,
                           value, (unsigned long long)spec->min, (unsigned long long)spec->max);
        return BR_ERR_OPTION;
    }
    const char *const *choices = spec->kind == BR_OPTION_FLAG ? flag_choices : spec->choices;
    if (find_choice(choices, value, out))
        return BR_OK;
    br_text_printf(err, "option '%s': '%s' is not ", spec->key, value);
    put_choices(err, choices);
    return BR_ERR_OPTION;
}

/* The defaults of every key (BR_OPTION_UNSET where the table has none). */
static void parse_defaults(const struct br_game *game, br_option_value *values)
{
    assert(game->num_option_specs <= BR_OPTION_KEYS_MAX); /* test_api checks every game */
    char ignored[1];
    br_text no_reason = br_text_over(ignored, sizeof ignored);
    for (size_t i = 0; i < game->num_option_specs; i++) {
        const br_option_spec *spec = &game->option_specs[i];
        values[i] = BR_OPTION_UNSET;
        if (spec->default_value &&
            parse_value(spec, spec->default_value, &values[i], &no_reason) != BR_OK)
            values[i] = BR_OPTION_UNSET; /* a table bug; test_learn checks every default */
    }
}

/* The defaults of the game the thread parsed options for last: creating
 * many states of one game parses them once. */
static _Thread_local struct {
    const struct br_game *game;
    br_option_value values[BR_OPTION_KEYS_MAX];
} last_defaults;

static void set_defaults(const struct br_game *game, br_option_value *values)
{
    if (last_defaults.game != game) {
        parse_defaults(game, last_defaults.values);
        last_defaults.game = game;
    }
    memcpy(values, last_defaults.values, sizeof last_defaults.values);
}

/* Splits one `key=value` item into opt; reports malformed items. */
static br_status split_item(const char *item, size_t n, br_option *opt, br_text *err)
{
    const char *eq = memchr(item, '=', n);
    if (!eq) {
        char shown[64];
        if (!copy_trimmed(shown, sizeof shown, item, n))
            strcpy(shown, "...");
        br_text_printf(err, "option '%s': expected key=value", shown);
        return BR_ERR_OPTION;
    }
    if (!copy_trimmed(opt->key, sizeof opt->key, item, (size_t)(eq - item))) {
        br_text_printf(err, "option key longer than %zu characters", sizeof opt->key - 1);
        return BR_ERR_OPTION;
    }
    if (opt->key[0] == '\0') {
        br_text_puts(err, "options: an item has an empty key");
        return BR_ERR_OPTION;
    }
    if (!copy_trimmed(opt->value, sizeof opt->value, eq + 1, n - (size_t)(eq - item) - 1)) {
        br_text_printf(err, "option '%s': value longer than %zu characters", opt->key,
                       sizeof opt->value - 1);
        return BR_ERR_OPTION;
    }
    if (opt->value[0] == '\0') {
        br_text_printf(err, "option '%s': empty value", opt->key);
        return BR_ERR_OPTION;
    }
    return BR_OK;
}

static bool seen_before(const br_option *all, size_t count, const char *key)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(all[i].key, key) == 0)
            return true;
    return false;
}

br_status br_options_parse(const struct br_game *game, const char *options, br_state *s,
                           br_text *err)
{
    br_option seen[BR_OPTION_KEYS_MAX];
    size_t num_seen = 0;
    br_option_value values[BR_OPTION_KEYS_MAX];
    set_defaults(game, values);
    const char *start = options ? options : "", *p = start;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        br_option opt;
        br_status st = split_item(p, n, &opt, err);
        if (st != BR_OK)
            return st;
        if (seen_before(seen, num_seen, opt.key)) {
            br_text_printf(err, "option '%s': given twice", opt.key);
            return BR_ERR_OPTION;
        }
        int k = br_option_index(game, opt.key);
        if (k < 0)
            return unknown_key(game, opt.key, err);
        seen[num_seen++] = opt; /* at most one per key of the table */
        st = parse_value(&game->option_specs[k], opt.value, &values[k], err);
        if (st != BR_OK)
            return st;
        p = comma ? comma + 1 : p + n;
    }
    if ((size_t)(p - start) >= BR_OPTIONS_MAX) {
        br_text_printf(err, "options: longer than %d characters (BR_OPTIONS_MAX)",
                       BR_OPTIONS_MAX - 1);
        return BR_ERR_OPTION;
    }
    s->num_players = (int32_t)values[BR_OPTION_PLAYERS];
    s->seed = values[BR_OPTION_SEED];
    s->chance_mode = values[BR_OPTION_CHANCE] == 1 ? BR_CHANCE_EXPLICIT : BR_CHANCE_AUTO;
    memcpy(s->options, values + BR_COMMON_OPTIONS, sizeof s->options);
    return BR_OK;
}

/* Appends s at buf[n] while it fits in BR_OPTIONS_MAX - 1 bytes; returns
 * the new length. Byte by byte: the pieces are a few letters each, where a
 * call of strlen() and memcpy() costs more than the copy. */
static size_t append_piece(char *buf, size_t n, const char *s)
{
    while (*s && n < BR_OPTIONS_MAX - 1)
        buf[n++] = *s++;
    return n;
}

/* Appends v's digits at buf[n] while they fit, as append_piece(). */
static size_t append_uint(char *buf, size_t n, unsigned long long v)
{
    char digits[20];
    size_t d = sizeof digits;
    do {
        digits[--d] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (d < sizeof digits && n < BR_OPTIONS_MAX - 1)
        buf[n++] = digits[d++];
    return n;
}

/* The game's own keys, `,key=value` each, at buf[n]; returns the length. */
static size_t append_game_keys(const br_state *s, char *buf, size_t n)
{
    const struct br_game *g = s->game;
    for (size_t k = BR_COMMON_OPTIONS; k < g->num_option_specs; k++) {
        const br_option_spec *spec = &g->option_specs[k];
        br_option_value v = s->options[k - BR_COMMON_OPTIONS];
        n = append_piece(buf, n, ",");
        n = append_piece(buf, n, spec->key);
        n = append_piece(buf, n, "=");
        if (spec->kind == BR_OPTION_INTEGER) {
            n = append_uint(buf, n, (unsigned long long)v);
        } else {
            const char *const *names = spec->kind == BR_OPTION_FLAG ? flag_choices : spec->choices;
            n = append_piece(buf, n, names[v]);
        }
    }
    return n;
}

void br_options_write(const br_state *s, br_text *out)
{
    /* Put together in a local buffer and written at once, without printf:
     * every snapshot (JSON and binary) writes it. */
    char buf[BR_OPTIONS_MAX];
    memcpy(buf, "players=", 8);
    size_t n = append_uint(buf, 8, (unsigned long long)s->num_players);
    memcpy(buf + n, ",seed=", 6); /* a seat count has at most a few digits */
    n = append_uint(buf, n + 6, (unsigned long long)s->seed);
    if (s->chance_mode == BR_CHANCE_EXPLICIT)
        n = append_piece(buf, n, ",chance=explicit");
    else
        n = append_piece(buf, n, ",chance=auto");
    n = append_game_keys(s, buf, n);
    br_text_write(out, buf, n); /* the tables keep it below the limit (test_api) */
}

/* ------------------------------------------------------------------ */
/* The help text */

static void put_values(const br_option_spec *spec, br_text *out)
{
    if (spec->kind == BR_OPTION_FLAG) {
        br_text_puts(out, "false|true");
    } else if (spec->kind == BR_OPTION_CHOICE) {
        for (size_t i = 0; spec->choices[i]; i++) {
            if (i)
                br_text_putc(out, '|');
            br_text_puts(out, spec->choices[i]);
        }
    } else if (spec->min == spec->max) {
        br_text_put_uint(out, (unsigned long long)spec->min);
    } else {
        br_text_put_uint(out, (unsigned long long)spec->min);
        br_text_puts(out, "..");
        if (spec->max == UINT64_MAX)
            br_text_puts(out, "2^64-1");
        else
            br_text_put_uint(out, (unsigned long long)spec->max);
    }
}

void br_options_help_write(const struct br_game *game, br_text *out)
{
    for (size_t i = 0; i < game->num_option_specs; i++) {
        const br_option_spec *spec = &game->option_specs[i];
        br_text_printf(out, "%s=", spec->key);
        put_values(spec, out);
        br_text_printf(out, "  %s", spec->help);
        if (spec->default_value)
            br_text_printf(out, " (default %s)", spec->default_value);
        br_text_putc(out, '\n');
    }
}
