/* request.c: the parts of reading a compaction request that run on every
 * plan, in C because the Lua loops they replace cost several times more
 * (lua/compact/request.lua and usage.lua use them):
 *
 *   slice(list, first, last)        a new list of list[first..last]
 *   request_reader(names, types)    a reader of plain request tables
 *
 * Both are called by compact's own Lua code only: wrong arguments raise. */
#include <string.h>

#include "parts.h"

/* slice(list, first, last) -> new list of list[first..last] (raw access,
 * preallocated): the plan's message lists are built here because a Lua loop
 * over a long history costs several times more. The range is clamped to
 * 1..#list first, so huge bounds neither overflow nor spin. */
static int slice(lua_State *L)
{
    lua_Integer first = luaL_checkinteger(L, 2), last = luaL_checkinteger(L, 3), i, length;
    luaL_checktype(L, 1, LUA_TTABLE);
    length = (lua_Integer)lua_rawlen(L, 1);
    if (first < 1)
        first = 1;
    if (last > length)
        last = length;
    lua_createtable(L, last >= first ? (int)(last - first + 1) : 0, 0);
    for (i = first; i <= last; i++) {
        lua_rawgeti(L, 1, (int)i);
        lua_rawseti(L, -2, (int)(i - first + 1));
    }
    return 1;
}

/* request_reader(names, types) -> reader: the fast path of the request
 * check that runs on every plan (lua/compact/request.lua). names[i] is a
 * field, types[i] the type name its value must have (true: any).
 * reader(request) -> true, value 1, ..., value n | false
 * true when `request` is a table without a metatable whose every key is one
 * of the names holding a value of its type; the values follow in the order
 * of the names (nil for absent fields), so the caller reads no field itself.
 * false sends the caller to the full check, which words the error or
 * accepts what this does not look at (metatables). Raw reads only: nothing
 * here runs user code or raises on user data. Keys are matched by the
 * address of their text: the names are short strings, which Lua interns
 * (one object per text, kept alive by the reader's upvalue), and a key of
 * another text or a long string never matches. */
#define READER_MAX_FIELDS 12

typedef struct request_spec {
    int n;
    const char *names[READER_MAX_FIELDS];
    int types[READER_MAX_FIELDS]; /* LUA_T*, or -1 for any type */
} request_spec;

static int read_request(lua_State *L)
{
    const request_spec *spec = (const request_spec *)lua_touserdata(L, lua_upvalueindex(1));
    const int first = 3; /* 1 the request, 2 true, then the n values */
    int n = spec->n, i;
    lua_settop(L, 1);
    if (lua_type(L, 1) != LUA_TTABLE || lua_getmetatable(L, 1)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_pushboolean(L, 1);
    lua_settop(L, first + n); /* the n values (nil), then lua_next's first key */
    while (lua_next(L, 1) != 0) {
        int slot = -1;
        if (lua_type(L, -2) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -2);
            for (i = 0; i < n && slot < 0; i++)
                if (key == spec->names[i])
                    slot = i;
        }
        if (slot < 0 || (spec->types[slot] >= 0 && lua_type(L, -1) != spec->types[slot])) {
            lua_pushboolean(L, 0);
            return 1;
        }
        lua_replace(L, first + slot); /* the value to its slot; the key stays on top */
    }
    return n + 1;
}

/* The LUA_T* of a type name, -1 for `true` (any type); raises for anything
 * else (request_reader's arguments come from compact itself). */
static int reader_type(lua_State *L, int index)
{
    int t;
    if (lua_type(L, index) == LUA_TBOOLEAN && lua_toboolean(L, index))
        return -1;
    if (lua_type(L, index) == LUA_TSTRING)
        for (t = LUA_TNIL; t <= LUA_TTHREAD; t++)
            if (strcmp(lua_tostring(L, index), lua_typename(L, t)) == 0)
                return t;
    return luaL_error(L, "request_reader: types must be type names or true");
}

static int request_reader(lua_State *L)
{
    request_spec *spec;
    int n, i;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    n = (int)lua_rawlen(L, 1);
    luaL_argcheck(L, n >= 1 && n <= READER_MAX_FIELDS && (int)lua_rawlen(L, 2) == n, 1,
                  "1 to 12 names, one type each");
    lua_settop(L, 2);
    spec = (request_spec *)lua_newuserdata(L, sizeof *spec); /* 3 */
    memset(spec, 0, sizeof *spec);
    spec->n = n;
    lua_createtable(L, n, 0); /* 4: the names, kept alive by the reader */
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, 1, i + 1);
        if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) > 40)
            return luaL_error(L, "request_reader: names must be short strings");
        spec->names[i] = lua_tostring(L, -1);
        lua_rawseti(L, 4, i + 1);
        lua_rawgeti(L, 2, i + 1);
        spec->types[i] = reader_type(L, -1);
        lua_pop(L, 1);
    }
    lua_pushcclosure(L, read_request, 2);
    return 1;
}

int luaopen_compact_core_request(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"slice", slice},
        {"request_reader", request_reader},
        {NULL, NULL},
    };
    luaL_newlib(L, functions);
    return 1;
}
