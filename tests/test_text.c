/*
 * The core's text helpers that the games share (libboardrules/text.c;
 * internal.h): move texts split into words (br_split_words, br_name_index,
 * br_word_number), notation as data (br_verb), the wrapped lines of a
 * rendering (br_line), br_ascii and the tensor helpers. Built from text.c, as they
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

/* br_word_number: digits only, at most 3 of them, within lo..hi. */
START_TEST(test_word_number_digits_in_range)
{
    ck_assert_int_eq(br_word_number("12", 1, 44), 12);
    ck_assert_int_eq(br_word_number("0", 0, 3), 0);
    ck_assert_int_eq(br_word_number("45", 1, 44), -1);
    ck_assert_int_eq(br_word_number("", 0, 3), -1);
    ck_assert_int_eq(br_word_number("1a", 0, 99), -1);
    ck_assert_int_eq(br_word_number("-1", -5, 5), -1);
    ck_assert_int_eq(br_word_number("0001", 0, 9), -1);
}
END_TEST

static const char *const verb_colours[2] = {"red", "blue"};
static const br_verb verb_table[] = {
    {"pass", 0, 1, .arg = BR_VERB_ALONE},
    {"take", 1, 2, BR_VERB_NAME, .names = verb_colours, .what = "take names red or blue",
     .example = "take red"},
    {"go", 3, 9, BR_VERB_NUMBER, 'p', true, 1, .what = "a plot is p1..p9", .example = "go p5"},
    {"roll", 12, 5, BR_VERB_NUMBER, 'r', false, 2, .what = "a roll is 2..6", .example = "roll 4"},
};

static void verb_text(br_move m, const char *want)
{
    char buf[32];
    br_text out = br_text_over(buf, sizeof buf);
    const br_verb *v = br_verb_of(verb_table, 4, m);
    ck_assert_ptr_nonnull(v);
    br_verb_write(v, m, &out);
    ck_assert_str_eq(buf, want);
}

/* verb_parse(): the words name no verb of the table. */
enum { NO_VERB = 1 };

static int verb_parse(const char *text, br_move *m, char *err, size_t size)
{
    br_words ws;
    br_text e = br_text_over(err, size);
    ck_assert(br_split_words(text, 3, &ws));
    const br_verb *v = br_verb_find(verb_table, 4, &ws);
    return v ? (int)br_verb_read(v, &ws, m, &e) : NO_VERB;
}

/* Notation as data: each verb's run written and read back, the optional
 * letter before a number, and a wrong argument's reason. */
START_TEST(test_verbs_write_and_read_back)
{
    static const char *const texts[17] = {"pass", "take red", "take blue", "go p1", "go p2",
                                          "go p3", "go p4", "go p5", "go p6", "go p7", "go p8",
                                          "go p9", "roll 2", "roll 3", "roll 4", "roll 5",
                                          "roll 6"};
    char err[80];
    for (br_move m = 0; m < 17; m++) {
        br_move back = -1;
        verb_text(m, texts[m]);
        ck_assert_int_eq(verb_parse(texts[m], &back, err, sizeof err), BR_OK);
        ck_assert_int_eq(back, m);
    }
    ck_assert_ptr_null(br_verb_of(verb_table, 4, 17));
    br_move m = -1;
    ck_assert_int_eq(verb_parse("go 5", &m, err, sizeof err), BR_OK);
    ck_assert_int_eq(m, 7);
    ck_assert_int_eq(verb_parse("roll r6", &m, err, sizeof err), BR_OK);
    ck_assert_int_eq(m, 16);
    ck_assert_int_eq(verb_parse("go p10", &m, err, sizeof err), BR_ERR_PARSE);
    ck_assert_str_eq(err, "a plot is p1..p9 (e.g. 'go p5')");
    ck_assert_int_eq(verb_parse("take green", &m, err, sizeof err), BR_ERR_PARSE);
    ck_assert_str_eq(err, "take names red or blue (e.g. 'take red')");
    /* the wrong number of words names no verb */
    ck_assert_int_eq(verb_parse("pass red", &m, err, sizeof err), NO_VERB);
    ck_assert_int_eq(verb_parse("take", &m, err, sizeof err), NO_VERB);
}
END_TEST

/* br_ascii: the German letters transliterated, other non-ASCII bytes '?',
 * and the text cut at the buffer's end. */
START_TEST(test_ascii_german_letters)
{
    char buf[32];
    br_ascii(buf, sizeof buf, "K\xc3\xb6nigin \xc3\x9c" "ber Stra\xc3\x9f" "e \xe2\x82\xac");
    ck_assert_str_eq(buf, "Koenigin Ueber Strasse ???");
    br_ascii(buf, 6, "abcdefgh");
    ck_assert_str_eq(buf, "abc");
}
END_TEST

/* The tensor helpers: bits below n set, a zero maximum scaled to 0. */
START_TEST(test_tensor_bits_and_scaled)
{
    float out[4] = {0, 0, 0, 0};
    br_tensor_bits(out, 0x15u, 4);
    ck_assert(out[0] == 1.0f && out[1] == 0.0f && out[2] == 1.0f && out[3] == 0.0f);
    ck_assert(br_tensor_scaled(3, 4) == 0.75f);
    ck_assert(br_tensor_scaled(3, 0) == 0.0f);
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
        BRT_TEST(test_word_number_digits_in_range),
        BRT_TEST(test_verbs_write_and_read_back),
        BRT_TEST(test_ascii_german_letters),
        BRT_TEST(test_tensor_bits_and_scaled),
    };
    return brt_run_tests("text", tests, BRT_COUNT(tests));
}
