/* The registry: one line per game. Adding a game = one folder under games/
 * (its vtable in games/<game>/game.c) plus one line here, its declaration in
 * internal.h and its files in local.mk (doc/adding-a-game.md). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const struct br_game *const br_registry[] = {
    &br_game_tsuro,
    &br_game_tuer_an_tuer,
    &br_game_drunter_und_drueber,
    &br_game_tore_der_welt,
};

enum { NUM_GAMES = sizeof br_registry / sizeof br_registry[0] };

const size_t br_registry_count = NUM_GAMES;

size_t br_game_count(void)
{
    return br_registry_count;
}

const br_game *br_game_at(size_t index)
{
    return index < br_registry_count ? br_registry[index] : NULL;
}

const br_game *br_game_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < br_registry_count; i++)
        if (strcmp(br_registry[i]->name, name) == 0)
            return br_registry[i];
    return NULL;
}

const char *br_game_name(const br_game *game)
{
    return game ? game->name : NULL;
}

const char *br_game_title(const br_game *game)
{
    return game ? game->title : NULL;
}

const char *br_game_description(const br_game *game)
{
    return game ? game->description : NULL;
}

/* The options help of each game, written from its option table on first
 * use. The first caller writes it (HELP_WRITING) while others wait, so that
 * every thread reads a finished text. */
enum { HELP_NONE, HELP_WRITING, HELP_READY };
static _Atomic int help_state[NUM_GAMES];
static char help_text[NUM_GAMES][BR_OPTIONS_HELP_MAX];

static size_t registry_index(const br_game *game)
{
    size_t i = 0;
    while (i < NUM_GAMES && br_registry[i] != game)
        i++;
    return i;
}

const char *br_game_options_help(const br_game *game)
{
    size_t i = game ? registry_index(game) : NUM_GAMES;
    if (i == NUM_GAMES)
        return NULL;
    int expected = HELP_NONE;
    if (atomic_compare_exchange_strong(&help_state[i], &expected, HELP_WRITING)) {
        br_text t = br_text_over(help_text[i], sizeof help_text[i]);
        br_options_help_write(game, &t); /* test_api checks that it fits */
        atomic_store(&help_state[i], HELP_READY);
    }
    while (atomic_load(&help_state[i]) != HELP_READY)
        continue;
    return help_text[i];
}

/* The players range and default: the `players` entry of the option table. */
int br_game_min_players(const br_game *game)
{
    return game ? (int)game->option_specs[BR_OPTION_PLAYERS].min : 0;
}

int br_game_max_players(const br_game *game)
{
    return game ? (int)game->option_specs[BR_OPTION_PLAYERS].max : 0;
}

int br_game_default_players(const br_game *game)
{
    return game ? atoi(game->option_specs[BR_OPTION_PLAYERS].default_value) : 0;
}
