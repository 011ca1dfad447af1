/* json_encode.c: the encoding half of compact's JSON codec (see json.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "json.h"
#include "parts.h"

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
    long tables; /* tables visited: a budget against shared-subtable blowup */
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

/* A JSON string; each invalid UTF-8 sequence becomes U+FFFD, so what is
 * written is always valid UTF-8 (strict servers reject anything else). */
static void encode_string(lua_State *L, buffer *out, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, run = 0, valid, bad;
    buffer_reserve(L, out, len + 2);
    buffer_addc(L, out, '"');
    for (;;) {
        unsigned char c;
        const char *escape = NULL;
        char unicode[6];
        i += json_plain_run(u + i, len - i, 1);
        if (i >= len)
            break;
        c = u[i];
        if (c >= 0x80) {
            valid = json_utf8_sequence(u + i, len - i, &bad);
            if (valid > 0) {
                i += valid;
                continue;
            }
            buffer_add(L, out, s + run, i - run);
            buffer_add(L, out, "\xEF\xBF\xBD", 3);
            i += bad;
            run = i;
            continue;
        }
        buffer_add(L, out, s + run, i - run);
        run = ++i;
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
        buffer_add(L, out, escape, 2);
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
        /* digits backwards from the end: snprintf was a tenth of encoding */
        lua_Integer n = lua_tointeger(L, index);
        unsigned long long magnitude = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
        char *end = text + sizeof text, *p = end;
        do {
            *--p = (char)('0' + magnitude % 10);
            magnitude /= 10;
        } while (magnitude != 0);
        if (n < 0)
            *--p = '-';
        buffer_add(L, enc->out, p, (size_t)(end - p));
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
    int slot; /* index of the key string in the anchor table */
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
        } else if (lua_type(L, -2) == LUA_TNUMBER && to_integer_exact(L, -2, &integer_key) &&
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

/* Where the key strings of an object being encoded are anchored: on the
 * Lua stack (slot s at base + s), or, for objects with more keys than the
 * stack can hold, in a table (slot s at anchor[s]). */
typedef struct key_anchor {
    int base;
    int table; /* stack index of the anchor table, 0 when on the stack */
} key_anchor;

/* Fill `keys` (room for `room`) with the string keys of the table at
 * `index`, anchoring each (stack room or a presized table was made before,
 * so anchoring allocates nothing and no finalizer can run between the walk
 * and the fill). Returns the number of keys, or -1 when the table no longer
 * fits: a finalizer run by the allocations added keys. */
static long fill_keys(lua_State *L, int index, key_ref *keys, size_t room, const key_anchor *at)
{
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        if (n == room || lua_type(L, -2) != LUA_TSTRING) {
            lua_pop(L, 2);
            return -1;
        }
        keys[n].text = lua_tolstring(L, -2, &keys[n].len);
        keys[n].slot = (int)n + 1;
        lua_pop(L, 1);
        lua_pushvalue(L, -1); /* on the stack: the key stays, its copy goes on */
        if (at->table != 0)
            lua_rawseti(L, at->table, keys[n].slot);
        n++;
    }
    return (long)n;
}

/* Push the sorted key array of the object at `index` (`count` keys when
 * last walked) and the anchored keys. The allocation can run finalizers
 * that add or remove keys: the keys are taken after it and anchored, so a
 * key removed later stays alive and one added later is not read. */
static key_ref *sorted_keys(encoder *enc, int index, size_t count, size_t *n, key_anchor *at)
{
    lua_State *L = enc->L;
    size_t room = count;
    int attempt, top = lua_gettop(L);
    for (attempt = 0; attempt < 8; attempt++) {
        key_ref *keys = (key_ref *)lua_newuserdata(L, room * sizeof(key_ref));
        long filled;
        at->base = lua_gettop(L);
        at->table = 0;
        if (room > 4096 || !lua_checkstack(L, (int)room + 4)) {
            lua_createtable(L, (int)room, 0);
            at->table = lua_gettop(L);
        }
        filled = fill_keys(L, index, keys, room, at);
        if (filled >= 0) {
            *n = (size_t)filled;
            qsort(keys, *n, sizeof(key_ref), compare_keys);
            return keys;
        }
        lua_settop(L, top);
        if (table_shape(enc, index, &count) != 2)
            break;
        room = 2 * (count > room ? count : room); /* room for more growth */
    }
    enc->depth--; /* the path names the table, not one of its keys */
    encoder_fail(enc, "cannot encode a table that finalizers keep changing");
    return NULL;
}

static void encode_array(encoder *enc, int index, size_t count)
{
    lua_State *L = enc->L;
    size_t i;
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
}

static void encode_object(encoder *enc, int index, size_t count)
{
    lua_State *L = enc->L;
    size_t i, n = 0;
    int top = lua_gettop(L);
    key_anchor at;
    key_ref *keys = sorted_keys(enc, index, count, &n, &at);
    buffer_addc(L, enc->out, '{');
    for (i = 0; i < n; i++) {
        if (i > 0)
            buffer_addc(L, enc->out, ',');
        enc->path[enc->depth].key = keys[i].text;
        enc->path[enc->depth].key_len = keys[i].len;
        encode_string(L, enc->out, keys[i].text, keys[i].len);
        buffer_addc(L, enc->out, ':');
        if (at.table != 0)
            lua_rawgeti(L, at.table, keys[i].slot);
        else
            lua_pushvalue(L, at.base + keys[i].slot);
        lua_rawget(L, index);
        encode_value(enc, lua_gettop(L), keys[i].text, keys[i].len);
        lua_pop(L, 1);
    }
    buffer_addc(L, enc->out, '}');
    lua_settop(L, top); /* key array and anchors */
}

static void encode_table(encoder *enc, int index, const char *key, size_t key_len)
{
    lua_State *L = enc->L;
    size_t count;
    int shape;
    lua_pushvalue(L, index);
    lua_rawget(L, enc->visiting);
    if (lua_toboolean(L, -1))
        encoder_fail(enc, "cannot encode a cycle");
    lua_pop(L, 1);
    if (++enc->tables > JSON_MAX_TABLES)
        encoder_fail(enc, "value too large (more than a million tables)");
    if (enc->depth >= JSON_MAX_DEPTH)
        encoder_fail(enc, "nesting too deep");
    luaL_checkstack(L, 8, "json: nesting too deep");
    shape = table_shape(enc, index, &count);
    if (shape == 0) {
        buffer_adds(L, enc->out, empty_is_array(enc, index, key, key_len) ? "[]" : "{}");
        return;
    }
    lua_pushvalue(L, index);
    lua_pushboolean(L, 1);
    lua_rawset(L, enc->visiting);
    enc->depth++;
    if (shape == 1)
        encode_array(enc, index, count);
    else
        encode_object(enc, index, count);
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
        if (json_is_null(L, index)) {
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
    enum { VALUE = 1, OPTS, ARRAY_KEYS, VISITING };
    encoder state; /* on the C stack: an error unwinds it, nothing to free */
    encoder *enc = &state;
    lua_settop(L, OPTS);
    enc->L = L;
    enc->depth = 0;
    enc->tables = 0;
    enc->array_keys = 0;
    if (lua_type(L, OPTS) == LUA_TTABLE) {
        lua_getfield(L, OPTS, "array_keys"); /* ARRAY_KEYS */
        if (lua_type(L, ARRAY_KEYS) == LUA_TTABLE)
            enc->array_keys = ARRAY_KEYS;
    } else {
        lua_pushnil(L); /* ARRAY_KEYS */
    }
    lua_newtable(L); /* VISITING: the tables being encoded */
    enc->visiting = VISITING;
    enc->out = buffer_new(L);
    encode_value(enc, VALUE, NULL, 0);
    buffer_push(L, enc->out);
    return 1;
}

int json_encode_value(lua_State *L, int value, int opts)
{
    value = lua_absindex(L, value);
    opts = opts == 0 ? 0 : lua_absindex(L, opts);
    lua_pushcfunction(L, encode_protected);
    lua_pushvalue(L, value);
    if (opts != 0)
        lua_pushvalue(L, opts);
    else
        lua_pushnil(L);
    return lua_pcall(L, 2, 1, 0) == 0;
}

/* json_encode(value [, opts]) -> text | nil, err */
static int json_encode(lua_State *L)
{
    lua_settop(L, 2);
    if (json_encode_value(L, 1, 2))
        return 1;
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
}

int luaopen_compact_core_json(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"json_encode", json_encode},
        {NULL, NULL},
    };
    luaL_newlib(L, functions);
    lua_pushlightuserdata(L, NULL);
    lua_setfield(L, -2, "json_null");
    json_push_array_mt(L);
    lua_setfield(L, -2, "json_array_mt");
    return 1;
}
