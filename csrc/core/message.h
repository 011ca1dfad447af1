/* message.h: the one message validator (csrc/core/message.c). One pass over
 * a message table both validates it against the message shapes and
 * measures it for the heuristic estimator; estimate.c (the Lua-facing
 * heuristic), plan.c (the planning ledger) and records.c (the summarizer's
 * records) all use it, so validation, estimation and serialization can never
 * disagree about what a message contains, and every error has one wording:
 * "messages[2].content[1].text: expected string, got nil".
 *
 * Strings are read in place (lua_tolstring on the existing value, no
 * copies). Nothing here raises on user data: problems come back as a pushed
 * error string naming the 1-based message index and the field. */
#ifndef COMPACT_MESSAGE_H
#define COMPACT_MESSAGE_H

#include "compat.h"

#include "heuristic.h" /* the text measure and the fixed costs */

/* Structured values (tool arguments, schemas) are walked with a depth limit,
 * an ancestor check that catches cycles, and a node budget that keeps a
 * maliciously shared (DAG) table from taking exponential time. */
#define VALUE_MAX_DEPTH 100
#define VALUE_MAX_NODES 1000000

/* Field names are read through pre-made strings held as upvalues 1..N of
 * every C function that inspects messages (message_push_keys at
 * registration), with lua_rawget: no string interning per read, and no
 * metamethod of a hostile table can run inside the walk. */
enum message_key {
    KEY_ROLE = 1,
    KEY_CONTENT = 2,
    KEY_TYPE = 3,
    KEY_TEXT = 4,
    KEY_THINKING = 5,
    KEY_ID = 6,
    KEY_NAME = 7,
    KEY_ARGUMENTS = 8,
    KEY_TOOL_CALL_ID = 9,
    KEY_TOOL_NAME = 10,
    KEY_IS_ERROR = 11,
    KEY_STOP_REASON = 12,
    KEY_ERROR_MESSAGE = 13,
    KEY_DATA = 14,
    KEY_MIME_TYPE = 15,
    MESSAGE_KEY_COUNT = 15
};

enum message_role { ROLE_USER = 1, ROLE_ASSISTANT = 2, ROLE_TOOL_RESULT = 3 };
enum block_kind { BLOCK_OTHER = 0, BLOCK_TEXT, BLOCK_THINKING, BLOCK_TOOL_CALL, BLOCK_IMAGE };

/* The role (ROLE_*, or 0 for none of them) of the string at `index`, and
 * the kind of the block type string at `index`. Names are compared with
 * their length, as Lua compares strings: "text\0x" is not "text". */
COMPACT_INTERNAL int message_role(lua_State *L, int index);
COMPACT_INTERNAL int message_block_kind(lua_State *L, int index);

typedef struct message_info {
    int role;
    heuristic_units text_units; /* heuristic measure of the text it carries */
    long long images;
    long long blocks;           /* content blocks */
    int tool_calls;             /* tool_call blocks in this message */
} message_info;

typedef struct value_walk {
    const void *ancestors[VALUE_MAX_DEPTH + 1];
    long nodes;
    heuristic_units units; /* heuristic measure of the keys and values */
    const char *problem;   /* static text, set on failure */
} value_walk;

/* Push the key strings, to become upvalues 1..MESSAGE_KEY_COUNT of every C
 * function that calls inspect_message or message_field. */
COMPACT_INTERNAL void message_push_keys(lua_State *L);

/* Push table[key] (raw, key an upvalue index 1..MESSAGE_KEY_COUNT) and
 * return its type. */
COMPACT_INTERNAL int message_field(lua_State *L, int table, int key);

/* The one place text is measured: every string the heuristic counts (text,
 * thinking, tool names, string content) goes through it, so a
 * content-aware heuristic replaces this function alone. */
COMPACT_INTERNAL void message_measure_text(message_info *info, const char *text, size_t len);

/* Add the heuristic measure of the string at `index`, and `extra` units for
 * what surrounds it, to *units. */
COMPACT_INTERNAL void heuristic_add_string(lua_State *L, int index, heuristic_units *units,
                                           heuristic_units extra);
COMPACT_INTERNAL long long heuristic_message_tokens(const message_info *info);

/* Add the heuristic measure of the value at `index` (tool arguments, a
 * schema: keys and values) to walk->units. Returns 0 with walk->problem set
 * for cycles, excessive nesting or size, and values JSON cannot hold; the
 * shapes accepted are those json_encode accepts. */
COMPACT_INTERNAL int value_measure(lua_State *L, int index, value_walk *walk);

/* Validate and measure the message at absolute index `message`. On success
 * returns 1 and fills *info; on failure pushes an error string and returns 0.
 * With a ledger id table (`ids` != 0), records each tool call's id -> index
 * and stores in *matched_call the index of the call a tool_result answers
 * (0 when it answers none seen before it). */
COMPACT_INTERNAL int inspect_message(lua_State *L, int message, long long message_index,
                                     message_info *info, int ids, long long *matched_call);

#endif
