/*
 * Tür an Tür: the game as the registry sees it (the vtable), its description
 * and options. The rules are in rules.c; tuer_an_tuer.h says where the rest
 * is.
 */
#include <stddef.h>
#include <string.h>

#include "tuer_an_tuer.h"

/* ------------------------------------------------------------------ */
/* Description and options */

static const char description[] =
    "Tür an Tür: a card-laying race for two players through a crazy four-floor "
    "apartment house. Players place numbered, coloured door cards; matching "
    "colours, numbers, ascending and consecutive sequences and colourful "
    "groups earn steps along the walking path, which every placed card "
    "shortens. Elevator cards reward the doors of their floor again and again, "
    "cats open secret passages. First out of the exit wins; if all sixteen "
    "doors fill up first, a final scoring decides. Deck, elevator cards and "
    "cats are the project's own design (no public source describes them).";

static const char options_help[] =
    "players=2  number of seats (the game is for exactly 2)\n"
    "seed=N  seed of the state's random generator (default 0)\n"
    "chance=auto|explicit  resolve deals and draws from the seed, or stop at each (default auto)\n"
    "run4=9|10  steps for a same-colour run of four consecutive numbers: 9 as in the "
    "rule text's table (default) or 10 as in its example\n"
    "different4=line-or-l|connected  which four doors of different colours score 5: "
    "a straight line or an L as the rule text names them (default), or any connected "
    "group (also T, S/Z and the square)\n";

/* The game's option keys: each has two values, the first the default, and
 * the number each stands for in the state. */
static const struct {
    const char *key;
    const char *values[2];
    uint8_t stored[2];
    size_t offset;
} option_keys[] = {
    {"run4", {"9", "10"}, {9, 10}, offsetof(tat, run4)},
    {"different4", {"line-or-l", "connected"}, {0, 1}, offsetof(tat, different4)},
};

enum { NUM_KEYS = sizeof option_keys / sizeof option_keys[0] };

static br_status set_option(tat *s, const br_option *opt, br_text *err)
{
    for (int k = 0; k < NUM_KEYS; k++) {
        if (strcmp(opt->key, option_keys[k].key) != 0)
            continue;
        for (int v = 0; v < 2; v++) {
            if (strcmp(opt->value, option_keys[k].values[v]) == 0) {
                *((uint8_t *)s + option_keys[k].offset) = option_keys[k].stored[v];
                return BR_OK;
            }
        }
        br_text_printf(err, "option '%s': '%s' is not %s or %s", opt->key, opt->value,
                       option_keys[k].values[0], option_keys[k].values[1]);
        return BR_ERR_OPTION;
    }
    br_text_printf(err, "option '%s': unknown for tuer-an-tuer (known: players, seed, chance, "
                   "run4, different4)", opt->key);
    return BR_ERR_OPTION;
}

static br_status tat_init(void *st, int num_players, const br_option *opts,
                          size_t num_opts, br_text *err)
{
    tat *s = st;
    (void)num_players; /* the dispatch layer allows exactly 2 */
    memset(s, 0, sizeof *s);
    for (int k = 0; k < NUM_KEYS; k++)
        *((uint8_t *)s + option_keys[k].offset) = option_keys[k].stored[0];
    for (size_t i = 0; i < num_opts; i++) {
        br_status st_opt = set_option(s, &opts[i], err);
        if (st_opt != BR_OK)
            return st_opt;
    }
    tat_clear_to_start(s);
    return BR_OK;
}

static void tat_options_string(const void *st, br_text *out)
{
    for (int k = 0; k < NUM_KEYS; k++) {
        uint8_t v = *((const uint8_t *)st + option_keys[k].offset);
        /* Piece by piece, not printf: every snapshot writes this. */
        if (k)
            br_text_putc(out, ',');
        br_text_puts(out, option_keys[k].key);
        br_text_putc(out, '=');
        br_text_puts(out, option_keys[k].values[v == option_keys[k].stored[1]]);
    }
}

/* ------------------------------------------------------------------ */
/* The learning interface (doc: "Learning interface") */

static const char *const run4_choices[] = {"9", "10", NULL};
static const char *const different4_choices[] = {"line-or-l", "connected", NULL};

/* In the order br_state_options() writes the keys: the common three, then
 * tat_options_string()'s run4, different4 (the order of option_keys). */
static const br_option_spec option_specs[] = {
    {"players", BR_OPTION_INTEGER, "2", 2, 2, NULL,
     "number of seats (the game is for exactly 2)"},
    BR_SEED_OPTION_SPEC,
    {"chance", BR_OPTION_CHOICE, "auto", 0, 0, br_chance_choices,
     "resolve deals and draws from the seed (auto), or stop at each (explicit)"},
    {"run4", BR_OPTION_CHOICE, "9", 0, 0, run4_choices,
     "steps for a same-colour run of four consecutive numbers: 9 as in the rule text's "
     "table, or 10 as in its example"},
    {"different4", BR_OPTION_CHOICE, "line-or-l", 0, 0, different4_choices,
     "which four doors of different colours score 5: a straight line or an L (line-or-l), "
     "or any connected group (connected)"},
};

enum { NUM_OPTION_SPECS = sizeof option_specs / sizeof option_specs[0] };

static void tat_traits(const void *st, br_traits *out)
{
    (void)st; /* no option changes the bound, the chance or the tensor */
    memset(out, 0, sizeof *out);
    out->max_game_length = TAT_MAX_GAME_LENGTH;
    out->has_chance = true;             /* the deal and every draw */
    out->has_hidden_information = true; /* hands, exchange discards, drops, piles */
    out->tensor_rank = 1;
    out->tensor_shape[0] = TAT_TENSOR_SIZE;
}

/* ------------------------------------------------------------------ */

const struct br_game br_game_tuer_an_tuer = {
    .name = "tuer-an-tuer",
    .title = "Tür an Tür",
    .description = description,
    .options_help = options_help,
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(tat),
    .legal_moves_bound = MAX_LEGAL,
    .init = tat_init,
    .options_string = tat_options_string,
    .move_space = tat_move_space,
    .max_legal_moves = tat_max_legal_moves,
    .current_player = tat_current_player,
    .legal_moves = tat_legal_moves,
    .check_move = tat_check_move,
    .apply_move = tat_apply_move,
    .chance_outcomes = tat_chance_outcomes,
    .winners = tat_winners,
    .scores = tat_scores,
    .move_to_text = tat_move_to_text,
    .move_from_text = tat_move_from_text,
    .write_json = tat_write_json,
    .write_observation = tat_write_observation,
    .to_bytes = tat_to_bytes,
    .from_bytes = tat_from_bytes,
    .from_json = tat_from_json,
    .render = tat_render,
    .resample = tat_resample,
    .render_view = tat_render_view,
    .move_to_text_view = tat_move_to_text_view,
    .option_specs = option_specs,
    .num_option_specs = NUM_OPTION_SPECS,
    .history_capacity = TAT_MAX_GAME_LENGTH,
    .traits = tat_traits,
    .write_tensor = tat_write_tensor,
    .hidden_move_classes = TAT_HIDDEN_MOVE_CLASSES,
    .move_view = tat_move_view,
};
