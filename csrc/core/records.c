/* records.c: the compact categorical records the generator summarizer sends
 * to the summary model (contract 6.2).
 *
 *   core.serialize_records(messages) -> text | nil, err
 *
 * Every record is a header line in brackets and a body; records are joined
 * by a blank line:
 *
 *   [user]                      visible text, complete; "[2 images]" counts
 *   [assistant]                 visible text, complete
 *   [thinking]                  tail kept
 *   [tool call: NAME]           arguments as JSON, head kept
 *   [tool result: NAME, ok]     head kept (tail for bash)
 *   [tool result: NAME, error]  tail kept
 *
 * Cut bodies are limited to 100 lines or 2 KiB, whichever is shorter, and
 * carry a "[... cut N lines, M bytes ...]" marker on the cut side ("[... cut
 * M bytes ...]" when no whole line was cut). Cuts move
 * to a UTF-8 sequence boundary. Assistant messages that failed or were
 * aborted are left out: they are attempts, not conversation. Tool call ids,
 * provider metadata, thinking signatures and image data are never read.
 *
 * Every message is first checked by the one message validator (message.h),
 * so errors read "messages[2].content[1].text: expected string, got nil"
 * as everywhere else. This is the hot, byte-exact part of summarization,
 * so it is C. Tables are read with raw access only: a message's metatable
 * never runs here. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "buffer.h"
#include "json.h"
#include "message.h"
#include "parts.h"

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

/* ---- UTF-8 and line arithmetic ---- */

static int is_continuation(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

/* Length a lead byte announces; 0 for a continuation or invalid byte. */
static size_t sequence_length(unsigned char c)
{
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        return 2;
    if ((c & 0xF0) == 0xE0)
        return 3;
    if ((c & 0xF8) == 0xF0)
        return 4;
    return 0;
}

/* Move a head cut at `end` back so s[0, end) does not end inside a
 * sequence. Invalid bytes are left alone: there is no sequence to split. */
static size_t head_boundary(const char *s, size_t n, size_t end)
{
    size_t k;
    if (end >= n || !is_continuation((unsigned char)s[end]))
        return end;
    for (k = 1; k <= 3 && k <= end; k++) {
        unsigned char c = (unsigned char)s[end - k];
        if (is_continuation(c))
            continue;
        return sequence_length(c) > k ? end - k : end;
    }
    return end;
}

/* Move a tail cut at `start` forward past the rest of a split sequence. */
static size_t tail_boundary(const char *s, size_t n, size_t start)
{
    size_t k;
    if (start == 0 || start >= n || !is_continuation((unsigned char)s[start]))
        return start;
    for (k = 1; k <= 3 && k <= start; k++) {
        unsigned char c = (unsigned char)s[start - k];
        size_t len;
        if (is_continuation(c))
            continue;
        len = sequence_length(c);
        if (len > k) {
            size_t next = start - k + len;
            return next < n ? next : n;
        }
        return start;
    }
    return start;
}

/* Lines in s[0, n): newline-terminated lines plus an unterminated last one. */
static size_t count_lines(const char *s, size_t n)
{
    size_t lines = 0, i;
    for (i = 0; i < n; i++)
        if (s[i] == '\n')
            lines++;
    if (n > 0 && s[n - 1] != '\n')
        lines++;
    return lines;
}

/* Offset just after the `which`-th newline (1-based); n when there is none. */
static size_t after_newline(const char *s, size_t n, size_t which)
{
    size_t i, seen = 0;
    for (i = 0; i < n; i++)
        if (s[i] == '\n' && ++seen == which)
            return i + 1;
    return n;
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
            end = RECORD_MAX_BYTES;
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
            start = n - RECORD_MAX_BYTES;
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

static int write_user(writer *w, int msg)
{
    lua_State *L = w->L;
    int kind = raw_field(L, msg, KEY_CONTENT);
    begin_record(w, "user", NULL, 0, NULL);
    if (kind == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        buffer_add(L, w->out, s, len);
    } else if (kind == LUA_TTABLE) {
        size_t images;
        buffer *text = w->text;
        text->len = 0;
        if (collect_blocks(w, lua_gettop(L), text, &images) != 0)
            return -1;
        buffer_add(L, w->out, text->data, text->len);
        add_image_count(w, images, text->len > 0);
    } else {
        return changed(w);
    }
    lua_pop(L, 1);
    return 0;
}

/* Arguments as deterministic JSON through compact.core's encoder. */
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
        if (!json_encode_value(L, -1, 0))
            return fail(w, "messages[%lld].content[%lu].arguments: %.300s", w->index, j,
                        lua_tostring(L, -1));
        s = lua_tolstring(L, -1, &len);
        add_limited(w, s, len, KEEP_HEAD);
        lua_pop(L, 1);
    } else {
        return changed(w);
    }
    lua_pop(L, 1);
    return 0;
}

static int write_assistant_block(writer *w, int block, unsigned long j)
{
    lua_State *L = w->L;
    int kind;
    size_t len;
    const char *s;
    if (raw_field(L, block, KEY_TYPE) != LUA_TSTRING)
        return changed(w);
    kind = message_block_kind(L, -1);
    if (kind == BLOCK_TEXT || is_unknown_with_text(L, block, kind)) {
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

static int write_assistant(writer *w, int msg)
{
    lua_State *L = w->L;
    int kind = raw_field(L, msg, KEY_STOP_REASON);
    if (kind == LUA_TSTRING) {
        const char *reason = lua_tostring(L, -1);
        /* a failed or aborted attempt is not part of the conversation */
        if (strcmp(reason, "error") == 0 || strcmp(reason, "aborted") == 0) {
            lua_pop(L, 1);
            return 0;
        }
    }
    lua_pop(L, 1);
    w->text_open = 0;
    kind = raw_field(L, msg, KEY_CONTENT);
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
            if (write_assistant_block(w, lua_gettop(L), (unsigned long)j) != 0)
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

static int write_tool_result(writer *w, int msg)
{
    lua_State *L = w->L;
    const char *name = NULL;
    size_t name_len = 0;
    int is_error, keep, kind;
    raw_field(L, msg, KEY_IS_ERROR);
    is_error = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (raw_field(L, msg, KEY_TOOL_NAME) == LUA_TSTRING) /* stays on the stack while used */
        name = lua_tolstring(L, -1, &name_len);
    /* bash output and errors say the most at their end */
    keep = is_error || (name != NULL && strcmp(name, "bash") == 0) ? KEEP_TAIL : KEEP_HEAD;
    begin_record(w, "tool result", name ? name : "?", name ? name_len : 1, is_error ? "error" : "ok");
    kind = raw_field(L, msg, KEY_CONTENT);
    if (kind == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        add_limited(w, s, len, (enum keep)keep);
    } else if (kind == LUA_TTABLE) {
        size_t images;
        buffer *text = w->text;
        text->len = 0;
        if (collect_blocks(w, lua_gettop(L), text, &images) != 0)
            return -1;
        add_limited(w, text->data ? text->data : "", text->len, (enum keep)keep);
        add_image_count(w, images, text->len > 0);
    } else {
        return changed(w);
    }
    lua_pop(L, 2); /* content, tool_name */
    return 0;
}

/* core.serialize_records(messages) -> text | nil, err */
static int records_serialize(lua_State *L)
{
    writer w;
    size_t i, n;
    const int messages = 1, base = 3, msg = 4;
    if (!lua_istable(L, messages)) {
        return compact_fail(L, "messages: expected a list of messages, got %s", luaL_typename(L, 1));
    }
    lua_settop(L, messages);
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
