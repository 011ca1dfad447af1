/* parts.h: the parts that make up the compact.core module.
 *
 * Each csrc/core/<part>.c keeps everything static except one
 * luaopen_compact_core_<part> (the part is named after its file), which
 * pushes a table of that part's functions;
 * core.c merges those tables into compact.core. To add a part, add a file
 * and one X(<part>) line below. */
#ifndef COMPACT_PARTS_H
#define COMPACT_PARTS_H

#include "compat.h"


#define COMPACT_CORE_PARTS(X) \
    X(json_encode)            \
    X(json_decode)            \
    X(message)                \
    X(estimate)               \
    X(heuristic)              \
    X(ledger)                 \
    X(request)                \
    X(sse)                    \
    X(records)                \
    X(files)                  \
    X(digest)                 \
    X(bpe)

#define COMPACT_DECLARE_PART(name) int luaopen_compact_core_##name(lua_State *L);
COMPACT_CORE_PARTS(COMPACT_DECLARE_PART)
#undef COMPACT_DECLARE_PART

COMPACT_EXPORT int luaopen_compact_core(lua_State *L);

#endif
