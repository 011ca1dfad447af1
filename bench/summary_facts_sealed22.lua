-- bench/summary_facts_sealed22.lua: a twenty-second sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public Claude Code sessions (main transcripts from committed
-- ~/.claude/projects folders, no subagent files) that no other fact list
-- takes (none of the earlier sets' repositories) and that no summarizer was
-- ever run on: each list was written on 2026-12-02 by reading only the raw
-- transcript (the imported messages printed as text: user messages,
-- assistant text and thinking, tool calls with their arguments, the key
-- lines of their results), without running the extractive summarizer, the
-- bench or the `compact` command on them and without reading any summary of
-- them (the one imported compaction summary below is part of the input
-- itself). Facts are in the bench's form ({ label, alternative, ... }, an
-- alternative a lowercase Lua pattern or a list of patterns that must all
-- match, `wrong` alternatives marking a fact lost), with the distinctive
-- tokens (file names, commands, identifiers, numbers, error words) rather
-- than one wording; they are about the goal, the requests, the files, the
-- errors and their fixes, the decisions and the state at the end, over the
-- whole session (early requests, middle outcomes, the end). Every (right)
-- alternative was then checked, by a throwaway script that calls no
-- summarizer, to match the imported input itself (the imported summary, all
-- message text, call names and arguments, and results, lowercased, Lua
-- pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed22-<name>.
--
-- Claude Code sessions:
--
-- * LZY2333/LZY-FE-JumpTrack @ 27fd886e87ce56352ac34ca4b9f7232356f7d0f4,
--   .claude/projects/-Users-a111111-code-ai-video-collection/e287ed27-aec8-4ae9-9751-5a37defe3449.jsonl
--   -> sealed22-pollo-menuoptions-tooltip.jsonl (122 messages, 0.9 MB,
--   macOS, Chinese): many short requests on one React component: the
--   OptionButton tooltip logic simplified, Prettier's 80 columns explained,
--   arrow: false traced, overflow tooltip props isolated, useMemo added,
--   reverted and re-added, three commits (the last 83f12698bb).
-- * LZY2333/LZY-FE-JumpTrack (same commit),
--   .claude/projects/-Users-a111111-code-ai-video-collection/817a5209-cb97-4faf-b3fb-82ae55d5e46b.jsonl
--   -> sealed22-pollo-create-similar-button.jsonl (103 messages, 0.8 MB,
--   macOS, Chinese): the Create Similar Video button's call chain, a
--   shrink-0 fix for the squeezed FooterMenuOptions, EllipsisText reuse and
--   review, commit-message negotiation, a mobile padding fix; two commits.
-- * VivekSinghRathore7/bs-_thesis_low_light- @ c1b86ae5c5a4c5539633f5fca9b85153ae3bed21,
--   .claude/projects/-home-samiran-iiserb-asip-lab-UG-VIVEK-bs-thesis-low-light/a1fe1fc0-c942-4228-9a8a-428ead67ba6c.jsonl
--   -> sealed22-llie-reflectance-finetune.jsonl (202 messages, 1.0 MB,
--   Linux, H100): Retinex reflectance fine-tuning variants V0-V9 (NL-Means
--   wins), comparison figures reworked on request, then a RAIN attention
--   model drawn, implemented and trained (no cv2 / no CUDA env, NaN under
--   AMP, fixed; 19.57 dB after 22 epochs, still training).
-- * VivekSinghRathore7/bs-_thesis_low_light- (same commit),
--   .claude/projects/-home-samiran-iiserb-asip-lab-UG-VIVEK-bs-thesis-low-light/87cd58f5-2181-4695-a6c0-505ed71ba497.jsonl
--   -> sealed22-llie-compare-r-low.jsonl (57 messages, 0.3 MB, Linux): the
--   earlier session: project overview, bilateral illumination and
--   refine_reflectance() in decompose_retinex.py, old/new R_low comparisons,
--   an rsync command to sync results to the laptop.
-- * CaptainRandom00/Claude-Code @ 6bc87bbd0102012c7a8d08c52677634bd8c66abc,
--   projects/-Users-cedricmukolonga--claude/db754e41-47a2-4161-95da-658664903487.jsonl
--   -> sealed22-claude-agents-wordpress.jsonl (153 messages, 1.0 MB, macOS):
--   ~/.claude pushed to GitHub, the 17 agents assessed against the agency's
--   site, mobile-expert / realtime-systems / data-engineer added (20), then
--   one wordpress-expert agent rather than sub-agents (21); ends staging.
-- * CaptainRandom00/Claude-Code (same commit),
--   projects/-Users-cedricmukolonga-00-vibe-projects-byte-bridges/d32a8ce8-0a10-4edb-a055-822a596d3cfb.jsonl
--   -> sealed22-bytebridges-run-mamp-db.jsonl (95 messages after the last
--   compaction plus its imported summary, 2.1 MB file, macOS): CMS API 500s
--   from importing db instead of query fixed, stale .next cleared, 56/81
--   Playwright tests pass, the login rate limit fixed, CMS postponed for the
--   main site.
-- * carollynn2253/Clauding @ 2ac3366d1c6135a6ab4619868c9c5698740f87aa,
--   .claude/projects/-Users-07404-chingting-chiu-Documents-AndroidStudioProject-android-188asia2-Bet188-application/ad9315b5-313a-4c05-80a4-a079ea7f23f4.jsonl
--   -> sealed22-bet188-register-mvvm.jsonl (64 messages, 1.4 MB, macOS):
--   an Android register page moved to StateFlow/effects by a subagent, the
--   missed RegisterTypeSelectActivity fixed twice (state, then effects),
--   other pages checked; the agent fix and a .claude move blocked by the
--   usage limit.
-- * gouchan/agent-swarm-config @ 09df22b568176451a9945681f9b2f8f877344510,
--   .claude/projects/-Users-robinsonchan/bdc6842b-5fce-422b-8644-c62e32c34900.jsonl
--   -> sealed22-swarm-agents-yaml-github.jsonl (84 messages, 0.1 MB,
--   macOS): a four-agent swarm in .claude/agents.yaml with trigger.py, a
--   wrong paste undone, a dry test run, gh installed after the Xcode
--   license, a home .gitignore; ends staging files, no GitHub repo yet.
--
-- Found and not written: WenJ-He/SinglePTZ-FaceTrack's design-doc session
-- (224 messages; the user gives the camera's admin password, so skipped) and
-- its 28-message agent run; carollynn2253/Clauding 4b442843 (24 messages once
-- imported: only what follows its last compaction); repositories that also
-- commit .credentials.json, .git-credentials or .env with keys
-- (ahmedarafa994/eq-prediction, Mkid095/vps-system with its long
-- single-request "Maven Flow" runs, K3RN-LABS/k3rn.labs, aistrad/work,
-- DougSmith255/saabuildingblocks-platform, caochitam/aos, esamjbr/nunacare,
-- VercinGetorix447/SystemGoat-Factory, bruno-vilefort-tech-consulting/
-- Projeto-Rodrigo, Prathiv-Raj/Phishing_Framework), Schofield90/
-- atlas-fitness-onboarding (keys in the sessions) and LeoDChen/claude-config
-- (customer CRM data). No long single-request session with 100+ tool calls
-- was found in a repository without credentials.

return function(SESSIONS)
  return {
  { agent = "claude-code", sealed22 = true, path = SESSIONS .. "/sealed22-pollo-menuoptions-tooltip.jsonl", facts = {
    { "goal: simplify lines 36-43 of MenuOptions OptionButton/index.tsx (tooltip logic)",
      { "optionbutton/index%.tsx", "36" }, { "optionbutton", "tooltip" } },
    { "hasOverflowTooltip dropped: shouldShowButtonTooltip = hasCustomTooltip || isLabelEllipsis",
      { "hasoverflowtooltip" }, { "shouldshowbuttontooltip", "hascustomtooltip", "islabelellipsis" } },
    { "comment added to displayLabel (Coming Soon on hover)",
      { "displaylabel", "coming soon" } },
    { "line wrap comes from the project's .prettierrc.yaml (no printWidth, Prettier default 80 columns)",
      { "prettierrc", "80" }, { "printwidth", "80" } },
    { "useState setter (setIsLabelEllipsis) has a stable identity, no useCallback needed",
      { "setislabelellipsis", "stable" }, { "setislabelellipsis", "usecallback" } },
    { "first commit: refactor: simplify tooltip logic in OptionButton and EllipsisText",
      { "simplify tooltip logic in optionbutton" } },
    { "showTooltip only mounts the antd Tooltip; it still shows on hover",
      { "showtooltip", "hover" }, { "iconwithtooltip", "showtooltip" } },
    { "Photo to Video Avatar tooltip has no arrow because tooltipProps set arrow: false (useVideoOptions / useImageOptions)",
      { "arrow: false" }, { "usevideooptions", "useimageoptions" } },
    { "overflow (isLabelEllipsis) tooltip now gets only title, not the inherited tooltipProps",
      { "buttontooltipprops" }, { "islabelellipsis", "title" } },
    { "debug hard-coded label '123456789123456789' noticed and reverted",
      { "123456789123456789" } },
    { "tooltip logic wrapped in useMemo, then reverted, then wrapped again; displayLabel moved into the memo after a line-38 warning",
      { "usememo", "displaylabel" }, { "usememo", "shouldshowbuttontooltip" } },
    { "EllipsisText useEffect deps get children back",
      { "ellipsistext", "children" } },
    { "final commit 83f12698bb on fix/button-text-overflow-web-mobile: memoize tooltip logic and fix overflow tooltip props isolation (+26/-10)",
      { "83f12698bb" }, { "memoize tooltip logic" }, { "fix/button%-text%-overflow%-web%-mobile" } },
  } },
  { agent = "claude-code", sealed22 = true, path = SESSIONS .. "/sealed22-pollo-create-similar-button.jsonl", facts = {
    { "first request: where is the Create Similar Video button in v/[id]/_blocks/Detail, with its call chain",
      { "create similar video", "detail/index%.tsx" }, { "create similar video", "调用链" } },
    { "chain: Detail -> DetailPrimitive.RightBottom -> Footer -> CreateSimilarVideo (Footer/CreateSimilarVideo/index.tsx)",
      { "rightbottom", "footer", "createsimilarvideo" } },
    { "click logic: createSameTool() when isProtected, else createSimilarVideo() from useCreateSimilarVideo",
      { "createsametool", "usecreatesimilarvideo" }, { "isprotected", "createsimilarvideo" } },
    { "problem: long CreateSimilarVideo text squeezes FooterMenuOptions into two rows; plan first, execute after approval",
      { "footermenuoptions", "两行" }, { "footermenuoptions", "shrink" } },
    { "fix in Footer/index.tsx: VideoLike + FooterMenuOptions wrapped in a shrink-0 group, button keeps ms-auto",
      { "shrink%-0", "videolike" }, { "shrink%-0", "footermenuoptions" } },
    { "request: give the Create Similar Video/Image button the same EllipsisText effect as OptionButton",
      { "ellipsistext", "create similar" }, { "ellipsistext", "createsimilarvideo" } },
    { "Tailwind classnames-order warning on the button (line 72); the reorder edit was rejected by the user",
      { "tailwind", "order" }, { "classnames", "order" } },
    { "questions: className='!mb-0' and the <>{displayText}</> fragment; can !mb-0 move into EllipsisText",
      { "!mb%-0", "displaytext" }, { "!mb%-0", "ellipsistext" } },
    { "EllipsisText review: checkEllipsis (useMemoizedFn) is stable so useEffect deps only need children; min-w-0 flex-1 redundant in OptionButton",
      { "checkellipsis", "usememoizedfn" }, { "min%-w%-0 flex%-1", "optionbutton" } },
    { "commit message kept short like the branch's last commit, (web) scope removed, Co-Authored-By line removed",
      { "co%-authored%-by" }, { "去除%(web%)" } },
    { "git add failed on the [id] path (zsh: no matches found) and was retried with quotes",
      { "no matches found" } },
    { "commit: fix: prevent footer menu options from wrapping on long button text (3 files)",
      { "prevent footer menu options from wrapping" } },
    { "last request: Right.tsx mobile left/right padding 8px less: p-6 -> px-4 py-6 (top/bottom unchanged)",
      { "right%.tsx", "8px" }, { "px%-4", "py%-6" } },
    { "last commit: fix: reduce horizontal padding on mobile in video detail right panel",
      { "reduce horizontal padding on mobile" } },
  } },
  { agent = "claude-code", sealed22 = true, path = SESSIONS .. "/sealed22-llie-reflectance-finetune.jsonl", facts = {
    { "goal: fine-tune reflectance R_low so it is close to R_high by combining the best approaches",
      { "fine tune reflectance", "reflectance high" }, { "r_low", "r_high", "fine" } },
    { "src/decomposition/fine_tune_reflectance.py compares variants V0-V9 on 15 images by PSNR/SSIM vs R_high",
      { "fine_tune_reflectance%.py" } },
    { "best: V3 BilIllum+NLM-R by PSNR (13.194 dB), V8 GuidedIllum+NLM-R by SSIM (0.4994); CLAHE hurts",
      { "13%.194" }, { "0%.4994" }, { "bilillum%+nlm%-r" } },
    { "method: bilateral filter for illumination + NL-Means (fastNlMeansDenoisingColored) on R",
      { "fastnlmeansdenoisingcolored" }, { "nl%-means", "bilateral" } },
    { "comparison: R_best vs R_high SSIM 0.4580 -> 0.5218 (+0.064), PSNR +0.033 dB, in results/reflectance_final_comparison/",
      { "0%.5218" }, { "%+0%.033" }, { "reflectance_final_comparison" } },
    { "user: no graphs or metrics, only the images side by side (R_low | R_best | R_high)",
      { "dont include graph" }, { "side by side", "r_best" } },
    { "inverse and difference rows added (3x3 grid)",
      { "inverse", "differnece" }, { "inverse", "r_low %− r_high" } },
    { "PSNR/SSIM change table shown under each comparison",
      { "show the data below", "psnr" }, { "metrics text row" } },
    { "RAIN (Retinex-guided attention-based multimodal enhancement) architecture diagram: architecture_diagram.py -> results/RAIN_architecture.png",
      { "rain_architecture%.png" }, { "architecture_diagram%.py" } },
    { "model implemented in rain_model.py, lol_dataset.py, losses.py, train_rain.py (485 train / 15 eval pairs, H100)",
      { "rain_model%.py", "train_rain%.py" }, { "lol_dataset%.py", "losses%.py" } },
    { "error: thesis env had no cv2 (ModuleNotFoundError) and no CUDA; switched to the scolor conda env on GPU",
      { "no module named 'cv2'" }, { "scolor", "cuda" } },
    { "first GPU run went NaN from epoch 3 (val PSNR stuck 6.3798)",
      { "6%.3798" }, { "nan", "epoch 3" } },
    { "code origin: model.py/main.py/utils.py are the original RetinexNet (Wei et al. 2018), the rest written in this session",
      { "retinexnet", "wei et al" }, { "check if these are my code" } },
    { "fix for NaN: lower LR, AMP disabled (fp32), lower perceptual weight; 43.68 M parameters",
      { "43%.68 m" }, { "disable amp" }, { "fp32 training" } },
    { "state at end: training runs for 200 epochs, after 22 epochs val PSNR best 19.57 dB / SSIM 0.777, best.pth saved",
      { "19%.57" }, { "experiments/rain/best%.pth" },
      wrong = { "training finished", "training complete" } },
  } },
  { agent = "claude-code", sealed22 = true, path = SESSIONS .. "/sealed22-llie-compare-r-low.jsonl", facts = {
    { "project overview: low-light enhancement for ADAS (BS thesis), Retinex S = R x I, LOL dataset 485 train + 15 eval",
      { "adas", "retinex" }, { "485 train", "15 eval" } },
    { "three models compared: RetinexNet, URetinex-Net, LLE UNet",
      { "retinexnet", "uretinex%-net", "lle unet" } },
    { "request: fine-tune the reflectance; changes in decompose_retinex.py",
      { "fine tune the reflectance" }, { "decompose_retinex%.py" } },
    { "estimate_illumination(): Gaussian blur replaced by a bilateral filter",
      { "estimate_illumination", "bilateral" }, { "gaussian", "bilateral" } },
    { "new refine_reflectance() (bilateral d=9 sigmaColor=25 sigmaSpace=10), refine=True by default",
      { "refine_reflectance" }, { "refine=true" } },
    { "run on the 15 eval images: outputs in results/decomposition/ and results/enhanced/",
      { "results/decomposition" }, { "results/enhanced" } },
    { "old vs new R_low comparison in results/reflectance_comparison/ (4 panels, difference x5)",
      { "reflectance_comparison" }, { "difference × 5" } },
    { "detailed comparison and explanation in results/r_comparison_detailed/ (3 rows x 5 columns, zoomed crops)",
      { "r_comparison_detailed" } },
    { "result: noise reduction 1-19% (avg ~9%), edge strength ~5% lower; best image 179 (18.7%), worst 23 (-2.4%)",
      { "18%.7%%" }, { "avg ~9%%" }, { "%-2%.4%%" } },
    { "request: open the images (matplotlib window)",
      { "open the images" } },
    { "request: sync outputs locally; user picked option 1 (remote server -> local via rsync)",
      { "sync the outputs locally" }, { "rsync", "10%.10%.0%.14" } },
    { "end: rsync -avz command of results/ to ~/bs_thesis_results/ given to run on the local machine",
      { "rsync %-avz", "bs_thesis_results" } },
  } },
  { agent = "claude-code", sealed22 = true, path = SESSIONS .. "/sealed22-claude-agents-wordpress.jsonl", facts = {
    { "first request: save the ~/.claude folder to github.com/CaptainRandom00/Claude-Code (git init, initial commit, push to main)",
      { "captainrandom00/claude%-code", "git init" }, { "captainrandom00/claude%-code", "push" } },
    { "request: assess the global agents against the services advertised on the site at localhost:3001",
      { "localhost:3001", "agents" } },
    { "WebFetch on localhost failed (Invalid URL); the site was read with curl instead",
      { "invalid url" }, { "curl", "localhost:3001" } },
    { "17 agents in ~/.claude/agents (react-expert, python-backend, stuck, ...) reviewed",
      { "17", "agents" }, { "react%-expert", "python%-backend", "stuck" } },
    { "user: check integration against the latest documentation in the .claude folder; the assessment plan (ExitPlanMode) was rejected",
      { "integrated correctly", "documentation" }, { "exitplanmode", "doesn't want to proceed" } },
    { "request: add the missing agents, push to git before starting",
      { "missing agents", "push to git before" } },
    { "new v2.0.0 agents: mobile-expert, realtime-systems, data-engineer (17 -> 20 agents)",
      { "mobile%-expert", "realtime%-systems", "data%-engineer" } },
    { "docs updated: ORCHESTRATION-STATUS.md and AGENT-WORKFORCE-REVIEW.md",
      { "orchestration%-status%.md", "agent%-workforce%-review%.md" } },
    { "assessment score 85/100 -> 95/100; remaining gap e-commerce and ML/AI specialists",
      { "95/100" }, { "85/100" } },
    { "answer: agents are generally skilled, BB Management System appears only in docs as examples",
      { "generally skilled" }, { "bb management", "not" } },
    { "no WordPress agent existed; user asked for one",
      { "do not have a wordpress" }, { "word press agent" } },
    { "user asked for sub-agents per theme/plugin dev and for honest answers; recommendation: one WordPress agent, no sub-agents",
      { "one wordpress agent" }, { "no sub%-agents" }, { "dont worship me" } },
    { "wordpress-expert.md (v2.0.0, cms_specialist) created; agent count 21 (20 specialists + stuck)",
      { "wordpress%-expert" }, { "21 total agents" }, { "21/21" } },
    { "state at end: WordPress changes staged with git add . , commit/push not yet shown",
      { "git add %." },
      wrong = { "committed and pushed the wordpress" } },
  } },
  { agent = "claude-code", sealed22 = true, path = SESSIONS .. "/sealed22-bytebridges-run-mamp-db.jsonl", facts = {
    { "earlier (summary): user asked to set up the database in MAMP; local PostgreSQL was already used, not Docker",
      { "mamp", "postgresql" }, { "mamp", "docker" } },
    { "earlier (summary): migrations for blog_posts, case_studies, testimonials, contact_submissions; author_id INTEGER -> UUID",
      { "blog_posts", "case_studies", "testimonials" }, { "author_id", "uuid" } },
    { "earlier (summary): /admin and /dashboard consolidated, /dashboard redirects to /admin, CMS menu items in the admin sidebar",
      { "dashboard", "redirect", "admin" } },
    { "cause of the API 500 errors: routes imported { db } from @/lib/db, which only exports query",
      { "'db' is not exported from '@/lib/db'" }, { "import { db }", "query" } },
    { "fix: the blog, blog/[id], case-studies, case-studies/[id] and testimonials routes switched to query()",
      { "api/case%-studies/%[id%]/route%.ts", "query" }, { "api/testimonials/route%.ts" } },
    { "stale Next.js cache: rm -rf .next and restart on port 3001",
      { "rm %-rf %.next" }, { "stale", "cach" } },
    { "Playwright consolidated-system-test.spec.ts: 81 tests, 56 passed; Blog/Case Studies/Testimonials APIs 200",
      { "consolidated%-system%-test%.spec%.ts" }, { "56 passed" } },
    { "remaining failures: dashboard redirect goes to /signin?callbackUrl=/dashboard (unauthenticated) and missing auth fixtures",
      { "callbackurl=/dashboard" }, { "auth", "fixtures" } },
    { "user: cannot log in, too many requests error",
      { "to many request" }, { "too many requests" } },
    { "cause: middleware.ts rate limit 100 requests / 15 min applied to all API routes including auth",
      { "middleware%.ts", "rate" }, { "100 requests per 15 minutes" } },
    { "fix: /api/auth excluded from rate limiting, dev limit raised to 1000",
      { "/api/auth", "1000" }, { "max_requests", "1000" } },
    { "tasks T001-T005 (migrations) and T034-T038 (types, Zod) done; next proposed Blog CMS (T011-T019)",
      { "t001", "t034" }, { "t011" } },
    { "decision: CMS postponed, finish the main public site first",
      { "cms at a later date" }, { "main site first" } },
    { "main site plan: search, contact form to database + email, SEO; then Google Analytics, cookie consent, GDPR, accessibility, performance; waiting for the user's choice",
      { "search functionality", "contact form", "seo" }, { "cookie consent", "gdpr" } },
  } },
  { agent = "claude-code", sealed22 = true, path = SESSIONS .. "/sealed22-bet188-register-mvvm.jsonl", facts = {
    { "goal: refactor the register page with the android-mvvm-refactor agent",
      { "android%-mvvm%-refactor", "register" }, { "mvvm", "registeractivity" } },
    { "LiveData migrated to StateFlow/effects in RegisterViewModel",
      { "stateflow", "registerviewmodel" }, { "livedata", "registerviewmodel" } },
    { "RegisterUiState data class and RegisterEffect sealed interface added",
      { "registeruistate", "registereffect" } },
    { "IBaseRegister.kt deleted, replaced by effect emissions",
      { "ibaseregister", "delet" }, { "ibaseregister", "removed" } },
    { "OAuthRegisterActivity refactored the same way (OAUTH_FAIL / OAUTH_ID_EXIST effects)",
      { "oauthregisteractivity", "oauth_id_exist" }, { "oauthregisteractivity", "oauth_fail" } },
    { "RegisterRepository left unchanged",
      { "registerrepository", "no change" }, { "registerrepository", "unchanged" } },
    { "fix RegisterTypeSelectActivity: it still used the removed progressDialogObservable",
      { "registertypeselectactivity", "progressdialogobservable" } },
    { "fix: collect state with repeatOnLifecycle and call setProgressStatus()",
      { "repeatonlifecycle", "setprogressstatus" } },
    { "missing flow: RegisterTypeSelectActivity did not collect effects (NavigateToOAuthRegister after Google sign-in)",
      { "navigatetooauthregister" }, { "registertypeselectactivity", "effect", "google" } },
    { "other register pages checked: RegionSearchActivity / EnterAffiliateActivity use their own ViewModels, progressDialogObservable still in BaseViewModel",
      { "regionsearchactivity", "enteraffiliateactivity" }, { "baseviewmodel", "progressdialogobservable" } },
    { "request: modify the agent so the same issue does not happen again (not done)",
      { "modify agent", "prevent" }, { "agent", "same issue" },
      wrong = { "updated the agent", "agent definition updated" } },
    { "usage limit hit (resets 3pm Asia/Taipei) so the agent change and the move did not happen",
      { "hit your limit" }, { "resets 3pm" }, { "rate.limit" } },
    { "request: move all .claude to ~/Document/GitHub/Clauding; target directory did not exist",
      { "clauding", "does not exist" }, { "move all %.claude", "clauding" } },
  } },
  { agent = "claude-code", sealed22 = true, path = SESSIONS .. "/sealed22-swarm-agents-yaml-github.jsonl", facts = {
    { "first request: drop the 'swarm-in-one' agents file into .claude/agents.yaml",
      { "swarm%-in%-one", "agents%.yaml" } },
    { "four chained agents: git-guru, test-time-travel, dependency-detective, perf-profiler, each with max_cost/max_runtime",
      { "git%-guru", "test%-time%-travel", "dependency%-detective", "perf%-profiler" }, { "max_cost", "max_runtime" } },
    { "a pasted Chrome extension spec (ConversationAI Pro) was the wrong file: work stopped, everything deleted",
      { "conversationai" }, { "delete all of that", "wrong file" } },
    { "swarm set up: .claude/tools/trigger.py chains the agents (executable)",
      { "trigger%.py" } },
    { "`claude config set custom_tools_dir` not recognized in this Claude Code version",
      { "custom_tools_dir" } },
    { "request: an example test run; the claude CLI cannot invoke agents from inside the session, home repo has no commits yet",
      { "example test run" }, { "no commits yet" } },
    { "question: what `claude agent:git-guru` does (squash WIP commits, Conventional Commits, push --dry-run, $1 / 3 min budget)",
      { "agent:git%-guru" }, { "conventional commits", "git%-guru" } },
    { "request: connect it to GitHub and do the heavy lifting",
      { "connected to my github" }, { "heavy lifting" } },
    { "gh not installed; brew install gh failed until the Xcode license was accepted",
      { "gh not found" }, { "xcodebuild %-license accept" } },
    { "user ran the license command and chose option 1; gh 2.82.0 installed via Homebrew",
      { "option 1", "brew install gh" }, { "2%.82%.0" } },
    { "~/.gitignore written for the home-directory repo (macOS files, caches, Library, IDE folders)",
      { "/users/robinsonchan/%.gitignore" }, { "gitignore", "library" } },
    { "state at end: staging .gitignore, .claude/, CLAUDE.md, package.json, .zshrc etc.; GitHub repo not created yet",
      { "git add %.gitignore", "claude%.md" }, { "git add", "claude%.md", "%.zshrc" },
      wrong = { "gh repo create", "repository created on github" } },
  } },
  }
end
