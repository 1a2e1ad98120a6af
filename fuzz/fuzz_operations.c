/* Fuzz target: arbitrary operation sequences on states of every game.
 * Input: the 8-byte header of fuzz_common.h (game, options, seed, opening
 * moves), then operations of 1-3 bytes each, on a main state A and a
 * second state B of the same game. Invariants checked:
 * - an illegal move (check_move refuses) is refused by apply and leaves the
 *   snapshot byte-identical; a legal one is applied;
 * - every listed legal move is accepted by check_move and apply; chance
 *   outcomes equal the legal moves and their probabilities add up to 1;
 * - clone and copy give the identical snapshot; a snapshot round-trips exactly;
 * - resample keeps the seat's observation and gives a sound state;
 * - the mask marks exactly the legal moves, tensors are fully written, the
 *   history is as long as the moves since its start;
 * - the moves applied so far, written by br_record_write, replay to the
 *   identical snapshot. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OPS 32
#define MAX_HISTORY 2048

typedef struct slot {
    br_state *s;
    br_move history[MAX_HISTORY]; /* moves as passed to apply, since the start */
    size_t n;
    int history_valid; /* 0 after resample / load: not reachable by a record */
} slot;

static void record_move(slot *x, br_move m)
{
    if (x->n < MAX_HISTORY)
        x->history[x->n++] = m;
    else
        x->history_valid = 0;
}

static void check_record(const slot *x)
{
    if (!x->history_valid)
        return;
    const br_game *g = br_state_game(x->s);
    char *opts = fz_options(x->s);
    size_t len = 0;
    char err[256] = "";
    br_status st = br_record_write(g, opts, x->history, x->n, NULL, 0, &len, err, sizeof err);
    FZ_CHECK(st == BR_OK || st == BR_ERR_BUFFER, "record_write: %s: %s", br_status_string(st),
             err);
    char *rec = malloc(len + 1);
    st = br_record_write(g, opts, x->history, x->n, rec, len + 1, NULL, err, sizeof err);
    FZ_CHECK(st == BR_OK, "record_write: %s", err);
    br_state *r = NULL;
    size_t bad = 0;
    st = br_record_replay(rec, &r, &bad, err, sizeof err);
    FZ_CHECK(st == BR_OK, "written record does not replay: line %zu: %s\n%s", bad, err, rec);
    /* A record replays as chance=explicit (its chance lines give the
     * outcomes): the same position and history, another options string and
     * generator. */
    char *a = fz_position_text(x->s), *b = fz_position_text(r);
    FZ_CHECK(strcmp(a, b) == 0, "record replays to another state:\n%s\n%s\n%s", rec, a, b);
    free(a);
    free(b);
    br_state_free(r);
    free(rec);
    free(opts);
}

static size_t legal(const br_state *s, br_move *moves, size_t cap)
{
    size_t n = 0;
    br_status st = br_state_legal_moves(s, moves, cap, &n);
    FZ_CHECK(st == BR_OK && n <= cap, "legal_moves: %s (%zu, cap %zu)", br_status_string(st),
             n, cap);
    FZ_CHECK(br_state_is_terminal(s) ? n == 0 : n > 0, "terminal %d, %zu legal moves",
             br_state_is_terminal(s), n);
    for (size_t i = 1; i < n; i++)
        FZ_CHECK(moves[i - 1] < moves[i], "legal moves not increasing");
    return n;
}

/* The learning interface: the mask marks exactly the legal moves, every
 * seat's tensor is fully written and finite, one seat's information state
 * is written and in 0..1, the history is as long as the moves since its
 * start. */
static void check_learning(const br_state *s, br_move *moves, size_t cap)
{
    br_facts f;
    FZ_CHECK(br_state_facts(s, &f, sizeof f) == BR_OK, "facts");
    FZ_CHECK(br_state_move_number(s) <= f.max_game_length, "move number %u > max_game_length %u",
             br_state_move_number(s), f.max_game_length);
    uint8_t *mask = malloc(f.move_space);
    FZ_CHECK(br_state_legal_mask(s, mask, f.move_space) == BR_OK, "legal_mask");
    size_t n = legal(s, moves, cap), marked = 0;
    for (size_t m = 0; m < f.move_space; m++)
        marked += mask[m];
    for (size_t i = 0; i < n; i++)
        FZ_CHECK(mask[moves[i]] == 1, "legal move %d not in the mask", (int)moves[i]);
    FZ_CHECK(marked == n, "mask marks %zu, %zu legal", marked, n);
    free(mask);
    float *t = malloc(f.tensor_size * sizeof *t);
    for (int seat = -1; seat < f.num_players; seat++) {
        for (size_t i = 0; i < f.tensor_size; i++)
            t[i] = NAN;
        FZ_CHECK(br_state_observation_tensor(s, seat, t, f.tensor_size) == BR_OK, "tensor");
        for (size_t i = 0; i < f.tensor_size; i++)
            FZ_CHECK(isfinite(t[i]), "seat %d: tensor entry %zu not written", seat, i);
    }
    free(t);
    /* The information state of one seat (it replays the whole history):
     * every entry written, in 0..1. */
    int seat = (int)(br_state_move_number(s) % (unsigned)f.num_players);
    float *info = malloc(f.information_state_size * sizeof *info);
    for (size_t i = 0; i < f.information_state_size; i++)
        info[i] = NAN;
    br_status is = br_state_information_state_tensor(s, seat, info, f.information_state_size);
    FZ_CHECK(is == BR_OK, "information state of seat %d: %s (%s)", seat, br_status_string(is),
             br_state_last_error(s));
    for (size_t i = 0; i < f.information_state_size; i++)
        FZ_CHECK(info[i] >= 0 && info[i] <= 1, "seat %d: information state entry %zu is %g",
                 seat, i, (double)info[i]);
    free(info);
    size_t count = 0;
    br_status st = br_state_history(s, NULL, 0, &count);
    FZ_CHECK(st == (count ? BR_ERR_BUFFER : BR_OK), "history size query: %s",
             br_status_string(st));
    FZ_CHECK(count == br_state_move_number(s) - br_state_history_start(s),
             "history of %zu entries, moves %u..%u", count, br_state_history_start(s),
             br_state_move_number(s));
}

/* Applies m to x, checking check_move/apply agreement and untouched-on-illegal. */
static void try_move(slot *x, br_move m)
{
    char why[256] = "";
    br_status c = br_state_check_move(x->s, m, why, sizeof why);
    FZ_CHECK(c == BR_OK || c == BR_ERR_ILLEGAL_MOVE, "check_move(%d): %s", (int)m,
             br_status_string(c));
    fz_blob before = { NULL, 0 };
    if (c != BR_OK)
        before = fz_binary(x->s);
    uint32_t number = br_state_move_number(x->s);
    br_status a = br_state_apply(x->s, m);
    if (c == BR_OK) {
        FZ_CHECK(a == BR_OK, "check_move accepts %d, apply refuses: %s", (int)m,
                 br_state_last_error(x->s));
        FZ_CHECK(br_state_move_number(x->s) > number, "move number did not advance");
        FZ_CHECK(br_state_last_error(x->s)[0] == '\0', "successful apply kept an error");
        record_move(x, m);
    } else {
        FZ_CHECK(a == BR_ERR_ILLEGAL_MOVE, "check_move refuses %d (%s), apply: %s", (int)m,
                 why, br_status_string(a));
        FZ_CHECK(fz_unchanged(x->s, before), "illegal move %d changed the state", (int)m);
        FZ_CHECK(br_state_last_error(x->s)[0] != '\0', "illegal move without a reason");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8)
        return 0;
    fz_in in = { data, size };
    fz_header h = fz_read_header(&in);
    h.moves %= 128;
    static slot A, B;
    A.s = fz_new_state(&h);
    A.n = 0;
    A.history_valid = 1;
    uint64_t rng = h.seed ^ 0xC0FFEEull;
    size_t opening = fz_play(A.s, &rng, h.moves, A.history);
    A.n = opening;
    B.s = NULL;
    B.n = 0;
    B.history_valid = 0;
    FZ_CHECK(br_state_clone(A.s, &B.s) == BR_OK, "clone");
    memcpy(B.history, A.history, sizeof A.history[0] * A.n);
    B.n = A.n;
    B.history_valid = 1;

    size_t cap = br_state_max_legal_moves(A.s);
    size_t space = br_state_move_space(A.s);
    int np = br_state_num_players(A.s);
    br_move *moves = malloc(sizeof *moves * (cap + 1));
    double *probs = malloc(sizeof *probs * (cap + 1));
    br_state *scratch = NULL;
    FZ_CHECK(br_state_clone(A.s, &scratch) == BR_OK, "clone");

    for (int op_count = 0; in.size > 0 && op_count < MAX_OPS; op_count++) {
        uint8_t op = fz_u8(&in);
        slot *x = (op & 0x80) ? &B : &A;
        slot *y = (x == &A) ? &B : &A;
        switch (op & 0x0F) {
        case 0: /* apply the k-th listed legal move (must be accepted) */
        case 1: {
            size_t n = legal(x->s, moves, cap);
            if (n)
                try_move(x, moves[fz_u8(&in) % n]);
            break;
        }
        case 2: /* apply an arbitrary number, in or near the move space */
            try_move(x, (br_move)((int32_t)fz_u16(&in) % (int32_t)(space + 3)) - 1);
            break;
        case 3: { /* apply a raw 32-bit number */
            try_move(x, (br_move)fz_u32(&in));
            break;
        }
        case 4: { /* resolve chance */
            int chance = br_state_is_chance_node(x->s);
            fz_blob before = { NULL, 0 };
            if (!chance)
                before = fz_binary(x->s);
            size_t n = chance ? legal(x->s, moves, cap) : 0;
            br_move out = BR_MOVE_NONE;
            br_status st = br_state_resolve_chance(x->s, &out);
            if (chance) {
                FZ_CHECK(st == BR_OK, "resolve_chance at a chance node: %s",
                         br_status_string(st));
                int found = 0;
                for (size_t i = 0; i < n; i++)
                    found |= moves[i] == out;
                FZ_CHECK(found, "resolved outcome %d is not a listed outcome", (int)out);
                record_move(x, out);
            } else {
                FZ_CHECK(st == BR_ERR_WRONG_PHASE, "resolve_chance off a chance node: %s",
                         br_status_string(st));
                FZ_CHECK(fz_unchanged(x->s, before), "failed resolve_chance changed the state");
            }
            break;
        }
        case 5: { /* chance outcomes */
            size_t k = 0;
            br_status st = br_state_chance_outcomes(x->s, moves, probs, cap, &k);
            if (!br_state_is_chance_node(x->s)) {
                FZ_CHECK(st == BR_ERR_WRONG_PHASE, "chance_outcomes off a chance node: %s",
                         br_status_string(st));
                break;
            }
            FZ_CHECK(st == BR_OK, "chance_outcomes: %s", br_status_string(st));
            double sum = 0;
            for (size_t i = 0; i < k; i++) {
                FZ_CHECK(probs[i] > 0 && probs[i] <= 1, "probability %g", probs[i]);
                FZ_CHECK(br_state_check_move(x->s, moves[i], NULL, 0) == BR_OK,
                         "chance outcome %d is not legal", (int)moves[i]);
                sum += probs[i];
            }
            FZ_CHECK(sum > 1 - 1e-9 && sum < 1 + 1e-9, "probabilities add up to %.17g", sum);
            size_t n = legal(x->s, moves, cap);
            FZ_CHECK(n == k, "%zu outcomes, %zu legal moves", k, n);
            break;
        }
        case 6: { /* clone x into y */
            br_state *c = NULL;
            FZ_CHECK(br_state_clone(x->s, &c) == BR_OK, "clone");
            FZ_CHECK(fz_same_state(x->s, c), "clone differs");
            br_state_free(y->s);
            y->s = c;
            memcpy(y->history, x->history, sizeof x->history[0] * x->n);
            y->n = x->n;
            y->history_valid = x->history_valid;
            break;
        }
        case 7: { /* copy x into y */
            FZ_CHECK(br_state_copy(y->s, x->s) == BR_OK, "copy: %s",
                     br_state_last_error(y->s));
            FZ_CHECK(fz_same_state(x->s, y->s), "copy differs");
            memcpy(y->history, x->history, sizeof x->history[0] * x->n);
            y->n = x->n;
            y->history_valid = x->history_valid;
            break;
        }
        case 8: { /* resample x into y for a seat */
            int seat = (int)(fz_u8(&in) % (unsigned)(np + 1)) - 1;
            uint64_t seed = fz_u32(&in);
            br_status st = br_state_resample(x->s, seat, seed, y->s);
            FZ_CHECK(st == BR_OK, "resample(%d): %s %s", seat, br_status_string(st),
                     br_state_last_error(y->s));
            char *ox = fz_observe(x->s, seat), *oy = fz_observe(y->s, seat);
            FZ_CHECK(strcmp(ox, oy) == 0, "resample changed seat %d's observation:\n%s\n%s",
                     seat, ox, oy);
            free(ox);
            free(oy);
            FZ_CHECK(br_state_current_player(x->s) == br_state_current_player(y->s),
                     "resample changed the player to move");
            char *snap = fz_check_roundtrip(y->s);
            free(snap);
            y->history_valid = 0;
            break;
        }
        case 9: { /* observe, render, tensors, mask, history */
            fz_render_all(x->s);
            check_learning(x->s, moves, cap);
            double r[16];
            FZ_CHECK(br_state_returns(x->s, r, 16) == BR_OK, "returns");
            FZ_CHECK(br_state_scores(x->s, r, 16) == BR_OK, "scores");
            int w[16];
            br_status st = br_state_winners(x->s, w, 16);
            FZ_CHECK(br_state_is_terminal(x->s) ? st == BR_OK : st == BR_ERR_WRONG_PHASE,
                     "winners: %s", br_status_string(st));
            break;
        }
        case 10: { /* snapshot round trip, and continue from the loaded state */
            char *json = fz_check_roundtrip(x->s);
            br_state *t = NULL;
            FZ_CHECK(br_state_from_json(json, &t, NULL, 0) == BR_OK, "reload");
            br_state_free(x->s);
            x->s = t; /* same state: the history still holds */
            free(json);
            break;
        }
        case 11: { /* every listed legal move is accepted */
            size_t n = legal(x->s, moves, cap);
            for (size_t i = 0; i < n; i++) {
                char why[256] = "";
                FZ_CHECK(br_state_check_move(x->s, moves[i], why, sizeof why) == BR_OK,
                         "listed move %d fails check: %s", (int)moves[i], why);
                FZ_CHECK(br_state_copy(scratch, x->s) == BR_OK, "copy to scratch");
                FZ_CHECK(br_state_apply(scratch, moves[i]) == BR_OK,
                         "listed move %d refused: %s", (int)moves[i],
                         br_state_last_error(scratch));
            }
            break;
        }
        case 12: /* record round trip */
            check_record(x);
            break;
        case 13: { /* several random legal moves */
            uint64_t r2 = fz_u8(&in) | ((uint64_t)op << 8);
            size_t k = 1 + r2 % 16;
            br_move tmp[16];
            size_t played = fz_play(x->s, &r2, k, tmp);
            for (size_t i = 0; i < played; i++)
                record_move(x, tmp[i]);
            break;
        }
        case 14: { /* swap A and B */
            br_state *t = A.s;
            A.s = B.s;
            B.s = t;
            slot tmp;
            memcpy(tmp.history, A.history, sizeof A.history[0] * A.n);
            tmp.n = A.n;
            tmp.history_valid = A.history_valid;
            memcpy(A.history, B.history, sizeof B.history[0] * B.n);
            A.n = B.n;
            A.history_valid = B.history_valid;
            memcpy(B.history, tmp.history, sizeof tmp.history[0] * tmp.n);
            B.n = tmp.n;
            B.history_valid = tmp.history_valid;
            break;
        }
        default: { /* move text round trip of a listed move */
            size_t n = legal(x->s, moves, cap);
            if (!n)
                break;
            br_move m = moves[fz_u8(&in) % n];
            char text[512];
            FZ_CHECK(br_state_move_to_text(x->s, m, text, sizeof text, NULL) == BR_OK,
                     "move_to_text");
            br_move back;
            FZ_CHECK(br_state_move_from_text(x->s, text, &back) == BR_OK && back == m,
                     "'%s' does not parse back to %d", text, (int)m);
            break;
        }
        }
    }
    check_record(&A);
    free(probs);
    free(moves);
    br_state_free(scratch);
    br_state_free(A.s);
    br_state_free(B.s);
    A.s = B.s = NULL;
    return 0;
}
