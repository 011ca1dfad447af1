/* sse.c: an incremental parser for server-sent events (the WHATWG
 * "text/event-stream" format), part of compact.core.
 *
 *   local p = core.sse_parser([max_bytes])
 *   local events = p:feed(chunk)    -- { {event=, data=, id=}, ... } | nil, err
 *   local events = p:finish()       -- whatever the end of the stream completes
 *
 * Bytes may be split anywhere (inside a UTF-8 character, inside "data:",
 * between a CR and its LF); the parser keeps the partial line and the event
 * being built between calls. Feeding a stream in one piece or byte by byte
 * yields the same events.
 *
 * The file has two halves. The byte-level parser (sse_state, sse_push,
 * sse_end) calls no Lua function: buffers (buffer.h) from the allocator it
 * is given, events handed to a callback, errors as return codes. That keeps
 * it a pure function of its input, ready for a libFuzzer target that links
 * this file without a Lua state. The Lua binding below it gives it the Lua
 * state's allocator and turns the events into tables.
 *
 * Rules (WHATWG 9.2.6): lines end with CRLF, LF or CR; a leading UTF-8 BOM is
 * dropped; a line starting with ':' is a comment; "field: value" loses one
 * space after the colon; `data` lines are joined with "\n"; an empty line
 * dispatches the event when it has data (the event name defaults to
 * "message"); `id` is remembered across events unless it contains NUL;
 * `retry` and unknown fields are ignored. One deliberate difference: sse_end
 * dispatches an event left pending at the end of the stream (a server that
 * forgets the final blank line still gets its last event delivered), and
 * another: an `error` line (llama.cpp's server streams a failure as
 * "error: {...}" instead of "event: error" + "data: {...}") is read as both,
 * so the error reaches the caller instead of being dropped as unknown. */
#include <stdlib.h>
#include <string.h>
#include "buffer.h"
#include "parts.h"

/* ---- byte-level parser (no Lua) -------------------------------------- */

#define SSE_OK BUFFER_OK
#define SSE_ENOMEM BUFFER_ENOMEM   /* allocation failed */
#define SSE_ETOOBIG BUFFER_ETOOBIG /* a line or event exceeded the limit */

typedef struct sse_state {
    buffer line;  /* the current, not yet terminated line */
    buffer data;  /* data lines of the pending event, each followed by \n */
    buffer event; /* event name of the pending event */
    buffer id;    /* last event id (persists across events) */
    size_t max;    /* limit on line + data bytes, guards memory */
    int has_data;  /* a data line was seen for the pending event */
    int has_id;
    int after_cr;  /* the previous byte was CR: a following LF is swallowed */
    int bom;       /* bytes of the BOM matched so far; -1 once decided */
} sse_state;

/* Receives one event: name (never empty), data, id (NULL when none). The
 * strings are only valid during the call. */
typedef void (*sse_emit)(void *ud, const char *event, size_t event_len, const char *data, size_t data_len,
                        const char *id, size_t id_len);


static void sse_state_init(sse_state *p, size_t max, lua_Alloc alloc, void *ud)
{
    memset(p, 0, sizeof(*p));
    buffer_init(&p->line, alloc, ud);
    buffer_init(&p->data, alloc, ud);
    buffer_init(&p->event, alloc, ud);
    buffer_init(&p->id, alloc, ud);
    p->max = max;
}

static void sse_state_free(sse_state *p)
{
    buffer_release(&p->line);
    buffer_release(&p->data);
    buffer_release(&p->event);
    buffer_release(&p->id);
}

static void sse_dispatch(sse_state *p, sse_emit emit, void *ud)
{
    if (p->has_data) {
        /* every data line added a trailing \n; the last one is not data */
        emit(ud, p->event.len ? p->event.data : "message", p->event.len ? p->event.len : 7,
             p->data.data ? p->data.data : "", p->data.len - 1,
             p->has_id ? (p->id.data ? p->id.data : "") : NULL, p->id.len);
    }
    p->data.len = 0;
    p->event.len = 0;
    p->has_data = 0;
}

/* Interpret one complete line (without its terminator). */
static int sse_line(sse_state *p, const char *s, size_t n, sse_emit emit, void *ud)
{
    const char *colon, *value;
    size_t name_len, value_len;
    int rc;
    if (n == 0) {
        sse_dispatch(p, emit, ud);
        return SSE_OK;
    }
    if (s[0] == ':')
        return SSE_OK;
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
    if (name_len == 5 && memcmp(s, "error", 5) == 0) {
        p->event.len = 0;
        if ((rc = buffer_append(&p->event, "error", 5, p->max)) != SSE_OK)
            return rc;
        name_len = 4; /* and its value is data */
        s = "data";
    }
    if (name_len == 4 && memcmp(s, "data", 4) == 0) {
        if ((rc = buffer_append(&p->data, value, value_len, p->max)) != SSE_OK)
            return rc;
        if ((rc = buffer_append(&p->data, "\n", 1, p->max)) != SSE_OK)
            return rc;
        p->has_data = 1;
    } else if (name_len == 5 && memcmp(s, "event", 5) == 0) {
        p->event.len = 0;
        return buffer_append(&p->event, value, value_len, p->max);
    } else if (name_len == 2 && memcmp(s, "id", 2) == 0) {
        if (memchr(value, '\0', value_len) == NULL) {
            p->id.len = 0;
            p->has_id = 1;
            return buffer_append(&p->id, value, value_len, p->max);
        }
    }
    /* "retry" and unknown fields: ignored */
    return SSE_OK;
}

/* Finish the line collected so far plus `n` bytes at `s`. */
static int sse_end_line(sse_state *p, const char *s, size_t n, sse_emit emit, void *ud)
{
    int rc;
    if (p->line.len == 0)
        return sse_line(p, s, n, emit, ud);
    if ((rc = buffer_append(&p->line, s, n, p->max)) != SSE_OK)
        return rc;
    rc = sse_line(p, p->line.data, p->line.len, emit, ud);
    p->line.len = 0;
    return rc;
}

/* Feed `n` bytes. Returns SSE_OK or an error code; after an error the state
 * is no longer a faithful prefix of the stream and must not be fed again. */
static int sse_push(sse_state *p, const char *s, size_t n, sse_emit emit, void *ud)
{
    static const unsigned char bom[3] = { 0xEF, 0xBB, 0xBF };
    size_t i = 0, start;
    /* The next LF at or after i (n: none). Kept across lines so CR-only
     * streams do not rescan to the end of the chunk for every line, which
     * was quadratic in the chunk size. */
    size_t next_lf = 0;
    int lf_known = 0;
    int rc;
    /* The BOM may itself be split across chunks; hold back a partial match. */
    while (p->bom >= 0 && p->bom < 3 && i < n) {
        if ((unsigned char)s[i] == bom[p->bom]) {
            p->bom++;
            i++;
        } else {
            /* not a BOM: the bytes matched so far were ordinary data */
            if ((rc = buffer_append(&p->line, (const char *)bom, (size_t)p->bom, p->max)) != SSE_OK)
                return rc;
            p->bom = -1;
        }
    }
    if (p->bom == 3)
        p->bom = -1;
    if (p->bom >= 0)
        return SSE_OK;
    start = i;
    while (i < n) {
        char c = s[i];
        if (c == '\n' || c == '\r') {
            if (c == '\n' && p->after_cr) {
                /* LF of a CRLF (possibly split across chunks) */
                p->after_cr = 0;
                start = ++i;
                continue;
            }
            if ((rc = sse_end_line(p, s + start, i - start, emit, ud)) != SSE_OK)
                return rc;
            p->after_cr = (c == '\r');
            start = ++i;
            continue;
        }
        p->after_cr = 0;
        {
            /* jump to the next line terminator */
            const char *cr;
            if (!lf_known || next_lf < i) {
                const char *nl = (const char *)memchr(s + i, '\n', n - i);
                next_lf = nl ? (size_t)(nl - s) : n;
                lf_known = 1;
            }
            cr = (const char *)memchr(s + i, '\r', next_lf - i);
            i = cr ? (size_t)(cr - s) : next_lf;
        }
    }
    if ((rc = buffer_append(&p->line, s + start, n - start, p->max)) != SSE_OK)
        return rc;
    if (p->line.len + p->data.len > p->max)
        return SSE_ETOOBIG;
    return SSE_OK;
}

/* The end of the stream: a pending line and event are completed. */
static int sse_end(sse_state *p, sse_emit emit, void *ud)
{
    int rc = SSE_OK;
    if (p->bom > 0)
        rc = buffer_append(&p->line, "\xEF\xBB\xBF", (size_t)p->bom, p->max);
    p->bom = -1;
    if (rc == SSE_OK && p->line.len > 0) {
        rc = sse_line(p, p->line.data, p->line.len, emit, ud);
        p->line.len = 0;
    }
    if (rc == SSE_OK)
        sse_dispatch(p, emit, ud);
    p->after_cr = 0;
    return rc;
}

/* ---- Lua binding ------------------------------------------------------ */

/* A fuzz target can include this file with COMPACT_SSE_CORE_ONLY defined to
 * get the byte-level parser alone, without linking Lua. */
#ifndef COMPACT_SSE_CORE_ONLY

#define SSE_MT "compact.sse_parser"
#define SSE_DEFAULT_MAX ((size_t)64 * 1024 * 1024)

typedef struct sse_parser {
    sse_state state;
    int closed;
    int failed;
} sse_parser;

typedef struct sse_call {
    sse_parser *p;
    const char *chunk; /* NULL: finish */
    size_t len;
    int rc;
} sse_call;

/* Append one event table to the list on top of the stack. */
static void sse_emit_lua(void *ud, const char *event, size_t event_len, const char *data, size_t data_len,
                        const char *id, size_t id_len)
{
    lua_State *L = (lua_State *)ud;
    lua_createtable(L, 0, 3);
    lua_pushlstring(L, event, event_len);
    lua_setfield(L, -2, "event");
    lua_pushlstring(L, data, data_len);
    lua_setfield(L, -2, "data");
    if (id != NULL) {
        lua_pushlstring(L, id, id_len);
        lua_setfield(L, -2, "id");
    }
    lua_rawseti(L, -2, (int)lua_rawlen(L, -2) + 1);
}

/* Runs under lua_pcall, so a memory error while building tables unwinds
 * only Lua frames; the parser is then marked failed. */
static int sse_run(lua_State *L)
{
    sse_call *c = (sse_call *)lua_touserdata(L, 1);
    lua_newtable(L);
    if (c->chunk != NULL)
        c->rc = sse_push(&c->p->state, c->chunk, c->len, sse_emit_lua, L);
    else
        c->rc = sse_end(&c->p->state, sse_emit_lua, L);
    return 1;
}

static int sse_call_parser(lua_State *L, sse_parser *p, const char *chunk, size_t len)
{
    sse_call c;
    if (p->closed) /* misuse by compact's own code: raises (compat.h) */
        return luaL_error(L, "sse parser is closed");
    if (p->failed) /* the stream's data broke it: nil, message */
        return compact_fail(L, "sse parser failed earlier");
    c.p = p;
    c.chunk = chunk;
    c.len = len;
    c.rc = SSE_OK;
    lua_pushcfunction(L, sse_run);
    lua_pushlightuserdata(L, &c);
    if (lua_pcall(L, 1, 1, 0) != 0) {
        p->failed = 1;
        return compact_fail_top(L);
    }
    if (c.rc != SSE_OK) {
        p->failed = 1;
        if (c.rc == SSE_ETOOBIG)
            return compact_fail(L, "event larger than %d bytes",
                                (int)(p->state.max > 0x7fffffff ? 0x7fffffff : p->state.max));
        return compact_fail(L, "not enough memory");
    }
    return 1;
}

static int sse_gc(lua_State *L)
{
    sse_parser *p = (sse_parser *)luaL_testudata(L, 1, SSE_MT);
    if (p != NULL && !p->closed) {
        sse_state_free(&p->state);
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

static int sse_feed(lua_State *L)
{
    sse_parser *p = (sse_parser *)luaL_checkudata(L, 1, SSE_MT);
    size_t n;
    const char *s;
    if (lua_type(L, 2) != LUA_TSTRING) {
        return compact_fail(L, "sse feed: chunk must be a string");
    }
    s = lua_tolstring(L, 2, &n);
    /* an empty chunk must not be mistaken for finish (chunk == NULL) */
    return sse_call_parser(L, p, n ? s : "", n);
}

static int sse_finish(lua_State *L)
{
    sse_parser *p = (sse_parser *)luaL_checkudata(L, 1, SSE_MT);
    return sse_call_parser(L, p, NULL, 0);
}

/* The last event id seen (nil when none). */
static int sse_last_id(lua_State *L)
{
    sse_parser *p = (sse_parser *)luaL_checkudata(L, 1, SSE_MT);
    if (p->closed)
        return luaL_error(L, "sse parser is closed");
    if (!p->state.has_id)
        lua_pushnil(L);
    else
        lua_pushlstring(L, p->state.id.data ? p->state.id.data : "", p->state.id.len);
    return 1;
}

static int sse_new(lua_State *L)
{
    sse_parser *p;
    size_t max = SSE_DEFAULT_MAX;
    if (!lua_isnoneornil(L, 1)) {
        long long n;
        if (lua_type(L, 1) != LUA_TNUMBER || !to_integer_exact(L, 1, &n) || n <= 0) {
            return compact_fail(L, "sse_parser: max_bytes must be a positive integer");
        }
        max = (size_t)n;
    }
    p = (sse_parser *)lua_newuserdata(L, sizeof(sse_parser));
    {
        void *ud;
        lua_Alloc alloc = lua_getallocf(L, &ud);
        sse_state_init(&p->state, max, alloc, ud);
    }
    p->closed = 0;
    p->failed = 0;
    luaL_getmetatable(L, SSE_MT);
    lua_setmetatable(L, -2);
    return 1;
}

int luaopen_compact_core_sse(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "feed", sse_feed },
        { "finish", sse_finish },
        { "last_id", sse_last_id },
        { "close", sse_gc },
        { NULL, NULL }
    };
    static const luaL_Reg functions[] = {
        { "sse_parser", sse_new },
        { NULL, NULL }
    };
    new_class(L, SSE_MT, methods, sse_gc, sse_tostring);
    luaL_newlib(L, functions);
    return 1;
}

#endif /* COMPACT_SSE_CORE_ONLY */
