/* request.c: reading compact.http's request options from Lua (see
 * request.h). */
#include <string.h>
#include "request.h"

int http_fail(lua_State *L, const char *message, const char *code)
{
    lua_pushnil(L);
    lua_pushstring(L, message);
    lua_pushstring(L, code);
    return 3;
}

int has_crlf(const char *s, size_t n)
{
    /* a NUL too: it would cut the C string libcurl reads (a header value
     * or a key silently truncated), so it is refused like a line break */
    return memchr(s, '\r', n) != NULL || memchr(s, '\n', n) != NULL || memchr(s, '\0', n) != NULL;
}

/* Append "Name: value" to the request headers; 0 when invalid. */
int add_header(http_req *r, const char *line, size_t n)
{
    struct curl_slist *grown;
    if (n == 0 || has_crlf(line, n) || memchr(line, ':', n) == NULL || strlen(line) != n)
        return 0;
    grown = curl_slist_append(r->headers, line);
    if (grown == NULL)
        return 0;
    r->headers = grown;
    return 1;
}

/* Read opts.headers (a list of "Name: value" or a map name -> value). */
const char *read_headers(lua_State *L, http_req *r, int opts)
{
    lua_getfield(L, opts, "headers");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return NULL;
    }
    if (!lua_istable(L, -1))
        return "headers must be a table";
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
        size_t n;
        const char *line;
        if (lua_type(L, -2) == LUA_TNUMBER) {
            if (lua_type(L, -1) != LUA_TSTRING)
                return "header lines must be strings";
            line = lua_tolstring(L, -1, &n);
            if (!add_header(r, line, n))
                return "invalid header line";
        } else if (lua_type(L, -2) == LUA_TSTRING &&
                   (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER)) {
            size_t kn, vn;
            const char *k = lua_tolstring(L, -2, &kn);
            const char *v;
            lua_pushvalue(L, -1); /* tolstring on a number must not touch the key */
            v = lua_tolstring(L, -1, &vn);
            if (kn == 0 || has_crlf(k, kn) || memchr(k, ':', kn) != NULL || has_crlf(v, vn))
                return "invalid header name or value";
            lua_pushfstring(L, "%s: %s", k, v);
            line = lua_tolstring(L, -1, &n);
            if (!add_header(r, line, n))
                return "invalid header";
            lua_pop(L, 2);
        } else {
            return "headers must map names to strings";
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return NULL;
}

const char *read_seconds(lua_State *L, int opts, const char *key, long *ms)
{
    lua_Number s;
    lua_getfield(L, opts, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *ms = 0;
        return NULL;
    }
    if (lua_type(L, -1) != LUA_TNUMBER)
        return "timeouts must be numbers of seconds";
    s = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (!(s > 0) || s > 86400.0 * 365)
        return "timeouts must be positive";
    *ms = (long)(s * 1000.0);
    if (*ms < 1)
        *ms = 1;
    return NULL;
}

/* The string is left on the stack: opts may have an __index that returns a
 * fresh string each time, referenced by nothing else, so popping it would let
 * the collector free the bytes *out points to. configure()'s caller drops the
 * whole stack when it is done (libcurl has copied the strings by then). */
const char *opt_string(lua_State *L, int opts, const char *key, const char **out, size_t *len)
{
    lua_getfield(L, opts, key);
    *out = NULL;
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return NULL;
    }
    if (lua_type(L, -1) != LUA_TSTRING)
        return "option must be a string";
    *out = lua_tolstring(L, -1, len);
    return NULL;
}
