/*
 * Tür an Tür: the game as the registry sees it (the vtable), its description
 * and options. The rules are in rules.c; tuer_an_tuer.h says where the rest
 * is.
 */
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
    "rule text's table (default) or 10 as in its example\n";

static br_status tat_init(void *st, int num_players, const br_option *opts,
                          size_t num_opts, br_text *err)
{
    tat *s = st;
    (void)num_players; /* the dispatch layer allows exactly 2 */
    memset(s, 0, sizeof *s);
    s->run4 = 9;
    for (size_t i = 0; i < num_opts; i++) {
        if (strcmp(opts[i].key, "run4") != 0) {
            br_text_printf(err, "option '%s': unknown for tuer-an-tuer (known: players, seed, "
                           "chance, run4)", opts[i].key);
            return BR_ERR_OPTION;
        }
        if (strcmp(opts[i].value, "9") == 0) {
            s->run4 = 9;
        } else if (strcmp(opts[i].value, "10") == 0) {
            s->run4 = 10;
        } else {
            br_text_printf(err, "option 'run4': '%s' is not 9 or 10", opts[i].value);
            return BR_ERR_OPTION;
        }
    }
    tat_clear_to_start(s);
    return BR_OK;
}

static void tat_options_string(const void *st, br_text *out)
{
    const tat *s = st;
    br_text_printf(out, "run4=%d", s->run4);
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
    .to_json = tat_to_json,
    .from_json = tat_from_json,
    .observe = tat_observe,
    .render = tat_render,
    .resample = tat_resample,
    .render_view = tat_render_view,
    .move_to_text_view = tat_move_to_text_view,
};
