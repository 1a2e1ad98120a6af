/**
 * @file boardrules/common.h
 * @brief Basic types, the export macro and the conventions shared by every header.
 *
 * Conventions used throughout the API:
 *
 * - **Text out.** Every function that produces text writes it into a buffer the
 *   caller owns, in the style of snprintf(): it takes `char *buf, size_t size,
 *   size_t *len`. The text's length (without the terminating NUL) is stored in
 *   `*len` when `len` is not NULL, whether or not it fit. When `size` is too small
 *   the function returns ::BR_ERR_BUFFER and, if `size > 0`, leaves a truncated
 *   NUL-terminated text in `buf`. `buf` may be NULL when `size` is 0, to ask for
 *   the length only. The library never returns memory that the caller must free,
 *   except the state handles themselves (free them with br_state_free()).
 * - **Text in.** Input strings are NUL-terminated UTF-8, borrowed for the
 *   duration of the call only.
 * - **Handles.** ::br_game handles are static and owned by the library; they are
 *   valid for the life of the process and never freed. ::br_state handles are
 *   owned by the caller.
 * - **Threads.** The library's only global setting is its allocator
 *   (boardrules/memory.h), set once before use. Different states may be used
 *   from different threads at once. Calls that take a `const br_state *` never
 *   write the state: any number of threads may make them on one state at once,
 *   as long as no thread changes it meanwhile (br_state_apply(),
 *   br_state_resolve_chance(), br_state_copy() into it, br_state_free()) -
 *   search workers sharing a root, a server answering observations. A state
 *   being changed must not be used from another thread without the caller's
 *   own lock.
 * - **Errors.** No function aborts, exits or prints. Functions return a
 *   ::br_status; a failing call on a state also keeps a human-readable reason,
 *   available from br_state_last_error() on the same thread: a call that
 *   changes the state keeps it in the state, a read-only call in the calling
 *   thread's own slot.
 */
#ifndef BOARDRULES_COMMON_H
#define BOARDRULES_COMMON_H

#include <stddef.h>
#include <stdint.h>

/** @cond INTERNAL */
#if defined(_WIN32) || defined(__CYGWIN__)
#  ifdef BR_BUILDING_LIBRARY
#    define BR_API __declspec(dllexport)
#  else
#    define BR_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define BR_API __attribute__((visibility("default")))
#else
#  define BR_API
#endif

#ifdef __cplusplus
#  define BR_BEGIN_DECLS extern "C" {
#  define BR_END_DECLS }
#else
#  define BR_BEGIN_DECLS
#  define BR_END_DECLS
#endif
/** @endcond */

BR_BEGIN_DECLS

/**
 * @brief A move: an integer in the dense range `0 .. br_state_move_space() - 1`.
 *
 * The range is fixed for a game and option set, so that a learning agent can
 * build action masks. Chance outcomes are moves in the same range.
 */
typedef int32_t br_move;

/** @brief No move; returned where a move is expected but none exists. */
#define BR_MOVE_NONE ((br_move)-1)

/** @brief br_state_current_player() at a chance node. */
#define BR_PLAYER_CHANCE (-1)
/** @brief br_state_current_player() of a finished game. */
#define BR_PLAYER_TERMINAL (-2)
/** @brief br_state_current_player() when the state argument is NULL. */
#define BR_PLAYER_INVALID (-3)

/** @brief Opaque description of one game, owned by the library (static). */
typedef struct br_game br_game;

/** @brief Opaque position of one game, owned by the caller. */
typedef struct br_state br_state;

BR_END_DECLS

#endif /* BOARDRULES_COMMON_H */
