-- bench/summary_facts_sealed11.lua: an eleventh sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes, and that no
-- summarizer was ever run on: each list was written on 2026-12-02 by
-- reading only the raw transcript (the imported messages printed as text),
-- without running the extractive summarizer, the bench or the `compact`
-- command on them and without reading any summary of them. Facts are in the
-- bench's form ({ label, alternative, ... }, an alternative a lowercase Lua
-- pattern or a list of patterns that must all match, `wrong` alternatives
-- marking a fact lost). Every (right) alternative was checked, by a
-- throwaway script that calls no summarizer, to match the imported input
-- itself (message text, call names and arguments, results, the previous
-- summary, lowercased).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirror (nothing of theirs is committed here), as sealed11-act-<name>.
--
-- Sessions of a pi-based agent (GJC; tools read/edit/bash/search/task/
-- subagent, Korean user turns) from pinion05/agent-complex-task @
-- 80e23d89937559d6a63940d1f62c49bbc1bd785b:
--
-- * sessions/03-raddit-dashboard-pr/session.jsonl
--   -> sealed11-act-raddit-bidask-column.jsonl (67 messages, after a
--   compaction: the file opens with a previous summary of PRs #47-#52): the
--   bid/ask (호가잔량, buy %) column added to the dashboard table of
--   raddit-astro (attachBidAskBatch in src/lib/upstream.ts, getData in
--   services.ts, Dashboard.tsx COLS/sortVal/row cell, Layout.astro CSS),
--   a duplicate `vol:` line removed, build and E2E (17/17 items), commit
--   42649b7 and PR #53; the user's review loop ("리뷰루프"): an architect
--   subagent's WATCH verdict with two P2s (no 401/403 crumb retry, thin
--   books), fixed in 04f6b4e (bidAskTotal, .thin dimming, min-width 900px),
--   PR #53 merged into dev; then issues #54 (chart screener view) and #55
--   (frontend design/UX) registered.
-- * sessions/04-awesome-agent-ide/session.jsonl
--   -> sealed11-act-awesome-agent-ide.jsonl (150 messages): research on
--   agent-native IDEs (cmux, Superset, Orca, Conductor, Emdash, ...), a
--   ranked README published as the public repo pinion05/awesome-agent-ide
--   with an HTML page on GitHub Pages (docs/), a multilingual README (ko,
--   ja, zh-CN, es), a fact-check by four subagents and the corrections
--   applied by three more (12 corrections, e.g. Emdash 12 ticket
--   platforms), committed, pushed and a Pages build triggered.
--
-- * sessions/01-youtube-transcript-extraction/session.jsonl
--   -> sealed11-act-youtube-transcript.jsonl (375 messages; a line or two of
--   broken JSON skipped by the importer): transcripts of ~50 videos wanted
--   for a mimo analysis; YouTube's caption API blocked the IP (429), so the
--   49 descriptions built ai-model-comparison.html instead; then the
--   user's demand for transcripts: innertube, tor (consent page, "not a
--   bot"), bgutil-ytdlp-pot-provider PO tokens, still 429; last, the
--   session uploaded to GitHub as agent-complex-task, PII masked.
--
-- Not written for lack of time: the removed 02-inline-agent-design (168
-- messages, at commit 3ae80f5, a design discussion).
--
--   return value: function(SESSIONS) -> array of { agent, sealed11 = true, path, facts }

return function(SESSIONS)
  return {
    -- == raddit: bid/ask column in the dashboard table, PR #53, review loop, issues #54/#55 ==
    {
      agent = "pi", sealed11 = true, path = SESSIONS .. "/sealed11-act-raddit-bidask-column.jsonl",
      facts = {
        { "goal: show each ticker's bid/ask (buy %) ratio in the dashboard table, not only the detail modal",
          "bidask", "호가잔량", "buy_ratio_pct" },
        { "attachBidAskBatch in src/lib/upstream.ts: Yahoo v7/quote + crumb batch lookup", "attachbidaskbatch",
          { "v7/quote", "crumb" } },
        { "Dashboard.tsx: COLS, sortVal, load map, row cell for the bidask column",
          { "dashboard%.tsx", "cols" }, { "dashboard%.tsx", "sortval" } },
        { "a duplicated `vol:` line in the load map removed", { "duplicate", "vol" }, "중복" },
        { "build passes (npm run build / astro build)", "npm run build", "astro build", "빌드 그린" },
        { "E2E: /api/data?max_price=5 gives buy_ratio_pct on 17/17 items", "17/17",
          { "max_price=5", "buy_ratio_pct" } },
        { "committed (42649b7) on feat/dashboard-bidask-column, PR #53 into dev", "pull/53", "pr #53", "42649b7",
          "feat/dashboard%-bidask%-column" },
        { "user asked for a review loop; architect subagent verdict WATCH", "리뷰루프", { "architect", "watch" } },
        { "P2: no crumb re-issue / retry on 401/403 in attachBidAskBatch", { "401", "403", "retry" },
          { "401/403", "crumb" } },
        { "P2: thin order books: bidAskTotal added, cells under 100 dimmed (.thin), table min-width 900px",
          "bidasktotal", { "thin", "opacity" }, "min%-width: 900px" },
        { "review fixes committed 04f6b4e and pushed; PR #53 merged into dev (merge commit)", "04f6b4e",
          { "gh pr merge 53", "merge" }, "dev 머지" },
        { "issue #54: chart screener view (list <-> chart grid toggle)", "issues/54", "스크리너",
          { "screener", "issue" } },
        { "issue #55: frontend design/UX improvement", "issues/55", "디자인/ux", { "design", "issue" } },
      },
    },
    -- == awesome-agent-ide: research, README + GitHub Pages, multilingual, fact-check ==
    {
      agent = "pi", sealed11 = true, path = SESSIONS .. "/sealed11-act-awesome-agent-ide.jsonl",
      facts = {
        { "goal: research and rank agent-native IDEs like cmux, superset, orca", { "cmux", "superset", "orca" } },
        { "other tools covered: Conductor, Emdash, Claude Squad, Parallel Code, Vibe Kanban, Nimbalyst, Intent",
          { "conductor", "emdash" }, { "claude%-squad", "parallel%-code" }, "vibe kanban" },
        { "request: a pretty README, repo awesome-agent-ide on GitHub, HTML deployed on GitHub Pages",
          { "awsome%-agent%-ide", "깃헙페이지" }, { "awesome%-agent%-ide", "pages" } },
        { "files: README.md, docs/ HTML page, LICENSE (CC0), .nojekyll", "%.nojekyll", { "cc0", "license" },
          "docs/index%.html" },
        { "repo created with gh repo create, public", { "gh repo create", "awesome%-agent%-ide" } },
        { "GitHub Pages enabled from main /docs via gh api; site at pinion05.github.io/awesome-agent-ide",
          "pinion05%.github%.io/awesome%-agent%-ide", { "pages", "source%[path%]=/docs" } },
        { "request 2: multilingual README", "리드미 다국어", "multilingual readme" },
        { "translations README.ko.md, README.ja.md, README.zh-CN.md, README.es.md with a language selector",
          { "readme%.ko%.md", "readme%.ja%.md", "readme%.zh%-cn%.md", "readme%.es%.md" } },
        { "request 3: fact-check with subagents and apply it", "팩트체크", "fact%-check" },
        { "four fact-check subagents in parallel (Orca/Emdash, Superset/cmux, ...)", "factcheck%-orca%-emdash",
          "factcheck%-superset%-cmux" },
        { "corrections by three fix subagents (EN/KO, JA/ZH, ES/HTML)", "fix%-readme%-en%-ko",
          "fix%-readme%-es%-html" },
        { "e.g. Emdash: 12 ticket platforms (not 8), emdash.ai, 34 CLI providers; cmux license corrected",
          "12 ticket platforms", { "emdash%.ai" }, { "cmux", "라이선스" } },
        { "committed 'Fact-check corrections across all languages', pushed, Pages build triggered",
          "fact%-check corrections across all languages", "pages build triggered" },
        { "at the end: user asked the subagent list (7, all done) and the session name", "서브에이전트 목록",
          "세션 이름" },
      },
    },
    -- == YouTube transcripts: yt-dlp, 429 blocks, tor, PO tokens, the session uploaded ==
    {
      agent = "pi", sealed11 = true, path = SESSIONS .. "/sealed11-act-youtube-transcript.jsonl",
      facts = {
        { "goal: extract the videos' transcripts, analyse them in parallel with mimo, winners/notes, merged",
          { "트랜스크립트", "mimo" }, { "transcript", "mimo" } },
        { "yt-dlp was too old and was updated; youtube-transcript-api used", { "yt%-dlp", "업데이트" },
          "youtube%-transcript%-api" },
        { "YouTube blocked this IP for captions (429, the timedtext/caption API)", { "429", "ip" },
          { "timedtext", "차단" } },
        { "fallback: the 49 video descriptions read with the read tool, compiled to JSON, a site built",
          { "49", "설명" }, { "49", "description" } },
        { "the site ai-model-comparison.html (a JS parse error fixed by separating data and code), sent by telegram",
          "ai%-model%-comparison%.html" },
        { "user: transcripts are a must, research how to collect them", "자막데이터가 무조건 필요" },
        { "innertube get_transcript tried (protobuf params wrong)", "innertube", "get_transcript" },
        { "user asked to install tor; tor SOCKS5 on 9050", { "tor", "9050" }, "토르 설치" },
        { "through tor: consent page (CONSENT=YES+ cookie), then 'Sign in to confirm you're not a bot'",
          "consent=yes", "sign in to confirm you're not a bot", "confirm you.re not a bot" },
        { "bgutil-ytdlp-pot-provider (PO Token server on port 4416) found by web research",
          "bgutil%-ytdlp%-pot%-provider", { "po token", "4416" } },
        { "still 429 on the subtitle download from the direct IP even with a PO token",
          { "429", "subtitle download" }, { "po token", "429" } },
        { "request: upload the raw session JSON to GitHub as agent-complex-task, PII masked",
          { "agent%-complex%-task", "깃허브" }, { "agent%-complex%-task", "mask" }, { "agent%-complex%-task", "마스킹" } },
        { "user: not that session, the one with the transcript struggle; the right file found (1.7MB)",
          "그 세션이 아닌데", "2026%-07%-14t04%-52%-56%-289z_s3a4e4832dc8e%.jsonl" },
      },
    },
  }
end
