/* compat.h: the few Lua C API differences between 5.1/LuaJIT and 5.2-5.4
 * that compact's C code touches. Include this instead of the Lua headers. */
#ifndef COMPACT_COMPAT_H
#define COMPACT_COMPAT_H

#include <lua.h>
#include <lauxlib.h>

/* COMPACT_EXPORT: the luaopen_* entry points. COMPACT_INTERNAL: shared
 * between the files of one module, never exported from the shared object. */
#if defined(__GNUC__)
#define COMPACT_EXPORT __attribute__((visibility("default")))
#define COMPACT_INTERNAL __attribute__((visibility("hidden")))
#else
#define COMPACT_EXPORT
#define COMPACT_INTERNAL
#endif

#if LUA_VERSION_NUM < 502
/* Lua 5.1 and LuaJIT */
#define compat_rawlen(L, i) lua_objlen((L), (i))
#define compat_newlib(L, l) (lua_newtable(L), luaL_register((L), NULL, (l)))
#define compat_newuserdata(L, size) lua_newuserdata((L), (size))
#define compat_getuservalue(L, i) lua_getfenv((L), (i))
#define compat_setuservalue(L, i) lua_setfenv((L), (i))
#define COMPACT_HAS_INTEGERS 0
/* 5.2+ names used directly (polyfills, as compat-5.3 does) */
#define lua_absindex(L, i) \
    (((i) > 0 || (i) <= LUA_REGISTRYINDEX) ? (i) : lua_gettop(L) + (i) + 1)
#else
#define compat_rawlen(L, i) lua_rawlen((L), (i))
#define compat_newlib(L, l) luaL_newlib((L), (l))
#if LUA_VERSION_NUM >= 504
#define compat_newuserdata(L, size) lua_newuserdatauv((L), (size), 1)
#define compat_getuservalue(L, i) lua_getiuservalue((L), (i), 1)
#else
#define compat_newuserdata(L, size) lua_newuserdata((L), (size))
#define compat_getuservalue(L, i) lua_getuservalue((L), (i))
#endif
#if LUA_VERSION_NUM >= 504
#define compat_setuservalue(L, i) lua_setiuservalue((L), (i), 1)
#else
#define compat_setuservalue(L, i) lua_setuservalue((L), (i))
#endif
#define COMPACT_HAS_INTEGERS (LUA_VERSION_NUM >= 503)
#endif

/* Set the functions of `l` into the table below `nup` values on the top of
 * the stack, each closing over those values; pops them (luaL_setfuncs with
 * upvalues, which 5.1's luaL_register lacks). */
static inline void compat_setfuncs_up(lua_State *L, const luaL_Reg *l, int nup)
{
    for (; l->name != NULL; l++) {
        int i;
        for (i = 0; i < nup; i++)
            lua_pushvalue(L, -nup);
        lua_pushcclosure(L, l->func, nup);
        lua_setfield(L, -(nup + 2), l->name);
    }
    lua_pop(L, nup);
}

/* Create a metatable named `name` in the registry (with __name on every
 * version, which 5.1's luaL_newmetatable does not set). Leaves it on the
 * stack; returns 0 when it already existed. */
static inline int compat_newmetatable(lua_State *L, const char *name)
{
    if (!luaL_newmetatable(L, name))
        return 0;
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
    return 1;
}

/* Set __gc, __close (5.4: equal to __gc, as in liolib.c, so closing twice
 * is as safe as collecting) and __tostring on the metatable on top. */
static inline void compat_set_lifecycle(lua_State *L, lua_CFunction gc, lua_CFunction tostring)
{
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__gc");
#if LUA_VERSION_NUM >= 504
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__close");
#endif
    lua_pushcfunction(L, tostring);
    lua_setfield(L, -2, "__tostring");
}

/* Is the value at `index` a userdata with the metatable `name`? Returns the
 * block or NULL, never raises (luaL_testudata is 5.2+). */
static inline void *compat_testudata(lua_State *L, int index, const char *name)
{
    void *block = lua_touserdata(L, index);
    if (block == NULL || !lua_getmetatable(L, index))
        return NULL;
    luaL_getmetatable(L, name);
    if (!lua_rawequal(L, -1, -2))
        block = NULL;
    lua_pop(L, 2);
    return block;
}

/* Is the number at `index` integral and representable as a long long?
 * Stores it in *out. Works with and without native integers. */
static inline int compat_tointeger(lua_State *L, int index, long long *out)
{
#if COMPACT_HAS_INTEGERS
    if (lua_isinteger(L, index)) {
        *out = (long long)lua_tointeger(L, index);
        return 1;
    }
#endif
    {
        lua_Number n = lua_tonumber(L, index);
        /* 2^63 as a double; integral values in (-2^63, 2^63) convert exactly */
        if (n == n && n >= -9223372036854775808.0 && n < 9223372036854775808.0 &&
            (lua_Number)(long long)n == n) {
            *out = (long long)n;
            return 1;
        }
    }
    return 0;
}

#endif
