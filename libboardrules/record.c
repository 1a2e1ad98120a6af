/* Game records (write, replay, validate) and batch random playouts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state_impl.h"

#define RECORD_HEADER "# libboardrules game record"

/* ------------------------------------------------------------------ */
/* Writing */

static br_status write_moves(br_state *s, const br_move *moves, size_t num_moves,
                             br_text *out, br_text *err)
{
    for (size_t i = 0; i < num_moves; i++) {
        char reason[BR_ERROR_SIZE];
        br_text r = br_text_over(reason, sizeof reason);
        if (!s->game->check_move(s->data, moves[i], &r)) {
            br_text_printf(err, "move %zu (%d): %s", i + 1, (int)moves[i], reason);
            return BR_ERR_RECORD;
        }
        s->game->move_to_text(s->data, moves[i], out);
        br_text_putc(out, '\n');
        br_state_apply_checked(s, moves[i]);
    }
    return BR_OK;
}

br_status br_record_write(const br_game *game, const char *options, const br_move *moves,
                          size_t num_moves, char *buf, size_t size, size_t *len, char *err,
                          size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    if (!game || (!moves && num_moves > 0) || (!buf && size > 0)) {
        br_text_puts(&e, "invalid argument: game, moves or buffer is NULL");
        return BR_ERR_ARGUMENT;
    }
    br_state *s;
    br_status st = br_state_create(game, options, &s, &e);
    if (st != BR_OK)
        return st;
    br_text out = br_text_over(buf, size);
    br_text_printf(&out, "%s\ngame %s\noptions ", RECORD_HEADER, game->name);
    br_options_write(s, &out);
    br_text_putc(&out, '\n');
    st = write_moves(s, moves, num_moves, &out, &e);
    br_state_free(s);
    if (st != BR_OK)
        return st;
    st = br_text_result(&out, len);
    if (st == BR_ERR_BUFFER)
        br_text_printf(&e, "buffer too small: %zu bytes needed", out.len + 1);
    return st;
}

/* ------------------------------------------------------------------ */
/* Replaying */

/* The longest 'game' or 'options' line (trimmed) a record may hold. */
#define HEADER_LINE_MAX 255

typedef struct line_reader {
    const char *next;
    size_t number;     /* 1-based number of the line last read */
    const char *start; /* the line last read, trimmed; not NUL-terminated */
    size_t len;
} line_reader;

/* Reads the next line that is neither blank nor a comment, trimmed.
 * Returns false at the end. */
static bool next_line(line_reader *r)
{
    while (*r->next) {
        const char *start = r->next;
        const char *end = strchr(start, '\n');
        size_t n = end ? (size_t)(end - start) : strlen(start);
        r->next = end ? end + 1 : start + n;
        r->number++;
        while (n > 0 && (start[n - 1] == '\r' || start[n - 1] == ' ' || start[n - 1] == '\t'))
            n--;
        while (n > 0 && (*start == ' ' || *start == '\t')) {
            start++;
            n--;
        }
        if (n == 0 || *start == '#')
            continue;
        r->start = start;
        r->len = n;
        return true;
    }
    return false;
}

/* Reads the header line "keyword value" into line (HEADER_LINE_MAX + 1
 * bytes) and returns the value, or NULL with the reason in err. */
static const char *header_value(const line_reader *r, const char *keyword, const char *expected,
                                char *line, br_text *err)
{
    if (r->len > HEADER_LINE_MAX) {
        br_text_printf(err, "line %zu: '%s' line too long (%zu characters, at most %d)",
                       r->number, keyword, r->len, HEADER_LINE_MAX);
        return NULL;
    }
    memcpy(line, r->start, r->len);
    line[r->len] = '\0';
    size_t k = strlen(keyword);
    if (strncmp(line, keyword, k) != 0 || (line[k] != '\0' && line[k] != ' ' && line[k] != '\t')) {
        br_text_printf(err, "line %zu: expected '%s', got '%s'", r->number, expected, line);
        return NULL;
    }
    const char *value = line + k;
    while (*value == ' ' || *value == '\t')
        value++;
    return value;
}

static br_status read_header(line_reader *r, br_state **s, size_t *bad_line, br_text *err)
{
    char line[HEADER_LINE_MAX + 1];
    if (!next_line(r)) {
        *bad_line = r->number ? r->number : 1;
        br_text_printf(err, "line %zu: expected 'game <name>'", *bad_line);
        return BR_ERR_RECORD;
    }
    *bad_line = r->number;
    const char *name = header_value(r, "game", "game <name>", line, err);
    if (!name)
        return BR_ERR_RECORD;
    const br_game *game = br_game_find(name);
    if (!game) {
        br_text_printf(err, "line %zu: no game named '%s'", r->number, name);
        return BR_ERR_UNKNOWN_GAME;
    }
    if (!next_line(r)) {
        *bad_line = r->number + 1;
        br_text_printf(err, "line %zu: expected 'options <key=value,...>'", *bad_line);
        return BR_ERR_RECORD;
    }
    *bad_line = r->number;
    const char *options = header_value(r, "options", "options <key=value,...>", line, err);
    if (!options)
        return BR_ERR_RECORD;
    char msg[BR_ERROR_SIZE];
    br_text m = br_text_over(msg, sizeof msg);
    br_status st = br_state_create(game, options, s, &m);
    if (st != BR_OK)
        br_text_printf(err, "line %zu: %s", r->number, msg);
    return st;
}

static br_status replay_moves(line_reader *r, br_state *s, size_t *bad_line, br_text *err)
{
    while (next_line(r)) {
        *bad_line = r->number;
        char text[BR_MOVE_TEXT_MAX + 1];
        char reason[BR_ERROR_SIZE];
        br_text why = br_text_over(reason, sizeof reason);
        if (br_move_text_normalize(r->start, r->len, text, &why) != BR_OK) {
            br_text_printf(err, "line %zu: %s", r->number, reason);
            return BR_ERR_RECORD;
        }
        if (s->game->current_player(s->data) == BR_PLAYER_TERMINAL) {
            br_text_printf(err, "line %zu: '%s': the game is already over", r->number, text);
            return BR_ERR_RECORD;
        }
        br_move move;
        if (s->game->move_from_text(s->data, text, &move, &why) != BR_OK) {
            br_text_printf(err, "line %zu: %s", r->number, reason);
            return BR_ERR_RECORD;
        }
        if (!s->game->check_move(s->data, move, &why)) {
            br_text_printf(err, "line %zu: '%s': %s", r->number, text, reason);
            return BR_ERR_RECORD;
        }
        br_state_apply_checked(s, move);
    }
    *bad_line = 0;
    return BR_OK;
}

/* A UTF-8 byte-order mark, which some editors put at the start of a file. */
static const char *skip_byte_order_mark(const char *record)
{
    return strncmp(record, "\xEF\xBB\xBF", 3) == 0 ? record + 3 : record;
}

br_status br_record_replay(const char *record, br_state **out, size_t *bad_line, char *err,
                           size_t err_size)
{
    br_text e = br_text_over(err, err_size);
    size_t line_dummy;
    if (!bad_line)
        bad_line = &line_dummy;
    *bad_line = 0;
    if (out)
        *out = NULL;
    if (!record) {
        br_text_puts(&e, "record is NULL");
        return BR_ERR_ARGUMENT;
    }
    line_reader r = { .next = skip_byte_order_mark(record), .number = 0 };
    br_state *s = NULL;
    br_status st = read_header(&r, &s, bad_line, &e);
    if (st == BR_OK)
        st = replay_moves(&r, s, bad_line, &e);
    if (out)
        *out = s;
    else
        br_state_free(s);
    return st;
}

/* ------------------------------------------------------------------ */
/* Batch random playouts */

static void play_one(br_state *s, br_rng *rng, br_move *moves, uint64_t *total)
{
    const struct br_game *g = s->game;
    for (;;) {
        int player = g->current_player(s->data);
        if (player == BR_PLAYER_TERMINAL)
            return;
        if (player == BR_PLAYER_CHANCE) {
            br_state_resolve_chance(s, NULL);
        } else {
            size_t n = g->legal_moves(s->data, moves);
            br_state_apply_checked(s, moves[br_rng_below(rng, (uint32_t)n)]);
        }
        (*total)++;
    }
}

br_status br_playout_random(const br_state *state, uint64_t seed, size_t num_games,
                            uint64_t *wins, size_t wins_len, uint64_t *total_moves)
{
    if (!state || (wins && wins_len < (size_t)state->num_players))
        return BR_ERR_ARGUMENT;
    br_state *work;
    br_status st = br_state_clone(state, &work);
    if (st != BR_OK)
        return st;
    br_move *moves = br_mem_alloc(sizeof *moves * (state->game->legal_moves_bound + 1));
    if (!moves) {
        br_state_free(work);
        return BR_ERR_NO_MEMORY;
    }
    if (wins)
        memset(wins, 0, sizeof *wins * wins_len);
    uint64_t total = 0;
    br_rng rng;
    br_rng_seed(&rng, seed);
    for (size_t i = 0; i < num_games; i++) {
        memcpy(work, state, br_state_used_size(state));
        br_rng_seed(&work->rng, br_rng_next(&rng));
        play_one(work, &rng, moves, &total);
        uint8_t winner[BR_MAX_SEATS] = { 0 };
        work->game->winners(work->data, winner);
        for (int p = 0; wins && p < work->num_players; p++)
            wins[p] += winner[p] != 0;
    }
    br_mem_free(moves);
    br_state_free(work);
    if (total_moves)
        *total_moves = total;
    return BR_OK;
}
