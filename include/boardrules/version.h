/**
 * @file boardrules/version.h
 * @brief Compile-time and run-time version information.
 *
 * The package version (below) follows semantic versioning. The shared
 * library's soname follows libtool's -version-info rules and is independent of it.
 */
#ifndef BOARDRULES_VERSION_H
#define BOARDRULES_VERSION_H

#include "common.h"

BR_BEGIN_DECLS

/** @brief Major version of the headers in use. */
#define BR_VERSION_MAJOR 0
/** @brief Minor version of the headers in use. */
#define BR_VERSION_MINOR 3
/** @brief Micro (patch) version of the headers in use. */
#define BR_VERSION_MICRO 0
/** @brief The version of the headers as a string. */
#define BR_VERSION_STRING "0.3.0"
/** @brief The version of the headers as one number: 0xMMmmuu. */
#define BR_VERSION_NUMBER \
    ((BR_VERSION_MAJOR << 16) | (BR_VERSION_MINOR << 8) | BR_VERSION_MICRO)

/**
 * @brief Version of the library actually loaded, as a string ("0.3.0").
 * @return a static string owned by the library.
 */
BR_API const char *br_version_string(void);

/**
 * @brief Version of the library actually loaded.
 * @return the version as 0xMMmmuu.
 */
BR_API unsigned long br_version_number(void);

/**
 * @brief Whether the loaded library can serve a program built against the
 *        given header version.
 *
 * @param major major version the program was built against.
 * @param minor minor version the program was built against.
 * @param micro micro version the program was built against.
 *
 * Typical use: `br_version_check(BR_VERSION_MAJOR, BR_VERSION_MINOR, BR_VERSION_MICRO)`.
 * @return 1 when the loaded library has the same major version and is at least
 *         as new as the given version, else 0.
 */
BR_API int br_version_check(unsigned major, unsigned minor, unsigned micro);

BR_END_DECLS

#endif /* BOARDRULES_VERSION_H */
