/* digest.c: SHA-256 (FIPS 180-4), for the importers: Gemini CLI names a
 * session's project by the SHA-256 of its root directory (`projectHash`),
 * so the working directory can be recovered by hashing candidate paths.
 *
 *   core.sha256(s) -> 64 lowercase hex digits
 */
#include "parts.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static const uint32_t ROUND_CONSTANTS[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

static uint32_t rotate_right(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32u - n));
}

/* One 64-byte block into the running state. */
static void compress(uint32_t state[8], const unsigned char block[64])
{
    uint32_t w[64];
    uint32_t a, b, c, d, e, f, g, h;
    int i;
    for (i = 0; i < 16; i++) {
        w[i] = ((uint32_t)block[4 * i] << 24) | ((uint32_t)block[4 * i + 1] << 16) |
               ((uint32_t)block[4 * i + 2] << 8) | (uint32_t)block[4 * i + 3];
    }
    for (i = 16; i < 64; i++) {
        uint32_t s0 = rotate_right(w[i - 15], 7) ^ rotate_right(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = rotate_right(w[i - 2], 17) ^ rotate_right(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    a = state[0]; b = state[1]; c = state[2]; d = state[3];
    e = state[4]; f = state[5]; g = state[6]; h = state[7];
    for (i = 0; i < 64; i++) {
        uint32_t s1 = rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25);
        uint32_t choice = (e & f) ^ (~e & g);
        uint32_t t1 = h + s1 + choice + ROUND_CONSTANTS[i] + w[i];
        uint32_t s0 = rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22);
        uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = s0 + majority;
        h = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

/* The digest of `len` bytes of `data` as 64 hex digits and a NUL in `hex`. */
static void sha256_hex(const unsigned char *data, size_t len, char hex[65])
{
    static const char DIGITS[] = "0123456789abcdef";
    uint32_t state[8] = { 0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                          0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u };
    unsigned char tail[128];
    size_t full = len - len % 64, rest = len % 64, tail_len, i;
    uint64_t bits = (uint64_t)len * 8u;
    for (i = 0; i < full; i += 64) compress(state, data + i);
    /* the last bytes, the 0x80 marker, zeros and the length in bits fill
     * one block, or two when fewer than 9 bytes are left in the first */
    memset(tail, 0, sizeof tail);
    if (rest > 0) memcpy(tail, data + full, rest);
    tail[rest] = 0x80;
    tail_len = rest + 9 <= 64 ? 64 : 128;
    for (i = 0; i < 8; i++) tail[tail_len - 1 - i] = (unsigned char)(bits >> (8 * i));
    compress(state, tail);
    if (tail_len == 128) compress(state, tail + 64);
    for (i = 0; i < 32; i++) {
        unsigned byte = (unsigned)(state[i / 4] >> (24 - 8 * (i % 4))) & 0xffu;
        hex[2 * i] = DIGITS[byte >> 4];
        hex[2 * i + 1] = DIGITS[byte & 0x0fu];
    }
    hex[64] = '\0';
}

static int l_sha256(lua_State *L)
{
    size_t len;
    const char *data = luaL_checklstring(L, 1, &len);
    char hex[65];
    sha256_hex((const unsigned char *)data, len, hex);
    lua_pushlstring(L, hex, 64);
    return 1;
}

int luaopen_compact_core_digest(lua_State *L)
{
    lua_newtable(L);
    lua_pushcfunction(L, l_sha256);
    lua_setfield(L, -2, "sha256");
    return 1;
}
