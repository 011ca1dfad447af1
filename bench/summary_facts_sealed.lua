-- bench/summary_facts_sealed.lua: the sealed set for bench/summary_quality.lua,
-- to be measured once (issue #22).
--
-- Real public sessions from two repositories that no other fact list takes
-- anything from, and that no summarizer was ever run on: each list was
-- written on 2026-12-02 by reading only the raw transcript (the imported
-- messages printed as text: user messages, assistant text, tool calls with
-- their arguments, the key lines of their results), without running the
-- extractive summarizer, the bench or the `compact` command on them and
-- without reading any summary of them. Facts are in the bench's form
-- ({ label, alternative, ... }, an alternative a lowercase Lua pattern or a
-- list of patterns that must all match, `wrong` alternatives marking a fact
-- lost), with the distinctive tokens (file names, commands, numbers,
-- identifiers) rather than one wording. Paths are relative to the session's
-- working directory. Every fact was then checked, by a throwaway script
-- that calls no summarizer, to match the imported input itself (all its
-- message text, call names and arguments, and results, lowercased, plain
-- pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from these
-- mirrors (nothing of theirs is committed here), as sealed-<source>-<name>:
--
-- * Mai0313/VibeCodingTracker @ 7acc4bccbf50297043be2eae514676408f3bc9cd,
--   tests/fixtures/sessions/claude_code.jsonl ->
--   sealed-vct-claude-go-version-pydantic.jsonl: Claude Code in a Go/Python
--   repository (claude-code): unify go.mod's Go version (toolchain removed
--   after the user's correction), .python-version 3.10, hardcoded Python
--   versions, the latest Go release, two notes in Chinese, TODO.md deleted;
--   then a Pydantic Field guide through the context7 MCP tools;
-- * Mai0313/VibeCodingTracker @ 7acc4bcc, tests/fixtures/sessions/codex.jsonl
--   -> sealed-vct-codex-go-version.jsonl: Codex given the same kind of
--   request on the same repository (go.mod to 1.24, .python-version, the
--   latest Go through curl, version notes in the two Chinese READMEs,
--   TODO.md deleted), 19 tool calls;
-- * Mai0313/VibeCodingTracker @ 7acc4bcc, tests/fixtures/sessions/gemini.jsonl
--   (Gemini CLI's JSONL form) -> sealed-vct-gemini-discordbot-init.jsonl:
--   Gemini CLI's /init writing GEMINI.md for a Python Discord bot, then an
--   edit so every command is run through `uv run`;
-- * DRMacIver/claude-reliability @ 4e49f16a86de76d9b0dc3ea2b8526677abe89f52,
--   snapshot-tests/tests/python-to-rust-port/transcript.jsonl ->
--   sealed-drm-python-to-rust-port.jsonl: Claude Code porting a small
--   Python package to a Rust library (5 modules, cargo test, cargo llvm-cov
--   at 100 % lines, Justfile, Python files deleted, a commit), 39 tool calls;
-- * DRMacIver/claude-reliability @ 4e49f16a,
--   snapshot-tests/tests/coverage-test-fix/transcript.jsonl ->
--   sealed-drm-multiply-numbers.jsonl: Claude Code adding multiply_numbers
--   and its test, pytest, a commit, then .gitignore entries.
--
--   return value: function(SESSIONS) -> array of { agent, sealed = true, path, facts }

return function(SESSIONS)
  return {
    -- == Claude Code: go.mod / .python-version, notes in Chinese, then a Pydantic guide ==
    {
      agent = "claude-code", sealed = true, path = SESSIONS .. "/sealed-vct-claude-go-version-pydantic.jsonl",
      facts = {
        { "request: unify go.mod's Go version to 1.23 (usable from 1.23 up)", { "go%.mod", "1%.23" } },
        { "found: go.mod had go 1.23.0 with toolchain go1.24.3 (the mismatch asked about)", "1%.24%.3",
          { "1%.23%.0", "toolchain" } },
        { "correction: the toolchain line need not be kept (removed)", "toolchain不用保留", "移除 toolchain",
          "toolchain[^\n]*remov", "remov[^\n]*toolchain", "toolchain[^\n]*drop",
          "drop[^\n]*toolchain", "without[^\n]*toolchain", "no toolchain" },
        { "done: .python-version 3.12 -> 3.10", { "python%-version", "3%.10" } },
        { "found: other hardcoded Python versions in pyproject.toml and uv.lock (>=3.12)", "pyproject%.toml",
          { "uv%.lock", "3%.12" } },
        { "answer: the go version is set at go mod init", "go mod init" },
        { "found: the latest Go release is 1.24.6 (web search)", "1%.24%.6" },
        { "created: 版本需求說明-繁體中文.md (traditional Chinese note)", "版本需求說明", "繁體中文%.md" },
        { "created: 版本需求说明-简体中文.md (simplified Chinese note)", "版本需求说明", "简体中文%.md" },
        { "done: TODO.md deleted", "todo%.md[^\n]*刪除", "刪除[^\n]*todo%.md", "todo%.md[^\n]*删除",
          "删除[^\n]*todo%.md", "todo%.md[^\n]*delet", "delet[^\n]*todo%.md", "todo%.md[^\n]*remov",
          "remov[^\n]*todo%.md", "rm [^\n]*todo%.md" },
        { "request (after rejecting Go docs): Pydantic Field usage from its docs, saved as markdown",
          { "pydantic", "field" } },
        { "tool: context7 (resolve-library-id, get-library-docs /pydantic/pydantic)", "context7",
          "/pydantic/pydantic" },
        { "created: Pydantic_Field_Usage_Guide.md", "pydantic_field_usage_guide%.md" },
      },
    },
    -- == Codex: the same kind of request, go.mod to 1.24 ==
    {
      agent = "codex", sealed = true, path = SESSIONS .. "/sealed-vct-codex-go-version.jsonl",
      facts = {
        { "request: unify go.mod to 1.24, usable from 1.24 up", { "go%.mod", "1%.24" } },
        { "done: go.mod's go 1.24.0 -> go 1.24 (no patch version)", "1%.24%.0", "no patch" },
        { "found: .python-version was already 3.10", { "python%-version", "3%.10" } },
        { "found: other Python versions only in examples (example.py requires-python >=3.12)",
          "example%.py", "claude_code_log%.json", { "requires%-python", "3%.12" } },
        { "answer: go mod init seeds the go directive", "go mod init" },
        { "found: the latest Go is go1.25.1 (go.dev/VERSION)", "1%.25%.1" },
        { "decision: the go directive is the minimum; 1.24 or newer compilers work", "1%.24%+",
          "1%.24 or newer", "1%.24 or above", "1%.24 以上", "minimum go", "older compilers" },
        { "modified: README.zh-TW.md (版本需求說明 section)", "readme%.zh%-tw", "zh%-tw%.md" },
        { "modified: README.zh-CN.md (版本要求说明 section)", "readme%.zh%-cn", "zh%-cn%.md" },
        { "done: TODO.md deleted", "todo%.md[^\n]*delet", "delet[^\n]*todo%.md", "todo%.md[^\n]*remov",
          "remov[^\n]*todo%.md", "rm %-f todo%.md" },
        { "open: offered to scrub or reword the example files that mention Python 3.12", "scrub", "reword",
          { "example", "3%.12", "want me" } },
      },
    },
    -- == Gemini CLI: /init writes GEMINI.md for a Discord bot, then `uv run` ==
    {
      agent = "gemini-cli", sealed = true, path = SESSIONS .. "/sealed-vct-gemini-discordbot-init.jsonl",
      facts = {
        { "goal: analyze the directory and write a comprehensive GEMINI.md", { "analy[sz]", "gemini%.md" },
          { "generat", "gemini%.md" } },
        { "read: the bot's sources (discordbot/cli.py, cogs/gen_reply.py, typings/config.py)", "gen_reply%.py",
          "discordbot/cli%.py", "typings/config%.py" },
        { "found: a Python Discord bot on nextcord", "nextcord", { "discord", "bot" } },
        { "found: AI through the OpenAI SDK and a LiteLLM proxy", "litellm" },
        { "found: features (Threads parsing, yt-dlp downloads, MapleStory data)", "yt%-dlp", "maplestory",
          "楓之谷" },
        { "found: conventions: uv, ruff, tests with at least 80 % coverage", "80%%", "fail%-under=80",
          { "ruff", "coverage" } },
        { "done: GEMINI.md written", "gemini%.md[^\n]*writ", "wr[io]t[^\n]*gemini%.md", "overwr[^\n]*gemini%.md",
          "creat[^\n]*gemini%.md", "gemini%.md[^\n]*creat", "產生[^\n]*gemini%.md" },
        { "request: make sure everything runs through `uv run` to avoid environment problems", "uv run" },
        { "done: GEMINI.md's building section says uv run always, never global python/pip",
          "uv run[^\n]*pip", "pip[^\n]*uv run", "uv run[^\n]*global", "global[^\n]*uv run",
          "uv run[^\n]*全域" },
      },
    },
    -- == Claude Code: Python package ported to a Rust library, 100 % coverage ==
    {
      agent = "claude-code", sealed = true, path = SESSIONS .. "/sealed-drm-python-to-rust-port.jsonl",
      facts = {
        { "goal: port the Python project to a standalone Rust library (no Python bindings)",
          { "port", "rust" } },
        { "constraint: delete the Python sources but keep the Justfile, updated for Rust tests", "justfile" },
        { "constraint: all functions ported, tests passing, 100 % coverage", "100%%" },
        { "created: crate python_utils (cargo init --lib)", "python_utils", "cargo init" },
        { "done: math_utils.rs factorial returns NegativeInputError instead of raising",
          "negativeinputerror", "factorial[^\n]*result" },
        { "done: list_utils.rs flatten over a NestedItem<T> enum", "nesteditem" },
        { "done: dict_utils.rs invert_dict, validation.rs is_valid_email, string_utils.rs reverse_string",
          "invert_dict", "is_valid_email", "reverse_string" },
        { "test: cargo test, 29 tests pass", "29 passed", "29 tests", "29 unit tests" },
        { "coverage: cargo llvm-cov --fail-under-lines 100, 100 % lines", "llvm%-cov",
          { "100%%", "coverage" } },
        { "modified: Justfile (check = cargo llvm-cov, test = cargo test, lint = clippy, format = cargo fmt)",
          "justfile[^\n]*cargo", "cargo[^\n]*justfile" },
        { "done: just lint (clippy -D warnings) and just format run clean", "clippy" },
        { "deleted: the Python sources (src/*.py, tests/)", "delet[^\n]*%.py", "%.py[^\n]*delet",
          "delet[^\n]*tests/", "rm [^\n]*%.py" },
        { "deleted: pyproject.toml and uv.lock", "pyproject%.toml", "uv%.lock" },
        { "commit: 7e2d976 Port Python utility library to Rust", "7e2d976",
          "port python utility library to rust" },
        { "state: done, working tree clean", "working tree clean", "fully ported", "port is complete" },
      },
    },
    -- == Claude Code: multiply_numbers and its test, pytest, commit, .gitignore ==
    {
      agent = "claude-code", sealed = true, path = SESSIONS .. "/sealed-drm-multiply-numbers.jsonl",
      facts = {
        { "goal: multiply_numbers(a: int, b: int) -> int with a test", "multiply_numbers" },
        { "modified: src/math_utils.py", "src/math_utils%.py" },
        { "modified: tests/test_math_utils.py (test_multiply_numbers)", "test_math_utils%.py",
          "test_multiply_numbers" },
        { "test: pytest, 2 passed", "2 passed", "pytest[^\n]*pass", "tests? pass" },
        { "commit: 6322cf4 Add multiply_numbers function with test", "6322cf4",
          "add multiply_numbers function with test" },
        { "done: .gitignore gains __pycache__/, *.pyc and .coverage", "gitignore[^\n]*pycache",
          "pycache[^\n]*gitignore", "gitignore[^\n]*%.coverage", "gitignore[^\n]*%.pyc" },
        { "failed: committing .gitignore: nothing to commit (already committed by a hook)", "nothing to commit",
          "already committed" },
        { "state: working tree clean, task complete", "working tree clean", "tree is clean",
          "task is complete" },
      },
    },
  }
end
