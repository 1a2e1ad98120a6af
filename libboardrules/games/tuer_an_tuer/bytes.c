/*
 * Tür an Tür's binary snapshot (to_bytes, from_bytes): the same state as the
 * JSON snapshot of snapshot.c in fixed widths, little-endian. The loader
 * checks every field as it reads it and ends in the census and the
 * invariants the JSON loader checks too (snapshot.h).
 */
#include <string.h>

#include "snapshot.h"

/* Binary snapshot (doc/games/tuer-an-tuer.md, "Binary snapshot"): the
 * state's fields in fixed widths, little-endian, in this order: the head
 * (phase, turn, dealt, exchange_draws, steps, source, stopped), the board,
 * the elevators, the figures (segment and cell per seat), the five card sets
 * (door pile, hands, exchanged: two 64-bit masks each), the elevator card
 * counts (hands, dropped, replaced, pile: one count per type), cat_wait,
 * last_score, final (set, steps, needed per seat) and winners. The options
 * (run4, different4) travel in the envelope. Every field is checked as it is
 * read, with a reason naming the field as the JSON loader does, then the
 * JSON loader's own checks over the whole state (census,
 * tat_snap_check_invariants). */

enum {
    BIN_HEAD = 7,
    BIN_FIGURES = 2 * SEATS,
    BIN_SET = 16,
    BIN_SETS = 5 * BIN_SET,
    BIN_ETYPES = (2 * SEATS + 2) * ETYPES,
    BIN_TAIL = SEATS + SC_FIELDS + 2 + SEATS + SEATS,
    BIN_SIZE = BIN_HEAD + DOORS + FLOORS + BIN_FIGURES + BIN_SETS + BIN_ETYPES + BIN_TAIL
};

static void put_le64(uint8_t *b, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le64(const uint8_t *b)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)b[i] << (8 * i);
    return v;
}

static size_t put_bin_set(uint8_t *b, size_t n, const cardset *set)
{
    put_le64(b + n, set->one);
    put_le64(b + n + 8, set->two);
    return n + BIN_SET;
}

void tat_to_bytes(const void *st, br_bytes_writer *w)
{
    const tat *s = st;
    uint8_t b[BIN_SIZE];
    size_t n = 0;
    b[n++] = s->phase;
    b[n++] = s->turn;
    b[n++] = s->dealt;
    b[n++] = s->exchange_draws;
    b[n++] = s->steps;
    b[n++] = s->source;
    b[n++] = s->stopped;
    memcpy(b + n, s->board, DOORS);
    n += DOORS;
    memcpy(b + n, s->elevators, FLOORS);
    n += FLOORS;
    for (int p = 0; p < SEATS; p++) {
        b[n++] = s->seg[p];
        b[n++] = s->cell[p];
    }
    n = put_bin_set(b, n, &s->pile);
    for (int p = 0; p < SEATS; p++)
        n = put_bin_set(b, n, &s->hand[p]);
    for (int p = 0; p < SEATS; p++)
        n = put_bin_set(b, n, &s->exchanged[p]);
    memcpy(b + n, s->ehand, sizeof s->ehand);
    n += sizeof s->ehand;
    memcpy(b + n, s->dropped, sizeof s->dropped);
    n += sizeof s->dropped;
    memcpy(b + n, s->replaced, ETYPES);
    n += ETYPES;
    memcpy(b + n, s->epile, ETYPES);
    n += ETYPES;
    for (int p = 0; p < SEATS; p++)
        b[n++] = s->cat_wait[p];
    memcpy(b + n, s->last, SC_FIELDS);
    n += SC_FIELDS;
    b[n++] = s->has_final;
    b[n++] = s->final_steps;
    for (int p = 0; p < SEATS; p++)
        b[n++] = s->final_needed[p];
    for (int p = 0; p < SEATS; p++)
        b[n++] = s->winners[p];
    br_bw_bytes(w, b, n);
}

static bool read_bin_head(tat *s, const uint8_t *b, br_text *err)
{
    if (b[0] >= PHASES)
        return br_fail(err, "state.phase: %u is not a phase 0..%d (deal .. over)", b[0],
                       PHASES - 1);
    if (b[1] >= SEATS)
        return br_fail(err, "state.turn: %u is not a seat 0..1", b[1]);
    if (b[2] > SEATS * HAND)
        return br_fail(err, "state.dealt: %u is not in 0..%d", b[2], SEATS * HAND);
    if (b[3] > MAX_EXCHANGE)
        return br_fail(err, "state.exchange_draws: %u is not in 0..%d", b[3], MAX_EXCHANGE);
    if (b[5] > SRC_ELEVATOR)
        return br_fail(err, "state.source: %u is not 0 (door) or 1 (elevator)", b[5]);
    if (b[6] > 1)
        return br_fail(err, "state.stopped: %u is not 0 or 1", b[6]);
    s->phase = b[0];
    s->turn = b[1];
    s->dealt = b[2];
    s->exchange_draws = b[3];
    s->steps = b[4];
    s->source = b[5];
    s->stopped = b[6];
    return true;
}

static bool read_bin_board(tat *s, const uint8_t *b, br_text *err)
{
    for (int x = 0; x < DOORS; x++) {
        if (b[x] != NONE && b[x] >= CARDS)
            return br_fail(err, "state.board[%d]: %u is not 255 (empty) or a card 0..%d", x,
                           b[x], CARDS - 1);
        s->board[x] = b[x];
    }
    for (int f = 0; f < FLOORS; f++) {
        if (b[DOORS + f] != NONE && b[DOORS + f] >= ETYPES)
            return br_fail(err, "state.elevators[%d]: %u is not 255 (empty) or an elevator "
                           "card type 0..%d", f, b[DOORS + f], ETYPES - 1);
        s->elevators[f] = b[DOORS + f];
    }
    return true;
}

/* The board is loaded: an empty door has three cells, every other field one. */
static bool read_bin_figures(tat *s, const uint8_t *b, br_text *err)
{
    for (int p = 0; p < SEATS; p++, b += 2) {
        if (b[0] > SEG_EXIT)
            return br_fail(err, "state.figures[%d]: segment %u is not in 0..%d", p, b[0],
                           SEG_EXIT);
        s->seg[p] = b[0];
        if (b[1] >= segment_cells(s, b[0]))
            return br_fail(err, "state.figures[%d]: cell %u, but the field has %d", p, b[1],
                           segment_cells(s, b[0]));
        s->cell[p] = b[1];
    }
    return true;
}

/* A card set: two masks, `two` within `one`, no bit beyond the last card, at
 * most `max` cards. */
static bool read_bin_set(const uint8_t *b, size_t max, cardset *set, const char *path,
                         br_text *err)
{
    set->one = get_le64(b);
    set->two = get_le64(b + 8);
    if ((set->one | set->two) >> CARDS)
        return br_fail(err, "%s: a card beyond %d in the masks", path, CARDS - 1);
    if (set->two & ~set->one)
        return br_fail(err, "%s: a second copy of a card without its first", path);
    if ((size_t)cardset_size(set) > max)
        return br_fail(err, "%s: has %d entries, at most %zu allowed", path, cardset_size(set),
                       max);
    return true;
}

/* Adds mask m to a three-bit counter per card (bit c of c0, c1, c2). */
static void count_mask(uint64_t *c0, uint64_t *c1, uint64_t *c2, uint64_t m)
{
    uint64_t carry = *c0 & m;
    *c0 ^= m;
    uint64_t carry2 = *c1 & carry;
    *c1 ^= carry;
    *c2 |= carry2;
}

/* Whether every door card is found exactly twice (board, hands, exchanged,
 * pile), counted over the masks at once. */
static bool census_is_complete(const tat *s)
{
    uint64_t c0 = 0, c1 = 0, c2 = 0;
    for (int x = 0; x < DOORS; x++) {
        if (s->board[x] == NONE)
            continue;
        uint64_t bit = UINT64_C(1) << s->board[x];
        count_mask(&c0, &c1, &c2, bit);
    }
    const cardset *sets[] = {&s->pile, &s->hand[0], &s->hand[1], &s->exchanged[0],
                             &s->exchanged[1]};
    for (int i = 0; i < 5; i++) {
        count_mask(&c0, &c1, &c2, sets[i]->one);
        count_mask(&c0, &c1, &c2, sets[i]->two);
    }
    uint64_t all = (UINT64_C(1) << CARDS) - 1;
    return (~c0 & c1 & ~c2 & all) == all;
}

/* The JSON loader's census, one copy at a time: run only when the quick count
 * finds a card not twice, for the reason naming where. */
static bool census_of_sets(const tat *s, br_text *err)
{
    static const char *const board_paths[DOORS] = {
        "state.board[0]", "state.board[1]", "state.board[2]", "state.board[3]",
        "state.board[4]", "state.board[5]", "state.board[6]", "state.board[7]",
        "state.board[8]", "state.board[9]", "state.board[10]", "state.board[11]",
        "state.board[12]", "state.board[13]", "state.board[14]", "state.board[15]",
    };
    /* In the JSON loader's order: board, hands, exchanged, pile. */
    const struct {
        const cardset *set;
        enum place place;
        const char *path;
    } sets[] = {
        {&s->hand[0], AT_HAND0, "state.hands[0]"},
        {&s->hand[1], AT_HAND1, "state.hands[1]"},
        {&s->exchanged[0], AT_EXCHANGED0, "state.exchanged[0]"},
        {&s->exchanged[1], AT_EXCHANGED1, "state.exchanged[1]"},
        {&s->pile, AT_PILE, "state.door_pile"},
    };
    card_census census;
    memset(&census, 0, sizeof census);
    for (int x = 0; x < DOORS; x++)
        if (s->board[x] != NONE &&
            !tat_snap_census_add(&census, s->board[x], AT_BOARD, board_paths[x], err))
            return false;
    for (int i = 0; i < 5; i++)
        for (uint64_t v = sets[i].set->one; v; v &= v - 1) {
            int c = lowest_bit(v);
            for (int k = cardset_count(sets[i].set, c); k > 0; k--)
                if (!tat_snap_census_add(&census, c, sets[i].place, sets[i].path, err))
                    return false;
        }
    return tat_snap_check_census_complete(&census, err);
}

static bool read_bin_sets(tat *s, const uint8_t *b, br_text *err)
{
    static const char *const paths[] = {"state.hands[0]", "state.hands[1]",
                                        "state.exchanged[0]", "state.exchanged[1]"};
    for (int p = 0; p < SEATS; p++)
        if (!read_bin_set(b + BIN_SET * (1 + p), HAND, &s->hand[p], paths[p], err))
            return false;
    for (int p = 0; p < SEATS; p++)
        if (!read_bin_set(b + BIN_SET * (3 + p), MAX_EXCHANGE, &s->exchanged[p], paths[2 + p],
                          err))
            return false;
    if (!read_bin_set(b, CARDS * DOOR_COPIES, &s->pile, "state.door_pile", err))
        return false;
    return census_is_complete(s) || census_of_sets(s, err);
}

static bool read_bin_etypes(const uint8_t *b, int max, uint8_t *counts, const char *path,
                            br_text *err)
{
    int n = 0;
    for (int t = 0; t < ETYPES; t++) {
        if (b[t] > ECOPIES)
            return br_fail(err, "%s: %u copies of '%s', there are %d of each", path, b[t],
                           etype_names[t], ECOPIES);
        counts[t] = b[t];
        n += b[t];
    }
    if (n > max)
        return br_fail(err, "%s: has %d entries, at most %d allowed", path, n, max);
    return true;
}

static bool read_bin_all_etypes(tat *s, const uint8_t *b, br_text *err)
{
    static const char *const paths[] = {"state.elevator_hands[0]", "state.elevator_hands[1]",
                                        "state.dropped[0]", "state.dropped[1]"};
    for (int p = 0; p < SEATS; p++)
        if (!read_bin_etypes(b + ETYPES * p, EHAND + 1, s->ehand[p], paths[p], err))
            return false;
    for (int p = 0; p < SEATS; p++)
        if (!read_bin_etypes(b + ETYPES * (2 + p), ETYPES * ECOPIES, s->dropped[p],
                             paths[2 + p], err))
            return false;
    return read_bin_etypes(b + ETYPES * 4, ETYPES * ECOPIES, s->replaced, "state.replaced",
                           err) &&
           read_bin_etypes(b + ETYPES * 5, ETYPES * ECOPIES, s->epile, "state.elevator_pile",
                           err);
}

static bool read_bin_tail(tat *s, const uint8_t *b, br_text *err)
{
    static const char *const wait_paths[] = {"state.cat_wait[0]", "state.cat_wait[1]"};
    for (int p = 0; p < SEATS; p++, b++) {
        if (b[0] >= CAT_WAITS)
            return br_fail(err, "%s: %u is not 0 (none), 1 (later) or 2 (ready)", wait_paths[p],
                           b[0]);
        s->cat_wait[p] = b[0];
        if (!tat_snap_check_cat_wait(s, p, wait_paths[p], err))
            return false;
    }
    for (int i = 0; i < SC_FIELDS; i++, b++) {
        if (i < SC_TOTAL && b[0] > 10)
            return br_fail(err, "state.last_score.%s: %u is not in 0..10", score_names[i], b[0]);
        s->last[i] = b[0];
    }
    if (!tat_snap_check_last_total(s, err))
        return false;
    if (b[0] > 1)
        return br_fail(err, "state.final: %u is not 0 (null) or 1 (set)", b[0]);
    s->has_final = b[0];
    s->final_steps = b[1];
    for (int p = 0; p < SEATS; p++) {
        uint8_t needed = b[2 + p];
        if (s->has_final ? needed < 1 || needed > SEG_EXIT : needed != 0)
            return br_fail(err, "state.final.needed[%d]: %u is not %s", p, needed,
                           s->has_final ? "in 1..21" : "0 (no final scoring)");
        s->final_needed[p] = needed;
    }
    if (!s->has_final && s->final_steps)
        return br_fail(err, "state.final.steps: %u, but there is no final scoring (0 there)",
                       s->final_steps);
    b += 2 + SEATS;
    for (int p = 0; p < SEATS; p++) {
        if (b[p] > 1)
            return br_fail(err, "state.winners[%d]: %u is not 0 or 1", p, b[p]);
        s->winners[p] = b[p];
    }
    return true;
}

br_status tat_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    tat *s = st;
    tat loaded;
    memset(&loaded, 0, sizeof loaded);
    loaded.run4 = s->run4; /* the options, already set by init() */
    loaded.different4 = s->different4;
    uint8_t head[BIN_HEAD], board[DOORS + FLOORS], figures[BIN_FIGURES], sets[BIN_SETS],
        etypes[BIN_ETYPES], tail[BIN_TAIL];
    if (!br_br_bytes(r, head, sizeof head, "state.phase") ||
        !br_br_bytes(r, board, sizeof board, "state.board") ||
        !br_br_bytes(r, figures, sizeof figures, "state.figures") ||
        !br_br_bytes(r, sets, sizeof sets, "state.door_pile") ||
        !br_br_bytes(r, etypes, sizeof etypes, "state.elevator_hands") ||
        !br_br_bytes(r, tail, sizeof tail, "state.cat_wait"))
        return BR_ERR_SNAPSHOT;
    if (!read_bin_head(&loaded, head, err) || !read_bin_board(&loaded, board, err) ||
        !read_bin_figures(&loaded, figures, err) || !read_bin_sets(&loaded, sets, err) ||
        !read_bin_all_etypes(&loaded, etypes, err) || !read_bin_tail(&loaded, tail, err) ||
        !tat_snap_check_invariants(&loaded, err))
        return BR_ERR_SNAPSHOT;
    *s = loaded;
    return BR_OK;
}
