/* bpe.c: exact byte pair encoding over tiktoken rank files, part of
 * compact.core (lua/compact/tokenizer.lua is the public face).
 *
 *   local vocab = core.bpe_load(path, "o200k" | "cl100k") -- | nil, message
 *   vocab:encode(text) -> { id, ... }      vocab:count(text) -> n
 *   vocab:decode(ids)  -> text | nil, message
 *   vocab:size() -> number of tokens       vocab:close()
 *
 * A rank file has one "<base64 bytes> <rank>" per line (empty lines are
 * skipped). Token ids are tiktoken's encode_ordinary ids: the text is cut
 * into pieces by the pattern's pre-tokenizer (bpe_pretok.h), each piece is
 * merged by rank (bpe_merge.h). Memory comes from the Lua state's allocator. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parts.h"
#include "bpe_pretok.h"
#include "bpe_merge.h"

#define BPE_MT "compact.tokenizer.vocabulary"
#define BPE_MAX_RANK 4194304u /* ranks at or past this are rejected */
#define BPE_SHORT_RANKS (256 + 65536)

enum { BPE_CL100K, BPE_O200K };

typedef struct bpe_ud {
    bpe_vocab v;
    int pattern;
    int loaded;
    uint32_t count;
} bpe_ud;

typedef struct bpe_entry {
    uint32_t rank, offset, length, line, hash;
} bpe_entry;

/* ---- loading ----------------------------------------------------------- */

typedef struct bpe_loader {
    bpe_vocab *v;
    const unsigned char *text;
    size_t size;
    bpe_entry *entries;
    size_t n_entries, cap_entries;
    char *err; /* message buffer */
    size_t err_size;
} bpe_loader;

/* base64 digit values; 64 marks a byte outside the alphabet */
static unsigned char b64_table[256];

static void b64_init(void)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    int k;
    if (b64_table[0] == 64)
        return;
    memset(b64_table, 64, sizeof b64_table);
    for (k = 0; k < 64; k++)
        b64_table[(unsigned char)digits[k]] = (unsigned char)k;
}

/* Decode standard padded base64 s[0..n) into out; returns the length or
 * -1 when it is not valid base64. */
static long b64_decode(const unsigned char *s, size_t n, unsigned char *out)
{
    size_t i, o = 0, pad = 0;
    if (n == 0 || n % 4 != 0)
        return -1;
    if (s[n - 1] == '=')
        pad = s[n - 2] == '=' ? 2 : 1;
    for (i = 0; i < n; i += 4) {
        int k, v[4];
        for (k = 0; k < 4; k++) {
            v[k] = (i + k >= n - pad) ? 0 : b64_table[s[i + k]];
            if (v[k] == 64)
                return -1;
        }
        out[o++] = (unsigned char)(v[0] << 2 | v[1] >> 4);
        out[o++] = (unsigned char)((v[1] & 15) << 4 | v[2] >> 2);
        out[o++] = (unsigned char)((v[2] & 3) << 6 | v[3]);
    }
    return (long)(o - pad);
}

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Parse "<base64> <rank>" in line[0..n); appends an entry. Returns NULL or
 * what is wrong. */
static const char *bpe_parse_line(bpe_loader *ld, const unsigned char *line, size_t n, uint32_t lineno)
{
    size_t i = 0, tok_start, tok_end;
    unsigned long long rank = 0;
    long len;
    bpe_entry *e;
    while (i < n && is_blank(line[i]))
        i++;
    tok_start = i;
    while (i < n && !is_blank(line[i]))
        i++;
    tok_end = i;
    while (i < n && is_blank(line[i]))
        i++;
    if (i == n)
        return "expected \"<base64 token> <rank>\"";
    if (line[i] < '0' || line[i] > '9')
        return "rank is not a non-negative integer";
    for (; i < n && !is_blank(line[i]); i++) {
        if (line[i] < '0' || line[i] > '9')
            return "rank is not a non-negative integer";
        rank = rank * 10 + (line[i] - '0');
        if (rank >= BPE_MAX_RANK)
            return "rank too large (4194304 or more)";
    }
    while (i < n && is_blank(line[i]))
        i++;
    if (i != n)
        return "expected \"<base64 token> <rank>\"";
    len = b64_decode(line + tok_start, tok_end - tok_start, ld->v->bytes + ld->v->bytes_size);
    if (len <= 0)
        return len == 0 ? "empty token" : "bad base64 token";
    e = &ld->entries[ld->n_entries++];
    e->rank = (uint32_t)rank;
    e->offset = (uint32_t)ld->v->bytes_size;
    e->length = (uint32_t)len;
    e->line = lineno;
    e->hash = bpe_hash(ld->v->bytes + e->offset, (size_t)len, bpe_word(ld->v->bytes + e->offset, (size_t)len));
    ld->v->bytes_size += (size_t)len;
    return NULL;
}

/* Split the text into lines and parse each; returns 0 on failure (message
 * in ld->err). */
static int bpe_parse_all(bpe_loader *ld)
{
    size_t i = 0;
    uint32_t lineno = 0;
    while (i < ld->size) {
        const unsigned char *line = ld->text + i;
        const unsigned char *nl = (const unsigned char *)memchr(line, '\n', ld->size - i);
        size_t n = nl ? (size_t)(nl - line) : ld->size - i;
        size_t k;
        const char *what;
        lineno++;
        i += n + 1;
        for (k = 0; k < n && is_blank(line[k]); k++) {
        }
        if (k == n)
            continue;
        what = bpe_parse_line(ld, line, n, lineno);
        if (what) {
            snprintf(ld->err, ld->err_size, "line %lu: %s", (unsigned long)lineno, what);
            return 0;
        }
    }
    if (ld->n_entries == 0) {
        snprintf(ld->err, ld->err_size, "no tokens in the file");
        return 0;
    }
    return 1;
}

/* Dense rank arrays and the hash table from the parsed entries. */
static int bpe_index(bpe_loader *ld)
{
    bpe_vocab *v = ld->v;
    size_t k, cap = 1024;
    uint32_t max = 0, other, b;
    for (k = 0; k < ld->n_entries; k++)
        if (ld->entries[k].rank > max)
            max = ld->entries[k].rank;
    v->n_ranks = max + 1;
    v->offset = (uint32_t *)bpe_mem(v, NULL, 0, v->n_ranks * sizeof(uint32_t));
    v->length = (uint32_t *)bpe_mem(v, NULL, 0, v->n_ranks * sizeof(uint32_t));
    while (cap < 2 * ld->n_entries)
        cap *= 2;
    v->slots = (bpe_slot *)bpe_mem(v, NULL, 0, cap * sizeof(bpe_slot));
    v->mask = (uint32_t)(cap - 1);
    if (!v->offset || !v->length || !v->slots) {
        snprintf(ld->err, ld->err_size, "out of memory");
        return 0;
    }
    memset(v->slots, 0, cap * sizeof(bpe_slot));
    memset(v->length, 0xFF, v->n_ranks * sizeof(uint32_t));
    for (k = 0; k < ld->n_entries; k++) {
        const bpe_entry *e = &ld->entries[k];
        if (v->length[e->rank] != BPE_NONE) {
            snprintf(ld->err, ld->err_size, "line %lu: duplicate rank %lu", (unsigned long)e->line,
                     (unsigned long)e->rank);
            return 0;
        }
        v->offset[e->rank] = e->offset;
        v->length[e->rank] = e->length;
#if defined(__GNUC__)
        /* inserts land at random: fetch a later entry's slot meanwhile */
        if (k + 16 < ld->n_entries)
            __builtin_prefetch(&v->slots[ld->entries[k + 16].hash & v->mask], 1);
#endif
        if (!bpe_insert(v, e->rank, e->hash, &other)) {
            snprintf(ld->err, ld->err_size, "line %lu: duplicate token (the same bytes as rank %lu)",
                     (unsigned long)e->line, (unsigned long)other);
            return 0;
        }
    }
    for (b = 0; b < 256; b++) {
        unsigned char byte = (unsigned char)b;
        if (bpe_rank(v, &byte, 1) == BPE_NONE) {
            snprintf(ld->err, ld->err_size, "no token for the single byte 0x%02X", (unsigned)b);
            return 0;
        }
    }
    return 1;
}

static void bpe_vocab_free(bpe_vocab *v)
{
    if (v->cache)
        bpe_mem(v, v->cache, BPE_CACHE_SLOTS * sizeof(bpe_cache_entry), 0);
    v->cache = NULL;
    if (v->short_rank)
        bpe_mem(v, v->short_rank, BPE_SHORT_RANKS * sizeof(uint32_t), 0);
    v->short_rank = NULL;
    if (v->bytes)
        bpe_mem(v, v->bytes, v->bytes_size ? v->bytes_size : 1, 0);
    if (v->offset)
        bpe_mem(v, v->offset, v->n_ranks * sizeof(uint32_t), 0);
    if (v->length)
        bpe_mem(v, v->length, v->n_ranks * sizeof(uint32_t), 0);
    if (v->slots)
        bpe_mem(v, v->slots, ((size_t)v->mask + 1) * sizeof(bpe_slot), 0);
    v->bytes = NULL;
    v->offset = v->length = NULL;
    v->slots = NULL;
}

/* Read the whole file; returns NULL with a message in err. */
static unsigned char *bpe_read_file(const bpe_vocab *v, const char *path, size_t *size, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    long len;
    unsigned char *text = NULL;
    if (f == NULL) {
        snprintf(err, err_size, "cannot read: %s", strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = (unsigned char *)bpe_mem(v, NULL, 0, (size_t)len + 1);
        if (text && fread(text, 1, (size_t)len, f) != (size_t)len) {
            bpe_mem(v, text, (size_t)len + 1, 0);
            text = NULL;
        }
        *size = (size_t)len;
    }
    if (text == NULL)
        snprintf(err, err_size, "cannot read: %s", ferror(f) ? strerror(errno) : "not a regular file");
    fclose(f);
    return text;
}

/* Count lines to size the entry and byte buffers, parse, index. */
static int bpe_load_text(bpe_vocab *v, const unsigned char *text, size_t size, char *err, size_t err_size)
{
    bpe_loader ld;
    size_t lines = 1, k, entries_size;
    int ok;
    for (k = 0; k < size; k++) {
        const unsigned char *nl = (const unsigned char *)memchr(text + k, '\n', size - k);
        if (nl == NULL)
            break;
        lines++;
        k = (size_t)(nl - text);
    }
    memset(&ld, 0, sizeof ld);
    ld.v = v;
    ld.text = text;
    ld.size = size;
    ld.err = err;
    ld.err_size = err_size;
    entries_size = lines * sizeof(bpe_entry);
    ld.entries = (bpe_entry *)bpe_mem(v, NULL, 0, entries_size);
    v->bytes = (unsigned char *)bpe_mem(v, NULL, 0, size + 1);
    v->bytes_size = 0;
    if (!ld.entries || !v->bytes) {
        snprintf(err, err_size, "out of memory");
        ok = 0;
    } else {
        ok = bpe_parse_all(&ld) && bpe_index(&ld);
    }
    if (ld.entries)
        bpe_mem(v, ld.entries, entries_size, 0);
    if (v->bytes) {
        /* shrink the byte buffer to what the tokens use */
        unsigned char *fit = (unsigned char *)bpe_mem(v, v->bytes, size + 1, v->bytes_size ? v->bytes_size : 1);
        if (fit)
            v->bytes = fit;
        else
            v->bytes_size = size + 1;
    }
    return ok;
}

/* The direct table of 1- and 2-byte tokens (an optional speed-up: without
 * memory for it, lookups go through the hash table). */
static void bpe_short_ranks(bpe_vocab *v)
{
    uint32_t r;
    v->short_rank = (uint32_t *)bpe_mem(v, NULL, 0, BPE_SHORT_RANKS * sizeof(uint32_t));
    if (v->short_rank == NULL)
        return;
    memset(v->short_rank, 0xFF, BPE_SHORT_RANKS * sizeof(uint32_t));
    for (r = 0; r < v->n_ranks; r++) {
        const unsigned char *p = v->bytes + v->offset[r];
        if (v->length[r] == 1)
            v->short_rank[p[0]] = r;
        else if (v->length[r] == 2)
            v->short_rank[256 + ((unsigned)p[0] << 8 | p[1])] = r;
    }
}

static size_t count_tokens(const bpe_vocab *v)
{
    size_t r, c = 0;
    for (r = 0; r < v->n_ranks; r++)
        c += v->length[r] != BPE_NONE;
    return c;
}

/* ---- Lua binding --------------------------------------------------------- */

static bpe_ud *bpe_check(lua_State *L, int index)
{
    bpe_ud *u = (bpe_ud *)luaL_testudata(L, index, BPE_MT);
    if (u == NULL)
        luaL_argerror(L, index, "expected a tokenizer vocabulary");
    return u;
}

/* The vocabulary at 1 and the string at 2, or NULL with (nil, message)
 * pushed. A closed vocabulary raises (misuse: compact.tokenizer checks
 * its own closed state first, compat.h). */
static bpe_ud *bpe_args(lua_State *L, const unsigned char **s, size_t *n)
{
    bpe_ud *u = bpe_check(L, 1);
    if (!u->loaded)
        luaL_error(L, "the tokenizer is closed");
    if (lua_type(L, 2) != LUA_TSTRING) {
        compact_fail(L, "text must be a string, got %s", luaL_typename(L, 2));
        return NULL;
    }
    *s = (const unsigned char *)lua_tolstring(L, 2, n);
    return u;
}

/* Encode s[0..n) into out; returns 0 when memory ran out. */
static int bpe_encode_text(const bpe_ud *u, const unsigned char *s, size_t n, bpe_out *out)
{
    size_t i = 0;
    while (i < n) {
        size_t e = u->pattern == BPE_O200K ? bpe_next_o200k(s, n, i) : bpe_next_cl100k(s, n, i);
        if (!bpe_encode_piece(&u->v, s + i, e - i, out) || out->failed)
            return 0;
        i = e;
    }
    return 1;
}

static int bpe_lua_encode(lua_State *L)
{
    const unsigned char *s;
    size_t n, k;
    bpe_out out;
    bpe_ud *u = bpe_args(L, &s, &n);
    int ok;
    if (u == NULL)
        return 2;
    memset(&out, 0, sizeof out);
    out.store = 1;
    ok = bpe_encode_text(u, s, n, &out);
    if (ok) {
        lua_createtable(L, (int)out.n, 0);
        for (k = 0; k < out.n; k++) {
            lua_pushinteger(L, (lua_Integer)out.ids[k]);
            lua_rawseti(L, -2, (int)(k + 1));
        }
    }
    if (out.ids)
        bpe_mem(&u->v, out.ids, out.cap * sizeof(uint32_t), 0);
    if (!ok) {
        return compact_fail(L, "out of memory");
    }
    return 1;
}

static int bpe_lua_count(lua_State *L)
{
    const unsigned char *s;
    size_t n;
    bpe_out out;
    bpe_ud *u = bpe_args(L, &s, &n);
    if (u == NULL)
        return 2;
    memset(&out, 0, sizeof out);
    if (!bpe_encode_text(u, s, n, &out)) {
        return compact_fail(L, "out of memory");
    }
    lua_pushinteger(L, (lua_Integer)out.n);
    return 1;
}

static int bpe_lua_decode(lua_State *L)
{
    bpe_ud *u = bpe_check(L, 1);
    size_t k, n;
    luaL_Buffer b;
    if (!u->loaded)
        return luaL_error(L, "the tokenizer is closed");
    if (lua_type(L, 2) != LUA_TTABLE) {
        return compact_fail(L, "ids must be a table, got %s", luaL_typename(L, 2));
    }
    n = lua_rawlen(L, 2);
    for (k = 1; k <= n; k++) {
        long long id;
        lua_rawgeti(L, 2, (int)k);
        if (lua_type(L, -1) != LUA_TNUMBER || !to_integer_exact(L, -1, &id) || id < 0 ||
            (unsigned long long)id >= u->v.n_ranks || u->v.length[id] == BPE_NONE) {
            return compact_fail(L, "ids[%d]: not a token id of this vocabulary", (int)k);
        }
        lua_pop(L, 1);
    }
    luaL_buffinit(L, &b);
    for (k = 1; k <= n; k++) {
        long long id = 0;
        lua_rawgeti(L, 2, (int)k);
        to_integer_exact(L, -1, &id);
        lua_pop(L, 1);
        luaL_addlstring(&b, (const char *)u->v.bytes + u->v.offset[id], u->v.length[id]);
    }
    luaL_pushresult(&b);
    return 1;
}

static int bpe_lua_size(lua_State *L)
{
    bpe_ud *u = bpe_check(L, 1);
    lua_pushinteger(L, (lua_Integer)(u->loaded ? u->count : 0));
    return 1;
}

static int bpe_gc(lua_State *L)
{
    bpe_ud *u = bpe_check(L, 1);
    if (u->loaded)
        bpe_vocab_free(&u->v);
    u->loaded = 0;
    return 0;
}

static int bpe_tostring(lua_State *L)
{
    bpe_ud *u = bpe_check(L, 1);
    if (u->loaded)
        lua_pushfstring(L, "compact.tokenizer vocabulary (%d tokens, %s pattern)", (int)u->count,
                        u->pattern == BPE_O200K ? "o200k" : "cl100k");
    else
        lua_pushliteral(L, "compact.tokenizer vocabulary (closed)");
    return 1;
}

static void bpe_push_metatable(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "encode", bpe_lua_encode },
        { "count", bpe_lua_count },
        { "decode", bpe_lua_decode },
        { "size", bpe_lua_size },
        { "close", bpe_gc },
        { NULL, NULL }
    };
    new_class(L, BPE_MT, methods, bpe_gc, bpe_tostring);
    luaL_getmetatable(L, BPE_MT);
}

/* core.bpe_load(path, pattern) -> vocabulary | nil, message */
static int bpe_lua_load(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    const char *pattern = luaL_optstring(L, 2, "cl100k");
    char err[256];
    size_t size = 0;
    unsigned char *text;
    int ok;
    bpe_ud *u;
    if (strcmp(pattern, "o200k") != 0 && strcmp(pattern, "cl100k") != 0) {
        return compact_fail(L, "unknown pattern %s (o200k or cl100k)", pattern);
    }
    u = (bpe_ud *)lua_newuserdata(L, sizeof(bpe_ud));
    memset(u, 0, sizeof *u);
    u->v.alloc = lua_getallocf(L, &u->v.alloc_ud);
    u->pattern = strcmp(pattern, "o200k") == 0 ? BPE_O200K : BPE_CL100K;
    bpe_push_metatable(L);
    lua_setmetatable(L, -2);
    text = bpe_read_file(&u->v, path, &size, err, sizeof err);
    if (text == NULL) {
        return compact_fail(L, "%s", err);
    }
    u->loaded = 1; /* from here __gc frees whatever was allocated */
    ok = bpe_load_text(&u->v, text, size, err, sizeof err);
    bpe_mem(&u->v, text, size + 1, 0);
    if (!ok) {
        bpe_vocab_free(&u->v);
        u->loaded = 0;
        return compact_fail(L, "%s", err);
    }
    u->count = (uint32_t)count_tokens(&u->v);
    /* without memory for the cache, encoding still works (uncached) */
    u->v.cache = (bpe_cache_entry *)bpe_mem(&u->v, NULL, 0, BPE_CACHE_SLOTS * sizeof(bpe_cache_entry));
    if (u->v.cache)
        memset(u->v.cache, 0, BPE_CACHE_SLOTS * sizeof(bpe_cache_entry));
    bpe_short_ranks(&u->v);
    return 1;
}

int luaopen_compact_core_bpe(lua_State *L)
{
    static const luaL_Reg functions[] = {
        { "bpe_load", bpe_lua_load },
        { NULL, NULL }
    };
    bpe_classes_init();
    b64_init();
    luaL_newlib(L, functions);
    return 1;
}
