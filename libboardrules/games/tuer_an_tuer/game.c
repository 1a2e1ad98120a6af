/*
 * Tür an Tür: the game as the registry sees it (the vtable), its description
 * and options. The rules are in rules.c; tuer_an_tuer.h says where the rest
 * is.
 */
#include <stddef.h>
#include <string.h>

#include "tuer_an_tuer.h"

/* ------------------------------------------------------------------ */
/* Description, options */

static const char description[] =
    "Tür an Tür: a card-laying race for two players through a crazy four-floor "
    "apartment house. Players place numbered, coloured door cards; matching "
    "colours, numbers, ascending and consecutive sequences and colourful "
    "groups earn steps along the walking path, which every placed card "
    "shortens. Elevator cards reward the doors of their floor again and again, "
    "cats open secret passages. First out of the exit wins; if all sixteen "
    "doors fill up first, a final scoring decides. Deck, elevator cards and "
    "cats are the project's own design (no public source describes them).";

/* The option table, the options' only description (internal.h, "Options
 * as data"): the common three, then the game's own keys. */
static const char *const run4_choices[] = {"9", "10", NULL};
static const char *const different4_choices[] = {"line-or-l", "connected", NULL};

/* The game's own keys, in the table's order (values[] of tat_setup()). */
enum { OPT_RUN4, OPT_DIFFERENT4 };

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

/* No check across keys: every combination is a game. */
static br_status tat_setup(void *st, int num_players, br_option_value *values, br_text *err)
{
    tat *s = st;
    (void)num_players; /* the table allows exactly 2 */
    (void)err;
    memset(s, 0, sizeof *s);
    s->run4 = values[OPT_RUN4] == 0 ? 9 : 10;
    s->different4 = (uint8_t)values[OPT_DIFFERENT4];
    tat_clear_to_start(s);
    return BR_OK;
}

/* ------------------------------------------------------------------ */
/* The learning interface (doc: "Learning interface") */

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

const struct br_game br_game_tuer_an_tuer = {
    .name = "tuer-an-tuer",
    .title = "Tür an Tür",
    .description = description,
    .state_size = sizeof(tat),
    .legal_moves_bound = MAX_LEGAL,
    BR_GAME_ENTRIES(tat),
    .setup = tat_setup,
    .option_specs = option_specs,
    .num_option_specs = NUM_OPTION_SPECS,
    .history_capacity = TAT_MAX_GAME_LENGTH,
    .traits = tat_traits,
    .hidden_move_classes = TAT_HIDDEN_MOVE_CLASSES,
};
