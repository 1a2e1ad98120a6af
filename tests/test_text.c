/*
 * The core's text helpers that the games share (libboardrules/text.c;
 * internal.h): move texts split into words (br_split_words, br_name_index)
 * and the wrapped lines of a rendering (br_line). Built from text.c, as they
 * are internal (the library exports none of them).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brt_util.h"
#include "internal.h"

/* Words are split at any blanks and lower-cased. */
START_TEST(test_words_split_at_blanks_lower_cased)
{
    br_words ws;
    ck_assert(br_split_words("  Road\t3B  e ", BR_WORDS_MAX, &ws));
    ck_assert_int_eq(ws.n, 3);
    ck_assert_str_eq(ws.w[0], "road");
    ck_assert_str_eq(ws.w[1], "3b");
    ck_assert_str_eq(ws.w[2], "e");
    ck_assert(br_split_words("   ", BR_WORDS_MAX, &ws));
    ck_assert_int_eq(ws.n, 0);
}
END_TEST

/* A word of BR_WORD_MAX characters is taken, a longer one refused; so is a
 * text of more words than the game's limit. */
START_TEST(test_words_limits_refused)
{
    br_words ws;
    char word[BR_WORD_MAX + 2];
    memset(word, 'x', BR_WORD_MAX);
    word[BR_WORD_MAX] = '\0';
    ck_assert(br_split_words(word, BR_WORDS_MAX, &ws));
    ck_assert_uint_eq(strlen(ws.w[0]), BR_WORD_MAX);
    word[BR_WORD_MAX] = 'x';
    word[BR_WORD_MAX + 1] = '\0';
    ck_assert(!br_split_words(word, BR_WORDS_MAX, &ws));
    ck_assert(br_split_words("a b c", 3, &ws));
    ck_assert(!br_split_words("a b c d", 3, &ws));
}
END_TEST

START_TEST(test_name_index_exact_match)
{
    static const char *const names[] = {"road", "wall", "river"};
    ck_assert_int_eq(br_name_index("wall", names, 3), 1);
    ck_assert_int_eq(br_name_index("river", names, 3), 2);
    ck_assert_int_eq(br_name_index("riv", names, 3), -1);
    ck_assert_int_eq(br_name_index("river", names, 2), -1);
}
END_TEST

/* Words go after their gap until the next would pass column 78; then a new
 * line indented by four begins. */
START_TEST(test_line_wraps_before_column_78)
{
    char buf[512];
    br_text out = br_text_over(buf, sizeof buf);
    br_line l = br_line_start(&out, "Hand:");
    for (int i = 0; i < 12; i++)
        br_line_printf(&l, i ? 2 : 1, "card%02d", i);
    br_line_end(&l);
    /* "Hand:" + 9 x (gap + 6) = 5 + 1 + 6 + 8 x 8 = 76; the tenth would end at 84. */
    ck_assert_str_eq(buf, "Hand: card00  card01  card02  card03  card04  card05  card06  card07"
                          "  card08\n    card09  card10  card11\n");
    const char *first_end = strchr(buf, '\n');
    ck_assert_int_le((int)(first_end - buf), BR_LINE_WIDTH);
}
END_TEST

/* A word that is longer than a line stays whole, and a line that holds only
 * its indent does not wrap again before it. */
START_TEST(test_line_long_word_not_wrapped_twice)
{
    char word[100], buf[512];
    memset(word, 'w', 90);
    word[90] = '\0';
    br_text out = br_text_over(buf, sizeof buf);
    br_line l = br_line_start(&out, "  ");
    br_line_word(&l, word);
    br_line_word(&l, word);
    br_line_end(&l);
    char want[512];
    snprintf(want, sizeof want, "   %s\n    %s\n", word, word);
    ck_assert_str_eq(buf, want);
}
END_TEST

int main(void)
{
    const brt_test tests[] = {
        BRT_CASE("text", 30),
        BRT_TEST(test_words_split_at_blanks_lower_cased),
        BRT_TEST(test_words_limits_refused),
        BRT_TEST(test_name_index_exact_match),
        BRT_TEST(test_line_wraps_before_column_78),
        BRT_TEST(test_line_long_word_not_wrapped_twice),
    };
    return brt_run_tests("text", tests, BRT_COUNT(tests));
}
