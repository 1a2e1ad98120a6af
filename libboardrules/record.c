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

typedef struct line_reader {
    const char *next;
    size_t number;     /* 1-based number of the line last read */
    char line[256];
} line_reader;

/* Reads the next line that is neither blank nor a comment, trimmed.
 * Returns false at the end; sets *too_long for an overlong line. */
static bool next_line(line_reader *r, bool *too_long)
{
    *too_long = false;
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
        if (n >= sizeof r->line) {
            *too_long = true;
            return true;
        }
        memcpy(r->line, start, n);
        r->line[n] = '\0';
        return true;
    }
    return false;
}

/* Reads "keyword rest"; returns rest or NULL. */
static const char *keyword_value(const char *line, const char *keyword)
{
    size_t k = strlen(keyword);
    if (strncmp(line, keyword, k) != 0)
        return NULL;
    if (line[k] == '\0')
        return line + k;
    if (line[k] != ' ' && line[k] != '\t')
        return NULL;
    line += k;
    while (*line == ' ' || *line == '\t')
        line++;
    return line;
}

static br_status read_header(line_reader *r, br_state **s, size_t *bad_line, br_text *err)
{
    bool too_long;
    if (!next_line(r, &too_long) || too_long) {
        *bad_line = r->number ? r->number : 1;
        br_text_printf(err, "line %zu: expected 'game <name>'", *bad_line);
        return BR_ERR_RECORD;
    }
    const char *name = keyword_value(r->line, "game");
    if (!name) {
        *bad_line = r->number;
        br_text_printf(err, "line %zu: expected 'game <name>', got '%s'", r->number, r->line);
        return BR_ERR_RECORD;
    }
    const br_game *game = br_game_find(name);
    if (!game) {
        *bad_line = r->number;
        br_text_printf(err, "line %zu: no game named '%s'", r->number, name);
        return BR_ERR_UNKNOWN_GAME;
    }
    if (!next_line(r, &too_long) || too_long || !keyword_value(r->line, "options")) {
        *bad_line = r->number;
        br_text_printf(err, "line %zu: expected 'options <key=value,...>'", r->number);
        return BR_ERR_RECORD;
    }
    char msg[BR_ERROR_SIZE];
    br_text m = br_text_over(msg, sizeof msg);
    br_status st = br_state_create(game, keyword_value(r->line, "options"), s, &m);
    if (st != BR_OK) {
        *bad_line = r->number;
        br_text_printf(err, "line %zu: %s", r->number, msg);
    }
    return st;
}

static br_status replay_moves(line_reader *r, br_state *s, size_t *bad_line, br_text *err)
{
    bool too_long;
    while (next_line(r, &too_long)) {
        *bad_line = r->number;
        if (too_long) {
            br_text_printf(err, "line %zu: line too long", r->number);
            return BR_ERR_RECORD;
        }
        if (s->game->current_player(s->data) == BR_PLAYER_TERMINAL) {
            br_text_printf(err, "line %zu: '%s': the game is already over", r->number, r->line);
            return BR_ERR_RECORD;
        }
        br_move move;
        char reason[BR_ERROR_SIZE];
        br_text why = br_text_over(reason, sizeof reason);
        if (s->game->move_from_text(s->data, r->line, &move, &why) != BR_OK) {
            br_text_printf(err, "line %zu: %s", r->number, reason);
            return BR_ERR_RECORD;
        }
        if (!s->game->check_move(s->data, move, &why)) {
            br_text_printf(err, "line %zu: '%s': %s", r->number, r->line, reason);
            return BR_ERR_RECORD;
        }
        br_state_apply_checked(s, move);
    }
    *bad_line = 0;
    return BR_OK;
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
    line_reader r = { .next = record, .number = 0 };
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
    br_move *moves = malloc(sizeof *moves * (state->game->legal_moves_bound + 1));
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
        memcpy(work, state, br_state_alloc_size(state->game));
        br_rng_seed(&work->rng, br_rng_next(&rng));
        play_one(work, &rng, moves, &total);
        uint8_t winner[BR_MAX_SEATS] = { 0 };
        work->game->winners(work->data, winner);
        for (int p = 0; wins && p < work->num_players; p++)
            wins[p] += winner[p] != 0;
    }
    free(moves);
    br_state_free(work);
    if (total_moves)
        *total_moves = total;
    return BR_OK;
}
