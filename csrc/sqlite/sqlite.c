/* sqlite.c: compact.sqlite, a small binding of the system libsqlite3 for
 * compact.archive (mechanism only: the schema, queries and policy live in
 * lua/compact/archive.lua).
 *
 *   local sqlite = require "compact.sqlite"
 *   sqlite.version()                 -> "3.40.1"
 *   sqlite.has_fts5()                -> true when the library was built with FTS5
 *   local db, msg, code = sqlite.open(path [, mode])  -- ":memory:" works
 *       mode "rw" (the default) opens read-write and creates the file;
 *       "ro" opens an existing file read-only (never creates or writes it);
 *       "immutable" opens it read-only as a file nothing changes (SQLite's
 *       immutable=1 URI: no locks, no -wal/-shm files; for a WAL file in a
 *       directory this process cannot write)
 *   db:exec(sql)                     -> true | nil, msg, code   (several statements)
 *   local n = db:prepare(sql)        -> statement number | nil, msg, code
 *   db:run(n, ...)                   -> last insert rowid | nil, msg, code
 *   db:rows(n, ...)                  -> { { col1, col2, ... }, ... } | nil, msg, code
 *   db:close()                       -- also __gc and __close; twice is a no-op
 *   db:add_rank_function()           -> true | nil, msg, code
 *       registers the FTS5 auxiliary function compact_rank(table, w0, w1, ...):
 *       bm25 (k1 = 1.2, b = 0.75) over column 0 with the caller's weight
 *       (idf) for phrase i given as argument i + 1 (NULL or missing: 0), so
 *       a query ranks its matches without FTS5's bm25() counting every row
 *       that holds each phrase first.
 *
 * One userdata, one metatable: the prepared statements belong to their
 * connection (numbered, at most MAX_STMTS), so closing the connection
 * finalizes them and no statement can outlive it. `run` and `rows` bind
 * the arguments (nil, boolean as 0/1, integer, number, string), step the
 * statement to its end and reset it. Failures return nil, message, code;
 * code is one of "error", "busy", "locked", "nomem", "readonly", "ioerr",
 * "corrupt", "full", "cantopen", "constraint", "toobig", "mismatch",
 * "misuse", "range", "notadb", "closed" (a closed connection) or "bind"
 * (an argument of a type SQLite cannot store). */
#include <sqlite3.h>
#include <string.h>

#include "compat.h"

#define DB_MT "compact.sqlite"
#define MAX_STMTS 32

typedef struct db_ud {
    sqlite3 *db;
    sqlite3_stmt *stmts[MAX_STMTS];
    int nstmts;
} db_ud;

static const char *code_name(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_BUSY: return "busy";
    case SQLITE_LOCKED: return "locked";
    case SQLITE_NOMEM: return "nomem";
    case SQLITE_READONLY: return "readonly";
    case SQLITE_IOERR: return "ioerr";
    case SQLITE_CORRUPT: return "corrupt";
    case SQLITE_FULL: return "full";
    case SQLITE_CANTOPEN: return "cantopen";
    case SQLITE_CONSTRAINT: return "constraint";
    case SQLITE_TOOBIG: return "toobig";
    case SQLITE_MISMATCH: return "mismatch";
    case SQLITE_MISUSE: return "misuse";
    case SQLITE_RANGE: return "range";
    case SQLITE_NOTADB: return "notadb";
    default: return "error";
    }
}

static int fail(lua_State *L, const char *message, const char *code)
{
    lua_pushnil(L);
    lua_pushstring(L, message);
    lua_pushstring(L, code);
    return 3;
}

static int fail_db(lua_State *L, db_ud *u, int rc)
{
    return fail(L, u->db != NULL ? sqlite3_errmsg(u->db) : sqlite3_errstr(rc), code_name(rc));
}

static void db_release(db_ud *u)
{
    int i;
    for (i = 0; i < u->nstmts; i++) {
        sqlite3_finalize(u->stmts[i]);
        u->stmts[i] = NULL;
    }
    u->nstmts = 0;
    if (u->db != NULL) {
        sqlite3_close_v2(u->db);
        u->db = NULL;
    }
}

static int db_gc(lua_State *L)
{
    db_ud *u = (db_ud *)luaL_testudata(L, 1, DB_MT);
    if (u != NULL)
        db_release(u);
    return 0;
}

static int db_close(lua_State *L)
{
    luaL_checkudata(L, 1, DB_MT);
    db_gc(L);
    return 0;
}

static int db_tostring(lua_State *L)
{
    db_ud *u = (db_ud *)luaL_checkudata(L, 1, DB_MT);
    lua_pushfstring(L, "compact.sqlite(%s)", u->db != NULL ? "open" : "closed");
    return 1;
}

/* The open connection at argument 1, or NULL (then nil, msg, code pushed
 * and *nret set). */
static db_ud *check_open(lua_State *L, int *nret)
{
    db_ud *u = (db_ud *)luaL_checkudata(L, 1, DB_MT);
    if (u->db == NULL) {
        *nret = fail(L, "the database is closed", "closed");
        return NULL;
    }
    return u;
}

/* The URI "file:PATH?immutable=1" with PATH percent-encoded, pushed on
 * the stack. */
static const char *push_immutable_uri(lua_State *L, const char *path, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    luaL_Buffer b;
    size_t i;
    luaL_buffinit(L, &b);
    /* an absolute path gets an empty authority, so "//x" stays a path */
    luaL_addstring(&b, len > 0 && path[0] == '/' ? "file://" : "file:");
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)path[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '/' || c == '.' || c == '-' || c == '_' || c == '~') {
            luaL_addchar(&b, (char)c);
        } else {
            luaL_addchar(&b, '%');
            luaL_addchar(&b, hex[c >> 4]);
            luaL_addchar(&b, hex[c & 15]);
        }
    }
    luaL_addstring(&b, "?immutable=1");
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
}

static int sqlite_open(lua_State *L)
{
    size_t len;
    const char *path, *mode = "rw";
    db_ud *u;
    int rc, flags;
    if (lua_type(L, 1) != LUA_TSTRING)
        return fail(L, "path: expected a string", "misuse");
    path = lua_tolstring(L, 1, &len);
    if (strlen(path) != len)
        return fail(L, "path: contains a NUL byte", "misuse");
    if (!lua_isnoneornil(L, 2)) {
        size_t mode_len;
        if (lua_type(L, 2) != LUA_TSTRING)
            return fail(L, "mode: expected \"rw\", \"ro\" or \"immutable\"", "misuse");
        mode = lua_tolstring(L, 2, &mode_len);
        if (strlen(mode) != mode_len) /* "ro\0..." is no mode */
            mode = "";
    }
    if (strcmp(mode, "rw") == 0)
        flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    else if (strcmp(mode, "ro") == 0)
        flags = SQLITE_OPEN_READONLY;
    else if (strcmp(mode, "immutable") == 0) {
        flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
        path = push_immutable_uri(L, path, len);
    } else
        return fail(L, "mode: expected \"rw\", \"ro\" or \"immutable\"", "misuse");
    u = (db_ud *)lua_newuserdata(L, sizeof(db_ud));
    memset(u, 0, sizeof(*u));
    luaL_getmetatable(L, DB_MT);
    lua_setmetatable(L, -2);
    rc = sqlite3_open_v2(path, &u->db, flags, NULL);
    if (rc != SQLITE_OK) {
        int nret = fail_db(L, u, rc);
        db_release(u);
        return nret;
    }
    sqlite3_extended_result_codes(u->db, 1);
    return 1;
}

static int db_exec(lua_State *L)
{
    int nret = 0, rc;
    char *message = NULL;
    db_ud *u = check_open(L, &nret);
    const char *sql;
    if (u == NULL)
        return nret;
    if (lua_type(L, 2) != LUA_TSTRING)
        return fail(L, "sql: expected a string", "misuse");
    sql = lua_tostring(L, 2);
    rc = sqlite3_exec(u->db, sql, NULL, NULL, &message);
    if (rc != SQLITE_OK) {
        lua_pushnil(L);
        lua_pushstring(L, message != NULL ? message : sqlite3_errmsg(u->db));
        sqlite3_free(message);
        lua_pushstring(L, code_name(rc));
        return 3;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static int db_prepare(lua_State *L)
{
    int nret = 0, rc;
    size_t len;
    const char *sql, *tail = NULL;
    sqlite3_stmt *stmt = NULL;
    db_ud *u = check_open(L, &nret);
    if (u == NULL)
        return nret;
    if (lua_type(L, 2) != LUA_TSTRING)
        return fail(L, "sql: expected a string", "misuse");
    if (u->nstmts >= MAX_STMTS)
        return fail(L, "too many prepared statements", "misuse");
    sql = lua_tolstring(L, 2, &len);
    rc = sqlite3_prepare_v2(u->db, sql, (int)(len < 0x7fffffff ? len : 0x7fffffff), &stmt, &tail);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return fail_db(L, u, rc);
    }
    if (stmt == NULL)
        return fail(L, "sql: no statement", "misuse");
    u->stmts[u->nstmts++] = stmt;
    lua_pushinteger(L, u->nstmts);
    return 1;
}

/* Reset the statement and forget its bindings (they may point into Lua
 * strings that are only alive during the call). */
static void stmt_clear(sqlite3_stmt *stmt)
{
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
}

/* The statement numbered at argument 2 with the arguments from 3 on bound,
 * or NULL with nil, msg, code pushed and *nret set. */
static sqlite3_stmt *bind_args(lua_State *L, int *nret)
{
    db_ud *u = check_open(L, nret);
    sqlite3_stmt *stmt;
    long long n;
    int i, top = lua_gettop(L), params;
    if (u == NULL)
        return NULL;
    if (lua_type(L, 2) != LUA_TNUMBER || !to_integer_exact(L, 2, &n) || n < 1 || n > u->nstmts) {
        *nret = fail(L, "statement: expected a number from prepare", "misuse");
        return NULL;
    }
    stmt = u->stmts[n - 1];
    stmt_clear(stmt);
    params = sqlite3_bind_parameter_count(stmt);
    while (top - 2 > params && lua_isnil(L, top))
        top--; /* trailing nils: f(a, b) called as f(a, b, nil) */
    if (top - 2 > params) {
        *nret = fail(L, "too many arguments for the statement", "range");
        return NULL;
    }
    for (i = 3; i <= top; i++) {
        int rc = SQLITE_OK, idx = i - 2;
        long long integer;
        switch (lua_type(L, i)) {
        case LUA_TNIL:
            rc = sqlite3_bind_null(stmt, idx);
            break;
        case LUA_TBOOLEAN:
            rc = sqlite3_bind_int(stmt, idx, lua_toboolean(L, i));
            break;
        case LUA_TNUMBER:
            if (to_integer_exact(L, i, &integer))
                rc = sqlite3_bind_int64(stmt, idx, (sqlite3_int64)integer);
            else
                rc = sqlite3_bind_double(stmt, idx, (double)lua_tonumber(L, i));
            break;
        case LUA_TSTRING: {
            size_t len;
            const char *s = lua_tolstring(L, i, &len);
            /* SQLITE_STATIC: the string stays on the stack until the
             * statement is cleared below, before this call returns */
            rc = sqlite3_bind_text64(stmt, idx, s, (sqlite3_uint64)len, SQLITE_STATIC, SQLITE_UTF8);
            break;
        }
        default:
            stmt_clear(stmt);
            lua_pushnil(L);
            lua_pushfstring(L, "argument %d: cannot store a %s", idx, luaL_typename(L, i));
            lua_pushliteral(L, "bind");
            *nret = 3;
            return NULL;
        }
        if (rc != SQLITE_OK) {
            stmt_clear(stmt);
            *nret = fail_db(L, u, rc);
            return NULL;
        }
    }
    return stmt;
}

static void push_column(lua_State *L, sqlite3_stmt *stmt, int col)
{
    switch (sqlite3_column_type(stmt, col)) {
    case SQLITE_INTEGER:
#if COMPACT_HAS_INTEGERS
        lua_pushinteger(L, (lua_Integer)sqlite3_column_int64(stmt, col));
#else
        lua_pushnumber(L, (lua_Number)sqlite3_column_int64(stmt, col));
#endif
        break;
    case SQLITE_FLOAT:
        lua_pushnumber(L, (lua_Number)sqlite3_column_double(stmt, col));
        break;
    case SQLITE_NULL:
        lua_pushnil(L);
        break;
    default: {
        const char *data = (const char *)sqlite3_column_blob(stmt, col);
        int len = sqlite3_column_bytes(stmt, col);
        lua_pushlstring(L, data != NULL ? data : "", (size_t)(len > 0 ? len : 0));
        break;
    }
    }
}

/* Step to the end; with `collect` the rows go into a new list on the
 * stack. Returns the number of results. */
static int step_all(lua_State *L, sqlite3_stmt *stmt, int collect)
{
    db_ud *u = (db_ud *)lua_touserdata(L, 1);
    int rc, count = 0, ncol = sqlite3_column_count(stmt);
    if (collect)
        lua_newtable(L);
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        int col;
        if (!collect)
            continue;
        lua_createtable(L, ncol, 0);
        for (col = 0; col < ncol; col++) {
            push_column(L, stmt, col);
            lua_rawseti(L, -2, col + 1);
        }
        lua_rawseti(L, -2, ++count);
    }
    if (rc != SQLITE_DONE) {
        int nret = fail_db(L, u, rc);
        stmt_clear(stmt);
        return nret;
    }
    stmt_clear(stmt);
    if (!collect) {
        sqlite3_int64 rowid = sqlite3_last_insert_rowid(u->db);
#if COMPACT_HAS_INTEGERS
        lua_pushinteger(L, (lua_Integer)rowid);
#else
        lua_pushnumber(L, (lua_Number)rowid);
#endif
    }
    return 1;
}

static int db_run(lua_State *L)
{
    int nret = 0;
    sqlite3_stmt *stmt = bind_args(L, &nret);
    if (stmt == NULL)
        return nret;
    return step_all(L, stmt, 0);
}

static int db_rows(lua_State *L)
{
    int nret = 0;
    sqlite3_stmt *stmt = bind_args(L, &nret);
    if (stmt == NULL)
        return nret;
    /* room for the list, a row and a value: a failure here would leave
     * the statement bound, so check before stepping */
    if (!lua_checkstack(L, 4)) {
        stmt_clear(stmt);
        return fail(L, "out of memory", "nomem");
    }
    return step_all(L, stmt, 1);
}

/* compact_rank: see the header. Weights come from the caller because
 * computing idf here would scan each phrase's whole doclist per query. */
static void compact_rank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nval,
                         sqlite3_value **vals)
{
    const double k1 = 1.2, b = 0.75;
    int nphrase = api->xPhraseCount(fts), i, len = 0;
    sqlite3_int64 nrow = 0, total = 0;
    double avg, score = 0;
    if (api->xColumnSize(fts, 0, &len) != SQLITE_OK || api->xRowCount(fts, &nrow) != SQLITE_OK ||
        api->xColumnTotalSize(fts, 0, &total) != SQLITE_OK) {
        sqlite3_result_error(ctx, "compact_rank: cannot read the index sizes", -1);
        return;
    }
    avg = nrow > 0 && total > 0 ? (double)total / (double)nrow : 1.0;
    for (i = 0; i < nphrase && i < nval; i++) {
        double weight = sqlite3_value_double(vals[i]);
        Fts5PhraseIter it;
        int col = -1, off = 0, tf = 0;
        if (!(weight > 0))
            continue;
        if (api->xPhraseFirst(fts, i, &it, &col, &off) != SQLITE_OK)
            continue;
        for (; col >= 0; api->xPhraseNext(fts, &it, &col, &off))
            if (col == 0)
                tf++;
        if (tf > 0)
            score += weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * (double)len / avg));
    }
    sqlite3_result_double(ctx, score);
}

static int db_add_rank_function(lua_State *L)
{
    int nret = 0, rc;
    fts5_api *api = NULL;
    sqlite3_stmt *stmt = NULL;
    db_ud *u = check_open(L, &nret);
    if (u == NULL)
        return nret;
    rc = sqlite3_prepare_v2(u->db, "SELECT fts5(?1)", -1, &stmt, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_pointer(stmt, 1, (void *)&api, "fts5_api_ptr", NULL);
        sqlite3_step(stmt);
        rc = sqlite3_finalize(stmt);
    } else {
        sqlite3_finalize(stmt);
    }
    if (rc != SQLITE_OK)
        return fail_db(L, u, rc);
    if (api == NULL || api->iVersion < 2)
        return fail(L, "this SQLite has no FTS5", "error");
    rc = api->xCreateFunction(api, "compact_rank", NULL, compact_rank, NULL);
    if (rc != SQLITE_OK)
        return fail_db(L, u, rc);
    lua_pushboolean(L, 1);
    return 1;
}

static int sqlite_version(lua_State *L)
{
    lua_pushstring(L, sqlite3_libversion());
    return 1;
}

static int sqlite_has_fts5(lua_State *L)
{
    lua_pushboolean(L, sqlite3_compileoption_used("ENABLE_FTS5"));
    return 1;
}

COMPACT_EXPORT int luaopen_compact_sqlite(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "exec", db_exec },
        { "prepare", db_prepare },
        { "run", db_run },
        { "rows", db_rows },
        { "close", db_close },
        { "add_rank_function", db_add_rank_function },
        { NULL, NULL }
    };
    static const luaL_Reg functions[] = {
        { "open", sqlite_open },
        { "version", sqlite_version },
        { "has_fts5", sqlite_has_fts5 },
        { NULL, NULL }
    };
    new_class(L, DB_MT, methods, db_gc, db_tostring);
    luaL_newlib(L, functions);
    return 1;
}
