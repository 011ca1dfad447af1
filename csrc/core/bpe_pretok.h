/* bpe_pretok.h: the pre-tokenizers of o200k_base and cl100k_base, written
 * out by hand (no regex engine). Included by bpe.c only.
 *
 * Each function returns the end of the piece that starts at `i`, exactly
 * where tiktoken's regex (leftmost-first alternation with backtracking)
 * ends its match there:
 *
 * cl100k_base:
 *   (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
 *   ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
 * o200k_base:
 *   [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|...)?|
 *   [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|...)?|
 *   \p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
 *
 * A byte that does not start a valid UTF-8 sequence (overlong, surrogate,
 * past U+10FFFF, truncated) is one character of class "other", so invalid
 * UTF-8 is split like punctuation and never fails. */
#ifndef COMPACT_BPE_PRETOK_H
#define COMPACT_BPE_PRETOK_H

#include <stddef.h>
#include "bpe_unicode.h"

#define BPE_BIT(c) (1u << (c))
#define BPE_SET_L (BPE_BIT(BPE_LU) | BPE_BIT(BPE_LT) | BPE_BIT(BPE_LL) | BPE_BIT(BPE_LM) | BPE_BIT(BPE_LO))
/* [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}] and [\p{Ll}\p{Lm}\p{Lo}\p{M}] */
#define BPE_SET_UP (BPE_BIT(BPE_LU) | BPE_BIT(BPE_LT) | BPE_BIT(BPE_LM) | BPE_BIT(BPE_LO) | BPE_BIT(BPE_M))
#define BPE_SET_LOW (BPE_BIT(BPE_LL) | BPE_BIT(BPE_LM) | BPE_BIT(BPE_LO) | BPE_BIT(BPE_M))
#define BPE_CLASS_SLOTS 0x20000u
#if defined(__GNUC__)
#define BPE_INLINE inline __attribute__((always_inline))
#else
#define BPE_INLINE inline
#endif

/* One decoded character: its class, its byte length and whether it is CR
 * or LF (which several rules single out). */
typedef struct bpe_char {
    unsigned cls;
    unsigned len;
    int crlf;
} bpe_char;

/* Classes of U+0000..U+1FFFF, filled from bpe_ranges by bpe_classes_init;
 * higher code points take a binary search. */
static unsigned char bpe_class_table[BPE_CLASS_SLOTS];
static int bpe_class_ready;

static void bpe_classes_init(void)
{
    size_t r;
    unsigned cp;
    if (bpe_class_ready)
        return;
    for (r = 0; r < sizeof bpe_ranges / sizeof bpe_ranges[0]; r++)
        for (cp = bpe_ranges[r].first; cp <= bpe_ranges[r].last && cp < BPE_CLASS_SLOTS; cp++)
            bpe_class_table[cp] = bpe_ranges[r].cls;
    bpe_class_ready = 1;
}

static unsigned bpe_class_of(unsigned cp)
{
    size_t lo = 0, hi = sizeof bpe_ranges / sizeof bpe_ranges[0];
    if (cp < BPE_CLASS_SLOTS)
        return bpe_class_table[cp];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (bpe_ranges[mid].last < cp)
            lo = mid + 1;
        else if (bpe_ranges[mid].first > cp)
            hi = mid;
        else
            return bpe_ranges[mid].cls;
    }
    return BPE_OTHER;
}

/* Decode the multi-byte (or invalid) character at s[i]. */
static bpe_char bpe_at_multi(const unsigned char *s, size_t n, size_t i)
{
    bpe_char c;
    unsigned b = s[i], cp, need, k;
    c.crlf = 0;
    c.cls = BPE_OTHER;
    c.len = 1;
    if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
        cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        cp = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        cp = b & 0x07;
    } else {
        return c;
    }
    if (n - i <= need)
        return c;
    for (k = 1; k <= need; k++) {
        unsigned t = s[i + k];
        if ((t & 0xC0) != 0x80)
            return c;
        cp = (cp << 6) | (t & 0x3F);
    }
    if ((need == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (need == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
        return c;
    c.cls = bpe_class_of(cp);
    c.len = need + 1;
    return c;
}

/* Decode the character at s[i] (i < n); ASCII stays inline. */
static BPE_INLINE bpe_char bpe_at(const unsigned char *s, size_t n, size_t i)
{
    bpe_char c;
    unsigned b = s[i];
    if (b >= 0x80)
        return bpe_at_multi(s, n, i);
    c.cls = bpe_class_table[b];
    c.len = 1;
    c.crlf = (b == '\r' || b == '\n');
    return c;
}

static BPE_INLINE int bpe_in(bpe_char c, unsigned set)
{
    return (BPE_BIT(c.cls) & set) != 0;
}

/* [^\r\n\p{L}\p{N}] */
static BPE_INLINE int bpe_is_prefix(bpe_char c)
{
    return !c.crlf && !bpe_in(c, BPE_SET_L | BPE_BIT(BPE_N));
}

/* [^\s\p{L}\p{N}] */
static BPE_INLINE int bpe_is_punct(bpe_char c)
{
    return !bpe_in(c, BPE_SET_L | BPE_BIT(BPE_N) | BPE_BIT(BPE_WS));
}

/* End of the run of characters in `set` starting at i. */
static size_t bpe_run(const unsigned char *s, size_t n, size_t i, unsigned set)
{
    while (i < n) {
        bpe_char c = bpe_at(s, n, i);
        if (!bpe_in(c, set))
            break;
        i += c.len;
    }
    return i;
}

/* (?i:'s|'t|'re|'ve|'m|'ll|'d) at i: the end, or i when it does not match.
 * Case folding makes U+017F (long s) match 's' too. */
static size_t bpe_contraction(const unsigned char *s, size_t n, size_t i)
{
    unsigned a, b;
    if (i + 1 >= n || s[i] != '\'')
        return i;
    a = s[i + 1] | 0x20;
    if (a == 's' || a == 't' || a == 'm' || a == 'd')
        return i + 2;
    if (s[i + 1] == 0xC5 && i + 2 < n && s[i + 2] == 0xBF)
        return i + 3;
    if (i + 2 >= n)
        return i;
    b = s[i + 2] | 0x20;
    if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l'))
        return i + 3;
    return i;
}

/* o200k [UP]*[LOW]+ from i: the end, or 0 when it does not match. */
static size_t bpe_o200k_word1(const unsigned char *s, size_t n, size_t i)
{
    size_t last_low = 0;
    while (i < n) {
        bpe_char c = bpe_at(s, n, i);
        if (!bpe_in(c, BPE_SET_UP)) {
            if (bpe_in(c, BPE_SET_LOW))
                return bpe_run(s, n, i, BPE_SET_LOW);
            break;
        }
        i += c.len;
        if (bpe_in(c, BPE_SET_LOW))
            last_low = i;
    }
    /* backtracking: [LOW]+ takes the last UP character that is also LOW */
    return last_low;
}

/* o200k [UP]+[LOW]* from i: the end, or 0 when it does not match. */
static size_t bpe_o200k_word2(const unsigned char *s, size_t n, size_t i)
{
    size_t j = bpe_run(s, n, i, BPE_SET_UP);
    if (j == i)
        return 0;
    return bpe_run(s, n, j, BPE_SET_LOW);
}

/* \s*[\r\n]+ | \s+(?!\S) | \s+ at a white-space character i. */
static size_t bpe_space(const unsigned char *s, size_t n, size_t i)
{
    size_t j = i, last = i, after_newline = 0;
    while (j < n) {
        bpe_char c = bpe_at(s, n, j);
        if (c.cls != BPE_WS)
            break;
        last = j;
        j += c.len;
        if (c.crlf)
            after_newline = j;
    }
    if (after_newline)
        return after_newline;
    if (j == n || last == i)
        return j;
    return last;
}

/* ' ?[^\s\p{L}\p{N}]+[\r\n]*' (with '/' in the tail for o200k), or 0. */
static size_t bpe_punct(const unsigned char *s, size_t n, size_t i, bpe_char c0, int o200k)
{
    size_t j = i;
    if (!bpe_is_punct(c0)) {
        if (s[i] != ' ' || i + 1 >= n || !bpe_is_punct(bpe_at(s, n, i + 1)))
            return 0;
        j = i + 1;
    }
    while (j < n) {
        bpe_char c = bpe_at(s, n, j);
        if (!bpe_is_punct(c))
            break;
        j += c.len;
    }
    while (j < n && (s[j] == '\r' || s[j] == '\n' || (o200k && s[j] == '/')))
        j++;
    return j;
}

/* \p{N}{1,3} at a number i. */
static size_t bpe_digits(const unsigned char *s, size_t n, size_t i)
{
    int k;
    for (k = 0; k < 3 && i < n; k++) {
        bpe_char c = bpe_at(s, n, i);
        if (c.cls != BPE_N)
            break;
        i += c.len;
    }
    return i;
}

/* The alternatives both patterns share after their word rules. */
static size_t bpe_rest(const unsigned char *s, size_t n, size_t i, bpe_char c0, int o200k)
{
    size_t e;
    if (c0.cls == BPE_N)
        return bpe_digits(s, n, i);
    e = bpe_punct(s, n, i, c0, o200k);
    if (e)
        return e;
    if (c0.cls == BPE_WS)
        return bpe_space(s, n, i);
    return i + c0.len; /* not reached: every class is covered above */
}

static size_t bpe_next_o200k(const unsigned char *s, size_t n, size_t i)
{
    bpe_char c0 = bpe_at(s, n, i);
    int prefix = bpe_is_prefix(c0);
    size_t e = 0;
    if (prefix && i + c0.len < n)
        e = bpe_o200k_word1(s, n, i + c0.len);
    if (!e && bpe_in(c0, BPE_SET_UP | BPE_SET_LOW))
        e = bpe_o200k_word1(s, n, i);
    if (!e && prefix && i + c0.len < n)
        e = bpe_o200k_word2(s, n, i + c0.len);
    if (!e && bpe_in(c0, BPE_SET_UP))
        e = bpe_o200k_word2(s, n, i);
    if (e)
        return bpe_contraction(s, n, e);
    return bpe_rest(s, n, i, c0, 1);
}

static size_t bpe_next_cl100k(const unsigned char *s, size_t n, size_t i)
{
    bpe_char c0 = bpe_at(s, n, i);
    size_t e = bpe_contraction(s, n, i);
    if (e != i)
        return e;
    if (bpe_is_prefix(c0) && i + c0.len < n) {
        e = bpe_run(s, n, i + c0.len, BPE_SET_L);
        if (e != i + c0.len)
            return e;
    }
    if (bpe_in(c0, BPE_SET_L))
        return bpe_run(s, n, i, BPE_SET_L);
    return bpe_rest(s, n, i, c0, 0);
}

#endif
