-- bench/summary_facts_sealed18.lua: an eighteenth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public Claude Code main transcripts (no sub-agent files) that no
-- other fact list takes (none of the repositories or files of
-- /work/coord/used.txt), from six repositories, and that no summarizer was
-- ever run on: each list was written on 2026-12-02 by reading only the raw
-- transcript (the imported messages printed as text: user messages,
-- assistant text and thinking, tool calls with their arguments, the key
-- lines of their results, and the imported previous summary where the
-- session holds one), without running the extractive summarizer, the bench
-- or the `compact` command on them and without reading any summary of them.
-- Facts are in the bench's form ({ label, alternative, ... }, an
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
-- mirrors (nothing of theirs is committed here), as sealed18-<source>-<name>.
--
-- Claude Code main transcripts:
--
-- * Pavlosaa/knowledge-source-triage-bot @ a520218b6949ab1da99c0c27893575588c30a7d5,
--   session-log.jsonl (removed again in the next commit)
--   -> sealed18-triagebot-scrapfly-fake-metadata.jsonl (400 messages, 2.0 MB,
--   Linux, Claude Code on the web driven from the mobile app, the user
--   writes Czech): a Telegram triage bot rejecting a @stitchbygoogle tweet as
--   "nizka hodnota" (no followers, unverified); a first prompt fix on a stale
--   branch, the real cause (the ScrapFly HTML parser hard-codes
--   follower_count=0 / is_verified=False), CI test fix, branch protection,
--   deploy workflow_dispatch, ScrapFly request/response logging, then a long
--   detour to hand the session log to the desktop app; ends copying the log
--   into the repository.
-- * YatharthPnwr/Flux @ 024b8ea5cbc769369c8bc45651eea0115417e3c9, claude-session.jsonl
--   -> sealed18-flux-frontier-ideas-memory.jsonl (26 messages, 0.2 MB,
--   Linux): /solana-dev frontend ideas for a saved KaminoMatch plan, then the
--   real project from PROJECT_CONTEXT.md (Flux, "Wise on Stablecoins":
--   USDC -> Jupiter -> EURC -> MoonPay, Solana Frontier, May 11) saved as
--   memory; ends as /apply-grant (Superteam agentic engineering grant)
--   starts.
-- * mattjoyce/vestig @ 06760851f2139ad6b6b6791af67715f8ccce622d, session.jsonl
--   -> sealed18-matterbase-rename-replace.jsonl (17 messages, 0.1 MB, macOS):
--   a folder renamed ProjectTracker -> matterbase, a search/replace whose
--   first case-sensitive grep finds nothing; four lines of .claude/CLAUDE.md
--   replaced.
-- * bastion-agentique/bastion @ c78c3434e5f1c87c7a2ac97e50b2c2db5e8d659a, claude-session.jsonl
--   -> sealed18-bastion-skill-lockfile.jsonl (12 messages, 0.1 MB, Linux):
--   the first message is a pasted earlier session of another agent (Bastion,
--   a Rust Solana transaction guard with an Anchor audit program: blockint
--   rules, 66 tests, .gitignore for the keypair, v0.3.0 tag, README fixes, a
--   bastion-how-to-use skill) ending "Continue please"; Claude pushes the
--   skill commit and adds the skill to skills-lock.json.
-- * Aley3567/cutesticky @ 6d5acb1af9414eb64f2d1c753ff51eac2d041335, session-transcript.jsonl
--   -> sealed18-cutesticky-tauri-github.jsonl (8 messages after a /compact,
--   with its 10 KB summary imported, 1.1 MB, macOS, the user writes
--   Chinese): a Tauri v2 + Vue 3 always-on-top sticky note app (earlier work
--   only in the summary), then "upload the first version to GitHub from a
--   cutesticky folder with this session copied in"; ends after the rename.
-- * moredip/session-share @ c82245286829af5cfe9b535885ed158f34c296b8,
--   samples/claude-code-projects/0ccf1a04-1b4c-43b6-8aa5-79e41db43a68.jsonl
--   -> sealed18-sessionshare-curry-poems.jsonl (31 messages, 0.1 MB, macOS):
--   three background sub-agents writing Thai curry poems, a sushi poem, a
--   wrong "I only spawned the red one" and a re-spawn, /publish-session
--   refused then run (gist), interrupted at the end.
--
-- Found and not written: sempervincere/lokal claude-session.jsonl (21 messages,
-- a Superteam grant application whose first message holds an access token);
-- the other claude-session.jsonl grant sessions (2-6 messages each) of
-- aryanpachori/night_agent, kaushikc44/SOLTAX, thejamesnick/agentic-wallet,
-- artomily/samono, NECOKIZZ/BagsApp-, Since2024/Tour_chain, gomugomucode/Yatra;
-- AlexandreVassard/will-it-rain claude.jsonl (1.3 MB but 1 message after its
-- last compaction); moredip/session-share's test fixtures (a comment header
-- before the JSONL, the importer refuses them).
--
--   return value: function(SESSIONS) -> array of { agent, sealed18 = true, path, facts }

return function(SESSIONS)
  return {
    -- == triage bot: fake tweet metadata behind wrong rejections, CI/deploy, then the session-log detour ==
    {
      agent = "claude-code", sealed18 = true, path = SESSIONS .. "/sealed18-triagebot-scrapfly-fake-metadata.jsonl",
      facts = {
        { "request: a new branch / PR named scrapfly-integration (branch claude/scrapfly-integration-KOPoU pushed)",
          { "scrapfly%-integration", "pr" }, { "scrapfly%-integration", "pull request" } },
        { "error: no GitHub API access from the environment (proxy is git-only, gh not authenticated); " ..
          "the user opens PRs",
          { "github api" }, { "gh auth" }, { "gh pr create" }, { "proxy", "git" } },
        { "report: the bot rejected a @stitchbygoogle tweet as low value (no followers, unverified)",
          { "stitchbygoogle" }, { "stitch", "nízká hodnota" }, { "stitch", "low value" } },
        { "request: a rejection variant for when ScrapFly/data fetching fails (source unavailable, fetch_failed)",
          { "zdroj nedostupn" }, { "fetch_failed" }, { "source unavailable" } },
        { "first fix: optional follower_count/is_verified, [data unavailable] labels, CRITICAL RULES in the prompts",
          { "data unavailable" }, { "critical rules" }, { "credibility_system" }, { "follower_count", "none" } },
        { "finding: twikit reads legacy verified not is_blue_verified; Oracle Cloud IPs blocked by X.com",
          { "is_blue_verified" }, { "oracle cloud" } },
        { "error: the branch was stale (ScrapFly already merged on main via feat/scrapfly-twitter); " ..
          "reset to origin/main",
          { "feat/scrapfly%-twitter" }, { "uz je integrovan" }, { "already integrated" }, { "reset", "origin/main" } },
        { "root cause: _parse_tweet_html in the ScrapFly fetcher hard-codes follower_count=0 / is_verified=False",
          { "_parse_tweet_html" }, { "follower_count=0" }, { "hardcod", "follower_count" } },
        { "files: bot/fetcher/twitter.py, bot/analyzer/pipeline.py, bot/analyzer/prompts.py, bot/telegram/formatter.py",
          { "twitter%.py", "pipeline%.py", "prompts%.py", "formatter%.py" } },
        { "checks: ruff and mypy pass locally",
          { "ruff", "mypy" } },
        { "error: CI failed on the PR: test_successful_fetch expected 0/False; assertions changed to " ..
          "is None, 14 tests pass",
          { "test_successful_fetch" }, { "14", "test", "pass" }, { "is none", "test" } },
        { "merge: pushing to main is blocked by branch protection; the user merged the PR",
          { "branch protection" }, { "push", "main", "block" } },
        { "deploy: deploy.yml runs after CI on main; a workflow_dispatch trigger added on " ..
          "claude/add-workflow-dispatch-KOPoU",
          { "workflow_dispatch" }, { "add%-workflow%-dispatch" } },
        { "still rejected after deploy: detailed ScrapFly request/response logging added in _scrapfly_fetch",
          { "_scrapfly_fetch" }, { "scrapfly", "logging" }, { "request/response" }, { "upstream_status" } },
        { "logs: logs/bot.log and logs/errors.log, or journalctl -u triage-bot; the agent has no SSH to the server",
          { "logs/bot%.log" }, { "journalctl" }, { "triage%-bot%.service" } },
        { "request/state: hand the Claude session log (4f0d875b-....jsonl under " ..
          "/root/.claude/projects) to the desktop app; gist failed; ends copying it into the repo as " ..
          "session-log.jsonl for git",
          { "4f0d875b" }, { "session%-log%.jsonl" }, { "/root/%.claude/projects" } },
      },
    },
    -- == Flux: Frontier ideas, then the Wise-on-stablecoins project saved as memory, grant application just started ==
    {
      agent = "claude-code", sealed18 = true, path = SESSIONS .. "/sealed18-flux-frontier-ideas-memory.jsonl",
      facts = {
        { "request: /solana-dev, use the idea and suggest great ideas for (Solana) Frontier",
          { "frontier" }, { "fronntier" } },
        { "finding: the Flux directory is empty; the idea is in the plan here-is-the-idea-jiggly-marshmallow.md",
          { "jiggly%-marshmallow" }, { "project empty" }, { "flux", "empty" } },
        { "idea read: KaminoMatch, a Morpho-style P2P lending matcher on Kamino with Kamino fallback",
          { "kaminomatch" }, { "morpho", "kamino" } },
        { "output: frontend ideas; start with the rate spread widget, loan health gauge and match history feed",
          { "rate spread widget" }, { "loan health gauge" }, { "match history feed" } },
        { "request: take the project context from /home/yatharth/Desktop/idea_validation/PROJECT_CONTEXT.md",
          { "project_context%.md" } },
        { "project: Flux, Wise on Stablecoins: USDC -> Jupiter -> EURC -> MoonPay SEPA off-ramp, live rate vs Wise",
          { "wise on stablecoins" }, { "jupiter", "eurc", "moonpay" } },
        { "deadline: Solana Frontier hackathon, May 11 2026",
          { "may 11" }, { "2026%-05%-11" } },
        { "numbers: about 0.25% total fee vs Wise 0.43%, +1.13 EUR on a $500 send",
          { "1%.13 eur" }, { "0%.43" } },
        { "decision: pure TypeScript / Next.js, no Rust, no Anchor",
          { "no rust" }, { "no anchor" } },
        { "risk: verify on day 1 that MoonPay charges less for eurc_sol than usdc_sol",
          { "eurc_sol" } },
        { "competitor: Credible Finance (USD-INR remittance, 2nd place Cypherpunk stablecoins)",
          { "credible finance" } },
        { "files: memory project_flux_wise_stablecoins.md and its MEMORY.md index written",
          { "project_flux_wise_stablecoins" }, { "memory%.md" } },
        { "latest request: /apply-grant for the Superteam agentic engineering grant (PMF, feasibility, " ..
          "competitors, technical execution); just started",
          { "apply%-grant" }, { "agentic engineering grant" }, { "superteam", "grant" } },
      },
    },
    -- == matterbase: rename follow-up, a search/replace in .claude/CLAUDE.md ==
    {
      agent = "claude-code", sealed18 = true, path = SESSIONS .. "/sealed18-matterbase-rename-replace.jsonl",
      facts = {
        { "context: the folder was renamed from ProjectTracker to matterbase",
          { "projecttracker", "matterbase" } },
        { "reason: ProjectTracker was too PMO; it is a personal knowledge base",
          { "pmo" }, { "personal kb" }, { "knowledge base" } },
        { "offer: update CLAUDE.md (replace the name, reframe the PMO language)",
          { "reframe" }, { "claude%.md", "update" } },
        { "request: a comprehensive search/replace",
          { "search.replace" }, { "search", "replace" } },
        { "error: the first case-sensitive Grep found no matches; a case-insensitive Grep and Read found them",
          { "no matches found" }, { "case%-insensitive" } },
        { "file: .claude/CLAUDE.md is the only file holding ProjectTracker",
          { "%.claude/claude%.md" } },
        { "change: 4 instances replaced with matterbase (lines 7, 13, 28, 86)",
          { "4 instances" }, { "line 86" } },
        { "check: a final case-insensitive search finds no other files; done",
          { "no other occurrences" }, { "no files found" } },
      },
    },
    -- == Bastion: a pasted earlier agent session, then push + skills-lock.json entry ==
    {
      agent = "claude-code", sealed18 = true, path = SESSIONS .. "/sealed18-bastion-skill-lockfile.jsonl",
      facts = {
        { "context: the user pasted a previous (OpenCode, Big Pickle) session and asks to continue",
          { "continue please" }, { "big pickle" } },
        { "pasted: blockint rules (flash loan pattern, high slippage, mint/freeze authority, risk-labeled addresses)",
          { "flashloanpatterncheck" }, { "flash loan", "slippage" }, { "blockintrules" } },
        { "pasted: Anchor program id BaSZuL... (bastion-audit), on-chain audit via BASTION_ON_CHAIN",
          { "baszul" } },
        { "pasted: all 66 tests pass",
          { "66 tests" } },
        { "pasted: a .gitignore keeps target/ and the private bastion-audit-keypair.json out of the commit",
          { "bastion%-audit%-keypair%.json", "gitignore" } },
        { "pasted: commit credited to Daemon Blockint Tech (Co-authored-by)",
          { "daemon blockint tech" } },
        { "pasted: version 0.3.0, tag v0.3.0 pushed for the hackathon submission",
          { "v0%.3%.0" } },
        { "pasted: README fixes (Bastion v2 -> Bastion; old program id BaStion111... -> BaSZu...)",
          { "bastion v2" }, { "bastion11111" } },
        { "pasted: skill.sh question answered with a how-to-use-Bastion skill; " ..
          ".agents/skills/bastion-how-to-use/SKILL.md, commit 9efe77f",
          { "bastion%-how%-to%-use" }, { "how to use bastion" } },
        { "done: commit 9efe77f pushed to origin main (ec4b1d8..9efe77f)",
          { "9efe77f" }, { "ec4b1d8" } },
        { "warning: GitHub reports 19 vulnerabilities (2 high) on the default branch",
          { "19 vulnerabilities" }, { "dependabot" } },
        { "done: bastion-how-to-use added to skills-lock.json (source local, sha256 83381b7c...), " ..
          "commit 2e593ed pushed",
          { "2e593ed" }, { "83381b7c" }, { "skills%-lock%.json", "bastion%-how%-to%-use" } },
      },
    },
    -- == cutesticky: a Tauri sticky note app (in the summary), then the GitHub upload, ends after the rename ==
    {
      agent = "claude-code", sealed18 = true, path = SESSIONS .. "/sealed18-cutesticky-tauri-github.jsonl",
      facts = {
        { "goal: a cute always-on-top desktop sticky note app, orange theme with switchable colors",
          { "sticky note" }, { "always%-on%-top" }, { "alwaysontop" }, { "橘子" } },
        { "stack: Tauri v2 + Vue 3 + TypeScript",
          { "tauri v2" }, { "tauri", "vue" } },
        { "features: memo, todo list and a toggleable links tab (常用); data kept with plugin-store, " ..
          "links opened with plugin-shell",
          { "plugin%-store" }, { "plugin%-shell" }, { "常用" } },
        { "error: brotli / alloc-no-stdlib conflict fixed by cargo update -p alloc-stdlib --precise 0.2.2",
          { "alloc%-stdlib %-%-precise 0%.2%.2" }, { "brotli" } },
        { "error: transparent window needs macOSPrivateApi true in tauri.conf.json",
          { "macosprivateapi" }, { "macos%-private%-api" } },
        { "error: non-TTY installs (rustup -y, npx tauri init instead of npm create tauri-app)",
          { "non%-tty" }, { "tauri init" } },
        { "redesign: the user found it cheap (廉价, emoji orange); SVG icon, sliding tab indicator, SF Pro Rounded",
          { "廉价" }, { "sliding", "indicator" }, { "sf pro rounded" } },
        { "preference: ask several questions at once with the AskUserQuestion tool",
          { "askuserquestion" } },
        { "state before: all 7 tasks done, the app builds and runs, waiting for feedback",
          { "all 7 tasks" } },
        { "latest request: make it software, upload v1 to GitHub from a cutesticky folder on the " ..
          "Desktop with this session copied in",
          { "cutesticky", "github" } },
        { "done: dev server killed, /Users/admin/Desktop/cute-sticky renamed to cutesticky",
          { "kill 78623" }, { "mv", "cutesticky" }, { "rename", "cutesticky" } },
        { "state: ends after the rename; session file (bd282509-...jsonl) not copied, nothing pushed yet",
          { "bd282509" }, { "cutesticky", "session", "cop" } },
      },
    },
    -- == session-share sample: background curry-poem agents, a sushi poem, publish-session ==
    {
      agent = "claude-code", sealed18 = true, path = SESSIONS .. "/sealed18-sessionshare-curry-poems.jsonl",
      facts = {
        { "request: sub-agents write poems about Thai green, yellow and red curry after a web search for adjectives",
          { "green", "yellow", "red", "curry" } },
        { "request: run them in the background and meanwhile write a sushi poem",
          { "sushi" } },
        { "done: three background Task agents launched (run_in_background)",
          { "run_in_background" }, { "a9cad17" }, { "background", "agent" } },
        { "done: the red curry poem arrived first (Crimson river...)",
          { "crimson river" }, { "red curry", "ready" } },
        { "user: /plugin twice and /publish-session; the assistant first declined the local command",
          { "publish%-session" } },
        { "error: TaskOutput found no task ac27727; the assistant wrongly said only red was spawned " ..
          "and re-spawned green and yellow",
          { "no task found" }, { "only spawned" }, { "afbbf75" }, { "a5bdbc1" } },
        { "done: yellow (Golden warmth) and green (In emerald swirls) poems; all four poems complete",
          { "golden warmth" }, { "emerald swirls" }, { "all four poems" } },
        { "user: why won't you run it? -> publish_session.py of the session-share plugin run",
          { "publish_session%.py" }, { "session%-share" } },
        { "result: session published to a gist with 5 subagent transcripts",
          { "ddfbe6ef17883b0bd33680fdf5d714af" }, { "5 subagent" }, { "gist" } },
        { "end: the user asked whether they are still being written, then interrupted",
          { "still being written" }, { "interrupted" } },
      },
    },
  }
end
