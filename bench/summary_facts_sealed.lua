-- bench/summary_facts_sealed.lua: the sealed set for bench/summary_quality.lua,
-- to be measured once (issue #22).
--
-- Real public sessions from three repositories that no other fact list takes
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
-- * Mai0313/claude-code @ 42fff354f157e65197b90d2e1a9b189fa7532971 (still at
--   HEAD 4858ce3d), examples/original/<project>/<id>.jsonl: main transcripts
--   copied from ~/.claude/projects, as sealed-mcc-<name>.jsonl:
--   - -Users-mtk19651-project-azure-gateway/993f96a3-a436-4457-9a26-e2afbc6525a2.jsonl
--     -> sealed-mcc-azure-gateway-gcp-rates.jsonl: 13 requests on a Go AI
--     gateway: GCP Gemini rates in internal units, the user's cost rule, DEBUG
--     prints removed, a commit, failing test expectations fixed, a second
--     commit, the push refused;
--   - -Users-mtk19651-project-azure-gateway/78883d06-4dd6-4fe1-82bc-5774f06d4807.jsonl
--     -> sealed-mcc-azure-gateway-gemini-spendfn.jsonl: a Gemini spend
--     function, moved out of main.go into a gemini/ package with per-model
--     prices, then a test suite, 118 tool calls, two tests still failing;
--   - -Users-mtk19651-project-azure-gateway/f68ddc4a-96d9-41f5-a93d-5c1d0c47a837.jsonl
--     -> sealed-mcc-azure-gateway-quota-test.jsonl: quota_test.go not
--     compiling against rueidis, some 35 test runs, rewritten to a key
--     normalization test, passing, committed;
--   - -Users-mtk19651-project-gaia-data-visualization-mcp/156c03c2-0d70-422b-ba99-3ad72d29e6b1.jsonl
--     -> sealed-mcc-data-viz-mcp-cacert.jsonl: cacert.pem into a Docker
--     image's certifi path, moved to certs/, committed.
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
    -- == Claude Code: GCP Gemini rates fixed, DEBUG logs removed, test expectations, two commits ==
    {
      agent = "claude-code", sealed = true, path = SESSIONS .. "/sealed-mcc-azure-gateway-gcp-rates.jsonl",
      facts = {
        { "request: the Gemini rates in gcp/models.go are wrong: gemini-2.5-pro input 125, output 1000, like AWS/Azure",
          { "models%.go", "125" }, { "0%.000125", "125" } },
        { "constraint: cost is tokens * rate directly, no division by 1000000 and no +0.5 rounding",
          "1000000", "1,000,000", "0%.5", "四捨五入", "direct[^\n]*multipl" },
        { "modified: gcp/spendfn.go (CalculateTieredCost, the estimates)", "gcp/spendfn%.go", "calculatetieredcost" },
        { "modified: gcp/utils.go (LogModelUsage)", "gcp/utils%.go", "logmodelusage" },
        { "decision: the large costs in the user's log are by design, no change", "不用改", "by design",
          "系統設計", "designed" },
        { "done: the [DEBUG] prints removed from gcp/", "debug[^\n]*remov", "remov[^\n]*debug", "移除[^\n]*debug",
          "debug[^\n]*移除" },
        { "constraint: commit messages in English", "英文", "english" },
        { "commit: 701f34d feat: add comprehensive Google Gemini model support with spend tracking", "701f34d",
          "add comprehensive google gemini model support" },
        { "failed: go test -tags sqlite, expectations 62 vs 62500000 (the old divided rates)", "62500000" },
        { "fixed: expectations in gcp/tiered_pricing_test.go and gcp/spendfn_test.go",
          "tiered_pricing_test%.go", "spendfn_test%.go" },
        { "test: go test ./gcp/... passes", "go test[^\n]*pass", "tests? pass", "通過", "all gcp tests" },
        { "commit: 6beb939 fix: correct GCP Gemini test expectations (branch GAIA-461)", "6beb939",
          "correct gcp gemini test expectations" },
        { "open: git push not done (rejected by the user)", "push[^\n]*reject", "reject[^\n]*push",
          "not pushed", "push[^\n]*interrupt", "push[^\n]*not",
          { "git push", "rejected" } },
      },
    },
    -- == Claude Code: Gemini spend function, moved into gemini/, then a test suite ==
    {
      agent = "claude-code", sealed = true, path = SESSIONS .. "/sealed-mcc-azure-gateway-gemini-spendfn.jsonl",
      facts = {
        { "request: a spend function for the Gemini endpoints (it was empty)", { "gemini", "spendfn" },
          { "gemini", "spend fun" } },
        { "done first: geminiSpend in cmd/mlop-azure-gateway/main.go, after aoaiSpend", "geminispend",
          "aoaispend" },
        { "request: move the Gemini spend function out of main.go into its own folder like awsclaude",
          "awsclaude" },
        { "request: more models than gemini-pro (Gemini 2.5 Pro/Flash, ...) with their prices",
          "gemini 2%.5", "gemini%-2%.5", "2%.5 pro", "2%.5 flash" },
        { "created: gemini/models.go, gemini/spendfn.go, gemini/utils.go", "gemini/spendfn%.go",
          "gemini/models%.go", "gemini/utils%.go" },
        { "decision: one smart SpendFn picking the model from the request (SpendFnGeminiSmart)",
          "spendfngeminismart", "smart spendfn", "smart spend" },
        { "done: main.go's gemini endpoints (geminiRegions) use the new SpendFn", "geminiregions",
          { "main%.go", "gemini%." } },
        { "created: gemini/README.md", "gemini/readme%.md" },
        { "request: add tests (幫我補一下測試程式)", "補一下測試", "add tests", "test suite", "测试套件" },
        { "created: gemini/models_test.go, spendfn_test.go, utils_test.go, integration_test.go",
          "models_test%.go", "spendfn_test%.go", "utils_test%.go", "integration_test%.go" },
        { "created: gemini/testhelpers.go (mocks), test_suite_test.go, run_tests.sh", "testhelpers%.go",
          "test_suite_test%.go", "run_tests%.sh" },
        { "fixed: compile errors, mock QuotaClient signatures (Alert, GetCap, GetLimit) and unused imports",
          "getcap", "getlimit", { "alert", "signature" }, "unused import" },
        { "state: go test ./gemini -short still fails TestModelSwitchingIntegration and TestUtilsEdgeCases",
          "testmodelswitchingintegration", "testutilsedgecases" },
      },
    },
    -- == Claude Code: quota_test.go would not build against rueidis; rewritten, passing, committed ==
    {
      agent = "claude-code", sealed = true, path = SESSIONS .. "/sealed-mcc-azure-gateway-quota-test.jsonl",
      facts = {
        { "request: quota/quota_test.go fails to run, check it", "quota/quota_test%.go", "quota_test%.go" },
        { "error: the mocks do not match rueidis (undefined: rueidis.IncrbyBuilder, ...)", "incrbybuilder",
          "multibuilder", { "rueidis", "undefined" } },
        { "mishap: a Write overwrote quota_test.go with one function; restored with git checkout",
          "git checkout", "expected 'package'", "overwr" },
        { "decision: Redis client mocking dropped; the test checks only uppercase key normalization",
          "testuppercasekeynormalization", "uppercase[^\n]*normaliz", "normaliz[^\n]*uppercase" },
        { "test: go test quota/quota_test.go ok (run twice at the user's request)", "quota_test%.go[^\n]*pass",
          "quota_test%.go[^\n]*ok", "tests? pass" },
        { "commit: 19d5aa9 test(quota): Simplify username key normalization test", "19d5aa9",
          "simplify username key normalization test" },
        { "branch: GAIA-533", "gaia%-533" },
        { "state: go.mod and go.sum changed too (go get rueidis)", "go%.sum", "go get" },
      },
    },
    -- == Claude Code: cacert.pem into the Docker image's certifi path, moved to certs/, committed ==
    {
      agent = "claude-code", sealed = true, path = SESSIONS .. "/sealed-mcc-data-viz-mcp-cacert.jsonl",
      facts = {
        { "goal: the Dockerfile puts cacert.pem at ~appuser/.local/lib/python3.11/site-packages/certifi/",
          "certifi/cacert%.pem", "site%-packages/certifi" },
        { "constraint: consider whether that path exists (create it)", "mkdir %-p[^\n]*certifi",
          "create[^\n]*director", "路徑是否存在", "doesn't exist", "not exist" },
        { "modified: Dockerfile", "dockerfile" },
        { "request: cacert.pem at the repository root is odd, give it a folder", { "root", "cacert" },
          "根目錄" },
        { "done: certs/ created, cacert.pem moved to certs/cacert.pem", "certs/cacert%.pem", "certs/" },
        { "done: the Dockerfile copies certs/cacert.pem (COPY --chown)", "copy %-%-chown",
          "copy[^\n]*certs/" },
        { "commit: 1a0c5a4 feat: move cacert.pem to dedicated certs folder and update Dockerfile", "1a0c5a4",
          "move cacert%.pem to dedicated certs folder" },
        { "state: master one commit ahead of origin, not pushed", "ahead of", "領先", "not pushed",
          "not yet pushed", "unpushed" },
      },
    },
  }
end
