/* json.c: the JSON codec every part of compact uses (state files, provider
 * request bodies, streamed events).
 *
 * Why not lua-cjson: Debian's 2.1.0 turns every number into a float printed
 * with 14 digits and cannot sort keys, and state files must round-trip
 * losslessly and deterministically.
 *
 *   json_encode(value [, opts]) -> text | nil, err
 *     object keys sorted bytewise; integers stay integers (floats keep a
 *     ".0" on Lua 5.3+ so they decode as floats again); a table whose keys
 *     are exactly 1..n is an array; an empty table is "{}" unless it carries
 *     json_array_mt or is the value of a key listed in the set opts.array_keys.
 *     json_null encodes null. Cycles, mixed tables, non-string keys,
 *     functions, NaN and infinities are errors naming the path.
 *   json_decode(text) -> value | nil, err
 *     integers stay integers; null is json_null inside arrays and omitted
 *     inside objects; empty arrays get json_array_mt; errors name the byte
 *     offset, line and column. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "parts.h"

#define JSON_ARRAY_MT "compact.json_array"
#define JSON_MAX_DEPTH 512

static char json_null_sentinel;
#define JSON_NULL ((void *)&json_null_sentinel)

/* ------------------------------------------------------------------ encode */

typedef struct path_entry {
    const char *key; /* NULL: array index */
    size_t key_len;
    long long index;
} path_entry;

typedef struct encoder {
    lua_State *L;
    buffer *out;
    int visiting;   /* stack index of the set of tables being encoded */
    int array_keys; /* stack index of opts.array_keys, or 0 */
    int depth;
    path_entry path[JSON_MAX_DEPTH + 1];
} encoder;

/* Raise an error that names where in the value the problem is. */
static int encoder_fail(encoder *enc, const char *what)
{
    lua_State *L = enc->L;
    luaL_Buffer message;
    int level;
    luaL_buffinit(L, &message);
    luaL_addstring(&message, "json: ");
    luaL_addstring(&message, what);
    luaL_addstring(&message, " at value");
    for (level = 1; level <= enc->depth; level++) {
        const path_entry *entry = &enc->path[level];
        if (entry->key != NULL) {
            luaL_addchar(&message, '.');
            luaL_addlstring(&message, entry->key, entry->key_len);
        } else {
            char index[32];
            snprintf(index, sizeof index, "[%lld]", entry->index);
            luaL_addstring(&message, index);
        }
    }
    luaL_pushresult(&message);
    return lua_error(L);
}

static void encode_string(lua_State *L, buffer *out, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    size_t i, run = 0;
    buffer_reserve(L, out, len + 2);
    buffer_addc(L, out, '"');
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *escape = NULL;
        char unicode[6];
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        buffer_add(L, out, s + run, i - run);
        run = i + 1;
        switch (c) {
        case '"': escape = "\\\""; break;
        case '\\': escape = "\\\\"; break;
        case '\n': escape = "\\n"; break;
        case '\r': escape = "\\r"; break;
        case '\t': escape = "\\t"; break;
        case '\b': escape = "\\b"; break;
        case '\f': escape = "\\f"; break;
        default:
            unicode[0] = '\\'; unicode[1] = 'u'; unicode[2] = '0'; unicode[3] = '0';
            unicode[4] = hex[c >> 4]; unicode[5] = hex[c & 15];
            buffer_add(L, out, unicode, 6);
            continue;
        }
        buffer_adds(L, out, escape);
    }
    buffer_add(L, out, s + run, len - run);
    buffer_addc(L, out, '"');
}

/* The shortest "%.*g" form that reads back as the same double, with '.' as
 * the decimal point whatever the C locale says. */
static size_t format_double(double value, char *text, size_t size)
{
    int precision;
    size_t i, len = 0;
    for (precision = 15; precision <= 17; precision++) {
        len = (size_t)snprintf(text, size, "%.*g", precision, value);
        for (i = 0; i < len; i++)
            if (text[i] == ',')
                text[i] = '.';
        if (strtod(text, NULL) == value)
            break;
    }
    return len;
}

static void encode_number(encoder *enc, int index)
{
    lua_State *L = enc->L;
    char text[64];
    size_t len;
    double value;
#if COMPACT_HAS_INTEGERS
    if (lua_isinteger(L, index)) {
        len = (size_t)snprintf(text, sizeof text, "%lld", (long long)lua_tointeger(L, index));
        buffer_add(L, enc->out, text, len);
        return;
    }
#endif
    value = (double)lua_tonumber(L, index);
    if (value != value || value == HUGE_VAL || value == -HUGE_VAL)
        encoder_fail(enc, "cannot encode NaN or infinity");
#if !COMPACT_HAS_INTEGERS
    if (floor(value) == value && fabs(value) < 9007199254740992.0) {
        len = (size_t)snprintf(text, sizeof text, "%.0f", value);
        buffer_add(L, enc->out, text, len);
        return;
    }
#endif
    len = format_double(value, text, sizeof text - 2);
#if COMPACT_HAS_INTEGERS
    /* keep floats floats: 1.0 must not decode as the integer 1 */
    if (strspn(text, "-0123456789") == len) {
        text[len++] = '.';
        text[len++] = '0';
    }
#endif
    buffer_add(L, enc->out, text, len);
}

typedef struct key_ref {
    const char *text;
    size_t len;
} key_ref;

static int compare_keys(const void *a, const void *b)
{
    const key_ref *left = (const key_ref *)a, *right = (const key_ref *)b;
    size_t common = left->len < right->len ? left->len : right->len;
    int order = memcmp(left->text, right->text, common);
    if (order != 0)
        return order;
    return (left->len > right->len) - (left->len < right->len);
}

static void encode_value(encoder *enc, int index, const char *key, size_t key_len);

/* Count entries; decide array (keys exactly 1..n) or object (string keys). */
static int table_shape(encoder *enc, int index, size_t *count)
{
    lua_State *L = enc->L;
    size_t entries = 0, string_keys = 0;
    long long max_index = 0, integer_key;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        entries++;
        if (lua_type(L, -2) == LUA_TSTRING) {
            string_keys++;
        } else if (lua_type(L, -2) == LUA_TNUMBER && compat_tointeger(L, -2, &integer_key) &&
                   integer_key >= 1) {
            if (integer_key > max_index)
                max_index = integer_key;
        } else {
            lua_pop(L, 2);
            encoder_fail(enc, "cannot encode a table key that is not a string or positive integer");
        }
        lua_pop(L, 1);
    }
    *count = entries;
    if (string_keys == entries)
        return entries == 0 ? 0 : 2; /* 0: empty, 2: object */
    if (string_keys == 0 && (size_t)max_index == entries)
        return 1; /* array */
    if (string_keys == 0)
        return encoder_fail(enc, "cannot encode a sparse array");
    return encoder_fail(enc, "cannot encode a table mixing array and string keys");
}

static int empty_is_array(encoder *enc, int index, const char *key, size_t key_len)
{
    lua_State *L = enc->L;
    int is_array = 0;
    if (lua_getmetatable(L, index)) {
        luaL_getmetatable(L, JSON_ARRAY_MT);
        is_array = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
        if (is_array)
            return 1;
    }
    if (enc->array_keys != 0 && key != NULL) {
        lua_pushlstring(L, key, key_len);
        lua_rawget(L, enc->array_keys);
        is_array = lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    return is_array;
}

static void encode_table(encoder *enc, int index, const char *key, size_t key_len)
{
    lua_State *L = enc->L;
    size_t count, i;
    int shape;
    lua_pushvalue(L, index);
    lua_rawget(L, enc->visiting);
    if (lua_toboolean(L, -1))
        encoder_fail(enc, "cannot encode a cycle");
    lua_pop(L, 1);
    if (enc->depth >= JSON_MAX_DEPTH)
        encoder_fail(enc, "nesting too deep");
    luaL_checkstack(L, 6, "json: nesting too deep");
    shape = table_shape(enc, index, &count);
    if (shape == 0) {
        buffer_adds(L, enc->out, empty_is_array(enc, index, key, key_len) ? "[]" : "{}");
        return;
    }
    lua_pushvalue(L, index);
    lua_pushboolean(L, 1);
    lua_rawset(L, enc->visiting);
    enc->depth++;
    if (shape == 1) {
        buffer_addc(L, enc->out, '[');
        for (i = 1; i <= count; i++) {
            if (i > 1)
                buffer_addc(L, enc->out, ',');
            enc->path[enc->depth].key = NULL;
            enc->path[enc->depth].index = (long long)i;
            lua_rawgeti(L, index, (int)i);
            encode_value(enc, lua_gettop(L), NULL, 0);
            lua_pop(L, 1);
        }
        buffer_addc(L, enc->out, ']');
    } else {
        /* the key strings stay alive: they are keys of a table on the stack */
        key_ref *keys = (key_ref *)compat_newuserdata(L, count * sizeof(key_ref));
        size_t n = 0;
        lua_pushnil(L);
        while (lua_next(L, index) != 0) {
            keys[n].text = lua_tolstring(L, -2, &keys[n].len);
            n++;
            lua_pop(L, 1);
        }
        qsort(keys, n, sizeof(key_ref), compare_keys);
        buffer_addc(L, enc->out, '{');
        for (i = 0; i < n; i++) {
            if (i > 0)
                buffer_addc(L, enc->out, ',');
            enc->path[enc->depth].key = keys[i].text;
            enc->path[enc->depth].key_len = keys[i].len;
            encode_string(L, enc->out, keys[i].text, keys[i].len);
            buffer_addc(L, enc->out, ':');
            lua_pushlstring(L, keys[i].text, keys[i].len);
            lua_rawget(L, index);
            encode_value(enc, lua_gettop(L), keys[i].text, keys[i].len);
            lua_pop(L, 1);
        }
        buffer_addc(L, enc->out, '}');
        lua_pop(L, 1); /* keys */
    }
    enc->depth--;
    lua_pushvalue(L, index);
    lua_pushnil(L);
    lua_rawset(L, enc->visiting);
}

static void encode_value(encoder *enc, int index, const char *key, size_t key_len)
{
    lua_State *L = enc->L;
    size_t len;
    const char *text;
    switch (lua_type(L, index)) {
    case LUA_TSTRING:
        text = lua_tolstring(L, index, &len);
        encode_string(L, enc->out, text, len);
        break;
    case LUA_TNUMBER:
        encode_number(enc, index);
        break;
    case LUA_TBOOLEAN:
        buffer_adds(L, enc->out, lua_toboolean(L, index) ? "true" : "false");
        break;
    case LUA_TNIL:
        buffer_adds(L, enc->out, "null");
        break;
    case LUA_TTABLE:
        encode_table(enc, index, key, key_len);
        break;
    case LUA_TLIGHTUSERDATA:
        if (lua_touserdata(L, index) == JSON_NULL) {
            buffer_adds(L, enc->out, "null");
            break;
        }
        /* fall through */
    default: {
        char what[80];
        snprintf(what, sizeof what, "cannot encode a %s", luaL_typename(L, index));
        encoder_fail(enc, what);
    }
    }
}

/* Protected body of json_encode: (value, opts) -> text. */
static int encode_protected(lua_State *L)
{
    encoder *enc = (encoder *)compat_newuserdata(L, sizeof(encoder)); /* 3 */
    enc->L = L;
    enc->depth = 0;
    enc->array_keys = 0;
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_getfield(L, 2, "array_keys"); /* 4 */
        if (lua_type(L, -1) == LUA_TTABLE)
            enc->array_keys = 4;
    } else {
        lua_pushnil(L);
    }
    lua_newtable(L); /* 5: visiting */
    enc->visiting = 5;
    enc->out = buffer_new(L); /* 6 */
    encode_value(enc, 1, NULL, 0);
    buffer_push(L, enc->out);
    return 1;
}

static int json_encode(lua_State *L)
{
    lua_settop(L, 2);
    lua_pushcfunction(L, encode_protected);
    lua_insert(L, 1);
    if (lua_pcall(L, 2, 1, 0) != 0) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

/* ------------------------------------------------------------------ decode */

typedef struct decoder {
    lua_State *L;
    const char *text;
    const char *at;
    const char *end;
    buffer *scratch;
    int depth;
} decoder;

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
static void decode_string(decoder *dec)
{
    lua_State *L = dec->L;
    const char *start = dec->at;
    const char *p = start;
    buffer *out = dec->scratch;
    /* fast path: no escapes */
    while (p < dec->end && *p != '"' && *p != '\\' && (unsigned char)*p >= 0x20)
        p++;
    if (p < dec->end && *p == '"') {
        lua_pushlstring(L, start, (size_t)(p - start));
        dec->at = p + 1;
        return;
    }
    out->len = 0;
    buffer_add(L, out, start, (size_t)(p - start));
    dec->at = p;
    for (;;) {
        unsigned char c;
        if (dec->at >= dec->end)
            decoder_fail(dec, "unterminated string");
        c = (unsigned char)*dec->at;
        if (c == '"') {
            dec->at++;
            break;
        }
        if (c < 0x20)
            decoder_fail(dec, "control character in string");
        if (c != '\\') {
            buffer_addc(L, out, (char)c);
            dec->at++;
            continue;
        }
        dec->at++;
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
                    dec->at = save; /* lone high surrogate: keep both as they are */
            }
            add_utf8(L, out, code);
            break;
        }
        default:
            dec->at--;
            decoder_fail(dec, "invalid escape");
        }
    }
    buffer_push(L, out);
}

static void decode_number(decoder *dec)
{
    lua_State *L = dec->L;
    const char *start = dec->at, *p = dec->at;
    int is_float = 0;
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
    if (p < dec->end && *p == '.') {
        is_float = 1;
        p++;
        if (p >= dec->end || *p < '0' || *p > '9') {
            dec->at = p;
            decoder_fail(dec, "invalid number");
        }
        while (p < dec->end && *p >= '0' && *p <= '9')
            p++;
    }
    if (p < dec->end && (*p == 'e' || *p == 'E')) {
        is_float = 1;
        p++;
        if (p < dec->end && (*p == '+' || *p == '-'))
            p++;
        if (p >= dec->end || *p < '0' || *p > '9') {
            dec->at = p;
            decoder_fail(dec, "invalid number");
        }
        while (p < dec->end && *p >= '0' && *p <= '9')
            p++;
    }
    dec->at = p;
    {
        char small[64];
        size_t len = (size_t)(p - start);
        char *copy = small;
        buffer *big = NULL;
        if (len >= sizeof small) {
            big = dec->scratch;
            big->len = 0;
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
        (void)is_float;
        if (lua_stringtonumber(L, copy) == 0)
            decoder_fail(dec, "invalid number");
#else
        (void)is_float;
        lua_pushnumber(L, (lua_Number)strtod(copy, NULL));
#endif
    }
}

static void expect_literal(decoder *dec, const char *word)
{
    size_t len = strlen(word);
    if ((size_t)(dec->end - dec->at) < len || memcmp(dec->at, word, len) != 0)
        decoder_fail(dec, "unexpected character");
    dec->at += len;
}

static void decode_array(decoder *dec)
{
    lua_State *L = dec->L;
    int index = 0;
    lua_newtable(L);
    skip_space(dec);
    if (dec->at < dec->end && *dec->at == ']') {
        dec->at++;
        luaL_getmetatable(L, JSON_ARRAY_MT);
        lua_setmetatable(L, -2);
        return;
    }
    for (;;) {
        decode_value(dec);
        lua_rawseti(L, -2, ++index);
        skip_space(dec);
        if (dec->at < dec->end && *dec->at == ',') {
            dec->at++;
            continue;
        }
        if (dec->at < dec->end && *dec->at == ']') {
            dec->at++;
            return;
        }
        decoder_fail(dec, "expected ',' or ']'");
    }
}

static void decode_object(decoder *dec)
{
    lua_State *L = dec->L;
    lua_newtable(L);
    skip_space(dec);
    if (dec->at < dec->end && *dec->at == '}') {
        dec->at++;
        return;
    }
    for (;;) {
        skip_space(dec);
        if (dec->at >= dec->end || *dec->at != '"')
            decoder_fail(dec, "expected a string key");
        dec->at++;
        decode_string(dec);
        skip_space(dec);
        if (dec->at >= dec->end || *dec->at != ':')
            decoder_fail(dec, "expected ':'");
        dec->at++;
        decode_value(dec);
        if (lua_touserdata(L, -1) == JSON_NULL && lua_type(L, -1) == LUA_TLIGHTUSERDATA)
            lua_pop(L, 2); /* null members are left out */
        else
            lua_rawset(L, -3);
        skip_space(dec);
        if (dec->at < dec->end && *dec->at == ',') {
            dec->at++;
            continue;
        }
        if (dec->at < dec->end && *dec->at == '}') {
            dec->at++;
            return;
        }
        decoder_fail(dec, "expected ',' or '}'");
    }
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
        decode_string(dec);
        break;
    case 't': expect_literal(dec, "true"); lua_pushboolean(dec->L, 1); break;
    case 'f': expect_literal(dec, "false"); lua_pushboolean(dec->L, 0); break;
    case 'n': expect_literal(dec, "null"); lua_pushlightuserdata(dec->L, JSON_NULL); break;
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
    dec.scratch = buffer_new(L);
    decode_value(&dec);
    skip_space(&dec);
    if (dec.at != dec.end)
        decoder_fail(&dec, "trailing characters after the value");
    return 1;
}

static int json_decode(lua_State *L)
{
    if (lua_type(L, 1) != LUA_TSTRING) {
        lua_pushnil(L);
        lua_pushfstring(L, "json: expected a string to decode, got %s", luaL_typename(L, 1));
        return 2;
    }
    lua_settop(L, 1);
    lua_pushcfunction(L, decode_protected);
    lua_insert(L, 1);
    if (lua_pcall(L, 1, 1, 0) != 0) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

int luaopen_compact_core_json(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"json_encode", json_encode},
        {"json_decode", json_decode},
        {NULL, NULL},
    };
    compat_newlib(L, functions);
    lua_pushlightuserdata(L, JSON_NULL);
    lua_setfield(L, -2, "json_null");
    if (compat_newmetatable(L, JSON_ARRAY_MT)) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "__jsontype_array");
    }
    lua_setfield(L, -2, "json_array_mt");
    return 1;
}
