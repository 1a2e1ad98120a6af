/*
 * What Tür an Tür shows: the observation of one seat, the text rendering
 * (whole or as one seat sees it) and the resampling of what a seat cannot
 * see.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "tuer_an_tuer.h"

/* ------------------------------------------------------------------ */
/* Rendering */

/* Rendering columns: a floor line is " 4  S" and then, per door k, the
 * field "  [ R5*]" starting at column 5 + 8k, then the elevator "  |red     |". */
enum { COL_DOOR = 7, DOOR_WIDTH = 8, COL_ELEVATOR = 40, COL_EXIT = 50, LINE = 64 };

static void write_at(char *line, int col, const char *text)
{
    size_t n = strlen(text);
    if (col >= 0 && (size_t)col + n < LINE)
        memcpy(line + col, text, n);
}

/* The column of a figure's marker in the line below floor `floor`, or -1. */
static int figure_column(const tat *s, int p, int floor)
{
    int seg = s->seg[p];
    if (seg == SEG_START)
        return floor == 0 ? 1 : -1;
    if (seg == SEG_EXIT)
        return floor == FLOORS - 1 ? COL_EXIT : -1;
    if (seg < 1 + 5 * floor || seg > 5 + 5 * floor)
        return -1;
    if (segment_is_elevator(seg))
        return COL_ELEVATOR;
    return COL_DOOR + DOOR_WIDTH * (seg - 1 - 5 * floor);
}

/* Below each floor, each figure's seat number under the field it stands on
 * ("0:2": seat 0 on the second cell of an empty door). */
static void render_figures(const tat *s, br_text *out, int floor)
{
    char line[LINE];
    memset(line, ' ', sizeof line);
    int end = 0;
    for (int p = 0; p < SEATS; p++) {
        int col = figure_column(s, p, floor);
        if (col < 0)
            continue;
        if (p == 1 && figure_column(s, 0, floor) == col)
            col += s->seg[0] == s->seg[1] && segment_door(s->seg[0]) >= 0 &&
                           s->board[segment_door(s->seg[0])] == NONE ? 4 : 2;
        char text[8];
        int x = segment_door(s->seg[p]);
        if (x >= 0 && s->board[x] == NONE)
            snprintf(text, sizeof text, "%d:%d", p, s->cell[p] + 1);
        else
            snprintf(text, sizeof text, "%d", p);
        write_at(line, col, text);
        int e = col + (int)strlen(text);
        end = e > end ? e : end;
    }
    line[end < LINE ? end : LINE - 1] = '\0';
    br_text_printf(out, "%s\n", line);
}

static void render_floor(const tat *s, br_text *out, int floor)
{
    br_text_printf(out, " %d  %s", FLOORS - floor, floor == 0 ? "S" : " ");
    for (int k = 0; k < COLUMNS; k++) {
        int c = s->board[COLUMNS * floor + k];
        br_text_puts(out, "  [");
        if (c == NONE) {
            br_text_puts(out, " . .");
        } else {
            br_text_putc(out, ' ');
            tat_put_card(out, c);
            br_text_putc(out, card_has_cat(c) ? '*' : ' ');
        }
        br_text_puts(out, "]");
    }
    int e = s->elevators[floor];
    br_text_printf(out, "  |%-8s|%s\n", e == NONE ? "" : etype_names[e],
                   floor == FLOORS - 1 ? " X" : "");
    render_figures(s, out, floor);
}

/* Hands `viewer` cannot see (sees()) show as counts. */
static void render_hands(const tat *s, int viewer, br_text *out)
{
    for (int p = 0; p < SEATS; p++) {
        br_text_printf(out, "seat %d at ", p);
        tat_put_position(out, s, p);
        if (!sees(viewer, p)) {
            br_text_printf(out, "  doors: %d hidden  elevator: %d hidden\n",
                           cardset_size(&s->hand[p]), ehand_size(s, p));
            continue;
        }
        br_text_puts(out, "  doors:");
        for (cardset h = s->hand[p]; !cardset_empty(&h);) {
            int c = br_lowest_bit64(h.one);
            br_text_putc(out, ' ');
            tat_put_card(out, c);
            if (card_has_cat(c))
                br_text_putc(out, '*');
            cardset_remove(&h, c);
        }
        br_text_puts(out, "  elevator:");
        for (int t = 0; t < ETYPES; t++)
            for (int k = 0; k < s->ehand[p][t]; k++)
                br_text_printf(out, " %s", etype_names[t]);
        br_text_putc(out, '\n');
    }
}

/* The non-zero parts of the last door card's score, e.g. "same colour 3,
 * run 5": a row of zeros hides the one part that counted. */
static void render_last_score(const tat *s, br_text *out)
{
    static const char *const labels[SC_TOTAL] = {
        "same colour", "same number", "ascending", "run", "different colours",
        "elevator card",
    };
    br_text_printf(out, "last door card: %d step%s", s->last[SC_TOTAL],
                   s->last[SC_TOTAL] == 1 ? "" : "s");
    const char *sep = " (";
    for (int i = 0; i < SC_TOTAL; i++) {
        if (s->last[i] == 0)
            continue;
        br_text_printf(out, "%s%s %d", sep, labels[i], s->last[i]);
        sep = ", ";
    }
    br_text_puts(out, sep[0] == ',' ? ")\n" : "\n");
}

/* The cat decision names the jump's target: a person cannot be expected to
 * search the path for the next door of the cat's colour. */
static void render_cat_choice(const tat *s, br_text *out)
{
    int seg = s->seg[s->turn];
    int target = tat_cat_target(s, seg, card_colour(s->board[segment_door(seg)]));
    assert(target > 0); /* the phase is entered (and loaded) only with a target */
    br_text_printf(out, " (%d step%s left: jump to ", s->steps, s->steps == 1 ? "" : "s");
    tat_put_door_field(out, segment_door(target));
    br_text_puts(out, ", or walk on)");
}

static void render_status(const tat *s, br_text *out)
{
    br_text_printf(out, "piles: %d door cards, %d elevator cards\n", cardset_size(&s->pile),
                   epile_size(s));
    render_last_score(s, out);
    if (s->has_final)
        br_text_printf(out, "final scoring: %d steps each; steps needed %d and %d\n",
                       s->final_steps, s->final_needed[0], s->final_needed[1]);
    if (s->phase == PH_OVER) {
        if (s->winners[0] && s->winners[1])
            br_text_puts(out, "game over: a draw\n");
        else if (s->winners[0] || s->winners[1])
            br_text_printf(out, "game over: seat %d wins\n", s->winners[0] ? 0 : 1);
        else
            br_text_puts(out, "game over: nobody wins, both are trapped in the house\n");
    } else if (tat_current_player(s) == BR_PLAYER_CHANCE) {
        br_text_printf(out, "phase %s: seat %d draws\n", phase_names[s->phase], s->turn);
    } else {
        br_text_printf(out, "phase %s: seat %d to move", phase_names[s->phase], s->turn);
        if (s->phase == PH_CAT)
            render_cat_choice(s, out);
        br_text_putc(out, '\n');
    }
}

void tat_render(const void *st, int viewer, br_text *out)
{
    const tat *s = st;
    br_text_printf(out, "Tür an Tür (run4=%d)   * = cat   S = start   X = exit\n", s->run4);
    /* The figure markers are digits under the board; without a word they
     * read as numbers of something. */
    br_text_puts(out, "figures (under each floor): 0, 1 = seat 0's, seat 1's figure below its\n"
                      "field; 0:2 = seat 0 on cell 2 of the 3 cells of an empty door [ . .]\n");
    char header[LINE];
    memset(header, ' ', sizeof header);
    for (int k = 0; k < COLUMNS; k++)
        header[COL_DOOR + DOOR_WIDTH * k + 2] = (char)('a' + k);
    write_at(header, COL_ELEVATOR, "e");
    header[COL_ELEVATOR + 1] = '\0';
    br_text_printf(out, "%s\n", header);
    for (int floor = 0; floor < FLOORS; floor++)
        render_floor(s, out, floor);
    render_hands(s, viewer, out);
    render_status(s, out);
}

/* ------------------------------------------------------------------ */
/* Resampling an information set */

/* Deals the door cards `seat` cannot see anew, keeping every count. */
static void resample_doors(tat *s, int seat, br_rng *rng)
{
    uint8_t pool[CARDS * DOOR_COPIES];
    int n = 0;
    cardset *hidden[1 + 2 * SEATS];
    int nsets = 0;
    hidden[nsets++] = &s->pile;
    for (int p = 0; p < SEATS; p++) {
        if (p != seat) {
            hidden[nsets++] = &s->hand[p];
            hidden[nsets++] = &s->exchanged[p];
        }
    }
    /* The hidden cards in the order of their numbers, whichever set holds
     * them: then the deal depends on what the seat sees and the seed only,
     * not on where the hidden cards are (a bot's choice must not:
     * doc/bots.md). */
    int sizes[1 + 2 * SEATS];
    for (int i = 0; i < nsets; i++)
        sizes[i] = cardset_size(hidden[i]);
    for (int c = 0; c < CARDS; c++)
        for (int i = 0; i < nsets; i++)
            for (int k = 0; k < cardset_count(hidden[i], c); k++)
                pool[n++] = (uint8_t)c;
    for (int i = 0; i < nsets; i++)
        hidden[i]->one = hidden[i]->two = 0;
    br_rng_shuffle_bytes(rng, pool, n);
    int k = 0;
    for (int i = 0; i < nsets; i++)
        for (int j = 0; j < sizes[i]; j++)
            cardset_add(hidden[i], pool[k++]);
}

static void deal_counts(uint8_t *counts, int n, const uint8_t *pool, int *k)
{
    memset(counts, 0, ETYPES);
    for (int i = 0; i < n; i++)
        counts[pool[(*k)++]]++;
}

static void resample_elevators(tat *s, int seat, br_rng *rng)
{
    uint8_t pool[ETYPES * ECOPIES];
    int n = 0;
    for (int t = 0; t < ETYPES; t++) {
        int copies = s->epile[t];
        for (int p = 0; p < SEATS; p++)
            if (p != seat)
                copies += s->ehand[p][t] + s->dropped[p][t];
        for (int i = 0; i < copies; i++)
            pool[n++] = (uint8_t)t;
    }
    br_rng_shuffle_bytes(rng, pool, n);
    int k = 0;
    for (int p = 0; p < SEATS; p++) {
        if (p == seat)
            continue;
        deal_counts(s->ehand[p], ehand_size(s, p), pool, &k);
        deal_counts(s->dropped[p], count_etypes(s->dropped[p]), pool, &k);
    }
    deal_counts(s->epile, n - k, pool, &k);
}

void tat_resample(const void *st, int seat, br_rng *rng, void *out)
{
    tat *d = out;
    *d = *(const tat *)st;
    resample_doors(d, seat, rng);
    resample_elevators(d, seat, rng);
}

/* ------------------------------------------------------------------ */
/* Observation tensor (doc: "Learning interface"): what tat_write_view()
 * shows `seat`, as numbers, straight from the state. Everything is cleared
 * first, then the ones and the scaled counts are set. */

/* Scales: the largest value each count can take (doc: "Observation tensor"). */
#define STEPS_TO_EXIT_MAX 53.0f /* start to exit over an empty board */
#define FINAL_NEEDED_MAX 21.0f  /* start to exit over a full board */
#define DROPPED_MAX 4.0f        /* one drop per elevator field reached */
#define STEPS_MAX 38.0f         /* 5 + 5 + 5 + 10 + 5 + 8: every category at its most */
#define FINAL_STEPS_MAX 32.0f   /* four elevator cards of 8 */
#define EFFECT_MAX 8.0f         /* the most an elevator card gives */

/* Steps still needed from figure p's position to the exit: one cell per
 * later segment, two more per later empty door, and what is left of the
 * figure's own empty door. `empty`: bit x = door field x is empty. */
static int steps_to_exit(const tat *s, int p, unsigned empty)
{
    int seg = s->seg[p];
    if (seg == SEG_EXIT)
        return 0;
    int n = SEG_EXIT - seg;
    int x = segment_door(seg);
    int after; /* the first door field past the figure */
    if (seg == SEG_START) {
        after = 0;
    } else if (x >= 0) {
        after = x + 1;
        if (s->board[x] == NONE)
            n += EMPTY_DOOR_CELLS - 1 - s->cell[p];
    } else {
        after = COLUMNS * (seg / 5); /* elevator field 5 + 5f: the doors of floors > f */
    }
    return n + (EMPTY_DOOR_CELLS - 1) * br_popcount64(empty >> after);
}

static void put_cardset(float *out, const cardset *set)
{
    for (uint64_t v = set->one; v; v &= v - 1)
        out[br_lowest_bit64(v)] = 0.5f;
    for (uint64_t v = set->two; v; v &= v - 1)
        out[br_lowest_bit64(v)] = 1.0f;
}

static void put_etypes(float *out, const uint8_t *counts)
{
    for (int t = 0; t < ETYPES; t++)
        out[t] = (float)counts[t] * 0.5f;
}

/* The block of seat p as `viewer` (-1 or a seat) sees it. */
static void put_seat_block(const tat *s, int p, int viewer, unsigned empty, float *b)
{
    b[TB_SEGMENT + s->seg[p]] = 1.0f;
    b[TB_CELL + s->cell[p]] = 1.0f;
    b[TB_TO_EXIT] = (float)steps_to_exit(s, p, empty) / STEPS_TO_EXIT_MAX;
    b[TB_CAT_WAIT + s->cat_wait[p]] = 1.0f;
    b[TB_WINNER] = s->winners[p] ? 1.0f : 0.0f;
    if (s->has_final)
        b[TB_FINAL_NEEDED] = (float)s->final_needed[p] / FINAL_NEEDED_MAX;
    b[TB_HAND_SIZE] = (float)cardset_size(&s->hand[p]) / (float)HAND;
    b[TB_EHAND_SIZE] = (float)ehand_size(s, p) / (float)(EHAND + 1);
    b[TB_EXCHANGED_SIZE] = (float)cardset_size(&s->exchanged[p]) / (float)MAX_EXCHANGE;
    b[TB_DROPPED_SIZE] = (float)count_etypes(s->dropped[p]) / DROPPED_MAX;
    if (viewer != p)
        return; /* the contents stay hidden: only the counts above */
    put_cardset(b + TB_HAND, &s->hand[p]);
    put_etypes(b + TB_EHAND, s->ehand[p]);
    put_cardset(b + TB_EXCHANGED, &s->exchanged[p]);
    put_etypes(b + TB_DROPPED, s->dropped[p]);
}

void tat_write_tensor(const void *st, int seat, float *out)
{
    static const float last_max[SC_FIELDS] = {5, 5, 5, 10, 5, EFFECT_MAX, STEPS_MAX};
    const tat *s = st;
    int viewer = seat < 0 ? -1 : seat;
    memset(out, 0, TAT_TENSOR_SIZE * sizeof *out); /* 0.0f is all zero bits */

    unsigned empty = 0;
    for (int x = 0; x < DOORS; x++) {
        int c = s->board[x];
        if (c == NONE) {
            empty |= 1u << x;
            continue;
        }
        out[TT_OCCUPIED + x] = 1.0f;
        out[TT_COLOUR + DOORS * card_colour(c) + x] = 1.0f;
        out[TT_NUMBER + DOORS * (card_number(c) - 1) + x] = 1.0f;
        if (card_has_cat(c))
            out[TT_CAT + x] = 1.0f;
    }
    for (int f = 0; f < FLOORS; f++) {
        int t = s->elevators[f];
        if (t == NONE)
            continue;
        out[TT_ELEVATOR + FLOORS * t + f] = 1.0f;
        out[TT_ELEVATOR_STEPS + f] = (float)tat_elevator_effect(s, t, f) / EFFECT_MAX;
    }

    /* Seats relative to the observer (its own first); a spectator's in seat
     * order. `first` is the seat of block 0. */
    int first = viewer < 0 ? 0 : viewer;
    for (int k = 0; k < SEATS; k++)
        put_seat_block(s, (first + k) % SEATS, viewer, empty, out + TT_SEATS + TB_SIZE * k);

    out[TT_PHASE + s->phase] = 1.0f;
    out[TT_TO_MOVE + (s->turn - first + SEATS) % SEATS] = 1.0f;
    if (viewer >= 0)
        out[TT_OBSERVER + viewer] = 1.0f;
    out[TT_DEALT] = (float)s->dealt / (float)(SEATS * HAND);
    out[TT_EXCHANGE_DRAWS] = (float)s->exchange_draws / (float)MAX_EXCHANGE;
    out[TT_DOOR_PILE] = (float)cardset_size(&s->pile) / (float)(CARDS * DOOR_COPIES);
    out[TT_ELEVATOR_PILE] = (float)epile_size(s) / (float)(ETYPES * ECOPIES);
    put_etypes(out + TT_REPLACED, s->replaced);
    out[TT_STEPS] = (float)s->steps / STEPS_MAX;
    out[TT_SOURCE] = s->source == SRC_ELEVATOR ? 1.0f : 0.0f;
    out[TT_STOPPED] = s->stopped ? 1.0f : 0.0f;
    for (int i = 0; i < SC_FIELDS; i++)
        out[TT_LAST + i] = (float)s->last[i] / last_max[i];
    if (s->has_final) {
        out[TT_HAS_FINAL] = 1.0f;
        out[TT_FINAL_STEPS] = (float)s->final_steps / FINAL_STEPS_MAX;
    }
}

/* ------------------------------------------------------------------ */
/* The views of a move: the seat in turn (or due to draw) sees its move; the
 * other seat and the spectator see placements, elevator cards laid, done,
 * jump and walk, and of the rest only the class. */
int tat_hidden_class(const tat *s, br_move move, int viewer)
{
    if (viewer == BR_VIEW_FULL || viewer == s->turn || move < MV_EXCHANGE || move == MV_DONE ||
        (move >= MV_ELEVATOR && move < MV_DROP))
        return -1;
    return move < MV_DONE ? 0 : move < MV_DRAW_DOOR ? 1 : move < MV_DRAW_ELEVATOR ? 2 : 3;
}

/* The information-state tensor's view of a move, as tat_move_to_text(). */
uint32_t tat_move_view(const void *st, br_move move, int seat)
{
    int hidden = tat_hidden_class(st, move, seat);
    return hidden < 0 ? (uint32_t)move : MOVE_SPACE + (uint32_t)hidden;
}
