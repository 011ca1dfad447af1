/* records.c: the compact categorical records the generator summarizer sends
 * to the summary model (contract 6.2, 17).
 *
 *   core.serialize_records(messages [, shell_names]) -> text | nil, err
 *
 * Every record is a header line in brackets and a body; records are joined
 * by a blank line:
 *
 *   [user]                      visible text, complete; "[2 images]" counts
 *   [assistant]                 visible text, complete
 *   [thinking]                  tail kept
 *   [tool call: NAME]           arguments as "key: value" lines, short values
 *                               first, each long value cut on its own (head)
 *   [tool result: NAME, ok]     head kept (tail for a shell tool)
 *   [tool result: NAME, error]  tail kept
 *   [interrupted]               a failed or aborted assistant message that
 *                               made tool calls: its calls follow, its text
 *                               and thinking are left out
 *
 * Cut bodies are limited to 100 lines or 2 KiB, whichever is shorter, and
 * carry a "[... cut N lines, M bytes ...]" marker on the cut side ("[... cut
 * M bytes ...]" when no whole line was cut). A cut made by the byte limit
 * moves to a line end (or a space) near it, and always to a UTF-8 sequence
 * boundary. Failed or aborted assistant messages without tool calls are
 * left out: they are attempts, not conversation. `shell_names` is the set
 * of lower-case tool names whose results keep their tail (the tool
 * vocabulary's `shell` tools; without it only "bash"). Tool call ids,
 * provider metadata, thinking signatures and image data are never read.
 *
 * Every message is first checked by the one message validator (message.h),
 * so errors read "messages[2].content[1].text: expected string, got nil"
 * as everywhere else. This is the hot, byte-exact part of summarization,
 * so it is C. Tables are read with raw access only: a message's metatable
 * never runs here. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buffer.h"
#include "json.h"
#include "message.h"
#include "parts.h"
#include "text_cuts.h"

#define RECORD_MAX_LINES 100
#define RECORD_MAX_BYTES 2048
#define RECORD_ERR_SIZE 400

enum keep { KEEP_HEAD, KEEP_TAIL };

typedef struct writer {
    lua_State *L;
    buffer *out;
    buffer *text;  /* scratch for the text blocks of one message */
    int text_open; /* the last record is this message's [assistant] text */
    long long index; /* of the message being written */
    int shells;      /* stack index of the set of shell tool names, 0 for none */
    char err[RECORD_ERR_SIZE];
} writer;

#if defined(__GNUC__)
static int fail(writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif

/* Record an error message for the caller; always returns -1. */
static int fail(writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->err, sizeof w->err, fmt, ap);
    va_end(ap);
    return -1;
}

/* Push t[key] without metamethods (key: a message key, message.h); returns
 * its type. */
#define raw_field(L, t, key) message_field((L), (t), (key))

/* A validated message changed while being written (only a finalizer run by
 * an allocation here can do that). */
static int changed(writer *w)
{
    return fail(w, "messages[%lld]: changed while being serialized", w->index);
}

/* A block type this version does not know (validation accepts them so newer
 * providers' blocks pass through): its `text`, when it has one, is shown to
 * the summarizer like a text block; anything else is left out. */
static int is_unknown_with_text(lua_State *L, int block, int kind)
{
    int has_text;
    if (kind != BLOCK_OTHER)
        return 0;
    has_text = raw_field(L, block, KEY_TEXT) == LUA_TSTRING;
    lua_pop(L, 1);
    return has_text;
}

/* "[... cut N lines, M bytes ...]", or "[... cut M bytes ...]" when the cut
 * removed part of a line but no whole line. */
static void add_marker(writer *w, size_t lines, size_t bytes)
{
    char marker[96];
    if (lines == 0)
        snprintf(marker, sizeof marker, "[... cut %lu byte%s ...]", (unsigned long)bytes,
                 bytes == 1 ? "" : "s");
    else
        snprintf(marker, sizeof marker, "[... cut %lu line%s, %lu byte%s ...]",
                 (unsigned long)lines, lines == 1 ? "" : "s", (unsigned long)bytes,
                 bytes == 1 ? "" : "s");
    buffer_adds(w->L, w->out, marker);
}

/* Append s[0, n) limited to RECORD_MAX_LINES and RECORD_MAX_BYTES, keeping
 * its head or tail, with a marker saying what was cut. */
static void add_limited(writer *w, const char *s, size_t n, enum keep keep)
{
    size_t total = count_lines(s, n);
    if (n <= RECORD_MAX_BYTES && total <= RECORD_MAX_LINES) {
        buffer_add(w->L, w->out, s, n);
        return;
    }
    if (keep == KEEP_HEAD) {
        /* the kept lines end before the newline of the last kept line */
        size_t end = after_newline(s, n, RECORD_MAX_LINES);
        if (end < n)
            end--;
        if (end > RECORD_MAX_BYTES)
            end = head_soft_boundary(s, RECORD_MAX_BYTES);
        end = head_boundary(s, n, end);
        buffer_add(w->L, w->out, s, end);
        if (end > 0 && s[end - 1] != '\n')
            buffer_addc(w->L, w->out, '\n');
        add_marker(w, total - count_lines(s, end), n - end);
    } else {
        size_t start = 0;
        if (total > RECORD_MAX_LINES)
            start = after_newline(s, n, total - RECORD_MAX_LINES);
        if (n - start > RECORD_MAX_BYTES)
            start = tail_soft_boundary(s, n, n - RECORD_MAX_BYTES);
        start = tail_boundary(s, n, start);
        add_marker(w, total - count_lines(s + start, n - start), start);
        if (start < n)
            buffer_addc(w->L, w->out, '\n');
        buffer_add(w->L, w->out, s + start, n - start);
    }
}

/* ---- records ---- */

static void begin_record(writer *w, const char *kind, const char *name, size_t name_len,
                         const char *status)
{
    if (w->out->len > 0)
        buffer_adds(w->L, w->out, "\n\n");
    buffer_addc(w->L, w->out, '[');
    buffer_adds(w->L, w->out, kind);
    if (name != NULL) {
        buffer_adds(w->L, w->out, ": ");
        buffer_add(w->L, w->out, name, name_len);
    }
    if (status != NULL) {
        buffer_adds(w->L, w->out, ", ");
        buffer_adds(w->L, w->out, status);
    }
    buffer_adds(w->L, w->out, "]\n");
    w->text_open = 0;
}

static void add_image_count(writer *w, size_t images, int after_text)
{
    char count[48];
    if (images == 0)
        return;
    if (after_text)
        buffer_addc(w->L, w->out, '\n');
    snprintf(count, sizeof count, "[%lu image%s]", (unsigned long)images, images == 1 ? "" : "s");
    buffer_adds(w->L, w->out, count);
}

/* The text blocks and image count of user or tool-result content at `t`
 * (a list of blocks). Text goes to `text` joined by newlines. */
static int collect_blocks(writer *w, int t, buffer *text, size_t *images)
{
    lua_State *L = w->L;
    size_t j, n = lua_rawlen(L, t);
    *images = 0;
    for (j = 1; j <= n; j++) {
        int block, kind;
        lua_rawgeti(L, t, (int)j);
        block = lua_gettop(L);
        if (!lua_istable(L, block) || raw_field(L, block, KEY_TYPE) != LUA_TSTRING)
            return changed(w);
        kind = message_block_kind(L, -1);
        if (kind == BLOCK_IMAGE) {
            (*images)++;
        } else if (kind == BLOCK_TEXT || is_unknown_with_text(L, block, kind)) {
            size_t len;
            const char *s;
            if (raw_field(L, block, KEY_TEXT) != LUA_TSTRING)
                return changed(w);
            s = lua_tolstring(L, -1, &len);
            if (text->len > 0 && len > 0)
                buffer_addc(L, text, '\n');
            buffer_add(L, text, s, len);
            lua_pop(L, 1);
        }
        /* other block types (newer providers') carry nothing to summarize */
        lua_pop(L, 2); /* type, block */
    }
    return 0;
}

/* The text of the content on top of the stack: a string as it is, or the
 * text of its blocks joined by "\n" (in w->text), with its image count.
 * Returns 0, or -1 when the writer failed (content neither). */
static int content_text(writer *w, const char **s, size_t *len, size_t *images)
{
    lua_State *L = w->L;
    *images = 0;
    if (lua_type(L, -1) == LUA_TSTRING) {
        *s = lua_tolstring(L, -1, len);
        return 0;
    }
    if (lua_type(L, -1) != LUA_TTABLE)
        return changed(w);
    w->text->len = 0;
    if (collect_blocks(w, lua_gettop(L), w->text, images) != 0)
        return -1;
    *s = w->text->data ? w->text->data : "";
    *len = w->text->len;
    return 0;
}

static int write_user(writer *w, int msg)
{
    const char *s;
    size_t len, images;
    raw_field(w->L, msg, KEY_CONTENT);
    begin_record(w, "user", NULL, 0, NULL);
    if (content_text(w, &s, &len, &images) != 0)
        return -1;
    buffer_add(w->L, w->out, s, len);
    add_image_count(w, images, len > 0);
    lua_pop(w->L, 1);
    return 0;
}

/* ---- tool arguments ---- */

/* A value of this many bytes or fewer, on one line, is written on its key's
 * line; longer values follow, each on its own lines and cut on its own. */
#define ARG_SHORT_BYTES 200
/* More keys than this are written as one JSON object (cut as a whole). */
#define ARG_MAX_KEYS 256

typedef struct arg {
    const char *key, *value;
    size_t key_len, value_len;
    int is_long;
} arg;

static int compare_bytes(const char *a, size_t na, const char *b, size_t nb)
{
    int c = memcmp(a, b, na < nb ? na : nb);
    if (c != 0)
        return c;
    return na < nb ? -1 : na > nb;
}

/* Short values first (by key), then long ones (shortest first, then by key). */
static int compare_args(const void *pa, const void *pb)
{
    const arg *a = (const arg *)pa, *b = (const arg *)pb;
    if (a->is_long != b->is_long)
        return a->is_long - b->is_long;
    if (a->is_long && a->value_len != b->value_len)
        return a->value_len < b->value_len ? -1 : 1;
    return compare_bytes(a->key, a->key_len, b->key, b->key_len);
}

/* Arguments of a table at `t` whose keys are all strings, as "key: value"
 * lines: strings as they are, other values as JSON. Returns 1 when written,
 * 0 when the table is not such an object (the caller writes JSON), -1 on
 * error. The keys and rendered values are anchored in a Lua list. */
static int write_argument_lines(writer *w, int t, unsigned long j)
{
    lua_State *L = w->L;
    size_t count = 0, i;
    int list, items;
    arg *args;
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING || ++count > ARG_MAX_KEYS) {
            lua_pop(L, 1);
            return 0;
        }
    }
    if (count == 0)
        return 0;
    lua_createtable(L, (int)(2 * count), 0);
    list = lua_gettop(L);
    i = 0;
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        if (i >= count) {
            lua_pop(L, 2);
            return changed(w);
        }
        lua_pushvalue(L, -2);
        lua_rawseti(L, list, (int)(2 * i + 1));
        if (lua_type(L, -1) != LUA_TSTRING) {
            if (!json_encode_value(L, lua_gettop(L), 0)) {
                return fail(w, "messages[%lld].content[%lu].arguments.%.60s: %.300s", w->index, j,
                            lua_tostring(L, list + 1), lua_tostring(L, -1));
            }
            lua_replace(L, -2);
        }
        lua_rawseti(L, list, (int)(2 * i + 2));
        i++;
    }
    if (i != count)
        return changed(w);
    args = (arg *)lua_newuserdata(L, count * sizeof *args);
    items = lua_gettop(L);
    for (i = 0; i < count; i++) {
        lua_rawgeti(L, list, (int)(2 * i + 1));
        args[i].key = lua_tolstring(L, -1, &args[i].key_len);
        lua_rawgeti(L, list, (int)(2 * i + 2));
        args[i].value = lua_tolstring(L, -1, &args[i].value_len);
        lua_pop(L, 2); /* both stay alive in `list` */
        args[i].is_long = args[i].value_len > ARG_SHORT_BYTES
                          || memchr(args[i].value, '\n', args[i].value_len) != NULL;
    }
    qsort(args, count, sizeof *args, compare_args);
    for (i = 0; i < count; i++) {
        if (i > 0)
            buffer_addc(L, w->out, '\n');
        buffer_add(L, w->out, args[i].key, args[i].key_len);
        if (args[i].is_long) {
            buffer_adds(L, w->out, ":\n");
            add_limited(w, args[i].value, args[i].value_len, KEEP_HEAD);
        } else {
            buffer_adds(L, w->out, ": ");
            buffer_add(L, w->out, args[i].value, args[i].value_len);
        }
    }
    lua_settop(L, items - 2); /* userdata, list */
    return 1;
}

/* Arguments: an object as "key: value" lines, short values first and each
 * long value cut on its own; anything else as JSON, head kept. */
static int write_arguments(writer *w, int block, unsigned long j)
{
    lua_State *L = w->L;
    int kind = raw_field(L, block, KEY_ARGUMENTS);
    size_t len;
    const char *s;
    if (kind == LUA_TNIL) {
        buffer_adds(L, w->out, "{}");
    } else if (kind == LUA_TSTRING) {
        /* providers hand over unparsable argument text as is */
        s = lua_tolstring(L, -1, &len);
        add_limited(w, s, len, KEEP_HEAD);
    } else if (kind == LUA_TTABLE) {
        int rc = write_argument_lines(w, lua_gettop(L), j);
        if (rc < 0)
            return -1;
        if (rc == 0) {
            if (!json_encode_value(L, -1, 0))
                return fail(w, "messages[%lld].content[%lu].arguments: %.300s", w->index, j,
                            lua_tostring(L, -1));
            s = lua_tolstring(L, -1, &len);
            add_limited(w, s, len, KEEP_HEAD);
            lua_pop(L, 1);
        }
    } else {
        return changed(w);
    }
    lua_pop(L, 1);
    return 0;
}

static int write_assistant_block(writer *w, int block, unsigned long j, int calls_only)
{
    lua_State *L = w->L;
    int kind;
    size_t len;
    const char *s;
    if (raw_field(L, block, KEY_TYPE) != LUA_TSTRING)
        return changed(w);
    kind = message_block_kind(L, -1);
    if (calls_only && kind != BLOCK_TOOL_CALL) {
        lua_pushnil(L); /* an interrupted turn keeps only its calls */
    } else if (kind == BLOCK_TEXT || is_unknown_with_text(L, block, kind)) {
        if (raw_field(L, block, KEY_TEXT) != LUA_TSTRING)
            return changed(w);
        s = lua_tolstring(L, -1, &len);
        if (len > 0) {
            /* consecutive text blocks of one message form one record */
            if (w->text_open) {
                buffer_addc(L, w->out, '\n');
            } else {
                begin_record(w, "assistant", NULL, 0, NULL);
                w->text_open = 1;
            }
            buffer_add(L, w->out, s, len);
        }
    } else if (kind == BLOCK_THINKING) {
        if (raw_field(L, block, KEY_THINKING) != LUA_TSTRING)
            return changed(w);
        s = lua_tolstring(L, -1, &len);
        if (len > 0) {
            begin_record(w, "thinking", NULL, 0, NULL);
            add_limited(w, s, len, KEEP_TAIL);
        }
    } else if (kind == BLOCK_TOOL_CALL) {
        if (raw_field(L, block, KEY_NAME) != LUA_TSTRING)
            return changed(w);
        s = lua_tolstring(L, -1, &len);
        begin_record(w, "tool call", s, len, NULL);
        if (write_arguments(w, block, j) != 0)
            return -1;
    } else {
        lua_pushnil(L); /* another block type: nothing to summarize */
    }
    lua_pop(L, 2); /* field, type */
    return 0;
}

/* Does the content list at `t` hold a tool call? */
static int has_tool_call(lua_State *L, int t)
{
    size_t j, n = lua_rawlen(L, t);
    int found = 0;
    for (j = 1; j <= n && !found; j++) {
        lua_rawgeti(L, t, (int)j);
        if (lua_istable(L, -1)) {
            /* the block's type, whatever it is, is popped with the block */
            if (raw_field(L, lua_gettop(L), KEY_TYPE) == LUA_TSTRING)
                found = message_block_kind(L, -1) == BLOCK_TOOL_CALL;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return found;
}

static int write_assistant(writer *w, int msg)
{
    lua_State *L = w->L;
    int kind = raw_field(L, msg, KEY_STOP_REASON);
    int interrupted = 0;
    if (kind == LUA_TSTRING) {
        const char *reason = lua_tostring(L, -1);
        interrupted = strcmp(reason, "error") == 0 || strcmp(reason, "aborted") == 0;
    }
    lua_pop(L, 1);
    w->text_open = 0;
    kind = raw_field(L, msg, KEY_CONTENT);
    if (interrupted) {
        /* a failed or aborted attempt is not conversation, but the calls it
         * made are: a later reaction to them must still make sense */
        if (kind != LUA_TTABLE || !has_tool_call(L, lua_gettop(L))) {
            lua_pop(L, 1);
            return 0;
        }
        begin_record(w, "interrupted", NULL, 0, NULL);
        buffer_adds(L, w->out, "the turn stopped before it finished; its text is left out");
    }
    if (kind == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        if (len > 0) {
            begin_record(w, "assistant", NULL, 0, NULL);
            buffer_add(L, w->out, s, len);
        }
    } else if (kind == LUA_TTABLE) {
        int t = lua_gettop(L);
        size_t j, n = lua_rawlen(L, t);
        for (j = 1; j <= n; j++) {
            lua_rawgeti(L, t, (int)j);
            if (!lua_istable(L, -1))
                return changed(w);
            if (write_assistant_block(w, lua_gettop(L), (unsigned long)j, interrupted) != 0)
                return -1;
            lua_pop(L, 1);
        }
    } else {
        return changed(w);
    }
    lua_pop(L, 1);
    w->text_open = 0;
    return 0;
}

/* Is the tool `name` a shell (its output says the most at its end)? Looked
 * up lower-cased in the set given to serialize_records; "bash" without one. */
static int is_shell_tool(writer *w, const char *name, size_t len)
{
    lua_State *L = w->L;
    char lower[64];
    size_t i;
    int found;
    if (w->shells == 0)
        return len == 4 && memcmp(name, "bash", 4) == 0;
    if (len >= sizeof lower)
        return 0;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)name[i];
        lower[i] = (char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    }
    lua_pushlstring(L, lower, len);
    lua_rawget(L, w->shells);
    found = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return found;
}

static int write_tool_result(writer *w, int msg)
{
    lua_State *L = w->L;
    const char *name = NULL;
    size_t name_len = 0;
    const char *s;
    size_t len, images;
    int is_error, keep;
    raw_field(L, msg, KEY_IS_ERROR);
    is_error = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (raw_field(L, msg, KEY_TOOL_NAME) == LUA_TSTRING) /* stays on the stack while used */
        name = lua_tolstring(L, -1, &name_len);
    /* bash output and errors say the most at their end */
    keep = is_error || (name != NULL && is_shell_tool(w, name, name_len)) ? KEEP_TAIL : KEEP_HEAD;
    begin_record(w, "tool result", name ? name : "?", name ? name_len : 1, is_error ? "error" : "ok");
    raw_field(L, msg, KEY_CONTENT);
    if (content_text(w, &s, &len, &images) != 0)
        return -1;
    add_limited(w, s, len, (enum keep)keep);
    add_image_count(w, images, len > 0);
    lua_pop(L, 2); /* content, tool_name */
    return 0;
}

/* core.serialize_records(messages [, shell_names]) -> text | nil, err */
static int records_serialize(lua_State *L)
{
    writer w;
    size_t i, n;
    const int messages = 1, shells = 2, base = 4, msg = 5;
    if (!lua_istable(L, messages)) {
        return compact_fail(L, "messages: expected a list of messages, got %s", luaL_typename(L, 1));
    }
    if (!lua_isnoneornil(L, shells) && !lua_istable(L, shells)) {
        return compact_fail(L, "shell_names: expected a table of lower-case tool names, got %s",
                            luaL_typename(L, shells));
    }
    lua_settop(L, shells);
    w.shells = lua_istable(L, shells) ? shells : 0;
    w.L = L;
    w.out = buffer_new(L);
    w.text = buffer_new(L); /* base */
    w.text_open = 0;
    w.err[0] = '\0';
    n = lua_rawlen(L, messages);
    for (i = 1; i <= n; i++) {
        message_info info;
        int rc;
        w.index = (long long)i;
        lua_rawgeti(L, messages, (int)i); /* msg */
        if (!inspect_message(L, msg, (long long)i, &info, 0, NULL)) {
            return compact_fail_top(L);
        }
        if (info.role == ROLE_USER)
            rc = write_user(&w, msg);
        else if (info.role == ROLE_ASSISTANT)
            rc = write_assistant(&w, msg);
        else
            rc = write_tool_result(&w, msg);
        if (rc != 0) {
            return compact_fail(L, "%s", w.err);
        }
        lua_settop(L, base);
    }
    buffer_push(L, w.out);
    return 1;
}

int luaopen_compact_core_records(lua_State *L)
{
    static const luaL_Reg functions[] = {
        {"serialize_records", records_serialize},
        {NULL, NULL},
    };
    lua_newtable(L);
    message_push_keys(L); /* messages are read through the validator's keys */
    luaL_setfuncs(L, functions, MESSAGE_KEY_COUNT);
    return 1;
}
