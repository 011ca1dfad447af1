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

/* What one encode keeps between calls: the output buffer and the scratch
 * array of object keys, both grown with the Lua state's allocator (never
 * through the collector, so growing them runs no finalizer). One cache per
 * Lua state lives in the registry and is reused, as lua-cjson reuses its
 * buffer: a large state is encoded without regrowing (and page-faulting)
 * its output each time. A finalizer may encode during an encode: the cache
 * is then busy and that call takes a fresh one. */
typedef struct encode_cache {
    buffer out;
    buffer keys; /* key_ref entries, used as a stack by nested objects */
    int busy;
    int dead; /* finalized (lua_close): buffers are freed after each use */
} encode_cache;

#define ENCODE_CACHE_MT "compact.json_encode_cache"
#define ENCODE_CACHE_KEY "compact.json_encoder"
#define ENCODE_PROTECTED_KEY "compact.json_encode_protected"
/* A cache whose output is under a quarter of its capacity gives the memory
 * back above this size, so one huge document does not pin its buffer. */
#define ENCODE_CACHE_KEEP ((size_t)1 << 20)

typedef struct encoder {
    lua_State *L;
    buffer *out;
    buffer *keys;
    int array_keys; /* stack index of opts.array_keys, or 0 */
    int array_mt;   /* stack index of json_array_mt */
    int lossy;      /* opts.lossy: what JSON cannot hold (NaN, infinity, a
                     * function, userdata, a thread) is written as null */
    int depth;
    long tables; /* tables visited: a budget against shared-subtable blowup */
    const void *open[JSON_MAX_DEPTH + 1]; /* the tables being encoded, for cycles */
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

/* Room for `n` more bytes of output; returns where they go. */
static inline char *out_room(encoder *enc, size_t n)
{
    buffer *out = enc->out;
    if (out->cap - out->len < n)
        buffer_reserve(enc->L, out, n);
    return out->data + out->len;
}

static inline void out_char(encoder *enc, char c)
{
    buffer *out = enc->out;
    if (out->len == out->cap)
        buffer_reserve(enc->L, out, 1);
    out->data[out->len++] = c;
}

/* Input bytes per reservation: strings reserve their worst case (6 output
 * bytes per input byte, "\u001f") a chunk at a time, then write unchecked. */
#define STRING_CHUNK 4096
#define STRING_SLACK 16 /* a UTF-8 sequence running past the chunk, the quote */

/* One special byte at *pu (see json_special_bytes): write its JSON form. */
static char *escape_byte(char *o, const unsigned char **pu, const unsigned char *end)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *u = *pu;
    unsigned char c = *u;
    size_t valid, bad;
    if (c >= 0x80) {
        valid = json_utf8_sequence(u, (size_t)(end - u), &bad);
        if (valid > 0) {
            memcpy(o, u, valid);
            *pu = u + valid;
            return o + valid;
        }
        memcpy(o, "\xEF\xBF\xBD", 3); /* U+FFFD */
        *pu = u + bad;
        return o + 3;
    }
    *pu = u + 1;
    o[0] = '\\';
    switch (c) {
    case '"': o[1] = '"'; return o + 2;
    case '\\': o[1] = '\\'; return o + 2;
    case '\n': o[1] = 'n'; return o + 2;
    case '\r': o[1] = 'r'; return o + 2;
    case '\t': o[1] = 't'; return o + 2;
    case '\b': o[1] = 'b'; return o + 2;
    case '\f': o[1] = 'f'; return o + 2;
    default:
        o[1] = 'u'; o[2] = '0'; o[3] = '0';
        o[4] = hex[c >> 4]; o[5] = hex[c & 15];
        return o + 6;
    }
}

/* Write u[0..stop) (a sequence may run on to `end`) escaped at o, which has
 * room for the worst case; returns the new output end. Plain bytes are
 * copied eight at a time while they are scanned. */
static char *escape_chunk(char *o, const unsigned char **pu, const unsigned char *stop,
                          const unsigned char *end)
{
    const unsigned char *u = *pu;
    while (u < stop) {
        while (stop - u >= 8) {
            uint64_t w, hit;
            memcpy(&w, u, 8);
            memcpy(o, &w, 8);
            hit = json_special_bytes(w, 1);
            if (hit == 0) {
                u += 8;
                o += 8;
                continue;
            }
#ifdef JSON_FIRST_FLAGGED
            u += JSON_FIRST_FLAGGED(hit);
            o += JSON_FIRST_FLAGGED(hit);
#endif
            break;
        }
        while (u < stop && *u >= 0x20 && *u < 0x80 && *u != '"' && *u != '\\')
            *o++ = (char)*u++;
        if (u < stop)
            o = escape_byte(o, &u, end);
    }
    *pu = u;
    return o;
}

/* A JSON string; each invalid UTF-8 sequence becomes U+FFFD, so what is
 * written is always valid UTF-8 (strict servers reject anything else). */
static void encode_string(encoder *enc, const char *s, size_t len)
{
    buffer *out = enc->out;
    const unsigned char *u = (const unsigned char *)s, *end = u + len;
    char *o = out_room(enc, (len < STRING_CHUNK ? len : STRING_CHUNK) * 6 + STRING_SLACK);
    *o++ = '"';
    for (;;) {
        const unsigned char *stop = end - u > STRING_CHUNK ? u + STRING_CHUNK : end;
        o = escape_chunk(o, &u, stop, end);
        if (u >= end)
            break;
        out->len = (size_t)(o - out->data);
        o = out_room(enc, STRING_CHUNK * 6 + STRING_SLACK);
    }
    *o++ = '"';
    out->len = (size_t)(o - out->data);
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
    if (value != value || value == HUGE_VAL || value == -HUGE_VAL) {
        if (enc->lossy) {
            buffer_add(L, enc->out, "null", 4);
            return;
        }
        encoder_fail(enc, "cannot encode NaN or infinity");
    }
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
    int slot;   /* the value's stack slot, or the key's index in the anchor table */
    int repair; /* holds invalid UTF-8: written (so sorted) with U+FFFD */
} key_ref;

static int invalid_utf8(const unsigned char *s, size_t n)
{
    size_t i = 0, bad, valid;
    while (i < n) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        valid = json_utf8_sequence(s + i, n - i, &bad);
        if (valid == 0)
            return 1;
        i += valid;
    }
    return 0;
}

/* The bytes of a key as encode_string writes it (before escaping): each
 * invalid sequence read as U+FFFD. */
typedef struct repaired {
    const unsigned char *at, *end;
    size_t copy; /* bytes of a valid sequence still to give */
    int fffd;    /* bytes of a U+FFFD given so far, 0 when none is under way */
} repaired;

static int repaired_next(repaired *r)
{
    static const unsigned char fffd[] = {0xEF, 0xBF, 0xBD};
    size_t bad;
    if (r->fffd > 0 && r->fffd < 3)
        return fffd[r->fffd++];
    r->fffd = 0;
    if (r->at >= r->end)
        return -1;
    if (r->copy == 0 && *r->at >= 0x80) {
        r->copy = json_utf8_sequence(r->at, (size_t)(r->end - r->at), &bad);
        if (r->copy == 0) {
            r->at += bad;
            r->fffd = 1;
            return fffd[0];
        }
    }
    if (r->copy > 0)
        r->copy--;
    return *r->at++;
}

/* Bytewise order, a prefix first. */
static inline int raw_less(const key_ref *left, const key_ref *right)
{
    size_t common = left->len < right->len ? left->len : right->len;
    int order;
    if (common > 0 && left->text[0] != right->text[0])
        return (unsigned char)left->text[0] < (unsigned char)right->text[0];
    order = memcmp(left->text, right->text, common);
    return order < 0 || (order == 0 && left->len < right->len);
}

/* The order of two keys as written (each invalid sequence read as U+FFFD):
 * negative, 0 (written alike) or positive. */
static int written_order(const key_ref *left, const key_ref *right)
{
    repaired a, b;
    a.at = (const unsigned char *)left->text;
    a.end = a.at + left->len;
    b.at = (const unsigned char *)right->text;
    b.end = b.at + right->len;
    a.copy = b.copy = 0;
    a.fffd = b.fffd = 0;
    for (;;) {
        int x = repaired_next(&a), y = repaired_next(&b);
        if (x != y || x < 0)
            return x - y;
    }
}

/* Keys sort as they are written, so as the decoder (which repairs keys
 * the same way) reads them back: a round trip keeps the order. Two keys
 * written the same go in raw order, to stay deterministic. */
static int key_less(const key_ref *left, const key_ref *right)
{
    int order;
    if (!left->repair && !right->repair)
        return raw_less(left, right);
    order = written_order(left, right);
    return order != 0 ? order < 0 : raw_less(left, right);
}

/* Are two keys written the same? Only keys with invalid UTF-8 can be:
 * distinct raw keys may repair to one text. */
static int written_alike(const key_ref *left, const key_ref *right)
{
    return (left->repair || right->repair) && written_order(left, right) == 0;
}

static int compare_keys(const void *a, const void *b)
{
    const key_ref *left = (const key_ref *)a, *right = (const key_ref *)b;
    return key_less(left, right) ? -1 : key_less(right, left);
}

/* Objects have a handful of keys: insertion sort, inline comparisons. */
static void sort_keys(key_ref *keys, size_t n)
{
    size_t i, j;
    if (n > 16) {
        qsort(keys, n, sizeof(key_ref), compare_keys);
        return;
    }
    for (i = 1; i < n; i++) {
        key_ref key = keys[i];
        for (j = i; j > 0 && key_less(&key, &keys[j - 1]); j--)
            keys[j] = keys[j - 1];
        keys[j] = key;
    }
}

static void encode_value(encoder *enc, int index, int key_slot);

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

/* An empty table: "[]" with json_array_mt or as the value of one of
 * opts.array_keys (the key string is at `key_slot`, 0 for none). */
static int empty_is_array(encoder *enc, int index, int key_slot)
{
    lua_State *L = enc->L;
    int is_array = 0;
    if (lua_getmetatable(L, index)) {
        is_array = lua_rawequal(L, -1, enc->array_mt);
        lua_pop(L, 1);
        if (is_array)
            return 1;
    }
    if (enc->array_keys != 0 && key_slot != 0) {
        lua_pushvalue(L, key_slot);
        lua_rawget(L, enc->array_keys);
        is_array = lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    return is_array;
}

/* Fill `keys` (room for `room`) with the string keys of the table at
 * `index`. Each key and its value stay on the stack (the slot is the
 * value's, the key is below it), or, with `anchor` (a stack index), the
 * key is stored at anchor[slot]. Stack room or a presized anchor table was
 * made before, so nothing here allocates through the collector and no
 * finalizer can run between the walk and the fill. Returns the number of
 * keys, or -1 when the table no longer fits: a finalizer run by the
 * allocations added keys. */
static long fill_keys(lua_State *L, int index, key_ref *keys, size_t room, int anchor)
{
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        if (n == room || lua_type(L, -2) != LUA_TSTRING) {
            lua_pop(L, 2);
            return -1;
        }
        keys[n].text = lua_tolstring(L, -2, &keys[n].len);
        keys[n].repair = invalid_utf8((const unsigned char *)keys[n].text, keys[n].len);
        if (anchor != 0) {
            keys[n].slot = (int)n + 1;
            lua_pop(L, 1);
            lua_pushvalue(L, -1); /* the key stays on top for lua_next */
            lua_rawseti(L, anchor, keys[n].slot);
        } else {
            keys[n].slot = lua_gettop(L);
            lua_pushvalue(L, -2); /* key and value stay, the copy goes on */
        }
        n++;
    }
    return (long)n;
}

/* Objects keep keys and values on the stack while the stack stays under
 * this; deeper or wider ones anchor their keys in a table (3 slots a
 * level). Lua 5.1 and LuaJIT give a C function 8000 slots in all, which
 * leaves room for JSON_MAX_DEPTH such levels. */
#if LUA_VERSION_NUM >= 502
#define ENCODE_STACK_BUDGET 100000
#else
#define ENCODE_STACK_BUDGET 6000
#endif

/* Room for `n` key_refs at the top of the key stack. */
static key_ref *key_room(encoder *enc, size_t n)
{
    buffer_reserve(enc->L, enc->keys, n * sizeof(key_ref));
    return (key_ref *)(void *)(enc->keys->data + enc->keys->len);
}

/* Collect, anchor and sort the keys of the object at `index` (`count` keys
 * when last walked); returns the position of the first in the key stack,
 * *n keys, *anchor the anchor table (0: keys and values on the stack).
 * Objects with more keys than the stack should hold anchor their keys in a
 * table; making it can run finalizers that add or remove keys, so the keys
 * are taken after it, and a key removed later stays alive. */
static size_t collect_keys(encoder *enc, int index, size_t count, size_t *n, int *anchor)
{
    lua_State *L = enc->L;
    size_t room = count, base = enc->keys->len / sizeof(key_ref);
    int attempt, top = lua_gettop(L);
    for (attempt = 0; attempt < 8; attempt++) {
        key_ref *keys;
        long filled;
        *anchor = 0;
        if (room > 4096 || lua_gettop(L) + 2 * (int)room > ENCODE_STACK_BUDGET ||
            !lua_checkstack(L, 2 * (int)room + 8)) {
            lua_createtable(L, (int)room, 0);
            *anchor = lua_gettop(L);
        }
        keys = key_room(enc, room);
        filled = fill_keys(L, index, keys, room, *anchor);
        if (filled >= 0) {
            *n = (size_t)filled;
            sort_keys(keys, *n);
            enc->keys->len = (base + *n) * sizeof(key_ref);
            return base;
        }
        lua_settop(L, top);
        if (table_shape(enc, index, &count) != 2)
            break;
        room = 2 * (count > room ? count : room); /* room for more growth */
    }
    enc->depth--; /* the path names the table, not one of its keys */
    encoder_fail(enc, "cannot encode a table that finalizers keep changing");
    return 0;
}

static void encode_array(encoder *enc, int index, size_t count)
{
    lua_State *L = enc->L;
    size_t i;
    out_char(enc, '[');
    for (i = 1; i <= count; i++) {
        if (i > 1)
            out_char(enc, ',');
        enc->path[enc->depth].key = NULL;
        enc->path[enc->depth].index = (long long)i;
        lua_rawgeti(L, index, (int)i);
        encode_value(enc, lua_gettop(L), 0);
        lua_pop(L, 1);
    }
    out_char(enc, ']');
}

static void encode_object(encoder *enc, int index, size_t count)
{
    lua_State *L = enc->L;
    size_t i, n = 0, base;
    int anchor, top = lua_gettop(L);
    base = collect_keys(enc, index, count, &n, &anchor);
    out_char(enc, '{');
    for (i = 0; i < n; i++) {
        /* the key stack may move while a value is encoded: index it anew */
        const key_ref *key = (const key_ref *)(void *)enc->keys->data + base + i;
        int slot = key->slot;
        /* keys that repair to one text are adjacent once sorted: the first
         * is written, the others left out, as a decoder would keep one */
        if (i > 0 && written_alike(key - 1, key))
            continue;
        if (i > 0)
            out_char(enc, ',');
        enc->path[enc->depth].key = key->text;
        enc->path[enc->depth].key_len = key->len;
        encode_string(enc, key->text, key->len);
        out_char(enc, ':');
        if (anchor == 0) {
            encode_value(enc, slot, slot - 1);
            continue;
        }
        lua_rawgeti(L, anchor, slot);
        lua_pushvalue(L, -1);
        lua_rawget(L, index);
        encode_value(enc, lua_gettop(L), lua_gettop(L) - 1);
        lua_pop(L, 2);
    }
    out_char(enc, '}');
    enc->keys->len = base * sizeof(key_ref);
    lua_settop(L, top); /* keys, values and anchors */
}

static void encode_table(encoder *enc, int index, int key_slot)
{
    lua_State *L = enc->L;
    const void *table = lua_topointer(L, index);
    size_t count;
    int shape, level;
    for (level = enc->depth; level > 0; level--)
        if (enc->open[level] == table)
            encoder_fail(enc, "cannot encode a cycle");
    if (++enc->tables > JSON_MAX_TABLES)
        encoder_fail(enc, "value too large (more than 2^27 tables)");
    if (enc->depth >= JSON_MAX_DEPTH)
        encoder_fail(enc, "nesting too deep");
    luaL_checkstack(L, 8, "json: nesting too deep");
    shape = table_shape(enc, index, &count);
    if (shape == 0) {
        if (empty_is_array(enc, index, key_slot))
            buffer_add(L, enc->out, "[]", 2);
        else
            buffer_add(L, enc->out, "{}", 2);
        return;
    }
    enc->open[++enc->depth] = table;
    if (shape == 1)
        encode_array(enc, index, count);
    else
        encode_object(enc, index, count);
    enc->depth--;
}

static void encode_value(encoder *enc, int index, int key_slot)
{
    lua_State *L = enc->L;
    size_t len;
    const char *text;
    switch (lua_type(L, index)) {
    case LUA_TSTRING:
        text = lua_tolstring(L, index, &len);
        encode_string(enc, text, len);
        break;
    case LUA_TNUMBER:
        encode_number(enc, index);
        break;
    case LUA_TBOOLEAN:
        if (lua_toboolean(L, index))
            buffer_add(L, enc->out, "true", 4);
        else
            buffer_add(L, enc->out, "false", 5);
        break;
    case LUA_TNIL:
        buffer_add(L, enc->out, "null", 4);
        break;
    case LUA_TTABLE:
        encode_table(enc, index, key_slot);
        break;
    case LUA_TLIGHTUSERDATA:
        if (json_is_null(L, index)) {
            buffer_add(L, enc->out, "null", 4);
            break;
        }
        /* fall through */
    default: {
        char what[80];
        if (enc->lossy) {
            buffer_add(L, enc->out, "null", 4);
            break;
        }
        snprintf(what, sizeof what, "cannot encode a %s", luaL_typename(L, index));
        encoder_fail(enc, what);
    }
    }
}

static int cache_gc(lua_State *L)
{
    encode_cache *cache = (encode_cache *)lua_touserdata(L, 1);
    if (cache != NULL) {
        buffer_release(&cache->out);
        buffer_release(&cache->keys);
        cache->dead = 1; /* a finalizer may still encode while the state closes */
    }
    return 0;
}

/* The registry's cache, or NULL; allocates nothing. */
static encode_cache *registry_cache(lua_State *L)
{
    encode_cache *cache;
    lua_getfield(L, LUA_REGISTRYINDEX, ENCODE_CACHE_KEY);
    cache = (encode_cache *)luaL_testudata(L, -1, ENCODE_CACHE_MT);
    lua_pop(L, 1);
    return cache;
}

/* Push a cache and return it, marked busy: the registry's when it is free
 * (made on first use), else a fresh one that the collector frees. */
static encode_cache *take_cache(lua_State *L, int *shared)
{
    void *ud;
    lua_Alloc alloc = lua_getallocf(L, &ud);
    encode_cache *cache;
    lua_getfield(L, LUA_REGISTRYINDEX, ENCODE_CACHE_KEY);
    cache = (encode_cache *)luaL_testudata(L, -1, ENCODE_CACHE_MT);
    *shared = cache == NULL || !cache->busy;
    if (cache != NULL && !cache->busy) {
        cache->busy = 1;
        return cache;
    }
    lua_pop(L, 1);
    cache = (encode_cache *)lua_newuserdata(L, sizeof(encode_cache));
    buffer_init(&cache->out, alloc, ud);
    buffer_init(&cache->keys, alloc, ud);
    cache->busy = 1;
    cache->dead = 0;
    if (luaL_newmetatable(L, ENCODE_CACHE_MT))
        set_lifecycle(L, cache_gc, NULL);
    lua_setmetatable(L, -2);
    if (*shared) {
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, ENCODE_CACHE_KEY);
    }
    return cache;
}

/* The registry's cache after an encode, whatever its outcome: free again,
 * emptied, and its memory given back when the last output was small. */
static void return_cache(encode_cache *cache)
{
    if (cache->dead || (cache->out.cap > ENCODE_CACHE_KEEP && cache->out.len < cache->out.cap / 4))
        buffer_release(&cache->out);
    if (cache->dead || cache->keys.cap > ENCODE_CACHE_KEEP)
        buffer_release(&cache->keys);
    cache->out.len = 0;
    cache->keys.len = 0;
    cache->busy = 0;
}

/* Protected body of json_encode: (value, opts) -> text. The caller gives
 * the registry's cache back (it knows whether it was free before), even
 * after an error; a fresh cache's buffers are freed here on success and by
 * its __gc otherwise. */
static int encode_protected(lua_State *L)
{
    enum { VALUE = 1, OPTS, ARRAY_KEYS, ARRAY_MT, CACHE };
    encoder state; /* on the C stack: an error unwinds it, nothing to free */
    encoder *enc = &state;
    encode_cache *cache;
    int shared;
    lua_settop(L, OPTS);
    enc->L = L;
    enc->depth = 0;
    enc->tables = 0;
    enc->array_keys = 0;
    enc->lossy = 0;
    if (lua_type(L, OPTS) == LUA_TTABLE) {
        lua_getfield(L, OPTS, "lossy");
        enc->lossy = lua_toboolean(L, -1);
        lua_pop(L, 1);
        lua_getfield(L, OPTS, "array_keys"); /* ARRAY_KEYS */
        if (lua_type(L, ARRAY_KEYS) == LUA_TTABLE)
            enc->array_keys = ARRAY_KEYS;
    } else {
        lua_pushnil(L); /* ARRAY_KEYS */
    }
    lua_settop(L, ARRAY_KEYS);
    json_push_array_mt(L); /* ARRAY_MT */
    enc->array_mt = ARRAY_MT;
    cache = take_cache(L, &shared); /* CACHE */
    cache->out.len = cache->keys.len = 0;
    enc->out = &cache->out;
    enc->keys = &cache->keys;
    encode_value(enc, VALUE, 0);
    buffer_push(L, enc->out);
    if (!shared) { /* made for this call only (nested in another encode) */
        buffer_release(&cache->out);
        buffer_release(&cache->keys);
    }
    return 1;
}

int json_encode_value(lua_State *L, int value, int opts)
{
    encode_cache *cache = registry_cache(L);
    int ok, was_free = cache == NULL || !cache->busy;
    value = lua_absindex(L, value);
    opts = opts == 0 ? 0 : lua_absindex(L, opts);
    json_push_registered(L, ENCODE_PROTECTED_KEY, encode_protected);
    lua_pushvalue(L, value);
    if (opts != 0)
        lua_pushvalue(L, opts);
    else
        lua_pushnil(L);
    ok = lua_pcall(L, 2, 1, 0) == 0;
    /* the registry's cache was free before, so if it is busy now this call
     * took it (encodes nested in it took fresh ones and are over) */
    cache = was_free ? registry_cache(L) : NULL;
    if (cache != NULL && cache->busy)
        return_cache(cache);
    return ok;
}

/* json_encode(value [, opts]) -> text | nil, err */
static int json_encode(lua_State *L)
{
    lua_settop(L, 2);
    if (json_encode_value(L, 1, 2))
        return 1;
    return compact_fail_top(L);
}

int luaopen_compact_core_json_encode(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"json_encode", json_encode},
        {NULL, NULL},
    };
    lua_pushcfunction(L, encode_protected);
    lua_setfield(L, LUA_REGISTRYINDEX, ENCODE_PROTECTED_KEY);
    luaL_newlib(L, functions);
    lua_pushlightuserdata(L, NULL);
    lua_setfield(L, -2, "json_null");
    json_push_array_mt(L);
    lua_setfield(L, -2, "json_array_mt");
    return 1;
}
