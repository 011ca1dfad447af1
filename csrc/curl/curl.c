/* curl.c: compact.http, HTTP requests over libcurl, driven step by step.
 *
 *   local req, msg, code = http.start {
 *     url = "https://...", method = "POST", body = "...",
 *     headers = { ["content-type"] = "application/json" } or { "K: v", ... },
 *     connect_timeout = 10, timeout = 600,          -- seconds
 *     on_data = function(chunk, status) end,        -- streaming (optional)
 *     cancel = token,                               -- any :cancelled() table
 *     proxy = nil, ca_file = nil, max_body = 64 MiB,
 *   }
 *   local res, msg, code, reason = req:step(wait_seconds)
 *     -> false                  still running (waited at most wait_seconds)
 *     -> { status=, headers=, body= }   finished (body only when buffered)
 *     -> nil, message, code, reason     failed; code is "transport" (reason
 *        "dns", "connect", "timeout", "tls", "reset", "send", "too_large",
 *        "url", "other"), "cancelled", "callback" (message is the value
 *        on_data raised) or "invalid_request"
 *
 * Each request owns one easy handle inside its own multi handle, so a host
 * loop can interleave requests with its own work and a coroutine can yield
 * between steps. Lua code runs from libcurl callbacks only under lua_pcall:
 * a raised error never unwinds through libcurl; the callback records it and
 * makes libcurl abort the transfer, and step() reports it after cleanup.
 * Messages are built from libcurl's error text and never include request
 * headers (where API keys live) or the URL. */
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define HTTP_MT "compact.http_request"
#define HTTP_DEFAULT_MAX_BODY ((size_t)64 * 1024 * 1024)

#include "request.h"

/* COMPACT_VERSION: from CMakeLists.txt (lua/compact/version.lua). */
#ifndef COMPACT_VERSION
#error "COMPACT_VERSION is not defined: build with CMake (it passes -DCOMPACT_VERSION)"
#endif
#define COMPACT_USER_AGENT "compact/" COMPACT_VERSION " (libcurl)"

static void req_release(http_req *r)
{
    if (r->state == ST_CLOSED)
        return;
    if (r->multi != NULL && r->easy != NULL)
        curl_multi_remove_handle(r->multi, r->easy);
    if (r->easy != NULL)
        curl_easy_cleanup(r->easy);
    if (r->multi != NULL)
        curl_multi_cleanup(r->multi);
    curl_slist_free_all(r->headers);
    buffer_release(&r->body);
    buffer_release(&r->head);
    r->easy = NULL;
    r->multi = NULL;
    r->headers = NULL;
    r->state = ST_CLOSED;
}

/* Closing from inside a callback (on_data calling close()) must not free the
 * handles libcurl is running on; step() releases them once perform returns. */
static int req_gc(lua_State *L)
{
    http_req *r = (http_req *)luaL_testudata(L, 1, HTTP_MT);
    if (r != NULL && r->in_step)
        r->close_pending = 1;
    else if (r != NULL)
        req_release(r);
    return 0;
}

static int req_tostring(lua_State *L)
{
    http_req *r = (http_req *)luaL_checkudata(L, 1, HTTP_MT);
    static const char *names[] = { "running", "done", "closed" };
    lua_pushfstring(L, "compact.http_request(%s)", names[r->state]);
    return 1;
}

/* ---- libcurl callbacks ------------------------------------------------ */

typedef struct chunk_call {
    http_req *r;
    const char *data;
    size_t len;
    int failed;
} chunk_call;

/* Slots of the request's uservalue table (the "env"). Integer keys in the
 * array part, all created by http_start: the libcurl callbacks read and
 * overwrite them with lua_rawgeti/lua_rawseti, which never allocate, so no
 * memory error or finalizer error can be raised outside a protected call
 * and unwind through libcurl's frames. */
enum { ENV_CALL_DATA = 1, ENV_CALL_CANCEL, ENV_ERR, ENV_ON_DATA, ENV_CANCEL, ENV_SLOTS = ENV_CANCEL };

/* Runs under lua_pcall with (chunk_call, env): on_data(chunk, status) under
 * a nested pcall; what it raises is stored in env[ENV_ERR] and c->failed
 * set. Allocations here are protected by the outer call. */
static int call_on_data(lua_State *L)
{
    chunk_call *c = (chunk_call *)lua_touserdata(L, 1);
    long status = 0;
    curl_easy_getinfo(c->r->easy, CURLINFO_RESPONSE_CODE, &status);
    lua_rawgeti(L, 2, ENV_ON_DATA);
    lua_pushlstring(L, c->data, c->len);
    lua_pushnumber(L, (lua_Number)status);
    if (lua_pcall(L, 2, 0, 0) != 0) {
        lua_rawseti(L, 2, ENV_ERR);
        c->failed = 1;
    }
    return 0;
}

static size_t on_write(char *ptr, size_t size, size_t nmemb, void *userdata)
{
    http_req *r = (http_req *)userdata;
    size_t n = size * nmemb;
    lua_State *L = r->L;
    if (L == NULL)
        return n;
    if (r->close_pending)
        return 0;
    if (!r->streaming) {
        int added = buffer_append(&r->body, ptr, n, r->max_body);
        if (added != BUFFER_OK) {
            if (added == BUFFER_ETOOBIG)
                r->too_large = 1;
            else
                r->no_memory = 1;
            return 0;
        }
        return n;
    }
    {
        /* Only allocation-free calls before lua_pcall (stack space was
         * reserved by step()); see ENV_* above. */
        chunk_call c;
        c.r = r;
        c.data = ptr;
        c.len = n;
        c.failed = 0;
        lua_rawgeti(L, r->env, ENV_CALL_DATA);
        lua_pushlightuserdata(L, &c);
        lua_pushvalue(L, r->env);
        if (lua_pcall(L, 2, 0, 0) != 0) {
            /* a memory error (or a finalizer's) around on_data */
            lua_rawseti(L, r->env, ENV_ERR);
            c.failed = 1;
        }
        if (c.failed) {
            /* keep what was raised for step() to return, then abort */
            r->cb_failed = 1;
            return 0;
        }
    }
    return n;
}

static size_t on_header(char *ptr, size_t size, size_t nmemb, void *userdata)
{
    http_req *r = (http_req *)userdata;
    size_t n = size * nmemb;
    /* a status line starts a new response (after 1xx or a proxy CONNECT) */
    if (n >= 5 && memcmp(ptr, "HTTP/", 5) == 0) {
        r->head.len = 0;
        r->head_done = 0;
    }
    if ((n == 2 && ptr[0] == '\r' && ptr[1] == '\n') || (n == 1 && ptr[0] == '\n'))
        r->head_done = 1;
    if (buffer_append(&r->head, ptr, n, (size_t)1 << 20) != BUFFER_OK)
        return 0;
    return n;
}

/* Runs under lua_pcall with (env): is the token cancelled? Pushes a
 * boolean. */
static int call_cancelled(lua_State *L)
{
    lua_settop(L, 1);
    lua_rawgeti(L, 1, ENV_CANCEL);
    lua_getfield(L, 2, "cancelled");
    lua_insert(L, -2);
    lua_call(L, 1, 1);
    lua_pushboolean(L, lua_toboolean(L, -1));
    return 1;
}

/* A token whose `cancelled` raises is treated as not cancelled, the same
 * rule compact.cancel.is_cancelled follows. */
static int check_cancel(http_req *r)
{
    lua_State *L = r->L;
    int yes = 0;
    if (r->cancelled)
        return 1;
    if (!r->has_cancel || L == NULL)
        return 0;
    /* allocation-free until the protected call, as in on_write */
    lua_rawgeti(L, r->env, ENV_CALL_CANCEL);
    lua_pushvalue(L, r->env);
    if (lua_pcall(L, 1, 1, 0) == 0)
        yes = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (yes)
        r->cancelled = 1;
    return yes;
}

static int on_progress(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                       curl_off_t ulnow)
{
    (void)dltotal;
    (void)dlnow;
    (void)ultotal;
    (void)ulnow;
    http_req *r = (http_req *)userdata;
    return (r->close_pending || check_cancel(r)) ? 1 : 0;
}

/* ---- building a request ----------------------------------------------- */


#define SETOPT(opt, value)                                       \
    do {                                                         \
        if (curl_easy_setopt(r->easy, (opt), (value)) != CURLE_OK) \
            return "libcurl rejected an option";                 \
    } while (0)

/* The options every request has: callbacks, TLS checks, protocols. */
static const char *set_fixed_options(http_req *r)
{
    SETOPT(CURLOPT_NOSIGNAL, 1L);
    SETOPT(CURLOPT_ERRORBUFFER, r->errbuf);
    SETOPT(CURLOPT_HTTPHEADER, r->headers);
    SETOPT(CURLOPT_USERAGENT, COMPACT_USER_AGENT);
    SETOPT(CURLOPT_FOLLOWLOCATION, 0L);
    SETOPT(CURLOPT_SSL_VERIFYPEER, 1L);
    SETOPT(CURLOPT_SSL_VERIFYHOST, 2L);
    SETOPT(CURLOPT_TCP_KEEPALIVE, 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
    SETOPT(CURLOPT_PROTOCOLS_STR, "http,https");
#else
    SETOPT(CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    SETOPT(CURLOPT_WRITEFUNCTION, on_write);
    SETOPT(CURLOPT_WRITEDATA, (void *)r);
    SETOPT(CURLOPT_HEADERFUNCTION, on_header);
    SETOPT(CURLOPT_HEADERDATA, (void *)r);
    SETOPT(CURLOPT_XFERINFOFUNCTION, on_progress);
    SETOPT(CURLOPT_XFERINFODATA, (void *)r);
    SETOPT(CURLOPT_NOPROGRESS, 0L);
    return NULL;
}

static const char *configure(lua_State *L, http_req *r, int opts, int env)
{
    const char *url, *method, *body, *proxy, *ca_file, *err;
    size_t url_len, method_len = 0, body_len = 0, n;
    long connect_ms, total_ms;

    if ((err = opt_string(L, opts, "url", &url, &url_len)) != NULL || url == NULL)
        return "url must be a string";
    if (strlen(url) != url_len || has_crlf(url, url_len) ||
        !(strncmp(url, "http://", 7) == 0 || strncmp(url, "https://", 8) == 0))
        return "url must be an http:// or https:// URL";
    if ((err = opt_string(L, opts, "method", &method, &method_len)) != NULL)
        return "method must be a string";
    if ((err = opt_string(L, opts, "body", &body, &body_len)) != NULL)
        return "body must be a string";
    if ((err = opt_string(L, opts, "proxy", &proxy, &n)) != NULL)
        return "proxy must be a string";
    if ((err = opt_string(L, opts, "ca_file", &ca_file, &n)) != NULL)
        return "ca_file must be a string";
    if ((err = read_seconds(L, opts, "connect_timeout", &connect_ms)) != NULL)
        return err;
    if ((err = read_seconds(L, opts, "timeout", &total_ms)) != NULL)
        return err;
    lua_getfield(L, opts, "max_body");
    if (!lua_isnil(L, -1)) {
        long long limit;
        if (lua_type(L, -1) != LUA_TNUMBER || !to_integer_exact(L, -1, &limit) || limit <= 0)
            return "max_body must be a positive integer";
        r->max_body = (size_t)limit;
    }
    lua_pop(L, 1);

    lua_getfield(L, opts, "on_data");
    if (!lua_isnil(L, -1) && !lua_isfunction(L, -1))
        return "on_data must be a function";
    r->streaming = lua_isfunction(L, -1);
    lua_rawseti(L, env, ENV_ON_DATA);
    lua_getfield(L, opts, "cancel");
    if (!lua_isnil(L, -1) && !lua_istable(L, -1) && !lua_isuserdata(L, -1))
        return "cancel must be a token";
    r->has_cancel = !lua_isnil(L, -1);
    lua_rawseti(L, env, ENV_CANCEL);

    if ((err = read_headers(L, r, opts)) != NULL)
        return err;
    /* no "Expect: 100-continue" round trip before large bodies */
    if (!add_header(r, "Expect:", 7))
        return "out of memory";

    SETOPT(CURLOPT_URL, url);
    if ((err = set_fixed_options(r)) != NULL)
        return err;
    if (connect_ms > 0)
        SETOPT(CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
    if (total_ms > 0)
        SETOPT(CURLOPT_TIMEOUT_MS, total_ms);
    if (proxy != NULL)
        SETOPT(CURLOPT_PROXY, proxy);
    if (ca_file != NULL)
        SETOPT(CURLOPT_CAINFO, ca_file);

    if (method != NULL && (method_len == 0 || strlen(method) != method_len ||
                           has_crlf(method, method_len) || strchr(method, ' ') != NULL))
        return "invalid method";
    if (body != NULL || (method != NULL && strcmp(method, "POST") == 0)) {
        SETOPT(CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_len);
        SETOPT(CURLOPT_COPYPOSTFIELDS, body ? body : "");
        if (method != NULL && strcmp(method, "POST") != 0)
            SETOPT(CURLOPT_CUSTOMREQUEST, method);
    } else if (method == NULL || strcmp(method, "GET") == 0) {
        SETOPT(CURLOPT_HTTPGET, 1L);
    } else if (strcmp(method, "HEAD") == 0) {
        SETOPT(CURLOPT_NOBODY, 1L);
    } else {
        SETOPT(CURLOPT_CUSTOMREQUEST, method);
    }
    return NULL;
}

static int http_start(lua_State *L)
{
    http_req *r;
    const char *err;
    int env;
    if (!lua_istable(L, 1))
        return http_fail(L, "http.start: options must be a table", "invalid_request");
    lua_settop(L, 1);
    r = (http_req *)lua_newuserdata(L, sizeof(http_req));
    memset(r, 0, sizeof(*r));
    {
        void *ud;
        lua_Alloc alloc = lua_getallocf(L, &ud);
        buffer_init(&r->body, alloc, ud);
        buffer_init(&r->head, alloc, ud);
    }
    r->state = ST_CLOSED; /* nothing to release until the handles exist */
    r->max_body = HTTP_DEFAULT_MAX_BODY;
    luaL_getmetatable(L, HTTP_MT);
    lua_setmetatable(L, -2);
    /* every slot the callbacks touch exists before a transfer starts */
    lua_createtable(L, ENV_SLOTS, 0);
    env = lua_gettop(L);
    lua_pushcfunction(L, call_on_data);
    lua_rawseti(L, env, ENV_CALL_DATA);
    lua_pushcfunction(L, call_cancelled);
    lua_rawseti(L, env, ENV_CALL_CANCEL);
    lua_pushboolean(L, 0);
    lua_rawseti(L, env, ENV_ERR);
    lua_pushboolean(L, 0);
    lua_rawseti(L, env, ENV_ON_DATA);
    lua_pushboolean(L, 0);
    lua_rawseti(L, env, ENV_CANCEL);
    r->easy = curl_easy_init();
    r->multi = curl_multi_init();
    r->state = ST_RUNNING;
    if (r->easy == NULL || r->multi == NULL) {
        req_release(r);
        return http_fail(L, "libcurl could not create a handle", "transport");
    }
    err = configure(L, r, 1, env);
    if (err != NULL) {
        req_release(r);
        lua_settop(L, 1);
        return http_fail(L, err, "invalid_request");
    }
    lua_settop(L, env);
    lua_setuservalue(L, 2);
    if (curl_multi_add_handle(r->multi, r->easy) != CURLM_OK) {
        req_release(r);
        return http_fail(L, "libcurl could not start the transfer", "transport");
    }
    return 1;
}

/* ---- finishing -------------------------------------------------------- */

static const char *reason_of(CURLcode code)
{
    switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        return "dns";
    case CURLE_COULDNT_CONNECT:
        return "connect";
    case CURLE_OPERATION_TIMEDOUT:
        return "timeout";
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_USE_SSL_FAILED:
        return "tls";
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_PARTIAL_FILE:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
    case CURLE_WEIRD_SERVER_REPLY:
        return "reset";
    case CURLE_SEND_ERROR:
        return "send";
    case CURLE_URL_MALFORMAT:
    case CURLE_UNSUPPORTED_PROTOCOL:
        return "url";
    default:
        return "other";
    }
}

/* Push { name = value } from the raw header block of the final response;
 * names lower-cased, repeated headers joined with ", ". */
static void push_headers(lua_State *L, const buffer *head)
{
    size_t i = 0;
    lua_newtable(L);
    while (i < head->len) {
        size_t end = i, colon, vs, ve, k;
        char name[128];
        while (end < head->len && head->data[end] != '\n')
            end++;
        colon = i;
        while (colon < end && head->data[colon] != ':')
            colon++;
        if (colon < end && colon > i && colon - i < sizeof(name)) {
            for (k = 0; k < colon - i; k++)
                name[k] = (char)tolower((unsigned char)head->data[i + k]);
            vs = colon + 1;
            ve = end;
            while (vs < ve && (head->data[vs] == ' ' || head->data[vs] == '\t'))
                vs++;
            while (ve > vs && (head->data[ve - 1] == '\r' || head->data[ve - 1] == ' ' ||
                               head->data[ve - 1] == '\t'))
                ve--;
            lua_pushlstring(L, name, colon - i);
            lua_pushvalue(L, -1);
            lua_rawget(L, -3);
            if (lua_isstring(L, -1)) {
                lua_pushliteral(L, ", ");
                lua_pushlstring(L, head->data + vs, ve - vs);
                lua_concat(L, 3);
            } else {
                lua_pop(L, 1);
                lua_pushlstring(L, head->data + vs, ve - vs);
            }
            lua_rawset(L, -3);
        }
        i = end + 1;
    }
}

static int finish(lua_State *L, http_req *r, CURLcode code)
{
    long status = 0;
    r->state = ST_DONE;
    curl_easy_getinfo(r->easy, CURLINFO_RESPONSE_CODE, &status);
    curl_multi_remove_handle(r->multi, r->easy);
    if (r->cb_failed) {
        lua_pushnil(L);
        lua_rawgeti(L, r->env, ENV_ERR);
        lua_pushliteral(L, "callback");
        return 3;
    }
    if (r->cancelled)
        return http_fail(L, "request cancelled", "cancelled");
    if (r->too_large || r->no_memory) {
        lua_pushnil(L);
        lua_pushstring(L, r->too_large ? "response body too large" : "out of memory");
        lua_pushliteral(L, "transport");
        lua_pushstring(L, r->too_large ? "too_large" : "other");
        return 4;
    }
    if (code == CURLE_OUT_OF_MEMORY && !r->head_done) {
        /* libcurl refuses a header line over 100 KB with "out of memory" */
        lua_pushnil(L);
        lua_pushliteral(L, "response header too large");
        lua_pushliteral(L, "transport");
        lua_pushliteral(L, "too_large");
        return 4;
    }
    if (code != CURLE_OK) {
        lua_pushnil(L);
        if (r->errbuf[0] != '\0')
            lua_pushstring(L, r->errbuf);
        else
            lua_pushstring(L, curl_easy_strerror(code));
        lua_pushliteral(L, "transport");
        lua_pushstring(L, reason_of(code));
        return 4;
    }
    lua_createtable(L, 0, 3);
#if COMPACT_HAS_INTEGERS
    lua_pushinteger(L, (lua_Integer)status);
#else
    lua_pushnumber(L, (lua_Number)status);
#endif
    lua_setfield(L, -2, "status");
    push_headers(L, &r->head);
    lua_setfield(L, -2, "headers");
    if (!r->streaming) {
        lua_pushlstring(L, r->body.data ? r->body.data : "", r->body.len);
        lua_setfield(L, -2, "body");
    }
    buffer_release(&r->body);
    return 1;
}

/* Drive the transfer: perform, wait up to `wait` seconds for activity,
 * perform again. */
static int req_step(lua_State *L)
{
    http_req *r = (http_req *)luaL_checkudata(L, 1, HTTP_MT);
    lua_Number wait = 0;
    int running = 0, msgs = 0, result;
    CURLMsg *msg;
    CURLcode code = CURLE_OK;
    int done = 0;
    if (r->state != ST_RUNNING)
        return http_fail(L, r->state == ST_DONE ? "request already finished" : "request is closed",
                    "invalid_request");
    if (r->in_step)
        return http_fail(L, "step() called from a callback of the same request", "invalid_request");
    if (lua_type(L, 2) == LUA_TNUMBER)
        wait = lua_tonumber(L, 2);
    if (!(wait >= 0))
        wait = 0;
    if (wait > 1)
        wait = 1;
    lua_settop(L, 1);
    /* the callbacks push at most 4 values at a time and must not grow the
     * stack themselves (that can raise a memory error on 5.1/LuaJIT) */
    if (!lua_checkstack(L, 8))
        return http_fail(L, "out of memory", "transport");
    lua_getuservalue(L, 1);
    r->env = lua_gettop(L);
    r->L = L;
    r->in_step = 1;
    if (check_cancel(r)) {
        done = 1;
    } else {
        int pass;
        for (pass = 0; pass < 2 && !done; pass++) {
            if (curl_multi_perform(r->multi, &running) != CURLM_OK) {
                code = CURLE_FAILED_INIT;
                done = 1;
                break;
            }
            while ((msg = curl_multi_info_read(r->multi, &msgs)) != NULL) {
                if (msg->msg == CURLMSG_DONE) {
                    code = msg->data.result;
                    done = 1;
                }
            }
            if (done || check_cancel(r)) {
                done = 1;
                break;
            }
            if (pass == 0 && wait > 0)
                curl_multi_poll(r->multi, NULL, 0, (int)(wait * 1000.0), NULL);
            else if (pass == 0)
                break;
        }
        if (!done && check_cancel(r))
            done = 1;
    }
    r->in_step = 0;
    if (r->close_pending) {
        r->L = NULL;
        req_release(r);
        return http_fail(L, "request closed from a callback", "cancelled");
    }
    if (!done) {
        r->L = NULL;
        lua_pushboolean(L, 0);
        return 1;
    }
    result = finish(L, r, code);
    r->L = NULL;
    return result;
}

static int req_close(lua_State *L)
{
    luaL_checkudata(L, 1, HTTP_MT);
    return req_gc(L);
}

static int http_version(lua_State *L)
{
    /* Not curl_version(): it asks OpenLDAP for its version, which starts
     * Cyrus SASL, whose state is lost when the module is unloaded (valgrind
     * and LeakSanitizer report it). curl_version_info() starts nothing. */
    const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    lua_pushfstring(L, "libcurl/%s%s%s", info->version, info->ssl_version ? " " : "",
                    info->ssl_version ? info->ssl_version : "");
    return 1;
}

COMPACT_EXPORT int luaopen_compact_curl(lua_State *L)
{
    static int initialized = 0;
    static const luaL_Reg methods[] = {
        { "step", req_step },
        { "close", req_close },
        { NULL, NULL }
    };
    static const luaL_Reg functions[] = {
        { "start", http_start },
        { "version", http_version },
        { NULL, NULL }
    };
    if (!initialized) {
        if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
            return luaL_error(L, "compact.http: libcurl initialisation failed");
        initialized = 1;
    }
    new_class(L, HTTP_MT, methods, req_gc, req_tostring);
    luaL_newlib(L, functions);
    lua_pushliteral(L, COMPACT_USER_AGENT);
    lua_setfield(L, -2, "USER_AGENT");
    return 1;
}
