/* sse.c (fuzz): the byte-level SSE parser, without Lua.
 *
 * Input: byte 0 picks the size limit, byte 1 a chunking stride; the rest is
 * the stream. The stream is parsed twice, in one piece and in chunks cut at
 * stride-derived points (including inside CRLF, the BOM and UTF-8), and the
 * two event sequences must be identical when neither run hit the limit
 * (the contract: splitting never changes the events). ASan checks memory. */
#define COMPACT_SSE_CORE_ONLY
#include "../csrc/core/sse.c"

#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The parser's allocator (lua_Alloc's contract) without a Lua state. */
static void *fuzz_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

typedef struct transcript {
    char *bytes;
    size_t len, cap;
    int failed;
} transcript;

static void put(transcript *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->cap - t->len < n + 1) {
        size_t cap = t->cap ? t->cap : 256;
        char *grown;
        while (cap - t->len < n + 1)
            cap *= 2;
        grown = (char *)realloc(t->bytes, cap);
        if (grown == NULL) {
            t->failed = 1;
            return;
        }
        t->bytes = grown;
        t->cap = cap;
    }
    memcpy(t->bytes + t->len, s, n);
    t->len += n;
}

/* Length-prefixed fields so distinct event sequences never serialize alike. */
static void put_field(transcript *t, const char *s, size_t n)
{
    char head[32];
    int k = snprintf(head, sizeof head, "%zu:", n);
    put(t, head, (size_t)k);
    if (n)
        put(t, s, n);
}

static void record(void *ud, const char *event, size_t event_len, const char *data, size_t data_len,
                   const char *id, size_t id_len)
{
    transcript *t = (transcript *)ud;
    /* every string must be fully readable: ASan flags an overread here */
    put_field(t, event, event_len);
    put_field(t, data, data_len);
    if (id)
        put_field(t, id, id_len);
    else
        put(t, "-", 1);
}

static int run(const uint8_t *s, size_t n, size_t max, size_t stride, transcript *t)
{
    sse_state p;
    size_t at = 0;
    int rc = SSE_OK;
    sse_state_init(&p, max, fuzz_alloc, NULL);
    while (at < n && rc == SSE_OK) {
        size_t step = stride ? stride : n - at;
        if (step > n - at)
            step = n - at;
        rc = sse_push(&p, (const char *)s + at, step, record, t);
        at += step;
        if (stride)
            stride = stride % 7 + 1; /* vary chunk sizes: 1..7 */
    }
    if (rc == SSE_OK)
        rc = sse_end(&p, record, t);
    sse_state_free(&p);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    transcript whole = { NULL, 0, 0, 0 }, pieces = { NULL, 0, 0, 0 };
    size_t max, stride;
    int rc1, rc2;
    if (size < 2)
        return 0;
    max = data[0] < 128 ? (size_t)data[0] * 4 : (size_t)64 * 1024 * 1024;
    stride = (size_t)(data[1] % 9) + 1;
    rc1 = run(data + 2, size - 2, max, 0, &whole);
    rc2 = run(data + 2, size - 2, max, stride, &pieces);
    if (rc1 == SSE_OK && rc2 == SSE_OK && !whole.failed && !pieces.failed &&
        (whole.len != pieces.len || (whole.len && memcmp(whole.bytes, pieces.bytes, whole.len) != 0))) {
        fprintf(stderr, "sse: chunking changed the events\nwhole:  %.*s\npieces: %.*s\n", (int)whole.len,
                whole.bytes ? whole.bytes : "", (int)pieces.len, pieces.bytes ? pieces.bytes : "");
        abort();
    }
    free(whole.bytes);
    free(pieces.bytes);
    return 0;
}
