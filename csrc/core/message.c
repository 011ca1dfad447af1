/* message.c: the one message validator and heuristic measure (see
 * message.h). */
#include <string.h>
#include "message.h"

static const char *const message_key_names[MESSAGE_KEY_COUNT] = {
    "role", "content", "type", "text", "thinking", "id", "name", "arguments", "tool_call_id",
    "tool_name", "is_error", "stop_reason", "error_message", "data", "mime_type",
};

void message_measure_text(message_info *info, const char *text, size_t len)
{
    info->text_units += heuristic_measure(text, len);
}

void heuristic_add_string(lua_State *L, int index, heuristic_units *units, heuristic_units extra)
{
    size_t len;
    const char *s = lua_tolstring(L, index, &len);
    *units += heuristic_measure(s, len) + extra;
}

/* Push the key strings, to become upvalues 1..MESSAGE_KEY_COUNT. */
void message_push_keys(lua_State *L)
{
    int i;
    /* room for the keys and for luaL_setfuncs's copies of them */
    luaL_checkstack(L, 2 * MESSAGE_KEY_COUNT + 8, "compact: opening the core");
    for (i = 0; i < MESSAGE_KEY_COUNT; i++)
        lua_pushstring(L, message_key_names[i]);
}

/* Push table[key] (raw) and return its type. */
int message_field(lua_State *L, int table, int key)
{
    lua_pushvalue(L, lua_upvalueindex(key));
#if LUA_VERSION_NUM >= 503
    return lua_rawget(L, table); /* returns the type from 5.3 on */
#else
    lua_rawget(L, table);
    return lua_type(L, -1);
#endif
}




/* The heuristic estimate of a measured message. */
long long heuristic_message_tokens(const message_info *info)
{
    return HEURISTIC_MESSAGE_TOKENS + heuristic_tokens(info->text_units) +
           info->blocks * HEURISTIC_BLOCK_TOKENS + info->tool_calls * HEURISTIC_TOOL_CALL_TOKENS +
           (info->role == ROLE_TOOL_RESULT ? HEURISTIC_TOOL_RESULT_TOKENS : 0) +
           info->images * HEURISTIC_IMAGE_TOKENS;
}

/* Approximate JSON size of the value at `index`; returns -1 and sets
 * walk->problem for cycles, excessive nesting or size, and values JSON
 * cannot hold (functions, userdata, threads). */
/* value_json_size for a value that is not a table. */
static long long scalar_json_size(lua_State *L, int index, value_walk *walk)
{
    switch (lua_type(L, index)) {
    case LUA_TSTRING:
        heuristic_add_string(L, index, &walk->units, HEURISTIC_JSON_VALUE_UNITS);
        return (long long)lua_rawlen(L, index) + 2;
    case LUA_TNUMBER: {
        lua_Number number = lua_tonumber(L, index);
        if (number != number || number - number != 0) {
            walk->problem = "NaN or infinity, which JSON cannot hold";
            return -1;
        }
        walk->units += 2 * HEURISTIC_JSON_VALUE_UNITS;
        return 8;
    }
    case LUA_TBOOLEAN:
    case LUA_TNIL:
        walk->units += HEURISTIC_JSON_VALUE_UNITS;
        return 5;
    case LUA_TLIGHTUSERDATA: /* compact.core.json_null */
        walk->units += HEURISTIC_JSON_VALUE_UNITS;
        return 4;
    default:
        walk->problem = "value JSON cannot hold (function, userdata or thread)";
        return -1;
    }
}

long long value_json_size(lua_State *L, int index, value_walk *walk, int depth)
{
    long long size = 0, part, string_keys = 0, index_keys = 0, max_index = 0;
    int i;
    const void *self;
    if (lua_type(L, index) != LUA_TTABLE)
        return scalar_json_size(L, index, walk);
    if (++walk->nodes > VALUE_MAX_NODES) {
        walk->problem = "value too large";
        return -1;
    }
    self = lua_topointer(L, index);
    for (i = 0; i < depth; i++) {
        if (walk->ancestors[i] == self) {
            walk->problem = "cycle";
            return -1;
        }
    }
    if (depth >= VALUE_MAX_DEPTH) {
        walk->problem = "nesting deeper than 100 levels";
        return -1;
    }
    if (!lua_checkstack(L, 3)) {
        walk->problem = "nesting too deep for the Lua stack";
        return -1;
    }
    walk->ancestors[depth] = self;
    size = 2;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        long long key_index;
        if (lua_type(L, -2) == LUA_TSTRING) {
            string_keys++;
            heuristic_add_string(L, -2, &walk->units, HEURISTIC_JSON_KEY_UNITS);
            size += (long long)lua_rawlen(L, -2) + 3;
        } else if (lua_type(L, -2) == LUA_TNUMBER && to_integer_exact(L, -2, &key_index) &&
                   key_index >= 1) {
            index_keys++;
            if (key_index > max_index)
                max_index = key_index;
            size += 1;
        } else {
            lua_pop(L, 2);
            walk->problem = "a key JSON cannot hold (not a string or positive integer)";
            return -1;
        }
        part = value_json_size(L, lua_gettop(L), walk, depth + 1);
        lua_pop(L, 1);
        if (part < 0) {
            lua_pop(L, 1);
            return -1;
        }
        size += part;
    }
    /* the same shapes json_encode accepts, so what validates also encodes */
    if (string_keys > 0 && index_keys > 0) {
        walk->problem = "a table mixing array and string keys";
        return -1;
    }
    if (index_keys > 0 && max_index != index_keys) {
        walk->problem = "a sparse array";
        return -1;
    }
    return size;
}

/* Push "messages[i]<suffix>: <problem>" and return 0. A message checked on
 * its own (message_index 0) is named "message". */
static int message_fail(lua_State *L, long long message_index, int block_index,
                               const char *field, const char *problem)
{
    if (message_index > 0)
        lua_pushfstring(L, "messages[%d]", (int)message_index);
    else
        lua_pushliteral(L, "message");
    if (block_index > 0)
        lua_pushfstring(L, "%s.content[%d]%s: %s", lua_tostring(L, -1), block_index, field,
                        problem);
    else
        lua_pushfstring(L, "%s%s: %s", lua_tostring(L, -1), field, problem);
    lua_remove(L, -2);
    return 0;
}

static int message_fail_type(lua_State *L, long long message_index, int block_index,
                                    const char *field, const char *expected, int actual_index)
{
    lua_pushfstring(L, "expected %s, got %s", expected, luaL_typename(L, actual_index));
    message_fail(L, message_index, block_index, field, lua_tostring(L, -1));
    lua_remove(L, -2);
    return 0;
}

/* Optional string field: nil or string. Leaves the stack unchanged. */
static int optional_string_field(lua_State *L, int table, int key,
                                        long long message_index, int block_index,
                                        const char *field)
{
    int type;
    message_field(L, table, key);
    type = lua_type(L, -1);
    if (type != LUA_TNIL && type != LUA_TSTRING) {
        message_fail_type(L, message_index, block_index, field, "string", -1);
        lua_remove(L, -2);
        return 0;
    }
    lua_pop(L, 1);
    return 1;
}

/* A tool_call block: id and name non-empty strings, arguments a JSON-able
 * table or a string (kept as the provider sent it). */
static int inspect_tool_call(lua_State *L, int block, long long message_index, int block_index,
                             message_info *info, int ids)
{
    const char *text;
    size_t len;
    value_walk walk;
    long long size;
    int arguments;
    if (info->role != ROLE_ASSISTANT)
        return message_fail(L, message_index, block_index, "",
                            "tool_call block outside an assistant message");
    message_field(L, block, KEY_ID);
    if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) == 0) {
        message_fail(L, message_index, block_index, ".id",
                     lua_isnil(L, -1) ? "tool_call has no id" : "expected a non-empty string");
        lua_remove(L, -2);
        return 0;
    }
    if (ids != 0) {
        lua_pushvalue(L, -1);
        lua_pushinteger(L, (lua_Integer)message_index);
        lua_rawset(L, ids);
    }
    lua_pop(L, 1);
    message_field(L, block, KEY_NAME);
    if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) == 0) {
        message_fail(L, message_index, block_index, ".name",
                     lua_isnil(L, -1) ? "tool_call has no name" : "expected a non-empty string");
        lua_remove(L, -2);
        return 0;
    }
    text = lua_tolstring(L, -1, &len);
    message_measure_text(info, text, len);
    lua_pop(L, 1);
    message_field(L, block, KEY_ARGUMENTS);
    arguments = lua_gettop(L);
    if (!lua_isnil(L, arguments) && lua_type(L, arguments) != LUA_TTABLE &&
        lua_type(L, arguments) != LUA_TSTRING) {
        message_fail_type(L, message_index, block_index, ".arguments", "table", arguments);
        lua_remove(L, -2);
        return 0;
    }
    walk.nodes = 0;
    walk.units = 0;
    walk.problem = NULL;
    size = value_json_size(L, arguments, &walk, 0);
    lua_pop(L, 1);
    if (size < 0)
        return message_fail(L, message_index, block_index, ".arguments", walk.problem);
    info->text_units += walk.units;
    info->tool_calls++;
    return 1;
}

/* Validate and measure one content block at `block` (absolute index).
 * `ids`: absolute index of the ledger's id table, or 0. */
static int inspect_block(lua_State *L, int block, long long message_index, int block_index,
                                message_info *info, int ids)
{
    const char *type, *text;
    size_t len;
    if (lua_type(L, block) != LUA_TTABLE)
        return message_fail_type(L, message_index, block_index, "", "a block table", block);
    message_field(L, block, KEY_TYPE);
    if (lua_type(L, -1) != LUA_TSTRING) {
        int missing = lua_isnil(L, -1);
        lua_pop(L, 1);
        if (missing)
            return message_fail(L, message_index, block_index, "", "block has no type");
        message_field(L, block, KEY_TYPE);
        message_fail_type(L, message_index, block_index, ".type", "string", -1);
        lua_remove(L, -2);
        return 0;
    }
    type = lua_tostring(L, -1);
    lua_pop(L, 1); /* the string stays alive: it is a field of the block */
    info->blocks++;
    if (strcmp(type, "text") == 0 || strcmp(type, "thinking") == 0) {
        const char *field = type[1] == 'e' ? "text" : "thinking";
        message_field(L, block, type[1] == 'e' ? KEY_TEXT : KEY_THINKING);
        if (lua_type(L, -1) != LUA_TSTRING) {
            lua_pushfstring(L, ".%s", field);
            message_fail_type(L, message_index, block_index, lua_tostring(L, -1), "string", -2);
            lua_replace(L, -3);
            lua_pop(L, 1);
            return 0;
        }
        text = lua_tolstring(L, -1, &len);
        message_measure_text(info, text, len);
        lua_pop(L, 1);
        return 1;
    }
    if (strcmp(type, "image") == 0) {
        info->images++;
        return optional_string_field(L, block, KEY_DATA, message_index, block_index, ".data") &&
               optional_string_field(L, block, KEY_MIME_TYPE, message_index, block_index,
                                     ".mime_type");
    }
    if (strcmp(type, "tool_call") == 0)
        return inspect_tool_call(L, block, message_index, block_index, info, ids);
    /* a block type this version does not know: kept, never read beyond its
     * optional text, so newer providers' blocks pass through */
    message_field(L, block, KEY_TEXT);
    if (lua_type(L, -1) == LUA_TSTRING) {
        text = lua_tolstring(L, -1, &len);
        message_measure_text(info, text, len);
    }
    lua_pop(L, 1);
    return 1;
}

/* Content: a string or a list of blocks. The value is at `content`. */
static int inspect_content(lua_State *L, int content, long long message_index,
                                  message_info *info, int ids)
{
    int i, count;
    if (lua_type(L, content) == LUA_TSTRING) {
        size_t len;
        const char *text = lua_tolstring(L, content, &len);
        message_measure_text(info, text, len);
        return 1;
    }
    if (lua_type(L, content) != LUA_TTABLE)
        return message_fail_type(L, message_index, 0, ".content", "string or list of blocks",
                                 content);
    count = (int)lua_rawlen(L, content);
    for (i = 1; i <= count; i++) {
        int ok;
        lua_rawgeti(L, content, i);
        ok = inspect_block(L, lua_gettop(L), message_index, i, info, ids);
        if (!ok) {
            lua_remove(L, -2);
            return 0;
        }
        lua_pop(L, 1);
    }
    return 1;
}

/* Validate and measure the message at absolute index `message`. On success
 * returns 1 and fills *info; on failure pushes an error string and returns 0.
 * With a ledger id table (`ids` != 0), records each tool call's id -> index
 * and stores in *matched_call the index of the call a tool_result answers
 * (0 when it answers none seen before it). */
int inspect_message(lua_State *L, int message, long long message_index,
                                  message_info *info, int ids, long long *matched_call)
{
    const char *role;
    int ok;
    info->role = 0;
    info->text_units = 0;
    info->images = 0;
    info->blocks = 0;
    info->tool_calls = 0;
    if (matched_call)
        *matched_call = 0;
    if (lua_type(L, message) != LUA_TTABLE)
        return message_fail_type(L, message_index, 0, "", "a message table", message);
    message_field(L, message, KEY_ROLE);
    if (lua_type(L, -1) != LUA_TSTRING) {
        message_fail_type(L, message_index, 0, ".role", "string", -1);
        lua_remove(L, -2);
        return 0;
    }
    role = lua_tostring(L, -1);
    if (strcmp(role, "user") == 0)
        info->role = ROLE_USER;
    else if (strcmp(role, "assistant") == 0)
        info->role = ROLE_ASSISTANT;
    else if (strcmp(role, "tool_result") == 0)
        info->role = ROLE_TOOL_RESULT;
    else {
        lua_pushfstring(L, "unknown role '%s'", role);
        message_fail(L, message_index, 0, ".role", lua_tostring(L, -1));
        lua_replace(L, -3);
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    if (info->role == ROLE_TOOL_RESULT) {
        message_field(L, message, KEY_TOOL_CALL_ID);
        if (lua_type(L, -1) != LUA_TSTRING) {
            message_fail_type(L, message_index, 0, ".tool_call_id", "string", -1);
            lua_remove(L, -2);
            return 0;
        }
        if (ids != 0 && matched_call) {
            lua_rawget(L, ids);
            if (lua_type(L, -1) == LUA_TNUMBER) {
                long long call_index = 0;
                to_integer_exact(L, -1, &call_index);
                if (call_index < message_index)
                    *matched_call = call_index;
            }
        }
        lua_pop(L, 1);
        if (!optional_string_field(L, message, KEY_TOOL_NAME, message_index, 0, ".tool_name"))
            return 0;
        message_field(L, message, KEY_IS_ERROR);
        if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TBOOLEAN) {
            message_fail_type(L, message_index, 0, ".is_error", "boolean", -1);
            lua_remove(L, -2);
            return 0;
        }
        lua_pop(L, 1);
    } else if (info->role == ROLE_ASSISTANT) {
        if (!optional_string_field(L, message, KEY_STOP_REASON, message_index, 0, ".stop_reason") ||
            !optional_string_field(L, message, KEY_ERROR_MESSAGE, message_index, 0,
                                   ".error_message"))
            return 0;
    }
    message_field(L, message, KEY_CONTENT);
    ok = inspect_content(L, lua_gettop(L), message_index, info, ids);
    if (!ok) {
        lua_remove(L, -2);
        return 0;
    }
    lua_pop(L, 1);
    return 1;
}

