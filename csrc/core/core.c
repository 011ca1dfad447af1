/* core.c: assembles compact.core from its parts (see parts.h). */
#include "parts.h"

/* COMPACT_VERSION comes from CMakeLists.txt, which reads it from
 * lua/compact/version.lua: the one place it is written. */
#ifndef COMPACT_VERSION
#error "COMPACT_VERSION is not defined: build with CMake (it passes -DCOMPACT_VERSION)"
#endif

/* Copy every field of the table on top of the stack into the table at
 * `target`, then pop the part's table. */
static void merge_part(lua_State *L, int target)
{
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, target);
    }
    lua_pop(L, 1);
}

COMPACT_EXPORT int luaopen_compact_core(lua_State *L)
{
    int module;
    lua_newtable(L);
    module = lua_gettop(L);
#define COMPACT_LOAD_PART(name)          \
    luaopen_compact_core_##name(L);      \
    merge_part(L, module);
    COMPACT_CORE_PARTS(COMPACT_LOAD_PART)
#undef COMPACT_LOAD_PART
    lua_pushliteral(L, COMPACT_VERSION);
    lua_setfield(L, module, "VERSION");
    lua_pushstring(L, LUA_VERSION);
    lua_setfield(L, module, "LUA_VERSION");
    return 1;
}
