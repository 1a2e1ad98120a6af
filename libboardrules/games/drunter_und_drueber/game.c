/*
 * Drunter & Drüber: the game's entry in the registry (its vtable).
 */
#include <string.h>

#include "drunter_und_drueber.h"

static const char description[] =
    "Drunter & Drüber (Klaus Teuber, 1991): two to four players build roads, "
    "city walls and a river over a town, each secretly hoping that the "
    "buildings of one type survive. Tiles of length 1 to 3 extend the four "
    "paths from the corners; bridges let a path pass under another; covering "
    "a toilet needs a vote with secret yes, no, jein and don't-care cards. "
    "When nothing more can be built, each player scores the values of the "
    "uncovered buildings of the secret type. Pro variant: two open task cards "
    "each, one chosen in secret when the first path ends. Board, tile split, "
    "bridges and special goals are the project's own design.";

/* ------------------------------------------------------------------ */
/* The learning interface (doc: "Learning interface") */

static const char *const variant_choices[] = {"basic", "pro", NULL};
static const char *const revote_choices[] = {"changed", "laid", NULL};
static const char *const choice_choices[] = {"crew-out", "no-tile", NULL};

/* The option table, the options' only description (internal.h, "Options
 * as data"): the common three, then the game's own keys (DUD_OPT_*). */
static const br_option_spec option_specs[] = {
    {"players", BR_OPTION_INTEGER, "3", 2, DUD_MAX_SEATS, NULL, "number of seats"},
    BR_SEED_OPTION_SPEC,
    {"chance", BR_OPTION_CHOICE, "auto", 0, 0, br_chance_choices,
     "resolve the deals from the seed (auto), or stop at each (explicit)"},
    {"variant", BR_OPTION_CHOICE, "basic", 0, 0, variant_choices,
     "one secret building card each (basic), or two open task cards of which each seat "
     "picks one when the first path ends (pro)"},
    {"revote", BR_OPTION_CHOICE, "changed", 0, 0, revote_choices,
     "a lay voted down may be proposed again once a vote card has been played or a tile laid "
     "since (changed), or only once a tile has been laid (laid)"},
    {"choice", BR_OPTION_CHOICE, "crew-out", 0, 0, choice_choices,
     "pro: the choice is made when the first crew leaves the board (crew-out), or already "
     "when no tile in any hand fits some path (no-tile)"},
};

enum {
    TILES_MAX = DUD_TILES,  /* tiles laid, and tile deals */
    INTERVALS_MAX = DUD_TILES /* stretches between two tiles laid with a tile in a hand */
};

/* The longest game (doc: "Learning interface", where the argument is): the
 * deals, the pro choices, one jein declaration per seat, one lay move per
 * tile laid, a ballot per seat in each vote that passed (at most four per
 * seat: each spends a yes card or the jein), and per vote that failed a lay
 * move and a ballot per seat. Failed votes: with revote=laid at most
 * DUD_MAX_VOTE_LAYS between two tiles laid, 60 * 43 in all; with
 * revote=changed a failed vote in which a card is played (at most 8 per
 * seat) opens a new stretch of 43 besides, so 60 * 43 + 8n * (1 + 43). */
static uint32_t dud_max_game_length(int n, bool pro, bool revote_laid)
{
    uint32_t seats = (uint32_t)n, passed = 4 * seats < TILES_MAX ? 4 * seats : TILES_MAX;
    uint32_t deals = TILES_MAX + seats * (pro ? 2 : 1);
    uint32_t choices = pro ? seats : 0;
    uint32_t failed = (uint32_t)INTERVALS_MAX * DUD_MAX_VOTE_LAYS;
    if (!revote_laid)
        failed += DUD_VOTE_CARDS * seats * (1 + DUD_MAX_VOTE_LAYS);
    return deals + choices + seats + TILES_MAX + seats * passed + (1 + seats) * failed;
}

static void dud_traits(const void *st, br_traits *out)
{
    const dud *s = st;
    memset(out, 0, sizeof *out);
    out->max_game_length = dud_max_game_length(s->num_players, s->pro != 0, s->revote_laid != 0);
    out->has_chance = true;             /* the deals */
    out->has_hidden_information = true; /* building cards or choices, ballots, the deal */
    out->tensor_rank = 1;
    out->tensor_shape[0] = dud_tensor_size(s->num_players);
}

const struct br_game br_game_drunter_und_drueber = {
    .name = "drunter-und-drueber",
    .title = "Drunter & Drüber",
    .description = description,
    .state_size = sizeof(dud),
    .legal_moves_bound = DUD_MAX_LEGAL,
    BR_GAME_ENTRIES(dud),
    .setup = dud_setup,
    .option_specs = option_specs,
    .num_option_specs = sizeof option_specs / sizeof option_specs[0],
    /* Not the bound (20140 moves with 4 seats, 79 KB per state), which only
     * players who vote down tile after tile on purpose approach: random and
     * bot games stay below 250 moves. A longer game keeps its last 2048
     * moves (doc/games/drunter-und-drueber.md). */
    .history_capacity = 2048,
    .traits = dud_traits,
    .hidden_move_classes = DUD_HIDDEN_MOVE_CLASSES,
    .view_reveals = dud_view_reveals,
};
