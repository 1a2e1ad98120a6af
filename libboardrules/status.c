/* Status strings and version information. */
#include "internal.h"

const char *br_status_string(br_status status)
{
    switch (status) {
    case BR_OK: return "success";
    case BR_ERR_ARGUMENT: return "invalid argument";
    case BR_ERR_NO_MEMORY: return "out of memory";
    case BR_ERR_OPTION: return "invalid option";
    case BR_ERR_ILLEGAL_MOVE: return "illegal move";
    case BR_ERR_PARSE: return "text could not be parsed";
    case BR_ERR_SNAPSHOT: return "invalid snapshot";
    case BR_ERR_BUFFER: return "buffer too small";
    case BR_ERR_WRONG_PHASE: return "not possible in this state";
    case BR_ERR_UNKNOWN_GAME: return "unknown game";
    case BR_ERR_RECORD: return "invalid game record";
    case BR_ERR_GAME_MISMATCH: return "states of different games or option sets";
    case BR_ERR_INCOMPLETE: return "game record ends before its result line";
    case BR_ERR_UNKNOWN_BOT: return "unknown bot kind";
    }
    return "unknown status";
}

const char *br_version_string(void)
{
    return BR_VERSION_STRING;
}

unsigned long br_version_number(void)
{
    return BR_VERSION_NUMBER;
}

int br_version_check(unsigned major, unsigned minor, unsigned micro)
{
    if (major != BR_VERSION_MAJOR)
        return 0;
    unsigned long wanted = ((unsigned long)major << 16) | ((unsigned long)minor << 8) | micro;
    if (minor > 255 || micro > 255)
        return 0;
    return wanted <= BR_VERSION_NUMBER;
}
