/* heuristic_scan.h: the vector scan behind measure_range (heuristic.c),
 * written once and included once per instruction set. The includer
 * defines:
 *   SCAN_(name)   the prefix of this copy's names (scan_avx2_range, ...)
 *   SCAN_ATTR     attributes of its functions (the target ISA)
 *   V, VW         the vector type and its width in bytes (16 or 32)
 *   V_LOADU(p)    VW bytes from p; V_TABLE(p): a table (16 entries per 16 lanes)
 *   V_SET1(c) V_ZERO V_ADD V_AND V_OR V_ANDNOT(a, b) (~a & b)
 *   V_EQ V_GT     byte compares (signed), 0xFF where true
 *   V_SRL16(v, k) each 16-bit lane shifted right by k bits
 *   V_SHUF(t, i)  byte i & 15 of the table t per lane, 0 where i >= 0x80
 *   V_PREV(c, p)  c one lane later, lane 0 taken from p's last lane
 *   V_MOVEMASK(v)  the top bits of the bytes, as an int
 *   V_SAD(v)      the sums of each 8 bytes, in 64-bit lanes; V_ADD64
 *   V_HSUM(v)     the sum of the 64-bit lanes
 * and, from heuristic.c, the tables scan_*, the S_* codes and I8(). It
 * undefines them all at its end, ready for the next instruction set.
 *
 * A step gives each of VW bytes x its scan code (S_*: its byte_class
 * renumbered, from lookups by the high and the low nibble and an override
 * for the bytes the high nibble does not decide, then the lead bytes D6-DF,
 * E0 and E2 moved to their own codes), takes the code of the byte before
 * each, and looks the byte's cost up: from scan_first when the byte does
 * not continue the one before it, from scan_more when it does (same class,
 * or both letters; scan_more[S_HUMP]: an upper after a lower), in grains
 * (SCAN_GRAIN units, one byte), summed with V_SAD. The long-run
 * cost: q has a bit per lane for the plain letters (continuing a letter,
 * no case step), below it the previous step's bits (none before the
 * range); ANDed with itself shifted by 1, 2 and 4 it keeps the lanes that
 * end 8 plain letters in a row, each adding LONG_UNITS (counted in
 * general-purpose registers, beside the vector work). So are the case
 * steps after fewer than 3 letters (a hump lane not preceded by two plain
 * lanes: HUMP_UNITS each) and the listing separators (a lane whose code
 * may be one, S_BLANK or S_LEAD3S, after a digit; then the exact bytes: a
 * tab, or E2 with 86 in the next lane, the E2 of the last lane carried in
 * `arrow`: LISTING_UNITS each).
 * Killed lanes (index bit 0x80) cost 0: the padding of the last vector. */

#define SCAN_STEP(x, kill)                                                                 \
    do {                                                                                   \
        V h = V_AND(V_SRL16((x), 4), V_SET1(15));                                          \
        V f = V_AND(V_SHUF(t_hflag, h), V_SHUF(t_lflag, (x)));                             \
        V c = V_OR(V_AND(V_EQ(f, V_ZERO), V_SHUF(t_class, h)),                             \
                   V_ANDNOT(V_EQ(f, V_ZERO), V_SHUF(t_over, f)));                          \
        if (V_MOVEMASK(x)) { /* not all ASCII: the lead bytes of their own codes */        \
            V l = V_AND((x), V_SET1(15));                                                  \
            c = V_ADD(c, V_OR(V_AND(V_EQ(h, V_SET1(13)), V_SHUF(t_lead_d, l)),             \
                              V_AND(V_EQ(h, V_SET1(14)), V_SHUF(t_lead_e, l))));           \
        }                                                                                  \
        {                                                                                  \
            V cp = V_PREV(c, prev);                                                     \
            V letter = V_GT(c, V_SET1(13));                                                \
            V rel = V_OR(V_EQ(c, cp), V_AND(letter, V_GT(cp, V_SET1(13))));                \
            V hump = V_AND(V_EQ(c, V_SET1(S_UPPER)), V_EQ(cp, V_SET1(S_LOWER)));           \
            V first = V_OR(V_OR(c, V_AND(rel, V_SET1(I8(0x80)))), (kill));                 \
            V more = V_OR(V_ADD(c, V_AND(hump, V_SET1(S_HUMP - S_UPPER))),                 \
                          V_OR(V_ANDNOT(rel, V_SET1(I8(0x80))), (kill)));                  \
            unsigned long long q = (unsigned long long)(unsigned)V_MOVEMASK(               \
                V_ANDNOT(hump, V_AND(rel, letter)));                                       \
            unsigned long long m = q << VW | prev_q;                                       \
            m &= m << 1;                                                                   \
            m &= m << 2;                                                                   \
            m &= m << 4;                                                                   \
            long_lanes += (unsigned)SCAN_POPCOUNT(m >> VW);                                \
            {                                                                              \
                unsigned long long hb = (unsigned long long)(unsigned)V_MOVEMASK(hump);    \
                unsigned long long d = (unsigned long long)(unsigned)V_MOVEMASK(           \
                    V_AND(V_SHUF(t_sep, c), V_EQ(cp, V_SET1(S_DIGIT))));                   \
                short_humps += (unsigned)SCAN_POPCOUNT(                                    \
                    hb & ~(LONG_HUMPS(hb << VW, q << VW | prev_q) >> VW));                 \
                if (d | arrow) { /* a blank or an E2 lead after a digit: the exact test */ \
                    unsigned long long t = d & (unsigned)V_MOVEMASK(V_EQ((x), V_SET1('\t'))); \
                    unsigned long long e = d & (unsigned)V_MOVEMASK(V_EQ((x), V_SET1(I8(0xE2)))); \
                    listing += (unsigned)SCAN_POPCOUNT(                                    \
                        t | ((e << 1 | arrow)                                              \
                             & (unsigned)V_MOVEMASK(V_EQ((x), V_SET1(I8(0x86))))));        \
                    arrow = e >> (VW - 1);                                                 \
                }                                                                          \
            }                                                                              \
            sum = V_ADD64(sum, V_SAD(V_OR(V_SHUF(t_first, first), V_SHUF(t_more, more)))); \
            prev = c, prev_q = q;                                                          \
        }                                                                                  \
    } while (0)

/* Cost of s[from..to), to - from >= 1, the byte before `from` (a space at
 * the string's start) giving the first pair. The last, partial vector is
 * read from a copy padded with zeros, its padding lanes killed. */
static SCAN_ATTR heuristic_units SCAN_(range)(const unsigned char *s, size_t from, size_t to)
{
    V t_class = V_TABLE(scan_class), t_hflag = V_TABLE(scan_hflag), t_lflag = V_TABLE(scan_lflag);
    V t_over = V_TABLE(scan_over), t_lead_d = V_TABLE(scan_lead_d), t_lead_e = V_TABLE(scan_lead_e);
    V t_first = V_TABLE(scan_first), t_more = V_TABLE(scan_more), t_sep = V_TABLE(scan_sep);
    V prev = V_SET1((char)scan_code_of[from > 0 ? byte_class[s[from - 1]] : C_SPACE]);
    unsigned long long prev_q = 0, long_lanes = 0, short_humps = 0, listing = 0, arrow = 0;
    V sum = V_ZERO;
    size_t i = from;
    for (; to - i >= VW; i += VW) {
        V x = V_LOADU(s + i);
        SCAN_STEP(x, V_ZERO);
    }
    if (i < to) {
        unsigned char pad[VW] = {0};
        V x;
        memcpy(pad, s + i, to - i);
        x = V_LOADU(pad);
        SCAN_STEP(x, V_LOADU(scan_kill + 32 - (to - i)));
    }
    return SCAN_GRAIN * V_HSUM(sum) + LONG_UNITS * long_lanes + HUMP_UNITS * short_humps
           + LISTING_UNITS * listing;
}

#undef SCAN_STEP
#undef SCAN_
#undef SCAN_ATTR
#undef V
#undef VW
#undef V_LOADU
#undef V_TABLE
#undef V_SET1
#undef V_ZERO
#undef V_ADD
#undef V_AND
#undef V_OR
#undef V_ANDNOT
#undef V_EQ
#undef V_GT
#undef V_SRL16
#undef V_SHUF
#undef V_PREV
#undef V_SAD
#undef V_MOVEMASK
#undef V_ADD64
#undef V_HSUM
