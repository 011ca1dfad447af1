-- bench/summary_facts_sealed5.lua: a fifth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the sealed to
-- sealed4 sets' sessions, nor of the held-out, check and final sets'), and
-- that no summarizer was ever run on: each list was written on 2026-12-02
-- by reading only the raw transcript (the imported messages printed as
-- text: user messages, assistant text, tool calls with their arguments, the
-- key lines of their results), without running the extractive summarizer,
-- the bench or the `compact` command on them and without reading any
-- summary of them. Facts are in the bench's form ({ label, alternative,
-- ... }, an alternative a lowercase Lua pattern or a list of patterns that
-- must all match, `wrong` alternatives marking a fact lost), with the
-- distinctive tokens (file names, commands, identifiers) rather than one
-- wording; they are about the goal, the requests, the files, the errors and
-- their fixes, the verdicts and the state at the end. Paths are relative to
-- the session's working directory. Every (right) alternative was then
-- checked, by a throwaway script that calls no summarizer, to match the
-- imported input itself (all its message text, call names and arguments,
-- and results, lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed5-<source>-<name>.
--
-- A Claude Code main transcript from codemie-ai/codemie-code @
-- 8e8d4ce5ad2dfae14cb26caf5d3cddebee929990 (a test fixture: a real session
-- of its developers, in /tmp/private):
--
-- * tests/integration/session/fixtures/claude/-tmp-private/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl
--   -> sealed5-codemie-claude-hello-files.jsonl (16 messages, 3 requests):
--   hello.py, hello.md and hello.js created, a one-line comment added to
--   hello.py, hello.js deleted. Its sub-agent files (agent-36541525.jsonl,
--   agent-50243ee8.jsonl) import to 2 messages each and were left out, as
--   were src/agents/plugins/claude/__tests__/fixtures/history-*.jsonl
--   (prompt histories of a few lines, no conversation).
--
-- Four Claude Code main transcripts from Mai0313/claude-code @
-- 4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21, examples/original/<project>/<id>.jsonl
-- (copied from ~/.claude/projects):
--
-- * -Users-ds906659-Desktop-claude-code/f5f83166-d47c-45a7-8160-af5fb2491de4.jsonl
--   -> sealed5-mcc-go-version-doc.jsonl (30 messages, 2 requests): why
--   go.mod says go 1.23.0 with toolchain go1.24.3, unified to go 1.23, a
--   GO_VERSION.md for other developers, test.md deleted, then the toolchain
--   line taken out of the document (a different session from the sealed
--   set's go-version one, of another user);
-- * -Users-mtk19651-project-azure-gateway/eaa918b2-349a-4583-a99a-0ca03c494bf0.jsonl
--   -> sealed5-mcc-quota-test-rueidis.jsonl (64 messages): the user's failing
--   `go test` of quota/quota_test.go (a missing go.sum entry), go mod tidy,
--   then rounds of compile errors on rueidis builder types, a sub-agent cut
--   by a 429, a rewrite, still failing when the user rejected the last edit;
-- * -Users-mtk19651-project-azure-gateway/2e874a43-ef6d-4c47-9895-dfbe98418e1a.jsonl
--   -> sealed5-mcc-azure-aoai-package.jsonl (111 messages): a project
--   overview, then main.go's Azure OpenAI configuration moved into a new
--   azure/ package (models.go, config.go, utils.go, models_test.go,
--   README.md) with the old code commented out, build and tests passing, and
--   a last question (why the commented code is not removed) unanswered;
-- * -Users-mtk19651-project-azure-gateway/4fece200-0f75-4940-ac7e-b052e1a29676.jsonl
--   -> sealed5-mcc-azure-package-integrate.jsonl (152 messages, one of the
--   source's three sessions of about 1.6 MB; facts about its overall work):
--   a later azure/ package (dispatcher.go, spendfn.go, compat.go) reviewed,
--   then integrated into main.go with the old AOAI structs and spend code
--   removed, type aliases and temporary wrappers, the build passing, and a
--   last request (is the AWS part affected?) cut by a context-limit error.
-- Left out: 9f55e299 (1.6 MB, 250 messages) and e27506d7 (1.6 MB, the same
-- kosko template request sent four times, each interrupted).
--
--   return value: function(SESSIONS) -> array of { agent, sealed5 = true, path, facts }

return function(SESSIONS)
  return {
    -- == three hello files created, one edited, one deleted ==
    {
      agent = "claude-code", sealed5 = true, path = SESSIONS .. "/sealed5-codemie-claude-hello-files.jsonl",
      facts = {
        { "request: create hello.py, md and js", "create hello%.py, md and js",
          { "hello%.py", "hello%.md", "hello%.js" } },
        { "created hello.py: a Python Hello, World! script with main()", { "hello%.py", "hello, world" },
          { "hello%.py", "python" } },
        { "created hello.md: a markdown file", { "hello%.md", "markdown" }, { "hello%.md", "# hello" } },
        { "created hello.js: a Node.js Hello, World! script", { "hello%.js", "node" },
          { "hello%.js", "console%.log" } },
        { "request: update hello.py with a one-liner comment", "one liner comment", "one%-liner comment",
          { "hello%.py", "comment" } },
        { "the comment added to hello.py: # Simple hello world program", "simple hello world program" },
        { "request: delete js", "delete js", { "hello%.js", "delet" } },
        { "hello.js deleted (rm hello.js); hello.py and hello.md remain", "rm hello%.js", "deleted hello%.js" },
      },
    },
    -- == go.mod's Go version unified to 1.23, GO_VERSION.md written ==
    {
      agent = "claude-code", sealed5 = true, path = SESSIONS .. "/sealed5-mcc-go-version-doc.jsonl",
      facts = {
        { "request: unify go.mod's Go version to 1.23 (usable from 1.23 up)", "統一成1%.23",
          { "go%.mod", "1%.23" } },
        { "found: go.mod had go 1.23.0 with toolchain go1.24.3", "go1%.24%.3", { "1%.23%.0", "toolchain" } },
        { "go.mod edited: go 1.23, the toolchain line removed", "移除 toolchain", { "go%.mod", "go 1%.23" } },
        { "answer: the go line is the minimum version, toolchain the compiler actually used",
          "最低版本需求", "最低支援", { "toolchain", "編譯器" } },
        { "answer: the version is set by go mod init from the installed Go", "go mod init" },
        { "answer: Go 1.25 still works (backward compatible)", "1%.25", "向後相容" },
        { "created GO_VERSION.md explaining the version setup to other developers", "go_version%.md" },
        { "test.md deleted as asked", "test%.md" },
        { "request 2: drop toolchain go1.24.3 from the document since go.mod is unified", "文檔中的 toolchain",
          { "go_version%.md", "toolchain" } },
        { "GO_VERSION.md's toolchain go1.24.3 examples removed (two edits)", "移除所有",
          { "go_version%.md", "移除" } },
        { "the module is claude_analysis", "claude_analysis" },
      },
    },
    -- == quota/quota_test.go: go test fails, rueidis builder mocks, still failing ==
    {
      agent = "claude-code", sealed5 = true, path = SESSIONS .. "/sealed5-mcc-quota-test-rueidis.jsonl",
      facts = {
        { "request: fix quota/quota_test.go so the user's go test -tags 'sqlite' run passes",
          "quota/quota_test%.go", { "quota_test%.go", "go test" } },
        { "error reported: missing go.sum entry for github.com/stretchr/objx (testify/mock)", "stretchr/objx",
          "missing go%.sum entry" },
        { "fix tried: go mod tidy", "go mod tidy" },
        { "the rueidis import added to quota_test.go", "github%.com/redis/rueidis", { "quota_test%.go", "rueidis" } },
        { "error: undefined rueidis.MultiBuilder / IncrbyBuilder / ... in quota_test.go", "rueidis%.multibuilder",
          "rueidis%.incrbybuilder", { "undefined", "builder" } },
        { "error: local interface declarations named rueidis.X: expected type, found '.'", "expected type, found" },
        { "test command: go test -tags 'sqlite' ./quota/...", "go test %-tags 'sqlite' %./quota/",
          { "go test", "%./quota/" } },
        { "a sub-agent (Task) for a simpler test failed: API Error 429 too many tokens per day",
          "too many tokens per day", { "429", "task" } },
        { "quota_test.go rewritten (Write) around a MockRedisClient", "mockredisclient" },
        { "the simple test's aim: user IDs uppercased in Spend and GetSessionCookie", "getsessioncookie",
          { "uppercase", "spend" } },
        { "last result: still failing to compile (undefined rueidis.IncrbyBuilder, SetBuilder, ...)",
          "quota_test%.go:286", "rueidis%.setbuilder", wrong = { "quota tests? pass", "tests? now pass" } },
        { "end: the user rejected the last MultiEdit and interrupted; waiting for the user",
          "doesn't want to proceed", "request interrupted by user", "rejected" },
        { "the code under test: quota/quota.go's QuotaClient (Spend, Alert, Limit) on rueidis",
          "quotaclient", { "quota%.go", "rueidis" } },
      },
    },
    -- == Azure OpenAI configuration moved from main.go into azure/ ==
    {
      agent = "claude-code", sealed5 = true, path = SESSIONS .. "/sealed5-mcc-azure-aoai-package.jsonl",
      facts = {
        { "first request: an overview of the project (GAISF Gateway)", "gaisf gateway" },
        { "request: move main.go's Azure AOAI settings into azure/, after gcp/ or awsclaude/'s layout",
          "有關azure aoai的設定", { "azure/", "gcp/", "awsclaude/" },
          { "cmd/mlop%-azure%-gateway/main%.go", "azure" } },
        { "created azure/models.go (model configs, pricing, regional deployments)", "azure/models%.go",
          { "models%.go", "pricing" } },
        { "created azure/config.go (builder functions)", "azure/config%.go" },
        { "created azure/utils.go (env helpers, GetEnvOrDefault)", "azure/utils%.go", "getenvordefault" },
        { "created azure/models_test.go (TestGetModelConfig)", "models_test%.go", "testgetmodelconfig" },
        { "created azure/README.md", "azure/readme%.md", { "readme%.md", "azure" } },
        { "builders: BuildAOAIDispatchers, BuildAOAIFallback, BuildAssistantsAPI, BuildCognitiveEndpoints",
          "buildaoaidispatchers", "buildaoaifallback", "buildcognitiveendpoints" },
        { "the user rejected the first large MultiEdit of main.go, then said ok; smaller edits followed",
          "request interrupted by user", "doesn't want to proceed", { "rejected", "main%.go" } },
        { "main.go: the old AOAI code commented out (kept for rollback), azure.Config used instead",
          "commented out", "rollback", "azureconfig" },
        { "build error: undefined dailyreset.Controller, fixed to dailyreset.DailyResetController",
          "dailyreset%.controller", "dailyresetcontroller" },
        { "verdict: go build ./cmd/mlop-azure-gateway compiles", "compiles successfully",
          { "go build", "cmd/mlop%-azure%-gateway" } },
        { "verdict: go test ./azure passes (TestGetModelConfig)", "pass: testgetmodelconfig",
          { "go test %./azure", "pass" } },
        { "last request, unanswered: why not remove the commented-out (marked) parts of main.go",
          "mark的部分移除", "mark的部分", { "main%.go", "為什麼不把" } },
      },
    },
    -- == the azure/ package integrated into main.go, old AOAI code removed ==
    {
      agent = "claude-code", sealed5 = true, path = SESSIONS .. "/sealed5-mcc-azure-package-integrate.jsonl",
      facts = {
        { "context: the new azure/ package read (azure.go, models.go, dispatcher.go, spendfn.go, compat.go)",
          { "azure/dispatcher%.go", "azure/spendfn%.go" }, { "dispatcher%.go", "spendfn%.go", "compat%.go" } },
        { "finding: main.go does not call azure.InitializeDispatchers yet (integration incomplete)",
          "initializedispatchers" },
        { "request: integrate it and remove main.go's azure spendfn/dispatcher parts", "請幫我整合進去",
          { "main%.go", "spendfun" } },
        { "removed from main.go: the AoaiResp, DalleReq and Message structs and aoaiSpend's body",
          { "aoairesp", "dallereq" }, { "aoaispend", "remov" } },
        { "main.go now uses type aliases (type AoaiResp = azure.AoaiResp, DalleReq)",
          "aoairesp = azure%.aoairesp", "type alias" },
        { "main.go's error variables now from azure (ErrTokenLimit, DomainNotAllowed, VisionNotAllowed)",
          "errtokenlimit%s*= azure%.errtokenlimit", { "errtokenlimit", "domainnotallowed" } },
        { "temporary wrapper functions aoai / aoaiSpend / aoaiNoReqLog over the azure package",
          "temporary wrapper", "getspendfnformodel", "createendpointconfig" },
        { "main_azure_integration.go written then removed: azure's Dispatcher/Endpoint types are incompatible",
          "main_azure_integration%.go", { "incompatible", "dispatcher" } },
        { "azure package compile errors fixed (unused azureDispatcher in compat.go, net/http in models.go, user)",
          "declared and not used", { "compat%.go", "azuredispatcher" } },
        { "verdict: go build ./azure passes", "azure package builds successfully", { "go build %./azure", "build" } },
        { "verdict: go build ./cmd/mlop-azure-gateway passes", "build successful %- azure package integrated",
          { "go build %./cmd/mlop%-azure%-gateway", "compiles now" } },
        { "next steps: use azure.InitializeDispatchers(), drop the wrappers, unify dispatcher/endpoint types",
          { "next steps", "initializedispatchers" }, { "remove wrapper", "unify" } },
        { "last request: check whether main.go's AWS part (which uses dispatch) is affected; change only azure",
          "aws部分會用到dispatch", "所有改動只能是azure的部分", { "aws", "dispatch", "影響" } },
        { "that request failed: API Error 400, input length exceeds the context limit (unanswered)",
          "exceed context limit", "api error: 400" },
      },
    },
  }
end
