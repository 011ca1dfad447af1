/* compat.h: compact's C code is written against the Lua 5.3/5.4 API; on
 * Lua 5.1 and LuaJIT this header supplies the 5.2+ names it uses (the
 * compat-5.3 way: the real API names, polyfilled where missing). Include it
 * instead of the Lua headers. It also holds the helpers every part
 * shares: compact_fail, set_lifecycle, new_class, rawget_type and
 * to_integer_exact. */
#ifndef COMPACT_COMPAT_H
#define COMPACT_COMPAT_H

#include <stdarg.h>

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

#define COMPACT_HAS_INTEGERS (LUA_VERSION_NUM >= 503)

#if LUA_VERSION_NUM < 502
/* Lua 5.1 and LuaJIT */
#define lua_rawlen(L, i) lua_objlen((L), (i))
#define lua_getuservalue(L, i) lua_getfenv((L), (i))
#define lua_setuservalue(L, i) lua_setfenv((L), (i))
#define lua_absindex(L, i) \
    (((i) > 0 || (i) <= LUA_REGISTRYINDEX) ? (i) : lua_gettop(L) + (i) + 1)

#if !defined(luaL_newlibtable) /* PUC Lua 5.1 (LuaJIT 2.1 has these) */
static inline void luaL_setfuncs(lua_State *L, const luaL_Reg *l, int nup)
{
    luaL_checkstack(L, nup + 1, "too many upvalues");
    for (; l->name != NULL; l++) {
        int i;
        for (i = 0; i < nup; i++)
            lua_pushvalue(L, -nup);
        lua_pushcclosure(L, l->func, nup);
        lua_setfield(L, -(nup + 2), l->name);
    }
    lua_pop(L, nup);
}

#define luaL_newlibtable(L, l) lua_createtable((L), 0, (int)(sizeof(l) / sizeof((l)[0]) - 1))
#define luaL_newlib(L, l) (luaL_newlibtable((L), (l)), luaL_setfuncs((L), (l), 0))

static inline void *luaL_testudata(lua_State *L, int index, const char *name)
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
#endif
#endif

#if LUA_VERSION_NUM < 503
/* luaL_newmetatable sets __name from 5.3 on; the polyfill does it too */
static inline int compat53_newmetatable(lua_State *L, const char *name)
{
    if (!luaL_newmetatable(L, name))
        return 0;
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
    return 1;
}
#undef luaL_newmetatable
#define luaL_newmetatable(L, name) compat53_newmetatable((L), (name))
#endif

/* The one failure convention of compact's C functions. Misuse by compact's
 * own Lua code (a wrong argument type, a closed object, re-entry) raises:
 * luaL_error, luaL_argerror, luaL_check*. Bad data (a message, a document,
 * a stream the caller gave) returns nil and a message naming the field,
 * through these two helpers and nowhere else:
 *   return compact_fail(L, "messages[%d].role: ...", i);   nil, formatted
 *   return compact_fail_top(L);    nil, the message already on top */
static inline int compact_fail_top(lua_State *L)
{
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
}

static inline int compact_fail(lua_State *L, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lua_pushvfstring(L, format, args);
    va_end(args);
    return compact_fail_top(L);
}

/* The one lifecycle rule of every userdata compact makes: set __gc, __close
 * (5.4: equal to __gc, as in liolib.c) and __tostring on the metatable on
 * top (no __tostring when `tostring` is NULL). `gc` must be safe to call twice (closing twice is a no-op), and every
 * method on a closed userdata raises an error saying it is closed. */
static inline void set_lifecycle(lua_State *L, lua_CFunction gc, lua_CFunction tostring)
{
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__gc");
#if LUA_VERSION_NUM >= 504
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__close");
#endif
    if (tostring != NULL) {
        lua_pushcfunction(L, tostring);
        lua_setfield(L, -2, "__tostring");
    }
}

/* Register the metatable `name` of a userdata type once: the lifecycle
 * above plus __index, a table of `methods`. Leaves the stack as it was. */
static inline void new_class(lua_State *L, const char *name, const luaL_Reg *methods,
                             lua_CFunction gc, lua_CFunction tostring)
{
    if (luaL_newmetatable(L, name)) {
        set_lifecycle(L, gc, tostring);
        lua_newtable(L);
        luaL_setfuncs(L, methods, 0);
        lua_setfield(L, -2, "__index");
    }
    lua_pop(L, 1);
}

/* lua_rawget returning the type of the value it pushed, as it does from
 * 5.3 on. */
static inline int rawget_type(lua_State *L, int index)
{
#if LUA_VERSION_NUM >= 503
    return lua_rawget(L, index);
#else
    lua_rawget(L, index);
    return lua_type(L, -1);
#endif
}

/* Is the number at `index` integral and representable as a long long?
 * Stores it in *out. Works with and without native integers (unlike
 * lua_tointegerx, which truncates on LuaJIT). */
static inline int to_integer_exact(lua_State *L, int index, long long *out)
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
