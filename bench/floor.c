/* bench/floor.c: the floor of cold planning through the Lua C API, for
 * bench/vs_pi.lua. floor.walk(messages) reads only what any estimate of a
 * message must read (its role, its content, each block's type and text, a
 * tool call's name and arguments) and sums the text lengths: no
 * validation, no content-aware measure, no ledger. No planner that reads
 * Lua tables through the C API can be faster than this walk, so pi's time
 * divided by it is the largest ratio any such planner can show on this
 * machine. Built by bench/vs_pi.sh; not part of the library. */
#include <lauxlib.h>
#include <lua.h>

#if LUA_VERSION_NUM < 502
#define lua_rawlen(L, i) lua_objlen((L), (i))
#endif

/* Field names are upvalues read with lua_rawget, as the core reads them. */
enum { ROLE = 1, CONTENT, TYPE, TEXT, NAME, ARGUMENTS, KEY_COUNT = ARGUMENTS };
static const char *const key_names[KEY_COUNT] = {"role", "content", "type", "text", "name",
                                                 "arguments"};

static void field(lua_State *L, int table, int key)
{
    lua_pushvalue(L, lua_upvalueindex(key));
    lua_rawget(L, table);
}

static size_t text_length(lua_State *L, int index)
{
    size_t len = 0;
    if (lua_type(L, index) == LUA_TSTRING)
        lua_tolstring(L, index, &len);
    return len;
}

static size_t walk_blocks(lua_State *L, int content)
{
    size_t total = 0;
    int j, count = (int)lua_rawlen(L, content);
    for (j = 1; j <= count; j++) {
        lua_rawgeti(L, content, j);
        if (lua_type(L, -1) == LUA_TTABLE) {
            int block = content + 1;
            field(L, block, TYPE);
            field(L, block, TEXT);
            total += text_length(L, -1);
            field(L, block, NAME);
            field(L, block, ARGUMENTS);
            total += text_length(L, -2) + (lua_type(L, -1) != LUA_TNIL);
        }
        lua_settop(L, content);
    }
    return total;
}

static int walk(lua_State *L)
{
    size_t total = 0;
    int i, count;
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    count = (int)lua_rawlen(L, 1);
    for (i = 1; i <= count; i++) {
        lua_rawgeti(L, 1, i);         /* 2: the message */
        if (lua_type(L, 2) == LUA_TTABLE) {
            field(L, 2, ROLE);    /* 3 */
            field(L, 2, CONTENT); /* 4 */
            total += text_length(L, 4);
            if (lua_type(L, 4) == LUA_TTABLE)
                total += walk_blocks(L, 4);
        }
        lua_settop(L, 1);
    }
    lua_pushnumber(L, (lua_Number)total);
    return 1;
}

int luaopen_floor(lua_State *L);
int luaopen_floor(lua_State *L)
{
    int i;
    lua_newtable(L);
    for (i = 0; i < KEY_COUNT; i++)
        lua_pushstring(L, key_names[i]);
    lua_pushcclosure(L, walk, KEY_COUNT);
    lua_setfield(L, -2, "walk");
    return 1;
}
