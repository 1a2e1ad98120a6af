/*
 * Drunter & Drüber: text rendering (whole state and per seat) and resampling
 * of what one seat cannot see.
 *
 * Hidden from a seat: the tiles of the others while they are dealt face down,
 * the others' building cards (until the end), in the pro variant the others'
 * choice of task (until the end), and the others' vote cards before the
 * reveal. Everything else lies open on the table.
 */
#include <stdio.h>
#include <string.h>

#include "drunter_und_drueber.h"

static bool sees(const dud *s, int viewer, int owner)
{
    return viewer == BR_VIEW_FULL || viewer == owner || s->phase == DUD_PH_OVER;
}

/* ------------------------------------------------------------------ */
/* Rendering: a 12 x 12 board of 4-character cells (52 columns), then the
 * seats. */

static const char kind_chars[DUD_KINDS] = {'=', '#', '~'};

static void render_cell(const dud *s, int sq, br_text *out)
{
    uint8_t piece = s->board[sq];
    const dud_square_info *in = &dud_board_info[sq];
    if (piece) {
        int path = (piece & DUD_PIECE_PATH) - 1;
        char k = kind_chars[dud_path_kind[path]];
        char second = piece & DUD_PIECE_BRIDGE ? '^' : k;
        bool end = s->crew[path] == sq;
        bool in_game = s->crew_in >> path & 1;
        char open = end ? (in_game ? '[' : '(') : ' ', close = end ? (in_game ? ']' : ')') : ' ';
        br_text_printf(out, "%c%c%c%c", open, k, second, close);
    } else if (in->kind == DUD_SQ_BUILDING) {
        br_text_printf(out, " %c%d ", dud_building_letters[in->type], in->value);
    } else if (in->kind == DUD_SQ_TOILET) {
        br_text_puts(out, " WC ");
    } else {
        br_text_puts(out, "  . ");
    }
}

static void render_board(const dud *s, br_text *out)
{
    br_text_puts(out, "    ");
    for (int x = 0; x < DUD_SIDE; x++)
        br_text_printf(out, "  %c ", 'a' + x);
    br_text_putc(out, '\n');
    for (int y = 0; y < DUD_SIDE; y++) {
        br_text_printf(out, "%3d ", DUD_SIDE - y);
        for (int x = 0; x < DUD_SIDE; x++)
            render_cell(s, y * DUD_SIDE + x, out);
        br_text_printf(out, " %d\n", DUD_SIDE - y);
    }
}

static void render_legend(br_text *out)
{
    br_text_puts(out, "Legend: == road, ## wall, ~~ river, ^ bridge, [..] crew, (..) crew out;\n"
                      "H town hall, S school, F fire station, I inn, M museum, C church, "
                      "WC toilet\n");
}

static void render_paths(const dud *s, br_text *out)
{
    br_text_puts(out, "Paths:");
    for (int p = 0; p < DUD_PATHS; p++) {
        br_text_printf(out, " %s ", dud_path_names[p]);
        dud_put_square(out, s->crew[p]);
        br_text_puts(out, s->crew_in >> p & 1 ? "" : " (out)");
        br_text_puts(out, p + 1 < DUD_PATHS ? "," : "\n");
    }
}

static void render_hand(const dud *s, int p, int viewer, br_text *out)
{
    if (s->phase == DUD_PH_DEAL_TILES && viewer != BR_VIEW_FULL && viewer != p) {
        br_text_printf(out, "  tiles: %d face down\n", dud_tiles_in(s->hand[p]));
        return;
    }
    br_line l = br_line_start(out, "  tiles:");
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        if (!s->hand[p][t])
            continue;
        char word[24];
        br_text w = br_text_over(word, sizeof word);
        br_text_puts(&w, dud_tile_names[t]);
        if (s->hand[p][t] > 1)
            br_text_printf(&w, "x%d", s->hand[p][t]);
        br_line_word(&l, word);
    }
    br_line_end(&l);
}

static void render_cards(const dud *s, int p, int viewer, br_text *out)
{
    if (!s->pro) {
        br_text_printf(out, "  building card: %s\n",
                       s->building[p] == DUD_NONE ? "-" : !sees(s, viewer, p) ? "hidden"
                       : dud_building_names[s->building[p]]);
        return;
    }
    const dud_tasks *t = &s->tasks[p];
    br_text_puts(out, "  task cards:");
    for (int i = 0; i < 2; i++)
        br_text_printf(out, " %s", t->card[i] == DUD_NONE ? "-" : dud_task_names[t->card[i]]);
    if (t->choice != DUD_NONE)
        br_text_printf(out, "; chosen: %s", sees(s, viewer, p)
                                                ? dud_task_names[t->card[t->choice]] : "hidden");
    br_text_putc(out, '\n');
}

static void render_votes(const dud *s, int p, int viewer, br_text *out)
{
    br_text_puts(out, "  vote cards:");
    for (int c = 0; c < DUD_VOTE_CARDS; c++)
        if (s->votes[p] >> c & 1)
            br_text_printf(out, " %s", dud_vote_names[c]);
    if (s->voted >> p & 1) {
        br_text_puts(out, "; ballot:");
        if (s->phase == DUD_PH_JEIN || sees(s, viewer, p))
            dud_put_votes(out, s->ballot[p]);
        else
            br_text_puts(out, " hidden");
    }
    if (s->jein_done >> p & 1)
        br_text_printf(out, "; jein counts %s", s->jein_yes >> p & 1 ? "yes" : "no");
    br_text_putc(out, '\n');
}

static void render_status(const dud *s, br_text *out)
{
    if (dud_voting(s)) {
        dud_lay l = dud_lay_of_move(s->pending);
        int toilets = dud_toilets_covered(s, l.path, l.shape, l.dir);
        br_text_printf(out, "Vote on seat %d's tile ", s->turn);
        dud_put_lay(out, l);
        br_text_printf(out, " (covers %d toilet%s); ", toilets, toilets == 1 ? "" : "s");
        br_text_printf(out, s->phase == DUD_PH_VOTE ? "seat %d chooses cards\n"
                                                    : "seat %d declares a jein\n", dud_actor(s));
    } else if (s->phase == DUD_PH_LAY) {
        br_text_printf(out, "Seat %d lays a tile.\n", s->turn);
    } else if (s->phase == DUD_PH_CHOOSE) {
        br_text_printf(out, "Seat %d chooses a task card.\n", dud_actor(s));
    } else if (s->phase == DUD_PH_OVER) {
        br_text_puts(out, "Game over. Winner(s):");
        for (int p = 0; p < s->num_players; p++)
            if (s->winner_mask >> p & 1)
                br_text_printf(out, " seat %d", p);
        br_text_putc(out, '\n');
    } else {
        br_text_puts(out, "Dealing.\n");
    }
    const dud_vote_result *v = &s->last_vote;
    if (!v->held)
        return;
    char head[64];
    snprintf(head, sizeof head, "Last vote: %d yes, %d no:", v->yes, v->no);
    br_line l = br_line_start(out, head);
    br_line_word(&l, v->passed ? "the tile was laid." : "the tile went back.");
    for (int p = 0; p < s->num_players; p++) {
        char word[24];
        snprintf(word, sizeof word, "Seat %d", p);
        br_line_word(&l, word);
        for (int c = 0; c < DUD_VOTE_CARDS; c++) {
            if (!(v->ballots[p] >> c & 1))
                continue;
            snprintf(word, sizeof word, "%s%s", dud_vote_names[c],
                     c == DUD_JEIN ? (v->jein_yes >> p & 1 ? "=yes" : "=no") : "");
            br_line_word(&l, word);
        }
        if (!v->ballots[p])
            br_line_word(&l, "none");
        l.col += p + 1 < s->num_players ? 1 : 0;
        br_text_puts(out, p + 1 < s->num_players ? ";" : ".");
    }
    br_line_end(&l);
}

/* The whole state (BR_VIEW_FULL), or what seat `viewer` (-1: a spectator)
 * may see. */
void dud_render(const void *st, int viewer, br_text *out)
{
    const dud *s = st;
    render_board(s, out);
    render_legend(out);
    render_paths(s, out);
    double points[DUD_MAX_SEATS];
    dud_scores(s, points);
    for (int p = 0; p < s->num_players; p++) {
        br_text_printf(out, "Seat %d%s", p, viewer == p ? " (you)" : "");
        if (sees(s, viewer, p))
            br_text_printf(out, ": %d point%s", (int)points[p], points[p] == 1 ? "" : "s");
        br_text_putc(out, '\n');
        render_hand(s, p, viewer, out);
        render_cards(s, p, viewer, out);
        render_votes(s, p, viewer, out);
    }
    render_status(s, out);
}

/* ------------------------------------------------------------------ */
/* Resampling */

/* The tiles the others have been dealt face down, and the pool, dealt anew
 * with the same counts of each length per seat. */
static void resample_deal(dud *s, int seat, br_rng *rng)
{
    for (int cls = 0; cls < DUD_LENGTHS; cls++) {
        uint8_t tiles[DUD_TILES];
        int n = 0, want[DUD_MAX_SEATS] = {0};
        for (int t = 0; t < DUD_TILE_TYPES; t++) {
            if (dud_shape_class(dud_tile_shape(t)) != cls)
                continue;
            for (int p = 0; p < s->num_players; p++) {
                if (p == seat)
                    continue;
                want[p] += s->hand[p][t];
                for (; s->hand[p][t]; s->hand[p][t]--)
                    tiles[n++] = (uint8_t)t;
            }
            for (; s->pool[t]; s->pool[t]--)
                tiles[n++] = (uint8_t)t;
        }
        br_rng_shuffle_bytes(rng, tiles, n);
        int k = 0;
        for (int p = 0; p < s->num_players; p++)
            for (int i = 0; p != seat && i < want[p]; i++)
                s->hand[p][tiles[k++]]++;
        while (k < n)
            s->pool[tiles[k++]]++;
    }
}

static void resample_buildings(dud *s, int seat, br_rng *rng)
{
    uint8_t free_cards[DUD_BUILDING_TYPES];
    int n = 0;
    for (int b = 0; b < DUD_BUILDING_TYPES; b++)
        if (seat < 0 || s->building[seat] != b)
            free_cards[n++] = (uint8_t)b;
    br_rng_shuffle_bytes(rng, free_cards, n);
    int k = 0;
    for (int p = 0; p < s->num_players; p++)
        if (p != seat && s->building[p] != DUD_NONE)
            s->building[p] = free_cards[k++];
}

void dud_resample(const void *st, int seat, br_rng *rng, void *out)
{
    dud *d = out;
    *d = *(const dud *)st;
    if (d->phase == DUD_PH_OVER)
        return; /* everything is shown at the end */
    if (d->phase == DUD_PH_DEAL_TILES)
        resample_deal(d, seat, rng);
    if (!d->pro)
        resample_buildings(d, seat, rng);
    for (int p = 0; p < d->num_players; p++) {
        if (p == seat)
            continue;
        if (d->pro && d->tasks[p].choice != DUD_NONE)
            d->tasks[p].choice = (uint8_t)br_rng_below(rng, 2);
        if (d->phase == DUD_PH_VOTE && (d->voted >> p & 1))
            d->ballot[p] = (uint8_t)(br_rng_next(rng) & d->votes[p]);
    }
}

/* ------------------------------------------------------------------ */
/* The observation tensor (doc: "Learning interface", layout). Cleared
 * first, then every non-zero entry set straight from the struct; what the
 * seat may see follows dud_write_view() in snapshot.c: another seat's tiles
 * are a count while they are dealt face down, its building card and its
 * choice are hidden until the end, its ballot until the reveal. */

size_t dud_tensor_size(int num_players)
{
    return DUD_TENSOR_FIXED + (size_t)DUD_TENSOR_PER_SEAT * (size_t)num_players;
}

enum {
    TOILET_POINTS_MAX = 32,  /* toilets: 2 per toilet built over, 16 toilets */
    DEMOLITION_MAX = 10,     /* demolition: 30 buildings / 3 */
    SMALL_HOUSES_MAX = 18,   /* small-houses: six types x (1 + 2) */
    LONG_PATH_MAX = 11,      /* long-path: a wall path of all 24 wall tiles, 46 squares / 4 */
    BUILDING_POINTS_MAX = 15,/* a building type: 1 + 2 + 3 + 4 + 5 */
    POINTS_MAX = 32,         /* the most any card scores */
    VOTE_TOTAL_PER_SEAT = 8  /* yes1 + yes2 + yes3 + jein (and so for no) */
};

/* The board planes: the buildings and toilets of the board, the pieces, the
 * crews and the tile under vote. */
static void board_planes(const dud *s, float *out)
{
    for (int sq = 0; sq < DUD_SQUARES; sq++) {
        const dud_square_info *in = &dud_board_info[sq];
        uint8_t piece = s->board[sq];
        if (in->kind == DUD_SQ_BUILDING)
            out[(DUD_T_BUILDING + in->type) * DUD_SQUARES + sq] = (float)in->value / DUD_VALUES;
        else if (in->kind == DUD_SQ_TOILET)
            out[DUD_T_TOILET * DUD_SQUARES + sq] = 1.0f;
        if (!piece)
            continue;
        out[(DUD_T_PIECE + (piece & DUD_PIECE_PATH) - 1) * DUD_SQUARES + sq] = 1.0f;
        if (piece & DUD_PIECE_BRIDGE)
            out[DUD_T_BRIDGE * DUD_SQUARES + sq] = 1.0f;
        if (piece & DUD_PIECE_VERTICAL)
            out[DUD_T_VERTICAL * DUD_SQUARES + sq] = 1.0f;
    }
    for (int p = 0; p < DUD_PATHS; p++)
        out[(DUD_T_CREW + p) * DUD_SQUARES + s->crew[p]] = 1.0f;
    int first, step;
    dud_lay l = dud_lay_of_move(s->pending);
    if (dud_voting(s) && dud_lay_squares(s, l.path, l.shape, l.dir, &first, &step))
        for (int i = 0, sq = first; i < dud_shape_length[l.shape]; i++, sq += step)
            out[DUD_T_PENDING * DUD_SQUARES + sq] = 1.0f;
}

/* The most each card can score, for the scaling. */
static const float card_points_max[DUD_TASKS] = {
    BUILDING_POINTS_MAX, BUILDING_POINTS_MAX, BUILDING_POINTS_MAX,
    BUILDING_POINTS_MAX, BUILDING_POINTS_MAX, BUILDING_POINTS_MAX,
    TOILET_POINTS_MAX, DEMOLITION_MAX, SMALL_HOUSES_MAX, LONG_PATH_MAX,
};

static void table(const dud *s, const int *points, float *out)
{
    out[DUD_T_PHASE + s->phase] = 1.0f;
    for (int p = 0; p < DUD_PATHS; p++)
        out[DUD_T_CREW_IN + p] = (float)(s->crew_in >> p & 1);
    if (dud_voting(s)) {
        dud_lay l = dud_lay_of_move(s->pending);
        out[DUD_T_PEND_PATH + l.path] = 1.0f;
        out[DUD_T_PEND_SHAPE + l.shape] = 1.0f;
        out[DUD_T_PEND_DIR + l.dir] = 1.0f;
    }
    for (int b = 0; b < DUD_MV_VOTE / 8; b++)
        br_tensor_bits(out + DUD_T_REJECTED + b * 8, s->rejected[b], 8);
    out[DUD_T_LAID] = (float)s->tiles_laid / DUD_TILES;
    out[DUD_T_UNDEALT] = (float)dud_tiles_in(s->pool) / DUD_TILES;
    const dud_vote_result *v = &s->last_vote;
    float vote_max = (float)(VOTE_TOTAL_PER_SEAT * s->num_players);
    out[DUD_T_LAST_VOTE] = v->held;
    out[DUD_T_LAST_VOTE + 1] = v->passed;
    out[DUD_T_LAST_VOTE + 2] = (float)v->yes / vote_max;
    out[DUD_T_LAST_VOTE + 3] = (float)v->no / vote_max;
    for (int c = 0; c < DUD_TASKS; c++)
        out[DUD_T_CARD_POINTS + c] = (float)points[c] / card_points_max[c];
}

/* The block of seat `p` as `viewer` (a seat or -1) sees it. */
static void seat_block(const dud *s, int p, int viewer, int actor, const int *points,
                       float *out)
{
    bool over = s->phase == DUD_PH_OVER, own = viewer == p;
    bool playing = s->phase >= DUD_PH_LAY && s->phase <= DUD_PH_CHOOSE;
    out[DUD_S_MOVER] = (float)(playing && s->turn == p);
    out[DUD_S_ACTOR] = (float)(actor == p);
    int held = 0;
    bool hand_open = own || s->phase != DUD_PH_DEAL_TILES;
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        held += s->hand[p][t];
        if (hand_open && s->hand[p][t])
            out[DUD_S_HAND + t] = (float)s->hand[p][t] / dud_tile_count[t];
    }
    out[DUD_S_HAND_SIZE] = (float)held / DUD_TILES;
    br_tensor_bits(out + DUD_S_VOTES, s->votes[p], DUD_VOTE_CARDS);
    if (s->voted >> p & 1) {
        out[DUD_S_VOTED] = 1.0f;
        if (own || s->phase == DUD_PH_JEIN)
            br_tensor_bits(out + DUD_S_BALLOT, s->ballot[p], DUD_VOTE_CARDS);
    }
    out[DUD_S_JEIN_DONE] = (float)(s->jein_done >> p & 1);
    out[DUD_S_JEIN_YES] = (float)(s->jein_yes >> p & 1);
    br_tensor_bits(out + DUD_S_LAST_BALLOT, s->last_vote.ballots[p], DUD_VOTE_CARDS);
    out[DUD_S_LAST_JEIN_YES] = (float)(s->last_vote.jein_yes >> p & 1);
    bool card_open = own || over;
    int card = card_open ? dud_scoring_card(s, p) : -1;
    if (card >= 0) {
        out[DUD_S_CARD + card] = 1.0f;
        out[DUD_S_POINTS] = (float)points[card] / POINTS_MAX;
    }
    if (s->pro) {
        if (s->tasks[p].card[0] != DUD_NONE)
            out[DUD_S_TASK1 + s->tasks[p].card[0]] = 1.0f;
        if (s->tasks[p].card[1] != DUD_NONE)
            out[DUD_S_TASK2 + s->tasks[p].card[1]] = 1.0f;
        if (s->tasks[p].choice != DUD_NONE) {
            out[DUD_S_CHOSEN] = 1.0f;
            if (card_open)
                out[DUD_S_SLOT + s->tasks[p].choice] = 1.0f;
        }
    }
    out[DUD_S_WINNER] = (float)(over && (s->winner_mask >> p & 1));
}

void dud_write_tensor(const void *st, int seat, float *out)
{
    const dud *s = st;
    int n = s->num_players;
    memset(out, 0, dud_tensor_size(n) * sizeof *out);
    int points[DUD_TASKS];
    dud_card_points(s, points);
    board_planes(s, out);
    table(s, points, out + DUD_T_BOARD_SIZE);
    float *rest = out + DUD_TENSOR_FIXED;
    if (seat >= 0)
        rest[seat] = 1.0f;
    rest += n;
    int actor = dud_current_player(s);
    for (int k = 0; k < n; k++) {
        int p = seat >= 0 ? (seat + k) % n : k;
        seat_block(s, p, seat, actor, points, rest + (size_t)k * DUD_S_SIZE);
    }
}

/* ------------------------------------------------------------------ */
/* The information-state tensor's view of a move, as dud_move_to_text():
 * another seat's ballot, pro choice, face-down tile and building card are
 * hidden when made. */
uint32_t dud_move_view(const void *st, br_move move, int seat)
{
    const dud *s = st;
    char text[64];
    br_text t = br_text_over(text, sizeof text);
    dud_move_to_text(s, move, seat, &t);
    if (!strchr(text, '?'))
        return (uint32_t)move;
    uint32_t hidden_class = move < DUD_MV_JEIN_YES ? 0 : move < DUD_MV_DEAL_TILE ? 1
                          : move < DUD_MV_DEAL_BUILDING ? 2 : 3;
    return DUD_MOVE_SPACE + hidden_class;
}

/* The ballots are shown once the last is cast (the phase leaves `vote`: the
 * jein declarations or the result show them); the building cards and the
 * pro choices at the end. The face-down tiles are laid out open after the
 * deal, but not in the order dealt: those moves stay hidden. */
uint32_t dud_view_reveals(const void *st, br_move move)
{
    const dud *s = st;
    uint32_t reveal = 0;
    if (move >= DUD_MV_VOTE && move < DUD_MV_JEIN_YES && s->phase != DUD_PH_VOTE)
        reveal |= 1u << 0;
    if (s->phase == DUD_PH_OVER)
        reveal |= 1u << 1 | 1u << 3;
    return reveal;
}
