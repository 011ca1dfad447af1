/* bpe_merge.h: the vocabulary (rank hash table) and byte pair merges of one
 * piece. Included by bpe.c only; no Lua here.
 *
 * Merging follows tiktoken: repeatedly join the adjacent pair whose bytes
 * have the lowest rank (the leftmost on ties) until no pair is a token.
 * Short pieces use tiktoken's simple array scan; long ones a binary heap
 * keyed by (rank, position) over a linked list of parts, so a 1 MB piece
 * costs O(n log n) rather than O(n^2). Both give the same merges. */
#ifndef COMPACT_BPE_MERGE_H
#define COMPACT_BPE_MERGE_H

#include <stdint.h>
#include <string.h>

#define BPE_NONE UINT32_MAX
#define BPE_SHORT 48 /* pieces up to this many bytes use the array scan */

typedef void *(*bpe_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

/* One hash slot: the token's first 8 bytes (zero padded), a tag (high 24
 * bits of the hash, low 8 bits the length capped at 255) and rank + 1
 * (0 = empty). Tokens of up to 8 bytes compare without leaving the slot. */
typedef struct bpe_slot {
    uint64_t word;
    uint32_t tag;
    uint32_t rank1;
} bpe_slot;

/* A direct-mapped cache of short pieces and their ids (per vocabulary):
 * text repeats its words, and a hit skips the hash table and the merges. */
#define BPE_CACHE_SLOTS 8192
#define BPE_CACHE_LEN 16 /* pieces up to this many bytes are cached */
#define BPE_CACHE_IDS 6  /* when they have at most this many tokens */

typedef struct bpe_cache_entry {
    uint64_t w0, w1; /* the piece's bytes, zero padded */
    uint32_t ids[BPE_CACHE_IDS];
    unsigned char len, n; /* len 0: empty */
} bpe_cache_entry;

typedef struct bpe_vocab {
    bpe_cache_entry *cache; /* BPE_CACHE_SLOTS entries */
    bpe_alloc_fn alloc;
    void *alloc_ud;
    unsigned char *bytes; /* every token's bytes, back to back */
    size_t bytes_size;
    uint32_t *offset;     /* by rank: start in bytes */
    uint32_t *length;     /* by rank: length, BPE_NONE for an unused rank */
    uint32_t n_ranks;     /* largest rank + 1 */
    bpe_slot *slots;      /* open addressing, linear probing */
    uint32_t *short_rank; /* ranks of 1- and 2-byte tokens, indexed directly:
                           * [b] and [256 + (b0 << 8 | b1)]; BPE_NONE when none */
    uint32_t mask;
} bpe_vocab;

/* A growable list of token ids, or just a count when store == 0. */
typedef struct bpe_out {
    uint32_t *ids;
    size_t n, cap;
    int store;
    int failed; /* an allocation failed */
} bpe_out;

static void *bpe_mem(const bpe_vocab *v, void *old, size_t osize, size_t nsize)
{
    return v->alloc(v->alloc_ud, old, osize, nsize);
}

/* The first min(n, 8) bytes of p as a zero-padded word. */
static uint64_t bpe_word(const unsigned char *p, size_t n)
{
    uint64_t w = 0;
    if (n >= 8)
        memcpy(&w, p, 8);
    else
        memcpy(&w, p, n);
    return w;
}

static uint32_t bpe_hash(const unsigned char *p, size_t n, uint64_t first)
{
    uint64_t h = (first ^ (0x9E3779B97F4A7C15ull * (uint64_t)(n + 1))) * 0xFF51AFD7ED558CCDull;
    size_t k;
    for (k = 8; k < n; k += 8) {
        h ^= h >> 32;
        h = (h ^ bpe_word(p + k, n - k)) * 0xC4CEB9FE1A85EC53ull;
    }
    h ^= h >> 29;
    h *= 0x94D049BB133111EBull;
    return (uint32_t)(h >> 32);
}

static uint32_t bpe_tag(uint32_t h, size_t n)
{
    return (h & 0xFFFFFF00u) | (uint32_t)(n < 255 ? n : 255);
}

/* The slot holding p[0..n) (first bytes w, hash h), or the empty slot
 * where it would go. */
static bpe_slot *bpe_find_hashed(const bpe_vocab *v, const unsigned char *p, size_t n, uint64_t w, uint32_t h)
{
    uint32_t tag = bpe_tag(h, n);
    uint32_t i = h & v->mask;
    for (;;) {
        bpe_slot *slot = &v->slots[i];
        if (slot->rank1 == 0)
            return slot;
        if (slot->tag == tag && slot->word == w &&
            (n <= 8 || (v->length[slot->rank1 - 1] == n &&
                        memcmp(v->bytes + v->offset[slot->rank1 - 1], p, n) == 0)))
            return slot;
        i = (i + 1) & v->mask;
    }
}

static bpe_slot *bpe_find(const bpe_vocab *v, const unsigned char *p, size_t n)
{
    uint64_t w = bpe_word(p, n);
    return bpe_find_hashed(v, p, n, w, bpe_hash(p, n, w));
}

/* The rank of the bytes p[0..n), or BPE_NONE. */
static uint32_t bpe_rank(const bpe_vocab *v, const unsigned char *p, size_t n)
{
    if (n <= 2 && v->short_rank != NULL)
        return v->short_rank[n == 1 ? p[0] : 256 + ((unsigned)p[0] << 8 | p[1])];
    return bpe_find(v, p, n)->rank1 - 1;
}

/* Insert rank r (its bytes already stored, their hash h); returns 0 when
 * those bytes are already a token (the rank that has them goes to *other). */
static int bpe_insert(bpe_vocab *v, uint32_t r, uint32_t h, uint32_t *other)
{
    const unsigned char *p = v->bytes + v->offset[r];
    size_t n = v->length[r];
    uint64_t w = bpe_word(p, n);
    bpe_slot *slot = bpe_find_hashed(v, p, n, w, h);
    if (slot->rank1 != 0) {
        *other = slot->rank1 - 1;
        return 0;
    }
    slot->word = w;
    slot->tag = bpe_tag(h, n);
    slot->rank1 = r + 1;
    return 1;
}

static void bpe_emit(const bpe_vocab *v, bpe_out *out, uint32_t id)
{
    if (!out->store) {
        out->n++;
        return;
    }
    if (out->n == out->cap) {
        size_t cap = out->cap ? out->cap * 2 : 256;
        uint32_t *ids = (uint32_t *)bpe_mem(v, out->ids, out->cap * sizeof *ids, cap * sizeof *ids);
        if (ids == NULL) {
            out->failed = 1;
            return;
        }
        out->ids = ids;
        out->cap = cap;
    }
    out->ids[out->n++] = id;
}

/* tiktoken's scan for a short piece (n <= BPE_SHORT, n >= 2). */
static void bpe_merge_short(const bpe_vocab *v, const unsigned char *p, size_t n, bpe_out *out)
{
    uint32_t pos[BPE_SHORT + 1], rank[BPE_SHORT + 1];
    size_t m = n + 1, k;
    for (k = 0; k < m; k++)
        pos[k] = (uint32_t)k;
    for (k = 0; k + 2 < m; k++)
        rank[k] = bpe_rank(v, p + k, 2);
    rank[m - 2] = rank[m - 1] = BPE_NONE;
    for (;;) {
        uint32_t best = BPE_NONE;
        size_t at = 0;
        for (k = 0; k + 1 < m; k++)
            if (rank[k] < best) {
                best = rank[k];
                at = k;
            }
        if (best == BPE_NONE)
            break;
        memmove(pos + at + 1, pos + at + 2, (m - at - 2) * sizeof pos[0]);
        memmove(rank + at + 1, rank + at + 2, (m - at - 2) * sizeof rank[0]);
        m--;
        rank[at] = at + 2 < m ? bpe_rank(v, p + pos[at], pos[at + 2] - pos[at]) : BPE_NONE;
        if (at > 0)
            rank[at - 1] = bpe_rank(v, p + pos[at - 1], pos[at + 1] - pos[at - 1]);
    }
    for (k = 0; k + 1 < m; k++)
        bpe_emit(v, out, bpe_rank(v, p + pos[k], pos[k + 1] - pos[k]));
}

/* ---- long pieces: heap of (rank << 32 | position) over linked parts ---- */

typedef struct bpe_long {
    const bpe_vocab *v;
    const unsigned char *p;
    size_t n;
    uint32_t *next, *prev, *pair; /* by part start; pair = rank of part+next */
    uint64_t *heap;
    size_t heap_n;
} bpe_long;

static void bpe_heap_push(bpe_long *b, uint64_t key)
{
    size_t i = b->heap_n++;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (b->heap[parent] <= key)
            break;
        b->heap[i] = b->heap[parent];
        i = parent;
    }
    b->heap[i] = key;
}

static uint64_t bpe_heap_pop(bpe_long *b)
{
    uint64_t top = b->heap[0], key = b->heap[--b->heap_n];
    size_t i = 0, n = b->heap_n;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && b->heap[c + 1] < b->heap[c])
            c++;
        if (key <= b->heap[c])
            break;
        b->heap[i] = b->heap[c];
        i = c;
    }
    if (n > 0)
        b->heap[i] = key;
    return top;
}

/* Recompute the pair starting at part `at` and queue it when it is a token. */
static void bpe_long_pair(bpe_long *b, uint32_t at)
{
    uint32_t nx = b->next[at];
    uint32_t end = nx < b->n ? b->next[nx] : BPE_NONE;
    b->pair[at] = end == BPE_NONE ? BPE_NONE : bpe_rank(b->v, b->p + at, end - at);
    if (b->pair[at] != BPE_NONE)
        bpe_heap_push(b, ((uint64_t)b->pair[at] << 32) | at);
}

static void bpe_long_run(bpe_long *b, bpe_out *out)
{
    uint32_t k, n = (uint32_t)b->n;
    for (k = 0; k < n; k++) {
        b->next[k] = k + 1;
        b->prev[k] = k == 0 ? BPE_NONE : k - 1;
    }
    for (k = 0; k < n; k++)
        bpe_long_pair(b, k);
    while (b->heap_n > 0) {
        uint64_t key = bpe_heap_pop(b);
        uint32_t at = (uint32_t)key, rank = (uint32_t)(key >> 32), gone;
        if (b->pair[at] != rank)
            continue; /* stale: the part changed or was merged away */
        gone = b->next[at];
        b->next[at] = b->next[gone];
        if (b->next[at] < n)
            b->prev[b->next[at]] = at;
        b->pair[gone] = BPE_NONE;
        bpe_long_pair(b, at);
        if (b->prev[at] != BPE_NONE)
            bpe_long_pair(b, b->prev[at]);
    }
    for (k = 0; k < n; k = b->next[k])
        bpe_emit(b->v, out, bpe_rank(b->v, b->p + k, b->next[k] - k));
}

/* Returns 0 when memory ran out. */
#define BPE_STACK_PIECE 512 /* heap pieces up to this size use stack buffers */

static int bpe_merge_long(const bpe_vocab *v, const unsigned char *p, size_t n, bpe_out *out)
{
    bpe_long b;
    uint32_t stack_block[3 * BPE_STACK_PIECE];
    uint64_t stack_heap[3 * BPE_STACK_PIECE];
    int on_stack = n <= BPE_STACK_PIECE;
    size_t words = 3 * n * sizeof(uint32_t), heap = 3 * n * sizeof(uint64_t);
    uint32_t *block = on_stack ? stack_block : (uint32_t *)bpe_mem(v, NULL, 0, words);
    uint64_t *hblock = on_stack ? stack_heap : (uint64_t *)bpe_mem(v, NULL, 0, heap);
    int ok = block != NULL && hblock != NULL;
    if (ok) {
        b.v = v;
        b.p = p;
        b.n = n;
        b.next = block;
        b.prev = block + n;
        b.pair = block + 2 * n;
        b.heap = hblock;
        b.heap_n = 0;
        bpe_long_run(&b, out);
    }
    if (block && !on_stack)
        bpe_mem(v, block, words, 0);
    if (hblock && !on_stack)
        bpe_mem(v, hblock, heap, 0);
    return ok;
}

/* Tokens of one piece into `out`; returns 0 when memory ran out. */
static int bpe_encode_uncached(const bpe_vocab *v, const unsigned char *p, size_t n, bpe_out *out)
{
    uint32_t whole = bpe_rank(v, p, n);
    if (whole != BPE_NONE) {
        bpe_emit(v, out, whole);
        return 1;
    }
    if (n <= BPE_SHORT) {
        bpe_merge_short(v, p, n, out);
        return 1;
    }
    return bpe_merge_long(v, p, n, out);
}

/* Tokens of one piece into `out`, through the cache for short pieces;
 * returns 0 when memory ran out. */
static int bpe_encode_piece(const bpe_vocab *v, const unsigned char *p, size_t n, bpe_out *out)
{
    uint64_t w0, w1;
    bpe_cache_entry *e;
    uint32_t local_ids[BPE_CACHE_LEN + 1];
    bpe_out local;
    size_t k;
    if (n > BPE_CACHE_LEN || v->cache == NULL)
        return bpe_encode_uncached(v, p, n, out);
    w0 = bpe_word(p, n);
    w1 = n > 8 ? bpe_word(p + 8, n - 8) : 0;
    e = &v->cache[(uint32_t)(((w0 * 0x9E3779B97F4A7C15ull) ^ (w1 * 0xC2B2AE3D27D4EB4Full) ^ n) >> 40) &
                  (BPE_CACHE_SLOTS - 1)];
    if (e->len == n && e->w0 == w0 && e->w1 == w1) {
        for (k = 0; k < e->n; k++)
            bpe_emit(v, out, e->ids[k]);
        return 1;
    }
    local.ids = local_ids;
    local.n = 0;
    local.cap = BPE_CACHE_LEN + 1; /* a piece of n bytes has at most n tokens */
    local.store = 1;
    local.failed = 0;
    bpe_encode_uncached(v, p, n, &local);
    if (local.n <= BPE_CACHE_IDS) {
        e->w0 = w0;
        e->w1 = w1;
        e->len = (unsigned char)n;
        e->n = (unsigned char)local.n;
        memcpy(e->ids, local_ids, local.n * sizeof local_ids[0]);
    }
    for (k = 0; k < local.n; k++)
        bpe_emit(v, out, local_ids[k]);
    return 1;
}

#endif
