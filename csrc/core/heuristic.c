/* heuristic.c: the content-aware text measure (see heuristic.h), and
 * compact.core.heuristic_measure(s [, full]) for the benchmarks:
 * the fixed-point measure of a string, sampled or read in full. */
#include "heuristic.h"
#include "parts.h"

enum byte_class {
    C_LOWER, /* a-z */
    C_UPPER, /* A-Z */
    C_DIGIT,
    C_SPACE,
    C_NEWLINE,
    C_BLANK,   /* tab, CR, VT, FF */
    C_PUNCT,   /* printable ASCII that is not a letter, digit or space */
    C_CONTROL, /* other C0 controls, DEL */
    C_CONT,    /* UTF-8 continuation byte */
    C_LEAD2,   /* lead of a 2-byte character (Latin accents, Cyrillic, ...) */
    C_LEAD3,   /* lead of a 3-byte character (CJK, symbols, box drawing) */
    C_LEAD4,   /* lead of a 4-byte character (emoji, rare CJK) */
    CLASS_COUNT
};

#define CLASS_OF(b)                                                                        \
    ((b) >= 'a' && (b) <= 'z'    ? C_LOWER                                                 \
     : (b) >= 'A' && (b) <= 'Z'  ? C_UPPER                                                 \
     : (b) >= '0' && (b) <= '9'  ? C_DIGIT                                                 \
     : (b) == ' '                ? C_SPACE                                                 \
     : (b) == '\n'               ? C_NEWLINE                                               \
     : (b) == '\t' || (b) == '\r' || (b) == 11 || (b) == 12 ? C_BLANK                      \
     : (b) < 32 || (b) == 127    ? C_CONTROL                                               \
     : (b) < 128                 ? C_PUNCT                                                 \
     : (b) < 0xC0                ? C_CONT                                                  \
     : (b) < 0xE0                ? C_LEAD2                                                 \
     : (b) < 0xF0                ? C_LEAD3                                                 \
                                 : C_LEAD4)

/* Costs in 1/1024 token. A byte's cost depends on its class and on the class
 * of the byte before it (the string's start counts as a space). The W_*
 * values are the shape (how BPE vocabularies split each class, relative to
 * an English word); SCALE is the one factor fitted to Claude's counts on
 * the first half of the shared real session, together with the message,
 * block and tool call/result costs in heuristic.h. */
#define SCALE(w) ((w) * 103 / 100)
#define W_WORD 1024        /* a word (letter run) starts */
#define W_LETTER 72        /* each further letter of a word */
#define W_HUMP 640         /* lower -> upper inside a word: camelCase, base64 */
#define W_NUMBER 1024      /* a digit run starts */
#define W_DIGIT 350        /* each further digit (runs split every ~3) */
#define W_PUNCT 900        /* a punctuation run starts */
#define W_PUNCT_MORE 420   /* each further symbol of the run */
#define W_SPACE_MORE 120   /* each space after a space (indentation) */
#define W_NEWLINE 800      /* a line break */
#define W_NEWLINE_MORE 300 /* each further line break of a run */
#define W_BLANK 600        /* tab, CR: first of a run */
#define W_BLANK_MORE 200
#define W_CONTROL 1024
#define W_LEAD2 600        /* accented Latin, Greek, Cyrillic, Hebrew, Arabic */
#define W_LEAD3 1100       /* CJK, most symbols */
#define W_LEAD4 2048       /* emoji */

#define IS_LETTER(c) ((c) == C_LOWER || (c) == C_UPPER)

#define COST(p, c) SCALE(BASE_COST(p, c))
#define BASE_COST(p, c)                                                                    \
    ((c) == C_LOWER     ? (IS_LETTER(p) ? W_LETTER : W_WORD)                               \
     : (c) == C_UPPER   ? ((p) == C_LOWER ? W_HUMP : (p) == C_UPPER ? W_LETTER : W_WORD)   \
     : (c) == C_DIGIT   ? ((p) == C_DIGIT ? W_DIGIT : W_NUMBER)                            \
     : (c) == C_SPACE   ? ((p) == C_SPACE ? W_SPACE_MORE : 0)                              \
     : (c) == C_NEWLINE ? ((p) == C_NEWLINE ? W_NEWLINE_MORE : W_NEWLINE)                  \
     : (c) == C_BLANK   ? ((p) == C_BLANK ? W_BLANK_MORE : W_BLANK)                        \
     : (c) == C_PUNCT   ? ((p) == C_PUNCT ? W_PUNCT_MORE : W_PUNCT)                        \
     : (c) == C_CONTROL ? W_CONTROL                                                        \
     : (c) == C_LEAD2   ? W_LEAD2                                                          \
     : (c) == C_LEAD3   ? W_LEAD3                                                          \
     : (c) == C_LEAD4   ? W_LEAD4                                                          \
                        : 0)

/* The table is indexed by (previous class << 4 | class). */
#define ROW(p)                                                                             \
    COST(p, 0), COST(p, 1), COST(p, 2), COST(p, 3), COST(p, 4), COST(p, 5), COST(p, 6),   \
        COST(p, 7), COST(p, 8), COST(p, 9), COST(p, 10), COST(p, 11), 0, 0, 0, 0
static const unsigned short pair_cost[16 * 16] = {
    ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7),
    ROW(8), ROW(9), ROW(10), ROW(11),
};

#define C4(b) CLASS_OF(b), CLASS_OF((b) + 1), CLASS_OF((b) + 2), CLASS_OF((b) + 3)
#define C16(b) C4(b), C4((b) + 4), C4((b) + 8), C4((b) + 12)
#define C64(b) C16(b), C16((b) + 16), C16((b) + 32), C16((b) + 48)
static const unsigned char byte_class[256] = {C64(0), C64(64), C64(128), C64(192)};

/* Cost of s[from..to), the byte before `from` giving the first pair. */
static heuristic_units measure_range(const unsigned char *s, size_t from, size_t to)
{
    heuristic_units a = 0, b = 0;
    unsigned prev = from > 0 ? byte_class[s[from - 1]] : C_SPACE;
    size_t i = from;
    for (; i + 4 <= to; i += 4) {
        unsigned c0 = byte_class[s[i]], c1 = byte_class[s[i + 1]];
        unsigned c2 = byte_class[s[i + 2]], c3 = byte_class[s[i + 3]];
        a += pair_cost[prev << 4 | c0];
        b += pair_cost[c0 << 4 | c1];
        a += pair_cost[c1 << 4 | c2];
        b += pair_cost[c2 << 4 | c3];
        prev = c3;
    }
    for (; i < to; i++) {
        unsigned c = byte_class[s[i]];
        a += pair_cost[prev << 4 | c];
        prev = c;
    }
    return a + b;
}

HEURISTIC_API heuristic_units heuristic_measure_full(const char *s, size_t len)
{
    return measure_range((const unsigned char *)s, 0, len);
}

HEURISTIC_API heuristic_units heuristic_measure(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    heuristic_units units;
    size_t start = HEURISTIC_FULL_BYTES;
    if (len <= HEURISTIC_FULL_BYTES)
        return measure_range(s, 0, len);
    units = measure_range(s, 0, start);
    while (start < len) {
        int dense = start >= HEURISTIC_DENSE_FROM;
        size_t window = dense ? HEURISTIC_DENSE_WINDOW_BYTES : HEURISTIC_WINDOW_BYTES;
        size_t step = dense ? start / 8 : start;
        size_t end;
        if (step < window)
            step = window;
        end = len - start > step ? start + step : len;
        if (end - start <= window) {
            units += measure_range(s, start, end);
        } else {
            heuristic_units cost = measure_range(s, start, start + window);
            units += cost * (end - start) / window;
        }
        start = end;
    }
    return units;
}

/* compact.core.heuristic_measure(s [, full]) -> units, HEURISTIC_UNIT */
static int lua_heuristic_measure(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    heuristic_units units = lua_toboolean(L, 2) ? heuristic_measure_full(s, len)
                                                : heuristic_measure(s, len);
    lua_pushnumber(L, (lua_Number)units);
    lua_pushinteger(L, HEURISTIC_UNIT);
    return 2;
}

int luaopen_compact_core_heuristic(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"heuristic_measure", lua_heuristic_measure},
        {NULL, NULL},
    };
    luaL_newlib(L, functions);
    return 1;
}
