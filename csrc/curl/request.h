/* request.h: the request state of compact.http and the helpers that read
 * its options from Lua (request.c). */
#ifndef COMPACT_HTTP_REQUEST_H
#define COMPACT_HTTP_REQUEST_H

#include <curl/curl.h>
#include "buffer.h"

enum { ST_RUNNING, ST_DONE, ST_CLOSED };

typedef struct http_req {
    CURL *easy;
    CURLM *multi;
    struct curl_slist *headers;
    buffer body; /* filled from libcurl callbacks: buffer_append, never raising */
    buffer head;
    size_t max_body;
    lua_State *L; /* the running thread, set only while step() runs */
    int env;      /* stack index of the uservalue table during step() */
    int state;
    int streaming;
    int has_cancel;
    int cancelled;
    int cb_failed;
    int too_large;
    int no_memory;
    int head_done;     /* the final response's header block ended */
    int in_step;       /* inside curl_multi_perform: libcurl state is busy */
    int close_pending; /* close() was called from a callback during step() */
    char errbuf[CURL_ERROR_SIZE];
} http_req;

/* Push nil, message, code; returns 3. */
COMPACT_INTERNAL int http_fail(lua_State *L, const char *message, const char *code);
COMPACT_INTERNAL int has_crlf(const char *s, size_t n);
/* Append "Name: value" to the request headers; 0 when invalid. */
COMPACT_INTERNAL int add_header(http_req *r, const char *line, size_t n);
/* Read opts.headers (a list of "Name: value" or a map name -> value);
 * returns an error message or NULL. */
COMPACT_INTERNAL const char *read_headers(lua_State *L, http_req *r, int opts);
/* opts[key] seconds -> *ms (0 when absent); returns an error message or NULL. */
COMPACT_INTERNAL const char *read_seconds(lua_State *L, int opts, const char *key, long *ms);
/* opts[key] string or nil; the string is left on the stack (see request.c). */
COMPACT_INTERNAL const char *opt_string(lua_State *L, int opts, const char *key, const char **out,
                                        size_t *len);

#endif
