/*
 * Tür an Tür's content: the elevator cards the project designed
 * (doc/games/tuer-an-tuer.md, "Elevator cards") and the shapes the rule text
 * allows for "different colours". The door deck needs no table: two copies
 * (DOOR_COPIES) of each colour and number, 72 cards, the ones numbered 3 and 7
 * showing a cat, decoded by arithmetic (card_colour(), card_number(),
 * card_has_cat() in tuer_an_tuer.h; the copies are counted in a cardset).
 */
#include "tuer_an_tuer.h"

/* The shapes the "different colours" rule allows, as bit masks on the 4x4
 * grid of door fields (bit = 4*row + column) anchored at the top-left of
 * their bounding box. The text names straight lines and L shapes
 * ("waagerecht, senkrecht oder L-förmig"); of three cards those are all
 * connected shapes, of four they are not, so the other connected shapes of
 * four (T, S/Z, square) count only with different4=connected. Shapes of four
 * first, so the first match of a four-shape decides. */
const shape tat_shapes[TAT_SHAPES] = {
    {0x000F, 4, 1, 4, 0}, {0x1111, 1, 4, 4, 0},                     /* I4 */
    {0x0017, 3, 2, 4, 0}, {0x0047, 3, 2, 4, 0}, {0x0071, 3, 2, 4, 0}, {0x0074, 3, 2, 4, 0},
    {0x0113, 2, 3, 4, 0}, {0x0311, 2, 3, 4, 0}, {0x0223, 2, 3, 4, 0}, {0x0322, 2, 3, 4, 0},
                                                                    /* L4, flat, upright */
    {0x0027, 3, 2, 4, 1}, {0x0072, 3, 2, 4, 1}, {0x0131, 2, 3, 4, 1}, {0x0232, 2, 3, 4, 1},
                                                                    /* T4 */
    {0x0036, 3, 2, 4, 1}, {0x0063, 3, 2, 4, 1}, {0x0231, 2, 3, 4, 1}, {0x0132, 2, 3, 4, 1},
                                                                    /* S4, Z4 */
    {0x0033, 2, 2, 4, 1},                                           /* O4, the square */
    {0x0007, 3, 1, 3, 0}, {0x0111, 1, 3, 3, 0},                     /* I3 */
    {0x0032, 2, 2, 3, 0}, {0x0031, 2, 2, 3, 0}, {0x0023, 2, 2, 3, 0}, {0x0013, 2, 2, 3, 0},
                                                                    /* L3 */
};

/* Steps an elevator card of `type` gives on floor index `floor`. */
int tat_elevator_effect(const tat *s, int type, int floor)
{
    const uint8_t *row = &s->board[COLUMNS * floor];
    int steps = 0;
    unsigned colours = 0;
    for (int k = 0; k < COLUMNS; k++) {
        int c = row[k];
        if (c == NONE)
            continue;
        switch (type) {
        case E_YELLOW: case E_GREEN: case E_RED: case E_BLUE:
            steps += card_colour(c) == type ? 2 : 0;
            break;
        case E_CATS:
            steps += card_has_cat(c) ? 1 : 0;
            break;
        case E_DOORS:
            steps += 1;
            break;
        case E_LOW:
            steps += card_number(c) <= 4 ? 2 : 0;
            break;
        case E_HIGH:
            steps += card_number(c) >= 6 ? 2 : 0;
            break;
        case E_COLOURS:
            colours |= 1u << card_colour(c);
            break;
        case E_PAIRS:
            if (k > 0 && row[k - 1] != NONE &&
                (card_colour(row[k - 1]) == card_colour(c) ||
                 card_number(row[k - 1]) == card_number(c)))
                steps += 2;
            break;
        }
    }
    if (type == E_COLOURS)
        steps = 2 * br_popcount64(colours);
    return steps;
}
