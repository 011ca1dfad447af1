/* message.c: the one message validator and heuristic measure (see
 * message.h), and the validator's Lua functions validate_message and
 * validate_messages. */
#include <string.h>

#include "message.h"
#include "parts.h"

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

/* Is s[0..len) the literal `name`? (memcmp of a constant length compiles to
 * a few integer compares: no strcmp call per block on the hot walk.) */
#define IS_NAME(s, len, name) ((len) == sizeof(name) - 1 && memcmp((s), name, sizeof(name) - 1) == 0)

int message_role(lua_State *L, int index)
{
    size_t len;
    const char *role = lua_tolstring(L, index, &len);
    if (IS_NAME(role, len, "assistant"))
        return ROLE_ASSISTANT;
    if (IS_NAME(role, len, "tool_result"))
        return ROLE_TOOL_RESULT;
    if (IS_NAME(role, len, "user"))
        return ROLE_USER;
    return 0;
}

int message_block_kind(lua_State *L, int index)
{
    size_t len;
    const char *type = lua_tolstring(L, index, &len);
    if (IS_NAME(type, len, "text"))
        return BLOCK_TEXT;
    if (IS_NAME(type, len, "tool_call"))
        return BLOCK_TOOL_CALL;
    if (IS_NAME(type, len, "thinking"))
        return BLOCK_THINKING;
    if (IS_NAME(type, len, "image"))
        return BLOCK_IMAGE;
    return BLOCK_OTHER;
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
    return rawget_type(L, table);
}




/* The heuristic estimate of a measured message. */
long long heuristic_message_tokens(const message_info *info)
{
    return HEURISTIC_MESSAGE_TOKENS + heuristic_tokens(info->text_units) +
           info->blocks * HEURISTIC_BLOCK_TOKENS + info->tool_calls * HEURISTIC_TOOL_CALL_TOKENS +
           (info->role == ROLE_TOOL_RESULT ? HEURISTIC_TOOL_RESULT_TOKENS : 0) +
           info->images * HEURISTIC_IMAGE_TOKENS;
}

/* value_measure for a value that is not a table; `type` is its type. */
static int scalar_measure(lua_State *L, int index, int type, value_walk *walk)
{
    switch (type) {
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, index, &len);
        walk->units += heuristic_measure(s, len) + HEURISTIC_JSON_VALUE_UNITS;
        return 1;
    }
    case LUA_TNUMBER: {
        lua_Number number = lua_tonumber(L, index);
        if (number != number || number - number != 0) {
            walk->problem = "NaN or infinity, which JSON cannot hold";
            return 0;
        }
        walk->units += 2 * HEURISTIC_JSON_VALUE_UNITS;
        return 1;
    }
    case LUA_TBOOLEAN:
    case LUA_TNIL:
    case LUA_TLIGHTUSERDATA: /* compact.core.json_null */
        walk->units += HEURISTIC_JSON_VALUE_UNITS;
        return 1;
    default:
        walk->problem = "value JSON cannot hold (function, userdata or thread)";
        return 0;
    }
}

/* Enter the table at `index`: node budget, cycle and depth checks. */
static int enter_table(lua_State *L, int index, value_walk *walk, int depth)
{
    int i;
    const void *self = lua_topointer(L, index);
    if (++walk->nodes > VALUE_MAX_NODES) {
        walk->problem = "value too large";
        return 0;
    }
    for (i = 0; i < depth; i++) {
        if (walk->ancestors[i] == self) {
            walk->problem = "cycle";
            return 0;
        }
    }
    if (depth >= VALUE_MAX_DEPTH) {
        walk->problem = "nesting deeper than 100 levels";
        return 0;
    }
    if (!lua_checkstack(L, 3)) {
        walk->problem = "nesting too deep for the Lua stack";
        return 0;
    }
    walk->ancestors[depth] = self;
    return 1;
}

/* The table at absolute index `index`: every key and value measured, in
 * the shapes json_encode accepts (so what validates also encodes). The
 * key and value of the walk sit at top + 1 and top + 2. */
static int table_measure(lua_State *L, int index, value_walk *walk, int depth)
{
    long long string_keys = 0, index_keys = 0, max_index = 0;
    int top = lua_gettop(L), ok = 1;
    if (!enter_table(L, index, walk, depth))
        return 0;
    lua_pushnil(L);
    while (ok && lua_next(L, index) != 0) {
        int value_type = lua_type(L, top + 2);
        long long key_index;
        if (lua_type(L, top + 1) == LUA_TSTRING) {
            size_t len;
            const char *key = lua_tolstring(L, top + 1, &len);
            string_keys++;
            walk->units += heuristic_measure(key, len) + HEURISTIC_JSON_KEY_UNITS;
        } else if (lua_type(L, top + 1) == LUA_TNUMBER && to_integer_exact(L, top + 1, &key_index) &&
                   key_index >= 1) {
            index_keys++;
            if (key_index > max_index)
                max_index = key_index;
        } else {
            walk->problem = "a key JSON cannot hold (not a string or positive integer)";
            ok = 0;
            break;
        }
        ok = value_type == LUA_TTABLE ? table_measure(L, top + 2, walk, depth + 1)
                                      : scalar_measure(L, top + 2, value_type, walk);
        lua_settop(L, top + 1);
    }
    lua_settop(L, top);
    if (!ok)
        return 0;
    if (string_keys > 0 && index_keys > 0) {
        walk->problem = "a table mixing array and string keys";
        return 0;
    }
    if (index_keys > 0 && max_index != index_keys) {
        walk->problem = "a sparse array";
        return 0;
    }
    return 1;
}

int value_measure(lua_State *L, int index, value_walk *walk)
{
    int type = lua_type(L, index);
    if (type != LUA_TTABLE)
        return scalar_measure(L, index, type, walk);
    return table_measure(L, lua_absindex(L, index), walk, 0);
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

/* On failure: keep the error string (on top) just above `top`, dropping
 * whatever the failed check had pushed below it, and return 0. */
static int keep_error(lua_State *L, int top)
{
    if (lua_gettop(L) > top + 1) {
        lua_replace(L, top + 1);
        lua_settop(L, top + 1);
    }
    return 0;
}

/* Optional field `key` of `table`: nil or of type `expected` (string or
 * boolean). Leaves the stack unchanged on success. */
static int optional_field(lua_State *L, int table, int key, int expected,
                          long long message_index, int block_index, const char *field)
{
    int type = message_field(L, table, key);
    lua_pop(L, 1); /* the value stays alive: it is a field of the table */
    if (type == LUA_TNIL || type == expected)
        return 1;
    message_field(L, table, key);
    message_fail_type(L, message_index, block_index, field, lua_typename(L, expected), -1);
    lua_remove(L, -2);
    return 0;
}

/* Field `key` of `table` pushed: a non-empty string, else an error naming
 * it ("tool_call has no <what>" when nil). */
static int required_name(lua_State *L, int table, int key, long long message_index,
                         int block_index, const char *field, const char *missing)
{
    int type = message_field(L, table, key);
    if (type == LUA_TSTRING && lua_rawlen(L, -1) > 0)
        return 1;
    return message_fail(L, message_index, block_index, field,
                        type == LUA_TNIL ? missing : "expected a non-empty string");
}

/* A tool_call block: id and name non-empty strings, arguments a JSON-able
 * table or a string (kept as the provider sent it). */
static int inspect_tool_call(lua_State *L, int block, long long message_index, int block_index,
                             message_info *info, int ids)
{
    const char *text;
    size_t len;
    value_walk walk;
    int top = lua_gettop(L), type;
    if (info->role != ROLE_ASSISTANT)
        return message_fail(L, message_index, block_index, "",
                            "tool_call block outside an assistant message");
    if (!required_name(L, block, KEY_ID, message_index, block_index, ".id", "tool_call has no id"))
        return keep_error(L, top);
    if (ids != 0) {
        lua_pushinteger(L, (lua_Integer)message_index);
        lua_rawset(L, ids); /* ids[id] = message_index; pops the id */
    }
    if (!required_name(L, block, KEY_NAME, message_index, block_index, ".name",
                       "tool_call has no name"))
        return keep_error(L, top);
    text = lua_tolstring(L, -1, &len);
    message_measure_text(info, text, len);
    type = message_field(L, block, KEY_ARGUMENTS);
    if (type != LUA_TNIL && type != LUA_TTABLE && type != LUA_TSTRING) {
        message_fail_type(L, message_index, block_index, ".arguments", "table", -1);
        return keep_error(L, top);
    }
    walk.nodes = 0;
    walk.units = 0;
    walk.problem = NULL;
    if (!value_measure(L, lua_gettop(L), &walk)) {
        lua_settop(L, top);
        return message_fail(L, message_index, block_index, ".arguments", walk.problem);
    }
    lua_settop(L, top);
    info->text_units += walk.units;
    info->tool_calls++;
    return 1;
}

/* Measure the string field `key` of `block` when it is one; else an error
 * naming `field` when `required`. */
static int measure_text_field(lua_State *L, int block, int key, int required,
                              long long message_index, int block_index, const char *field,
                              message_info *info)
{
    size_t len;
    const char *text;
    if (message_field(L, block, key) != LUA_TSTRING) {
        if (!required) {
            lua_pop(L, 1);
            return 1;
        }
        message_fail_type(L, message_index, block_index, field, "string", -1);
        lua_remove(L, -2);
        return 0;
    }
    text = lua_tolstring(L, -1, &len);
    message_measure_text(info, text, len);
    lua_pop(L, 1);
    return 1;
}

/* Validate and measure one content block at `block` (absolute index).
 * `ids`: absolute index of the ledger's id table, or 0. */
static int inspect_block(lua_State *L, int block, long long message_index, int block_index,
                         message_info *info, int ids)
{
    int type_type, kind;
    if (lua_type(L, block) != LUA_TTABLE)
        return message_fail_type(L, message_index, block_index, "", "a block table", block);
    type_type = message_field(L, block, KEY_TYPE);
    if (type_type != LUA_TSTRING) {
        if (type_type == LUA_TNIL) {
            lua_pop(L, 1);
            return message_fail(L, message_index, block_index, "", "block has no type");
        }
        message_fail_type(L, message_index, block_index, ".type", "string", -1);
        lua_remove(L, -2);
        return 0;
    }
    kind = message_block_kind(L, -1);
    lua_pop(L, 1);
    info->blocks++;
    switch (kind) {
    case BLOCK_TEXT:
        return measure_text_field(L, block, KEY_TEXT, 1, message_index, block_index, ".text",
                                  info);
    case BLOCK_TOOL_CALL:
        return inspect_tool_call(L, block, message_index, block_index, info, ids);
    case BLOCK_THINKING:
        return measure_text_field(L, block, KEY_THINKING, 1, message_index, block_index,
                                  ".thinking", info);
    case BLOCK_IMAGE:
        info->images++;
        return optional_field(L, block, KEY_DATA, LUA_TSTRING, message_index, block_index,
                              ".data") &&
               optional_field(L, block, KEY_MIME_TYPE, LUA_TSTRING, message_index, block_index,
                              ".mime_type");
    default:
        break;
    }
    /* a block type this version does not know: kept, never read beyond its
     * optional text, so newer providers' blocks pass through */
    return measure_text_field(L, block, KEY_TEXT, 0, message_index, block_index, ".text", info);
}

/* Content: a string or a list of blocks. The value is at `content`. */
static int inspect_content(lua_State *L, int content, long long message_index,
                           message_info *info, int ids)
{
    int i, count, type = lua_type(L, content), block = lua_gettop(L) + 1;
    if (type == LUA_TSTRING) {
        size_t len;
        const char *text = lua_tolstring(L, content, &len);
        message_measure_text(info, text, len);
        return 1;
    }
    if (type != LUA_TTABLE)
        return message_fail_type(L, message_index, 0, ".content", "string or list of blocks",
                                 content);
    count = (int)lua_rawlen(L, content);
    for (i = 1; i <= count; i++) {
        lua_rawgeti(L, content, i); /* at `block` */
        if (!inspect_block(L, block, message_index, i, info, ids))
            return keep_error(L, block - 1);
        lua_settop(L, block - 1);
    }
    return 1;
}

/* The tool_result fields: tool_call_id (looked up in the ledger's `ids`
 * when given), tool_name, is_error. */
static int inspect_tool_result(lua_State *L, int message, long long message_index, int ids,
                               long long *matched_call)
{
    if (message_field(L, message, KEY_TOOL_CALL_ID) != LUA_TSTRING) {
        message_fail_type(L, message_index, 0, ".tool_call_id", "string", -1);
        lua_remove(L, -2);
        return 0;
    }
    if (ids != 0 && matched_call) {
        long long call_index = 0;
        if (rawget_type(L, ids) == LUA_TNUMBER && to_integer_exact(L, -1, &call_index) &&
            call_index < message_index)
            *matched_call = call_index;
    }
    lua_pop(L, 1);
    return optional_field(L, message, KEY_TOOL_NAME, LUA_TSTRING, message_index, 0,
                          ".tool_name") &&
           optional_field(L, message, KEY_IS_ERROR, LUA_TBOOLEAN, message_index, 0, ".is_error");
}

/* Validate and measure the message at absolute index `message`. On success
 * returns 1 and fills *info; on failure pushes an error string and returns 0.
 * With a ledger id table (`ids` != 0), records each tool call's id -> index
 * and stores in *matched_call the index of the call a tool_result answers
 * (0 when it answers none seen before it). */
int inspect_message(lua_State *L, int message, long long message_index, message_info *info,
                    int ids, long long *matched_call)
{
    int top = lua_gettop(L);
    info->role = 0;
    info->text_units = 0;
    info->images = 0;
    info->blocks = 0;
    info->tool_calls = 0;
    if (matched_call)
        *matched_call = 0;
    if (lua_type(L, message) != LUA_TTABLE)
        return message_fail_type(L, message_index, 0, "", "a message table", message);
    if (message_field(L, message, KEY_ROLE) != LUA_TSTRING) {
        message_fail_type(L, message_index, 0, ".role", "string", -1);
        return keep_error(L, top);
    }
    info->role = message_role(L, -1);
    if (info->role == 0) {
        size_t len;
        const char *role = lua_tolstring(L, -1, &len);
        if (strlen(role) == len)
            lua_pushfstring(L, "unknown role '%s'", role);
        else
            lua_pushliteral(L, "unknown role (a string holding a NUL byte)");
        message_fail(L, message_index, 0, ".role", lua_tostring(L, -1));
        return keep_error(L, top);
    }
    lua_pop(L, 1);
    if (info->role == ROLE_TOOL_RESULT) {
        if (!inspect_tool_result(L, message, message_index, ids, matched_call))
            return 0;
    } else if (info->role == ROLE_ASSISTANT) {
        if (!optional_field(L, message, KEY_STOP_REASON, LUA_TSTRING, message_index, 0,
                            ".stop_reason") ||
            !optional_field(L, message, KEY_ERROR_MESSAGE, LUA_TSTRING, message_index, 0,
                            ".error_message"))
            return 0;
    }
    message_field(L, message, KEY_CONTENT);
    if (!inspect_content(L, top + 1, message_index, info, ids))
        return keep_error(L, top);
    lua_settop(L, top);
    return 1;
}

/* validate_message(msg [, i]) -> true | nil, "messages[i].field: problem"
 * validate_messages(list)     -> true | nil, err */
static int validate_message(lua_State *L)
{
    message_info info;
    lua_Integer index = luaL_optinteger(L, 2, 0);
    lua_settop(L, 1);
    if (!inspect_message(L, 1, (long long)index, &info, 0, NULL))
        return compact_fail_top(L);
    lua_pushboolean(L, 1);
    return 1;
}

static int validate_messages(lua_State *L)
{
    message_info info;
    int i, count;
    lua_settop(L, 1);
    if (lua_type(L, 1) != LUA_TTABLE)
        return compact_fail(L, "messages: expected a list of messages, got %s", luaL_typename(L, 1));
    count = (int)lua_rawlen(L, 1);
    for (i = 1; i <= count; i++) {
        lua_rawgeti(L, 1, i);
        if (!inspect_message(L, 2, i, &info, 0, NULL))
            return compact_fail_top(L);
        lua_settop(L, 1);
    }
    lua_pushboolean(L, 1);
    return 1;
}

int luaopen_compact_core_message(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"validate_message", validate_message},
        {"validate_messages", validate_messages},
        {NULL, NULL},
    };
    lua_newtable(L);
    message_push_keys(L);
    luaL_setfuncs(L, functions, MESSAGE_KEY_COUNT);
    return 1;
}
