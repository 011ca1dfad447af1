-- bench/summary_facts_sealed4.lua: a fourth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the sealed,
-- sealed2 or sealed3 sets' sessions, nor of the held-out, check and final
-- sets'), and that no summarizer was ever run on: each list was written on
-- 2026-12-02 by reading only the raw transcript (the imported messages
-- printed as text: user messages, assistant text, tool calls with their
-- arguments, the key lines of their results), without running the
-- extractive summarizer, the bench or the `compact` command on them and
-- without reading any summary of them. Facts are in the bench's form
-- ({ label, alternative, ... }, an alternative a lowercase Lua pattern or a
-- list of patterns that must all match, `wrong` alternatives marking a fact
-- lost), with the distinctive tokens (file names, commands, commit hashes,
-- identifiers) rather than one wording. Paths are relative to the session's
-- working directory. Every (right) alternative was then checked, by a
-- throwaway script that calls no summarizer, to match the imported input
-- itself (all its message text, call names and arguments, and results,
-- lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed4-<source>-<name>.
--
-- Six Claude Code main transcripts of one Go LLM API gateway
-- (/Users/mtk19651/project/azure-gateway), the only project folder of the
-- source with sessions of real work left in 50 KB - 1 MB (the others hold
-- sessions of a few lines, or one of 1.6 MB), picked to differ in task:
-- Mai0313/claude-code @ 4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21,
-- examples/original/-Users-mtk19651-project-azure-gateway/<id>.jsonl, copied
-- from ~/.claude/projects:
--
-- * 2615a21a-79c8-4b2e-b842-5ae40f02ad86.jsonl -> sealed4-mcc-azure-models-commit.jsonl
--   (34 messages): the new azure/ package read, then a commit of the
--   user's staged files (2250a4f), not pushed;
-- * b8219ab9-2c6c-474e-9d07-e94711138f4f.jsonl -> sealed4-mcc-aoai-spendfn-move.jsonl
--   (118 messages, many requests): main.go's AOAI spend functions moved
--   into azure/spendfn.go after awsclaude/'s layout, a commit, the user's
--   failing `make test` (main_test.go's Message undefined), its fix, a
--   commit the user wanted without `git add`;
-- * e3ea5457-98b1-4deb-b6be-9dea5dd3e107.jsonl -> sealed4-mcc-gemini-url-apiversion.jsonl
--   (65 messages, 7 requests): Gemini URLs lose the API version segment
--   after the region (v1beta1 only, then a regex again), a commit, then
--   tests for the patch, not committed;
-- * dfd86a34-4424-480d-8cb4-fc29da9e531f.jsonl -> sealed4-mcc-gcp-usage-parse.jsonl
--   (58 messages): gcp/spendfn.go parses the OpenAI-style `usage` of
--   stream and non-stream responses; a provider 403 and a retry;
-- * e2a6da26-f1b2-4c7b-baf9-7c4fa478678a.jsonl -> sealed4-mcc-gcp-audio-removal.jsonl
--   (53 messages): AudioInputTokens removed from gcp/models.go and its
--   tests, the build refused, a last request left unanswered;
-- * 5ea0512a-8a4e-419a-b3c3-d8352b78fe60.jsonl -> sealed4-mcc-main-commented-code.jsonl
--   (43 messages): why main.go has so much commented out, then removing
--   it, cut short by an API timeout.
--
-- And a Codex rollout and a Gemini CLI session from a source no other list
-- uses, codemie-ai/codemie-code @ 8e8d4ce5ad2dfae14cb26caf5d3cddebee929990
-- (its test fixtures: real sessions of its developers, some user names replaced):
--
-- * src/agents/plugins/codex/__tests__/fixtures/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl
--   -> sealed4-codemie-codex-opencode-compaction.jsonl (171 messages, Codex
--   Desktop with exec_command/write_stdin/apply_patch): OpenCode's default
--   context compaction threshold set to 0.9 in the generated config, a
--   failing test first, then the test file and the build pass, not committed;
-- * tests/integration/metrics/fixtures/gemini/session-2026-01-16T11-01-file-ops-37b7abef.json
--   -> sealed4-codemie-gemini-review-hello.json (28 messages, 5 requests):
--   a review of the repository for adaptability and security (a sub-agent,
--   SECURITY.md, the pre-commit hook), then hello.md created and edited.
--   Its sibling rollout-2026-05-11T13-28-45-...jsonl was left out: it
--   imports without its user messages (they are event_msg user_message
--   records only).
--
--   return value: function(SESSIONS) -> array of { agent, sealed4 = true, path, facts }

return function(SESSIONS)
  return {
    -- == the azure/ package read, then a commit of the staged files ==
    {
      agent = "claude-code", sealed4 = true, path = SESSIONS .. "/sealed4-mcc-azure-models-commit.jsonl",
      facts = {
        { "context: the new azure/ package explored (models.go, config.go, README.md)",
          { "azure/models%.go", "azure/config%.go" }, { "models%.go", "config%.go", "readme" } },
        { "request: just make a git commit, the user already ran git add", "請直接給我一個git commit",
          "我已經git add了", { "git commit", "git add" } },
        { "commit 2250a4f", "2250a4f" },
        { "commit subject: refactor(azure): extract Azure OpenAI model configurations into reusable package",
          "extract azure openai model configurations", { "refactor%(azure%)", "model configurations" } },
        { "committed: new azure/models.go, azure/config.go, azure/models_test.go, azure/utils.go",
          { "models_test%.go", "utils%.go" } },
        { "committed: cmd/mlop-azure-gateway/main.go simplified (builders replace inline config)",
          "cmd/mlop%-azure%-gateway/main%.go", { "main%.go", "builder" } },
        { "commit size: 6 files changed, 1253 insertions, 470 deletions", "1253 insertions",
          { "6 files changed", "470 deletions" } },
        { "main.go now calls azure.BuildAOAIDispatchers / BuildAOAIFallback / BuildCognitiveEndpoints",
          "buildaoaidispatchers", "buildaoaifallback", "buildcognitiveendpoints" },
        { "state: branch main one commit ahead of origin/main, not pushed", { "origin/main", "git push" },
          { "領先", "1 個提交" } },
        { "models.go holds 40+ Azure OpenAI models with pricing and weighted regional deployments",
          "40%+ azure openai models", { "regional", "weight" } },
      },
    },
    -- == AOAI spend functions moved from main.go into azure/spendfn.go, test fix, commits ==
    {
      agent = "claude-code", sealed4 = true, path = SESSIONS .. "/sealed4-mcc-aoai-spendfn-move.jsonl",
      facts = {
        { "request: move main.go's Azure (AOAI) spend functions into azure/, after awsclaude/'s structure",
          "spned func", { "awsclaude", "azure/", "spend" }, "搬到 @azure/" },
        { "reason: the user will integrate them later", "之後要做整合", { "future", "integration" } },
        { "file created: azure/spendfn.go", "azure/spendfn%.go" },
        { "moved: AoaiResp, DalleReq, Message, StreamBody types and errors into azure",
          { "aoairesp", "dallereq" }, { "azure%.message", "azure%.streambody" } },
        { "new functions: AoaiSpendFn, DalleSpendFn, WhisperSpendFn, TTSSpendFn", "aoaispendfn",
          { "whisperspendfn", "ttsspendfn" } },
        { "edited: cmd/mlop-azure-gateway/main.go and overrideMiddleware.go (azure. prefixes, import)",
          "overridemiddleware%.go", { "main%.go", "azure%.domainnotallowed" } },
        { "commit 5aab85d: refactor(azure): extract Azure OpenAI spend functions into reusable package",
          "5aab85d", "extract azure openai spend functions" },
        { "constraint: only run git commit, the user stages (git add -A rejected)", "我只要你下 git commit",
          "請幫我下 git commit 就好", "我已經git add 了", { "git add %-a", "rejected" } },
        { "error: make test failed, main_test.go: undefined: Message (type moved to azure)",
          { "main_test%.go", "undefined: message" }, { "undefined: streambody" } },
        { "fix: main_test.go uses azure.Message and azure.StreamBody, imports azure",
          { "main_test%.go", "azure%.message" }, { "main_test%.go", "azure%.streambody" } },
        { "verdict: go test -race ./... passes", { "go test %-race", "pass" }, { "%-race", "通過" },
          { "pass", "testcounttoken" } },
        { "commit 7149177 on GAIA-566: fix(test): update main_test.go to use azure package types",
          "7149177", "update main_test%.go to use azure package types" },
      },
    },
    -- == Gemini URLs without the API version segment, a commit, tests for it ==
    {
      agent = "claude-code", sealed4 = true, path = SESSIONS .. "/sealed4-mcc-gemini-url-apiversion.jsonl",
      facts = {
        { "request: the Gemini branch of cmd/mlop-azure-gateway/main.go must drop API versions like v1beta1",
          { "mtk%-aide%-gemini%-poc/locations", "v1beta1" }, { "cmd/mlop%-azure%-gateway/main%.go", "v1beta1" } },
        { "example: .../locations/global/v1beta1/publishers/... becomes .../locations/global/publishers/...",
          "locations/global/v1beta1/publishers",
          { "global", "publishers/google/models/gemini%-2%.5%-pro:counttokens" } },
        { "the version segment sits after the region", "after region", { "region", "remainingpath" } },
        { "user then asked: back to a regex for v1beta1, v2beta1, v1alpha, v2alpha2; paths without a version untouched",
          "用正哲表示", { "v2alpha2", "v2beta1" }, { "正則", "v1alpha" } },
        { "regex: ^v\\d+(alpha|beta)\\d*$", "%^v\\d%+%(alpha|beta%)", "alpha|beta" },
        { "paths without an API version stay unchanged", "沒有api version", "保持原樣",
          { "without api version", "unchanged" } },
        { "commit 713f51e: fix(GAIA-462): remove API version segments from Gemini URLs", "713f51e",
          "gaia%-462", "remove api version segments from gemini urls" },
        { "request: generate a test verifying the patch", "可以幫我產生 test", { "test", "patch" } },
        { "tests added to cmd/mlop-azure-gateway/main_test.go: TestGeminiAPIVersionRemoval and RegexPattern",
          "testgeminiapiversionremoval", "testgeminiapiversionregexpattern" },
        { "error: unused imports net/http/httptest and gin in main_test.go, removed",
          { "httptest", "imported and not used" }, { "gin%-gonic/gin", "imported and not used" } },
        { "verdict: go test ./cmd/mlop-azure-gateway passes", { "go test", "cmd/mlop%-azure%-gateway", "pass" },
          { "testgeminiapiversion", "pass" }, "測試驗證成功" },
        { "open: the tests in main_test.go are not committed; branch one commit ahead of origin/main, not pushed",
          { "main_test%.go", "git push" }, { "領先", "origin/main" } },
      },
    },
    -- == gcp/spendfn.go parses the OpenAI-style usage of Gemini responses ==
    {
      agent = "claude-code", sealed4 = true, path = SESSIONS .. "/sealed4-mcc-gcp-usage-parse.jsonl",
      facts = {
        { "request: edit gcp/spendfn.go to parse the response's usage", "gcp/spendfn%.go",
          { "spendfn", "parser" } },
        { "observed format: usage {completion_tokens, prompt_tokens, total_tokens}",
          { "completion_tokens", "prompt_tokens" }, "total_tokens" },
        { "both stream mode (last data: chunk before data: [DONE]) and non-stream responses",
          { "stream", "%[done%]" }, { "stream mode", "非stream" }, "text/event%-stream" },
        { "new types OpenAIUsage and OpenAIResponse", "openaiusage", "openairesponse" },
        { "Post of createGeminiSpendFn updated: OpenAI format first, Gemini usageMetadata as fallback",
          "creategeminispendfn", { "usagemetadata", "fall" } },
        { "SpendFnGeminiSmart updated, model taken from the response for its rate",
          "spendfngeminismart", "smart spendfn" },
        { "fallback pricing model gemini-2.5-pro when the response names none", { "fallback", "gemini%-2%.5%-pro" } },
        { "error: API Error 403, daily quota exhausted; the user said try again", { "403", "quota" },
          "daily quota is exhausted", "在試一次" },
        { "example model: google/gemini-2.5-flash-lite-preview-06-17", "gemini%-2%.5%-flash%-lite%-preview%-06%-17" },
      },
    },
    -- == AudioInputTokens removed from the GCP models and tests ==
    {
      agent = "claude-code", sealed4 = true, path = SESSIONS .. "/sealed4-mcc-gcp-audio-removal.jsonl",
      facts = {
        { "request: the gcp/ models' spendFn looks wrong, remove the audio part", "幫我把audio 部分移除",
          { "gcp", "audio" }, { "spendfn", "audio" } },
        { "finding: AudioInputTokens is not used by gcp/spendfn.go", { "audioinputtokens", "no matches" },
          "not being used" },
        { "edited: gcp/models.go, AudioInputTokens field of GeminiUsageRate removed", "gcp/models%.go",
          { "geminiusagerate", "audioinputtokens" } },
        { "edited: gcp/models_test.go expectations without AudioInputTokens", "gcp/models_test%.go",
          "models_test%.go" },
        { "error: an edit matched 2 places; fixed with replace_all", "found 2 matches", "replace_all" },
        { "verdict: go test ./gcp -run TestModelUsageRates / TestGetUsageRate pass",
          { "testmodelusagerates", "pass" }, { "testgetusagerate", "pass" } },
        { "the user refused go build ./gcp", { "go build", "gcp" }, "doesn't want to proceed" },
        { "open: last request, change every model's spendFn further, not answered", "幫我把個模型spendfn",
          "多改一下" },
      },
    },
    -- == why main.go has commented-out functions; removing them cut short ==
    {
      agent = "claude-code", sealed4 = true, path = SESSIONS .. "/sealed4-mcc-main-commented-code.jsonl",
      facts = {
        { "question: why were many functions in cmd/mlop-azure-gateway/main.go commented out",
          "為什麼把很多function註解掉了", { "main%.go", "註解" } },
        { "answer: moved to the azure package (aoaiWithKey -> BuildAOAIEndpointConfig, aoaiSpend -> AoaiSpendFn)",
          "buildaoaiendpointconfig", { "aoaispend", "azure%.aoaispendfn" } },
        { "answer: the hard-coded dispatcher configs replaced by azure.BuildAOAIDispatchers(azureConfig)",
          "buildaoaidispatchers%(azureconfig%)", { "硬編碼", "dispatcher" } },
        { "request: check the new architecture, and if it is fine remove the comments",
          "若是新的架構沒問題", "移除掉註解" },
        { "verified: go test ./azure passes", { "go test %./azure", "pass" } },
        { "edit started: the 'Types moved to azure package' comment removed from main.go",
          "types moved to azure package" },
        { "error: API Error: Request timed out, work cut short", "request timed out" },
        { "open: removing the superseded commented code in main.go, then confirm it runs",
          "移除 main%.go 中已被取代的註解代碼", "確認程式運行正常" },
        { "context: the azure/ package files (azure.go, config.go, models.go, spendfn.go, utils.go)",
          { "azure/spendfn%.go", "azure/utils%.go" }, { "spendfn%.go", "utils%.go" } },
      },
    },
    -- == Codex: OpenCode's default context compaction threshold 0.9, test first ==
    {
      agent = "codex", sealed4 = true, path = SESSIONS .. "/sealed4-codemie-codex-opencode-compaction.jsonl",
      facts = {
        { "request: update the default context compact(ion) to 90 in env var", "context compart to 90",
          { "compaction", "90%%" }, { "compaction", "threshold" } },
        { "decision: set it in the OpenCode config passed through OPENCODE_CONFIG_CONTENT",
          "opencode_config_content" },
        { "change: compaction { auto: true, prune: true, threshold: 0.9 }", "threshold: 0%.9",
          { "compaction", "prune" } },
        { "edited: src/agents/plugins/codemie-code.plugin.ts (buildOpenCodeConfig)", "codemie%-code%.plugin%.ts",
          "buildopencodeconfig" },
        { "edited: src/agents/plugins/opencode/opencode.plugin.ts (standalone OpenCode adapter)",
          "opencode/opencode%.plugin%.ts", { "opencode%.plugin%.ts", "standalone" } },
        { "test added: 'Compaction Config' in src/agents/plugins/__tests__/codemie-code-reasoning.test.ts",
          "codemie%-code%-reasoning%.test%.ts", "compaction config" },
        { "red first: the test failed, expected undefined to deeply equal the compaction object",
          "expected undefined to deeply equal", { "fail", "compaction config" } },
        { "verdict: the test file passes, 16 tests", "16 passed", { "codemie%-code%-reasoning", "pass" } },
        { "verdict: npm run build succeeds", "npm run build" },
        { "AGENTS.md's graph MCP tools (codebase-memory-mcp) not exposed, rg used instead",
          "codebase%-memory%-mcp", { "graph mcp", "not exposed" } },
        { "state: 3 files changed, 24 insertions, not committed", "24 insertions",
          { "3 files changed", "git status" } },
      },
    },
    -- == Gemini CLI: adaptability and security review, then hello.md ==
    {
      agent = "gemini-cli", sealed4 = true, path = SESSIONS .. "/sealed4-codemie-gemini-review-hello.json",
      facts = {
        { "request: explore the repository and find issues, focus on adaptability and security",
          "adaptability and security", { "adaptability", "security" } },
        { "a codebase_investigator sub-agent delegated first", "codebase_investigator", "delegate_to_agent" },
        { "issue: hard-coded agent/framework registries (src/agents/registry.ts, src/frameworks/plugins/index.ts)",
          "src/agents/registry%.ts", "frameworks/plugins/index%.ts", { "registr", "hardcoded" } },
        { "issue: workflow templates hard-coded in src/workflows/registry.ts", "src/workflows/registry%.ts",
          { "workflow", "hardcoded" } },
        { "issue: EnvManager (src/env/manager.ts) keeps API keys in plain text ~/.codemie/codemie-cli.config.json",
          "codemie%-cli%.config%.json", { "envmanager", "plain text" }, { "manager%.ts", "plain text" } },
        { "issue: .husky/pre-commit skips gitleaks when Docker is not running (fail-open)", "fail%-open",
          { "pre%-commit", "docker" }, { "gitleaks", "docker" } },
        { "issue: weak fallback encryption of CredentialStore, key derived from the machine",
          { "fallback", "encrypt" }, { "machine", "key" } },
        { "recommendation: all secrets through CredentialStore (keytar)", { "credentialstore", "envmanager" },
          { "credentialstore", "keytar" } },
        { "request: create hello.md", "create hello%.md", { "hello%.md", "created" } },
        { "request: add 5 lines of random text", "5 lines of random text", { "hello%.md", "random text" } },
        { "request: remove lines 2 and 3 (done: hello.md has 4 lines left)", "remove 2 and 3 line",
          "2nd and 3rd lines", { "hello%.md", "sphinx of black quartz" } },
      },
    },
  }
end
