/*
 * Tür an Tür: one test per rule of the German rule text
 * (shared/rules/tuer-an-tuer.de.txt), checked against the documented design
 * in doc/games/tuer-an-tuer.md.
 *
 * Positions are built in two ways, both through the public API only:
 * - by playing the setup with `chance=explicit`, the test choosing every deal;
 * - by loading a snapshot: a real snapshot taken after the setup, whose
 *   documented `state` fields (board, figures, hands, piles, ...) the test
 *   replaces with the position it needs (see load_layout()).
 * Results are read from the documented snapshot fields (figures, phase,
 * last_score, final, winners, ...), from br_state_returns() and from the
 * legal move lists.
 */
#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardrules.h>

#include "brt_util.h"

#define GAME_NAME "tuer-an-tuer"
#define NUM_DOOR_CARDS 36 /* distinct door cards: 4 colours x numbers 1..9 */
#define DOOR_COPIES 2     /* copies of each in the deck (72 cards) */
#define NUM_ELEVATOR_TYPES 10
#define MOVE_BUFFER 1024
#define TEXT_BUFFER (1 << 16)

/* Move number ranges of the spec ("Move numbers and notation"). */
#define FIRST_EXCHANGE_MOVE 576
#define FIRST_ELEVATOR_MOVE 613
#define LAST_ELEVATOR_MOVE 652
#define FIRST_DOOR_DRAW 665
#define LAST_DOOR_DRAW 700

/* Door fields in the spec's numbering (a4 = 0 .. d1 = 15). */
enum { A4, B4, C4, D4, A3, B3, C3, D3, A2, B2, C2, D2, A1, B1, C1, D1 };
/* Elevator fields (e4 = 0 .. e1 = 3). */
enum { E4, E3, E2, E1 };

static const char *const ELEVATOR_TYPES[NUM_ELEVATOR_TYPES] = {
    "yellow", "green", "red", "blue", "cats", "doors", "low", "high", "colours", "pairs"};

/* ------------------------------------------------------------------ */
/* Cards and types */

static int card_index(const char *text)
{
    static const char colours[] = "YGRB";
    const char *colour = strchr(colours, text[0]);
    ck_assert_msg(colour != NULL && text[0] != '\0' && text[1] >= '1' && text[1] <= '9' &&
                      text[2] == '\0',
                  "test bug: '%s' is not a door card", text);
    return (int)(colour - colours) * 9 + (text[1] - '1');
}

static void card_text(int card, char out[3])
{
    out[0] = "YGRB"[card / 9];
    out[1] = (char)('1' + card % 9);
    out[2] = '\0';
}

static int type_index(const char *name)
{
    return BRT_NAME_INDEX(ELEVATOR_TYPES, name, "an elevator type");
}

/* ------------------------------------------------------------------ */
/* States and moves */

static br_state *new_state(const char *options)
{
    return brt_new_game(GAME_NAME, options);
}

static size_t legal_moves(const br_state *s, br_move *moves)
{
    size_t n = 0;
    ck_assert_int_eq(br_state_legal_moves(s, moves, MOVE_BUFFER, &n), BR_OK);
    return n;
}

static size_t count_moves_in(const br_state *s, br_move first, br_move last)
{
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(s, moves), count = 0;
    for (size_t i = 0; i < n; i++)
        count += moves[i] >= first && moves[i] <= last;
    return count;
}

/* How often `item` occurs in a comma-separated list of texts. */
static int count_in_list(const char *list, const char *item)
{
    int n = 0;
    size_t len = strlen(item);
    for (const char *p = list; *p != '\0';) {
        size_t k = strcspn(p, ",");
        n += k == len && strncmp(p, item, len) == 0;
        p += k + (p[k] == ',');
    }
    return n;
}

/* At a chance node: applies the first outcome (the test still chooses it). */
static void draw_first(br_state *s)
{
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
    br_move moves[MOVE_BUFFER];
    ck_assert_uint_gt(legal_moves(s, moves), 0);
    ck_assert_int_eq(br_state_apply(s, moves[0]), BR_OK);
}

/* ------------------------------------------------------------------ */
/* Snapshot fields (brt_field and brt_observed read them as text) */

static void expect_phase(const br_state *s, const char *phase)
{
    ck_assert_str_eq(brt_field(s, "phase"), phase);
}

static void expect_figure(const br_state *s, int seat, const char *position)
{
    ck_assert_str_eq(brt_fieldf(s, "figures[%d]", seat), position);
}

static int score_part(const br_state *s, const char *category)
{
    char path[64];
    snprintf(path, sizeof path, "last_score.%s", category);
    return atoi(brt_field(s, path));
}

/* The documented parts of the last door placement's score. */
typedef struct score {
    int colour, number, ascending, run, different, elevator, total;
} score;

static void expect_score(const br_state *s, score want)
{
    score got = {score_part(s, "colour"),    score_part(s, "number"),
                 score_part(s, "ascending"), score_part(s, "run"),
                 score_part(s, "different"), score_part(s, "elevator"),
                 score_part(s, "total")};
    ck_assert_msg(memcmp(&got, &want, sizeof got) == 0,
                  "last_score: want colour %d number %d ascending %d run %d different %d "
                  "elevator %d total %d; got %d %d %d %d %d %d %d",
                  want.colour, want.number, want.ascending, want.run, want.different,
                  want.elevator, want.total, got.colour, got.number, got.ascending, got.run,
                  got.different, got.elevator, got.total);
}

static void expect_returns(const br_state *s, double r0, double r1)
{
    double r[2] = {9, 9};
    ck_assert_int_eq(br_state_returns(s, r, 2), BR_OK);
    ck_assert_msg(r[0] == r0 && r[1] == r1, "returns: want %g,%g got %g,%g", r0, r1, r[0], r[1]);
}

static double score_of(const br_state *s, int seat)
{
    double out[2] = {-1, -1};
    ck_assert_int_eq(br_state_scores(s, out, 2), BR_OK);
    return out[seat];
}

/* ------------------------------------------------------------------ */
/* Setup through the API */

/* Deals Y1, Y2, .., G1 (cards 0..9): seat 0 gets Y1 Y3 Y5 Y7 Y9, seat 1 Y2 Y4 Y6 Y8 G1. */
static void deal_in_order(br_state *s)
{
    char move[16], card[3];
    for (int i = 0; i < 10; i++) {
        card_text(i, card);
        snprintf(move, sizeof move, "draw %s", card);
        brt_play(s, move);
    }
}

/* Plays the whole setup (nobody exchanges) up to seat 0's first turn. */
static br_state *setup_state(const char *options)
{
    br_state *s = new_state(options);
    for (int guard = 0; strcmp(brt_field(s, "phase"), "turn") != 0; guard++) {
        ck_assert_msg(guard < 40, "setup does not reach phase 'turn'");
        if (br_state_is_chance_node(s))
            draw_first(s);
        else
            brt_play(s, "done");
    }
    return s;
}

/* ------------------------------------------------------------------ */
/* Positions from snapshots */

typedef struct layout {
    const char *board[16];             /* card text or NULL, fields a4..d1 */
    const char *elevators[4];          /* type name or NULL, fields e4..e1 */
    const char *figures[2];            /* position text; NULL = "start" */
    const char *hands[2][5];           /* NULL entries: filled with unused cards */
    const char *elevator_hands[2][2];  /* type names; NULL = none */
    int turn;                          /* the seat to move */
} layout;

static json_t *text_array(const int *items, size_t n, int is_card)
{
    json_t *a = json_array();
    char card[3];
    for (size_t i = 0; i < n; i++) {
        if (is_card) {
            card_text(items[i], card);
            json_array_append_new(a, json_string(card));
        } else {
            json_array_append_new(a, json_string(ELEVATOR_TYPES[items[i]]));
        }
    }
    return a;
}

static int compare_ints(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static json_t *pair_of_empty_lists(void)
{
    json_t *a = json_array();
    json_array_append_new(a, json_array());
    json_array_append_new(a, json_array());
    return a;
}

static json_t *layout_board(const layout *l, int *used)
{
    json_t *board = json_array();
    for (int x = 0; x < 16; x++) {
        if (l->board[x] == NULL) {
            json_array_append_new(board, json_null());
            continue;
        }
        int c = card_index(l->board[x]);
        ck_assert_msg(used[c] < DOOR_COPIES, "test bug: %s used 3 times", l->board[x]);
        used[c]++;
        json_array_append_new(board, json_string(l->board[x]));
    }
    return board;
}

static json_t *layout_hands(const layout *l, int *used)
{
    int hand[2][5];
    for (int seat = 0; seat < 2; seat++)
        for (int i = 0; i < 5; i++) {
            hand[seat][i] = -1;
            if (l->hands[seat][i] == NULL)
                continue;
            int c = card_index(l->hands[seat][i]);
            ck_assert_msg(used[c] < DOOR_COPIES, "test bug: %s used 3 times", l->hands[seat][i]);
            used[c]++;
            hand[seat][i] = c;
        }
    /* The hands are filled up with cards the layout does not use at all. */
    json_t *hands = json_array();
    for (int seat = 0; seat < 2; seat++) {
        for (int i = 0, c = 0; i < 5; i++) {
            if (hand[seat][i] >= 0)
                continue;
            while (used[c])
                c++;
            used[c] = 1;
            hand[seat][i] = c;
        }
        qsort(hand[seat], 5, sizeof(int), compare_ints);
        json_array_append_new(hands, text_array(hand[seat], 5, 1));
    }
    return hands;
}

static json_t *layout_door_pile(const int *used)
{
    int pile[NUM_DOOR_CARDS * DOOR_COPIES];
    size_t n = 0;
    for (int c = 0; c < NUM_DOOR_CARDS; c++)
        for (int k = used[c]; k < DOOR_COPIES; k++)
            pile[n++] = c;
    return text_array(pile, n, 1);
}

static json_t *layout_elevators(const layout *l, int *copies)
{
    json_t *elevators = json_array();
    for (int f = 0; f < 4; f++) {
        if (l->elevators[f] == NULL) {
            json_array_append_new(elevators, json_null());
            continue;
        }
        copies[type_index(l->elevators[f])]--;
        json_array_append_new(elevators, json_string(l->elevators[f]));
    }
    return elevators;
}

static json_t *layout_elevator_hands(const layout *l, int *copies)
{
    json_t *hands = json_array();
    for (int seat = 0; seat < 2; seat++) {
        int hand[2];
        size_t n = 0;
        for (int i = 0; i < 2; i++)
            if (l->elevator_hands[seat][i] != NULL)
                hand[n++] = type_index(l->elevator_hands[seat][i]);
        for (size_t i = 0; i < n; i++)
            copies[hand[i]]--;
        qsort(hand, n, sizeof(int), compare_ints);
        json_array_append_new(hands, text_array(hand, n, 0));
    }
    return hands;
}

static json_t *layout_elevator_pile(const int *copies)
{
    int pile[2 * NUM_ELEVATOR_TYPES];
    size_t n = 0;
    for (int t = 0; t < NUM_ELEVATOR_TYPES; t++) {
        ck_assert_msg(copies[t] >= 0, "test bug: more than 2 '%s' cards", ELEVATOR_TYPES[t]);
        for (int k = 0; k < copies[t]; k++)
            pile[n++] = t;
    }
    return text_array(pile, n, 0);
}

/* Loads the layout as a position at the start of `turn`'s turn. The other
 * fields (dealt, source, last_score) keep the values of a real snapshot taken
 * at the first turn. */
static br_state *load_layout(const layout *l, const char *extra_options)
{
    char options[128];
    snprintf(options, sizeof options, "chance=explicit%s%s", *extra_options ? "," : "",
             extra_options);
    br_state *template_state = setup_state(options);
    char *template_text = brt_snapshot(template_state);
    br_state_free(template_state);
    json_t *root = brt_parse_json(template_text);
    free(template_text);
    json_t *st = json_object_get(root, "state");
    ck_assert_ptr_nonnull(st);

    int used[NUM_DOOR_CARDS] = {0};
    int copies[NUM_ELEVATOR_TYPES];
    for (int t = 0; t < NUM_ELEVATOR_TYPES; t++)
        copies[t] = 2;
    json_t *figures = json_array();
    for (int seat = 0; seat < 2; seat++)
        json_array_append_new(figures, json_string(l->figures[seat] ? l->figures[seat] : "start"));
    json_t *winners = json_array();
    json_array_append_new(winners, json_false());
    json_array_append_new(winners, json_false());

    json_object_set_new(st, "phase", json_string("turn"));
    json_object_set_new(st, "turn", json_integer(l->turn));
    json_object_set_new(st, "board", layout_board(l, used));
    json_object_set_new(st, "hands", layout_hands(l, used));
    json_object_set_new(st, "door_pile", layout_door_pile(used));
    json_object_set_new(st, "elevators", layout_elevators(l, copies));
    json_object_set_new(st, "elevator_hands", layout_elevator_hands(l, copies));
    json_object_set_new(st, "elevator_pile", layout_elevator_pile(copies));
    json_object_set_new(st, "figures", figures);
    json_object_set_new(st, "exchanged", pair_of_empty_lists());
    json_object_set_new(st, "exchange_draws", json_integer(0));
    json_object_set_new(st, "dropped", pair_of_empty_lists());
    json_object_set_new(st, "replaced", json_array());
    json_object_set_new(st, "steps", json_integer(0));
    json_object_set_new(st, "stopped", json_false());
    json_object_set_new(st, "final", json_null());
    json_object_set_new(st, "winners", winners);

    br_state *s = brt_load_tree(root, "layout snapshot");
    json_decref(root);
    ck_assert_int_eq(br_state_current_player(s), l->turn);
    return s;
}

/* ------------------------------------------------------------------ */
/* Deck and setup */

/* "Die Türkarten gibt es in vier Farben: Gelb, Grün, Rot und Blau. Jede Tür
 * trägt eine Zahl von 1 bis 9." (Spec: 72 cards, two of each colour and
 * number; drawn from a shuffled pile, so each card with a probability
 * proportional to its copies there.) */
START_TEST(test_rule_door_deck_four_colours_numbers_one_to_nine)
{
    br_state *s = new_state("chance=explicit");
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
    br_move moves[MOVE_BUFFER];
    double p[MOVE_BUFFER];
    size_t n = 0;
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_DOOR_CARDS);
    for (size_t i = 0; i < n; i++) {
        char text[32], want[16], card[3];
        card_text((int)i, card);
        snprintf(want, sizeof want, "draw %s", card);
        ck_assert_int_eq(br_state_move_to_text(s, moves[i], text, sizeof text, NULL), BR_OK);
        ck_assert_str_eq(text, want);
        ck_assert_double_eq_tol(p[i], 2.0 / (NUM_DOOR_CARDS * DOOR_COPIES), 1e-12);
    }
    /* Y1 twice: the second copy half as likely as any other card, then gone. */
    brt_play(s, "draw Y1");
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_DOOR_CARDS);
    ck_assert_double_eq_tol(p[0], 1.0 / 71, 1e-12);
    ck_assert_double_eq_tol(p[1], 2.0 / 71, 1e-12);
    brt_play(s, "draw Y1");
    ck_assert_str_eq(brt_field(s, "hands[0]"), "Y1");
    ck_assert_str_eq(brt_field(s, "hands[1]"), "Y1");
    ck_assert(!brt_is_legal(s, "draw Y1"));
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_DOOR_CARDS - 1);
    br_state_free(s);
}
END_TEST

/* "Jeder Spieler erhält fünf Türkarten auf die Hand." */
START_TEST(test_rule_deal_five_door_cards_each)
{
    br_state *s = new_state("chance=explicit");
    char move[16], card[3], turn[4];
    for (int i = 0; i < 10; i++) {
        ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
        expect_phase(s, "deal");
        snprintf(turn, sizeof turn, "%d", i % 2);
        ck_assert_str_eq(brt_field(s, "turn"), turn);
        card_text(i, card);
        snprintf(move, sizeof move, "draw %s", card);
        brt_play(s, move);
    }
    ck_assert_str_eq(brt_field(s, "hands[0]"), "Y1,Y3,Y5,Y7,Y9");
    ck_assert_str_eq(brt_field(s, "hands[1]"), "Y2,Y4,Y6,Y8,G1");
    expect_phase(s, "exchange");
    ck_assert_int_eq(br_state_current_player(s), 0);
    br_state_free(s);
}
END_TEST

/* "Wer möchte, darf einmalig bis zu drei seiner Karten ablegen und dafür
 * entsprechend viele neue ziehen." Loop: seat 0 exchanges k = 0..3 cards. */
START_TEST(test_rule_exchange_zero_to_three_cards_once)
{
    static const char *const discard[3] = {"exchange Y1", "exchange Y3", "exchange Y5"};
    static const char *const replacement[3] = {"draw G2", "draw G3", "draw G4"};
    static const char *const hand_after[4] = {"Y1,Y3,Y5,Y7,Y9", "Y3,Y5,Y7,Y9,G2",
                                              "Y5,Y7,Y9,G2,G3", "Y7,Y9,G2,G3,G4"};
    static const char *const exchanged_after[4] = {"", "Y1", "Y1,Y3", "Y1,Y3,Y5"};
    int k = _i;
    br_state *s = new_state("chance=explicit");
    deal_in_order(s);
    for (int i = 0; i < k; i++)
        brt_play(s, discard[i]);
    if (k < 3) {
        brt_play(s, "done");
    } else {
        /* after the third card the exchange ends by itself: no fourth card */
        ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
        ck_assert(!brt_is_legal(s, "exchange Y7"));
    }
    for (int i = 0; i < k; i++) {
        ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
        ck_assert_str_eq(brt_field(s, "turn"), "0");
        /* the discarded cards are out of the game, not back in the pile:
         * of Y1 only its other copy is left there */
        ck_assert_int_eq(count_in_list(brt_field(s, "door_pile"), "Y1"), 1);
        brt_play(s, replacement[i]);
    }
    ck_assert_str_eq(brt_field(s, "hands[0]"), hand_after[k]);
    ck_assert_str_eq(brt_field(s, "exchanged[0]"), exchanged_after[k]);
    /* seat 0's exchange is over ("einmalig"); seat 1 decides for itself */
    expect_phase(s, "exchange");
    ck_assert_int_eq(br_state_current_player(s), 1);
    ck_assert(!brt_is_legal(s, "exchange Y7"));
    brt_play(s, "done");
    expect_phase(s, "elevator-deal");
    ck_assert_str_eq(brt_field(s, "hands[1]"), "Y2,Y4,Y6,Y8,G1");
    br_state_free(s);
}
END_TEST

/* "Anschließend erhält jeder Spieler zwei verdeckte Aufzugskarten."
 * (Spec: 20 cards, 10 types of 2 copies; hidden from the other seat.) */
START_TEST(test_rule_deal_two_hidden_elevator_cards_each)
{
    br_state *s = new_state("chance=explicit");
    deal_in_order(s);
    brt_play(s, "done");
    brt_play(s, "done");
    expect_phase(s, "elevator-deal");
    br_move moves[MOVE_BUFFER];
    double p[MOVE_BUFFER];
    size_t n = 0;
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_ELEVATOR_TYPES);
    for (size_t i = 0; i < n; i++)
        ck_assert_double_eq_tol(p[i], 0.1, 1e-12);
    static const char *const draws[4] = {"draw red", "draw blue", "draw red", "draw cats"};
    for (int i = 0; i < 4; i++) {
        ck_assert_str_eq(brt_field(s, "turn"), i % 2 ? "1" : "0");
        brt_play(s, draws[i]);
    }
    ck_assert_str_eq(brt_field(s, "elevator_hands[0]"), "red,red");
    ck_assert_str_eq(brt_field(s, "elevator_hands[1]"), "blue,cats");
    ck_assert_str_eq(brt_observed(s, 0, "elevator_hands[1]"), "2");
    ck_assert_str_eq(brt_observed(s, 1, "elevator_hands[0]"), "2");
    ck_assert_str_eq(brt_observed(s, 0, "elevator_hands[0]"), "red,red");
    expect_phase(s, "turn");
    br_state_free(s);
}
END_TEST

/* "Beide Spielfiguren werden auf das Startfeld oben links auf dem Spielplan
 * gestellt." / "oder wahlweise der jüngere Spieler von beiden" (seat 0). */
START_TEST(test_rule_both_figures_on_start_field_seat_zero_begins)
{
    br_state *s = setup_state("chance=explicit");
    expect_figure(s, 0, "start");
    expect_figure(s, 1, "start");
    ck_assert(score_of(s, 0) == 0 && score_of(s, 1) == 0);
    ck_assert_int_eq(br_state_current_player(s), 0);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A turn */

/* "legen jeweils eine ihrer Türkarten offen auf ein beliebiges freies Türfeld
 * des Spielplans." */
START_TEST(test_rule_door_card_on_any_free_door_field)
{
    layout l = {.board = {[A1] = "G1"}, .hands = {{"Y1", "Y2", "Y4", "Y5", "Y6"}}};
    br_state *s = load_layout(&l, "");
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(s, moves);
    ck_assert_uint_eq(n, 5 * 15);
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_lt(moves[i], FIRST_EXCHANGE_MOVE);
        ck_assert_int_ne(moves[i] % 16, A1);
    }
    ck_assert(brt_is_legal(s, "Y1@d4"));
    ck_assert(!brt_is_legal(s, "Y1@a1")); /* occupied */
    ck_assert(!brt_is_legal(s, "G2@b1")); /* not in the hand */
    brt_play(s, "Y2@c2");
    ck_assert_str_eq(brt_fieldf(s, "board[%d]", C2), "Y2");
    ck_assert_str_eq(brt_field(s, "hands[0]"), "Y1,Y4,Y5,Y6");
    br_state_free(s);
}
END_TEST

/* "Am Ende seines Spielzugs zieht der Spieler eine neue Türkarte vom
 * Nachziehstapel, sodass er wieder fünf Türkarten auf der Hand hält.
 * Anschließend ist der andere Spieler an der Reihe." */
START_TEST(test_rule_draw_back_to_five_then_other_player)
{
    layout l = {.board = {[A1] = "G1"}, .hands = {{"Y1", "Y2", "Y4", "Y5", "Y6"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "Y2@c2");
    expect_phase(s, "door-draw");
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
    ck_assert_str_eq(brt_field(s, "turn"), "0");
    /* 72 cards - 2 on the board - 9 in hands = 61 in the pile: every card
     * still has a copy there; Y1 (one copy in a hand) is half as likely as B9
     * (both copies in the pile). */
    br_move outcomes[MOVE_BUFFER];
    double p[MOVE_BUFFER];
    size_t n = 0;
    ck_assert_int_eq(br_state_chance_outcomes(s, outcomes, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_DOOR_CARDS);
    ck_assert_double_eq_tol(p[card_index("Y1")], 1.0 / 61, 1e-12);
    ck_assert_double_eq_tol(p[card_index("B9")], 2.0 / 61, 1e-12);
    brt_play(s, "draw B9");
    ck_assert_str_eq(brt_field(s, "hands[0]"), "Y1,Y4,Y5,Y6,B9");
    expect_phase(s, "turn");
    ck_assert_int_eq(br_state_current_player(s), 1);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Movement. The step sources are placements on floor 1, far from the
 * figures: R2@c1 next to R1 R5 gives 3 (same colour), G5@b1 next to G4 gives
 * 2 (run of two), R4@c1 next to Y4 G4 gives 6 (same number + colours). */

/* "Die auf dem Spielplan aufgedruckten Türen besitzen jeweils drei kleine
 * Lauffelder. Um einen solchen Abschnitt vollständig zu durchqueren, benötigt
 * ein Spieler drei Schritte." */
START_TEST(test_rule_empty_door_costs_three_steps)
{
    layout three = {.board = {[A1] = "R1", [B1] = "R5"}, .hands = {{"R2"}}};
    br_state *s = load_layout(&three, "");
    brt_play(s, "R2@c1");
    expect_figure(s, 0, "a4:3");
    ck_assert(score_of(s, 0) == 1);
    br_state_free(s);

    layout six = {.board = {[A1] = "Y4", [B1] = "G4"}, .hands = {{"R4"}}};
    s = load_layout(&six, "");
    brt_play(s, "R4@c1");
    expect_figure(s, 0, "b4:3");
    br_state_free(s);
}
END_TEST

/* "Der Laufweg führt auf jeder Etage von links nach rechts. Am Ende einer
 * Etage gelangen die Spieler über den Aufzug zur nächsten Etage, wo sie ihren
 * Weg erneut von links nach rechts fortsetzen." From e3, 6 steps (R4@c4 next
 * to Y4 G4) lead over the empty a2 and b2 of the floor below. */
START_TEST(test_rule_path_left_to_right_floor_after_floor)
{
    layout l = {.board = {[A4] = "Y4", [B4] = "G4"}, .figures = {"e3"}, .hands = {{"R4"}}};
    br_state *s = load_layout(&l, "");
    ck_assert(score_of(s, 0) == 10);
    brt_play(s, "R4@c4");
    expect_score(s, (score){0, 3, 0, 0, 3, 0, 6});
    expect_figure(s, 0, "b2:3");
    ck_assert(score_of(s, 0) == 12);
    br_state_free(s);
}
END_TEST

/* "Sobald eine farbige Türkarte auf einem Türfeld liegt, gilt der gesamte
 * darunterliegende Laufweg nur noch als ein einziges Feld." / "Davon
 * profitieren beide Spieler, unabhängig davon, wer die betreffende Türkarte
 * ausgelegt hat." */
START_TEST(test_rule_door_with_card_costs_one_step)
{
    layout one = {.board = {[A4] = "B1", [A1] = "R1", [B1] = "R5"}, .hands = {{"R2"}}};
    br_state *s = load_layout(&one, "");
    brt_play(s, "R2@c1");
    expect_figure(s, 0, "b4:2");
    br_state_free(s);

    layout three = {.board = {[A4] = "B1", [B4] = "B2", [C4] = "B4", [A1] = "R1", [B1] = "R5"},
                    .hands = {{"R2"}}};
    s = load_layout(&three, "");
    brt_play(s, "R2@c1");
    expect_figure(s, 0, "c4");
    br_state_free(s);
}
END_TEST

/* "Am Ende jeder Etage befindet sich ein Aufzugsfeld. Dieses zählt ebenfalls
 * als ein einziges Lauffeld." From c4, two steps: d4 and e4. */
START_TEST(test_rule_elevator_field_costs_one_step)
{
    layout l = {.board = {[A4] = "B1", [B4] = "B2", [C4] = "B4", [D4] = "B5", [A1] = "G4"},
                .figures = {"c4"},
                .hands = {{"G5"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@b1");
    expect_score(s, (score){0, 0, 0, 2, 0, 0, 2});
    expect_figure(s, 0, "e4");
    br_state_free(s);
}
END_TEST

/* "Sobald eine Spielfigur ein Aufzugsfeld erreicht, muss sie dort stehen
 * bleiben. Eventuell noch übrige Schritte verfallen und dürfen nicht auf die
 * nächste Etage übertragen werden." */
START_TEST(test_rule_elevator_field_stops_figure_remaining_steps_lost)
{
    layout l = {.board = {[A4] = "B1", [B4] = "B2", [C4] = "B4", [D4] = "B5", [A1] = "Y4",
                          [B1] = "G4"},
                .figures = {"c4"},
                .hands = {{"R4"}},
                .elevator_hands = {{"red"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "R4@c1");
    expect_score(s, (score){0, 3, 0, 0, 3, 0, 6});
    expect_figure(s, 0, "e4");
    ck_assert_str_eq(brt_field(s, "steps"), "0");
    brt_play(s, "draw doors");
    expect_figure(s, 0, "e4");
    expect_phase(s, "door-draw");
    br_state_free(s);
}
END_TEST

/* "Beim Erreichen eines Aufzugsfeldes darf der Spieler außerdem eine neue
 * Aufzugskarte ziehen." */
START_TEST(test_rule_reaching_elevator_field_draws_elevator_card)
{
    layout l = {.board = {[A4] = "B1", [B4] = "B2", [C4] = "B4", [D4] = "B5", [A1] = "G4"},
                .figures = {"c4"},
                .hands = {{"G5"}},
                .elevator_hands = {{"red"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@b1");
    expect_phase(s, "elevator-draw");
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_CHANCE);
    ck_assert_str_eq(brt_field(s, "turn"), "0");
    /* 20 cards - 1 in seat 0's hand; by type, proportional to copies left */
    br_move moves[MOVE_BUFFER];
    double p[MOVE_BUFFER];
    size_t n = 0;
    ck_assert_int_eq(br_state_chance_outcomes(s, moves, p, MOVE_BUFFER, &n), BR_OK);
    ck_assert_uint_eq(n, NUM_ELEVATOR_TYPES);
    ck_assert_double_eq_tol(p[type_index("red")], 1.0 / 19, 1e-12);
    ck_assert_double_eq_tol(p[type_index("doors")], 2.0 / 19, 1e-12);
    brt_play(s, "draw doors");
    ck_assert_str_eq(brt_field(s, "elevator_hands[0]"), "red,doors");
    expect_phase(s, "door-draw");
    br_state_free(s);
}
END_TEST

/* "Da jeder Spieler höchstens zwei Aufzugskarten auf der Hand halten darf,
 * muss er gegebenenfalls eine seiner bisherigen Karten ablegen. Möchte er die
 * neu gezogene Karte nicht behalten, darf er stattdessen diese ablegen."
 * Loop: drop red, blue (old) or cats (new). */
START_TEST(test_rule_elevator_hand_limit_two_drop_new_or_old)
{
    static const char *const drop[3] = {"drop red", "drop blue", "drop cats"};
    static const char *const kept[3] = {"blue,cats", "red,cats", "red,blue"};
    static const char *const dropped[3] = {"red", "blue", "cats"};
    layout l = {.board = {[A4] = "B1", [B4] = "B2", [C4] = "B4", [D4] = "B5", [A1] = "G4"},
                .figures = {"c4"},
                .hands = {{"G5"}},
                .elevator_hands = {{"red", "blue"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@b1");
    brt_play(s, "draw cats");
    expect_phase(s, "elevator-drop");
    ck_assert_int_eq(br_state_current_player(s), 0);
    br_move moves[MOVE_BUFFER];
    ck_assert_uint_eq(legal_moves(s, moves), 3);
    for (int i = 0; i < 3; i++)
        ck_assert(brt_is_legal(s, drop[i]));
    brt_play(s, drop[_i]);
    ck_assert_str_eq(brt_field(s, "elevator_hands[0]"), kept[_i]);
    ck_assert_str_eq(brt_field(s, "dropped[0]"), dropped[_i]);
    expect_phase(s, "door-draw");
    br_state_free(s);
}
END_TEST

/* "Gewonnene Schritte werden immer sofort in Bewegung umgesetzt und können
 * nicht für spätere Spielzüge aufgespart werden." */
START_TEST(test_rule_steps_used_at_once)
{
    layout l = {.board = {[A1] = "R1", [B1] = "R5"}, .hands = {{"R2"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "R2@c1");
    /* moved within the placement; nothing pending, no way to keep steps */
    expect_figure(s, 0, "a4:3");
    ck_assert_str_eq(brt_field(s, "steps"), "0");
    expect_phase(s, "door-draw");
    ck_assert_uint_eq(count_moves_in(s, 0, FIRST_DOOR_DRAW - 1), 0);
    br_move moves[MOVE_BUFFER];
    ck_assert_uint_eq(count_moves_in(s, FIRST_DOOR_DRAW, LAST_DOOR_DRAW), legal_moves(s, moves));
    br_state_free(s);
}
END_TEST

/* "Die Spielfiguren dürfen sich auf demselben Lauffeld befinden und
 * gegenseitig überholen. Sie blockieren einander nicht." */
START_TEST(test_rule_figures_share_fields_and_pass_each_other)
{
    layout share = {.board = {[A1] = "R1", [B1] = "R5"},
                    .figures = {"start", "a4:3"},
                    .hands = {{"R2"}}};
    br_state *s = load_layout(&share, "");
    brt_play(s, "R2@c1");
    expect_figure(s, 0, "a4:3");
    expect_figure(s, 1, "a4:3");
    br_state_free(s);

    layout pass = {.board = {[A1] = "Y4", [B1] = "G4"},
                   .figures = {"start", "a4:2"},
                   .hands = {{"R4"}}};
    s = load_layout(&pass, "");
    brt_play(s, "R4@c1");
    expect_figure(s, 0, "b4:3");
    expect_figure(s, 1, "a4:2");
    br_state_free(s);
}
END_TEST

/* "Erreicht ein Spieler mit seiner Spielfigur das Ausgangsfeld rechts unten,
 * hat er das Haus erfolgreich verlassen und gewinnt sofort die Partie."
 * Once by the door card's steps, once by an elevator card's steps (the game
 * ends before the door card is placed). */
START_TEST(test_rule_reaching_exit_wins_at_once)
{
    layout by_door = {.board = {[A2] = "R1", [B2] = "R5"},
                      .figures = {"e1", "start"},
                      .hands = {{"R2"}}};
    br_state *s = load_layout(&by_door, "");
    brt_play(s, "R2@c2");
    expect_figure(s, 0, "exit");
    expect_phase(s, "over");
    ck_assert(br_state_is_terminal(s));
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_TERMINAL);
    ck_assert_str_eq(brt_field(s, "winners"), "true,false");
    ck_assert_str_eq(brt_field(s, "final"), "null");
    expect_returns(s, 1, -1);
    br_state_free(s);

    layout by_elevator = {.board = {[A2] = "R1", [B2] = "R5"},
                          .figures = {"start", "e1"},
                          .elevator_hands = {{NULL}, {"doors"}},
                          .turn = 1};
    s = load_layout(&by_elevator, "");
    brt_play(s, "doors@e2");
    expect_figure(s, 1, "exit");
    ck_assert(br_state_is_terminal(s));
    ck_assert_str_eq(brt_fieldf(s, "board[%d]", C2), "null");
    expect_returns(s, -1, 1);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Scoring of a new door card. The figure stands on the start field; the
 * cards lie on floor 1 (or as stated), away from the path it walks. */

static void expect_placement_score(layout l, const char *move, score want, const char *options)
{
    br_state *s = load_layout(&l, options);
    brt_play(s, move);
    expect_score(s, want);
    br_state_free(s);
}

/* "Gleiche Türfarben: Mindestens drei zusammenhängende Türkarten auf einer
 * Etage besitzen dieselbe Farbe. 3 gleichfarbige Türen: 3 Schritte" */
START_TEST(test_rule_same_colour_three_scores_three)
{
    expect_placement_score((layout){.board = {[A1] = "R1", [B1] = "R5"}, .hands = {{"R2"}}},
                           "R2@c1", (score){3, 0, 0, 0, 0, 0, 3}, "");
}
END_TEST

/* "4 gleichfarbige Türen: 5 Schritte" */
START_TEST(test_rule_same_colour_four_scores_five)
{
    expect_placement_score(
        (layout){.board = {[A1] = "R1", [B1] = "R5", [C1] = "R2"}, .hands = {{"R9"}}}, "R9@d1",
        (score){5, 0, 0, 0, 0, 0, 5}, "");
}
END_TEST

/* "zusammenhängende Türkarten auf einer Etage": a gap breaks the group, and
 * doors of one colour above each other do not count. */
START_TEST(test_rule_same_colour_contiguous_on_one_floor)
{
    expect_placement_score(
        (layout){.board = {[A1] = "R1", [C1] = "R5"}, .hands = {{"R2"}}}, "R2@d1",
        (score){0, 0, 0, 0, 0, 0, 0}, "");
    expect_placement_score(
        (layout){.board = {[A3] = "R1", [A2] = "R5"}, .hands = {{"R2"}}}, "R2@a1",
        (score){0, 0, 0, 0, 0, 0, 0}, "");
}
END_TEST

/* "Gleiche Türnummern: Mindestens drei zusammenhängende Türkarten auf einer
 * Etage besitzen dieselbe Nummer. Ihre Farben spielen dabei keine Rolle.
 * 3 Türen mit gleicher Nummer: 3 Schritte" (here the three have different
 * colours, so that category scores too). */
START_TEST(test_rule_same_number_three_scores_three)
{
    expect_placement_score((layout){.board = {[A1] = "Y4", [B1] = "G4"}, .hands = {{"R4"}}},
                           "R4@c1", (score){0, 3, 0, 0, 3, 0, 6}, "");
}
END_TEST

/* "4 Türen mit gleicher Nummer: 5 Schritte" */
START_TEST(test_rule_same_number_four_scores_five)
{
    expect_placement_score(
        (layout){.board = {[A1] = "Y4", [B1] = "G4", [C1] = "R4"}, .hands = {{"B4"}}}, "B4@d1",
        (score){0, 5, 0, 0, 5, 0, 10}, "");
}
END_TEST

/* "Ihre Farben spielen dabei keine Rolle." With two copies of each card
 * (design) equal numbers may repeat a colour: R4 G4 R4 scores same number 3
 * and nothing for colours; a pair of one card (R4 R4) with the new G4 too. */
START_TEST(test_rule_same_number_colours_play_no_role)
{
    expect_placement_score((layout){.board = {[A1] = "R4", [B1] = "G4"}, .hands = {{"R4"}}},
                           "R4@c1", (score){0, 3, 0, 0, 0, 0, 3}, "");
    expect_placement_score((layout){.board = {[A1] = "R4", [B1] = "R4"}, .hands = {{"G4"}}},
                           "G4@c1", (score){0, 3, 0, 0, 0, 0, 3}, "");
    /* both copies of one card side by side: one colour and one number */
    expect_placement_score((layout){.board = {[A1] = "R4", [B1] = "R4"}, .hands = {{"R5"}}},
                           "R5@c1", (score){3, 0, 0, 2, 0, 0, 5}, "");
}
END_TEST

/* "Mindestens drei Türkarten bilden innerhalb einer Etage eine aufsteigende
 * Zahlenfolge von links nach rechts. Die Zahlen müssen nicht unmittelbar
 * aufeinanderfolgen ... 3 aufsteigende Nummern: 3 Schritte" — formed at the
 * right end and, extended to the left, at the left end. */
START_TEST(test_rule_ascending_three_scores_three)
{
    expect_placement_score((layout){.board = {[A1] = "Y1", [B1] = "G5"}, .hands = {{"Y8"}}},
                           "Y8@c1", (score){0, 0, 3, 0, 0, 0, 3}, "");
    expect_placement_score((layout){.board = {[B1] = "G5", [C1] = "Y8"}, .hands = {{"Y1"}}},
                           "Y1@a1", (score){0, 0, 3, 0, 0, 0, 3}, "");
}
END_TEST

/* "4 aufsteigende Nummern: 5 Schritte" */
START_TEST(test_rule_ascending_four_scores_five)
{
    expect_placement_score(
        (layout){.board = {[A1] = "Y1", [B1] = "G5", [C1] = "Y8"}, .hands = {{"G9"}}}, "G9@d1",
        (score){0, 0, 5, 0, 0, 0, 5}, "");
}
END_TEST

/* "Wichtig ist, dass die neu ausgelegte Karte eine aufsteigende Zahlenfolge
 * bildet oder fortsetzt. Wird beispielsweise rechts neben eine 8 eine 4
 * gelegt, gibt es dafür keine Schritte." */
START_TEST(test_rule_ascending_new_card_must_form_or_extend)
{
    expect_placement_score(
        (layout){.board = {[A1] = "Y2", [B1] = "G5", [C1] = "Y8"}, .hands = {{"G4"}}}, "G4@d1",
        (score){0, 0, 0, 0, 0, 0, 0}, "");
}
END_TEST

/* "Die Wertungen für gleiche Türfarben und aufsteigende Türnummern gelten
 * unabhängig voneinander und können miteinander kombiniert werden." */
START_TEST(test_rule_same_colour_and_ascending_combine)
{
    expect_placement_score((layout){.board = {[A1] = "R1", [B1] = "R5"}, .hands = {{"R8"}}},
                           "R8@c1", (score){3, 0, 3, 0, 0, 0, 6}, "");
}
END_TEST

/* "Werden Türkarten derselben Farbe waagerecht nebeneinander ausgelegt, deren
 * Nummern von links nach rechts unmittelbar aufeinanderfolgen, entsteht eine
 * Zahlenfolge. ... 2 passende Türkarten: 2 Schritte" */
START_TEST(test_rule_run_of_two_scores_two)
{
    expect_placement_score((layout){.board = {[A1] = "R4"}, .hands = {{"R5"}}}, "R5@b1",
                           (score){0, 0, 0, 2, 0, 0, 2}, "");
}
END_TEST

/* "3 passende Türkarten: 5 Schritte" / "Entsteht durch das Auslegen einer
 * Karte erstmals eine Folge aus drei Türen, gibt es 5 Schritte." (Spec
 * example: with the same colour and ascending categories 3 + 3 + 5 = 11.) */
START_TEST(test_rule_run_of_three_scores_five)
{
    expect_placement_score((layout){.board = {[A1] = "R4", [B1] = "R5"}, .hands = {{"R6"}}},
                           "R6@c1", (score){3, 0, 3, 5, 0, 0, 11}, "");
}
END_TEST

/* "Dabei spielt es keine Rolle, ob die Karten gleichzeitig oder nacheinander
 * ausgelegt werden." The new card completes the run in its middle. */
START_TEST(test_rule_run_completed_in_the_middle_counts_whole)
{
    expect_placement_score((layout){.board = {[A1] = "R4", [C1] = "R6"}, .hands = {{"R5"}}},
                           "R5@b1", (score){3, 0, 3, 5, 0, 0, 11}, "");
}
END_TEST

/* "4 passende Türkarten: 9 Schritte" (the table; default run4=9). */
START_TEST(test_rule_run_of_four_scores_nine_by_default)
{
    expect_placement_score(
        (layout){.board = {[A1] = "R1", [B1] = "R2", [C1] = "R3"}, .hands = {{"R4"}}}, "R4@d1",
        (score){5, 0, 5, 9, 0, 0, 19}, "");
    expect_placement_score(
        (layout){.board = {[A1] = "R1", [B1] = "R2", [C1] = "R3"}, .hands = {{"R4"}}}, "R4@d1",
        (score){5, 0, 5, 9, 0, 0, 19}, "run4=9");
}
END_TEST

/* "Beispiel: Liegen bereits drei passende Türkarten aus und ein Spieler
 * ergänzt die vierte, erhält er 10 Schritte." (the option run4=10) */
START_TEST(test_rule_run_of_four_scores_ten_with_option)
{
    expect_placement_score(
        (layout){.board = {[A1] = "R1", [B1] = "R2", [C1] = "R3"}, .hands = {{"R4"}}}, "R4@d1",
        (score){5, 0, 5, 10, 0, 0, 20}, "run4=10");
    br_state *s = NULL;
    char err[256] = "";
    ck_assert_int_eq(br_state_new(br_game_find(GAME_NAME), "run4=8", &s, err, sizeof err),
                     BR_ERR_OPTION);
    ck_assert_ptr_null(s);
    ck_assert_ptr_nonnull(strstr(err, "run4"));
}
END_TEST

/* "Die Schritte werden sofort vergeben. Frühere Wertungen derselben
 * Zahlenfolge werden nicht abgezogen." Seat 0 scores R1 R2 (2), later
 * R1 R2 R3 (the full 5, not 5 - 2), and its figure never moves back. */
START_TEST(test_rule_run_earlier_scores_not_taken_back)
{
    layout l = {.board = {[A1] = "R1"}, .hands = {{"R2", "R3"}, {"Y9"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "R2@b1");
    expect_score(s, (score){0, 0, 0, 2, 0, 0, 2});
    expect_figure(s, 0, "a4:2");
    brt_play(s, "draw B9");
    brt_play(s, "Y9@d3");
    expect_score(s, (score){0, 0, 0, 0, 0, 0, 0});
    brt_play(s, "draw B8");
    brt_play(s, "R3@c1");
    expect_score(s, (score){3, 0, 3, 5, 0, 0, 11});
    expect_figure(s, 0, "e4"); /* 2 + 11 steps from the start: the 13th enters e4 */
    br_state_free(s);
}
END_TEST

/* "Unterschiedliche Türfarben: Mindestens drei zusammenhängende Türkarten
 * besitzen jeweils unterschiedliche Farben. ... Die Karten dürfen waagerecht,
 * senkrecht oder L-förmig angeordnet sein. 3 Türen mit unterschiedlichen
 * Farben: 3 Schritte" */
START_TEST(test_rule_different_colours_three_scores_three)
{
    score three = {0, 0, 0, 0, 3, 0, 3};
    /* horizontal */
    expect_placement_score((layout){.board = {[A1] = "Y1", [B1] = "G5"}, .hands = {{"R2"}}},
                           "R2@c1", three, "");
    /* vertical, across floors */
    expect_placement_score((layout){.board = {[A3] = "Y1", [A2] = "G5"}, .hands = {{"R2"}}},
                           "R2@a1", three, "");
    /* L-shaped */
    expect_placement_score((layout){.board = {[A2] = "Y1", [A1] = "G5"}, .hands = {{"R2"}}},
                           "R2@b1", three, "");
}
END_TEST

/* "Keine Farbe darf innerhalb der gewerteten Kombination doppelt vorkommen."
 * "4 Türen mit unterschiedlichen Farben: 5 Schritte" */
START_TEST(test_rule_different_colours_four_scores_five)
{
    score five = {0, 0, 0, 0, 5, 0, 5};
    expect_placement_score(
        (layout){.board = {[A1] = "Y9", [B1] = "G5", [C1] = "R2"}, .hands = {{"B1"}}}, "B1@d1",
        five, "");
    expect_placement_score(
        (layout){.board = {[A4] = "Y1", [A3] = "G5", [A2] = "R2"}, .hands = {{"B9"}}}, "B9@a1",
        five, "");
    expect_placement_score(
        (layout){.board = {[A2] = "Y1", [A1] = "G5", [B1] = "R2"}, .hands = {{"B8"}}}, "B8@c1",
        five, "");
    /* a repeated colour spoils the combination (b1-c1-d1 and a1..d1 hold
     * green twice) */
    expect_placement_score(
        (layout){.board = {[A1] = "Y1", [B1] = "G5", [C1] = "B9"}, .hands = {{"G2"}}}, "G2@d1",
        (score){0, 0, 0, 0, 0, 0, 0}, "");
}
END_TEST

/* "Die Karten dürfen waagerecht, senkrecht oder L-förmig angeordnet sein."
 * For four cards the default reads this literally (different4=line-or-l):
 * a line or an L scores 5; a T, an S/Z or the square does not, and the new
 * card scores 3 for a line or an L of three inside it. different4=connected
 * reads "zusammenhängend" as any connected group: every one of them scores 5.
 * Numbers fall from left to right, so that no other category scores. */
typedef struct four_shape {
    const char *name;
    layout l;
    const char *move;
    int literal, connected; /* steps of "different colours" per reading */
} four_shape;

static const four_shape four_shapes[] = {
    {"line", {.board = {[A1] = "Y9", [B1] = "G8", [C1] = "R7"}, .hands = {{"B1"}}}, "B1@d1",
     5, 5},
    {"L", {.board = {[A2] = "Y9", [A1] = "G8", [B1] = "R7"}, .hands = {{"B1"}}}, "B1@c1", 5, 5},
    {"T", {.board = {[A2] = "Y9", [B2] = "G8", [C2] = "R7"}, .hands = {{"B1"}}}, "B1@b1", 3, 5},
    {"S", {.board = {[B2] = "Y9", [C2] = "G8", [B1] = "R7"}, .hands = {{"B1"}}}, "B1@a1", 3, 5},
    {"Z upright", {.board = {[B3] = "Y9", [A2] = "G8", [B2] = "R7"}, .hands = {{"B1"}}},
     "B1@a1", 3, 5},
    {"square", {.board = {[A2] = "Y9", [B2] = "G8", [A1] = "R7"}, .hands = {{"B1"}}}, "B1@b1",
     3, 5},
};

START_TEST(test_rule_different_colours_four_in_a_line_or_l_or_connected)
{
    const four_shape *f = &four_shapes[_i];
    for (int connected = 0; connected < 2; connected++) {
        br_state *s = load_layout(&f->l, connected ? "different4=connected" : "");
        brt_play(s, f->move);
        int want = connected ? f->connected : f->literal;
        ck_assert_msg(score_part(s, "different") == want && score_part(s, "total") == want,
                      "%s, different4=%s: different colours %d (total %d), want %d", f->name,
                      connected ? "connected" : "line-or-l", score_part(s, "different"),
                      score_part(s, "total"), want);
        br_state_free(s);
    }
}
END_TEST

/* The option's values are checked, and it survives the options string and
 * a snapshot: a square scores 5 after loading one taken with
 * different4=connected. */
START_TEST(test_rule_different_colours_option_checked_and_kept)
{
    char err[256] = "";
    br_state *bad = NULL;
    ck_assert_int_eq(br_state_new(br_game_find(GAME_NAME), "different4=square", &bad, err,
                                  sizeof err),
                     BR_ERR_OPTION);
    ck_assert_ptr_null(bad);
    ck_assert_msg(strstr(err, "different4") != NULL && strstr(err, "connected") != NULL,
                  "error: %s", err);

    br_state *plain = new_state("");
    char options[256];
    ck_assert_int_eq(br_state_options(plain, options, sizeof options, NULL), BR_OK);
    ck_assert_ptr_nonnull(strstr(options, "different4=line-or-l"));
    br_state_free(plain);

    const four_shape *square = &four_shapes[5];
    br_state *s = load_layout(&square->l, "different4=connected");
    ck_assert_int_eq(br_state_options(s, options, sizeof options, NULL), BR_OK);
    ck_assert_ptr_nonnull(strstr(options, "different4=connected"));
    char *text = brt_snapshot(s);
    br_state *loaded = NULL;
    ck_assert_int_eq(br_state_from_json(text, &loaded, err, sizeof err), BR_OK);
    free(text);
    ck_assert_int_eq(br_state_options(loaded, options, sizeof options, NULL), BR_OK);
    ck_assert_ptr_nonnull(strstr(options, "different4=connected"));
    brt_play(loaded, square->move);
    ck_assert_int_eq(score_part(loaded, "different"), 5);
    br_state_free(loaded);
    br_state_free(s);
}
END_TEST

/* "Erfüllt eine neu ausgelegte Türkarte mehrere Bedingungen, werden sämtliche
 * gewonnenen Schritte addiert." Each category once per card: R2@b2 lies in
 * three different-colour shapes of three (a2-b2-c2, a2-b2-b1, b2-c2-b1) and
 * gets 3 once, plus ascending Y1 R2 G5. */
START_TEST(test_rule_categories_add_up_each_once)
{
    expect_placement_score(
        (layout){.board = {[A2] = "Y1", [C2] = "G5", [B1] = "B9"}, .hands = {{"R2"}}}, "R2@b2",
        (score){0, 0, 3, 0, 3, 0, 6}, "");
}
END_TEST

/* "Gewertet wird immer nur die neu ausgelegte Türkarte mit ihren bereits
 * ausliegenden Nachbarkarten. Für unveränderte Türkarten werden keine
 * Schritte erneut vergeben." */
START_TEST(test_rule_only_new_card_scores)
{
    expect_placement_score(
        (layout){.board = {[A1] = "R1", [B1] = "R2", [C1] = "R4"}, .hands = {{"Y9"}}}, "Y9@a3",
        (score){0, 0, 0, 0, 0, 0, 0}, "");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Elevator cards */

/* "Eine Aufzugskarte darf nur ausgespielt werden, wenn sich die eigene
 * Spielfigur auf einem Aufzugsfeld befindet." */
START_TEST(test_rule_elevator_card_only_from_elevator_field)
{
    layout away = {.figures = {"b4:1", "e4"}, .elevator_hands = {{"red", "blue"}, {"cats"}}};
    br_state *s = load_layout(&away, "");
    ck_assert_uint_eq(count_moves_in(s, FIRST_ELEVATOR_MOVE, LAST_ELEVATOR_MOVE), 0);
    char reason[256] = "";
    ck_assert_int_eq(br_state_check_move(s, brt_parse_move(s, "red@e2"), reason, sizeof reason),
                     BR_ERR_ILLEGAL_MOVE);
    ck_assert_str_ne(reason, "");
    br_state_free(s);

    layout on = {.figures = {"e4", "start"}, .elevator_hands = {{"red", "blue"}}};
    s = load_layout(&on, "");
    ck_assert(brt_is_legal(s, "red@e2"));
    ck_assert(brt_is_legal(s, "blue@e4"));
    ck_assert(!brt_is_legal(s, "cats@e1")); /* not in the hand */
    br_state_free(s);
}
END_TEST

/* "Dabei darf der Spieler ein beliebiges freies Aufzugsfeld des Spielplans
 * wählen, unabhängig davon, auf welcher Etage seine Figur steht." */
START_TEST(test_rule_elevator_card_on_any_free_elevator_field)
{
    layout l = {.elevators = {[E2] = "blue"}, .figures = {"e4"}, .elevator_hands = {{"red"}}};
    br_state *s = load_layout(&l, "");
    ck_assert(brt_is_legal(s, "red@e4"));
    ck_assert(brt_is_legal(s, "red@e3"));
    ck_assert(brt_is_legal(s, "red@e1"));
    ck_assert(!brt_is_legal(s, "red@e2")); /* occupied, and not all four are */
    ck_assert_uint_eq(count_moves_in(s, FIRST_ELEVATOR_MOVE, LAST_ELEVATOR_MOVE), 3);
    br_state_free(s);
}
END_TEST

/* "Beispiel: Auf einer Etage liegt eine Aufzugskarte, die für jede rote Tür
 * zwei Schritte vergibt. Befinden sich dort bereits zwei rote Türen, erhält
 * der Spieler beim Ausspielen der Aufzugskarte vier Schritte. Wird später eine
 * weitere Türkarte auf dieser Etage ausgelegt, wird der Effekt erneut
 * berechnet. Liegen nun drei rote Türen aus, erhält der betreffende Spieler
 * sechs Schritte." */
START_TEST(test_rule_elevator_example_two_red_doors_four_then_three_six)
{
    layout l = {.board = {[A2] = "R1", [D2] = "R8"},
                .figures = {"e4", "start"},
                .hands = {{"Y9"}, {"R5"}},
                .elevator_hands = {{"red"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "red@e2");
    ck_assert_str_eq(brt_fieldf(s, "elevators[%d]", E2), "red");
    expect_figure(s, 0, "b3:1"); /* 4 steps over the empty floor 3 */
    expect_phase(s, "door");
    brt_play(s, "Y9@d1");
    expect_score(s, (score){0, 0, 0, 0, 0, 0, 0});
    draw_first(s);
    ck_assert_int_eq(br_state_current_player(s), 1);
    brt_play(s, "R5@b2");
    expect_score(s, (score){0, 0, 0, 0, 0, 6, 6});
    expect_figure(s, 1, "b4:3");
    expect_figure(s, 0, "b3:1");
    br_state_free(s);
}
END_TEST

/* "Auch Schritte aus einem Katzenbonus werden sofort umgesetzt": the steps of
 * the cats elevator card (one per door showing a cat on its floor, "für jede
 * ausliegende Katzenkarte einen Schritt") are walked at once, like every
 * other step. Floor 2 shows two cat doors (R3, Y7) and one without (G5):
 * playing the cats card there moves the figure 2 cells at once. */
START_TEST(test_rule_cat_bonus_steps_walked_at_once)
{
    layout l = {.board = {[A2] = "R3", [B2] = "G5", [D2] = "Y7"},
                .figures = {"e4", "start"},
                .hands = {{"Y9"}, {"R5"}},
                .elevator_hands = {{"cats"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "cats@e2");
    ck_assert_str_eq(brt_fieldf(s, "elevators[%d]", E2), "cats");
    expect_figure(s, 0, "a3:2"); /* 2 steps into the empty door field a3 */
    expect_phase(s, "door");
    br_state_free(s);
}
END_TEST

/* "Immer wenn ein Spieler eine weitere Türkarte auf dieser Etage auslegt ...
 * wird der Effekt erneut ausgelöst. Die dadurch gewonnenen Schritte erhält
 * jeweils der Spieler, der die Veränderung vorgenommen hat." / "Die Effekte
 * ... kommen ausschließlich dem Spieler zugute, der sie auslöst." */
START_TEST(test_rule_elevator_fires_for_whoever_changes_the_floor)
{
    layout l = {.board = {[A2] = "Y1"},
                .elevators = {[E2] = "doors"},
                .hands = {{"G5"}, {"Y9"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@c2");
    expect_score(s, (score){0, 0, 0, 0, 0, 2, 2});
    expect_figure(s, 0, "a4:2");
    expect_figure(s, 1, "start");
    draw_first(s);
    brt_play(s, "Y9@d1"); /* another floor: the card of floor 2 does not fire */
    expect_score(s, (score){0, 0, 0, 0, 0, 0, 0});
    expect_figure(s, 1, "start");
    br_state_free(s);
}
END_TEST

/* "Jede Aufzugskarte besitzt einen besonderen Effekt, der sich auf die
 * Türkarten der jeweiligen Etage bezieht." / "Die Effekte sind immer positiv"
 * / "Sobald eine Aufzugskarte ausgelegt wird, aktiviert sich ihr Effekt
 * sofort." Loop over the 10 designed types, laid on floor 2 holding
 * Y3 (cat) Y4 R7 (cat) B5. */
START_TEST(test_rule_elevator_effects_as_designed)
{
    static const int steps[NUM_ELEVATOR_TYPES] = {4, 0, 2, 2, 2, 4, 4, 2, 6, 2};
    const char *type = ELEVATOR_TYPES[_i];
    layout l = {.board = {[A2] = "Y3", [B2] = "Y4", [C2] = "R7", [D2] = "B5"},
                .figures = {"e4"},
                .elevator_hands = {{type}}};
    br_state *s = load_layout(&l, "");
    char move[32], want[16];
    snprintf(move, sizeof move, "%s@e2", type);
    brt_play(s, move);
    int k = steps[_i];
    if (k == 0)
        snprintf(want, sizeof want, "e4");
    else
        snprintf(want, sizeof want, "%c3:%d", "abcd"[(k - 1) / 3], (k - 1) % 3 + 1);
    ck_assert_msg(strcmp(brt_field(s, "figures[0]"), want) == 0, "%s: want figure at %s, got %s",
                  type, want, brt_field(s, "figures[0]"));
    ck_assert_str_eq(brt_fieldf(s, "elevators[%d]", E2), type);
    expect_phase(s, "door");
    br_state_free(s);
}
END_TEST

/* "Sobald auf allen vier Etagen jeweils eine Aufzugskarte liegt, dürfen
 * bereits ausliegende Aufzugskarten durch neue ersetzt werden. Die bisherige
 * Karte wird abgelegt und die neue an ihrer Stelle offen ausgelegt. Ihr Effekt
 * wird sofort aktiviert" */
START_TEST(test_rule_elevator_exchange_only_when_all_four_hold_a_card)
{
    layout three = {.elevators = {"red", "blue", "cats", NULL},
                    .figures = {"e4"},
                    .elevator_hands = {{"doors"}}};
    br_state *s = load_layout(&three, "");
    ck_assert_uint_eq(count_moves_in(s, FIRST_ELEVATOR_MOVE, LAST_ELEVATOR_MOVE), 1);
    ck_assert(brt_is_legal(s, "doors@e1"));
    br_state_free(s);

    layout four = {.board = {[A2] = "Y1", [C2] = "G5"},
                   .elevators = {"red", "blue", "cats", "yellow"},
                   .figures = {"e4"},
                   .elevator_hands = {{"doors"}}};
    s = load_layout(&four, "");
    ck_assert_uint_eq(count_moves_in(s, FIRST_ELEVATOR_MOVE, LAST_ELEVATOR_MOVE), 4);
    brt_play(s, "doors@e2");
    ck_assert_str_eq(brt_field(s, "elevators"), "red,blue,doors,yellow");
    ck_assert_str_eq(brt_field(s, "replaced"), "cats");
    ck_assert_str_eq(brt_field(s, "elevator_hands[0]"), "");
    expect_figure(s, 0, "a3:2"); /* the new card fired: 2 doors on floor 2 */
    br_state_free(s);
}
END_TEST

/* "Pro Spielzug darf ein Spieler höchstens eine Aufzugskarte ausspielen oder
 * austauschen." red@e1 gives 0 steps, so the figure stays on e4. */
START_TEST(test_rule_at_most_one_elevator_card_per_turn)
{
    layout l = {.figures = {"e4"}, .elevator_hands = {{"red", "blue"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "red@e1");
    expect_figure(s, 0, "e4");
    expect_phase(s, "door");
    ck_assert_int_eq(br_state_current_player(s), 0);
    ck_assert_uint_eq(count_moves_in(s, FIRST_ELEVATOR_MOVE, LAST_ELEVATOR_MOVE), 0);
    ck_assert(!brt_is_legal(s, "blue@e2"));
    br_state_free(s);
}
END_TEST

/* "Erst mit den Schritten, die er in einem späteren Spielzug gewinnt, darf er
 * seine Bewegung auf der nächsten Etage fortsetzen." yellow@e3 gives 6 steps
 * over the full floor 3: the figure stops on e3 after 5 and the door card's
 * 3 steps of the same turn are lost; the next turn's 5 steps move it on. */
START_TEST(test_rule_stopped_at_elevator_moves_on_only_in_later_turn)
{
    layout l = {.board = {[A3] = "Y2", [B3] = "Y4", [C3] = "Y5", [D3] = "G1", [A1] = "R1",
                          [B1] = "R5"},
                .figures = {"e4", "start"},
                .hands = {{"R2", "R6"}, {"Y9"}},
                .elevator_hands = {{"yellow", "red"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "yellow@e3");
    expect_figure(s, 0, "e3");
    expect_phase(s, "elevator-draw");
    brt_play(s, "draw doors");
    ck_assert_str_eq(brt_field(s, "elevator_hands[0]"), "red,doors");
    expect_phase(s, "door");
    brt_play(s, "R2@c1");
    expect_score(s, (score){3, 0, 0, 0, 0, 0, 3});
    expect_figure(s, 0, "e3");
    brt_play(s, "draw B9");
    brt_play(s, "Y9@a4");
    expect_score(s, (score){0, 0, 0, 0, 0, 0, 0});
    brt_play(s, "draw B8");
    ck_assert_int_eq(br_state_current_player(s), 0);
    brt_play(s, "R6@d1");
    expect_score(s, (score){5, 0, 0, 0, 0, 0, 5});
    expect_figure(s, 0, "b2:2");
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Cats. Floor 3: a3 G1, b3 B3 (blue cat); floor 2: a2 G4; the figure walks
 * onto b3 with the steps of G5@b2 (run of two: 2 steps). */

static layout cat_layout(const char *figure, const char *c1, const char *d1, const char *a4)
{
    layout l = {.board = {[A3] = "G1", [B3] = "B3", [A2] = "G4"},
                .figures = {figure, figure},
                .hands = {{"G5"}, {"G6"}}};
    l.board[C1] = c1;
    l.board[D1] = d1;
    l.board[A4] = a4;
    return l;
}

/* "Erreicht ein Spieler mit seiner Spielfigur eine Katzenkarte, kann er der
 * Katze folgen.. Dazu springt er zur nächsten Tür auf seinem weiteren
 * Laufweg, die dieselbe Farbe wie die Katzenkarte besitzt." / "Mit einem
 * Katzensprung dürfen auch Aufzugsfelder und ganze Etagen übersprungen
 * werden." / Example: "Ein Spieler erreicht eine blaue Katzenkarte im dritten
 * Stock. Die nächste blaue Tür auf seinem weiteren Laufweg befindet sich im
 * ersten Stock. ... versetzt seine Spielfigur direkt auf diese blaue Tür.
 * Alle dazwischenliegenden Felder werden übersprungen. Seine Bewegung endet
 * dort sofort." The cat is reached with the last step; e3 and e2 are skipped
 * without an elevator draw. */
START_TEST(test_rule_cat_jump_across_floors)
{
    layout l = cat_layout("e4", "B8", NULL, NULL);
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@b2");
    expect_score(s, (score){0, 0, 0, 2, 0, 0, 2});
    expect_phase(s, "cat");
    expect_figure(s, 0, "b3");
    ck_assert_int_eq(br_state_current_player(s), 0);
    br_move moves[MOVE_BUFFER];
    ck_assert_uint_eq(legal_moves(s, moves), 2);
    ck_assert(brt_is_legal(s, "jump") && brt_is_legal(s, "walk"));
    brt_play(s, "jump");
    expect_figure(s, 0, "c1");
    ck_assert(score_of(s, 0) == 18);
    expect_phase(s, "door-draw");
    ck_assert_str_eq(brt_field(s, "elevator_hands[0]"), "");
    br_state_free(s);
}
END_TEST

/* "Der Katzensprung ist freiwillig und kostet keine zusätzlichen Schritte.
 * Nach dem Sprung endet die Bewegung sofort. Eventuell verbleibende Schritte
 * verfallen." From a3 the cat is reached with 1 step left: jumping loses it,
 * walking uses it. */
START_TEST(test_rule_cat_jump_voluntary_and_ends_the_move)
{
    layout l = cat_layout("a3", "B8", NULL, NULL);
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@b2");
    expect_phase(s, "cat");
    ck_assert_str_eq(brt_field(s, "steps"), "1");
    brt_play(s, "jump");
    expect_figure(s, 0, "c1");
    ck_assert_str_eq(brt_field(s, "steps"), "0");
    expect_phase(s, "door-draw");
    br_state_free(s);

    s = load_layout(&l, "");
    brt_play(s, "G5@b2");
    brt_play(s, "walk");
    expect_figure(s, 0, "c3:1");
    expect_phase(s, "door-draw");
    br_state_free(s);
}
END_TEST

/* "Ein Katzensprung ist nur vorwärts in Richtung Ausgang erlaubt." / "Die
 * Zieltür muss dieselbe Farbe wie die Katzenkarte besitzen." / "Ist auf dem
 * weiteren Laufweg keine passende Tür vorhanden, kann kein Katzensprung
 * durchgeführt werden." A blue door behind (a4) and a yellow door ahead (c1):
 * no jump is offered; the figure walks on. */
START_TEST(test_rule_cat_jump_needs_same_colour_door_ahead)
{
    layout l = cat_layout("a3", "Y8", NULL, "B8");
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@b2");
    expect_figure(s, 0, "c3:1");
    expect_phase(s, "door-draw");
    br_state_free(s);
}
END_TEST

/* "Ein Katzensprung darf keine weiteren Katzensprünge auslösen. Landet die
 * Spielfigur auf einer weiteren Katzenkarte, kann deren Geheimgang erst
 * genutzt werden, wenn die Figur sie in einem späteren Spielzug durch normale
 * Bewegung erneut erreicht." The jump lands on the blue cat B7 (the first
 * blue door ahead, not B9 behind it) and ends there. */
START_TEST(test_rule_cat_jump_does_not_chain)
{
    layout l = cat_layout("a3", "B7", "B9", NULL);
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@b2");
    brt_play(s, "jump");
    expect_figure(s, 0, "c1");
    expect_phase(s, "door-draw");
    br_state_free(s);
}
END_TEST

/* "Katzenkarten bleiben nach ihrer Benutzung unverändert auf dem Spielplan
 * liegen. Beide Spieler können ihre Geheimgänge während des Spiels nutzen."
 * Seat 0 jumps with B3; then seat 1 reaches B3 (with 10 of its 11 steps for
 * G6@c2 left) and may jump too. */
START_TEST(test_rule_cat_cards_stay_for_both_players)
{
    layout l = cat_layout("a3", "B8", NULL, NULL);
    br_state *s = load_layout(&l, "");
    brt_play(s, "G5@b2");
    brt_play(s, "jump");
    ck_assert_str_eq(brt_fieldf(s, "board[%d]", B3), "B3");
    draw_first(s);
    ck_assert_int_eq(br_state_current_player(s), 1);
    brt_play(s, "G6@c2");
    expect_score(s, (score){3, 0, 3, 5, 0, 0, 11});
    expect_phase(s, "cat");
    ck_assert_int_eq(br_state_current_player(s), 1);
    expect_figure(s, 1, "b3");
    brt_play(s, "jump");
    expect_figure(s, 1, "c1");
    br_state_free(s);
}
END_TEST

/* "Landet die Spielfigur auf einer weiteren Katzenkarte, kann deren
 * Geheimgang erst genutzt werden, wenn die Figur sie in einem späteren
 * Spielzug durch normale Bewegung erneut erreicht." A forward path never
 * leads back to the card, so the figure reaches it again when it sets out
 * from it by steps in a later turn: the offer comes before the first step.
 * Issue 10's reproduction: seat 0 follows the blue cat B3 on a4 and lands on
 * the blue cat B7 on b3; next turn R6@c1 gives 13 steps (same colour 3,
 * ascending 5, run 5), and the jump to the blue door B9 on d1 is offered. */
static layout landed_on_cat_layout(void)
{
    return (layout){.board = {[A4] = "B3", [B3] = "B7", [A1] = "R4", [D1] = "B9"},
                    .hands = {{"R5", "R6"}, {"Y9"}}};
}

static br_state *land_on_cat_by_jump(void)
{
    layout l = landed_on_cat_layout();
    br_state *s = load_layout(&l, "");
    brt_play(s, "R5@b1"); /* run of two: the first step enters a4 */
    expect_phase(s, "cat");
    brt_play(s, "jump");
    expect_figure(s, 0, "b3");
    ck_assert_str_eq(brt_field(s, "cat_wait[0]"), "later");
    brt_play(s, "draw B8");
    ck_assert_str_eq(brt_field(s, "cat_wait[0]"), "ready");
    brt_play(s, "Y9@d4");
    expect_score(s, (score){0, 0, 0, 0, 0, 0, 0});
    brt_play(s, "draw B6");
    brt_play(s, "R6@c1");
    expect_score(s, (score){3, 0, 5, 5, 0, 0, 13});
    return s;
}

START_TEST(test_rule_cat_landed_on_by_jump_usable_in_later_turn)
{
    br_state *s = land_on_cat_by_jump();
    expect_phase(s, "cat");
    expect_figure(s, 0, "b3");
    ck_assert_str_eq(brt_field(s, "steps"), "13");
    ck_assert_str_eq(brt_field(s, "cat_wait[0]"), "none");
    ck_assert(brt_is_legal(s, "jump") && brt_is_legal(s, "walk"));
    brt_play(s, "jump");
    expect_figure(s, 0, "d1");
    expect_phase(s, "door-draw");
    br_state_free(s);

    /* Walking on instead: the offer was the one reaching; c3 and d3 are
     * empty (3 cells each), so the 7th step enters e3 and stops there. */
    s = land_on_cat_by_jump();
    brt_play(s, "walk");
    expect_figure(s, 0, "e3");
    expect_phase(s, "elevator-draw");
    br_state_free(s);
}
END_TEST

/* "... in einem späteren Spielzug": not in the turn of the jump. An elevator
 * card's steps reach the blue cat B3 on a3, the jump lands on the blue cat B7
 * on c3; the door card of the same turn walks the figure on without an
 * offer, though the blue door B9 lies ahead. */
START_TEST(test_rule_cat_landed_on_by_jump_not_usable_in_same_turn)
{
    layout l = {.board = {[A3] = "B3", [C3] = "B7", [A1] = "R4", [D1] = "B9"},
                .figures = {"e4", "start"},
                .hands = {{"R5"}},
                .elevator_hands = {{"doors"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "doors@e3"); /* two doors on floor 3: 2 steps */
    expect_phase(s, "cat");
    brt_play(s, "jump");
    expect_figure(s, 0, "c3");
    expect_phase(s, "door");
    ck_assert_str_eq(brt_field(s, "cat_wait[0]"), "later");
    brt_play(s, "R5@b1");
    expect_score(s, (score){0, 0, 0, 2, 0, 0, 2});
    expect_figure(s, 0, "d3:2");
    expect_phase(s, "door-draw");
    ck_assert_str_eq(brt_field(s, "cat_wait[0]"), "none");
    br_state_free(s);
}
END_TEST

/* The same for a figure that stands in an empty door field when a cat card is
 * laid there (design: it came onto the cat without a step, like a jump's
 * landing): seat 1's figure on b3:2 gets B7 laid under it by seat 0 and may
 * follow that cat when it next moves on, in its own turn. */
START_TEST(test_rule_cat_laid_under_figure_usable_in_later_turn)
{
    layout l = {.board = {[A1] = "R4", [D1] = "B9"},
                .figures = {"start", "b3:2"},
                .hands = {{"B7"}, {"R5"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "B7@b3");
    expect_figure(s, 1, "b3");
    ck_assert_str_eq(brt_field(s, "cat_wait[1]"), "later");
    brt_play(s, "draw B8");
    ck_assert_str_eq(brt_field(s, "cat_wait[1]"), "ready");
    brt_play(s, "R5@b1");
    expect_phase(s, "cat");
    ck_assert_int_eq(br_state_current_player(s), 1);
    ck_assert_str_eq(brt_field(s, "steps"), "2");
    brt_play(s, "jump");
    expect_figure(s, 1, "d1");
    br_state_free(s);
}
END_TEST

/* The snapshot keeps the waiting cat; one that is not under the figure is
 * refused, naming the field. */
START_TEST(test_rule_cat_wait_checked_in_snapshot)
{
    layout l = landed_on_cat_layout();
    br_state *s = load_layout(&l, "");
    char *text = brt_snapshot(s);
    json_t *root = brt_parse_json(text);
    free(text);
    json_t *waits = json_object_get(json_object_get(root, "state"), "cat_wait");
    json_array_set_new(waits, 0, json_string("ready")); /* figure 0 is on the start field */
    text = json_dumps(root, JSON_COMPACT);
    char err[256] = "";
    br_state *bad = NULL;
    ck_assert_int_eq(br_state_from_json(text, &bad, err, sizeof err), BR_ERR_SNAPSHOT);
    ck_assert_msg(strstr(err, "state.cat_wait[0]") != NULL, "error: %s", err);
    free(text);
    json_decref(root);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Binary snapshot (doc: "Binary snapshot"): offsets into the payload. */

enum {
    BIN_PHASE = 0, BIN_TURN = 1, BIN_BOARD = 7, BIN_ELEVATORS = 23, BIN_FIGURES = 27,
    BIN_PILE = 31, BIN_HAND0 = 47, BIN_EXCHANGED1 = 95, BIN_EHAND1 = 121, BIN_REPLACED = 151,
    BIN_CAT_WAIT = 171, BIN_LAST = 173, BIN_FINAL = 180, BIN_WINNERS = 184, BIN_SIZE = 186
};

/* A position some way into a game: the first legal move each time. */
static br_state *played_position(void)
{
    br_state *s = new_state("chance=auto,seed=7");
    for (int i = 0; i < 14 && br_state_current_player(s) >= 0; i++) {
        br_move moves[MOVE_BUFFER];
        size_t n = legal_moves(s, moves);
        ck_assert_uint_gt(n, 0);
        ck_assert_int_eq(br_state_apply(s, moves[i % n]), BR_OK);
    }
    return s;
}

START_TEST(test_binary_snapshot_round_trips)
{
    br_state *s = played_position();
    brt_expect_binary_round_trip(s, BIN_SIZE);
    br_state_free(s);
}
END_TEST

START_TEST(test_binary_loader_refuses_bad_fields_naming_them)
{
    br_state *s = played_position();
    brt_expect_binary_refused(s, BIN_SIZE, BIN_PHASE, 11, "state.phase");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_TURN, 2, "state.turn");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_BOARD + 5, 36, "state.board[5]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_ELEVATORS + 2, 10, "state.elevators[2]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_FIGURES + 2, 22, "state.figures[1]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_HAND0 + 7, 0x80, "state.hands[0]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_PILE + 8 + 7, 0x10, "state.door_pile");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_EHAND1 + 3, 3, "state.elevator_hands[1]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_REPLACED, 5, "state.replaced");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_CAT_WAIT + 1, 3, "state.cat_wait[1]");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_LAST, 11, "state.last_score.colour");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_LAST + 6, 200, "state.last_score.total");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_FINAL, 2, "state.final");
    brt_expect_binary_refused(s, BIN_SIZE, BIN_WINNERS, 2, "state.winners[0]");
    br_state_free(s);
}
END_TEST

/* Fields each in range, but together not a position: the JSON loader's
 * checks over the whole state apply. */
START_TEST(test_binary_loader_checks_the_invariants)
{
    br_state *s = played_position();
    /* A winner while the game goes on. */
    brt_expect_binary_refused(s, BIN_SIZE, BIN_WINNERS + 1, 1, "state.winners[1]");
    /* A second copy of a card in the exchanged set without the first. */
    brt_expect_binary_refused(s, BIN_SIZE, BIN_EXCHANGED1 + 8, 1, "state.exchanged[1]");
    /* A door card once more: the census names the third copy. */
    size_t len, payload;
    unsigned char *bytes = brt_binary_sized(s, &len, &payload, BIN_SIZE);
    int empty = -1;
    for (int x = 0; x < 16 && empty < 0; x++)
        if (bytes[payload + BIN_BOARD + x] == 0xFF)
            empty = x;
    int card = -1;
    for (int x = 0; x < 16 && card < 0; x++)
        if (bytes[payload + BIN_BOARD + x] != 0xFF)
            card = bytes[payload + BIN_BOARD + x];
    free(bytes);
    ck_assert_int_ge(empty, 0);
    ck_assert_int_ge(card, 0);
    size_t at = BIN_BOARD + (size_t)empty;
    bytes = brt_binary_sized(s, &len, &payload, BIN_SIZE);
    bytes[payload + at] = (unsigned char)card;
    /* No figure may stand on a cell of the door field that now holds a card. */
    for (int p = 0; p < 2; p++)
        bytes[payload + BIN_FIGURES + 2 * p + 1] = 0;
    brt_expect_bytes_refused(bytes, len, "a door card once more", "a third copy");
    free(bytes);
    br_state_free(s);
}
END_TEST

/* The most cards a hand (5) and an exchange (3) hold, checked across the
 * members after a load (check_sizes), naming the member and its count. */
START_TEST(test_snapshot_card_lists_refused_over_their_limits)
{
    br_state *s = played_position();
    json_t *root = brt_snapshot_json(s);
    brt_expect_member_refused(root, "hands[0]", "[\"Y1\",\"Y2\",\"Y3\",\"Y4\",\"Y5\",\"Y6\"]",
                              "a hand of 6", "state.hands[0]: 6 cards, at most 5");
    json_decref(root);
    root = brt_snapshot_json(s);
    brt_expect_member_refused(root, "exchanged[1]", "[\"G1\",\"G2\",\"G3\",\"G4\"]",
                              "an exchange of 4", "state.exchanged[1]: 4 cards, at most 3");
    json_decref(root);
    br_state_free(s);
}
END_TEST

/* A short payload names the member where it ends, one the walk reads or
 * one the game's codecs read (a figure, a card set). */
START_TEST(test_binary_loader_refuses_short_payload)
{
    br_state *s = played_position();
    /* Cut 10 bytes off the end, and the payload length with them. */
    brt_expect_short_payload_refused(s, BIN_SIZE, 10,
                                     "state.last_score.run: the data ends 1 byte");
    brt_expect_short_payload_refused(s, BIN_SIZE, BIN_SIZE - BIN_FIGURES - 3,
                                     "state.figures[1]: the data ends 1 byte early");
    brt_expect_short_payload_refused(s, BIN_SIZE, BIN_SIZE - BIN_PILE - 9,
                                     "state.door_pile: the data ends 7 bytes early");
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* End of the game. Fifteen doors hold cards (floors 1-3 only yellow and
 * green, so the last card G9@d1 scores nothing); elevator cards doors on e4
 * and e3 give 4 + 4 = 8 steps. Steps needed (one per field): a2 10, b2 9,
 * d2 7, e2 6. */

static br_state *final_position(const char *figure0, const char *figure1)
{
    layout l = {.board = {"R1", "Y1", "G2", "B1", "Y2", "G4", "Y4", "G5", "G1", "Y5", "G6", "Y6",
                          "Y9", "G8", "Y8", NULL},
                .elevators = {"doors", "doors", NULL, NULL},
                .figures = {figure0, figure1},
                .hands = {{"G9"}}};
    br_state *s = load_layout(&l, "");
    brt_play(s, "G9@d1");
    expect_score(s, (score){0, 0, 0, 0, 0, 0, 0});
    return s;
}

/* "Sind hingegen alle 16 Türfelder mit Türkarten belegt, ohne dass ein
 * Spieler den Ausgang erreicht hat, beginnt die Schlusswertung. Dabei werden
 * sämtliche ausliegenden Aufzugskarten ein letztes Mal aktiviert. Anders als
 * während des regulären Spiels erhalten nun beide Spieler die Schritte aus
 * allen Aufzugskarten. Die gewonnenen Schritte werden addiert und anschließend
 * für die letzten Bewegungen der Spielfiguren genutzt." */
START_TEST(test_rule_full_board_final_scoring_elevators_fire_for_both)
{
    br_state *s = final_position("a2", "b2");
    expect_phase(s, "over");
    ck_assert(br_state_is_terminal(s));
    ck_assert_str_eq(brt_field(s, "final.steps"), "8");
    ck_assert_str_eq(brt_field(s, "final.needed"), "10,9");
    expect_figure(s, 0, "d1"); /* 8 steps past e2: no stop in the final movement */
    expect_figure(s, 1, "e1");
    br_state_free(s);
}
END_TEST

/* "Erreicht dabei nur ein Spieler den Ausgang, gewinnt dieser die Partie." */
START_TEST(test_rule_final_scoring_only_one_out_wins)
{
    br_state *s = final_position("d2", "b2");
    expect_figure(s, 0, "exit");
    expect_figure(s, 1, "e1");
    ck_assert_str_eq(brt_field(s, "winners"), "true,false");
    expect_returns(s, 1, -1);
    br_state_free(s);
}
END_TEST

/* "Schaffen es beide Spieler, gewinnt derjenige, der dafür weniger Schritte
 * benötigt hat." Seat 1 needs 6, seat 0 needs 7; both reach the exit. */
START_TEST(test_rule_final_scoring_both_out_fewer_steps_wins)
{
    br_state *s = final_position("d2", "e2");
    ck_assert_str_eq(brt_field(s, "final.needed"), "7,6");
    expect_figure(s, 0, "exit");
    expect_figure(s, 1, "exit");
    ck_assert_str_eq(brt_field(s, "winners"), "false,true");
    expect_returns(s, -1, 1);
    br_state_free(s);
}
END_TEST

/* "Benötigen beide gleich viele Schritte, endet das Spiel unentschieden." */
START_TEST(test_rule_final_scoring_equal_steps_draw)
{
    br_state *s = final_position("d2", "d2");
    ck_assert(br_state_is_terminal(s));
    ck_assert_str_eq(brt_field(s, "winners"), "true,true");
    expect_returns(s, 0, 0);
    br_state_free(s);
}
END_TEST

/* "Gelingt es keinem der beiden Spieler, den Ausgang zu erreichen, endet die
 * Partie ohne Sieger. Beide bleiben im Haus gefangen!" */
START_TEST(test_rule_final_scoring_nobody_out_nobody_wins)
{
    br_state *s = final_position("a2", "b2");
    ck_assert(br_state_is_terminal(s));
    ck_assert_int_eq(br_state_current_player(s), BR_PLAYER_TERMINAL);
    ck_assert_str_eq(brt_field(s, "winners"), "false,false");
    expect_returns(s, 0, 0);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Hidden information and illegal moves */

/* "Mischt die Türkarten und die Aufzugskarten getrennt voneinander und legt
 * sie als verdeckte Nachziehstapel bereit." / "zwei verdeckte Aufzugskarten":
 * hands and piles are hidden. States that differ only in seat 1's hands look
 * the same to seat 0. */
START_TEST(test_rule_hidden_hands_not_observed_by_other_seat)
{
    layout a = {.hands = {{"Y1"}, {"B9"}}, .elevator_hands = {{"red"}, {"pairs"}}};
    layout b = {.hands = {{"Y1"}, {"B8"}}, .elevator_hands = {{"red"}, {"high"}}};
    br_state *sa = load_layout(&a, "");
    br_state *sb = load_layout(&b, "");
    char *a0 = brt_observation(sa, 0), *b0 = brt_observation(sb, 0);
    char *a1 = brt_observation(sa, 1), *b1 = brt_observation(sb, 1);
    char *aspec = brt_observation(sa, -1), *bspec = brt_observation(sb, -1);
    ck_assert_str_eq(a0, b0);
    ck_assert_str_eq(aspec, bspec);
    ck_assert_str_ne(a1, b1);
    ck_assert_ptr_null(strstr(a0, "\"B9\""));
    ck_assert_ptr_null(strstr(a0, "pairs"));
    ck_assert_str_eq(brt_observed(sa, 0, "hands[1]"), "5");
    ck_assert_str_eq(brt_observed(sa, 0, "door_pile"), "62");
    free(a0), free(b0), free(a1), free(b1), free(aspec), free(bspec);
    br_state_free(sa);
    br_state_free(sb);
}
END_TEST

/* The same through br_state_resample(): whatever seat 1 holds in the
 * resampled states, seat 0's observation does not change. */
START_TEST(test_rule_hidden_information_resample_keeps_observation)
{
    br_state *s = setup_state("chance=explicit,seed=3");
    br_state *dst = setup_state("chance=explicit,seed=3");
    char hand1[1024];
    snprintf(hand1, sizeof hand1, "%s", brt_field(s, "hands[1]"));
    int other_hands = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        brt_resample_keeping_view(s, 0, seed, dst, 0);
        ck_assert_str_eq(brt_field(dst, "hands[0]"), brt_field(s, "hands[0]"));
        other_hands += strcmp(brt_field(dst, "hands[1]"), hand1) != 0;
    }
    ck_assert_int_gt(other_hands, 0);
    br_state_free(dst);
    br_state_free(s);
}
END_TEST

/* Interface rule (issue 4, uniform interface): an illegal move leaves the
 * state unchanged and br_state_last_error() says why. */
static void expect_refused(br_state *s, br_move m, const char *what)
{
    char *before = brt_snapshot(s);
    br_status st = br_state_apply(s, m);
    char reason[512];
    snprintf(reason, sizeof reason, "%s", br_state_last_error(s));
    char *after = brt_snapshot(s);
    ck_assert_msg(st != BR_OK, "%s was accepted", what);
    ck_assert_msg(reason[0] != '\0', "%s: no reason in br_state_last_error()", what);
    ck_assert_msg(strcmp(before, after) == 0, "%s changed the state", what);
    free(before);
    free(after);
}

START_TEST(test_rule_illegal_move_leaves_state_unchanged)
{
    static const char *const refused[] = {"R1@a1", "B9@b1", "red@e2", "jump", "walk",
                                          "drop red", "draw B9", "done", "exchange R1"};
    /* The other copies of R1 and R2 lie on the board: after R2@d4 neither
     * is left in the pile. */
    layout l = {.board = {[A1] = "Y1", [C1] = "R1", [D1] = "R2"},
                .hands = {{"R1", "R2", "R4", "R5", "R6"}},
                .elevator_hands = {{"red"}}};
    br_state *s = load_layout(&l, "");
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        br_move m = brt_parse_move(s, refused[i]);
        ck_assert_int_eq(br_state_apply(s, m), BR_ERR_ILLEGAL_MOVE);
        expect_refused(s, m, refused[i]);
    }
    expect_refused(s, (br_move)br_state_move_space(s), "a move outside the move space");
    brt_play(s, "R2@d4");
    ck_assert_int_eq(br_state_apply(s, brt_parse_move(s, "draw R1")), BR_ERR_ILLEGAL_MOVE);
    expect_refused(s, brt_parse_move(s, "draw R2"), "drawing a card from the board");
    expect_refused(s, brt_parse_move(s, "R1@b1"), "a placement at a chance node");
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The spec's notation examples ("Move numbers and notation"). */

START_TEST(test_spec_notation_examples)
{
    static const struct {
        const char *text;
        br_move move;
    } examples[] = {{"R5@b3", 357},  {"Y1@a4", 0},         {"B9@d1", 575},
                    {"red@e3", 622}, {"draw Y1", 665},     {"draw pairs", 710},
                    {"done", 612},   {"exchange R5", 598}, {"jump", 653},
                    {"walk", 654},   {"drop red", 657},    {"draw red", 703}};
    br_state *s = new_state("chance=explicit");
    ck_assert_uint_eq(br_state_move_space(s), 711);
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        char text[64];
        ck_assert_int_eq(brt_parse_move(s, examples[i].text), examples[i].move);
        ck_assert_int_eq(br_state_move_to_text(s, examples[i].move, text, sizeof text, NULL),
                         BR_OK);
        ck_assert_str_eq(text, examples[i].text);
    }
    ck_assert_int_eq(brt_parse_move(s, "r5@b3"), 357);
    /* Every move word is read in any case and with any blanks between the
     * words, as "DONE" always was (issue 10: "Exchange R5" was refused). */
    ck_assert_int_eq(brt_parse_move(s, "DONE"), 612);
    ck_assert_int_eq(brt_parse_move(s, "Exchange R5"), 598);
    ck_assert_int_eq(brt_parse_move(s, "EXCHANGE  r5"), 598);
    ck_assert_int_eq(brt_parse_move(s, "Drop Red"), 657);
    ck_assert_int_eq(brt_parse_move(s, "DRAW pairs"), 710);
    ck_assert_int_eq(brt_parse_move(s, "Draw y1"), 665);
    br_state_free(s);
}
END_TEST

/* The view of a move for `seat` (br_state_move_to_text_view). */
static void assert_view(br_state *s, const char *move_text, int seat, const char *expected)
{
    char buf[64];
    ck_assert_int_eq(br_state_move_to_text_view(s, brt_parse_move(s, move_text), seat, buf,
                                                sizeof buf, NULL), BR_OK);
    ck_assert_msg(strcmp(buf, expected) == 0, "seat %d sees '%s' as '%s', expected '%s'",
                  seat, move_text, buf, expected);
}

/* Hidden information, for hosts that show moves: "Wer möchte, darf einmalig
 * bis zu drei seiner Karten ablegen" — the discards are face down (spec:
 * hidden from the other seat), so the other seat and spectators are shown
 * "exchange ?"; the exchanging seat sees its card; drawn cards are shown only
 * to the seat that draws; "done" and door placements are public. */
START_TEST(test_rule_secret_moves_are_hidden_in_move_texts)
{
    br_state *s = new_state("seed=5");
    ck_assert_int_eq(br_state_current_player(s), 0);
    br_move legal[128];
    size_t n = 0;
    ck_assert_int_eq(br_state_legal_moves(s, legal, 128, &n), BR_OK);
    char text[64];
    ck_assert_int_eq(br_state_move_to_text(s, legal[0], text, sizeof text, NULL), BR_OK);
    ck_assert_msg(strncmp(text, "exchange ", 9) == 0, "first move '%s'", text);
    assert_view(s, text, 0, text);
    assert_view(s, text, 1, "exchange ?");
    assert_view(s, text, -1, "exchange ?");
    assert_view(s, "done", 1, "done");
    assert_view(s, "R5@b3", 1, "R5@b3");
    assert_view(s, "draw R5", 0, "draw R5");
    assert_view(s, "draw R5", 1, "draw ? (door card)");
    assert_view(s, "draw red", 1, "draw ? (elevator card)");
    assert_view(s, "drop red", 1, "drop ?");
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Learning interface (doc: "Learning interface") */

/* The tensor's layout as the doc gives it. */
enum {
    TENSOR_SIZE = 579,
    MAX_GAME_LENGTH = 101,
    T_OCCUPIED = 0,
    T_COLOUR = 16,    /* + 16 * colour (Y, G, R, B) + field */
    T_NUMBER = 80,    /* + 16 * (number - 1) + field */
    T_CAT = 224,
    T_ELEVATOR = 240, /* + 4 * type + elevator field */
    T_ELEVATOR_STEPS = 280,
    T_BLOCK0 = 284,
    T_BLOCK1 = 411,
    B_SEGMENT = 0,
    B_CELL = 22,
    B_TO_EXIT = 25,
    B_CAT_WAIT = 26,
    B_WINNER = 29,
    B_FINAL_NEEDED = 30,
    B_HAND = 31,
    B_HAND_SIZE = 67,
    B_EHAND = 68,
    B_EHAND_SIZE = 78,
    B_EXCHANGED = 79,
    B_EXCHANGED_SIZE = 115,
    B_DROPPED = 116,
    B_DROPPED_SIZE = 126,
    BLOCK_SIZE = 127,
    T_PHASE = 538,
    T_TO_MOVE = 549,
    T_OBSERVER = 551,
    T_DEALT = 553,
    T_EXCHANGE_DRAWS = 554,
    T_DOOR_PILE = 555,
    T_ELEVATOR_PILE = 556,
    T_REPLACED = 557,
    T_STEPS = 567,
    T_SOURCE = 568,
    T_STOPPED = 569,
    T_LAST = 570,
    T_HAS_FINAL = 577,
    T_FINAL_STEPS = 578
};

/* Phases in the doc's order. */
enum { PHASE_DEAL, PHASE_EXCHANGE, PHASE_EXCHANGE_DRAW, PHASE_ELEVATOR_DEAL, PHASE_TURN };

/* Entries of a seat block that hold hidden contents (own block only). */
static int block_entry_is_hidden(int k)
{
    return (k >= B_HAND && k < B_HAND_SIZE) || (k >= B_EHAND && k < B_EHAND_SIZE) ||
           (k >= B_EXCHANGED && k < B_EXCHANGED_SIZE) || (k >= B_DROPPED && k < B_DROPPED_SIZE);
}

/* The tensor of `seat`, every entry checked written (NaN first) and in 0..1. */
static void tensor_of(const br_state *s, int seat, float *out)
{
    for (int i = 0; i < TENSOR_SIZE; i++)
        out[i] = NAN;
    ck_assert_int_eq(br_state_observation_tensor(s, seat, out, TENSOR_SIZE), BR_OK);
    /* One assertion for the whole tensor: Check marks every assertion, which
     * costs a system call. */
    int bad = -1;
    for (int i = 0; i < TENSOR_SIZE && bad < 0; i++)
        if (!(out[i] >= 0.0f && out[i] <= 1.0f))
            bad = i;
    if (bad >= 0)
        ck_abort_msg("seat %d: entry %d is %g", seat, bad, (double)out[bad]);
}

static void assert_entry(const float *t, int at, double want, const char *what)
{
    ck_assert_msg(fabs((double)t[at] - want) < 1e-6, "%s (entry %d): %g, expected %g", what,
                  at, (double)t[at], want);
}

/* The sum of entries at..at+n-1 (a one-hot group sums to 1). */
static double sum_of(const float *t, int at, int n)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += t[at + i];
    return sum;
}

/* Whether entries at..at+n-1 are one 1 and else 0. */
static int one_hot(const float *t, int at, int n)
{
    int ones = 0;
    for (int i = 0; i < n; i++) {
        if (t[at + i] == 1.0f)
            ones++;
        else if (t[at + i] != 0.0f)
            return 0;
    }
    return ones == 1;
}

static const br_game *the_game(void)
{
    const br_game *game = br_game_find(GAME_NAME);
    ck_assert_ptr_nonnull(game);
    return game;
}

/* Keys, kinds and defaults of the option specs as the doc's table gives them;
 * the defaults joined make the default canonical options string. */
START_TEST(test_learning_option_specs_in_canonical_order_with_defaults)
{
    static const char *const keys[] = {"players", "seed", "chance", "run4", "different4"};
    static const int kinds[] = {BR_OPTION_INTEGER, BR_OPTION_INTEGER, BR_OPTION_CHOICE,
                                BR_OPTION_CHOICE, BR_OPTION_CHOICE};
    const br_game *game = the_game();
    ck_assert_uint_eq(br_game_option_count(game), 5);
    ck_assert_ptr_null(br_game_option(game, 5));
    char joined[256] = "";
    for (size_t i = 0; i < 5; i++) {
        const br_option_spec *o = br_game_option(game, i);
        ck_assert_ptr_nonnull(o);
        ck_assert_str_eq(o->key, keys[i]);
        ck_assert_int_eq(o->kind, kinds[i]);
        ck_assert_ptr_nonnull(o->default_value);
        ck_assert_msg(o->help != NULL && o->help[0] != '\0' && strchr(o->help, '\n') == NULL,
                      "%s: help is not one line", o->key);
        snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s=%s",
                 i ? "," : "", o->key, o->default_value);
    }
    ck_assert_str_eq(joined, "players=2,seed=0,chance=auto,run4=9,different4=line-or-l");
    ck_assert_uint_eq(br_game_option(game, 0)->min, 2);
    ck_assert_uint_eq(br_game_option(game, 0)->max, 2);
    ck_assert_uint_eq(br_game_option(game, 1)->min, 0);
    ck_assert_uint_eq(br_game_option(game, 1)->max, UINT64_MAX);

    /* The joined defaults are the canonical options of a default state. */
    br_state *s = new_state("");
    char options[256];
    ck_assert_int_eq(br_state_options(s, options, sizeof options, NULL), BR_OK);
    ck_assert_str_eq(options, joined);
    br_state_free(s);
    s = new_state(joined);
    br_state_free(s);
}
END_TEST

/* Every value a spec allows is accepted by br_state_new() and
 * br_game_check_options(); the values just outside are refused, naming the
 * key. */
START_TEST(test_learning_option_specs_values_accepted_out_of_range_refused)
{
    const br_game *game = the_game();
    char options[128], err[256];
    for (size_t i = 0; i < br_game_option_count(game); i++) {
        const br_option_spec *o = br_game_option(game, i);
        const char *bad[3] = {NULL, NULL, NULL};
        char low[32], high[32], bad_choice[80];
        if (o->kind == BR_OPTION_INTEGER) {
            const uint64_t ends[2] = {o->min, o->max};
            for (int e = 0; e < 2; e++) {
                snprintf(options, sizeof options, "%s=%llu", o->key,
                         (unsigned long long)ends[e]);
                br_state *s = new_state(options);
                br_state_free(s);
            }
            if (o->min > 0) {
                snprintf(low, sizeof low, "%llu", (unsigned long long)o->min - 1);
                bad[0] = low;
            }
            if (o->max < UINT64_MAX)
                snprintf(high, sizeof high, "%llu", (unsigned long long)o->max + 1);
            else
                snprintf(high, sizeof high, "18446744073709551616");
            bad[1] = high;
        } else {
            ck_assert_int_eq(o->kind, BR_OPTION_CHOICE);
            ck_assert_ptr_nonnull(o->choices);
            int n = 0;
            for (; o->choices[n] != NULL; n++) {
                snprintf(options, sizeof options, "%s=%s", o->key, o->choices[n]);
                br_state *s = new_state(options);
                br_state_free(s);
                ck_assert_int_eq(br_game_check_options(game, options, err, sizeof err), BR_OK);
            }
            ck_assert_int_eq(n, 2);
            snprintf(bad_choice, sizeof bad_choice, "x%s", o->choices[0]);
            bad[0] = bad_choice;
            bad[1] = "0";
        }
        for (int b = 0; b < 3; b++) {
            if (bad[b] == NULL)
                continue;
            snprintf(options, sizeof options, "%s=%s", o->key, bad[b]);
            br_state *s = NULL;
            err[0] = '\0';
            ck_assert_int_eq(br_state_new(game, options, &s, err, sizeof err), BR_ERR_OPTION);
            ck_assert_msg(strstr(err, o->key) != NULL, "'%s' refused without naming the key: %s",
                          options, err);
            ck_assert_int_eq(br_game_check_options(game, options, err, sizeof err),
                             BR_ERR_OPTION);
        }
    }
}
END_TEST

/* The facts of every option set: the doc's table ("Facts"). */
START_TEST(test_learning_facts_and_tensor_shape_as_documented)
{
    static const char *const sets[] = {
        "", "chance=explicit", "run4=10", "different4=connected",
        "run4=10,different4=connected,chance=explicit,seed=99",
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        br_facts f;
        char err[128] = "";
        memset(&f, 0xa5, sizeof f);
        ck_assert_int_eq(br_game_facts(the_game(), sets[i], &f, sizeof f, err, sizeof err),
                         BR_OK);
        ck_assert_int_eq(f.num_players, 2);
        ck_assert_int_eq(f.has_chance, 1);
        ck_assert_int_eq(f.has_hidden_information, 1);
        ck_assert_int_eq(f.returns_kind, BR_RETURNS_ZERO_SUM);
        ck_assert_uint_eq(f.move_space, 711);
        ck_assert_uint_eq(f.max_legal_moves, 88);
        ck_assert_uint_eq(f.max_game_length, MAX_GAME_LENGTH);
        brt_expect_vector_tensor(&f, TENSOR_SIZE);
    }
    /* One entry short: refused, nothing written. */
    br_state *s = new_state("");
    float t[TENSOR_SIZE];
    for (int i = 0; i < TENSOR_SIZE; i++)
        t[i] = -1.0f;
    ck_assert_int_eq(br_state_observation_tensor(s, 0, t, TENSOR_SIZE - 1), BR_ERR_BUFFER);
    for (int i = 0; i < TENSOR_SIZE; i++)
        ck_assert(t[i] == -1.0f);
    br_state_free(s);
}
END_TEST

/* A set-up position read plane by plane: the board cells, the elevator
 * card, the figures, the own hand one-hot by copies, the other hand as a
 * count, whose turn. */
START_TEST(test_learning_tensor_of_set_up_position_has_documented_values)
{
    layout l = {.board = {[A4] = "R3", [B4] = "G5", [A3] = "B7"},
                .elevators = {[E4] = "red"},
                .figures = {"b4", "c4:2"},
                .hands = {{"R5", "R5", "Y1", "B9", "G3"}},
                .elevator_hands = {{"cats", "pairs"}, {"low"}},
                .turn = 0};
    br_state *s = load_layout(&l, "");
    float t[TENSOR_SIZE];
    tensor_of(s, 0, t);

    /* Board: R3 on a4 (a cat), G5 on b4, B7 on a3 (a cat); c4 empty. */
    assert_entry(t, T_OCCUPIED + A4, 1, "a4 occupied");
    assert_entry(t, T_OCCUPIED + B4, 1, "b4 occupied");
    assert_entry(t, T_OCCUPIED + C4, 0, "c4 empty");
    assert_entry(t, T_COLOUR + 16 * 2 + A4, 1, "a4 red");
    assert_entry(t, T_COLOUR + 16 * 1 + B4, 1, "b4 green");
    assert_entry(t, T_COLOUR + 16 * 3 + A3, 1, "a3 blue");
    assert_entry(t, T_NUMBER + 16 * 2 + A4, 1, "a4 number 3");
    assert_entry(t, T_NUMBER + 16 * 4 + B4, 1, "b4 number 5");
    assert_entry(t, T_NUMBER + 16 * 6 + A3, 1, "a3 number 7");
    assert_entry(t, T_CAT + A4, 1, "a4 cat");
    assert_entry(t, T_CAT + B4, 0, "b4 no cat");
    assert_entry(t, T_CAT + A3, 1, "a3 cat");
    ck_assert_double_eq_tol(sum_of(t, T_OCCUPIED, 16), 3, 1e-6);
    ck_assert_double_eq_tol(sum_of(t, T_COLOUR, 64), 3, 1e-6);
    ck_assert_double_eq_tol(sum_of(t, T_NUMBER, 144), 3, 1e-6);
    ck_assert_double_eq_tol(sum_of(t, T_CAT, 16), 2, 1e-6);
    /* Elevator: red (type 2) on e4; one red door on floor 4 gives 2 steps. */
    assert_entry(t, T_ELEVATOR + 4 * 2 + E4, 1, "red on e4");
    ck_assert_double_eq_tol(sum_of(t, T_ELEVATOR, 40), 1, 1e-6);
    assert_entry(t, T_ELEVATOR_STEPS + E4, 2.0 / 8, "red on e4 gives 2");
    assert_entry(t, T_ELEVATOR_STEPS + E3, 0, "e3 free");

    /* Own block: the figure on b4 (segment 2, cell 0): 19 later segments and
     * 13 empty doors after it, 19 + 2 * 13 = 45 steps to the exit. */
    const float *own = t + T_BLOCK0, *other = t + T_BLOCK1;
    assert_entry(own, B_SEGMENT + 2, 1, "seat 0 on segment 2");
    ck_assert_double_eq_tol(sum_of(own, B_SEGMENT, 22), 1, 1e-6);
    assert_entry(own, B_CELL + 0, 1, "seat 0 cell 0");
    assert_entry(own, B_TO_EXIT, 45.0 / 53, "seat 0 steps to exit");
    assert_entry(own, B_CAT_WAIT + 0, 1, "seat 0 cat_wait none");
    /* Own door hand: R5 twice (card 22) = 1, Y1 (0), B9 (35), G3 (11) = 0.5. */
    assert_entry(own, B_HAND + 22, 1.0, "R5 twice");
    assert_entry(own, B_HAND + 0, 0.5, "Y1");
    assert_entry(own, B_HAND + 35, 0.5, "B9");
    assert_entry(own, B_HAND + 11, 0.5, "G3");
    ck_assert_double_eq_tol(sum_of(own, B_HAND, 36), 2.5, 1e-6);
    assert_entry(own, B_HAND_SIZE, 1, "5 door cards");
    assert_entry(own, B_EHAND + 4, 0.5, "cats");
    assert_entry(own, B_EHAND + 9, 0.5, "pairs");
    assert_entry(own, B_EHAND_SIZE, 2.0 / 3, "2 elevator cards");
    /* Other block: seat 1 on c4:2 (segment 3, cell 1): 18 later segments,
     * 1 cell left in c4 and 12 empty doors after it: 18 + 1 + 24 = 43. Its
     * hands only as counts. */
    assert_entry(other, B_SEGMENT + 3, 1, "seat 1 on segment 3");
    assert_entry(other, B_CELL + 1, 1, "seat 1 cell 1");
    assert_entry(other, B_TO_EXIT, 43.0 / 53, "seat 1 steps to exit");
    ck_assert_double_eq_tol(sum_of(other, B_HAND, 36), 0, 1e-6);
    ck_assert_double_eq_tol(sum_of(other, B_EHAND, 10), 0, 1e-6);
    assert_entry(other, B_HAND_SIZE, 1, "seat 1: 5 door cards");
    assert_entry(other, B_EHAND_SIZE, 1.0 / 3, "seat 1: 1 elevator card");

    /* Global: phase turn, seat 0 (the observer) to move, 72 - 3 - 10 = 59
     * door cards and 20 - 1 - 3 = 16 elevator cards in the piles. */
    assert_entry(t, T_PHASE + PHASE_TURN, 1, "phase turn");
    ck_assert_double_eq_tol(sum_of(t, T_PHASE, 11), 1, 1e-6);
    assert_entry(t, T_TO_MOVE + 0, 1, "the observer to move");
    assert_entry(t, T_TO_MOVE + 1, 0, "not the other");
    assert_entry(t, T_OBSERVER + 0, 1, "observer seat 0");
    assert_entry(t, T_OBSERVER + 1, 0, "observer not seat 1");
    assert_entry(t, T_DEALT, 1, "10 dealt");
    assert_entry(t, T_DOOR_PILE, 59.0 / 72, "door pile");
    assert_entry(t, T_ELEVATOR_PILE, 16.0 / 20, "elevator pile");
    assert_entry(t, T_HAS_FINAL, 0, "no final scoring");

    /* Seat 1 sees itself first and the turn as the other's. */
    float u[TENSOR_SIZE];
    tensor_of(s, 1, u);
    assert_entry(u, T_BLOCK0 + B_SEGMENT + 3, 1, "seat 1's own figure first");
    assert_entry(u, T_BLOCK1 + B_SEGMENT + 2, 1, "then seat 0's");
    assert_entry(u, T_BLOCK0 + B_EHAND + 6, 0.5, "seat 1's own low card");
    ck_assert_double_eq_tol(sum_of(u, T_BLOCK1 + B_HAND, 36), 0, 1e-6);
    assert_entry(u, T_TO_MOVE + 1, 1, "the other seat to move");
    assert_entry(u, T_OBSERVER + 1, 1, "observer seat 1");

    /* R5@c4 scores nothing but the red elevator card of floor 4 (two red
     * doors: 4 steps); the figure walks c4, then d4:1..3. The placement is
     * public; the draw that follows is a chance node (phase door-draw). */
    brt_play(s, "R5@c4");
    tensor_of(s, 0, t);
    assert_entry(t, T_COLOUR + 16 * 2 + C4, 1, "c4 red");
    assert_entry(t, T_ELEVATOR_STEPS + E4, 4.0 / 8, "red on e4 gives 4");
    assert_entry(t, T_LAST + 5, 4.0 / 8, "last score: elevator 4");
    assert_entry(t, T_LAST + 6, 4.0 / 38, "last score: total 4");
    assert_entry(t, T_BLOCK0 + B_SEGMENT + 4, 1, "seat 0 on d4");
    assert_entry(t, T_BLOCK0 + B_CELL + 2, 1, "on its third cell");
    assert_entry(t, T_BLOCK0 + B_HAND + 22, 0.5, "one R5 left");
    assert_entry(t, T_BLOCK0 + B_HAND_SIZE, 4.0 / 5, "4 door cards");
    assert_entry(t, T_PHASE + 9, 1, "phase door-draw");
    br_state_free(s);
}
END_TEST

/* Applies a random legal move (at a chance node in chance=explicit: a
 * random outcome, each listed outcome alike). */
static void random_move(br_state *s, uint64_t *rng)
{
    br_move moves[MOVE_BUFFER];
    size_t n = legal_moves(s, moves);
    ck_assert_uint_gt(n, 0);
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    ck_assert_int_eq(br_state_apply(s, moves[*rng % n]), BR_OK);
}

/* Seat 0, seat 1 and the spectator see the same tensor except in the seat
 * blocks (swapped for seat 1; hidden contents only in the own block) and in
 * whose turn (relative) and who observes: checked entry by entry at every
 * step of random games. */
START_TEST(test_learning_tensor_views_differ_only_as_documented)
{
    float t[3][TENSOR_SIZE]; /* seat 0, seat 1, spectator */
    for (int game = 0; game < 20; game++) {
        char options[64];
        snprintf(options, sizeof options, "seed=%d%s", game, game % 2 ? ",chance=explicit" : "");
        br_state *s = new_state(options);
        uint64_t rng = 0x9e3779b97f4a7c15ULL * (uint64_t)(game + 1);
        for (;;) {
            for (int v = 0; v < 3; v++)
                tensor_of(s, v < 2 ? v : -1, t[v]);
            const float *s0 = t[0], *s1 = t[1], *sp = t[2];
            for (int i = 0; i < TENSOR_SIZE; i++) {
                if (i >= T_BLOCK0 && i < T_BLOCK0 + 2 * BLOCK_SIZE)
                    continue;
                if (i >= T_TO_MOVE && i < T_TO_MOVE + 4)
                    continue;
                if (s0[i] != s1[i] || s0[i] != sp[i])
                    ck_abort_msg("entry %d differs: %g, %g, %g", i, (double)s0[i],
                                 (double)s1[i], (double)sp[i]);
            }
            /* Whose turn: the spectator's is seat 0's, seat 1's swapped. */
            ck_assert(sp[T_TO_MOVE] == s0[T_TO_MOVE] && sp[T_TO_MOVE + 1] == s0[T_TO_MOVE + 1]);
            ck_assert(s1[T_TO_MOVE] == s0[T_TO_MOVE + 1] && s1[T_TO_MOVE + 1] == s0[T_TO_MOVE]);
            ck_assert(s0[T_OBSERVER] == 1 && s0[T_OBSERVER + 1] == 0);
            ck_assert(s1[T_OBSERVER] == 0 && s1[T_OBSERVER + 1] == 1);
            ck_assert(sp[T_OBSERVER] == 0 && sp[T_OBSERVER + 1] == 0);
            /* Blocks: seat p's own block (block 0 of p's tensor) is the
             * other seat's view of p (block 1) and the spectator's (block
             * p), the hidden contents there 0. */
            for (int p = 0; p < 2; p++) {
                const float *own = t[p] + T_BLOCK0;
                const float *by_other = t[1 - p] + T_BLOCK1;
                const float *by_spectator = sp + (p == 0 ? T_BLOCK0 : T_BLOCK1);
                for (int k = 0; k < BLOCK_SIZE; k++) {
                    float want = block_entry_is_hidden(k) ? 0.0f : own[k];
                    if (by_other[k] != want || by_spectator[k] != want)
                        ck_abort_msg("seat %d's block, entry %d: own %g, other %g, "
                                     "spectator %g", p, k, (double)own[k],
                                     (double)by_other[k], (double)by_spectator[k]);
                }
            }
            if (br_state_is_terminal(s))
                break;
            random_move(s, &rng);
        }
        br_state_free(s);
    }
}
END_TEST

/* Every entry in 0..1 (tensor_of), and the one-hot groups have exactly one
 * 1, at every step of random games with every option set: the scales of the
 * doc hold. */
START_TEST(test_learning_tensor_entries_in_range_one_hot_groups_whole)
{
    static const char *const sets[] = {"", "run4=10,different4=connected"};
    float t[TENSOR_SIZE];
    for (int game = 0; game < 60; game++) {
        char options[96];
        snprintf(options, sizeof options, "seed=%d%s%s", game, game % 2 ? "," : "",
                 game % 2 ? sets[1] : sets[0]);
        br_state *s = new_state(options);
        uint64_t rng = 0x2545f4914f6cdd1dULL * (uint64_t)(game + 1);
        for (;;) {
            for (int seat = -1; seat < 2; seat++) {
                tensor_of(s, seat, t);
                int whole = one_hot(t, T_PHASE, 11) && one_hot(t, T_TO_MOVE, 2);
                for (int b = 0; b < 2; b++) {
                    const float *block = t + T_BLOCK0 + BLOCK_SIZE * b;
                    whole = whole && one_hot(block, B_SEGMENT, 22) &&
                            one_hot(block, B_CELL, 3) && one_hot(block, B_CAT_WAIT, 3);
                    /* A figure on the exit needs 0 steps, elsewhere some. */
                    if ((block[B_SEGMENT + 21] == 1) != (block[B_TO_EXIT] == 0))
                        ck_abort_msg("game %d, seat %d, block %d: steps to exit %g", game,
                                     seat, b, (double)block[B_TO_EXIT]);
                }
                if (!whole)
                    ck_abort_msg("game %d, seat %d: a one-hot group is not whole", game, seat);
            }
            if (br_state_is_terminal(s))
                break;
            random_move(s, &rng);
        }
        br_state_free(s);
    }
}
END_TEST

/* No state is further than max_game_length moves from the start: a few
 * hundred random games, chance=auto and chance=explicit, every option set;
 * the history holds every move. */
START_TEST(test_learning_max_game_length_holds_over_random_playouts)
{
    static const char *const sets[] = {"", "run4=10", "different4=connected",
                                       "run4=10,different4=connected"};
    br_history_entry history[MAX_GAME_LENGTH];
    uint32_t longest = 0;
    for (int game = 0; game < 400; game++) {
        char options[128];
        snprintf(options, sizeof options, "seed=%d,chance=%s%s%s", game,
                 game % 2 ? "explicit" : "auto", *sets[game % 4] ? "," : "", sets[game % 4]);
        br_state *s = new_state(options);
        uint64_t rng = 0xd1b54a32d192ed03ULL * (uint64_t)(game + 1);
        while (!br_state_is_terminal(s)) {
            ck_assert_uint_le(br_state_move_number(s), MAX_GAME_LENGTH);
            random_move(s, &rng);
        }
        uint32_t n = br_state_move_number(s);
        ck_assert_uint_le(n, MAX_GAME_LENGTH);
        longest = n > longest ? n : longest;
        size_t count = 0;
        ck_assert_int_eq(br_state_history(s, history, MAX_GAME_LENGTH, &count), BR_OK);
        ck_assert_uint_eq(count, n);
        br_state_free(s);
    }
    /* Random games are far from the bound (doc: 63 moves on average). */
    ck_assert_uint_ge(longest, 66);
}
END_TEST

/* A long game found by a search (doc: "The bound on the game's length"),
 * replayed with chance=explicit: every term of the bound but the elevator
 * actions, drops and cat decisions at its maximum. */
static const int long_game[] = {
    685, 689, 681, 680, 696, 690, 682, 694, 680, 689, 596, 593, 607, 694, 698, 676, 600, 601,
    600, 667, 685, 671, 708, 706, 706, 704, 541, 676, 248, 698, 243, 681, 528, 666, 466, 667,
    325, 671, 36, 654, 688, 33, 654, 654, 654, 654, 703, 657, 692, 375, 654, 654, 654, 704, 662,
    674, 626, 26, 683, 625, 654, 654, 190, 708, 669, 635, 654, 654, 105, 703, 696, 636, 654,
    654, 187, 654, 707, 699, 623, 476, 654, 654, 654, 702, 697, 559, 654, 654, 702, 656, 679,
    617, 654, 654, 438, 709
};

START_TEST(test_learning_max_game_length_approached)
{
    static const char *const phases[] = {"deal", "exchange", "exchange-draw", "elevator-deal",
                                          "turn", "door", "cat", "elevator-draw",
                                          "elevator-drop", "door-draw"};
    int count[10] = {0};
    int actions = 0;
    br_state *s = new_state("chance=explicit");
    size_t n = sizeof long_game / sizeof long_game[0];
    for (size_t i = 0; i < n; i++) {
        br_move m = long_game[i];
        const char *phase = brt_field(s, "phase");
        int k = 0;
        while (k < 10 && strcmp(phase, phases[k]) != 0)
            k++;
        ck_assert_int_lt(k, 10);
        count[k]++;
        actions += m >= FIRST_ELEVATOR_MOVE && m <= LAST_ELEVATOR_MOVE;
        ck_assert_msg(br_state_apply(s, m) == BR_OK, "move %zu (%d) refused: %s", i, (int)m,
                      br_state_last_error(s));
    }
    ck_assert(br_state_is_terminal(s));
    ck_assert_uint_eq(br_state_move_number(s), n);
    ck_assert_uint_le(n, MAX_GAME_LENGTH);
    ck_assert_uint_ge(n, 96);
    /* The terms of the bound that this game reaches. */
    ck_assert_int_eq(count[0], 10);                       /* deal */
    ck_assert_int_eq(count[1] + count[2], 12);            /* exchange */
    ck_assert_int_eq(count[3], 4);                        /* elevator deal */
    ck_assert_int_eq(count[4] + count[5] - actions, 16);  /* door cards */
    ck_assert_int_eq(count[9], 15);                       /* door draws */
    ck_assert_int_eq(count[7], 8);                        /* elevator draws */
    /* And the rest: elevator actions and drops (at most 12), cat decisions
     * (at most 24). */
    ck_assert_int_le(actions + count[8], 12);
    ck_assert_int_le(count[6], 24);
    ck_assert_int_eq(actions + count[8] + count[6], (int)n - 65);
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Effects (issue 25; doc: "Effects"): what each history entry changed, as
 * the mover, the other seat and a spectator may see it. The games are
 * played from the first deal on a chance=explicit table (the effects
 * replay the history from the options' initial state, so a loaded layout
 * would not do), every draw chosen by the test. */

/* Game A: seat 0 is dealt Y1 Y3 Y5 R1 R2, seat 1 Y2 Y4 G1 G2 B1; seat 0
 * exchanges R2, seat 1 nothing; elevator cards red, doors / blue, cats. The
 * floor-4 run Y1 Y2 Y3 Y4 moves both figures; seat 0 stops on e4, draws,
 * drops and plays doors@e4; seat 1 meets the cat Y3; the board fills with
 * cards that score little, and the final scoring ends the game in a drop. */
static const char EFFECTS_GAME_A[] =
    "draw Y1;draw Y2;draw Y3;draw Y4;draw Y5;draw G1;draw R1;draw G2;draw R2;draw B1;"
    "exchange R2;done;draw R3;done;draw red;draw blue;draw doors;draw cats;"
    "Y1@a4;draw R4;Y2@b4;draw G3;Y3@c4;draw green;drop red;draw R5;B1@a1;draw G4;"
    "doors@e4;Y5@b3;draw R6;Y4@d4;jump;draw G5;R1@a3;draw B9;G1@d3;draw B9;R3@a2;"
    "draw B8;G2@c2;draw B8;R4@b1;draw B7;G3@d1;draw B7;R5@c3;draw B6;G4@d2;draw B6;"
    "R6@b2;draw pairs;draw B5;G5@c1;draw pairs;drop blue";

/* Game B: seat 1 walks out of the exit with the 16th door card, laid on the
 * empty door c1 where seat 0's figure stands. */
static const char EFFECTS_GAME_B[] =
    "draw G6;draw R6;draw R7;draw Y9;draw G4;draw Y3;draw Y6;draw Y9;draw G8;draw B7;"
    "done;done;draw blue;draw low;draw yellow;draw high;Y6@a4;draw B6;Y3@b4;draw B4;"
    "G4@c4;draw R8;R6@d4;draw high;drop high;draw G5;B6@b3;draw low;drop low;draw Y6;"
    "B4@d3;draw B7;Y6@d2;draw G8;B7@c3;draw yellow;drop high;draw R3;G6@c2;jump;"
    "draw B3;G5@a3;draw B8;G8@d1;draw cats;drop cats;draw G1;R3@b2;draw colours;"
    "drop colours;draw R2;G1@a2;draw green;drop blue;draw Y5;yellow@e4;Y9@b1;"
    "draw cats;draw B1;G8@a1;draw Y8;R2@c1";

/* Game C: seat 0 exchanges three cards (the exchange ends by itself), seat
 * 1 one; at the end seat 1 replaces the cats card on e4 with its own. */
static const char EFFECTS_GAME_C[] =
    "draw R8;draw R1;draw R3;draw G5;draw R8;draw Y5;draw Y3;draw G5;draw B5;draw R2;"
    "exchange R3;exchange Y3;exchange B5;draw B7;draw B8;draw B6;exchange Y5;done;"
    "draw R6;draw doors;draw colours;draw yellow;draw cats;B8@b2;draw Y2;R2@a4;"
    "draw Y3;B6@d1;draw G7;G5@b1;draw G9;G7@c4;draw R4;Y3@a2;draw G3;B7@d4;draw G6;"
    "G3@a3;walk;walk;draw red;drop colours;draw G4;Y2@b4;walk;walk;draw colours;"
    "drop colours;draw B1;red@e1;G4@c1;draw B9;yellow@e2;jump;G6@b3;draw yellow;"
    "draw B4;cats@e4;jump;R1@c2;draw cats;draw G3;yellow@e3;B4@d3;draw R5;cats@e4";

/* Game D: seat 1's elevator card walks it onto e3; the door card it lays
 * after fills the board, its steps are lost, and the final scoring takes
 * seat 0 out of the exit. */
static const char EFFECTS_GAME_D[] =
    "draw B9;draw Y4;draw B8;draw G3;draw Y2;draw G1;draw B5;draw Y2;draw G1;draw R4;"
    "exchange B9;exchange G1;done;draw B3;draw G9;exchange R4;exchange G3;exchange G1;"
    "draw R5;draw R9;draw B7;draw blue;draw doors;draw pairs;draw colours;B5@c2;"
    "draw Y8;Y2@d4;draw R2;Y2@b3;draw G6;R2@d2;draw G5;G6@c1;draw Y1;B7@a3;draw B2;"
    "Y1@b1;draw G7;G5@a1;draw R1;Y8@c3;draw R7;R1@d3;draw Y7;G7@b4;draw red;"
    "drop blue;draw B6;Y7@a2;walk;draw G2;red@e1;R7@d1;jump;draw R6;Y4@b2;"
    "draw green;drop doors;draw B8;B8@a4;draw cats;draw B7;colours@e2;walk;"
    "draw yellow;B8@c4";

/* A chance=explicit game with the first `entries` moves of `script` (texts
 * separated by ';') played, or all of them when `entries` is 0. */
static br_state *scripted_game(const char *script, size_t entries)
{
    br_state *s = new_state("chance=explicit");
    size_t played = brt_play_script(s, script, entries);
    ck_assert_msg(entries == 0 || played == entries, "test bug: the script has %zu moves", played);
    return s;
}

/* Entry `index`'s effects as `seat` (or -1) sees them. */
static void expect_effects(const br_state *s, size_t index, int seat, const char *want)
{
    char got[2048];
    size_t len = 0;
    br_status st = br_state_history_effects_json(s, index, seat, got, sizeof got, &len);
    ck_assert_msg(st == BR_OK, "effects of entry %zu for seat %d: %s (%s)", index, seat,
                  br_status_string(st), br_state_last_error(s));
    ck_assert_msg(strcmp(got, want) == 0, "entry %zu, seat %d:\n got  %s\n want %s", index,
                  seat, got, want);
}

/* Effects of a public move: the same for both seats and a spectator. */
static void expect_public_effects(const br_state *s, size_t index, const char *want)
{
    for (int seat = -1; seat < 2; seat++)
        expect_effects(s, index, seat, want);
}

/* Effects naming a hidden card: `owner_sees` for its owner, `others_see`
 * for the other seat and a spectator. */
static void expect_hidden_effects(const br_state *s, size_t index, int owner,
                                  const char *owner_sees, const char *others_see)
{
    expect_effects(s, index, owner, owner_sees);
    expect_effects(s, index, 1 - owner, others_see);
    expect_effects(s, index, -1, others_see);
}

/* "draw": a door card drawn in the deal, for the exchange or to refill the
 * hand is named to the seat that draws it only ("verdeckt"). */
START_TEST(test_effects_door_draw_names_the_card_to_the_drawer_only)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 22);
    expect_hidden_effects(
        s, 0, 0, "[{\"type\":\"draw\",\"seat\":0,\"deck\":\"door\",\"reason\":\"deal\",\"card\":\"Y1\"}]",
        "[{\"type\":\"draw\",\"seat\":0,\"deck\":\"door\",\"reason\":\"deal\",\"card\":\"?\"}]");
    expect_hidden_effects(
        s, 12, 0,
        "[{\"type\":\"draw\",\"seat\":0,\"deck\":\"door\",\"reason\":\"exchange\",\"card\":\"R3\"}]",
        "[{\"type\":\"draw\",\"seat\":0,\"deck\":\"door\",\"reason\":\"exchange\",\"card\":\"?\"}]");
    expect_hidden_effects(
        s, 21, 1,
        "[{\"type\":\"draw\",\"seat\":1,\"deck\":\"door\",\"reason\":\"refill\",\"card\":\"G3\"}]",
        "[{\"type\":\"draw\",\"seat\":1,\"deck\":\"door\",\"reason\":\"refill\",\"card\":\"?\"}]");
    br_state_free(s);
}
END_TEST

/* "exchange", "exchange_end": the exchange's discards are face down; the
 * end of a seat's exchange (`done`, or the third card) lists them, and says
 * how many replacements the seat draws. */
START_TEST(test_effects_exchange_discards_face_down)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 14);
    expect_hidden_effects(s, 10, 0, "[{\"type\":\"exchange\",\"seat\":0,\"card\":\"R2\"}]",
                          "[{\"type\":\"exchange\",\"seat\":0,\"card\":\"?\"}]");
    expect_hidden_effects(
        s, 11, 0, "[{\"type\":\"exchange_end\",\"seat\":0,\"cards\":[\"R2\"],\"draws\":1}]",
        "[{\"type\":\"exchange_end\",\"seat\":0,\"cards\":[\"?\"],\"draws\":1}]");
    expect_public_effects(s, 13,
                          "[{\"type\":\"exchange_end\",\"seat\":1,\"cards\":[],\"draws\":0}]");
    br_state_free(s);

    s = scripted_game(EFFECTS_GAME_C, 13);
    expect_hidden_effects(s, 12, 0,
                          "[{\"type\":\"exchange\",\"seat\":0,\"card\":\"B5\"},"
                          "{\"type\":\"exchange_end\",\"seat\":0,"
                          "\"cards\":[\"Y3\",\"R3\",\"B5\"],\"draws\":3}]",
                          "[{\"type\":\"exchange\",\"seat\":0,\"card\":\"?\"},"
                          "{\"type\":\"exchange_end\",\"seat\":0,"
                          "\"cards\":[\"?\",\"?\",\"?\"],\"draws\":3}]");
    br_state_free(s);
}
END_TEST

/* "draw" of an elevator card: in the deal and on reaching an elevator field
 * ("verdeckte Aufzugskarten"), named to its drawer only. */
START_TEST(test_effects_elevator_draw_names_the_card_to_the_drawer_only)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 24);
    expect_hidden_effects(
        s, 14, 0,
        "[{\"type\":\"draw\",\"seat\":0,\"deck\":\"elevator\",\"reason\":\"deal\",\"card\":\"red\"}]",
        "[{\"type\":\"draw\",\"seat\":0,\"deck\":\"elevator\",\"reason\":\"deal\",\"card\":\"?\"}]");
    expect_hidden_effects(s, 23, 0,
                          "[{\"type\":\"draw\",\"seat\":0,\"deck\":\"elevator\","
                          "\"reason\":\"elevator-field\",\"card\":\"green\"}]",
                          "[{\"type\":\"draw\",\"seat\":0,\"deck\":\"elevator\","
                          "\"reason\":\"elevator-field\",\"card\":\"?\"}]");
    br_state_free(s);
}
END_TEST

/* "drop": the elevator card given up at the hand limit of two is
 * discarded face down. */
START_TEST(test_effects_drop_at_the_hand_limit_is_face_down)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 25);
    expect_hidden_effects(s, 24, 0, "[{\"type\":\"drop\",\"seat\":0,\"card\":\"red\"}]",
                          "[{\"type\":\"drop\",\"seat\":0,\"card\":\"?\"}]");
    br_state_free(s);
}
END_TEST

/* "door", "steps", "move": the card laid, its score by category (Y2 after
 * Y1: a run of two, 2 steps; Y3 after both: colour 3 + ascending 3 + run 5)
 * and the figure's way, which an elevator field ends (e4). */
START_TEST(test_effects_door_card_scores_steps_and_moves_the_figure)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 23);
    expect_public_effects(
        s, 20,
        "[{\"type\":\"door\",\"seat\":1,\"card\":\"Y2\",\"field\":\"b4\"},"
        "{\"type\":\"steps\",\"seat\":1,\"steps\":2,\"source\":\"door\",\"score\":{\"colour\":0,"
        "\"number\":0,\"ascending\":0,\"run\":2,\"different\":0,\"elevator\":0}},"
        "{\"type\":\"move\",\"seat\":1,\"from\":\"start\",\"to\":\"b4\"}]");
    expect_public_effects(
        s, 22,
        "[{\"type\":\"door\",\"seat\":0,\"card\":\"Y3\",\"field\":\"c4\"},"
        "{\"type\":\"steps\",\"seat\":0,\"steps\":11,\"source\":\"door\",\"score\":{\"colour\":3,"
        "\"number\":0,\"ascending\":3,\"run\":5,\"different\":0,\"elevator\":0}},"
        "{\"type\":\"move\",\"seat\":0,\"from\":\"start\",\"to\":\"e4\"}]");
    br_state_free(s);
}
END_TEST

/* "move" without a step: a door card laid on the empty door a figure
 * stands in makes its three cells one field (a3:3 becomes a3). */
START_TEST(test_effects_card_laid_under_a_figure_moves_it_onto_the_field)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 35);
    expect_public_effects(
        s, 34,
        "[{\"type\":\"door\",\"seat\":0,\"card\":\"R1\",\"field\":\"a3\"},"
        "{\"type\":\"steps\",\"seat\":0,\"steps\":0,\"source\":\"door\",\"score\":{\"colour\":0,"
        "\"number\":0,\"ascending\":0,\"run\":0,\"different\":0,\"elevator\":0}},"
        "{\"type\":\"move\",\"seat\":0,\"from\":\"a3:3\",\"to\":\"a3\"}]");
    br_state_free(s);
}
END_TEST

/* "elevator": an elevator card laid on a free field fires at once for its
 * player (doors: one step per door of floor 4, three); laid on a full row
 * of elevator fields it replaces a card, which is discarded face up. */
START_TEST(test_effects_elevator_card_laid_fires_for_its_player)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 29);
    expect_public_effects(s, 28,
                          "[{\"type\":\"elevator\",\"seat\":0,\"card\":\"doors\",\"field\":\"e4\"},"
                          "{\"type\":\"steps\",\"seat\":0,\"steps\":3,\"source\":\"elevator\"},"
                          "{\"type\":\"move\",\"seat\":0,\"from\":\"e4\",\"to\":\"a3:3\"}]");
    br_state_free(s);

    s = scripted_game(EFFECTS_GAME_C, 0);
    expect_public_effects(s, 65,
                          "[{\"type\":\"elevator\",\"seat\":1,\"card\":\"cats\",\"field\":\"e4\","
                          "\"replaced\":\"cats\"},"
                          "{\"type\":\"steps\",\"seat\":1,\"steps\":2,\"source\":\"elevator\"},"
                          "{\"type\":\"move\",\"seat\":1,\"from\":\"e3\",\"to\":\"b2\"}]");
    br_state_free(s);
}
END_TEST

/* "cat": a figure reaching a cat card with a door of its colour ahead may
 * follow it; the offer names the target and the steps a walk would use
 * (Y4@d4 completes the run of four: 5 + 5 + 9, and doors@e4 adds 4). */
START_TEST(test_effects_cat_card_offers_its_secret_passage)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 32);
    expect_public_effects(
        s, 31,
        "[{\"type\":\"door\",\"seat\":1,\"card\":\"Y4\",\"field\":\"d4\"},"
        "{\"type\":\"steps\",\"seat\":1,\"steps\":23,\"source\":\"door\",\"score\":{\"colour\":5,"
        "\"number\":0,\"ascending\":5,\"run\":9,\"different\":0,\"elevator\":4}},"
        "{\"type\":\"move\",\"seat\":1,\"from\":\"b4\",\"to\":\"c4\"},"
        "{\"type\":\"cat\",\"seat\":1,\"at\":\"c4\",\"target\":\"d4\",\"steps\":22}]");
    br_state_free(s);
}
END_TEST

/* "jump": the figure lands on the next door of the cat's colour and the
 * movement ends; `walk` instead is a plain "move" with the steps left,
 * which the elevator field e4 stops. */
START_TEST(test_effects_cat_jump_and_walk)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 33);
    expect_public_effects(s, 32, "[{\"type\":\"jump\",\"seat\":1,\"from\":\"c4\",\"to\":\"d4\"}]");
    br_state_free(s);

    s = scripted_game(EFFECTS_GAME_A, 32);
    brt_play(s, "walk");
    expect_public_effects(s, 32, "[{\"type\":\"move\",\"seat\":1,\"from\":\"c4\",\"to\":\"e4\"}]");
    br_state_free(s);
}
END_TEST

/* "final", "end": the movement after the board's 16th card is over (here a
 * drop ends it), so the final scoring runs in the same entry: every
 * elevator card fires once for both (doors on e4: 4), both figures move,
 * nobody reaches the exit ("Beide bleiben im Haus gefangen"). */
START_TEST(test_effects_final_scoring_moves_both_figures)
{
    br_state *s = scripted_game(EFFECTS_GAME_A, 0);
    const char *tail = "{\"type\":\"final\",\"steps\":4,\"needed\":[11,16]},"
                       "{\"type\":\"move\",\"seat\":0,\"from\":\"e3\",\"to\":\"d2\"},"
                       "{\"type\":\"move\",\"seat\":1,\"from\":\"e4\",\"to\":\"d3\"},"
                       "{\"type\":\"end\",\"reason\":\"final\",\"winners\":[],\"scores\":[14,9]}]";
    char owner[512], others[512];
    snprintf(owner, sizeof owner, "[{\"type\":\"drop\",\"seat\":1,\"card\":\"blue\"},%s", tail);
    snprintf(others, sizeof others, "[{\"type\":\"drop\",\"seat\":1,\"card\":\"?\"},%s", tail);
    expect_hidden_effects(s, 55, 1, owner, others);
    br_state_free(s);
}
END_TEST

/* "steps" with "stopped", then "final" with a winner: seat 1 stopped on e3
 * earlier in the turn, so its door card's steps are lost; the card fills
 * the board and the final scoring (8 steps) takes seat 0 out. */
START_TEST(test_effects_lost_steps_and_final_scoring_winner)
{
    br_state *s = scripted_game(EFFECTS_GAME_D, 0);
    expect_public_effects(
        s, 66,
        "[{\"type\":\"door\",\"seat\":1,\"card\":\"B8\",\"field\":\"c4\"},"
        "{\"type\":\"steps\",\"seat\":1,\"steps\":5,\"source\":\"door\",\"score\":{\"colour\":0,"
        "\"number\":0,\"ascending\":0,\"run\":0,\"different\":5,\"elevator\":0},\"stopped\":true},"
        "{\"type\":\"final\",\"steps\":8,\"needed\":[6,11]},"
        "{\"type\":\"move\",\"seat\":0,\"from\":\"e2\",\"to\":\"exit\"},"
        "{\"type\":\"move\",\"seat\":1,\"from\":\"e3\",\"to\":\"c1\"},"
        "{\"type\":\"end\",\"reason\":\"final\",\"winners\":[0],\"scores\":[21,18]}]");
    br_state_free(s);
}
END_TEST

/* "end" by the exit: "gewinnt sofort", even with the 16th card laid (no
 * final scoring); the card also makes the door c1 one field under seat 0. */
START_TEST(test_effects_exit_ends_the_game_at_once)
{
    br_state *s = scripted_game(EFFECTS_GAME_B, 0);
    expect_public_effects(
        s, 61,
        "[{\"type\":\"door\",\"seat\":1,\"card\":\"R2\",\"field\":\"c1\"},"
        "{\"type\":\"steps\",\"seat\":1,\"steps\":5,\"source\":\"door\",\"score\":{\"colour\":0,"
        "\"number\":0,\"ascending\":0,\"run\":0,\"different\":5,\"elevator\":0}},"
        "{\"type\":\"move\",\"seat\":0,\"from\":\"c1:3\",\"to\":\"c1\"},"
        "{\"type\":\"move\",\"seat\":1,\"from\":\"e1\",\"to\":\"exit\"},"
        "{\"type\":\"end\",\"reason\":\"exit\",\"winners\":[1],\"scores\":[18,21]}]");
    br_state_free(s);
}
END_TEST

/* ------------------------------------------------------------------ */

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("deck", 30),
        BRT_TEST(test_rule_door_deck_four_colours_numbers_one_to_nine),
        BRT_CASE("setup", 30),
        BRT_TEST(test_rule_deal_five_door_cards_each),
        BRT_CASE("exchange", 30),
        BRT_LOOP(test_rule_exchange_zero_to_three_cards_once, 4),
        BRT_CASE("setup", 30),
        BRT_TEST(test_rule_deal_two_hidden_elevator_cards_each),
        BRT_TEST(test_rule_both_figures_on_start_field_seat_zero_begins),
        BRT_CASE("turn", 30),
        BRT_TEST(test_rule_door_card_on_any_free_door_field),
        BRT_TEST(test_rule_draw_back_to_five_then_other_player),
        BRT_CASE("movement", 30),
        BRT_TEST(test_rule_path_left_to_right_floor_after_floor),
        BRT_TEST(test_rule_empty_door_costs_three_steps),
        BRT_TEST(test_rule_door_with_card_costs_one_step),
        BRT_TEST(test_rule_elevator_field_costs_one_step),
        BRT_TEST(test_rule_elevator_field_stops_figure_remaining_steps_lost),
        BRT_TEST(test_rule_reaching_elevator_field_draws_elevator_card),
        BRT_LOOP(test_rule_elevator_hand_limit_two_drop_new_or_old, 3),
        BRT_TEST(test_rule_steps_used_at_once),
        BRT_TEST(test_rule_figures_share_fields_and_pass_each_other),
        BRT_TEST(test_rule_reaching_exit_wins_at_once),
        BRT_CASE("scoring", 30),
        BRT_TEST(test_rule_same_colour_three_scores_three),
        BRT_TEST(test_rule_same_colour_four_scores_five),
        BRT_TEST(test_rule_same_colour_contiguous_on_one_floor),
        BRT_TEST(test_rule_same_number_three_scores_three),
        BRT_TEST(test_rule_same_number_four_scores_five),
        BRT_TEST(test_rule_same_number_colours_play_no_role),
        BRT_TEST(test_rule_ascending_three_scores_three),
        BRT_TEST(test_rule_ascending_four_scores_five),
        BRT_TEST(test_rule_ascending_new_card_must_form_or_extend),
        BRT_TEST(test_rule_same_colour_and_ascending_combine),
        BRT_TEST(test_rule_run_of_two_scores_two),
        BRT_TEST(test_rule_run_of_three_scores_five),
        BRT_TEST(test_rule_run_completed_in_the_middle_counts_whole),
        BRT_TEST(test_rule_run_of_four_scores_nine_by_default),
        BRT_TEST(test_rule_run_of_four_scores_ten_with_option),
        BRT_TEST(test_rule_run_earlier_scores_not_taken_back),
        BRT_TEST(test_rule_different_colours_three_scores_three),
        BRT_TEST(test_rule_different_colours_four_scores_five),
        BRT_LOOP(test_rule_different_colours_four_in_a_line_or_l_or_connected, (int)BRT_COUNT(four_shapes)),
        BRT_TEST(test_rule_different_colours_option_checked_and_kept),
        BRT_TEST(test_rule_categories_add_up_each_once),
        BRT_TEST(test_rule_only_new_card_scores),
        BRT_CASE("elevator", 30),
        BRT_TEST(test_rule_elevator_card_only_from_elevator_field),
        BRT_TEST(test_rule_elevator_card_on_any_free_elevator_field),
        BRT_TEST(test_rule_elevator_example_two_red_doors_four_then_three_six),
        BRT_TEST(test_rule_cat_bonus_steps_walked_at_once),
        BRT_TEST(test_rule_elevator_fires_for_whoever_changes_the_floor),
        BRT_LOOP(test_rule_elevator_effects_as_designed, NUM_ELEVATOR_TYPES),
        BRT_TEST(test_rule_elevator_exchange_only_when_all_four_hold_a_card),
        BRT_TEST(test_rule_at_most_one_elevator_card_per_turn),
        BRT_TEST(test_rule_stopped_at_elevator_moves_on_only_in_later_turn),
        BRT_CASE("cats", 30),
        BRT_TEST(test_rule_cat_jump_across_floors),
        BRT_TEST(test_rule_cat_jump_voluntary_and_ends_the_move),
        BRT_TEST(test_rule_cat_jump_needs_same_colour_door_ahead),
        BRT_TEST(test_rule_cat_jump_does_not_chain),
        BRT_TEST(test_rule_cat_cards_stay_for_both_players),
        BRT_TEST(test_rule_cat_landed_on_by_jump_usable_in_later_turn),
        BRT_TEST(test_rule_cat_landed_on_by_jump_not_usable_in_same_turn),
        BRT_TEST(test_rule_cat_laid_under_figure_usable_in_later_turn),
        BRT_TEST(test_rule_cat_wait_checked_in_snapshot),
        BRT_CASE("end", 30),
        BRT_TEST(test_rule_full_board_final_scoring_elevators_fire_for_both),
        BRT_TEST(test_rule_final_scoring_only_one_out_wins),
        BRT_TEST(test_rule_final_scoring_both_out_fewer_steps_wins),
        BRT_TEST(test_rule_final_scoring_equal_steps_draw),
        BRT_TEST(test_rule_final_scoring_nobody_out_nobody_wins),
        BRT_CASE("hidden", 30),
        BRT_TEST(test_rule_hidden_hands_not_observed_by_other_seat),
        BRT_TEST(test_rule_hidden_information_resample_keeps_observation),
        BRT_TEST(test_rule_secret_moves_are_hidden_in_move_texts),
        BRT_CASE("interface", 30),
        BRT_TEST(test_rule_illegal_move_leaves_state_unchanged),
        BRT_CASE("notation", 30),
        BRT_TEST(test_spec_notation_examples),
        BRT_CASE("binary", 30),
        BRT_TEST(test_binary_snapshot_round_trips),
        BRT_TEST(test_binary_loader_refuses_bad_fields_naming_them),
        BRT_TEST(test_binary_loader_checks_the_invariants),
        BRT_TEST(test_binary_loader_refuses_short_payload),
        BRT_TEST(test_snapshot_card_lists_refused_over_their_limits),
        BRT_CASE("learning", 30),
        BRT_TEST(test_learning_option_specs_in_canonical_order_with_defaults),
        BRT_TEST(test_learning_option_specs_values_accepted_out_of_range_refused),
        BRT_TEST(test_learning_facts_and_tensor_shape_as_documented),
        BRT_TEST(test_learning_tensor_of_set_up_position_has_documented_values),
        BRT_TEST(test_learning_tensor_views_differ_only_as_documented),
        BRT_TEST(test_learning_tensor_entries_in_range_one_hot_groups_whole),
        BRT_TEST(test_learning_max_game_length_holds_over_random_playouts),
        BRT_TEST(test_learning_max_game_length_approached),
        BRT_CASE("effects", 60),
        BRT_TEST(test_effects_door_draw_names_the_card_to_the_drawer_only),
        BRT_TEST(test_effects_exchange_discards_face_down),
        BRT_TEST(test_effects_elevator_draw_names_the_card_to_the_drawer_only),
        BRT_TEST(test_effects_drop_at_the_hand_limit_is_face_down),
        BRT_TEST(test_effects_door_card_scores_steps_and_moves_the_figure),
        BRT_TEST(test_effects_card_laid_under_a_figure_moves_it_onto_the_field),
        BRT_TEST(test_effects_elevator_card_laid_fires_for_its_player),
        BRT_TEST(test_effects_cat_card_offers_its_secret_passage),
        BRT_TEST(test_effects_cat_jump_and_walk),
        BRT_TEST(test_effects_final_scoring_moves_both_figures),
        BRT_TEST(test_effects_lost_steps_and_final_scoring_winner),
        BRT_TEST(test_effects_exit_ends_the_game_at_once),
    };
    return brt_run_tests("tuer-an-tuer", tests, BRT_COUNT(tests));
}
