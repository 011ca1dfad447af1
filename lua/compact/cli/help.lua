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

FILE is our state JSON or JSONL, a pi session (JSONL), OpenAI chat messages
JSON or Anthropic messages JSON; the format is detected from the content.
FILE - reads standard input.

Run `compact <command> --help` for the options of a command.
Exit status: 0 ok, 1 compaction or write failed, 2 usage error or bad input.
]]

HELP.stats = [[
usage: compact stats FILE [--estimator E]

Print the number of messages by role, tool calls by name, errors, estimated
tokens (total and per role; heuristic: about 4 bytes per token) and the
largest messages.

options:
  --estimator E  heuristic (default), o200k_base or cl100k_base (exact BPE)
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

Show whether the conversation would be compacted, the estimate before, the
first kept message, whether the cut splits a turn, how many messages go to
the summary, and the estimate of what is kept. No model is called.

options:
]] .. PLAN_OPTIONS

HELP.run = [[
usage: compact run FILE [--summarizer extractive|openai|anthropic] [--model M]
                        [--instructions TEXT] [-o OUT] [--record FILE] [--quiet]
                        [--keep N] [--budget N] [--ratio R] [--reserve N --window N]

Compact the conversation and write the new state JSON ({ system_prompt,
summary, messages }) to OUT or stdout. The plan, the compaction record and a
before/after line go to stderr; a progress line too when stderr is a terminal.

options:
  --summarizer S     extractive (default: offline, no key), openai or anthropic
  --model M          model for openai/anthropic (default: $COMPACT_MODEL)
  --instructions T   extra focus for the summary
  -o, --output OUT   write the state here instead of stdout (- for stdout)
  --record FILE      also write the compaction record as JSON
  --quiet            nothing on stderr but errors
]] .. PLAN_OPTIONS .. [[

environment (openai/anthropic):
  OPENAI_API_KEY, OPENAI_BASE_URL (any OpenAI-compatible server; the key is
  optional when a base URL is set), ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL,
  COMPACT_MODEL (default --model), COMPACT_TIMEOUT (seconds per request).
]]

return HELP
