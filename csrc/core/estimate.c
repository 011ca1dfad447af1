/* estimate.c: the heuristic token estimator, as Lua functions. The
 * measuring itself lives in message.c (messages, values) and heuristic.c
 * (text). Bad data returns nil, "field: problem" (compat.h's convention);
 * compact.estimation's heuristic estimator turns that into the estimator
 * protocol's raise.
 *
 *   heuristic_text(s)        the content-aware measure of s (heuristic.h),
 *                            rounded up; nil counts 0
 *   heuristic_message(msg)   fixed costs per message, block, tool call,
 *                            tool result and image (heuristic.h) plus the
 *                            measure of the text, thinking, tool names and
 *                            tool arguments (keys and values)
 *   heuristic_tools(defs)    per tool a fixed cost plus the measure of its
 *                            name, description and schema (`parameters`,
 *                            or `input_schema` when that is what it has) */
#include "message.h"
#include "parts.h"

static int heuristic_text(lua_State *L)
{
    if (lua_isnoneornil(L, 1)) {
        lua_pushinteger(L, 0);
        return 1;
    }
    if (lua_type(L, 1) != LUA_TSTRING)
        return compact_fail(L, "estimator:text: expected a string, got %s", luaL_typename(L, 1));
    {
        heuristic_units units = 0;
        heuristic_add_string(L, 1, &units, 0);
        lua_pushinteger(L, (lua_Integer)heuristic_tokens(units));
    }
    return 1;
}

static int heuristic_message(lua_State *L)
{
    message_info info;
    lua_settop(L, 1);
    if (!inspect_message(L, 1, 0, &info, 0, NULL))
        return compact_fail_top(L);
    lua_pushinteger(L, (lua_Integer)heuristic_message_tokens(&info));
    return 1;
}

static int fail_tool(lua_State *L, int index, const char *field, const char *problem)
{
    return compact_fail(L, "tools[%d]%s: %s", index, field, problem);
}

static int heuristic_tools(lua_State *L)
{
    long long tokens = 0;
    int i, count;
    if (lua_isnoneornil(L, 1)) {
        lua_pushinteger(L, 0);
        return 1;
    }
    if (lua_type(L, 1) != LUA_TTABLE)
        return compact_fail(L, "tools: expected a list of tool definitions, got %s",
                            luaL_typename(L, 1));
    lua_settop(L, 1);
    count = (int)lua_rawlen(L, 1);
    for (i = 1; i <= count; i++) {
        value_walk walk;
        const char *schema;
        lua_rawgeti(L, 1, i); /* 2 */
        if (lua_type(L, 2) != LUA_TTABLE)
            return fail_tool(L, i, "", "expected a table");
        lua_getfield(L, 2, "name");
        if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) == 0)
            return fail_tool(L, i, ".name", "expected a non-empty string");
        walk.units = 0;
        heuristic_add_string(L, -1, &walk.units, 0);
        lua_getfield(L, 2, "description");
        if (lua_type(L, -1) == LUA_TSTRING)
            heuristic_add_string(L, -1, &walk.units, 0);
        else if (!lua_isnil(L, -1))
            return fail_tool(L, i, ".description", "expected a string");
        /* the schema: `parameters` (OpenAI, pi), else `input_schema`
         * (Anthropic); a tool given either way costs the same */
        schema = "parameters";
        lua_getfield(L, 2, schema);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            schema = "input_schema";
            lua_getfield(L, 2, schema);
        }
        walk.nodes = 0;
        walk.problem = NULL;
        if (!value_measure(L, lua_gettop(L), &walk))
            return compact_fail(L, "tools[%d].%s: %s", i, schema, walk.problem);
        tokens += HEURISTIC_TOOL_DEF_TOKENS + heuristic_tokens(walk.units);
        lua_settop(L, 1);
    }
    lua_pushinteger(L, (lua_Integer)tokens);
    return 1;
}

int luaopen_compact_core_estimate(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"heuristic_text", heuristic_text},
        {"heuristic_message", heuristic_message},
        {"heuristic_tools", heuristic_tools},
        {NULL, NULL},
    };
    lua_newtable(L);
    message_push_keys(L);
    luaL_setfuncs(L, functions, MESSAGE_KEY_COUNT);
    lua_pushinteger(L, HEURISTIC_IMAGE_TOKENS);
    lua_setfield(L, -2, "HEURISTIC_IMAGE_TOKENS");
    lua_pushinteger(L, HEURISTIC_MESSAGE_TOKENS);
    lua_setfield(L, -2, "HEURISTIC_MESSAGE_TOKENS");
    return 1;
}
