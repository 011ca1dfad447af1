/* harness.h: the shared part of the Lua-driven libFuzzer targets.
 *
 * Each target embeds one Lua 5.4 state for the whole run, registers the
 * compact.core built into the same binary (luaopen_compact_core, compiled
 * from csrc/core with the fuzzer's instrumentation) as package.loaded
 * ["compact.core"], and loads a driver script (FUZZ_DRIVER, a path baked in
 * at compile time) that returns one function. Every input is passed to that
 * function as a Lua string. The driver checks the properties; a raised Lua
 * error is a finding, so the harness prints it and aborts, which libFuzzer
 * reports as a crash and saves the input. Memory errors are ASan's. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

#ifndef FUZZ_DRIVER
#error "FUZZ_DRIVER must name the driver script"
#endif
#ifndef FUZZ_ROOT
#error "FUZZ_ROOT must name the checkout"
#endif

int luaopen_compact_core(lua_State *L);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static lua_State *fuzz_L;
static unsigned long fuzz_runs;

static int fuzz_traceback(lua_State *L)
{
    luaL_traceback(L, L, lua_tostring(L, 1), 1);
    return 1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    lua_State *L = luaL_newstate();
    (void)argc;
    (void)argv;
    if (L == NULL)
        abort();
    luaL_openlibs(L);
    /* package.loaded["compact.core"] = the statically linked core */
    luaL_requiref(L, "compact.core", luaopen_compact_core, 0);
    lua_pop(L, 1);
    /* the Lua half of compact, for drivers that use compact.state & co */
    lua_getglobal(L, "package");
    lua_pushstring(L, FUZZ_ROOT "/lua/?.lua;" FUZZ_ROOT "/lua/?/init.lua;" FUZZ_ROOT "/fuzz/?.lua;" FUZZ_ROOT "/spec/support/?.lua");
    lua_setfield(L, -2, "path");
    lua_pushstring(L, "");
    lua_setfield(L, -2, "cpath"); /* never load a second core from disk */
    lua_pop(L, 1);
    lua_pushcfunction(L, fuzz_traceback);
    if (luaL_loadfile(L, FUZZ_DRIVER) != LUA_OK || lua_pcall(L, 0, 1, 1) != LUA_OK ||
        lua_type(L, -1) != LUA_TFUNCTION) {
        fprintf(stderr, "fuzz: cannot load %s: %s\n", FUZZ_DRIVER, lua_tostring(L, -1));
        abort();
    }
    /* stack: traceback, driver */
    fuzz_L = L;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lua_State *L = fuzz_L;
    lua_pushvalue(L, 2);
    lua_pushlstring(L, (const char *)data, size);
    if (lua_pcall(L, 1, 0, 1) != LUA_OK) {
        fprintf(stderr, "fuzz: property violated: %s\n", lua_tostring(L, -1));
        abort();
    }
    lua_settop(L, 2);
    /* Collect often so __gc/__close paths run on fresh garbage (ASan sees a
     * use after free there) and memory stays flat over a long run. */
    if (++fuzz_runs % 64 == 0)
        lua_gc(L, LUA_GCCOLLECT, 0);
    return 0;
}
