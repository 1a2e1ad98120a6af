/*
 * Tsuro: the game as the registry sees it (the vtable), its description and
 * options. The rules are in rules.c; tsuro.h says where the rest is.
 */
#include "tsuro.h"

/* ------------------------------------------------------------------ */
/* Options: the table is their only description (internal.h, "Options as
 * data"); the core parses, checks and writes them from it. */

/* The game's own keys, in the table's order (values[] of tsuro_setup()). */
enum { OPT_EDITION, OPT_BOARD, OPT_SELFKILL };

static const br_option_spec TSURO_OPTION_SPECS[] = {
    { "players", BR_OPTION_INTEGER, "2", 2, 8, NULL, "number of seats (tactile: 2..5)" },
    BR_SEED_OPTION_SPEC,
    { "chance", BR_OPTION_CHOICE, "auto", 0, 0, br_chance_choices,
      "draw tiles from the seed, or stop at every draw" },
    { "edition", BR_OPTION_CHOICE, "classic", 0, 0, EDITION_NAMES,
      "tile set, hands and start positions" },
    { "board", BR_OPTION_INTEGER, NULL, 6, 7, NULL,
      "board side (default: classic 6; kosmos/tactile 6 for up to 4 players, else 7)" },
    { "selfkill", BR_OPTION_CHOICE, "edge", 0, 0, SELFKILL_NAMES,
      "which self-eliminations the no-suicide rule forbids (edge: leaving the board; any: "
      "also collisions; literal: leaving unless every placement leaves; none: no rule)" },
};

/* The checks across keys, and the board's default, which depends on the
 * edition and the players. */
static br_status tsuro_setup(void *st, int num_players, br_option_value *values, br_text *err)
{
    int edition = (int)values[OPT_EDITION];
    if (edition == ED_TACTILE && num_players > 5) {
        br_text_printf(err, "option 'players': %d is not in 2..5 (the tactile edition has "
                       "5 figures)", num_players);
        return BR_ERR_OPTION;
    }
    if (values[OPT_BOARD] == BR_OPTION_UNSET)
        values[OPT_BOARD] = edition != ED_CLASSIC && num_players > 4 ? 7 : 6;
    ts_state settings = { .edition = (uint8_t)edition, .width = (uint8_t)values[OPT_BOARD],
                          .selfkill = (uint8_t)values[OPT_SELFKILL],
                          .num_seats = (uint8_t)num_players };
    tsuro_start(st, &settings);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* Learning interface (doc/games/tsuro.md, "Learning interface") */

/* The longest game (doc/games/tsuro.md, "Longest game"). With n seats, T
 * tiles in the set and W*W squares: n setup moves; P <= min(W*W, T)
 * placements (each fills an empty square with a tile for good); and the
 * deals and draws D, which take a tile from the pile each. D = T + R - (pile
 * at the end), R the tiles given back by eliminated seats; what the last
 * placement gives back stays in the pile, and before it at most n-2 seats
 * went out, so D <= T + 3(n-2). Also D = P + R + (tiles held at the end):
 * each seat's hand is given back once or held at the end, at most 3 tiles,
 * and no draw follows the last placement, so its mover has at most 2:
 * D <= P + 3n - 1. */
static uint32_t longest_game(const ts_state *s)
{
    uint32_t n = s->num_seats, tiles = (uint32_t)edition_tiles(s);
    uint32_t squares = (uint32_t)s->width * s->width;
    uint32_t placements = squares < tiles ? squares : tiles;
    uint32_t by_pile = tiles + 3 * (n - 2), by_hands = placements + 3 * n - 1;
    return n + placements + (by_pile < by_hands ? by_pile : by_hands);
}

/* The largest longest_game() of any option set: kosmos, 7x7, 8 seats. */
enum { TSURO_HISTORY_CAPACITY = 8 + 49 + (49 + 3 * 8 - 1) };

static void tsuro_traits(const void *st, br_traits *out)
{
    const ts_state *s = st;
    memset(out, 0, sizeof *out);
    out->max_game_length = longest_game(s);
    out->has_chance = true; /* the deal */
    out->has_hidden_information = !is_kosmos(s); /* classic hands are hidden */
    out->tensor_rank = 1;
    out->tensor_shape[0] = tensor_size_of(s);
}

const struct br_game br_game_tsuro = {
    .name = "tsuro",
    .title = "Tsuro",
    .description =
        "Tsuro, the game of the path: each turn a player lays a path tile on the square "
        "in front of their marker, and every marker on that square follows its path. "
        "A marker that leaves the board or meets another is out; the last marker on the "
        "board wins (markers that leave together share the win). Editions: classic "
        "(WizKids/Calliope: 35 tiles and the dragon, hidden hands, markers start on an "
        "edge point, 2-8 players), kosmos (Kosmos 2007: 64 tiles, open hands, markers "
        "start on an edge side and choose their path in the first turn, 2-8 players) and "
        "tactile (the tactile copy of the kosmos edition, 2-5 players).",
    .state_size = sizeof(struct tsuro_state),
    .legal_moves_bound = MOVES_BOUND,
    BR_GAME_ENTRIES(tsuro),
    .setup = tsuro_setup,
    .sample_chance = tsuro_sample_chance,
    .option_specs = TSURO_OPTION_SPECS,
    .num_option_specs = sizeof TSURO_OPTION_SPECS / sizeof TSURO_OPTION_SPECS[0],
    .history_capacity = TSURO_HISTORY_CAPACITY,
    .traits = tsuro_traits,
    .hidden_move_classes = 1,
};
