/*
 * Drunter & Drüber: the game's entry in the registry (its vtable).
 */
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

static const char options_help[] =
    "players=2..4  number of seats (default 3)\n"
    "seed=N  seed of the state's random generator (default 0)\n"
    "chance=auto|explicit  resolve deals from the seed, or stop at each (default auto)\n"
    "variant=basic|pro  one secret building card each (basic, default), or two open task "
    "cards of which each seat picks one when the first path ends (pro)\n";

const struct br_game br_game_drunter_und_drueber = {
    .name = "drunter-und-drueber",
    .title = "Drunter & Drüber",
    .description = description,
    .options_help = options_help,
    .min_players = 2,
    .max_players = DUD_MAX_SEATS,
    .default_players = 3,
    .state_size = sizeof(dud),
    .legal_moves_bound = DUD_MAX_LEGAL,
    .init = dud_init,
    .options_string = dud_options_string,
    .move_space = dud_move_space,
    .max_legal_moves = dud_max_legal_moves,
    .current_player = dud_current_player,
    .legal_moves = dud_legal_moves,
    .check_move = dud_check_move,
    .apply_move = dud_apply_move,
    .chance_outcomes = dud_chance_outcomes,
    .winners = dud_winners,
    .scores = dud_scores,
    .move_to_text = dud_move_to_text,
    .move_from_text = dud_move_from_text,
    .write_json = dud_write_json,
    .write_observation = dud_write_observation,
    .to_bytes = dud_to_bytes,
    .from_bytes = dud_from_bytes,
    .from_json = dud_from_json,
    .render = dud_render,
    .resample = dud_resample,
    .render_view = dud_render_view,
    .move_to_text_view = dud_move_to_text_view,
};
