/**
 * @file boardrules/status.h
 * @brief Status codes returned by every fallible function.
 *
 * Codes are append-only: a released code keeps its value for ever, new codes
 * are added at the end with the next free value.
 */
#ifndef BOARDRULES_STATUS_H
#define BOARDRULES_STATUS_H

#include "common.h"

BR_BEGIN_DECLS

/** @brief Result of a library call. ::BR_OK is zero, every error is negative. */
typedef enum br_status {
    BR_OK = 0,                 /**< Success. */
    BR_ERR_ARGUMENT = -1,      /**< An argument is invalid (NULL, out of range). */
    BR_ERR_NO_MEMORY = -2,     /**< Memory could not be allocated. */
    BR_ERR_OPTION = -3,        /**< The options string has an unknown key or a bad value. */
    BR_ERR_ILLEGAL_MOVE = -4,  /**< The move is not legal in this state. */
    BR_ERR_PARSE = -5,         /**< Text (move text, record line) could not be parsed. */
    BR_ERR_SNAPSHOT = -6,      /**< A JSON snapshot is malformed or inconsistent. */
    BR_ERR_BUFFER = -7,        /**< The caller's buffer is too small. */
    BR_ERR_WRONG_PHASE = -8,   /**< The call does not fit the state (e.g. no chance node). */
    BR_ERR_UNKNOWN_GAME = -9,  /**< No game of that name is registered. */
    BR_ERR_RECORD = -10,       /**< A game record is malformed or has an illegal move. */
    BR_ERR_GAME_MISMATCH = -11, /**< Two states of different games or option sets. */
    BR_ERR_INCOMPLETE = -12,   /**< A game record ends before its result line. */
    BR_ERR_UNKNOWN_BOT = -13   /**< No bot of that kind (boardrules/bot.h). */
} br_status;

/**
 * @brief A short English description of a status code.
 * @param status any value; unknown values give "unknown status".
 * @return a static string owned by the library; never NULL.
 */
BR_API const char *br_status_string(br_status status);

BR_END_DECLS

#endif /* BOARDRULES_STATUS_H */
