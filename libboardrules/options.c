/* The options string: `key=value` pairs separated by commas. The common keys
 * (players, seed, chance) are handled here; the rest goes to the game. */
#include <ctype.h>
#include <errno.h>
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

/* The values of the `chance` key, as parse_common() takes them. */
const char *const br_chance_choices[] = { "auto", "explicit", NULL };

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!isdigit((unsigned char)s[0]))
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0')
        return false;
    *out = (uint64_t)v;
    return true;
}

static br_status parse_players(const struct br_game *game, const char *value,
                               br_state *s, br_text *err)
{
    uint64_t v;
    if (!parse_u64(value, &v) || v < (uint64_t)game->min_players ||
        v > (uint64_t)game->max_players) {
        br_text_printf(err, "option 'players': '%s' is not a number in %d..%d", value,
                       game->min_players, game->max_players);
        return BR_ERR_OPTION;
    }
    s->num_players = (int32_t)v;
    return BR_OK;
}

static br_status parse_common(const struct br_game *game, const br_option *opt,
                              br_state *s, br_text *err)
{
    if (strcmp(opt->key, "players") == 0)
        return parse_players(game, opt->value, s, err);
    if (strcmp(opt->key, "seed") == 0) {
        if (!parse_u64(opt->value, &s->seed)) {
            br_text_printf(err, "option 'seed': '%s' is not an unsigned 64-bit number",
                           opt->value);
            return BR_ERR_OPTION;
        }
        return BR_OK;
    }
    if (strcmp(opt->value, "auto") == 0)
        s->chance_mode = BR_CHANCE_AUTO;
    else if (strcmp(opt->value, "explicit") == 0)
        s->chance_mode = BR_CHANCE_EXPLICIT;
    else {
        br_text_printf(err, "option 'chance': '%s' is not 'auto' or 'explicit'", opt->value);
        return BR_ERR_OPTION;
    }
    return BR_OK;
}

static bool is_common_key(const char *key)
{
    return strcmp(key, "players") == 0 || strcmp(key, "seed") == 0 ||
           strcmp(key, "chance") == 0;
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

br_status br_options_parse(const struct br_game *game, const char *options,
                           br_state *s, br_option *game_opts, size_t *num_game_opts,
                           br_text *err)
{
    br_option seen[BR_MAX_OPTIONS + 3];
    size_t num_seen = 0;
    s->num_players = game->default_players;
    s->seed = 0;
    s->chance_mode = BR_CHANCE_AUTO;
    *num_game_opts = 0;
    const char *p = options ? options : "";
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
        if (num_seen == sizeof seen / sizeof seen[0]) {
            br_text_printf(err, "option '%s': too many options", opt.key);
            return BR_ERR_OPTION;
        }
        seen[num_seen++] = opt;
        if (is_common_key(opt.key)) {
            st = parse_common(game, &opt, s, err);
            if (st != BR_OK)
                return st;
        } else {
            if (*num_game_opts == BR_MAX_OPTIONS) {
                br_text_printf(err, "option '%s': too many options", opt.key);
                return BR_ERR_OPTION;
            }
            game_opts[(*num_game_opts)++] = opt;
        }
        p = comma ? comma + 1 : p + n;
    }
    return BR_OK;
}

void br_options_write(const br_state *s, br_text *out)
{
    /* Written piece by piece, without printf: snapshots write it every time. */
    br_text_puts(out, "players=");
    br_text_put_uint(out, (unsigned long long)s->num_players);
    br_text_puts(out, ",seed=");
    br_text_put_uint(out, (unsigned long long)s->seed);
    br_text_puts(out, s->chance_mode == BR_CHANCE_EXPLICIT ? ",chance=explicit" : ",chance=auto");
    char game_part[256];
    br_text g = br_text_over(game_part, sizeof game_part);
    s->game->options_string(s->data, &g);
    if (g.len > 0) {
        br_text_putc(out, ',');
        br_text_puts(out, game_part);
    }
}
