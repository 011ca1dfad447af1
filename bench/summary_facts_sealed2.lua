-- bench/summary_facts_sealed2.lua: a second sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the sealed
-- set's, nor of the held-out, check and final sets'), and that no
-- summarizer was ever run on: each list was written on 2026-12-02 by reading
-- only the raw transcript (the imported messages printed as text: user
-- messages, assistant text, tool calls with their arguments, the key lines
-- of their results), without running the extractive summarizer, the bench
-- or the `compact` command on them and without reading any summary of them.
-- Facts are in the bench's form ({ label, alternative, ... }, an
-- alternative a lowercase Lua pattern or a list of patterns that must all
-- match, `wrong` alternatives marking a fact lost), with the distinctive
-- tokens (file names, commands, numbers, identifiers) rather than one
-- wording. Paths are relative to the session's working directory. Every
-- (right) alternative was then checked, by a throwaway script that calls no
-- summarizer, to match the imported input itself (all its message text,
-- call names and arguments, and results, lowercased, plain pattern match).
--
-- All five are Claude Code: the Codex and pi candidates looked at
-- (swiftdiaries/agent-transcripts, Juliusolsson05/agent-transcript-parser,
-- tmustier/pi-agent-transcripts, tad-hq/universal-session-viewer,
-- jazzyalex/agent-sessions) are hand-made or generated fixtures of a few
-- lines, not real work, and DRMacIver/claude-reliability's other
-- transcripts have under 12 messages.
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirror (nothing of theirs is committed here), as sealed2-mcc-<name>.jsonl:
-- Mai0313/claude-code @ 4858ce3d7cd8d4d1a512b2987f47df7bf3eb9a21,
-- examples/original/<project>/<id>.jsonl, main transcripts copied from
-- ~/.claude/projects:
--
-- * -Users-mtk19651-project-mke-kosko-components-unified-mcp/d35c5275-ac9f-4010-9425-9d838fa2e695.jsonl
--   -> sealed2-mcc-unified-mcp-mcpenv.jsonl (22 messages): a Kosko component's
--   MCPENV_ variables also passed without the prefix, originals kept, then a
--   commit;
-- * -Users-mtk19651-project-mke-kosko/811c40e5-882f-41b5-ab59-6d1773b046a7.jsonl
--   -> sealed2-mcc-kosko-templates.jsonl (51 messages, one request): the
--   Kosko components sorted into kinds and the Kubernetes resources they
--   use, template recommendations, no file changed;
-- * -Users-mtk19651-project-azure-gateway-quota/b97005b7-a18e-43b0-baea-bc3a94ea7120.jsonl
--   -> sealed2-mcc-quota-uppercase.jsonl (66 messages, 7 requests): every
--   quota.go function's user uppercased for the Redis keys, quota_test.go, a
--   commit, a missing go.sum entry, the test not compiling, the fix refused;
-- * -Users-mtk19651-project-gaia-YAML-GitOps/0136ac2a-7212-40aa-b73d-5e0844027675.jsonl
--   -> sealed2-mcc-gitops-k8s-inventory.jsonl (47 messages): a GitOps
--   repository's YAML counted by kind and environment (a sub-agent refused
--   with a 429), then the Istio part explained again in Chinese;
-- * -Users-mtk19651-test-llm-gateway/2f1eed99-8536-469d-8489-5bb3e03a773b.jsonl
--   -> sealed2-mcc-llm-gateway-scaffold.jsonl (72 messages): a Go LLM API
--   gateway for Azure/AWS/GCP/on-premise generated from an empty folder
--   (providers, cost, logger, config, router, Makefile, Docker), 17 files.
--
--   return value: function(SESSIONS) -> array of { agent, sealed2 = true, path, facts }

return function(SESSIONS)
  return {
    -- == Kosko unified-mcp: MCPENV_ variables also without the prefix, then a commit ==
    {
      agent = "claude-code", sealed2 = true, path = SESSIONS .. "/sealed2-mcc-unified-mcp-mcpenv.jsonl",
      facts = {
        { "request: MCPENV_ variables also set with the prefix removed", { "mcpenv_", "prefix" },
          "將prefix%(mcpenv_%)移除", { "mcpenv_", "without" } },
        { "constraint: the original prefixed variables must stay (already in use)", "原先的也必須保留",
          "已經有人在用", "backward compat", { "keep", "original" } },
        { "file edited: index.ts", "index%.ts" },
        { "change: .map replaced by .flatMap giving both names (key.replace('MCPENV_', ''))", "flatmap",
          "key%.replace" },
        { "context: a Kosko manifest (Deployment, Service, HorizontalPodAutoscaler)", "kosko",
          { "deployment", "horizontalpodautoscaler" } },
        { "example: MCPENV_DATABASE_URL also as DATABASE_URL", "database_url" },
        { "request: a git commit", "git commit", "請給我一個git commit" },
        { "commit 789a6bc on branch GAIA-563", "789a6bc", "gaia%-563" },
        { "commit: 1 file changed, 10 insertions, 4 deletions", "10 insertions", "1 file changed" },
      },
    },
    -- == Kosko: components sorted into kinds, Kubernetes resources, template recommendations ==
    {
      agent = "claude-code", sealed2 = true, path = SESSIONS .. "/sealed2-mcc-kosko-templates.jsonl",
      facts = {
        { "request: sort the existing components into kinds, to share template components", "整理歸納",
          { "template", "component" }, { "categoriz", "component" } },
        { "request: list the k8s resources used (statefulset/deployment/redis/postgresql/httpproxy/...)",
          { "statefulset", "deployment", "redis", "httpproxy" } },
        { "components read: dse, store-api, centrifugo, chatbot-ui (and ai-kernel, storage-service)",
          { "dse", "store%-api" }, { "centrifugo", "chatbot%-ui" }, { "ai%-kernel", "storage%-service" } },
        { "counts: HTTPProxy in 33 files, redis in 70", "33 files", "70 files" },
        { "error: _certmanager/index.ts too large to read (557.5KB > 256KB)", "557%.5 ?kb",
          { "certmanager", "256 ?kb" }, { "certmanager", "exceeds" } },
        { "finding: web services on Deployment, stateful ones on StatefulSet (dse, store-api, centrifugo, mlflow)",
          { "stateful", "mlflow" }, { "web service", "stateful" } },
        { "finding: PostgreSQL in store-api, dse, flipt, mlflow (pg_hba.conf)", { "postgresql", "flipt" },
          "pg_hba" },
        { "finding: a PV shared by ai-bin and splunk", { "ai%-bin", "splunk" } },
        { "finding: StorageClass mtknas00-mtknas00-mtkomkep07-mlflow", "mtkomkep07" },
        { "finding: HTTPProxy (Contour) mostly, Ingress (nginx) as chatbot-ui's alternative",
          { "httpproxy", "contour" }, { "ingress", "nginx" } },
        { "finding: cert-manager and the company certificate mount", "cert%-manager", "company cert" },
        { "recommendation: BaseWebService, BaseStatefulService, BaseDatabase, WebAppWithProxy, RedisCache",
          "basewebservice", "basestatefulservice", "webappwithproxy", "rediscache" },
        { "proposed layout: templates/ with base, specialized, infrastructure, utils",
          "web%-service%.ts", "stateful%-service%.ts", { "templates", "specialized", "infrastructure" } },
      },
    },
    -- == azure-gateway quota: user uppercased in every Redis key, tests, a commit, tests not compiling ==
    {
      agent = "claude-code", sealed2 = true, path = SESSIONS .. "/sealed2-mcc-quota-uppercase.jsonl",
      facts = {
        { "request: every quota.go function's user string to uppercase, and some tests",
          { "quota%.go", "大寫" }, { "quota%.go", "upper" }, { "user", "uppercase" } },
        { "reason: the Redis keys now accept uppercase only", "只能吃大寫", { "redis", "key", "upper" } },
        { "functions changed: Spend, Alert, Limit, Get/SetLimit, Get/SetCap, Get/SetSessionCookie",
          { "spend", "alert", "setcap" }, "sessioncookie", { "getlimit", "getcap" } },
        { "how: strings.ToUpper(user), strings imported", "strings%.toupper", "toupper" },
        { "file created: quota_test.go (a mock Redis client, testify)", "quota_test%.go" },
        { "commit dd4d811 fix(GAIA-533): normalize user to uppercase in quota Redis keys", "dd4d811",
          "gaia%-533" },
        { "error: the user's go test: quota setup failed, missing go.sum entry (stretchr/objx)", "objx",
          "missing go%.sum", "go%.sum entry" },
        { "fix: go get github.com/stretchr/testify/mock@v1.10.0", "testify/mock@v1%.10%.0",
          "go get github%.com/stretchr/testify" },
        { "error: go test ./quota/... run from inside quota/ (no such directory), then go test .",
          "lstat", "%./quota/%.%.%.", "no such file or directory" },
        { "error: quota_test.go does not compile: undefined: rueidis (import missing)", "undefined: rueidis",
          { "rueidis", "undefined" }, { "rueidis", "import" } },
        { "end: the edit adding the rueidis import was rejected, the session interrupted", "rejected",
          "interrupted", { "rueidis", "not written" } },
        { "state: the quota tests never ran green", "setup failed", { "quota_test", "fail" },
          wrong = { "quota tests? pass", "all tests pass" } },
      },
    },
    -- == YAML GitOps: resources counted by kind and environment, Istio explained ==
    {
      agent = "claude-code", sealed2 = true, path = SESSIONS .. "/sealed2-mcc-gitops-k8s-inventory.jsonl",
      facts = {
        { "request: sort the repository's k8s YAML into kinds and list the resources used", "整理歸類",
          { "statefulset", "cronjob", "horizontalpodautoscaler", "configmap" } },
        { "layout: environment folders DEV, PRD, QAS with <service>/deploy.yaml", { "dev", "prd", "qas" },
          "deploy%.yaml" },
        { "files read: DEV/istio-ingress.yaml, DEV/pv-pvc.yaml, service deploy.yaml files",
          "istio%-ingress%.yaml", "pv%-pvc%.yaml" },
        { "error: the sub-agent failed: API Error 429 Too many tokens per day", "429 too many", "too many tokens" },
        { "counts: Deployment 197, Service 211, HPA 173, CronJob 41, StatefulSet 14", { "197", "211" },
          { "deployment[^\n]*197" }, { "173", "41" } },
        { "per environment: DEV 69 deployments, PRD 49, QAS 19", { "69", "49", "19" }, { "dev[^\n]*69" } },
        { "networking: Istio Gateway 25, VirtualService 25, DestinationRule 15; Ingress only 3",
          { "virtualservice", "destinationrule" }, { "istio", "ingress" } },
        { "CA mount: 104 files use cacert-secret", "cacert%-secret", { "104", "ca" } },
        { "shared PVCs: wikicrawler-pvc 10, gaia-hap-pvc 6, socrates-pvc 15", "wikicrawler%-pvc",
          "socrates%-pvc", "gaia%-hap%-pvc" },
        { "securityContext counted 0 (xargs grep killed by signal 13), then 221 with grep -r",
          { "securitycontext", "221" }, "signal 13" },
        { "follow-up: the Istio part explained again in Chinese", "幫我在說明", "一致性哈希",
          { "destinationrule", "sticky" }, "consistent hash" },
      },
    },
    -- == llm_gateway: a Go LLM API gateway generated from an empty folder ==
    {
      agent = "claude-code", sealed2 = true, path = SESSIONS .. "/sealed2-mcc-llm-gateway-scaffold.jsonl",
      facts = {
        { "request: an LLM API gateway in Go for azure/aws/gcp/on-premise, source tree and interfaces",
          { "llm api gateway", "azure", "gcp" }, { "gateway", "地端" }, { "gateway", "on%-prem" } },
        { "request: beyond models, spendfn and round-trip log capture", "spendfn", { "round%-?trip", "log" } },
        { "go.mod: module llm-gateway, go 1.21 (gin, viper, zap)", "module llm%-gateway",
          { "gin", "viper", "zap" } },
        { "providers: internal/providers/azure.go, aws.go, gcp.go, onprem.go (sse.go)",
          "internal/providers/azure%.go", { "azure%.go", "aws%.go", "gcp%.go", "onprem%.go" } },
        { "cost: internal/cost/calculator.go (Calculator, SpendTracker)", "internal/cost/calculator%.go",
          "calculator%.go", "spendtracker" },
        { "logging: internal/logger/logger.go (RequestLogger, metrics storage)", "internal/logger/logger%.go",
          "requestlogger" },
        { "interfaces: LLMProvider (ChatCompletion, ChatCompletionStream, ...), CostCalculator, Logger",
          "llmprovider", "chatcompletionstream", "costcalculator" },
        { "config: internal/config/config.go (viper) and configs/config.yaml", "configs/config%.yaml",
          "internal/config/config%.go" },
        { "router: internal/router/gateway.go and middleware.go (auth, rate limit, CORS)",
          "internal/router/gateway%.go", "middleware%.go" },
        { "types and errors: pkg/types/types.go, pkg/errors/errors.go", "pkg/types/types%.go",
          "pkg/errors/errors%.go" },
        { "entry and tooling: cmd/gateway/main.go, Makefile, Dockerfile, docker-compose.yml",
          "cmd/gateway/main%.go", "docker%-compose%.yml" },
        { "test script: test/api_test.sh (made executable)", "api_test%.sh" },
        { "API: POST /v1/chat/completions with model azure/gpt-4 (provider/model)", "/v1/chat/completions",
          "azure/gpt%-4" },
        { "end: the user was satisfied (謝謝 這樣就可以了)", "這樣就可以了" },
      },
    },
  }
end
