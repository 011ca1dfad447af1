/* heuristic.c: the content-aware text measure (see heuristic.h), and
 * compact.core.heuristic_measure(s [, full]) for the benchmarks:
 * the fixed-point measure of a string, sampled or read in full; and
 * compact.core.heuristic_scan for the specs: one scan implementation's
 * result (the scalar reference, or a vector scan from heuristic_scan.h). */
#include "heuristic.h"
#include "parts.h"

#include <string.h>


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
    C_LEAD2,   /* lead C0-D5 of a 2-byte character (Latin accents, Greek, Cyrillic) */
    C_LEAD3,   /* lead E1, E3-EF of a 3-byte character (CJK, Hangul, kana) */
    C_LEAD4,   /* lead of a 4-byte character (emoji, rare CJK) */
    C_LEAD2R,  /* lead D6-DF: Hebrew, Arabic, Syriac, Thaana */
    C_LEAD3S,  /* lead E2: punctuation, arrows, math, box drawing, ZWJ */
    C_LEAD3I,  /* lead E0: Devanagari and the other Indic scripts, Thai, Lao */
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
     : (b) < 0xD6                ? C_LEAD2                                                 \
     : (b) < 0xE0                ? C_LEAD2R                                                \
     : (b) == 0xE0               ? C_LEAD3I                                                \
     : (b) == 0xE2               ? C_LEAD3S                                                \
     : (b) < 0xF0                ? C_LEAD3                                                 \
                                 : C_LEAD4)

/* Costs in 1/1024 token. A byte's cost depends on its class and on the class
 * of the byte before it (the string's start counts as a space), plus
 * W_LONG for each letter deep inside a long letter run (see LONG_RUN),
 * W_HUMP_SHORT - W_HUMP for a case step after a short segment (HUMP_UNITS)
 * and W_LISTING for a numbered listing's separator (LISTING_UNITS): the
 * scans count those three from bits per byte, beside the pair costs. The
 * W_* values are the shape (how BPE vocabularies split each class,
 * relative to an English word, measured against o200k and cl100k on the
 * content classes of spec/heuristic_classes_spec.lua); SCALE is the one
 * factor fitted to Claude's counts on the first half of the shared real
 * session, together with the message, block and tool call/result costs in
 * heuristic.h. */
#define SCALE(w) ((w) * 105 / 100)
/* Every cost is a multiple of SCAN_GRAIN units (1/64 token), below 256
 * grains: the vector scans look costs up in one byte plane. */
#define SCAN_GRAIN 16
#define GRAINED(u) (((u) + SCAN_GRAIN / 2) / SCAN_GRAIN * SCAN_GRAIN)
#define W_WORD 1024        /* a word (letter run) starts */
#define W_LETTER 72        /* each further letter of a word */
#define W_UPPER_MORE 700   /* an upper after an upper (ALLCAPS, base64) */
/* lower -> upper inside a word: W_HUMP after a segment (the letters since
 * the last case step or non-letter) of HUMP_SEGMENT letters or more
 * (camelCase, PascalCase: word-length segments), W_HUMP_SHORT after a
 * shorter one (base64 changes case every 1-3 letters); see HUMP_UNITS. */
#define W_HUMP 640
#define W_HUMP_SHORT 1024
#define HUMP_SEGMENT 3
#define W_NUMBER 1024      /* a digit run starts */
#define W_DIGIT 350        /* each further digit (runs split every ~3) */
#define W_PUNCT 800        /* a punctuation run starts */
#define W_PUNCT_MORE 420   /* each further symbol of the run */
#define W_SPACE_MORE 25    /* each space after a space (indentation) */
#define W_NEWLINE 650      /* a line break */
#define W_NEWLINE_MORE 300 /* each further line break of a run */
#define W_BLANK 350        /* tab, CR: first of a run */
#define W_BLANK_MORE 60
#define W_CONTROL 1024
#define W_LEAD2 600        /* accented Latin, Greek, Cyrillic */
#define W_LEAD2R 1120      /* Hebrew, Arabic */
#define W_LEAD3 1100       /* CJK, Hangul, kana */
#define W_LEAD3S 1000       /* symbols, box drawing */
#define W_LEAD3I 1250      /* Indic, Thai */
#define W_LEAD4 3000       /* emoji */
/* A letter that continues a word without a case step (lower after a
 * letter, upper after an upper), after LONG_RUN such letters in a row: the
 * vocabulary has no words that long, so BPE splits the run every few
 * letters (concatenated words, long identifiers, random letters). */
#define LONG_RUN 8
#define W_LONG 200
/* The separator of a numbered listing (`cat -n`, an agent's file read:
 * spaces, the line number, then a tab or U+2192 RIGHTWARDS ARROW, E2 86
 * 92) after a digit: the tokenizers spend about 3-4 tokens on each line's
 * prefix, which the byte costs put at about 2. Counted on the tab, or on
 * the arrow's second byte, when the byte before the tab (the arrow)
 * is a digit. */
#define W_LISTING 1200

#define IS_LETTER(c) ((c) == C_LOWER || (c) == C_UPPER)
#define HUMP_PAIR (C_LOWER << 4 | C_UPPER)

#define COST(p, c) GRAINED(SCALE(BASE_COST(p, c)))
#define BASE_COST(p, c)                                                                    \
    ((c) == C_LOWER     ? (IS_LETTER(p) ? W_LETTER : W_WORD)                               \
     : (c) == C_UPPER   ? ((p) == C_LOWER ? W_HUMP : (p) == C_UPPER ? W_UPPER_MORE : W_WORD) \
     : (c) == C_DIGIT   ? ((p) == C_DIGIT ? W_DIGIT : W_NUMBER)                            \
     : (c) == C_SPACE   ? ((p) == C_SPACE ? W_SPACE_MORE : 0)                              \
     : (c) == C_NEWLINE ? ((p) == C_NEWLINE ? W_NEWLINE_MORE : W_NEWLINE)                  \
     : (c) == C_BLANK   ? ((p) == C_BLANK ? W_BLANK_MORE : W_BLANK)                        \
     : (c) == C_PUNCT   ? ((p) == C_PUNCT ? W_PUNCT_MORE : W_PUNCT)                        \
     : (c) == C_CONTROL ? W_CONTROL                                                        \
     : (c) == C_LEAD2   ? W_LEAD2                                                          \
     : (c) == C_LEAD3   ? W_LEAD3                                                          \
     : (c) == C_LEAD4   ? W_LEAD4                                                          \
     : (c) == C_LEAD2R  ? W_LEAD2R                                                         \
     : (c) == C_LEAD3S  ? W_LEAD3S                                                         \
     : (c) == C_LEAD3I  ? W_LEAD3I                                                         \
                        : 0)
/* Does (p, c) continue a word without a case step (the long-run count)? */
#define PLAIN_LETTER(p, c) (((c) == C_LOWER && IS_LETTER(p)) || ((c) == C_UPPER && (p) == C_UPPER))
#define LONG_UNITS GRAINED(SCALE(W_LONG))
/* what a short-segment hump adds to the table's W_HUMP, and a listing
 * separator */
#define HUMP_UNITS GRAINED(SCALE(W_HUMP_SHORT - W_HUMP))
#define LISTING_UNITS GRAINED(SCALE(W_LISTING))
/* the hump lanes of h (a hump's bits, shifted up to the plain bits' block
 * m) that follow two plain letters: a segment of 3 letters or more (its
 * first letter starts it, the others continue it); the vector scans test
 * the same two lanes */
#define LONG_HUMPS(h, m) ((h) & (m) << 1 & (m) << 2)
typedef char hump_costs_are_ordered[W_HUMP_SHORT >= W_HUMP ? 1 : -1];

/* The table is indexed by (previous class << 4 | class). */
#define ROW(p)                                                                             \
    COST(p, 0), COST(p, 1), COST(p, 2), COST(p, 3), COST(p, 4), COST(p, 5), COST(p, 6),   \
        COST(p, 7), COST(p, 8), COST(p, 9), COST(p, 10), COST(p, 11), COST(p, 12),        \
        COST(p, 13), COST(p, 14), 0
static const unsigned short pair_cost[16 * 16] = {
    ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7),
    ROW(8), ROW(9), ROW(10), ROW(11), ROW(12), ROW(13), ROW(14),
};

#define C4(b) CLASS_OF(b), CLASS_OF((b) + 1), CLASS_OF((b) + 2), CLASS_OF((b) + 3)
#define C16(b) C4(b), C4((b) + 4), C4((b) + 8), C4((b) + 12)
#define C64(b) C16(b), C16((b) + 16), C16((b) + 32), C16((b) + 48)
static const unsigned char byte_class[256] = {C64(0), C64(64), C64(128), C64(192)};

/* the plain-letter pairs (PLAIN_LETTER), indexed like pair_cost */
#define P4(p, c) PLAIN_LETTER(p, c), PLAIN_LETTER(p, (c) + 1), PLAIN_LETTER(p, (c) + 2), PLAIN_LETTER(p, (c) + 3)
#define PROW(p) P4(p, 0), P4(p, 4), P4(p, 8), P4(p, 12)
static const unsigned char pair_plain[16 * 16] = {
    PROW(0), PROW(1), PROW(2), PROW(3), PROW(4), PROW(5), PROW(6), PROW(7),
    PROW(8), PROW(9), PROW(10), PROW(11), PROW(12), PROW(13), PROW(14), PROW(15),
};

/* The bits set in x (portable; the vector scans use the instruction). */
static unsigned popcount64(unsigned long long x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (unsigned)((x * 0x0101010101010101ULL) >> 56);
}

/* The reference scan: one table lookup per pair, and per block of 32 bytes
 * a bit per plain-letter pair (pair_plain), below them the previous block's
 * bits (none before `from`): the bytes that end LONG_RUN (8) plain letters
 * in a row are the bits left after ANDing the bits with themselves shifted
 * by 1, 2 and 4; likewise a bit per case step (HUMP_PAIR), those after two
 * plain letters being word-length (LONG_HUMPS). Then a pass for the listing
 * separators (W_LISTING). The vector scans below must return exactly what
 * it returns (spec/heuristic_scan_spec.lua). */
static heuristic_units measure_range_scalar(const unsigned char *s, size_t from, size_t to)
{
    heuristic_units a = 0, b = 0;
    unsigned long long prev_bits = 0, long_lanes = 0, humps = 0, long_humps = 0, listing = 0;
    unsigned prev = from > 0 ? byte_class[s[from - 1]] : C_SPACE, before = C_SPACE;
    size_t i = from;
    while (i < to) {
        size_t n = to - i < 32 ? to - i : 32, k;
        unsigned long long bits = 0, hbits = 0, m;
        for (k = 0; k + 2 <= n; k += 2) {
            unsigned c0 = byte_class[s[i + k]], c1 = byte_class[s[i + k + 1]];
            unsigned p0 = prev << 4 | c0, p1 = c0 << 4 | c1;
            a += pair_cost[p0];
            b += pair_cost[p1];
            bits |= (unsigned long long)pair_plain[p0] << k | (unsigned long long)pair_plain[p1] << (k + 1);
            hbits |= (unsigned long long)(p0 == HUMP_PAIR) << k | (unsigned long long)(p1 == HUMP_PAIR) << (k + 1);
            prev = c1;
        }
        if (k < n) {
            unsigned c = byte_class[s[i + k]], pair = prev << 4 | c;
            a += pair_cost[pair];
            bits |= (unsigned long long)pair_plain[pair] << k;
            hbits |= (unsigned long long)(pair == HUMP_PAIR) << k;
            prev = c;
        }
        m = bits << 32 | prev_bits;
        humps += popcount64(hbits);
        long_humps += popcount64(LONG_HUMPS(hbits << 32, m) >> 32);
        m &= m << 1;
        m &= m << 2;
        m &= m << 4;
        long_lanes += popcount64(m >> 32);
        prev_bits = bits;
        i += n;
    }
    /* the listing separators: a tab after a digit, E2 86 after a digit */
    prev = from > 0 ? byte_class[s[from - 1]] : C_SPACE;
    for (i = from; i < to; i++) {
        if (s[i] == '\t' && prev == C_DIGIT)
            listing++;
        else if (s[i] == 0x86 && i > from && s[i - 1] == 0xE2 && before == C_DIGIT)
            listing++;
        before = prev;
        prev = byte_class[s[i]];
    }
    return a + b + LONG_UNITS * long_lanes + HUMP_UNITS * (humps - long_humps) + LISTING_UNITS * listing;
}

/* The vector scans (heuristic_scan.h) give each byte a scan code (S_*, a
 * class renumbered for them) and look its cost up by the code alone:
 * SCAN_FIRST(c) when the byte does not continue the byte before it,
 * SCAN_MORE(c) when it does (same class, or both letters), SCAN_HUMP for
 * an upper after a lower. The check below fails the build if COST ever
 * stops fitting that shape; every value comes from COST, so the tables
 * follow any change of the W_* constants. */
enum scan_code {
    S_CONTROL, /* 0: what pshufb gives for an index >= 0x80 (the delete flag) */
    S_SPACE, S_DIGIT, S_NEWLINE, S_BLANK, S_PUNCT, S_CONT, S_LEAD2, S_LEAD3, S_LEAD4,
    S_LEAD2R, S_LEAD3S, S_LEAD3I,
    S_HUMP = 13, /* scan_more only: an upper after a lower */
    S_LOWER = 14, S_UPPER = 15 /* letters: the codes above 13 */
};
#define SCAN_CODE(c)                                                                       \
    ((c) == C_CONTROL   ? S_CONTROL                                                        \
     : (c) == C_SPACE   ? S_SPACE                                                          \
     : (c) == C_DIGIT   ? S_DIGIT                                                          \
     : (c) == C_NEWLINE ? S_NEWLINE                                                        \
     : (c) == C_BLANK   ? S_BLANK                                                          \
     : (c) == C_PUNCT   ? S_PUNCT                                                          \
     : (c) == C_CONT    ? S_CONT                                                           \
     : (c) == C_LEAD2   ? S_LEAD2                                                          \
     : (c) == C_LEAD3   ? S_LEAD3                                                          \
     : (c) == C_LEAD4   ? S_LEAD4                                                          \
     : (c) == C_LEAD2R  ? S_LEAD2R                                                         \
     : (c) == C_LEAD3S  ? S_LEAD3S                                                         \
     : (c) == C_LEAD3I  ? S_LEAD3I                                                         \
     : (c) == C_LOWER   ? S_LOWER                                                          \
                        : S_UPPER)
/* the class of a code; -1: no class has it */
#define SCAN_CLASS(k)                                                                      \
    ((k) == S_CONTROL   ? C_CONTROL                                                        \
     : (k) == S_SPACE   ? C_SPACE                                                          \
     : (k) == S_DIGIT   ? C_DIGIT                                                          \
     : (k) == S_NEWLINE ? C_NEWLINE                                                        \
     : (k) == S_BLANK   ? C_BLANK                                                          \
     : (k) == S_PUNCT   ? C_PUNCT                                                          \
     : (k) == S_CONT    ? C_CONT                                                           \
     : (k) == S_LEAD2   ? C_LEAD2                                                          \
     : (k) == S_LEAD3   ? C_LEAD3                                                          \
     : (k) == S_LEAD4   ? C_LEAD4                                                          \
     : (k) == S_LEAD2R  ? C_LEAD2R                                                         \
     : (k) == S_LEAD3S  ? C_LEAD3S                                                         \
     : (k) == S_LEAD3I  ? C_LEAD3I                                                         \
     : (k) == S_LOWER   ? C_LOWER                                                          \
     : (k) == S_UPPER   ? C_UPPER                                                          \
                        : -1)
#define SCAN_FIRST(c) COST(C_CONT, c)
#define SCAN_MORE(c) COST(c, c)
#define SCAN_HUMP COST(C_LOWER, C_UPPER)
#define SCAN_REL(p, c) ((p) == (c) || (IS_LETTER(p) && IS_LETTER(c)))
#define SCAN_OK(p, c)                                                                      \
    (COST(p, c) == (!SCAN_REL(p, c)                    ? SCAN_FIRST(c)                    \
                    : (p) == C_LOWER && (c) == C_UPPER ? SCAN_HUMP                        \
                                                       : SCAN_MORE(c))                    \
     && COST(p, c) + LONG_UNITS < 256 * SCAN_GRAIN && SCAN_CLASS(SCAN_CODE(c)) == (c))
#define SCAN_ROW_OK(p)                                                                     \
    (SCAN_OK(p, 0) && SCAN_OK(p, 1) && SCAN_OK(p, 2) && SCAN_OK(p, 3) && SCAN_OK(p, 4)    \
     && SCAN_OK(p, 5) && SCAN_OK(p, 6) && SCAN_OK(p, 7) && SCAN_OK(p, 8) && SCAN_OK(p, 9) \
     && SCAN_OK(p, 10) && SCAN_OK(p, 11) && SCAN_OK(p, 12) && SCAN_OK(p, 13)              \
     && SCAN_OK(p, 14))
/* and the long-run pairs are what the vector scans take them for: a letter
 * that continues a letter and is no case step (an upper after a lower) */
#define SCAN_PLAIN_OK(p, c)                                                                \
    (PLAIN_LETTER(p, c) == (SCAN_REL(p, c) && IS_LETTER(c) && !((p) == C_LOWER && (c) == C_UPPER)))
#define SCAN_PLAIN_ROW_OK(p)                                                               \
    (SCAN_PLAIN_OK(p, 0) && SCAN_PLAIN_OK(p, 1) && SCAN_PLAIN_OK(p, 2) && SCAN_PLAIN_OK(p, 3) \
     && SCAN_PLAIN_OK(p, 4) && SCAN_PLAIN_OK(p, 5) && SCAN_PLAIN_OK(p, 6)                 \
     && SCAN_PLAIN_OK(p, 7) && SCAN_PLAIN_OK(p, 8) && SCAN_PLAIN_OK(p, 9)                 \
     && SCAN_PLAIN_OK(p, 10) && SCAN_PLAIN_OK(p, 11) && SCAN_PLAIN_OK(p, 12)              \
     && SCAN_PLAIN_OK(p, 13) && SCAN_PLAIN_OK(p, 14))
#define SCAN_ALL_OK(row)                                                                   \
    (row(0) && row(1) && row(2) && row(3) && row(4) && row(5) && row(6) && row(7)         \
     && row(8) && row(9) && row(10) && row(11) && row(12) && row(13) && row(14))
typedef char scan_tables_reproduce_every_pair_cost
    [SCAN_ALL_OK(SCAN_ROW_OK) && SCAN_ALL_OK(SCAN_PLAIN_ROW_OK)
     && LONG_RUN == 8 ? 1 : -1];

/* The vector scans: x86 with GCC or clang (target attributes, run-time
 * checks of the CPU); elsewhere the scalar scan. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define SCAN_X86 1

/* The tables (16 entries, twice: one per 16-byte half of a 32-byte
 * vector) by code, in grains (one byte each). */
#define SCAN_TWICE(...) __VA_ARGS__, __VA_ARGS__
#define SCAN_FIRST_OF(k) (SCAN_CLASS(k) < 0 ? 0 : SCAN_FIRST(SCAN_CLASS(k)))
#define SCAN_MORE_OF(k)                                                                    \
    ((k) == S_HUMP ? SCAN_HUMP : SCAN_CLASS(k) < 0 ? 0 : SCAN_MORE(SCAN_CLASS(k)))
#define SCAN_ROW16(f, op)                                                                  \
    f(0) op, f(1) op, f(2) op, f(3) op, f(4) op, f(5) op, f(6) op, f(7) op, f(8) op,       \
        f(9) op, f(10) op, f(11) op, f(12) op, f(13) op, f(14) op, f(15) op
#define SCAN_IN_GRAINS / SCAN_GRAIN
static const unsigned char scan_first[32] = {SCAN_TWICE(SCAN_ROW16(SCAN_FIRST_OF, SCAN_IN_GRAINS))};
static const unsigned char scan_more[32] = {SCAN_TWICE(SCAN_ROW16(SCAN_MORE_OF, SCAN_IN_GRAINS))};
/* 0xFF for the codes a listing separator can have (a tab: S_BLANK; the
 * arrow's lead E2: S_LEAD3S), the lanes the exact test looks at */
#define SCAN_SEP_OF(k) ((k) == S_BLANK || (k) == S_LEAD3S ? 0xFF : 0)
#define SCAN_AS_IS
static const unsigned char scan_sep[32] = {SCAN_TWICE(SCAN_ROW16(SCAN_SEP_OF, SCAN_AS_IS))};
/* the code of a class (of the byte before a range) */
static const unsigned char scan_code_of[CLASS_COUNT] = {
    SCAN_CODE(0), SCAN_CODE(1), SCAN_CODE(2), SCAN_CODE(3), SCAN_CODE(4), SCAN_CODE(5),
    SCAN_CODE(6), SCAN_CODE(7), SCAN_CODE(8), SCAN_CODE(9), SCAN_CODE(10), SCAN_CODE(11),
    SCAN_CODE(12), SCAN_CODE(13), SCAN_CODE(14)};

/* A byte's code from its high nibble h and low nibble l: scan_class[h],
 * unless scan_hflag[h] & scan_lflag[l] sets one of these flags (one at
 * most), which give it scan_over[flag & 15] (pshufb: 0 for the delete flag,
 * S_PUNCT at index 0 for the three flags of punctuation): */
enum {
    F_BLANK = 1,       /* h 0, l 9 B C D: tab, VT, FF, CR */
    F_NEWLINE = 2,     /* h 0, l A */
    F_SPACE = 4,       /* h 2, l 0 */
    F_DIGIT = 8,       /* h 3, l 0-9 */
    F_AT = 16,         /* h 4 6, l 0: @ ` */
    F_BRACKET = 32,    /* h 5 7, l B-E: [ \ ] ^ { | } ~ */
    F_UNDERSCORE = 64, /* h 5, l F */
    F_DELETE = 128     /* h 7, l F */
};
#define SCAN_CLASS_ROW                                                                     \
    S_CONTROL, S_CONTROL, S_PUNCT, S_PUNCT, S_UPPER, S_UPPER, S_LOWER, S_LOWER, S_CONT,    \
        S_CONT, S_CONT, S_CONT, S_LEAD2, S_LEAD2, S_LEAD3, S_LEAD4
#define SCAN_HFLAG_ROW                                                                     \
    F_BLANK | F_NEWLINE, 0, F_SPACE, F_DIGIT, F_AT, F_BRACKET | F_UNDERSCORE, F_AT,        \
        F_BRACKET | F_DELETE, 0, 0, 0, 0, 0, 0, 0, 0
#define SCAN_LFLAG_ROW                                                                     \
    F_SPACE | F_DIGIT | F_AT, F_DIGIT, F_DIGIT, F_DIGIT, F_DIGIT, F_DIGIT, F_DIGIT,        \
        F_DIGIT, F_DIGIT, F_BLANK | F_DIGIT, F_NEWLINE, F_BLANK | F_BRACKET,               \
        F_BLANK | F_BRACKET, F_BLANK | F_BRACKET, F_BRACKET, F_UNDERSCORE | F_DELETE
#define SCAN_OVER_ROW S_PUNCT, S_BLANK, S_NEWLINE, 0, S_SPACE, 0, 0, 0, S_DIGIT, 0, 0, 0, 0, 0, 0, 0
static const unsigned char scan_class[32] = {SCAN_TWICE(SCAN_CLASS_ROW)};
static const unsigned char scan_hflag[32] = {SCAN_TWICE(SCAN_HFLAG_ROW)};
static const unsigned char scan_lflag[32] = {SCAN_TWICE(SCAN_LFLAG_ROW)};
static const unsigned char scan_over[32] = {SCAN_TWICE(SCAN_OVER_ROW)};

/* Lead bytes whose code is not their high nibble's: the step adds
 * scan_lead_d[l] to the code of the bytes with high nibble D (D6-DF:
 * S_LEAD2 -> S_LEAD2R) and scan_lead_e[l] to those with E (E0: S_LEAD3 ->
 * S_LEAD3I, E2: -> S_LEAD3S). */
#define SCAN_LEAD_D_ROW 0, 0, 0, 0, 0, 0, S_LEAD2R - S_LEAD2, S_LEAD2R - S_LEAD2, S_LEAD2R - S_LEAD2, \
    S_LEAD2R - S_LEAD2, S_LEAD2R - S_LEAD2, S_LEAD2R - S_LEAD2, S_LEAD2R - S_LEAD2,        \
    S_LEAD2R - S_LEAD2, S_LEAD2R - S_LEAD2, S_LEAD2R - S_LEAD2
#define SCAN_LEAD_E_ROW S_LEAD3I - S_LEAD3, 0, S_LEAD3S - S_LEAD3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
static const unsigned char scan_lead_d[32] = {SCAN_TWICE(SCAN_LEAD_D_ROW)};
static const unsigned char scan_lead_e[32] = {SCAN_TWICE(SCAN_LEAD_E_ROW)};
typedef char scan_lead_codes_match_the_classes
    [SCAN_CODE(CLASS_OF(0xD5)) == S_LEAD2 && SCAN_CODE(CLASS_OF(0xD6)) == S_LEAD2R
     && SCAN_CODE(CLASS_OF(0xDF)) == S_LEAD2R && SCAN_CODE(CLASS_OF(0xE0)) == S_LEAD3I
     && SCAN_CODE(CLASS_OF(0xE1)) == S_LEAD3 && SCAN_CODE(CLASS_OF(0xE2)) == S_LEAD3S
     && SCAN_CODE(CLASS_OF(0xE3)) == S_LEAD3 && SCAN_CODE(CLASS_OF(0xEF)) == S_LEAD3 ? 1 : -1];

/* lanes k.. of scan_kill + 32 - k have the kill bit (the padding of the
 * last, partial vector) */
static const unsigned char scan_kill[64] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80};

/* a byte value as the char _set1_ takes */
#define I8(v) ((char)((((v) & 0xFF) ^ 0x80) - 0x80))

#include <immintrin.h>

#define SCAN_POPCOUNT(x) __builtin_popcountll(x)

#define SCAN_(name) scan_ssse3_##name
#define SCAN_ATTR __attribute__((target("ssse3,popcnt")))
#define V __m128i
#define VW 16
#define V_LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_TABLE(p) V_LOADU(p)
#define V_SET1(c) _mm_set1_epi8(c)
#define V_ZERO _mm_setzero_si128()
#define V_ADD _mm_add_epi8
#define V_AND _mm_and_si128
#define V_OR _mm_or_si128
#define V_ANDNOT _mm_andnot_si128
#define V_EQ _mm_cmpeq_epi8
#define V_GT _mm_cmpgt_epi8
#define V_SRL16 _mm_srli_epi16
#define V_SHUF _mm_shuffle_epi8
#define V_PREV(c, p) _mm_alignr_epi8((c), (p), 15)
#define V_MOVEMASK _mm_movemask_epi8
#define V_SAD(v) _mm_sad_epu8((v), _mm_setzero_si128())
#define V_ADD64 _mm_add_epi64
#define V_HSUM scan_ssse3_hsum
SCAN_ATTR static inline heuristic_units scan_ssse3_hsum(__m128i v)
{
    unsigned long long out;
    _mm_storel_epi64((__m128i *)(void *)&out, _mm_add_epi64(v, _mm_unpackhi_epi64(v, v)));
    return out;
}
#include "heuristic_scan.h"

#define SCAN_(name) scan_avx2_##name
#define SCAN_ATTR __attribute__((target("avx2,popcnt")))
#define V __m256i
#define VW 32
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_TABLE(p) V_LOADU(p)
#define V_SET1(c) _mm256_set1_epi8(c)
#define V_ZERO _mm256_setzero_si256()
#define V_ADD _mm256_add_epi8
#define V_AND _mm256_and_si256
#define V_OR _mm256_or_si256
#define V_ANDNOT _mm256_andnot_si256
#define V_EQ _mm256_cmpeq_epi8
#define V_GT _mm256_cmpgt_epi8
#define V_SRL16 _mm256_srli_epi16
#define V_SHUF _mm256_shuffle_epi8
#define V_PREV(c, p) _mm256_alignr_epi8((c), _mm256_permute2x128_si256((p), (c), 0x21), 15)
#define V_MOVEMASK _mm256_movemask_epi8
#define V_SAD(v) _mm256_sad_epu8((v), _mm256_setzero_si256())
#define V_ADD64 _mm256_add_epi64
#define V_HSUM scan_avx2_hsum
SCAN_ATTR static inline heuristic_units scan_avx2_hsum(__m256i v)
{
    __m128i h = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    unsigned long long out;
    _mm_storel_epi64((__m128i *)(void *)&out, _mm_add_epi64(h, _mm_unpackhi_epi64(h, h)));
    return out;
}
#include "heuristic_scan.h"
#endif

/* The implementations a caller can pick (compact.core.heuristic_scan). */
enum scan_impl { IMPL_BEST, IMPL_SCALAR, IMPL_SSSE3, IMPL_AVX2 };

static int scan_available(enum scan_impl impl)
{
    switch (impl) {
#if defined(SCAN_X86)
    case IMPL_AVX2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
    case IMPL_SSSE3:
        return __builtin_cpu_supports("ssse3") && __builtin_cpu_supports("popcnt");
#endif
    case IMPL_BEST:
    case IMPL_SCALAR:
        return 1;
    default:
        return 0;
    }
}

/* Cost of s[from..to) by one implementation, the byte before `from` giving
 * the first pair. A vector scan is used for ranges of its width or more. */
static heuristic_units measure_range_with(enum scan_impl impl, const unsigned char *s, size_t from,
                                          size_t to)
{
#if defined(SCAN_X86)
    if (to - from >= 32 && (impl == IMPL_AVX2 || impl == IMPL_BEST) && scan_available(IMPL_AVX2))
        return scan_avx2_range(s, from, to);
    if (to - from >= 16 && impl != IMPL_SCALAR && scan_available(IMPL_SSSE3))
        return scan_ssse3_range(s, from, to);
#else
    (void)impl;
#endif
    return measure_range_scalar(s, from, to);
}

/* Cost of s[from..to): the fastest scan this CPU runs. */
static heuristic_units measure_range(const unsigned char *s, size_t from, size_t to)
{
    return measure_range_with(IMPL_BEST, s, from, to);
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
        size_t step = start / HEURISTIC_SEGMENTS;
        size_t end = len - start > step ? start + step : len;
        if (end - start <= HEURISTIC_WINDOW_BYTES) {
            units += measure_range(s, start, end);
        } else {
            heuristic_units cost = measure_range(s, start, start + HEURISTIC_WINDOW_BYTES);
            units += cost * (end - start) / HEURISTIC_WINDOW_BYTES;
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

/* compact.core.heuristic_scan(s, impl [, i [, j]]) -> units, or nil when
 * this build or CPU lacks impl. Internal, for the specs and the benchmark:
 * the full-read measure of s:sub(i, j) (the byte before i, if any, giving
 * the first pair) by one implementation: "scalar" (the reference), "ssse3",
 * "avx2", or "best" (what heuristic_measure uses). The vector scans need
 * 16 or 32 bytes up to j: on fewer, "ssse3" and "avx2" fall back to the
 * narrower scan, then to the reference, as "best" does. */
static int lua_heuristic_scan(lua_State *L)
{
    static const char *const names[] = {"best", "scalar", "ssse3", "avx2", NULL};
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    enum scan_impl impl = (enum scan_impl)luaL_checkoption(L, 2, NULL, names);
    lua_Integer i = luaL_optinteger(L, 3, 1), j = luaL_optinteger(L, 4, (lua_Integer)len);
    luaL_argcheck(L, i >= 1 && (size_t)(i - 1) <= len, 3, "out of range");
    luaL_argcheck(L, j >= i - 1 && (size_t)j <= len, 4, "out of range");
    if (!scan_available(impl)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushnumber(L, (lua_Number)measure_range_with(impl, (const unsigned char *)s, (size_t)(i - 1),
                                                     (size_t)j));
    return 1;
}

int luaopen_compact_core_heuristic(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"heuristic_measure", lua_heuristic_measure},
        {"heuristic_scan", lua_heuristic_scan},
        {NULL, NULL},
    };
    luaL_newlib(L, functions);
    return 1;
}
