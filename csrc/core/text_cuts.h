/* text_cuts.h: where a byte-limited cut of text may fall: never inside a
 * UTF-8 sequence, preferably after a newline or a space near the limit, and
 * the line arithmetic the cut markers report. Static functions, included by
 * the one part that cuts (records.c), so the core keeps a single exported
 * symbol per part. */
#ifndef COMPACT_TEXT_CUTS_H
#define COMPACT_TEXT_CUTS_H

#include <stddef.h>

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

/* A byte-limited head cut at `end` moved back to just after a newline in
 * the last BOUNDARY_LINE bytes, else to a space in the last BOUNDARY_WORD
 * bytes, else left (then only the UTF-8 boundary applies). */
#define BOUNDARY_LINE 512
#define BOUNDARY_WORD 96

static size_t head_soft_boundary(const char *s, size_t end)
{
    size_t k;
    for (k = 0; k < BOUNDARY_LINE && k + 1 < end; k++)
        if (s[end - 1 - k] == '\n')
            return end - k;
    for (k = 0; k < BOUNDARY_WORD && k + 1 < end; k++)
        if (s[end - 1 - k] == ' ')
            return end - k;
    return end;
}

/* A byte-limited tail cut at `start` moved forward to just after a newline
 * in the next BOUNDARY_LINE bytes, else after a space in the next
 * BOUNDARY_WORD bytes. */
static size_t tail_soft_boundary(const char *s, size_t n, size_t start)
{
    size_t k;
    for (k = 0; k < BOUNDARY_LINE && start + k + 1 < n; k++)
        if (s[start + k] == '\n')
            return start + k + 1;
    for (k = 0; k < BOUNDARY_WORD && start + k + 1 < n; k++)
        if (s[start + k] == ' ')
            return start + k + 1;
    return start;
}

#endif
