/* sse.c: an incremental parser for server-sent events (the WHATWG
 * "text/event-stream" format), part of compact.core.
 *
 *   local p = core.sse_parser([max_bytes])
 *   local events = p:feed(chunk)    -- { {event=, data=, id=}, ... } | nil, err
 *   local events = p:finish()       -- whatever the end of the stream completes
 *
 * Bytes may be split anywhere (inside a UTF-8 character, inside "data:",
 * between a CR and its LF); the parser keeps the partial line and the event
 * being built between calls. It is a pure function of the bytes it is fed,
 * which keeps it fuzzable and makes chunking invisible: feeding a stream in
 * one piece or byte by byte yields the same events.
 *
 * Rules (WHATWG 9.2.6): lines end with CRLF, LF or CR; a leading UTF-8 BOM is
 * dropped; a line starting with ':' is a comment; "field: value" loses one
 * space after the colon; `data` lines are joined with "\n"; an empty line
 * dispatches the event when it has data (the event name defaults to
 * "message"); `id` is remembered across events unless it contains NUL;
 * `retry` and unknown fields are ignored. One deliberate difference: finish()
 * dispatches an event left pending at the end of the stream (a server that
 * forgets the final blank line still gets its last event delivered). */
#include "parts.h"
#include "buffer.h"

#define SSE_MT "compact.sse_parser"
#define SSE_DEFAULT_MAX ((size_t)64 * 1024 * 1024)

typedef struct sse_parser {
    buffer line;   /* the current, not yet terminated line */
    buffer data;   /* data lines of the pending event, each followed by \n */
    buffer event;  /* event name of the pending event */
    buffer id;     /* last event id (persists across events) */
    size_t max;    /* limit on line + data bytes, guards memory */
    int has_data;  /* a data line was seen for the pending event */
    int has_id;
    int after_cr;  /* the previous byte was CR: a following LF is swallowed */
    int bom;       /* bytes of the BOM matched so far; 3 or -1 once decided */
    int closed;
    int failed;
} sse_parser;

static void sse_free(sse_parser *p)
{
    free(p->line.data);
    free(p->data.data);
    free(p->event.data);
    free(p->id.data);
    memset(&p->line, 0, sizeof(buffer));
    memset(&p->data, 0, sizeof(buffer));
    memset(&p->event, 0, sizeof(buffer));
    memset(&p->id, 0, sizeof(buffer));
}

static int sse_gc(lua_State *L)
{
    sse_parser *p = (sse_parser *)compat_testudata(L, 1, SSE_MT);
    if (p != NULL && !p->closed) {
        sse_free(p);
        p->closed = 1;
    }
    return 0;
}

static int sse_tostring(lua_State *L)
{
    sse_parser *p = (sse_parser *)luaL_checkudata(L, 1, SSE_MT);
    lua_pushfstring(L, "compact.sse_parser(%s)", p->closed ? "closed" : "open");
    return 1;
}

/* Append the pending event to the list at `list` and reset it. */
static void sse_dispatch(lua_State *L, sse_parser *p, int list)
{
    if (!p->has_data) {
        p->event.len = 0;
        return;
    }
    lua_createtable(L, 0, 3);
    if (p->event.len > 0)
        buffer_push(L, &p->event);
    else
        lua_pushliteral(L, "message");
    lua_setfield(L, -2, "event");
    /* every data line added a trailing \n; the last one is not part of data */
    lua_pushlstring(L, p->data.data ? p->data.data : "", p->data.len - 1);
    lua_setfield(L, -2, "data");
    if (p->has_id) {
        buffer_push(L, &p->id);
        lua_setfield(L, -2, "id");
    }
    lua_rawseti(L, list, (int)compat_rawlen(L, list) + 1);
    p->data.len = 0;
    p->event.len = 0;
    p->has_data = 0;
}

/* Interpret one complete line (without its terminator). */
static void sse_line(lua_State *L, sse_parser *p, const char *s, size_t n, int list)
{
    const char *colon, *value;
    size_t name_len, value_len;
    if (n == 0) {
        sse_dispatch(L, p, list);
        return;
    }
    if (s[0] == ':')
        return;
    colon = (const char *)memchr(s, ':', n);
    if (colon != NULL) {
        name_len = (size_t)(colon - s);
        value = colon + 1;
        value_len = n - name_len - 1;
        if (value_len > 0 && value[0] == ' ') {
            value++;
            value_len--;
        }
    } else {
        name_len = n;
        value = s + n;
        value_len = 0;
    }
    if (name_len == 4 && memcmp(s, "data", 4) == 0) {
        buffer_add(L, &p->data, value, value_len);
        buffer_addc(L, &p->data, '\n');
        p->has_data = 1;
    } else if (name_len == 5 && memcmp(s, "event", 5) == 0) {
        p->event.len = 0;
        buffer_add(L, &p->event, value, value_len);
    } else if (name_len == 2 && memcmp(s, "id", 2) == 0) {
        if (memchr(value, '\0', value_len) == NULL) {
            p->id.len = 0;
            buffer_add(L, &p->id, value, value_len);
            p->has_id = 1;
        }
    }
    /* "retry" and unknown fields: ignored */
}

/* Finish the line collected so far plus `n` bytes at `s`. */
static void sse_end_line(lua_State *L, sse_parser *p, const char *s, size_t n, int list)
{
    if (p->line.len == 0) {
        sse_line(L, p, s, n, list);
    } else {
        buffer_add(L, &p->line, s, n);
        sse_line(L, p, p->line.data, p->line.len, list);
        p->line.len = 0;
    }
}

static void sse_feed_bytes(lua_State *L, sse_parser *p, const char *s, size_t n, int list)
{
    static const unsigned char bom[3] = { 0xEF, 0xBB, 0xBF };
    size_t i = 0, start;
    /* The BOM may itself be split across chunks; hold back a partial match. */
    while (p->bom >= 0 && p->bom < 3 && i < n) {
        if ((unsigned char)s[i] == bom[p->bom]) {
            p->bom++;
            i++;
        } else {
            /* not a BOM: the bytes matched so far were ordinary data */
            buffer_add(L, &p->line, (const char *)bom, (size_t)p->bom);
            p->bom = -1;
        }
    }
    if (p->bom >= 0 && p->bom < 3)
        return;
    start = i;
    while (i < n) {
        char c = s[i];
        if (c == '\n' || c == '\r') {
            if (c == '\n' && p->after_cr && i == start && p->line.len == 0) {
                /* LF of a CRLF whose CR ended the previous scan */
                p->after_cr = 0;
                start = ++i;
                continue;
            }
            sse_end_line(L, p, s + start, i - start, list);
            p->after_cr = (c == '\r');
            start = ++i;
            continue;
        }
        p->after_cr = 0;
        {
            /* fast path: jump to the next line terminator */
            const char *nl = (const char *)memchr(s + i, '\n', n - i);
            const char *cr = (const char *)memchr(s + i, '\r', nl ? (size_t)(nl - (s + i)) : n - i);
            const char *stop = cr ? cr : nl;
            i = stop ? (size_t)(stop - s) : n;
        }
    }
    buffer_add(L, &p->line, s + start, n - start);
    if (p->line.len + p->data.len > p->max)
        luaL_error(L, "event larger than %d bytes", (int)(p->max > 0x7fffffff ? 0x7fffffff : p->max));
}

static int sse_feed_protected(lua_State *L)
{
    sse_parser *p = (sse_parser *)lua_touserdata(L, 1);
    size_t n;
    const char *s = lua_tolstring(L, 2, &n);
    lua_newtable(L);
    sse_feed_bytes(L, p, s, n, lua_gettop(L));
    return 1;
}

static int sse_finish_protected(lua_State *L)
{
    sse_parser *p = (sse_parser *)lua_touserdata(L, 1);
    int list;
    lua_newtable(L);
    list = lua_gettop(L);
    if (p->bom > 0 && p->bom < 3)
        buffer_add(L, &p->line, "\xEF\xBB\xBF", (size_t)p->bom);
    p->bom = -1;
    if (p->line.len > 0) {
        sse_line(L, p, p->line.data, p->line.len, list);
        p->line.len = 0;
    }
    sse_dispatch(L, p, list);
    p->after_cr = 0;
    return 1;
}

/* Run `fn` under pcall so an oversized event or out-of-memory comes back as
 * nil, err; after such a failure the parser refuses further input because
 * its state is no longer a faithful prefix of the stream. */
static int sse_call(lua_State *L, lua_CFunction fn, int nargs)
{
    sse_parser *p = (sse_parser *)luaL_checkudata(L, 1, SSE_MT);
    if (p->closed) {
        lua_pushnil(L);
        lua_pushliteral(L, "sse parser is closed");
        return 2;
    }
    if (p->failed) {
        lua_pushnil(L);
        lua_pushliteral(L, "sse parser failed earlier");
        return 2;
    }
    lua_pushcfunction(L, fn);
    lua_pushvalue(L, 1);
    if (nargs > 1)
        lua_pushvalue(L, 2);
    if (lua_pcall(L, nargs, 1, 0) != 0) {
        p->failed = 1;
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    return 1;
}

static int sse_feed(lua_State *L)
{
    luaL_checkudata(L, 1, SSE_MT);
    if (lua_type(L, 2) != LUA_TSTRING) {
        lua_pushnil(L);
        lua_pushliteral(L, "sse feed: chunk must be a string");
        return 2;
    }
    lua_settop(L, 2);
    return sse_call(L, sse_feed_protected, 2);
}

static int sse_finish(lua_State *L)
{
    lua_settop(L, 1);
    return sse_call(L, sse_finish_protected, 1);
}

/* The last event id seen (nil when none). */
static int sse_last_id(lua_State *L)
{
    sse_parser *p = (sse_parser *)luaL_checkudata(L, 1, SSE_MT);
    if (p->closed || !p->has_id)
        lua_pushnil(L);
    else
        buffer_push(L, &p->id);
    return 1;
}

static int sse_new(lua_State *L)
{
    sse_parser *p;
    size_t max = SSE_DEFAULT_MAX;
    if (!lua_isnoneornil(L, 1)) {
        long long n;
        if (lua_type(L, 1) != LUA_TNUMBER || !compat_tointeger(L, 1, &n) || n <= 0) {
            lua_pushnil(L);
            lua_pushliteral(L, "sse_parser: max_bytes must be a positive integer");
            return 2;
        }
        max = (size_t)n;
    }
    p = (sse_parser *)compat_newuserdata(L, sizeof(sse_parser));
    memset(p, 0, sizeof(*p));
    p->max = max;
    if (compat_newmetatable(L, SSE_MT)) {
        static const luaL_Reg methods[] = {
            { "feed", sse_feed },
            { "finish", sse_finish },
            { "last_id", sse_last_id },
            { "close", sse_gc },
            { NULL, NULL }
        };
        lua_pushcfunction(L, sse_gc);
        lua_setfield(L, -2, "__gc");
#if LUA_VERSION_NUM >= 504
        lua_pushcfunction(L, sse_gc);
        lua_setfield(L, -2, "__close");
#endif
        lua_pushcfunction(L, sse_tostring);
        lua_setfield(L, -2, "__tostring");
        compat_newlib(L, methods);
        lua_setfield(L, -2, "__index");
    }
    lua_setmetatable(L, -2);
    return 1;
}

int luaopen_compact_core_sse(lua_State *L)
{
    static const luaL_Reg functions[] = {
        { "sse_parser", sse_new },
        { NULL, NULL }
    };
    compat_newlib(L, functions);
    return 1;
}
