--- The help texts of the `compact` command: `compact --help` and
-- `compact <command> --help` print them, and usage errors repeat the
-- command's. Internal to `compact.cli`.
-- @module compact.cli.help

local HELP = {}

HELP.main = [[
usage: compact <command> [options] FILE

Compact an LLM conversation: keep the recent messages and replace the older
ones with a summary.

commands:
  stats FILE   messages by role, tool calls, estimated tokens, largest messages
  plan FILE    where a compaction would cut, and tokens before/after (no model)
  run FILE     compact and write the new state (summary + kept messages) as JSON
  recall ARCHIVE QUERY
               search the originals `run --archive` kept (one hit a line:
               #ID [role] snippet); --id N prints one original as JSON

FILE is our state JSON or JSONL, a pi session (JSONL), a Claude Code
transcript (~/.claude/projects/*/*.jsonl), a Codex rollout
(~/.codex/sessions/.../rollout-*.jsonl), a Gemini CLI session (JSON), OpenAI
Chat or Responses JSON, or Anthropic messages JSON; the format is detected
from the content (--from forces one). FILE - reads standard input. Imports
repair tool calls without results and results without calls, and say so on
stderr.

options of every command:
  --max-input-bytes N   read at most N bytes of FILE (default 1 GiB)
  --strict              a torn last JSONL line is an error (default: skipped
                        with a warning)
  --estimator NAME      heuristic (default), or a tokenizer such as o200k_base
                        or cl100k_base when this build has tokenizers
  --from FORMAT         read FILE as this format instead of detecting it:
                        state, jsonl, pi, openai, anthropic, responses,
                        claude-code, codex or gemini-cli

Run `compact <command> --help` for the options of a command.
Exit status: 0 ok, 1 compaction or write failed (existing files unchanged),
2 usage error or bad input, 3 `run` wrote a result still over the budget.
]]

HELP.stats = [[
usage: compact stats FILE [--estimator E]

Print the working directory (when the file records one), the number of
messages by role, tool calls by name, the tool pairs the import repaired,
errors, estimated tokens (total and per role, by the
content-aware heuristic unless --estimator says otherwise) and the largest
messages. When the file records the provider's token count, print it beside
the estimate and the calibrated estimate (the estimate scaled by provider /
estimate up to the reply that reported it).

Also takes --max-input-bytes, --strict, --estimator and --from (see
`compact --help`).
]]

local PLAN_OPTIONS = [[
  --keep N       tokens of recent messages to keep verbatim (default 20000)
  --budget N     input token budget; compaction triggers above N * ratio
  --ratio R      trigger ratio (default 1.0; may exceed 1.0)
  --window N     the model's context window; budget = window - reserve
  --reserve N    tokens reserved for the answer with --window (default 4000)
  --estimator E  heuristic (default), o200k_base or cl100k_base (exact BPE)
Without --budget or --window, compaction is planned unconditionally.
]]

HELP.plan = [[
usage: compact plan FILE [--keep N] [--budget N] [--ratio R] [--reserve N --window N]

Show whether the conversation would be compacted, the estimate it decided
on (anchored on the provider's count when the file has one, and which it
used), the first kept message, whether the cut splits a turn, how many
messages go to the summary, and the estimate of what is kept. No model is
called.

options:
]] .. PLAN_OPTIONS

HELP.run = [[
usage: compact run FILE [--summarizer extractive|openai|anthropic] [--model M]
                        [--instructions TEXT] [-o OUT] [--record FILE] [--quiet]
                        [--format F | --append] [--fit] [--archive FILE] [--conversation ID]
                        [--keep N] [--budget N] [--ratio R] [--reserve N --window N]

Compact the conversation and write it (summary + kept messages) to OUT or
stdout, in FILE's format unless --format says otherwise (Claude Code, Codex
and Gemini CLI sessions are written as our state JSON). Files are written
whole or not at all (a temporary file beside each, then renamed). The plan,
the compaction record and a before/after line go to stderr; a progress line
too when stderr is a terminal. Exit status 3 when what was written, or what
could not be compacted, is over --budget / --window.

options:
  --summarizer S     extractive (default: offline, no key), openai or anthropic
  --model M          model for openai/anthropic (default: $COMPACT_MODEL)
  --instructions T   extra focus for the summary
  -o, --output OUT   write here instead of stdout (- for stdout)
  --record FILE      also write the compaction record as JSON
  --format F         state, openai, responses, anthropic or pi
  --append           FILE is a pi session: add a compaction entry to it (or
                     to a copy at OUT), as pi itself does
  --fit              with --budget/--window: keep less, shorten old tool
                     results, then cut the newest turn's oversized messages
                     until the result fits
  --archive FILE     keep every summarized or cut message in this SQLite
                     archive (created if missing) before replacing it;
                     `compact recall FILE WORDS` searches it
  --conversation ID  the archive's conversation (default: FILE's base name)
  --quiet            nothing on stderr but errors

model summarizers (openai, anthropic):
  --max-input-tokens N   split the history into calls of at most N tokens
  --max-output-tokens N  the summary's token limit
  --fallback extractive  write an extractive summary when the model fails
]] .. PLAN_OPTIONS .. [[

environment (openai/anthropic):
  OPENAI_API_KEY, OPENAI_BASE_URL (any OpenAI-compatible server; the key is
  optional when a base URL is set), ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL,
  COMPACT_MODEL (default --model), COMPACT_TIMEOUT (seconds per request).
]]

HELP.recall = [[
usage: compact recall ARCHIVE QUERY [--conversation ID] [--limit N]
       compact recall ARCHIVE --id N [--conversation ID]

Search an archive written by `compact run --archive ARCHIVE` for the
messages a compaction replaced. QUERY is words (punctuation is ignored); a
message matching more of them ranks higher. Hits print one a line, best
first, as `#ID [role] snippet`. --id N prints message #N as it was
archived (state JSON). ARCHIVE is opened read-only: it is never created or
changed, and a file that is not an archive is refused.

options:
  --conversation ID  the conversation to search (default: the only one the
                     archive holds; required when it holds several)
  --limit N          at most N hits (1-100, default 5)
  --id N             print the original of message #N

Exit status: 0 ok (also without a hit), 1 the archive failed or this build
has no SQLite (compact.sqlite), 2 usage error or an unreadable ARCHIVE.
]]

return HELP
