-- bench/summary_facts_sealed20.lua: a twentieth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the earlier
-- sets' repositories; all Claude Code sessions, no Codex rollout), and that no
-- summarizer was ever run on: each list was written on 2026-12-02 by reading
-- only the raw transcript (the imported messages printed as text: user
-- messages, assistant text and thinking, tool calls with their arguments, the
-- key lines of their results), without running the extractive summarizer, the
-- bench or the `compact` command on them and without reading any summary of
-- them (one session opens with Claude Code's own compaction summary of its
-- earlier part; that is part of its input, and was read as such). Facts are
-- in the bench's form ({ label, alternative, ... }, an alternative a lowercase
-- Lua pattern or a list of patterns that must all match, `wrong` alternatives
-- marking a fact lost), with the distinctive tokens (file names, commands,
-- identifiers, numbers, error words) rather than one wording; they are about
-- the goal, the requests, the files, the errors and their fixes, the
-- decisions and the state at the end, over the whole session (early
-- requests, middle outcomes, the end). Every (right) alternative was then
-- checked, by a throwaway script that calls no summarizer, to match the
-- imported input itself (all its message text, call names and arguments, and
-- results, lowercased, Lua pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed20-<source>-<name>.
--
-- Claude Code sessions (type user/assistant lines with sessionId and cwd):
--
-- * FrancoBertoldiMariglio/conversacion-act1-pln @ 294bfa97f075911f1e6cf077a22bddaf1c8fa68b,
--   session.jsonl -> sealed20-unir-pln-hate-speech-spacy.jsonl (216 messages,
--   1.6 MB, macOS, Spanish): a master's NLP assignment (hate-speech corpus,
--   spaCy) under a CLAUDE.md that makes the assistant a tutor giving hints,
--   not code: Serena onboarding, the CSV encoding bug (latin-1, then UTF-8
--   with replace because of soft hyphens), spaCy theory and the Mood/VerbForm
--   correction, AI-citation levels, questions 7-10 (gender/number, NER
--   types, top-100 lemmas); ends on question 11 at the usage limit.
-- * LHL3341/ResearchOS @ da5ff32dd51759a0f5e4441a604d9094e8832de6,
--   conversation.jsonl -> sealed20-researchos-skill-graph-paper.jsonl (270
--   messages, 1.4 MB, Linux, Chinese): a paper plan for composing research
--   skills into a skill graph, the paper-workspace-template cloned, four
--   background agents writing sections and experiment code, LaTeX fixes (22
--   pages), template updates merged (paper/ subdirectory), a
--   paper-to-skill-to-knowledge-graph pipeline demo, the chat copied into the
--   repo and pushed by the user, CLAUDE.md, and a PostToolUse compile hook.
-- * Eduardodmb/ClaudeWork @ 7545331a078455343ab78654d834e8dbc55370d2,
--   projects/X--03-ACG-Odoo-Docs/f6ce05d0-8e7d-40f6-a738-c86c85e11fc5.jsonl
--   -> sealed20-odoo-search-leads-crm-views.jsonl (111 messages, 0.9 MB,
--   Windows): Odoo 18 custom addons in Docker: an any-email field in a bid
--   wizard, `-u all`, three list views on one base view ordered by priority,
--   a duplicate width attribute, a stage filter on the pipeline action, the
--   project memory, hardcoded action ids failing in production, column
--   widths and compact padding.
-- * Eduardodmb/ClaudeWork (same commit),
--   projects/X--03-ACG-Odoo-Docs/7ef88c1a-6238-45b9-8285-0c4e268276c9.jsonl
--   -> sealed20-odoo-crm-upgrade-missing-fields.jsonl (31 messages, 1.6 MB,
--   Windows; short, opens with a compaction summary): three module-upgrade
--   RPC_ERRORs on computed fields (has_missed_due_milestones & co.) in
--   search.xml, kanban_view.xml and fields_style.xml, each commented out;
--   the fields exist in models.py; ends asking for another upgrade.
-- * Jason-liu-0219/my-claude @ f58d0ab87bce07fa0c6ec1d3476fc04ab7c2c789,
--   projects/-Users-liuhanwen-Desktop-project-webtech-monorepo/cbd3578f-e846-4de9-807a-524b3377a737.jsonl
--   -> sealed20-vsaas-dropdown-worktree-skills.jsonl (128 messages, 0.6 MB,
--   macOS, Chinese): worktrees, a Vue dropdown that ignores re-selecting the
--   same role (@optionClick), husky and --no-verify, PR 6689 then a fresh
--   worktree and PR 6691, all worktrees removed, the worktree-pr and pr
--   skills rewritten.
-- * Jason-liu-0219/my-claude (same commit),
--   projects/-Users-liuhanwen-Desktop-project-fix-user-access-device/8732a6fa-3fd8-4f6b-8af2-03a027f18f97.jsonl
--   -> sealed20-vsaas-access-device-filter-pr.jsonl (53 messages, 0.4 MB,
--   macOS, Chinese; short): the batch-assign dropdown disabled while
--   searching devices, fixed in DeviceAccessDialogue.vue, committed with
--   --no-verify and pushed, `gh pr create` refused by the user, the worktree
--   removed with a broken shell afterwards.
-- * Damon-Salvetore/claude-code @ 2215aab4e128ee1524a9a7dbc3088a41da35e15f,
--   projects/-home-yingbohao-llm-train/4b0ee9c6-20bd-4ff0-8465-c984c7d9032a.jsonl
--   -> sealed20-llmtrain-nvfp4-fake-quant.jsonl (148 messages, 1.5 MB, Linux,
--   Chinese): a review of NVFP4 W4A4 fake quantization in an LLM training
--   repo: correct but with FP32 block scales; FP8 E4M3 scale quantization
--   added after reading NVIDIA Model-Optimizer, the experiment document
--   synced, questions on the global scale and warmup, experiment_brief.md
--   written and redone for the 12-run matrix.
-- * 4thehalibit/omarchy-backup @ 41bb7a1ab482a67e4302082008caaff403d36544,
--   .claude/projects/-home-vwestberg-Claude/1fb5e404-604d-4a2b-baf1-3beb42a67371.jsonl
--   -> sealed20-omarchy-desktop-mission-control.jsonl (433 messages, 2.2 MB,
--   Arch Linux / Omarchy): desktop tweaks over many short requests: idle
--   timeout, a figlet screensaver, hyprlock clock and weather (IP location),
--   waybar and a calendar tooltip, window looks, a custom "Mission Control"
--   theme with wallpapers, keybinding, fastfetch and app themes, a monitor
--   overlap warning left alone.
--
-- Found and not written: bigwill/claudio transcript/session.jsonl (555
-- messages, Claude Code, an FM-synth agent loop on Cloudflare) prints a
-- generated (later deleted) APP_SECRET gate key in clear, so it was skipped;
-- Eduardodmb/ClaudeWork's other Odoo sessions (one prints a docker-compose
-- database password); the short claude-session.jsonl files of the Solana
-- hackathon repositories (2-16 messages); dgoffredo/fall claude-session.jsonl
-- (pretty-printed multi-line JSON, no mirror); JoakimCarlsson/wasa-cli
-- transcript.jsonl (Copilot CLI); luksamuk/engine-psx session.jsonl (pi).
--
--   return value: function(SESSIONS) -> array of { agent, sealed20 = true, path, facts }

return function(SESSIONS)
  return {
    -- == UNIR PLN activity 1: hate-speech corpus with spaCy, tutor mode ==
    {
      agent = "claude-code", sealed20 = true, path = SESSIONS .. "/sealed20-unir-pln-hate-speech-spacy.jsonl",
      facts = {
        { "context: read CLAUDE.md, Briefing.pdf, the rubric Rubrica_MIA_PLN_act1.xlsx, the statement " ..
          "muinar02_act1.docx and the notebook caracteristicasOdio.ipynb (PLN actividad 1, hate speech)",
          { "rubrica_mia_pln_act1" }, { "caracteristicasodio" } },
        { "xlsx/docx not readable by Read: openpyxl installed with pip, the docx read with textutil",
          { "openpyxl" }, { "textutil" } },
        { "request: initialize a Serena project for persistent memories; onboarding wrote 6 memories " ..
          "(project_overview, tech_stack, ..., pln/actividad1_contexto)",
          { "serena", "memor" }, { "actividad1_contexto" } },
        { "bug: UnicodeDecodeError (byte 0xcd) reading 02Dataset_sin_procesar.csv with pd.read_csv; " ..
          "encoding latin-1 suggested",
          { "unicodedecodeerror" }, { "latin%-1" } },
        { "rubric/statement: load only the first 10.000 rows (lines_number); penalty for fewer than 500",
          { "lines_number" }, { "10%.000" } },
        { "spaCy theory (Doc, Token, MorphAnalysis); user caught an error: Ger is a VerbForm value, " ..
          "not Mood (Ind, Sub, Imp)",
          { "verbform", "ger" }, { "mood", "ger" } },
        { "tutor mode from CLAUDE.md: the assistant gives hints instead of writing the code " ..
          "(\"No voy a escribir el código por vos\")",
          { "no voy a escribir" }, { "no voy a darte el c" } },
        { "result: 748 hate vs 9252 non-hate (7.48%) against 4.06% in the official dataset; an " ..
          "observation on representativeness written in markdown",
          { "748" }, { "7%.48" }, { "4,06" } },
        { "AI citation rules: Nivel 1 (footnote) vs Nivel 2 (cita (Anthropic, 2026) + full reference); " ..
          "the discrepancy analysis was the AI's, so Nivel 2",
          { "nivel 2" }, { "anthropic, 2026" } },
        { "soft hyphen (U+00AD, shown as SHY) inside words: the file is really UTF-8; reading with " ..
          "encoding='utf-8', encoding_errors='replace' splits sentences (6 instead of 1); out1.txt vs out2.txt",
          { "soft hyphen" }, { "encoding_errors" }, { "out1%.txt", "out2%.txt" } },
        { "detalle_spacy.md written with the spaCy theory, including the Mood vs VerbForm correction",
          { "detalle_spacy%.md" } },
        { "error: TypeError dividing by the list comentarios_odio; fix len(...), percentages with :.2f",
          { "typeerror" }, { "len%(comentarios_odio%)" } },
        { "NER labels of the Spanish models (AnCora): PER, LOC, ORG, MISC; any(ent.label_ == \"PER\" ...)",
          { "ancora" }, { "misc" } },
        { "questions 8-10: gender/number dicts keyed by tuples (\"Masc\", \"Sing\"), NER counts per type, " ..
          "top-100 lemmas with Counter.most_common(100); bug: lemma_palabras_no_odio iterated palabras_odio",
          { "most_common%(100%)" }, { "lemma_palabras_no_odio" }, { "%(\"masc\", \"sing\"%)" } },
        { "state: question 11 (side-by-side table of hate vs non-hate results) asked, not done: usage " ..
          "limit hit",
          { "pregunta 11" }, { "hit your limit" } },
      },
    },
    -- == ResearchOS: research-skill graph paper, code, pipeline, push, hook ==
    {
      agent = "claude-code", sealed20 = true, path = SESSIONS .. "/sealed20-researchos-skill-graph-paper.jsonl",
      facts = {
        { "goal: a paper-ready design: methods of recent papers as skills in a composable skill graph / " ..
          "skill library, composed and validated into new research designs; experiments and evaluation in detail",
          { "skill graph" }, { "skill library" } },
        { "title: ResearchOS: Composing Research Skills for Automated Method Design",
          { "composing research skills for automated method design" } },
        { "memory written under /root/.claude/projects/-root-ResearchOS/memory (project_vision.md, " ..
          "user_profile.md)",
          { "project_vision%.md" } },
        { "request: clone github.com/LHL3341/paper-workspace-template and write experiments and paper together",
          { "paper%-workspace%-template" } },
        { "four background agents: Abstract+Introduction, Related Work+Method, Experiments+Discussion+" ..
          "Conclusion, experiment code framework; appendix and refs.bib done directly",
          { "write abstract %+ introduction" }, { "build experiment code framework" } },
        { "fixes: cite key si2024novelideas -> si2024llmideas, labels sec:skill_extraction / sec:composition, " ..
          "a fig:pipeline placeholder",
          { "si2024novelideas" }, { "si2024llmideas" }, { "sec:skill_extraction" } },
        { "paper compiles (pdflatex + bibtex): 22 pages, NeurIPS 2026 style",
          { "22 页" }, { "neurips 2026" } },
        { "code: src/ schema.py, skill_compiler.py, skill_graph.py, composer.py, validator.py, evaluator.py, " ..
          "baselines.py and run_experiment.py (3190 lines, mock mode)",
          { "skill_compiler%.py" }, { "composer%.py" }, { "3190" } },
        { "request: related work in 2-3 parts within one page; rewritten from 4 subsections to 3",
          { "2_related_work%.tex" }, { "压缩到 3 个" } },
        { "template updates merged (git stash, git merge origin/master): PDF named after the directory " ..
          "(ResearchOS.pdf), then the paper moved into a paper/ subdirectory with its .claude/skills",
          { "researchos%.pdf" }, { "git merge origin" }, { "子目录paper" } },
        { "request: a paper -> skill -> knowledge-graph workflow after paper2skills (SkillNet) and " ..
          "AgentSkillOS; src/pipeline.py Paper2SkillPipeline, run_pipeline.py --demo",
          { "paper2skillpipeline" }, { "run_pipeline%.py" }, { "agentskillos" } },
        { "demo result: 15 skills, 23 edges (REFINES, ENHANCES, SUBSTITUTES, CONFLICTS, COMPOSES, " ..
          "PREREQUISITE), 12 papers",
          { "skills: 15" }, { "edges: 23" } },
        { "chat copied to conversation.jsonl, .gitignore, commit; no gh CLI, so the user set the remote " ..
          "LHL3341/ResearchOS.git and pushed master",
          { "conversation%.jsonl" }, { "lhl3341/researchos%.git" } },
        { "CLAUDE.md written to keep the state; no built-in multi-person collaboration skill (CLAUDE.md, " ..
          "branches/worktrees instead)",
          { "claude%.md", "collaborat" }, { "多人协作" } },
        { "state: on \"then push\", a PostToolUse hook in .claude/settings.json compiles the paper after " ..
          "edits of .tex/.bib; jq missing, rewritten in python3 and tested; the push itself not run",
          { "posttooluse" }, { "jq: command not found" } },
      },
    },
    -- == Odoo (ACG): bid wizard emails, list-view priorities, stage filter, prod action ids ==
    {
      agent = "claude-code", sealed20 = true, path = SESSIONS .. "/sealed20-odoo-search-leads-crm-views.jsonl",
      facts = {
        { "request: in search_leads views/email_lead_view.xml, view_email_bid_unassigned_wizard_form, allow " ..
          "copying any email address, not only employees",
          { "view_email_bid_unassigned_wizard_form" } },
        { "done: additional_emails Char field in models/email_bid_unassigned_wizard.py, used when sending",
          { "additional_emails" }, { "email_bid_unassigned_wizard%.py" } },
        { "request: update all modules in docker: docker exec odoo_docker-web-1 odoo -d odoo18 -u all " ..
          "--stop-after-init, then docker-compose restart web",
          { "%-u all" }, { "odoo_docker%-web%-1" }, { "docker%-compose restart web" } },
        { "problem: in crm_lead_opportunity_tree_dates.xml only one xpath applies; three views inherit " ..
          "crm.crm_case_tree_view_oppor (estimating pipeline, the full list replacement, hide contact actions)",
          { "crm_case_tree_view_oppor" }, { "crm_lead_estimating_pipeline_view" },
          { "hide_contact_actions" } },
        { "fix: explicit priorities 99 (replacement), 100 (estimating pipeline), 101 (hide contact actions)",
          { "priority 99" }, { "priority 101" } },
        { "error: lxml XMLSyntaxError: Attribute width redefined (line 27); the duplicate width removed",
          { "attribute width redefined" } },
        { "request: show only the stages 0. Initial Checklist ... 4. Final Review, 4.1 Re-Quote",
          { "initial checklist" }, { "4%.1 re%-quote" } },
        { "fix: the action crm.crm_lead_action_pipeline in search.xml filtered only by type; the stage " ..
          "domain added, module updated (-u crm_custom_fields)",
          { "crm_lead_action_pipeline" }, { "%-u crm_custom_fields" } },
        { "request: remember the folders (Custom_Addons, Odoo_Docker, Odoo_Docs) and docker commands; saved " ..
          "in memory project_docker_odoo_workflow.md (duplicate reference file removed)",
          { "project_docker_odoo_workflow%.md" } },
        { "production: the view is inactive; activating it fails: xpath //list/header/button[@name='209'] " ..
          "cannot be located",
          { "209", "cannot be located" } },
        { "cause/fix: hardcoded local action ids (name=\"379\") replaced by xml-id references " ..
          "%(crm.action_lead_mass_mail)d",
          { "379" }, { "action_lead_mass_mail" } },
        { "user rejected the restart; quick question: expected_revenue without decimals -> " ..
          "options 'precision': 0",
          { "expected_revenue" }, { "precision': 0" } },
        { "state: last request computes column widths and reduces cell padding (compact) from a screenshot; " ..
          "tree_dates view and static/src/css/crm_custom.css edited, module updated, web not restarted",
          { "padding" }, { "column widths" } },
      },
    },
    -- == Odoo (ACG), short: module upgrade fails on computed fields, views commented out ==
    {
      agent = "claude-code", sealed20 = true, path = SESSIONS .. "/sealed20-odoo-crm-upgrade-missing-fields.jsonl",
      facts = {
        { "earlier (compaction summary): bids ported to estimating hidden (crm_lead_id = False), CRM " ..
          "pipeline filtered to 5 stages and grouped by stage, name column 450px",
          { "crm_lead_id" }, { "450px" } },
        { "earlier: Email/SMS/Snooze buttons hidden by crm_custom.css, registered in web.assets_backend in " ..
          "__manifest__.py",
          { "crm_custom%.css" }, { "web%.assets_backend" } },
        { "environment: Odoo 18 at odoo-dev.local:8443, addons in /mnt/extra-addons (X:\\03_ACG\\Custom_Addons)",
          { "odoo%-dev%.local" }, { "/mnt/extra%-addons" } },
        { "error 1 (RPC_ERROR on upgrade): crm_custom_fields/views/search.xml: Unknown field " ..
          "crm.lead.has_missed_due_milestones in filter_missed_due_milestones",
          { "rpc_error" }, { "has_missed_due_milestones" }, { "filter_missed_due_milestones" } },
        { "fix 1: that filter commented out in search.xml",
          { "search%.xml" } },
        { "error 2: kanban_view.xml (crm_case_kanban_view_leads_inherit) uses has_missed_due_milestones, " ..
          "missed_due_dates_label, days_in_current_stage; commented out",
          { "kanban_view%.xml" }, { "missed_due_dates_label" }, { "days_in_current_stage" } },
        { "error 3: crm_fields_style/views/fields_style.xml (view_crm_lead_form_fields_style): Field " ..
          "\"has_missed_due_milestones\" does not exist; it and next_due_within_3_days commented out",
          { "fields_style%.xml" }, { "next_due_within_3_days" } },
        { "grep: tests/test_crm_due_milestones.py still asserts has_missed_due_milestones",
          { "test_crm_due_milestones%.py" } },
        { "finding: the fields do exist in models/models.py (computed, store=True); the upgrade fails in " ..
          "XML validation before the model changes apply",
          { "models%.py" }, { "xml validation" } },
        { "state: all view references commented out; the user is to upgrade crm_custom_fields again " ..
          "(not yet confirmed)",
          { "try upgrading" }, { "upgrad", "crm_custom_fields", "again" } },
      },
    },
    -- == webtech-monorepo: dropdown re-select fix via worktrees, PRs, worktree-pr / pr skills ==
    {
      agent = "claude-code", sealed20 = true, path = SESSIONS .. "/sealed20-vsaas-dropdown-worktree-skills.jsonl",
      facts = {
        { "start: worktrees fix-role-tab-total and fix-user-device-access added (git worktree add ../X -b X)",
          { "fix%-role%-tab%-total" }, { "git worktree add" } },
        { "request: in DeviceAccessDialogue.vue the \"Update Selected Devices Access\" dropdown does nothing " ..
          "when the same option is clicked again; it should change (multi-select); use the worktree flow",
          { "update selected devices access" }, { "deviceaccessdialogue" } },
        { "worktree fix-user-device-access missing from the list; branch already existed; rm -rf and re-added " ..
          "on the existing branch",
          { "a branch named 'fix%-user%-device%-access' already exists" } },
        { "cause: AppDropdown (generic-vue-components, vue3-multiselect) does not emit update:modelValue " ..
          "when the same value is chosen",
          { "update:modelvalue" }, { "appdropdown" } },
        { "fix: DeviceRoleDropdown.vue listens to @optionClick (onOptionClick) instead",
          { "deviceroledropdown%.vue" }, { "optionclick" } },
        { "lint impossible in the worktree (no node_modules: eslint cannot read config); only a syntax check",
          { "cannot read config file" }, { "javascript syntax is valid" } },
        { "commit blocked: .husky/_/husky.sh missing; copying it was denied; the user chose --no-verify",
          { "husky%.sh" }, { "%-%-no%-verify" } },
        { "commit da5c984b3c pushed; gh pr create: a PR already exists; PR 6689 edited instead",
          { "da5c984b3c" }, { "6689" } },
        { "user: the worktree flow must not reuse an earlier worktree; skill ~/.claude/skills/worktree-pr/" ..
          "SKILL.md rewritten (v3.0.0: always a new branch from main)",
          { "worktree%-pr" }, { "v3%.0%.0" } },
        { "redo: new worktree fix-device-access-dropdown-reselect-202602011142 from origin/main, commit " ..
          "2f92ffce58, PR 6691, self review, worktree removed",
          { "202602011142" }, { "6691" } },
        { "request: remove the worktrees; answer \"全部移除\": fix-role-tab-total, fix-user-device-access and " ..
          "my-repo-hotfix removed",
          { "全部移除" }, { "my%-repo%-hotfix" } },
        { "question: fixes after removal: switch to the branch in the main repo, or re-create a worktree on " ..
          "the same branch",
          { "同一個分支" } },
        { "worktree-pr skill v4.0.0: removal made a mandatory step, a 後續修正 (follow-up fixes) section",
          { "v4%.0%.0" }, { "後續修正" } },
        { "state: pr skill (~/.claude/skills/pr/SKILL.md) v2.0.0 with one fixed PR format (Summary + Test " ..
          "plan, no Checklist), synced into worktree-pr",
          { "v2%.0%.0" }, { "pr skill", "format" } },
      },
    },
    -- == webtech-monorepo, short: batch assign disabled while searching, PR refused, worktree removed ==
    {
      agent = "claude-code", sealed20 = true, path = SESSIONS .. "/sealed20-vsaas-access-device-filter-pr.jsonl",
      facts = {
        { "request: filtering devices in access device breaks \"Update Selected Devices Access\"; find and " ..
          "fix it, then open a PR",
          { "update selected devices access" }, { "發 pr" } },
        { "file: packages/app-vsaas-portal/src/pages/user/detail/components/DeviceAccessDialogue.vue",
          { "deviceaccessdialogue%.vue" } },
        { "cause: currentFocusSiteSelectedDevices returns [] while isSearching, so isBatchAssignDisabled is true",
          { "currentfocussiteselecteddevices" }, { "isbatchassigndisabled" } },
        { "fix: while searching, return the selected devices among all displayed search results (displayDevices)",
          { "displaydevices" } },
        { "no unit test exists for the dialog (glob found nothing)",
          { "deviceaccessdialogue%*%.test" } },
        { "lint failed: design-tokens prebuild, ERR_MODULE_NOT_FOUND style-dictionary (node_modules missing)",
          { "style%-dictionary" }, { "err_module_not_found" } },
        { "commit: .husky/_/husky.sh missing, committed with --no-verify as 112ec11cac \"fix(vsaas-portal): " ..
          "fix batch assign role disabled when filtering devices\"",
          { "husky%.sh" }, { "112ec11cac" }, { "fix batch assign role disabled" } },
        { "pushed branch fix/user-access-device to origin",
          { "fix/user%-access%-device" } },
        { "gh pr create rejected by the user: no PR opened",
          { "gh pr create" }, { "doesn't want to proceed" },
          wrong = { { "pull/%d+" } } },
        { "next request: remove the worktree fix-user-access-device (git worktree remove --force)",
          { "git worktree remove" } },
        { "after removal the shell kept failing (Exit code 1, cwd deleted); /bin/ls showed a leftover dir " ..
          "with only .claude, removed with rm -rf",
          { "exit code 1" }, { "rm %-rf" } },
        { "state: worktree and directory gone; main repo and my-repo-hotfix worktree remain",
          { "my%-repo%-hotfix" } },
      },
    },
    -- == llm-train: NVFP4 fake quantization review, FP8 E4M3 scale added, experiment brief ==
    {
      agent = "claude-code", sealed20 = true, path = SESSIONS .. "/sealed20-llmtrain-nvfp4-fake-quant.jsonl",
      facts = {
        { "request: check whether the NVFP4 fake quantization of the experiment in " ..
          "experiment_configuration_summary.md is implemented correctly and really quantizes",
          { "experiment_configuration_summary%.md" }, { "nvfp4", "伪量化" } },
        { "code reviewed: llm/kernel/nvfp4_quant.py, used by llm/arch/ffn.py and attention.py; scripts " ..
          "scripts/nvfp4_experiment/run_single.sh and run_all_sequential.sh",
          { "nvfp4_quant%.py" }, { "ffn%.py" }, { "run_single%.sh" } },
        { "verdict: correct and effective for the nvfp4_mode runs; FP4 E2M1 value table, blocks of 16",
          { "correct", "nvfp4_mode" }, { "正确", "nvfp4_mode" } },
        { "finding: the per-block scale stays FP32; real NVFP4 quantizes the block scales to FP8 E4M3 " ..
          "(two-level / double quantization)",
          { "fp32", "e4m3" }, { "double quantization" }, { "两级量化" } },
        { "research: NVIDIA TensorRT-Model-Optimizer sources (tensor_quant.py, triton fp4_kernel.py) via " ..
          "WebSearch/WebFetch",
          { "tensorrt%-model%-optimizer" }, { "fp4_kernel%.py" } },
        { "user: \"要啊\" (do it): _fp8_e4m3_fake_quant added in nvfp4_quant.py (global_amax = scale.amax()); " ..
          "ffn.py / attention.py unchanged (same nvfp4_fake_quant interface)",
          { "_fp8_e4m3_fake_quant" }, { "global_amax" } },
        { "test: PyTorch 2.10 dev, torch.float8_e4m3fn available, FP8 round trip and error checks; " ..
          "py_compile Syntax OK",
          { "float8_e4m3fn available: true" }, { "syntax ok" } },
        { "request: sync experiment_configuration_summary.md: sections 5.6, 5.7, 7.5, 11.4, 12.1 updated; no " ..
          "\"简化版\" / \"尚未实现\" left (grep: no matches)",
          { "尚未实现" }, { "简化版" } },
        { "question: the FP32 per-tensor global scale: present as the amax inside _fp8_e4m3_fake_quant " ..
          "(global_scale = global_amax / 448)",
          { "global_scale" }, { "448" } },
        { "question: quantized from step 0, warmup included (nvfp4_mode fixed at model build, train from scratch)",
          { "step 0" }, { "2000 步" } },
        { "request: a markdown to present the experiment: experiment_brief.md written",
          { "experiment_brief%.md" } },
        { "error: a subagent failed with API 400 model_not_supported; relaunched",
          { "model_not_supported" } },
        { "user: 12 experiments now (4 models Base / GatedAttn / DiffAttn / GatedDiffAttn-0.4B x baseline, " ..
          "nvfp4, nvfp4_full; run_all_12.sh) and researcher-level details wanted",
          { "run_all_12" }, { "nvfp4_full" }, { "12 组实验" } },
        { "state: experiment_brief.md rewritten with the 12-run matrix and architecture/training details; " ..
          "RoPE theta corrected to 10,000 (not 500,000)",
          { "500,000" }, { "10,000" } },
      },
    },
    -- == Omarchy desktop: screensaver, hyprlock weather, waybar calendar, Mission Control theme ==
    {
      agent = "claude-code", sealed20 = true, path = SESSIONS .. "/sealed20-omarchy-desktop-mission-control.jsonl",
      facts = {
        { "first request: screensaver too fast; hypridle.conf timeout 150 s -> 600 (10 minutes), lock 1 s after",
          { "hypridle%.conf" }, { "timeout = 600" } },
        { "screensaver text: figlet installed by the user (sudo pacman), \"L&S Electric\" in the slant font " ..
          "with a better ampersand, in ~/.config/omarchy/branding/screensaver.txt",
          { "figlet" }, { "l&s electric" }, { "screensaver%.txt" } },
        { "lock screen (hyprlock.conf): big clock, date, password box lower; weather from wttr.in",
          { "hyprlock%.conf" }, { "wttr%.in" } },
        { "weather location: auto-detection wanted (no hardcoded city); IP geolocation says Antigo, not " ..
          "Merrill; ip-api.com gives the same; left as is; simple temp / high / low format",
          { "antigo" }, { "merrill" }, { "ip%-api" } },
        { "changes live in ~/.config, untouched by omarchy updates (only omarchy-refresh-* would reset them)",
          { "omarchy%-refresh" } },
        { "waybar: floating bar, pills, values; config.jsonc corrupted by a sed, rewritten from the omarchy " ..
          "default with all changes; omarchy-restart-waybar",
          { "config%.jsonc" }, { "omarchy%-restart%-waybar" } },
        { "calendar dropdown: scripts/calendar.py shadowed the stdlib calendar module, renamed cal-widget.py; " ..
          "today in red, two months side by side with borders",
          { "cal%-widget%.py" }, { "side by side" } },
        { "workspace indicator: white box / underline attempts, then reverted to the original icon",
          { "revert", "workspace" }, { "original", "workspace" } },
        { "looknfeel.conf: rounded corners (rounding = 8), inactive windows dimmed; memory module in waybar",
          { "looknfeel%.conf" }, { "rounding = 8" } },
        { "custom theme \"Mission Control\" (Houston Astros palette, accent #D76725): colors.toml; " ..
          "omarchy-theme-set failed until the folder was renamed mission-control",
          { "mission control" }, { "d76725" }, { "theme 'mission%-control' does not exist" } },
        { "wallpapers: 4 space images (Pillars of Creation ...) downloaded; Super+B bound to omarchy-theme-bg-next",
          { "omarchy%-theme%-bg%-next" }, { "super %+ b" } },
        { "fastfetch: section borders and key colors to the palette; logo kept but colored, back to solid orange",
          { "fastfetch", "orange" }, { "solid orange" } },
        { "theme apps: btop.theme, vscode.json (Gruvbox Material), neovim.lua (gruvbox), keyboard.rgb, " ..
          "icons Yaru-orange",
          { "btop%.theme" }, { "yaru%-orange" } },
        { "state: monitor overlap warning: monitors.conf rewritten (one rule per monitor); eDP-1 at logical " ..
          "2560 is right with scale 1.5, a Hyprland overlap-check bug; the user leaves it",
          { "monitors%.conf" }, { "hyprland bug" } },
      },
    },
  }
end
