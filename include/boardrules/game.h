/**
 * @file boardrules/game.h
 * @brief The registry of games and their descriptions.
 *
 * Every ::br_game pointer returned here is owned by the library, is valid for
 * the whole life of the process and must not be freed.
 */
#ifndef BOARDRULES_GAME_H
#define BOARDRULES_GAME_H

#include "common.h"
#include "status.h"

BR_BEGIN_DECLS

/**
 * @brief Number of registered games.
 * @return the count; games are at indices 0 .. count-1 for br_game_at().
 */
BR_API size_t br_game_count(void);

/**
 * @brief The registered game at position @p index (0 .. br_game_count()-1).
 * @param index position in the registry.
 * @return the game (owned by the library), or NULL when @p index is out of range.
 */
BR_API const br_game *br_game_at(size_t index);

/**
 * @brief Finds a game by its short name, e.g. "tsuro" or "tuer-an-tuer".
 * @param name borrowed; may be NULL (then NULL is returned).
 * @return the game (owned by the library), or NULL when no game has that name.
 */
BR_API const br_game *br_game_find(const char *name);

/**
 * @brief The game's short name (lower case, ASCII, hyphens), e.g. "tsuro".
 * @param game a game from the registry, or NULL.
 * @return a static string owned by the library; NULL when @p game is NULL.
 */
BR_API const char *br_game_name(const br_game *game);

/**
 * @brief The game's title for people, e.g. "Tsuro".
 * @param game a game from the registry, or NULL.
 * @return a static string owned by the library; NULL when @p game is NULL.
 */
BR_API const char *br_game_title(const br_game *game);

/**
 * @brief One paragraph describing the game and its editions.
 * @param game a game from the registry, or NULL.
 * @return a static string owned by the library; NULL when @p game is NULL.
 */
BR_API const char *br_game_description(const br_game *game);

/**
 * @brief Documentation of the game's option keys, one `key=values  meaning`
 *        per line, common keys (players, seed, chance) included.
 * @param game a game from the registry, or NULL.
 * @return a static string owned by the library; NULL when @p game is NULL.
 */
BR_API const char *br_game_options_help(const br_game *game);

/**
 * @brief Smallest number of players.
 * @param game a game from the registry, or NULL.
 * @return the number, or 0 when @p game is NULL.
 */
BR_API int br_game_min_players(const br_game *game);

/**
 * @brief Largest number of players.
 * @param game a game from the registry, or NULL.
 * @return the number, or 0 when @p game is NULL.
 */
BR_API int br_game_max_players(const br_game *game);

/**
 * @brief Number of players when the options do not say.
 * @param game a game from the registry, or NULL.
 * @return the number, or 0 when @p game is NULL.
 */
BR_API int br_game_default_players(const br_game *game);

BR_END_DECLS

#endif /* BOARDRULES_GAME_H */
