/* json.h: the JSON codec every part of compact uses (state files, provider
 * request bodies, streamed events).
 *
 * Why not lua-cjson: Debian's 2.1.0 turns every number into a float printed
 * with 14 digits and cannot sort keys, and state files must round-trip
 * losslessly and deterministically.
 *
 *   json_encode(value [, opts]) -> text | nil, err
 *     object keys sorted bytewise as written (a key's invalid UTF-8 read
 *     as U+FFFD, as the decoder reads it back); integers stay integers (floats keep a
 *     ".0" on Lua 5.3+ so they decode as floats again); a table whose keys
 *     are exactly 1..n is an array; an empty table is "{}" unless it carries
 *     json_array_mt or is the value of a key listed in the set opts.array_keys.
 *     json_null encodes null. Cycles, mixed tables, non-string keys,
 *     functions, NaN and infinities are errors naming the path (with
 *     opts.lossy, functions, userdata, threads, NaN and infinities are
 *     written as null instead). The output
 *     is always valid UTF-8: each invalid sequence in a string becomes
 *     U+FFFD (maximal subpart, as WHATWG decoders do), for provider
 *     requests and state files alike; valid UTF-8 is copied byte for byte,
 *     so only valid UTF-8 round-trips losslessly.
 *   json_decode(text [, opts]) -> value | nil, err
 *     integers stay integers ("-0" is the float -0.0: the integer 0 has no
 *     sign); null is json_null inside arrays and omitted inside objects,
 *     except anywhere inside the value of a key in the set opts.null_keys
 *     (tool arguments: a null argument is an argument) or everywhere with
 *     opts.keep_nulls; empty arrays get
 *     json_array_mt; a lone surrogate
 *     escape (\uD800) becomes U+FFFD; invalid UTF-8 in an object key
 *     becomes U+FFFD (keys then sort the same after a round trip), string
 *     values keep their bytes (a streamed delta may end mid-character); errors name the byte offset, line
 *     and column.
 *
 * json_encode.c and json_decode.c are the two halves; this header holds what
 * they share. */
#ifndef COMPACT_JSON_H
#define COMPACT_JSON_H

#include <stdint.h>
#include <string.h>
#include "compat.h"

#define JSON_ARRAY_MT "compact.json_array"
#define JSON_MAX_DEPTH 512
/* Table visits one encode may make: a guard against shared subtables that
 * expand exponentially (cycles are refused separately). 2^27 visits are
 * about 1 GB of output; a 333k-message state makes about 1.5 million. */
#define JSON_MAX_TABLES 134217728L

/* null is the NULL light userdata (as in lua-cjson, so cjson.null encodes
 * as null too). */
static inline int json_is_null(lua_State *L, int index)
{
    return lua_type(L, index) == LUA_TLIGHTUSERDATA && lua_touserdata(L, index) == NULL;
}

/* Push the metatable that marks empty tables as JSON arrays. */
/* Push the C function `f`, kept in the registry under `key` when the
 * module opened: pushing a C function allocates on 5.1 and LuaJIT, where
 * the collection step that may run could raise (a finalizer) outside the
 * protected call that follows. Falls back to pushing it anew. */
static inline void json_push_registered(lua_State *L, const char *key, lua_CFunction f)
{
    lua_getfield(L, LUA_REGISTRYINDEX, key);
    if (lua_type(L, -1) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        lua_pushcfunction(L, f);
    }
}

static inline void json_push_array_mt(lua_State *L)
{
    if (luaL_newmetatable(L, JSON_ARRAY_MT)) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "__jsontype_array");
    }
}

/* Length of the valid UTF-8 sequence at s[0] (a byte >= 0x80), or 0 with
 * *bad set to the length of its maximal invalid subpart (Unicode 3.9,
 * table 3-7: the lead byte and the continuation bytes that could still
 * have completed it). */
static inline size_t json_utf8_sequence(const unsigned char *s, size_t n, size_t *bad)
{
    unsigned char c = s[0], low = 0x80, high = 0xBF;
    size_t need, k;
    if (c >= 0xC2 && c <= 0xDF)
        need = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        need = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        need = 4;
    else {
        *bad = 1;
        return 0;
    }
    if (c == 0xE0)
        low = 0xA0;
    else if (c == 0xED)
        high = 0x9F;
    else if (c == 0xF0)
        low = 0x90;
    else if (c == 0xF4)
        high = 0x8F;
    for (k = 1; k < need; k++) {
        if (k >= n || s[k] < low || s[k] > high) {
            *bad = k;
            return 0;
        }
        low = 0x80;
        high = 0xBF;
    }
    return need;
}

/* The length of the run at s[0..n) of bytes a JSON string passes through
 * untouched: not '"', '\\' or a control character, and, with `ascii_only`,
 * below 0x80. Eight bytes at a time (SWAR): the masks may flag a byte above
 * a real hit, never miss one, and the lowest flagged byte is always a real
 * hit, so on little-endian machines the run ends there; elsewhere a
 * flagged word is finished bytewise. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define JSON_FIRST_FLAGGED(mask) ((size_t)__builtin_ctzll(mask) >> 3)
#endif

/* The flags (0x80 in each byte) of json_plain_run for the word w. */
static inline uint64_t json_special_bytes(uint64_t w, int ascii_only)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    uint64_t quote = w ^ (ones * '"'), backslash = w ^ (ones * '\\');
    uint64_t hit = ((w - ones * 0x20) & ~w) | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash);
    return (hit | (ascii_only ? w : 0)) & highs;
}

static inline size_t json_plain_run(const unsigned char *s, size_t n, int ascii_only)
{
    size_t i = 0;
    while (n - i >= 8) {
        uint64_t w, hit;
        memcpy(&w, s + i, 8);
        hit = json_special_bytes(w, ascii_only);
        if (hit != 0) {
#ifdef JSON_FIRST_FLAGGED
            return i + JSON_FIRST_FLAGGED(hit);
#else
            break;
#endif
        }
        i += 8;
    }
    while (i < n) {
        unsigned char c = s[i];
        if (c < 0x20 || c == '"' || c == '\\' || (ascii_only && c >= 0x80))
            break;
        i++;
    }
    return i;
}

/* Encode the value at `value` (opts at `opts`, 0 for none) as json_encode
 * does; returns 1 with the text pushed, or 0 with the error message pushed.
 * Never raises. */
COMPACT_INTERNAL int json_encode_value(lua_State *L, int value, int opts);

#endif
