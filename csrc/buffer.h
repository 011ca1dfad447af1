/* buffer.h: one growable byte buffer used by every C part of compact.
 *
 * The memory belongs to a userdata pushed on the Lua stack by buffer_new, so
 * a Lua error raised halfway through (a bad value, out of memory) never
 * leaks: the garbage collector frees it through __gc. Callers that finish
 * normally call buffer_push_result (or read data/len) and let the box go. */
#ifndef COMPACT_BUFFER_H
#define COMPACT_BUFFER_H

#include <stdlib.h>
#include <string.h>
#include "compat.h"

#define COMPACT_BUFFER_MT "compact.buffer"

typedef struct buffer {
    char *data;
    size_t len;
    size_t cap;
} buffer;

static inline int buffer_gc(lua_State *L)
{
    buffer *b = (buffer *)lua_touserdata(L, 1);
    if (b != NULL) {
        free(b->data);
        b->data = NULL;
        b->len = b->cap = 0;
    }
    return 0;
}

/* Push a new empty buffer box on the stack and return it. */
static inline buffer *buffer_new(lua_State *L)
{
    buffer *b = (buffer *)compat_newuserdata(L, sizeof(buffer));
    b->data = NULL;
    b->len = b->cap = 0;
    if (compat_newmetatable(L, COMPACT_BUFFER_MT)) {
        lua_pushcfunction(L, buffer_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    return b;
}

/* Make room for `extra` more bytes; raises a Lua error when out of memory. */
static inline void buffer_reserve(lua_State *L, buffer *b, size_t extra)
{
    size_t need, cap;
    char *grown;
    if (extra <= b->cap - b->len)
        return;
    if (extra > ((size_t)-1) / 2 - b->len)
        luaL_error(L, "buffer too large");
    need = b->len + extra;
    cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap *= 2;
    grown = (char *)realloc(b->data, cap);
    if (grown == NULL)
        luaL_error(L, "not enough memory");
    b->data = grown;
    b->cap = cap;
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
