-- bench/summary_facts_sealed17.lua: a seventeenth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the earlier
-- sets' sessions; M-Thisness/M-Claude's archive is one person's and gives
-- three other sessions here, as the round allowed), and that no summarizer
-- was ever run on: each list was written on 2026-12-02 by reading only the
-- raw transcript (the imported messages printed as text: user messages,
-- assistant text and thinking, tool calls with their arguments, the key
-- lines of their results), without running the extractive summarizer, the
-- bench or the `compact` command on them and without reading any summary of
-- them. Facts are in the bench's form ({ label, alternative, ... }, an
-- alternative a lowercase Lua pattern or a list of patterns that must all
-- match, `wrong` alternatives marking a fact lost), with the distinctive
-- tokens (file names, commands, identifiers, numbers, error words) rather
-- than one wording; they are about the goal, the requests, the files, the
-- errors and their fixes, the decisions and the state at the end, over the
-- whole session (early requests, middle outcomes, the end). Paths are
-- relative to the session's working directory where they are under it.
-- Every (right) alternative was then checked, by a throwaway script that
-- calls no summarizer, to match the imported input itself (all its message
-- text, call names and arguments, and results, lowercased, Lua pattern
-- match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed17-<source>-<name>.
--
-- Claude Code main transcripts:
--
-- * M-Thisness/M-Claude @ 5a8d89ee3677906aec18f7beb518a5a08e72a002,
--   Archives/343e3472-b9b6-4561-ade0-21d1a4730c11.jsonl
--   -> sealed17-mclaude-warp-tailscale-stack.jsonl (55 messages, 0.2 MB,
--   Windows): display timeout via powercfg, Cloudflare WARP via winget,
--   Blocky vs Cloudflare Gateway, a recommended Tailscale/Blocky/Cloudflare
--   stack, then "implement it on legion-windows, slate, zima": discovery
--   (Starlink gateway, Tailscale logged out, zima only behind Cloudflare,
--   slate not answering), interrupted by the user.
-- * M-Thisness/M-Claude (same commit), Archives/c10f5964-20bd-4783-aa1a-30b06c8a702a.jsonl
--   -> sealed17-mclaude-claude-tmux-app.jsonl (95 messages, 0.2 MB, macOS):
--   a tmux launcher script and .app bundle, renamed to Claude Tmux, an icon
--   made with Pillow/iconutil, Claude Code started inside the session, then
--   a Claude Code update that Homebrew's cask did not have (reinstall
--   rejected, /exit).
-- * M-Thisness/M-Claude (same commit), Archives/21037e11-89de-484d-abba-8705254aa991.jsonl
--   -> sealed17-mclaude-slate-dns-troubleshooting.jsonl (330 messages, 1.1
--   MB, macOS + ssh to an OpenWrt/GL.iNet router): DNS from the laptop timing
--   out, two nftables causes (lan_drop_leaked_dns, GL.iNet's dns_table),
--   Mullvad vs Cloudflare, Blocky query logging per client, a documentation
--   file pushed after a gitleaks block.
-- * Strawhat404/TASK-128 @ 53ffb4faa4f10b6ce472d0549f970eb904e7774d, sessions/develop-1.jsonl
--   -> sealed17-crhgc-desktop-test-coverage.jsonl (359 messages, 2.5 MB,
--   Linux): test coverage of an offline PyQt6 desktop app raised over five
--   rounds of the user's audit findings (37 -> 325 -> ... -> 435 passing),
--   one real FTS5 bug fixed, README and run_tests.sh rewritten, "do we have
--   an http?" (no, by design). Nothing committed.
-- * Strawhat404/TASK-64 @ 245858116cad25079847b28830c17a892e45cc63, sessions/develop-1.jsonl
--   -> sealed17-compliance-console-go-react-tests.jsonl (572 messages, 3.5
--   MB, Linux): unit/API/e2e tests for a Go (Echo) + React app over four
--   audit rounds (Go never run locally, vitest pinned for Node 18, shell
--   curl suites, seeded demo users, mocked e2e deleted, strict assertions),
--   two commits (9e36363, 5d3e04d).
-- * addis-ale/task-54 @ 24eac6ff5a18e7cc793e76630c7c97f54d7956c5, session-2.json (JSONL
--   despite its name)
--   -> sealed17-careops-acceptance-fixes-go.jsonl (275 messages, 2.0 MB,
--   Windows): one long request with ten acceptance findings for a Go Fiber
--   clinic suite (logout invalidation, login rate limit, settlement window,
--   on-time KPI, IndexedDB cache, timeline drag, templates, tests), test
--   failures fixed, go test and go build pass. (Not Hale17OT/Task-54's
--   session, which sealed15 takes: another person, another project.)
--
-- Codex CLI rollouts (session_meta first, Windows PowerShell):
--
-- * Eyob-smax/MeridianOps-Retail-Performance-Platform @ 5714f9299de574cbad4cee96d083e28bd2299475,
--   sessions/session.jsonl (its session-2.jsonl is sealed16's)
--   -> sealed17-meridianops-prompts-1-6-fastapi.jsonl (412 messages, 1.3 MB):
--   a FastAPI + Vue + PostgreSQL platform in prompts 1-7, with installs that
--   never finish (npm/pip blocked or aborted), apply_patch failing, pytest
--   stopped by missing psycopg/bcrypt; ends with prompts 5-6 half written
--   and prompt 7 sent.
-- * epha-b1/TASK-7 @ 6026f64f14683144f8e2f739c2f2ca9a4e7070d2, sessions/sessions.jsonl
--   (its sessions-2.jsonl is sealed16's)
--   -> sealed17-pickup-prompts-4-7-no-build.jsonl (161 messages, 2.1 MB,
--   compacted: the handoff summary of prompts 1-4 inside): the
--   NeighborhoodPickup portal (Vue, Express + TypeScript, MySQL), builds
--   broken by execution policy, missing binaries and TS errors, installs
--   aborted, "continue without installing and building", prompt 5 half
--   done, prompts 6-7 and a repeated "implement everything" at the end.
--
-- Found and not written: Eyob-smax/FitCommerce-task-15 sessions/session-1.jsonl
-- (Claude Code, 1.5 MB but 10 messages after its compaction);
-- ibxbit/local-peer-exchange-ledger-system sessions/develop-1.jsonl (a converted
-- message array, not the agent's format); codex-session.jsonl of
-- CryptoSodi/Battle-Cities, ShoomanKhatri/SolHawk-Agent, ahmadou5/token-app,
-- duxberus-blipkok/txguardian, swarnasn29/soulpass, therealjhay/Soul,
-- pratikbuilds/trade_arena, diiviikk5/Xeus (3-15 messages each).
--
--   return value: function(SESSIONS) -> array of { agent, sealed17 = true, path, facts }

return function(SESSIONS)
  return {
    -- == M-Claude: Windows housekeeping, then a privacy/remote-access stack, interrupted at discovery ==
    {
      agent = "claude-code", sealed17 = true, path = SESSIONS .. "/sealed17-mclaude-warp-tailscale-stack.jsonl",
      facts = {
        { "request: display-off timeout set to 10 minutes with powercfg",
          { "powercfg", "monitor%-timeout" }, { "display", "10 min" }, { "monitor", "10 min" } },
        { "error: the /change form failed with invalid parameters, the -change form per ac/dc worked",
          { "powercfg", "invalid param" }, { "monitor%-timeout%-ac" }, { "monitor%-timeout%-dc" } },
        { "done: cloudflare warp (zero trust client) installed with winget",
          { "winget", "warp" }, { "cloudflare%.warp" }, { "warp", "install" } },
        { "question: blocky vs cloudflare gateway dns filtering (no imported ad blocklists, manual entries)",
          { "blocky", "cloudflare" }, { "blocky", "gateway" } },
        { "decision: recommended stack tailscale mesh + blocky on the slate + cloudflare tunnel/access",
          { "tailscale", "blocky" }, { "tailscale", "cloudflare tunnel" }, { "tailscale", "cloudflare access" } },
        { "request: implement the stack on legion-windows, slate and zima",
          { "legion", "slate", "zima" } },
        { "finding: the gateway is a starlink router, not the slate",
          { "starlink" } },
        { "finding: tailscale installed on legion-windows but logged out",
          { "tailscale", "logged out" }, { "tailscale", "not connected" } },
        { "finding: zima.thisness.us resolves to cloudflare, ssh port 22 timed out, only reachable via cloudflare",
          { "zima%.thisness%.us" }, { "zima", "cloudflare", "ssh" } },
        { "finding: slate does not answer ping/ssh; the user says try its web ui",
          { "slate", "web ui" }, { "slate", "timed out" }, { "slate", "not respond" } },
        { "state: interrupted by the user while still at the tailscale step; nothing set up on slate or zima",
          { "interrupt" }, { "tailscale", "in.progress" },
          wrong = { { "stack", "fully implemented" }, { "stack", "is now implemented" } } },
      },
    },
    -- == M-Claude: a Claude Tmux launcher app for macOS, then a Claude Code update Homebrew does not have ==
    {
      agent = "claude-code", sealed17 = true, path = SESSIONS .. "/sealed17-mclaude-claude-tmux-app.jsonl",
      facts = {
        { "request: an app shortcut that opens a shared claude + mw tmux session",
          { "tmux", "shortcut" }, { "tmux", "app" } },
        { "error: tmux not installed; installed with brew install tmux (homebrew present)",
          { "brew install tmux" }, { "tmux", "not installed" }, { "tmux not found" } },
        { "file: launcher script ~/bin/claude-mw (tmux has-session / attach or new-session)",
          { "bin/claude%-mw" }, { "bin/claude%-tmux" } },
        { "file: macos .app bundle in ~/applications with info.plist and contents/macos/launcher (osascript opens " ..
            "terminal)",
          { "%.app", "info%.plist" }, { "%.app", "launcher" }, { "osascript" } },
        { "request: rename to claude tmux (app, script ~/bin/claude-tmux, session claude-tmux)",
          { "claude tmux" }, { "claude%-tmux" } },
        { "request: an icon; made with pillow (pip3 install pillow) and iconutil into appicon.icns, cfbundleiconfile",
          { "icns" }, { "pillow", "icon" }, { "iconutil" } },
        { "icon design: claude coral background, terminal window, green prompt arrow",
          { "coral" }, { "terracotta" }, { "icon", "terminal", "prompt" } },
        { "fix: the shortcut was a blank shell, now the script starts claude inside the session (tmux send-keys " ..
            "claude)",
          { "send%-keys" }, { "claude code", "inside", "tmux" }, { "start", "claude", "session" } },
        { "request: update claude code; claude update says 2.1.7 -> 2.1.9, homebrew cask still at 2.1.7",
          { "2%.1%.7", "2%.1%.9" }, { "brew upgrade claude%-code" } },
        { "state: brew reinstall claude-code rejected by the user, then /exit; claude code still 2.1.7",
          { "reinstall", "reject" }, { "brew reinstall" },
          wrong = { { "updated to 2%.1%.9" }, { "now on 2%.1%.9" } } },
      },
    },
    -- == M-Claude: DNS from the laptop broken by the Slate router's firewall, then per-client query logs ==
    {
      agent = "claude-code", sealed17 = true, path = SESSIONS .. "/sealed17-mclaude-slate-dns-troubleshooting.jsonl",
      facts = {
        { "request: troubleshoot the book's internet access, focus on the slate router (dhcp, firewall, " ..
            "cloudflared, blocky)",
          { "slate", "blocky", "cloudflared" }, { "troubleshoot", "slate" } },
        { "first attempt failed: api error 401, oauth token expired (/login)",
          { "oauth token has expired" }, { "401", "oauth" } },
        { "diagnosis: dns times out from the book though port 53 is bound; dns works on the router itself; chain " ..
            "dnsmasq:53 -> blocky:5335 -> cloudflared:5053",
          { "dnsmasq", "blocky", "5335" }, { "cloudflared", "5053" } },
        { "cause 1: nftables (fw4) rule lan_drop_leaked_dns (vpn killswitch dns leak protection) dropping lan dns; " ..
            "disabled with uci set firewall.lan_drop_leaked_dns.enabled='0' and fw4 reload",
          { "lan_drop_leaked_dns" }, { "killswitch" } },
        { "cause 2: gl.inet dns_table / dns_redirect (override dns for all clients, force_dns=1); gl-dns " ..
            "force_dns=0, route_policy instance_on=0, firewall.dns_order disabled because the script recreated " ..
            "dns_table",
          { "dns_table" }, { "force_dns" }, { "dns_order" } },
        { "answer: mullvad is the wireguard vpn tunnel (wgclient1), not in the dns chain; dns went to cloudflare",
          { "mullvad", "vpn", "not part of the dns" }, { "mullvad", "wgclient1" }, { "mullvad", "dns chain" } },
        { "trust comparison: cloudflare (usa, cloud act, 24-48h logs) vs mullvad (sweden, audited no-logs, police " ..
            "raid found nothing)",
          { "cloudflare", "mullvad", "jurisdiction" }, { "no%-logs" }, { "raid" } },
        { "decision (user picks 3): local blocky query logging and cloudflared upstream switched to mullvad doh " ..
            "(dns.mullvad.net/dns-query)",
          { "dns%.mullvad%.net" }, { "mullvad", "doh" } },
        { "blocky config /etc/blocky/config.yml: querylog console for v0.28, then csv-client under /tmp/blocky-logs " ..
            "(logread only works over ssh)",
          { "csv%-client" }, { "blocky%-logs" }, { "querylog" }, { "logread" } },
        { "per-client logs (slate, zima, book, legion, pixel, sonos): clientlookup with single ips (blocky rejects " ..
            "cidr), blocky moved to port 53; legion-windows and legion-cachy split",
          { "clientlookup" }, { "cidr" }, { "legion%-cachy" }, { "per%-client" } },
        { "documented all changes in docs/slate-network-config-2026-01-17.md",
          { "slate%-network%-config" } },
        { "push: gitleaks flagged private 192.168 addresses, added to .gitleaksignore; commit 418d9c9 pushed to " ..
            "m-thisness/m-claude; 'update repo with local' -> already synced, working tree clean",
          { "gitleaks" }, { "418d9c9" }, { "already synced" }, { "gitleaksignore" },
          wrong = { { "not pushed" }, { "push", "still blocked" } } },
      },
    },
    -- == CRHGC (PyQt6 desktop): test coverage raised over five audit rounds ==
    {
      agent = "claude-code", sealed17 = true, path = SESSIONS .. "/sealed17-crhgc-desktop-test-coverage.jsonl",
      facts = {
        { "goal: extend test coverage (unit, api, e2e) of an offline pyqt6 desktop app (crhgc) under repo/, round " ..
            "after round of the user's audit findings",
          { "unit", "api", "e2e" }, { "coverage", "pyqt6" }, { "crhgc" } },
        { "setup: no pytest/pip/ensurepip on the system python; uv venv .venv with pytest, cryptography, openpyxl, " ..
            "rapidfuzz",
          { "uv venv" }, { "%.venv", "pytest" }, { "no module named pip" }, { "ensurepip" } },
        { "baseline: the 37 existing tests pass (1 skipped, no pyqt6)",
          { "37 existing" }, { "37 tests" } },
        { "new test files written by parallel agents (one agent failed, its files written again): " ..
            "test_unit_crypto.py, test_api_catalog.py, test_api_bom.py, test_e2e_workflows.py, test_e2e_desktop.py " ..
            "...",
          { "test_unit_crypto" }, { "test_api_bom" }, { "test_e2e_desktop" }, { "test_e2e_workflows" } },
        { "test fixes: stylerevision .state not .status, pytest.raises match on the bizerror message not .code, " ..
            "compute_cost returns a float, create_node returns an int",
          { "bizerror" }, { "compute_cost" }, { "%.state", "%.status" } },
        { "first round result: 325 passed, 1 skipped, 2 xfailed (328 tests, from 37)",
          { "325 passed" }, { "328" } },
        { "bug fix: studentservice.update crashed on delete from the contentless fts5 table students_fts; now " ..
            "insert ... values('delete', rowid, old values) in backend/services/student.py; the 2 xfail markers " ..
            "removed",
          { "fts5", "delete" }, { "students_fts" }, { "contentless" } },
        { "readme rewritten: project type desktop, docker compose build/up (no local pip install), demo credentials " ..
            "admin / demopassw0rd!, no http endpoint layer; run_tests.sh uses python3 -m pytest in the container",
          { "readme", "docker compose" }, { "demopassw0rd" }, { "run_tests%.sh", "python3 %-m pytest" } },
        { "interruption: api error: terminated mid-round, the user says continue and the round is finished",
          { "api error" }, { "terminated" } },
        { "question: do we have http? no: desktop app, pyqt6 gui calls services in-process via container, 0 " ..
            "endpoints, api coverage n/a by design",
          { "no http" }, { "http", "in%-process" }, { "zero http endpoints" }, { "http", "n/a" } },
        { "added direct tests for frontend/tabs_extra.py (catalogtab, bomtab, updatertab, complianceexttab), " ..
            "main.py/run_gui and style.qss in test_frontend_widgets.py",
          { "tabs_extra" }, { "test_frontend_widgets" }, { "style%.qss" }, { "run_gui" } },
        { "added tests/test_unit_db.py (26 tests: connection, transactions, at-rest encryption, migrations, seed) " ..
            "and test_unit_branches.py (47 branch tests: crypto, audit, events, config, db, permissions)",
          { "test_unit_db" }, { "test_unit_branches" } },
        { "test counts per round: 357 passed/28 skipped, 360/48, 388/70, finally 435 passed, 96 skipped (all " ..
            "pyqt6), 0 failures",
          { "435 passed" }, { "96 skipped" } },
        { "end: the last round's three gaps answered; the transport-layer (http) gap called an architectural fact, " ..
            "not fixable",
          { "architectural fact" }, { "not fixable" }, { "transport", "by design" } },
      },
    },
    -- == Compliance console (Go + React): tests over four audit rounds, two commits ==
    {
      agent = "claude-code", sealed17 = true, path = SESSIONS .. "/sealed17-compliance-console-go-react-tests.jsonl",
      facts = {
        { "goal: add extensive unit, api and e2e tests to a go (echo) + react fullstack app under repo/, then fix " ..
            "several rounds of coverage-audit findings",
          { "unit", "api", "e2e" }, { "compliance%-console" } },
        { "environment: go is not installed locally (go: command not found; the project runs in docker), so go " ..
            "tests are only written, never run",
          { "go: command not found" }, { "go isn.t installed" } },
        { "error: vitest 4.x needs a newer node than node 18 (ebadengine); vitest 1.x installed instead",
          { "vitest", "node 18" }, { "ebadengine" } },
        { "first round: frontend tests 33 passing in 5 files; go handler/unit tests plus tests/e2e_*_test.go and " ..
            "their go.mod/go.sum",
          { "33 frontend tests" }, { "e2e_", "_test%.go" } },
        { "audit: 80 endpoints, 48/80 (60%) with any http test, 43/80 (53.75%) true no-mock http tests",
          { "80 endpoints" }, { "53%.75" }, { "43 / 80" } },
        { "shell api tests: repo/api_tests/api_test.sh, authz_boundary_test.sh and the new full_coverage_test.sh " ..
            "(real curl against localhost:8080)",
          { "full_coverage_test%.sh" }, { "authz_boundary_test" }, { "api_test%.sh" } },
        { "readme fixed: project type fullstack (go + react), docker-compose up, credentials table, 80-endpoint table",
          { "readme", "docker%-compose up" }, { "project type", "fullstack" } },
        { "new handler tests: staff_test.go (17), audit_test.go (3); frontend page tests fixed (named export of " ..
            "sortableheader, heading text, + create user button, sidebar mock)",
          { "staff_test%.go" }, { "audit_test%.go" }, { "sortableheader" }, { "sidebar mock" } },
        { "fix: demo users scheduler_user, reviewer_user, auditor_user seeded in backend/db/init.sql with the admin " ..
            "argon2id hash (admin12345!!!)",
          { "scheduler_user" }, { "init%.sql", "reviewer_user" }, { "auditor_user" } },
        { "13 missing endpoints added to full_coverage_test.sh; roleguard integration test; 256 go test functions, " ..
            "108 frontend tests passing",
          { "13 missing" }, { "roleguard" }, { "108", "frontend" } },
        { "commit: first git commit failed (exit 128, author identity unknown); git config user.email/user.name " ..
            "set, then commit 9e36363 add comprehensive test coverage and fix readme compliance",
          { "9e36363" }, { "author identity unknown" }, { "git commit", "comprehensive test coverage" } },
        { "mocked go e2e tests (tests/e2e_*_test.go, inline fake handlers) deleted, logic moved into " ..
            "unit_tests/content_lifecycle_test.go and cookie_security_test.go",
          { "content_lifecycle_test" }, { "cookie_security_test" }, { "e2e", "delet" } },
        { "last round: middleware tests auth_test.go / security_test.go / ratelimit_test.go, app.test.tsx and " ..
            "main.test.tsx, shell tests made strict (no assert_status_any, no skip fallbacks, " ..
            "assert_body_contains); commit 5d3e04d",
          { "assert_status_any" }, { "ratelimit_test" }, { "app%.test%.tsx" }, { "5d3e04d" },
          { "assert_body_contains" } },
        { "end: 34 go test files, 275 go test functions, 19 frontend files with 122 tests; only " ..
            ".tmp/test_coverage_and_readme_audit_report.md untracked; no browser-level (playwright/cypress) fe-be " ..
            "e2e test was added",
          { "275", "go test" }, { "122", "frontend" }, { "test_coverage_and_readme_audit_report" },
          { "browser%-level" } },
      },
    },
    -- == CareOps clinic suite (Go Fiber): ten acceptance findings fixed in one request ==
    {
      agent = "claude-code", sealed17 = true, path = SESSIONS .. "/sealed17-careops-acceptance-fixes-go.jsonl",
      facts = {
        { "request: fix 10 delivery-acceptance findings in the careops clinic administration suite (go fiber + " ..
            "htmx), keeping existing tests passing; security and tests first (1, 5, 8)",
          { "careops" }, { "clinic", "acceptance" }, { "clinic%-admin%-suite" } },
        { "fix 1: logout invalidates the session server-side (authservice.logout deletes by token hash) in " ..
            "app_pages_handler.go, plus a new post /api/v1/auth/logout in auth_handler.go registered in router.go",
          { "logout", "session", "server%-side" }, { "api/v1/auth/logout" }, { "invalidat", "session" } },
        { "fix 5: iprateLimiter middleware, 10 attempts per ip per minute on post /login and /api/v1/auth/login, " ..
            "429 with retry-after",
          { "ipratelimiter" }, { "10 attempts" }, { "rate limit", "login" }, { "429", "retry%-after" } },
        { "fix 6: settlement runshift only within +-30 minutes of the 7:00, 15:00 and 23:00 shift closes, else 422; " ..
            "setadminoverride for tests (existing settlement tests updated)",
          { "setadminoverride" }, { "settlement", "422" }, { "shift%-close" }, { "settlement", "window" } },
        { "fix 3: on-time kpi (started_at <= scheduled_start + 15 min, onTimePct in opssummary of " ..
            "report_service.go) shown in paneloverview",
          { "on_time_pct" }, { "ontimepct" }, { "scheduled_start", "15" } },
        { "fix 7: datetime-local inputs for window_start/window_end with a parsedatetimeinput helper (rfc3339 or " ..
            "datetime-local)",
          { "datetime%-local" }, { "parsedatetimeinput" } },
        { "fix 2 and 10: the localstorage lru simulator replaced by an indexeddb cache (2 gb cap, 200 items, lru " ..
            "eviction, clear device cache) in cache_ui_handler.go/app.js; clinic:* localstorage cleared on logout",
          { "indexeddb" }, { "lru", "cache" }, { "clearclinicdevicecache" }, { "localstorage", "logout" } },
        { "fix 4: visual timeline of exam session drafts with draggable blocks posting to " ..
            "/ui/scheduling/drafts/:id/adjust, text inputs kept",
          { "timeline", "drag" }, { "drafts/", "adjust" } },
        { "fix 9: html/template .gohtml files under internal/api/templates/ embedded with go:embed; only login, " ..
            "appshell, overview, occupancy and exercises converted, the other panels still string-built",
          { "gohtml" }, { "go:embed" }, { "templates", "embed" } },
        { "fix 8 tests in unit_tests/: auth service, the 5 payment gateway adapters, media service, fieldcipher " ..
            "round trip, audit hash chain",
          { "fieldcipher" }, { "hash chain" }, { "gateway", "adapter" }, { "media_service_test" } },
        { "test failures fixed: exercise difficulty must be beginner/intermediate/advanced, path traversal " ..
            "assertion (filepath.clean), audit fk on actor_id needs a user, hash recompute vs stored unix time, " ..
            "append-only audit_events",
          { "difficulty", "beginner" }, { "filepath%.clean" }, { "actor_id" }, { "append%-only" } },
        { "end: go test ./unit_tests/... ./internal/... and ./api_tests/... all ok, go build ./... passes; not " ..
            "committed",
          { "all tests pass" }, { "go build", "pass" }, { "api_tests", "ok" },
          wrong = { { "tests? still fail" }, { "build fails" } } },
      },
    },
    -- == MeridianOps (FastAPI + Vue): prompts 1-7 with installs that never finish ==
    {
      agent = "codex", sealed17 = true, path = SESSIONS .. "/sealed17-meridianops-prompts-1-6-fastapi.jsonl",
      facts = {
        { "goal: the meridianops retail performance platform (on-premise; campaigns, loyalty, training, inventory, " ..
            "attendance) built prompt by prompt",
          { "meridianops" } },
        { "stack: vue spa frontend, fastapi backend, postgresql, alembic migrations, all code under fullstack/",
          { "fastapi", "vue", "postgres" }, { "fastapi", "alembic" } },
        { "prompt 1: root packaging (fullstack/, docs/, prompt.md renamed from promp.codex.md, questions.md, " ..
            "trajectory.json, docs/design.md, docs/api-spec.md)",
          { "prompt%.md" }, { "trajectory%.json" }, { "api%-spec%.md" } },
        { "error: npm.ps1 blocked by execution policy (powershell) and npm create-vite fails with " ..
            "eacces/fetcherror, no registry access in the sandbox",
          { "eacces" }, { "create%-vite" }, { "npm%.cmd" } },
        { "error: bulk file writes fail (createprocessasuserw failed / directorynotfound), rewritten in smaller " ..
            "batches",
          { "createprocessasuserw" }, { "smaller batch" }, { "directorynotfound" } },
        { "error: apply_patch route fails (requires a utf-8 patch argument), files written with set-content " ..
            "here-strings",
          { "apply%-patch", "utf%-8" }, { "set%-content" } },
        { "installs never finish: npm.cmd install timed out / aborted by the user; pip install -e .[dev] permission " ..
            "denied (errno 13) then aborted",
          { "pip install %-e" }, { "errno 13" }, { "permission denied" }, { "npm", "timed out" },
          { "install", "abort" } },
        { "prompt 2: local auth (bcrypt, 12-char minimum, lockout after 5 failures for 15 minutes), rbac for 5 " ..
            "roles, masking, optional encryption",
          { "bcrypt", "lockout" }, { "5 fail", "15 min" }, { "rbac", "lockout" } },
        { "prompts 3+4 together: members/tiers/points (floor(pre_tax_amount)), wallet ledger, audit; " ..
            "campaigns/coupons/qr issuance/scan redemption with reason codes, daily cap 200",
          { "floor%(pre_tax_amount%)" }, { "loyalty", "campaign" }, { "coupon", "redemption" } },
        { "files: loyalty_service.py, campaign_service.py, members.py/campaigns.py endpoints, migration " ..
            "20260326_0003_loyalty_campaigns, tests/test_auth_security.py, " ..
            "membersview/campaignsview/checkoutview.vue",
          { "loyalty_service" }, { "campaign_service" }, { "20260326_0003" }, { "test_auth_security" },
          { "checkoutview" } },
        { "error: pytest fails: pydantic settingserror parsing backend_cors_origins from .env; fixed in config; " ..
            "then no module named psycopg (test db switched to sqlite in conftest.py), then no module named bcrypt",
          { "backend_cors_origins" }, { "settingserror" }, { "psycopg" }, { "no module named", "bcrypt" } },
        { "verdict: python -m compileall app passes; full pytest and frontend build/lint blocked by missing " ..
            "dependencies",
          { "compileall" },
          wrong = { { "pytest passe" }, { "all tests pass" }, { "tests are green" } } },
        { "prompts 5+6 together: inventory (append-only ledger, reservations, row-level locking) and training " ..
            "(spaced repetition); started: migration 20260326_0004_inventory_training, ops_training.py, schemas " ..
            "inventory.py/training.py, inventory_math.py",
          { "20260326_0004" }, { "inventory_training" }, { "ops_training" }, { "inventory_math" },
          { "append%-only", "reservation" } },
        { "state at the end: prompt 5/6 half written (no endpoints/ui/tests yet), then prompt 7 (attendance, " ..
            "anti-fraud, cross-day, 30 s rotating qr, break after 6 h) sent twice; nothing installed or tested",
          { "prompt 7", "attendance" }, { "cross%-day" }, { "anti%-fraud" } },
      },
    },
    -- == NeighborhoodPickup (Vue + Express/TS): after a handoff, prompts 4-7 without builds ==
    {
      agent = "codex", sealed17 = true, path = SESSIONS .. "/sealed17-pickup-prompts-4-7-no-build.jsonl",
      facts = {
        { "goal: the neighborhoodpickup commerce portal in 10 sequential codex prompts, all code under fullstack",
          { "neighborhoodpickup" }, { "10 sequential" }, { "prompt %d+ of 10" } },
        { "stack: vue frontend, express + typescript backend, mysql",
          { "vue", "express", "mysql" } },
        { "handoff: prompts 2-4 present (commerce, orders/pricing/ledger, discussions/notifications), migrations " ..
            "0003-0005",
          { "0005_discussions_notifications" }, { "0004_orders_pricing_ledger" },
          { "discussions", "notifications", "prompt 4" } },
        { "error: npm.ps1 cannot be loaded (running scripts is disabled), so npm.cmd is used",
          { "npm%.cmd" }, { "running scripts is disabled" }, { "execution.polic" } },
        { "error: backend tsc fails (ts2347 untyped function calls in mysqlauthstore.ts); jest and vue-tsc not " ..
            "recognized",
          { "ts2347" }, { "mysqlauthstore" }, { "jest", "not recognized" }, { "vue%-tsc", "not recognized" } },
        { "error: fullstack is not a git repository",
          { "not a git repo" } },
        { "npm install --workspaces aborted by the user (twice); the user then says continue without installing and " ..
            "building",
          { "install %-%-workspaces" }, { "without install" }, { "without", "build" } },
        { "error: later build cannot find module mysql2/promise (ts2307); declaration shim " ..
            "backend/src/types/external-modules.d.ts for argon2 and mysql2/promise",
          { "mysql2/promise" }, { "external%-modules%.d%.ts" }, { "ts2307" } },
        { "error: the apply_patch route fails (requires a utf-8 patch argument), files written with set-content",
          { "apply%-patch", "utf%-8" }, { "set%-content" } },
        { "prompt 5: leader onboarding/approval/commission/metrics; migration 0006_leader_governance (.sql and " ..
            ".down.sql) and backend/src/features/leaders/types.ts",
          { "0006_leader_governance" }, { "leader_applications" }, { "features[/\\]+leaders" },
          { "leader", "onboarding", "migration" } },
        { "rule: leader commission defaults to 6% of pre-tax item totals (default_commission_rate 0.0600)",
          { "6%%", "commission" }, { "0%.0600" } },
        { "request: prompts 6 (appeals, pdf/jpg/png up to 10mb, 5 files, checksum) and 7 (finance: $500/day, 2 " ..
            "withdrawals/week, blacklist, csv)",
          { "appeal", "checksum" }, { "withdrawal", "blacklist" }, { "prompt 6", "prompt 7" } },
        { "state: prompt 5 left paused half-done (migration + types, no routes/pages), prompts 6-7 only started by " ..
            "reading files; nothing built or tested",
          { "paused", "prompt 5" }, { "prompt 5", "without install" },
          wrong = { { "all tests pass" }, { "build succeed" }, { "build passes" } } },
        { "last request (repeated): make sure everything in the original prompt is implemented, backend and " ..
            "frontend, in a real-world way",
          { "original prompt", "backend", "frontend" }, { "real%-?world" } },
      },
    },
  }
end
