/* ledger.c: the planning ledger, a per-conversation record of what every
 * message was found to be (role, estimate, which tool call a result answers)
 * so that planning a growing conversation never re-reads old messages.
 *
 * Validity rule (the caller keeps one ledger per message list and
 * estimator): the ledger trusts that messages it has already inspected were
 * not changed in place. On each sync it checks that the list still holds the
 * same first message table and, at the position of the last inspected
 * message, the same table as before (both held strongly in the ledger's
 * uservalue, so a collected table's address can never be mistaken for a new
 * one), and that the list did not shrink; otherwise it starts over. Appending is therefore O(new messages);
 * replacing or editing messages in the middle of a list in place requires
 * ledger:reset() (compact.forget(list) in Lua).
 *
 * Cut rules (contract section 5): walk back from the newest message adding
 * estimates until the sum reaches keep_recent_tokens; the cut is the nearest
 * valid index at or after that message. k is valid when k == n + 1, or
 * messages[k] is not a tool_result and no tool call before k has its result
 * at or after k. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "message.h"
#include "parts.h"

#define LEDGER_MT "compact.ledger"

typedef struct ledger {
    long long count;    /* messages inspected and accepted, 1..count */
    long long capacity; /* entries allocated in each array, index 0 included */
    double *prefix;          /* prefix[i] = estimate of messages 1..i: doubles, so no sum
                              * of estimates (each below 1e15) can overflow */
    long long *matched_call; /* tool_result: index of the call it answers, else 0 */
    long long *last_user;    /* index of the nearest user message <= i, 0 if none */
    unsigned char *role;
    long long *suffix_min;   /* planning scratch */
    /* addresses of the first and the last inspected message: the uservalue
     * holds both tables (LEDGER_FIRST_MESSAGE, LEDGER_LAST_MESSAGE), so an
     * address cannot be reused by another table while it is compared */
    const void *first_message;
    const void *last_message;
    int busy;                /* inside sync: an estimator callback is running */
    int closed;              /* __close/__gc ran: every method is an error */
    lua_Alloc alloc;         /* the Lua state's allocator, for the arrays */
    void *ud;
} ledger;

/* Integer keys of the uservalue table (its string keys are tool call ids). */
#define LEDGER_FIRST_MESSAGE 1
#define LEDGER_LAST_MESSAGE 2

/* Upvalues of every ledger method after the message keys: sync's protected
 * walk (a closure over the same keys), then the ledger metatable (so the
 * methods that run on every plan check their argument without a registry
 * lookup by name). */
#define SYNC_WALK (MESSAGE_KEY_COUNT + 1)
#define LEDGER_METATABLE (MESSAGE_KEY_COUNT + 2)

/* Resize one array of the ledger from `old` to `new` entries of `size`
 * bytes (new 0 frees it); NULL when the allocator failed. */
/* Bytes of the one block that holds every array for `capacity` entries:
 * the prefix sums (double), three arrays of long long, then the roles. */
static size_t ledger_block_size(long long capacity)
{
    return (size_t)capacity * (sizeof(double) + 3 * sizeof(long long) + sizeof(unsigned char));
}

/* Point the arrays into `block` (NULL: no arrays). */
static void ledger_place(ledger *book, void *block, long long capacity)
{
    long long *base = block ? (long long *)((double *)block + capacity) : NULL;
    book->prefix = (double *)block;
    book->matched_call = base;
    book->last_user = base ? base + capacity : NULL;
    book->suffix_min = base ? base + 2 * capacity : NULL;
    book->role = base ? (unsigned char *)(base + 3 * capacity) : NULL;
    book->capacity = base ? capacity : 0;
}

static void ledger_free_arrays(ledger *book)
{
    if (book->prefix != NULL)
        book->alloc(book->ud, book->prefix, ledger_block_size(book->capacity), 0);
    ledger_place(book, NULL, 0);
    book->count = 0;
}

/* __gc and __close: safe twice. A ledger in sync is referenced from sync's
 * stack, so only an explicit call from an estimator callback can close a
 * busy ledger: sync frees the arrays when its walk is over. */
static int ledger_gc(lua_State *L)
{
    ledger *book = (ledger *)luaL_testudata(L, 1, LEDGER_MT);
    if (book != NULL && !book->closed) {
        book->closed = 1;
        if (!book->busy)
            ledger_free_arrays(book);
    }
    return 0;
}

/* Grow every array to hold index `needed`; raises on out of memory, leaving
 * the ledger consistent (each array keeps its old contents). */
static void ledger_reserve(lua_State *L, ledger *book, long long needed)
{
    long long capacity = book->capacity ? book->capacity : 64, old = book->capacity;
    ledger grown;
    void *block;
    if (needed < book->capacity)
        return;
    while (capacity <= needed)
        capacity *= 2;
    /* one block for every array: growing either fully succeeds or changes
     * nothing, and the allocator is always told the size it gave */
    block = book->alloc(book->ud, NULL, 0, ledger_block_size(capacity));
    if (block == NULL)
        luaL_error(L, "not enough memory for the planning ledger");
    ledger_place(&grown, block, capacity);
    if (old > 0) {
        memcpy(grown.prefix, book->prefix, (size_t)old * sizeof(double));
        memcpy(grown.matched_call, book->matched_call, (size_t)old * sizeof(long long));
        memcpy(grown.last_user, book->last_user, (size_t)old * sizeof(long long));
        memcpy(grown.role, book->role, (size_t)old);
        book->alloc(book->ud, book->prefix, ledger_block_size(old), 0);
    }
    ledger_place(book, block, capacity);
}

static void ledger_clear(lua_State *L, int self, ledger *book)
{
    book->count = 0;
    book->first_message = book->last_message = NULL;
    lua_newtable(L); /* tool call id -> index of the message holding it */
    lua_setuservalue(L, self);
}

/* The ledger at argument 1; using a closed ledger is an error. The
 * metatable is compared with the upvalue; luaL_checkudata only words the
 * error for anything else. */
static ledger *check_ledger(lua_State *L)
{
    ledger *book = NULL;
    if (lua_type(L, 1) == LUA_TUSERDATA && lua_getmetatable(L, 1)) {
        if (lua_rawequal(L, -1, lua_upvalueindex(LEDGER_METATABLE)))
            book = (ledger *)lua_touserdata(L, 1);
        lua_pop(L, 1);
    }
    if (book == NULL)
        book = (ledger *)luaL_checkudata(L, 1, LEDGER_MT);
    if (book->closed)
        luaL_error(L, "compact.ledger: the ledger is closed");
    return book;
}

static int ledger_new(lua_State *L)
{
    ledger *book = (ledger *)lua_newuserdata(L, sizeof(ledger));
    memset(book, 0, sizeof *book);
    book->alloc = lua_getallocf(L, &book->ud);
    luaL_getmetatable(L, LEDGER_MT);
    lua_setmetatable(L, -2);
    lua_insert(L, 1);
    lua_settop(L, 1);
    ledger_reserve(L, book, 0);
    book->prefix[0] = 0;
    book->last_user[0] = 0;
    ledger_clear(L, 1, book);
    return 1;
}

/* Call estimator:message(msg) (the method at `method`). Returns 1 with
 * *tokens set, or 0 with sync's failure message pushed and, above it, the
 * estimator's error value (nil when it returned something unusable). */
static int call_estimator(lua_State *L, int estimator, int method, int message,
                          long long index, long long *tokens)
{
    lua_Number value;
    lua_pushvalue(L, method);
    lua_pushvalue(L, estimator);
    lua_pushvalue(L, message);
    if (lua_pcall(L, 2, 1, 0) != 0) {
        lua_pushfstring(L, "messages[%d]: estimator:message failed", (int)index);
        lua_insert(L, -2);
        return 0;
    }
    value = lua_tonumber(L, -1);
    if (lua_type(L, -1) != LUA_TNUMBER || !(value >= 0 && value < 1e15)) {
        lua_pushfstring(L, "messages[%d]: estimator:message returned %s, expected a non-negative number",
                        (int)index, lua_type(L, -1) == LUA_TNUMBER ? lua_tostring(L, -1) : luaL_typename(L, -1));
        lua_pushnil(L);
        return 0;
    }
    lua_pop(L, 1);
    *tokens = (long long)value;
    if ((lua_Number)*tokens < value)
        (*tokens)++; /* fractional estimates round up */
    return 1;
}

/* A token count: an integer while a double holds it exactly (2^53), else
 * a float (sums of huge estimates stay finite and ordered). */
static void push_tokens(lua_State *L, double tokens)
{
    if (tokens < 9007199254740992.0)
        lua_pushinteger(L, (lua_Integer)tokens);
    else
        lua_pushnumber(L, (lua_Number)tokens);
}

/* sync's result on success: the estimate of messages 1..count. */
static int sync_success(lua_State *L, const ledger *book)
{
    push_tokens(L, book->prefix[book->count]);
    return 1;
}

/* Is the list still the one the ledger has inspected (see the validity
 * rule at the top)? Compares addresses (the ledger struct's comment says
 * why that is exact). */
static int ledger_still_valid(lua_State *L, ledger *book, long long count)
{
    int same;
    if (book->count == 0)
        return 1;
    if (book->count > count)
        return 0;
    lua_rawgeti(L, 2, 1);
    same = lua_topointer(L, -1) == book->first_message;
    lua_pop(L, 1);
    if (same) {
        lua_rawgeti(L, 2, (int)book->count);
        same = lua_topointer(L, -1) == book->last_message;
        lua_pop(L, 1);
    }
    return same;
}

/* Inspect messages book->count + 1 .. count (stack: 1 ledger, 2 messages,
 * 3 estimator, 4 ids, 5 method, 6 the last accepted message). Returns 1,
 * or 0 with the failure message and its cause (nil for an invalid
 * message) pushed. */
static int sync_messages(lua_State *L, ledger *book, long long count)
{
    const int ids = 4, method = 5, last = 6, message = 7;
    int estimator = lua_isnil(L, 3) ? 0 : 3;
    long long i;
    for (i = book->count + 1; i <= count; i++) {
        message_info info;
        long long matched = 0, tokens;
        lua_rawgeti(L, 2, (int)i);
        if (!inspect_message(L, message, i, &info, ids, &matched)) {
            lua_pushnil(L);
            return 0;
        }
        if (estimator != 0) {
            if (!call_estimator(L, estimator, method, message, i, &tokens))
                return 0;
        } else {
            tokens = heuristic_message_tokens(&info);
        }
        book->prefix[i] = book->prefix[i - 1] + (double)tokens;
        book->role[i] = (unsigned char)info.role;
        book->matched_call[i] = info.role == ROLE_TOOL_RESULT ? matched : 0;
        book->last_user[i] = info.role == ROLE_USER ? i : book->last_user[i - 1];
        if (i == 1) {
            lua_pushvalue(L, message);
            lua_rawseti(L, ids, LEDGER_FIRST_MESSAGE);
            book->first_message = lua_topointer(L, message);
        }
        book->count = i;
        lua_replace(L, last); /* the message moves to `last`: top is `last` again */
    }
    return 1;
}

/* The protected part of sync (the upvalue SYNC_WALK): a memory error or a
 * raising finalizer inside it cannot leave the ledger marked busy. Returns
 * true, or false, failure message, cause. */
static int sync_walk(lua_State *L)
{
    ledger *book = (ledger *)lua_touserdata(L, 1);
    long long count = (long long)lua_rawlen(L, 2), before = book->count;
    int done;
    lua_settop(L, 6); /* 6: the last accepted message */
    done = sync_messages(L, book, count);
    if (book->count > before) {
        /* the reference to the last accepted message, once per sync (a
         * raise before this leaves it stale, and the next sync starts over) */
        lua_pushvalue(L, 6);
        lua_rawseti(L, 4, LEDGER_LAST_MESSAGE);
        book->last_message = lua_topointer(L, 6);
    }
    if (done) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_insert(L, -3);
    return 3;
}

/* ledger:sync(messages [, estimator]) -> tokens | nil, err [, cause]
 * (tokens: the estimate of messages 1..#messages, what ledger:total() says)
 * Inspects messages the ledger has not seen; estimator:message(msg) replaces
 * the heuristic when an estimator is given. err names the failing message:
 * "messages[4].role: ..." for a message that breaks the message shapes,
 * "messages[4]: estimator:message failed" with the estimator's error as
 * cause, or "messages: reading the list raised an error" with the error (a
 * raising finalizer, out of memory) as cause. On failure the ledger keeps
 * every message before the failing one. Misuse (not a ledger, a closed one,
 * a call from its own estimator, messages not a table) raises. */
static int ledger_sync(lua_State *L)
{
    ledger *book = check_ledger(L);
    long long count;
    int ids = 4, status;
    if (book->busy)
        return luaL_error(L, "ledger:sync: called from its own estimator");
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 3);
    lua_getuservalue(L, 1); /* 4: ids and the two reference messages */
    if (!lua_isnil(L, 3)) {
        lua_getfield(L, 3, "message"); /* 5 */
        if (lua_type(L, 5) != LUA_TFUNCTION && lua_type(L, 5) != LUA_TTABLE &&
            lua_type(L, 5) != LUA_TUSERDATA)
            return luaL_error(L, "ledger:sync: the estimator has no message method");
    } else {
        lua_pushnil(L); /* 5 */
    }
    count = (long long)lua_rawlen(L, 2);
    if (!ledger_still_valid(L, book, count)) {
        ledger_clear(L, 1, book);
        lua_getuservalue(L, 1);
        lua_replace(L, ids);
    }
    if (count == book->count) /* nothing new: no walk, no protected call */
        return sync_success(L, book);
    if (count >= book->capacity)
        ledger_reserve(L, book, count);
    lua_pushvalue(L, lua_upvalueindex(SYNC_WALK));
    lua_insert(L, 1);
    book->busy = 1;
    status = lua_pcall(L, 5, 3, 0);
    book->busy = 0;
    if (book->closed) {
        ledger_free_arrays(book);
        return luaL_error(L, "ledger:sync: the estimator closed the ledger");
    }
    if (status != 0) { /* a memory error or a raising finalizer: nil, err, cause */
        compact_fail(L, "messages: reading the list raised an error");
        lua_pushvalue(L, -3);
        return 3;
    }
    if (!lua_toboolean(L, -3)) {
        lua_pushnil(L);
        lua_replace(L, -4);
        return 3;
    }
    return sync_success(L, book);
}

/* ledger:total([k]) -> estimate of inspected messages 1..k (default: all);
 * k in 0..count (a usage anchor's prefix is a lookup, not a walk) */
static int ledger_total(lua_State *L)
{
    ledger *book = check_ledger(L);
    lua_Integer k = luaL_optinteger(L, 2, (lua_Integer)book->count);
    luaL_argcheck(L, k >= 0 && k <= (lua_Integer)book->count, 2, "index out of the inspected range");
    push_tokens(L, book->prefix[k]);
    return 1;
}

static int ledger_reset(lua_State *L)
{
    ledger *book = check_ledger(L);
    if (book->busy)
        return luaL_error(L, "ledger:reset: called from its own estimator");
    ledger_clear(L, 1, book);
    return 0;
}

/* ledger:plan(keep_recent_tokens) -> first_kept_index, turn_start, kept_tokens
 * turn_start is the index of the user message that starts a split turn, or
 * 0 when the cut is not inside a turn. */
static int ledger_plan(lua_State *L)
{
    ledger *book = check_ledger(L);
    lua_Number keep_number = luaL_checknumber(L, 2);
    long long keep;
    long long n = book->count, keep_point = 1, cut, i, running_min, turn_start = 0;
    /* keep rounds up; NaN and negatives keep nothing, huge values everything */
    if (!(keep_number > 0))
        keep = 0;
    else if (keep_number >= 9.2e18)
        keep = LLONG_MAX;
    else {
        keep = (long long)keep_number;
        if ((lua_Number)keep < keep_number)
            keep++;
    }
    for (i = n; i >= 1; i--) {
        if (book->prefix[n] - book->prefix[i - 1] >= (double)keep) {
            keep_point = i;
            break;
        }
    }
    /* suffix_min[k]: smallest call index answered by a result at or after k */
    running_min = n + 1;
    for (i = n; i >= keep_point; i--) {
        if (book->matched_call[i] > 0 && book->matched_call[i] < running_min)
            running_min = book->matched_call[i];
        book->suffix_min[i] = running_min;
    }
    cut = n + 1;
    for (i = keep_point; i <= n; i++) {
        if (book->role[i] != ROLE_TOOL_RESULT && book->suffix_min[i] >= i) {
            cut = i;
            break;
        }
    }
    if (cut <= n && book->role[cut] != ROLE_USER && cut > 1)
        turn_start = book->last_user[cut - 1];
    lua_pushinteger(L, (lua_Integer)cut);
    lua_pushinteger(L, (lua_Integer)turn_start);
    push_tokens(L, book->prefix[n] - book->prefix[cut - 1]);
    return 3;
}

static int ledger_tostring(lua_State *L)
{
    ledger *book = (ledger *)luaL_checkudata(L, 1, LEDGER_MT);
    if (book->closed)
        lua_pushliteral(L, "compact.ledger (closed)");
    else
        lua_pushfstring(L, "compact.ledger (%d messages, %f tokens)", (int)book->count,
                        (lua_Number)book->prefix[book->count]);
    return 1;
}

int luaopen_compact_core_ledger(lua_State *L)
{
    int i;
    static const luaL_Reg methods[] = {
        {"sync", ledger_sync}, {"total", ledger_total}, {"reset", ledger_reset},
        {"plan", ledger_plan},
        {NULL, NULL},
    };
    static const luaL_Reg functions[] = {
        {"ledger_new", ledger_new},
        {NULL, NULL},
    };
    if (luaL_newmetatable(L, LEDGER_MT)) {
        lua_newtable(L);
        message_push_keys(L); /* sync inspects messages (message.h) */
        for (i = 0; i < MESSAGE_KEY_COUNT; i++)
            lua_pushvalue(L, -MESSAGE_KEY_COUNT);
        lua_pushcclosure(L, sync_walk, MESSAGE_KEY_COUNT);
        lua_pushvalue(L, -MESSAGE_KEY_COUNT - 3); /* the metatable */
        luaL_setfuncs(L, methods, LEDGER_METATABLE);
        lua_setfield(L, -2, "__index");
        set_lifecycle(L, ledger_gc, ledger_tostring);
    }
    lua_pop(L, 1);
    luaL_newlib(L, functions);
    return 1;
}
