/* The registry: one line per game. Adding a game = one folder under games/
 * (its vtable in games/<game>/game.c) plus one line here, its declaration in
 * internal.h and its files in local.mk (doc/adding-a-game.md). */
#include <string.h>

#include "internal.h"

const struct br_game *const br_registry[] = {
    &br_game_tsuro,
    &br_game_tuer_an_tuer,
    &br_game_drunter_und_drueber,
    &br_game_tore_der_welt,
};

const size_t br_registry_count = sizeof br_registry / sizeof br_registry[0];

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

const char *br_game_options_help(const br_game *game)
{
    return game ? game->options_help : NULL;
}

int br_game_min_players(const br_game *game)
{
    return game ? game->min_players : 0;
}

int br_game_max_players(const br_game *game)
{
    return game ? game->max_players : 0;
}

int br_game_default_players(const br_game *game)
{
    return game ? game->default_players : 0;
}
