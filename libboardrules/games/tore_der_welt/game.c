/*
 * Die Tore der Welt: the game's entry in the registry (its vtable). The
 * rules are in rules.c, actions.c and events.c (tore_der_welt.h says why
 * three files), the notation in notation.c, snapshots in snapshot.c, the
 * observation, rendering and resampling in views.c, the designed tables in
 * content.c.
 */
#include "tore_der_welt.h"

static const char description[] =
    "Die Tore der Welt (Michael Rieneck and Stefan Stadler, 2009; \"World Without End\"): "
    "two to four players live through four chapters of six rounds in Kingsbridge. Each "
    "round the active player reveals an event, orients it to decide every seat's income "
    "and how far the favour marker moves, and then each seat plays one of its action cards "
    "(grain, piety, building material, building projects, wool and cloth sales, Privileg, "
    "houses, rent, donations, weaving, medicine, favour), from chapter II discarding "
    "another face down. The plague breaks out after chapter II; at every chapter end the "
    "seats owe piety, grain and a rolled tax, and shortfalls cost points and bring "
    "penalties that loyalty can redeem. The most victory points win. The 44 event cards, "
    "the favour track, projects, plots, plague and supplies are the project's own design.";

static const char options_help[] =
    "players=2..4  number of seats (default 2)\n"
    "seed=N  seed of the state's random generator (default 0)\n"
    "chance=auto|explicit  resolve event draws, plague tiles, the tax die and penance draws "
    "from the seed, or stop at each (default auto)\n"
    "lasting=two|three  how many lasting events apply at once: a third sends the oldest to "
    "the box when it is revealed (two, default) or at the round's end (three)\n"
    "privilege=used|any  Privileg repeats only a top card that was used (used, default), or "
    "also one laid unused (any)\n"
    "crest=once|twice  the chapter end moves the start crest once, as round 6's move (once, "
    "default), or once more after round 6's move (twice)\n"
    "screens=closed|open  whether a seat sees the goods behind the other screens (default "
    "closed)\n";

const struct br_game br_game_tore_der_welt = {
    .name = "tore-der-welt",
    .title = "Die Tore der Welt",
    .description = description,
    .options_help = options_help,
    .min_players = 2,
    .max_players = TDW_MAX_SEATS,
    .default_players = 2,
    .state_size = sizeof(tdw),
    .legal_moves_bound = TDW_MAX_LEGAL,
    .init = tdw_init,
    .options_string = tdw_options_string,
    .move_space = tdw_move_space,
    .max_legal_moves = tdw_max_legal_moves,
    .current_player = tdw_current_player,
    .legal_moves = tdw_legal_moves,
    .check_move = tdw_check_move,
    .apply_move = tdw_apply_move,
    .chance_outcomes = tdw_chance_outcomes,
    .winners = tdw_winners,
    .scores = tdw_scores,
    .move_to_text = tdw_move_to_text,
    .move_from_text = tdw_move_from_text,
    .write_json = tdw_write_json,
    .write_observation = tdw_write_observation,
    .to_bytes = tdw_to_bytes,
    .from_bytes = tdw_from_bytes,
    .from_json = tdw_from_json,
    .render = tdw_render,
    .resample = tdw_resample,
    .render_view = tdw_render_view,
    .move_to_text_view = tdw_move_to_text_view,
};
