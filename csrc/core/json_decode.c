/* json_decode.c: the decoding half of compact's JSON codec (see json.h). */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "json.h"
#include "parts.h"

typedef struct decoder {
    lua_State *L;
    const char *text;
    const char *at;
    const char *end;
    buffer *scratch; /* NULL until a string with escapes or a long number */
    int depth;
    int null_keys;  /* stack index of opts.null_keys (a set of key names), or 0 */
    int keep_nulls; /* > 0 inside the value of such a key: null members kept */
} decoder;

/* The scratch buffer, emptied; made on first use (most documents never need
 * it, and a box per document costs a finalizer). Its box goes to stack
 * slot 2, kept free for it, below the values being built. */
static buffer *scratch(decoder *dec)
{
    if (dec->scratch == NULL) {
        dec->scratch = buffer_new(dec->L);
        lua_replace(dec->L, 2);
    }
    dec->scratch->len = 0;
    return dec->scratch;
}

static int decoder_fail(decoder *dec, const char *what)
{
    size_t offset = (size_t)(dec->at - dec->text);
    size_t line = 1, column = 1;
    const char *p;
    for (p = dec->text; p < dec->at; p++) {
        if (*p == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
    }
    return luaL_error(dec->L, "json: %s at byte %d (line %d, column %d)", what, (int)offset + 1,
                      (int)line, (int)column);
}

static void skip_space(decoder *dec)
{
    while (dec->at < dec->end &&
           (*dec->at == ' ' || *dec->at == '\t' || *dec->at == '\n' || *dec->at == '\r'))
        dec->at++;
}

static void decode_value(decoder *dec);

/* Skip white space; if the next byte is `c`, consume it and return 1. */
static int accept(decoder *dec, char c)
{
    skip_space(dec);
    if (dec->at < dec->end && *dec->at == c) {
        dec->at++;
        return 1;
    }
    return 0;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static unsigned read_hex4(decoder *dec)
{
    unsigned code = 0;
    int i;
    if (dec->end - dec->at < 4)
        decoder_fail(dec, "truncated \\u escape");
    for (i = 0; i < 4; i++) {
        int digit = hex_value(dec->at[i]);
        if (digit < 0)
            decoder_fail(dec, "invalid \\u escape");
        code = code * 16 + (unsigned)digit;
    }
    dec->at += 4;
    return code;
}

static void add_utf8(lua_State *L, buffer *out, unsigned code)
{
    char bytes[4];
    size_t n;
    if (code < 0x80) {
        bytes[0] = (char)code; n = 1;
    } else if (code < 0x800) {
        bytes[0] = (char)(0xC0 | (code >> 6));
        bytes[1] = (char)(0x80 | (code & 0x3F)); n = 2;
    } else if (code < 0x10000) {
        bytes[0] = (char)(0xE0 | (code >> 12));
        bytes[1] = (char)(0x80 | ((code >> 6) & 0x3F));
        bytes[2] = (char)(0x80 | (code & 0x3F)); n = 3;
    } else {
        bytes[0] = (char)(0xF0 | (code >> 18));
        bytes[1] = (char)(0x80 | ((code >> 12) & 0x3F));
        bytes[2] = (char)(0x80 | ((code >> 6) & 0x3F));
        bytes[3] = (char)(0x80 | (code & 0x3F)); n = 4;
    }
    buffer_add(L, out, bytes, n);
}

/* Push the string starting after the opening quote. */
/* One escape; dec->at is just past the backslash. */
static void decode_escape(decoder *dec, buffer *out)
{
    lua_State *L = dec->L;
    if (dec->at >= dec->end)
        decoder_fail(dec, "unterminated string");
    switch (*dec->at++) {
    case '"': buffer_addc(L, out, '"'); break;
    case '\\': buffer_addc(L, out, '\\'); break;
    case '/': buffer_addc(L, out, '/'); break;
    case 'b': buffer_addc(L, out, '\b'); break;
    case 'f': buffer_addc(L, out, '\f'); break;
    case 'n': buffer_addc(L, out, '\n'); break;
    case 'r': buffer_addc(L, out, '\r'); break;
    case 't': buffer_addc(L, out, '\t'); break;
    case 'u': {
        unsigned code = read_hex4(dec);
        if (code >= 0xD800 && code < 0xDC00 && dec->end - dec->at >= 6 && dec->at[0] == '\\' &&
            dec->at[1] == 'u') {
            const char *save = dec->at;
            unsigned low;
            dec->at += 2;
            low = read_hex4(dec);
            if (low >= 0xDC00 && low < 0xE000)
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            else
                dec->at = save; /* lone high surrogate: the next escape stands alone */
        }
        if (code >= 0xD800 && code < 0xE000)
            code = 0xFFFD; /* a lone surrogate is not a character: U+FFFD */
        add_utf8(L, out, code);
        break;
    }
    default:
        dec->at--;
        decoder_fail(dec, "invalid escape");
    }
}

/* Copy the run [run, p) and the escape at p (a backslash) to `out`;
 * returns where the string goes on. */
static const unsigned char *unescape(decoder *dec, buffer *out, const unsigned char *run,
                                     const unsigned char *p)
{
    static const char simple[256] = {
        ['"'] = '"', ['\\'] = '\\', ['/'] = '/', ['b'] = '\b',
        ['f'] = '\f', ['n'] = '\n', ['r'] = '\r', ['t'] = '\t',
    };
    size_t n = (size_t)(p - run);
    if (out->cap - out->len <= n)
        buffer_reserve(dec->L, out, n + 1);
    memcpy(out->data + out->len, run, n);
    out->len += n;
    if (p + 1 < (const unsigned char *)dec->end && simple[p[1]] != 0) {
        out->data[out->len++] = simple[p[1]];
        return p + 2;
    }
    dec->at = (const char *)p + 1;
    decode_escape(dec, out);
    return (const unsigned char *)dec->at;
}

/* A JSON string. With `repair` (object keys) each invalid UTF-8 sequence
 * becomes U+FFFD, as the encoder writes it, so keys sort the same before and
 * after a round trip and what decodes re-encodes to the same bytes. Values
 * keep their bytes: a streamed delta may end inside a character that the
 * next delta completes (the encoder repairs what is still invalid when it
 * writes). Text without escapes or repairs is pushed straight from the
 * input. */
static void decode_string(decoder *dec, int repair)
{
    lua_State *L = dec->L;
    const unsigned char *start = (const unsigned char *)dec->at, *end = (const unsigned char *)dec->end;
    const unsigned char *p = start, *run = start;
    buffer *out = NULL;
    for (;;) {
        unsigned char c;
        p += json_plain_run(p, (size_t)(end - p), repair);
        if (p >= end) {
            dec->at = (const char *)p;
            decoder_fail(dec, "unterminated string");
        }
        c = *p;
        if (c == '"')
            break;
        if (c >= 0x80) {
            size_t bad, valid = json_utf8_sequence(p, (size_t)(end - p), &bad);
            if (valid > 0) {
                p += valid;
                continue;
            }
            if (out == NULL)
                out = scratch(dec);
            buffer_add(L, out, (const char *)run, (size_t)(p - run));
            buffer_add(L, out, "\xEF\xBF\xBD", 3);
            p += bad;
            run = p;
            continue;
        }
        if (c < 0x20) {
            dec->at = (const char *)p;
            decoder_fail(dec, "control character in string");
        }
        if (out == NULL)
            out = scratch(dec);
        p = run = unescape(dec, out, run, p);
    }
    if (out == NULL) {
        lua_pushlstring(L, (const char *)start, (size_t)(p - start));
    } else {
        buffer_add(L, out, (const char *)run, (size_t)(p - run));
        buffer_push(L, out);
    }
    dec->at = (const char *)p + 1;
}

/* Skip one or more digits at p (a fraction or an exponent). */
static const char *digits(decoder *dec, const char *p)
{
    if (p >= dec->end || *p < '0' || *p > '9') {
        dec->at = p;
        decoder_fail(dec, "invalid number");
    }
    while (p < dec->end && *p >= '0' && *p <= '9')
        p++;
    return p;
}

/* The integer start..p (an optional '-' and digits) when no fraction or
 * exponent follows and it has at most 15 digits (exact as an integer and as
 * a double): pushed, returns 1. Else 0: the general path reads it. */
static int small_integer(decoder *dec, const char *start, const char *p)
{
    const char *digit = start + (*start == '-');
    long long value = 0;
    if (p - digit > 15 || (p < dec->end && (*p == '.' || *p == 'e' || *p == 'E')))
        return 0;
    for (; digit < p; digit++)
        value = value * 10 + (*digit - '0');
#if COMPACT_HAS_INTEGERS
    if (*start == '-' && value == 0)
        lua_pushnumber(dec->L, -(lua_Number)0); /* "-0": the integer 0 has no sign, -0.0 keeps it */
    else
        lua_pushinteger(dec->L, (lua_Integer)(*start == '-' ? -value : value));
#else
    /* negated as a double: "-0" stays -0.0, as strtod reads it */
    lua_pushnumber(dec->L, *start == '-' ? -(lua_Number)value : (lua_Number)value);
#endif
    dec->at = p;
    return 1;
}

static void decode_number(decoder *dec)
{
    lua_State *L = dec->L;
    const char *start = dec->at, *p = dec->at;
    if (p < dec->end && *p == '-')
        p++;
    if (p >= dec->end || *p < '0' || *p > '9')
        decoder_fail(dec, "invalid number");
    if (*p == '0') {
        p++;
    } else {
        while (p < dec->end && *p >= '0' && *p <= '9')
            p++;
    }
    if (small_integer(dec, start, p))
        return;
    if (p < dec->end && *p == '.')
        p = digits(dec, p + 1);
    if (p < dec->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < dec->end && (*p == '+' || *p == '-'))
            p++;
        p = digits(dec, p);
    }
    dec->at = p;
    {
        char small[64];
        size_t len = (size_t)(p - start);
        char *copy = small;
        buffer *big = NULL;
        if (len >= sizeof small) {
            big = scratch(dec);
            buffer_add(L, big, start, len);
            buffer_addc(L, big, '\0');
            copy = big->data;
        } else {
            memcpy(small, start, len);
            small[len] = '\0';
        }
#if COMPACT_HAS_INTEGERS
        /* lua_stringtonumber keeps integers that fit as integers, reads
         * float syntax ("1.0", "1e2") as floats and knows the C locale */
        if (lua_stringtonumber(L, copy) == 0)
            decoder_fail(dec, "invalid number");
#else
        {
            /* strtod reads the C locale's decimal point, which a host (an
             * editor) may have changed: write it in place of '.' */
            char point = localeconv()->decimal_point[0];
            char *dot = strchr(copy, '.');
            if (dot != NULL && point != '\0')
                *dot = point;
            lua_pushnumber(L, (lua_Number)strtod(copy, NULL));
        }
#endif
        /* 1e999 overflows to infinity, which the encoder (rightly) refuses:
         * reject it here so everything decoded can be written back. */
        if (lua_tonumber(L, -1) - lua_tonumber(L, -1) != 0) {
            dec->at = start;
            decoder_fail(dec, "number out of range");
        }
    }
}

static void expect_literal(decoder *dec, const char *word)
{
    size_t len = strlen(word);
    if ((size_t)(dec->end - dec->at) < len || memcmp(dec->at, word, len) != 0)
        decoder_fail(dec, "unexpected character");
    dec->at += len;
}

/* Arrays and objects are built on the stack first and become a table
 * presized for them at the end (a table grown one member at a time is
 * reallocated at every power of two). A level flushes its members into the
 * table early after DECODE_PENDING of them, or when the whole stack passes
 * DECODE_STACK_BUDGET slots (Lua 5.1 and LuaJIT give a C function at most
 * 8000 slots; at most a table, a key and a value per nesting level stay). */
#define DECODE_PENDING 128
#define DECODE_STACK_BUDGET 4000

static int must_flush(lua_State *L, int pending)
{
    return pending >= DECODE_PENDING || lua_gettop(L) > DECODE_STACK_BUDGET;
}

/* The `n` values above `base` become a table at base + 1, where the stack
 * then ends. */
static void make_array(lua_State *L, int base, int n)
{
    int i;
    lua_createtable(L, n, 0);
    for (i = 1; i <= n; i++) {
        lua_pushvalue(L, base + i);
        lua_rawseti(L, -2, i);
    }
    if (n > 0) {
        lua_replace(L, base + 1);
        lua_settop(L, base + 1);
    }
}

/* The `n` key/value pairs above `base` become a table at base + 1 (later
 * duplicates win, as when set one by one), where the stack then ends. */
static void make_object(lua_State *L, int base, int n)
{
    int i;
    lua_createtable(L, 0, n);
    for (i = 0; i < n; i++) {
        lua_pushvalue(L, base + 2 * i + 1);
        lua_pushvalue(L, base + 2 * i + 2);
        lua_rawset(L, -3);
    }
    if (n > 0) {
        lua_replace(L, base + 1);
        lua_settop(L, base + 1);
    }
}

static void decode_array(decoder *dec)
{
    lua_State *L = dec->L;
    int base = lua_gettop(L), index = 0, pending = 0, table = 0;
    if (accept(dec, ']')) {
        lua_createtable(L, 0, 0);
        json_push_array_mt(L);
        lua_setmetatable(L, -2);
        return;
    }
    do {
        decode_value(dec);
        index++;
        if (table != 0) {
            lua_rawseti(L, table, index);
        } else if (must_flush(L, ++pending)) {
            make_array(L, base, pending);
            table = base + 1;
        }
    } while (accept(dec, ','));
    if (!accept(dec, ']'))
        decoder_fail(dec, "expected ',' or ']'");
    if (table == 0)
        make_array(L, base, pending);
}

static void decode_object(decoder *dec)
{
    lua_State *L = dec->L;
    int base = lua_gettop(L), pending = 0, table = 0, keeps;
    if (accept(dec, '}')) {
        lua_createtable(L, 0, 0);
        return;
    }
    do {
        if (!accept(dec, '"'))
            decoder_fail(dec, "expected a string key");
        decode_string(dec, 1);
        if (!accept(dec, ':'))
            decoder_fail(dec, "expected ':'");
        keeps = 0;
        if (dec->null_keys != 0 && dec->keep_nulls == 0) {
            luaL_checkstack(L, 2, "json: nesting too deep");
            lua_pushvalue(L, -1);
            lua_rawget(L, dec->null_keys);
            keeps = lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
        dec->keep_nulls += keeps;
        decode_value(dec);
        dec->keep_nulls -= keeps;
        if (json_is_null(L, -1) && dec->keep_nulls == 0) {
            lua_pop(L, 2); /* null members are left out (but under opts.null_keys) */
        } else if (table != 0) {
            lua_rawset(L, table);
        } else if (must_flush(L, ++pending)) {
            make_object(L, base, pending);
            table = base + 1;
        }
    } while (accept(dec, ','));
    if (!accept(dec, '}'))
        decoder_fail(dec, "expected ',' or '}'");
    if (table == 0)
        make_object(L, base, pending);
}

static void decode_value(decoder *dec)
{
    skip_space(dec);
    if (dec->at >= dec->end)
        decoder_fail(dec, "unexpected end of input");
    if (dec->depth >= JSON_MAX_DEPTH)
        decoder_fail(dec, "nesting too deep");
    luaL_checkstack(dec->L, 4, "json: nesting too deep");
    switch (*dec->at) {
    case '{':
        dec->at++;
        dec->depth++;
        decode_object(dec);
        dec->depth--;
        break;
    case '[':
        dec->at++;
        dec->depth++;
        decode_array(dec);
        dec->depth--;
        break;
    case '"':
        dec->at++;
        decode_string(dec, 0);
        break;
    case 't': expect_literal(dec, "true"); lua_pushboolean(dec->L, 1); break;
    case 'f': expect_literal(dec, "false"); lua_pushboolean(dec->L, 0); break;
    case 'n': expect_literal(dec, "null"); lua_pushlightuserdata(dec->L, NULL); break;
    default:
        if (*dec->at == '-' || (*dec->at >= '0' && *dec->at <= '9'))
            decode_number(dec);
        else
            decoder_fail(dec, "unexpected character");
    }
}

static int decode_protected(lua_State *L)
{
    decoder dec;
    size_t len;
    dec.L = L;
    dec.text = lua_tolstring(L, 1, &len);
    dec.at = dec.text;
    dec.end = dec.text + len;
    dec.depth = 0;
    dec.scratch = NULL;
    dec.null_keys = 0;
    dec.keep_nulls = 0;
    lua_settop(L, 2);
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_getfield(L, 2, "keep_nulls");
        dec.keep_nulls = lua_toboolean(L, -1);
        lua_pop(L, 1);
        lua_getfield(L, 2, "null_keys"); /* slot 3 */
    } else {
        lua_pushnil(L);
    }
    if (lua_type(L, 3) == LUA_TTABLE)
        dec.null_keys = 3;
    lua_pushnil(L);
    lua_replace(L, 2); /* slot 2: the scratch buffer once made */
    decode_value(&dec);
    skip_space(&dec);
    if (dec.at != dec.end)
        decoder_fail(&dec, "trailing characters after the value");
    return 1;
}

static int json_decode(lua_State *L)
{
    if (lua_type(L, 1) != LUA_TSTRING) {
        return compact_fail(L, "json: expected a string to decode, got %s", luaL_typename(L, 1));
    }
    lua_settop(L, 2); /* text, opts */
    json_push_registered(L, "compact.json_decode_protected", decode_protected);
    lua_insert(L, 1);
    if (lua_pcall(L, 2, 1, 0) != 0) {
        return compact_fail_top(L);
    }
    return 1;
}

int luaopen_compact_core_json_decode(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"json_decode", json_decode},
        {NULL, NULL},
    };
    lua_pushcfunction(L, decode_protected);
    lua_setfield(L, LUA_REGISTRYINDEX, "compact.json_decode_protected");
    luaL_newlib(L, functions);
    return 1;
}
