/* heuristic.h: the content-aware text measure behind compact.heuristic().
 *
 * A text is read the way BPE pre-tokenizers split it: every byte gets a
 * class (lower/upper letter, digit, space, newline, other white space,
 * punctuation, control, UTF-8 lead of a 2/3/4-byte character, UTF-8
 * continuation) and every (previous class, class) pair has a fixed cost:
 * a word start costs about a token, each further letter a little, a
 * lower-to-upper step (camelCase, base64) most of a token, digits a third of
 * a token each, a run of punctuation a token plus a part per symbol, a CJK
 * character about a token, and so on. The cost of a text is the sum over its
 * bytes, so appending text can never lower it, and it depends on nothing but
 * the bytes, so it is deterministic.
 *
 * Costs are in fixed point (HEURISTIC_UNIT units per token) so that the
 * measures of many strings add up before one rounding per message.
 *
 * Strings up to HEURISTIC_FULL_BYTES (64 KiB) are read whole. Beyond, work
 * per string is bounded: the rest is cut into segments that grow
 * geometrically (each 1/HEURISTIC_SEGMENTS of the offset it starts at), and
 * of each segment only a window at its start is read
 * (HEURISTIC_WINDOW_BYTES), its cost scaled to the segment's length: many
 * small windows, so content that changes every few KB is still seen.
 * Segment boundaries depend only on the offset, so a longer string keeps
 * every window of a shorter prefix: the measure stays monotonic. 1 MB costs
 * 192 KB of reading, 100 MB about 420 KB. What sampling costs in accuracy
 * is measured by bench/heuristic.lua (mixed content, 96 KB to 4 MB).
 *
 * The bytes are read 16 or 32 at a time where the CPU has SSSE3 or AVX2
 * (heuristic_scan.h), with exactly the scalar reference's result. */
#ifndef COMPACT_HEURISTIC_H
#define COMPACT_HEURISTIC_H

#include <stddef.h>

typedef unsigned long long heuristic_units;

#define HEURISTIC_UNIT 1024

/* Fixed costs in tokens, beyond the text the messages carry (fitted on a
 * real Claude session together with the text costs in heuristic.c). */
#define HEURISTIC_MESSAGE_TOKENS 2     /* role and turn framing, per message */
#define HEURISTIC_BLOCK_TOKENS 2       /* per content block */
#define HEURISTIC_TOOL_CALL_TOKENS 28  /* tool_use wrapper and its id */
#define HEURISTIC_TOOL_RESULT_TOKENS 28 /* tool_result wrapper and its id */
#define HEURISTIC_IMAGE_TOKENS 1200    /* a typical ~1 megapixel screenshot */
#define HEURISTIC_TOOL_DEF_TOKENS 8    /* per tool definition */

/* JSON structure of tool arguments and schemas, per key and per value. */
#define HEURISTIC_JSON_KEY_UNITS (2 * HEURISTIC_UNIT)
#define HEURISTIC_JSON_VALUE_UNITS (HEURISTIC_UNIT)

/* Sampling of long strings (see above). */
#define HEURISTIC_FULL_BYTES 65536
#define HEURISTIC_SEGMENTS 256
#define HEURISTIC_WINDOW_BYTES 128

/* The two functions below are the core's only non-static C functions
 * besides luaopen_*: estimate.c and plan.c share them through message.h.
 * They are hidden from the module's exported symbols. */
#if defined(__GNUC__)
#define HEURISTIC_API __attribute__((visibility("hidden")))
#else
#define HEURISTIC_API
#endif

/* The measure of s[0..len), read with the bounded sampling above. */
HEURISTIC_API heuristic_units heuristic_measure(const char *s, size_t len);

/* The same measure reading every byte (for measuring what sampling costs). */
HEURISTIC_API heuristic_units heuristic_measure_full(const char *s, size_t len);

/* Whole tokens for a measure: rounded up. */
static inline long long heuristic_tokens(heuristic_units units)
{
    return (long long)((units + HEURISTIC_UNIT - 1) / HEURISTIC_UNIT);
}

#endif
