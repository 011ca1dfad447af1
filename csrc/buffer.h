/* buffer.h: the one growable byte buffer of compact (JSON text, summarizer
 * records, SSE lines and events, HTTP bodies and headers).
 *
 * Memory comes from an allocator with lua_Alloc's signature, normally the
 * Lua state's own (lua_getallocf), so a host that gives Lua its own
 * allocator sees every byte compact holds. Two layers:
 *
 *   buffer_init / buffer_append / buffer_release never raise: they return
 *   BUFFER_OK, BUFFER_ENOMEM or BUFFER_ETOOBIG. For code where a Lua error
 *   must not be raised (libcurl callbacks) or where there is no Lua state
 *   (the SSE parser's fuzz target passes a malloc-based allocator).
 *
 *   buffer_new pushes a Lua-owned box (freed by __gc, and by __close on 5.4,
 *   as lauxlib's box), so a Lua error raised halfway through never leaks;
 *   buffer_reserve / buffer_add / buffer_addc / buffer_adds raise on out of
 *   memory; buffer_push pushes the contents as a string. */
#ifndef COMPACT_BUFFER_H
#define COMPACT_BUFFER_H

#include <string.h>
#include "compat.h"

#define COMPACT_BUFFER_MT "compact.buffer"

#define BUFFER_OK 0
#define BUFFER_ENOMEM 1  /* the allocator failed */
#define BUFFER_ETOOBIG 2 /* the contents would pass the caller's limit */

typedef struct buffer {
    char *data;
    size_t len;
    size_t cap;
    lua_Alloc alloc;
    void *ud;
} buffer;

static inline void buffer_init(buffer *b, lua_Alloc alloc, void *ud)
{
    b->data = NULL;
    b->len = b->cap = 0;
    b->alloc = alloc;
    b->ud = ud;
}

/* Make room for `extra` more bytes, keeping len + extra <= limit. */
static inline int buffer_grow(buffer *b, size_t extra, size_t limit)
{
    size_t cap;
    char *grown;
    if (extra > limit || b->len > limit - extra)
        return BUFFER_ETOOBIG;
    if (extra <= b->cap - b->len)
        return BUFFER_OK;
    cap = b->cap ? b->cap : 256;
    while (cap - b->len < extra)
        cap = cap > ((size_t)-1) / 4 ? b->len + extra : cap * 2;
    grown = (char *)b->alloc(b->ud, b->data, b->data ? b->cap : 0, cap);
    if (grown == NULL)
        return BUFFER_ENOMEM;
    b->data = grown;
    b->cap = cap;
    return BUFFER_OK;
}

static inline int buffer_append(buffer *b, const char *s, size_t n, size_t limit)
{
    int rc;
    if (n == 0)
        return BUFFER_OK;
    if ((rc = buffer_grow(b, n, limit)) != BUFFER_OK)
        return rc;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    return BUFFER_OK;
}

/* Free the memory; the buffer stays usable (empty). Safe twice. */
static inline void buffer_release(buffer *b)
{
    if (b->data != NULL)
        b->alloc(b->ud, b->data, b->cap, 0);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* ---- Lua-owned boxes ---- */

static inline int buffer_gc(lua_State *L)
{
    buffer *b = (buffer *)lua_touserdata(L, 1);
    if (b != NULL)
        buffer_release(b);
    return 0;
}

/* Push a new empty buffer box on the stack and return it. */
static inline buffer *buffer_new(lua_State *L)
{
    void *ud;
    lua_Alloc alloc = lua_getallocf(L, &ud);
    buffer *b = (buffer *)lua_newuserdata(L, sizeof(buffer));
    buffer_init(b, alloc, ud);
    if (luaL_newmetatable(L, COMPACT_BUFFER_MT))
        set_lifecycle(L, buffer_gc, NULL);
    lua_setmetatable(L, -2);
    return b;
}

/* Make room for `extra` more bytes; raises a Lua error when out of memory. */
static inline void buffer_reserve(lua_State *L, buffer *b, size_t extra)
{
    int rc = buffer_grow(b, extra, ((size_t)-1) / 2);
    if (rc == BUFFER_ETOOBIG)
        luaL_error(L, "buffer too large");
    else if (rc == BUFFER_ENOMEM)
        luaL_error(L, "not enough memory");
}

static inline void buffer_add(lua_State *L, buffer *b, const char *bytes, size_t n)
{
    if (n == 0)
        return;
    buffer_reserve(L, b, n);
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
}

static inline void buffer_addc(lua_State *L, buffer *b, char c)
{
    if (b->cap == b->len)
        buffer_reserve(L, b, 1);
    b->data[b->len++] = c;
}

static inline void buffer_adds(lua_State *L, buffer *b, const char *s)
{
    buffer_add(L, b, s, strlen(s));
}

/* Push the contents as a Lua string (the box stays where it is). */
static inline void buffer_push(lua_State *L, const buffer *b)
{
    lua_pushlstring(L, b->data ? b->data : "", b->len);
}

#endif
