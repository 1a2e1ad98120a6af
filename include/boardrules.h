/**
 * @file boardrules.h
 * @brief libboardrules: an embeddable rules engine for board games.
 *
 * Include this one header. It pulls in:
 * - boardrules/common.h  — types, conventions (text buffers, ownership, threads)
 * - boardrules/status.h  — status codes
 * - boardrules/version.h — version macros and run-time checks
 * - boardrules/game.h    — the registry of games
 * - boardrules/state.h   — positions: moves, chance, notation, snapshots
 * - boardrules/record.h  — game records and batch playouts
 * - boardrules/memory.h  — the allocator the library uses
 * - boardrules/learn.h   — facts, option specs, tensors, masks, history
 * - boardrules/bot.h     — bots that choose moves (random, greedy, planner, ismcts)
 *
 * @mainpage libboardrules
 *
 * libboardrules exposes several board games through one uniform C interface.
 * A minimal program:
 * @code
 * #include <boardrules.h>
 * #include <stdio.h>
 *
 * int main(void) {
 *     br_state *s;
 *     if (br_state_new(br_game_find("tsuro"), "players=2,seed=1", &s, NULL, 0) != BR_OK)
 *         return 1;
 *     br_move moves[256];
 *     size_t n;
 *     while (!br_state_is_terminal(s)) {
 *         br_state_legal_moves(s, moves, 256, &n);
 *         br_state_apply(s, moves[0]);
 *     }
 *     double r[8];
 *     br_state_returns(s, r, 8);
 *     printf("seat 0 return: %g\n", r[0]);
 *     br_state_free(s);
 *     return 0;
 * }
 * @endcode
 */
#ifndef BOARDRULES_H
#define BOARDRULES_H

#include "boardrules/common.h"
#include "boardrules/status.h"
#include "boardrules/version.h"
#include "boardrules/game.h"
#include "boardrules/state.h"
#include "boardrules/record.h"
#include "boardrules/memory.h"
#include "boardrules/learn.h"
#include "boardrules/bot.h"

#endif /* BOARDRULES_H */
