/* files.c: the file-system calls Lua's io cannot make: a temporary file
 * created exclusively (O_CREAT|O_EXCL|O_NOFOLLOW) beside an output file,
 * under an unpredictable name, with the output file's mode; a file's
 * identity; cutting a file back to a size.
 *
 *   core.output_temp(path) -> temp, target | nil, message
 *   core.file_id(path)     -> "dev:ino" | nil
 *   core.truncate(path, size) -> true | nil, message
 *
 * `target` is the file to rename `temp` over: `path` itself, or, when `path`
 * is a symbolic link, the file the link points to (the link is kept, its
 * target is written). A dangling link is refused. The temp file is created
 * empty and closed; the caller writes it and renames it over `target`. */
#if !defined(_WIN32) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* realpath, lstat, fchmod, O_NOFOLLOW */
#endif
#include "parts.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#endif

#ifndef O_NOFOLLOW
#define O_NOFOLLOW 0
#endif
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

#define TEMP_ATTEMPTS 64

/* 64 unpredictable bits: /dev/urandom, or (without it) a mix of the clock,
 * the process id, a counter and an address. */
static unsigned long long random_bits(void)
{
    static unsigned long long counter = 0;
    unsigned long long bits = 0;
#if !defined(_WIN32)
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t got = read(fd, &bits, sizeof bits);
        close(fd);
        if (got == (ssize_t)sizeof bits) return bits;
    }
    bits ^= (unsigned long long)getpid() << 32;
#endif
    counter++;
    bits ^= (unsigned long long)time(NULL) * 0x9E3779B97F4A7C15ULL;
    bits ^= (unsigned long long)clock() << 16;
    bits ^= (unsigned long long)(size_t)&counter;
    bits ^= counter * 0xBF58476D1CE4E5B9ULL;
    bits ^= bits >> 31;
    return bits;
}

static int push_failure(lua_State *L, int err)
{
    return compact_fail(L, "%s", strerror(err));
}

#if !defined(_WIN32)
static int output_temp(lua_State *L)
{
    size_t len;
    const char *path = luaL_checklstring(L, 1, &len);
    const char *target = path;
    char *resolved = NULL;
    struct stat st;
    int have_mode = 0, i;
    mode_t mode = 0666;
    luaL_Buffer name;
    const char *slash;
    size_t dir_len;

    if (len == 0 || strlen(path) != len) {
        return compact_fail(L, "expected a file name without NUL bytes");
    }
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        resolved = realpath(path, NULL);
        if (resolved == NULL) {
            int err = errno;
            return compact_fail(L, "%s: a symbolic link whose target cannot be resolved (%s)", path, strerror(err));
        }
        target = resolved;
    }
    if (stat(target, &st) == 0) {
        mode = st.st_mode & 07777 & ~(mode_t)(S_ISUID | S_ISGID);
        have_mode = 1;
    }
    /* the result: temp, then target (as a Lua string, `resolved` freed) */
    lua_pushstring(L, target);
    free(resolved);
    target = lua_tostring(L, -1);
    slash = strrchr(target, '/');
    dir_len = slash ? (size_t)(slash - target) + 1 : 0;
    for (i = 0; i < TEMP_ATTEMPTS; i++) {
        char hex[17];
        const char *temp;
        int fd;
        unsigned long long bits = random_bits();
        int k;
        for (k = 0; k < 16; k++) {
            hex[k] = "0123456789abcdef"[bits & 15];
            bits >>= 4;
        }
        hex[16] = '\0';
        luaL_buffinit(L, &name);
        luaL_addlstring(&name, target, dir_len);
        luaL_addchar(&name, '.');
        luaL_addstring(&name, target + dir_len);
        luaL_addstring(&name, ".compact-");
        luaL_addstring(&name, hex);
        luaL_addstring(&name, ".tmp");
        luaL_pushresult(&name);
        temp = lua_tostring(L, -1);
        fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, have_mode ? mode : (mode_t)0666);
        if (fd < 0) {
            int err = errno;
            if (err == EEXIST) {
                lua_pop(L, 1);
                continue;
            }
            return push_failure(L, err);
        }
        /* the umask applied to open's mode: the output keeps its old mode */
        if (have_mode && fchmod(fd, mode) != 0) {
            int err = errno;
            close(fd);
            remove(temp);
            return push_failure(L, err);
        }
        if (close(fd) != 0) {
            int err = errno;
            remove(temp);
            return push_failure(L, err);
        }
        lua_insert(L, -2); /* temp, target */
        return 2;
    }
    return compact_fail(L, "%s: no free temporary name after %d attempts", target, TEMP_ATTEMPTS);
}

/* core.file_id(path) -> "dev:ino" of the file path names (links followed),
 * or nil when it does not exist: two names of one file have one id. */
static int file_id(lua_State *L)
{
    size_t len;
    const char *path = luaL_checklstring(L, 1, &len);
    struct stat st;
    if (strlen(path) != len || stat(path, &st) != 0) {
        lua_pushnil(L);
        return 1;
    }
    {
        /* integers in full: lua_pushfstring's %f is "%.14g", under which
         * two inode numbers above 10^14 that differ in their last digits
         * (64-bit inode file systems) would print alike */
        char id[48];
        snprintf(id, sizeof id, "%llu:%llu", (unsigned long long)st.st_dev, (unsigned long long)st.st_ino);
        lua_pushstring(L, id);
    }
    return 1;
}

/* core.truncate(path, size) -> true, or nil and a message: cuts a file back
 * to `size` bytes (an append that failed part-way is taken back). */
static int truncate_file(lua_State *L)
{
    size_t len;
    const char *path = luaL_checklstring(L, 1, &len);
    lua_Number size = luaL_checknumber(L, 2);
    if (strlen(path) != len) return compact_fail(L, "%s", "path contains a NUL byte");
    /* (the range is checked before the cast: a float out of an integer's
     * range converts to no defined value) */
    if (!(size >= 0 && size <= 9007199254740992.0) || (lua_Number)(long long)size != size)
        return compact_fail(L, "%s", "size must be a whole number of bytes, 0 to 2^53");
    /* (a 32-bit off_t holds less: refused, not cut to a wrapped size) */
    if (sizeof(off_t) < sizeof(long long) && size > 2147483647.0)
        return compact_fail(L, "%s", "size too large for this platform's file offsets");
    if (truncate(path, (off_t)(long long)size) != 0) return push_failure(L, errno);
    lua_pushboolean(L, 1);
    return 1;
}
#else
static int file_id(lua_State *L)
{
    lua_pushnil(L);
    return 1;
}

static int truncate_file(lua_State *L)
{
    return compact_fail(L, "%s", "truncating files is not supported on this platform");
}

static int output_temp(lua_State *L)
{
    (void)random_bits;
    (void)push_failure;
    return compact_fail(L, "exclusive temporary files are not supported on this platform");
}
#endif

int luaopen_compact_core_files(lua_State *L)
{
    lua_newtable(L);
    lua_pushcfunction(L, output_temp);
    lua_setfield(L, -2, "output_temp");
    lua_pushcfunction(L, file_id);
    lua_setfield(L, -2, "file_id");
    lua_pushcfunction(L, truncate_file);
    lua_setfield(L, -2, "truncate");
    return 1;
}
