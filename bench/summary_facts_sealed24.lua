-- bench/summary_facts_sealed24.lua: a twenty-fourth sealed set for
-- bench/summary_quality.lua, to be measured once (issue #22).
--
-- Real public sessions that no other fact list takes (none of the earlier
-- sets' repositories), and that no summarizer was ever run on: each list was
-- written on 2026-12-02 by reading only the raw transcript (the imported
-- messages printed as text: user messages, assistant text, tool calls with
-- their arguments, the key lines of their results), without running the
-- extractive summarizer, the bench or the `compact` command on them and
-- without reading any summary of them. Facts are in the bench's form
-- ({ label, alternative, ... }, an alternative a lowercase Lua pattern or a
-- list of patterns that must all match, `wrong` alternatives marking a fact
-- lost), with the distinctive tokens (file names, commands, identifiers,
-- numbers, error words) rather than one wording; they are about the goal,
-- the requests, the files, the errors and their fixes, the decisions and the
-- state at the end, over the whole session (early requests, middle outcomes,
-- the end). Every (right) alternative was then checked, by a throwaway script
-- that calls no summarizer, to match the imported input itself (all its
-- message text, call names and arguments, and results, lowercased, Lua
-- pattern match).
--
-- scripts/fetch_sessions.sh copies them into $COMPACT_SESSIONS from the
-- mirrors (nothing of theirs is committed here), as sealed24-<source>-<name>.
--
-- Codex CLI rollouts (session_meta first). The repository commits its
-- .codex folder without auth.json (checked over the whole history), and a
-- scan of both rollouts (encrypted reasoning left out) found no token, key
-- or password. Both are longer than the 600 messages asked for: the only
-- clean repository found in the time (see the note at the end).
--
-- * Monotoba/OpenPrintKit @ 096f97b0239a63a93381ec5708fab1043b25c72d,
--   .codex/sessions/2025/11/01/rollout-2025-11-01T11-34-37-97b66f6c-a160-40e0-bd0f-1fdcbbb9498b.jsonl
--   -> sealed24-openprintkit-ci-generators-gui.jsonl (762 messages, 1.7 MB,
--   Ubuntu, ~52 user turns): a Python/PySide6 3D-printer profile toolkit
--   (PDL, opk CLI, OPK GUI). Missing __init__.py fixed (36 passed), README
--   and docs links, a long fight to get the CI and the MkDocs/Pages
--   workflows green (matrix 3.10-3.14, mkdocs not found, headless Qt stubs,
--   duplicate argparse subparsers), Cura/Prusa/Bambu generators deepened,
--   Build menu and tooltips, system_notes/CHANGELOG, firmware rules,
--   SuperSlicer/KISSlicer/ideaMaker import/export; ends at 51 passed with
--   next steps listed.
-- * Monotoba/OpenPrintKit (same commit),
--   .codex/sessions/2025/10/31/rollout-2025-10-31T19-02-58-c61729d4-da6d-46a4-9a29-ec2c614e5e23.jsonl
--   -> sealed24-openprintkit-pdl-gui-mcodes.jsonl (920 messages, 1.9 MB,
--   Ubuntu 22.04, ~63 user turns): the session before it: `opk rules` and
--   `workspace init`, quickstart, the GUI started (QAction import bug, the
--   xcb platform fix), the PDL schema grown (multi-extruder, ABL, G-code
--   hooks, polarity, machine_control, peripherals/Aux), M-code docs,
--   per-firmware mapping incl. LinuxCNC, OpenPrintTag with NFC/SQLite, more
--   generators (35 passed); ends unfinished on the Spoolman/TigerTag CRUD
--   and system-spec.md request with two bare "continue"s.
--
-- Claude Code transcript (type user/assistant lines). The repository commits
-- its ~/.claude folder (no .credentials.json, no .env over its history; a
-- scan of the file found no token, key or password; the pasted curl has no
-- cookie or authorization header):
--
-- * elizabeth-goldsmith/prirodnik @ 7766ab78b540f048090ea5639fc69d731193457f,
--   .claude/projects/-Users-liza/62e12a9c-b103-44c5-9755-3e12f54639a0.jsonl
--   -> sealed24-prirodnik-ytdlp-video-download.jsonl (56 messages, 0.1 MB,
--   macOS, Russian, 8 user requests): yt-dlp installed with pip3 (no brew),
--   a YouTube video downloaded after a zsh glob error and HTTP 403s (the
--   android player client works), the folder opened, a course video on
--   zenclass (Unsupported URL, page behind a login) fetched from the user's
--   copied kinescope curl (Range first, then the full 75 MB file), and the
--   Video DownloadHelper extension explained. The repository's other
--   sessions are 8-30 messages.
--
-- Found and not used: most repositories that commit .codex also commit
-- .codex/auth.json (skipped); 7567491/Feishu_ClaudeCode (rollouts hold an
-- sk- key and github_pat_ placeholders); chunrui-qashier/md-http-server,
-- andress722/CRM_ADMIN, YPS-Tool/World_time_conference,
-- benandfrank/galileo-framework-ways-of-work, akinori-seri-sdcj/health_report_ocr
-- (auth.json); many claude-session.jsonl files of the Solana hackathon repos
-- (2-16 messages); atharva-sardar02/ad-mint-ai (16 messages);
-- daphatpharm4/rosesein (a session prints a JWT); Quiago/tripolar-chat,
-- aravindrrao1805/ChoreMgmtApp, csm-kr/riemannian_flow_det (.claude/.credentials.json);
-- R3zil/duck_town (Gas Town patrol agents, one request each);
-- wang0618/llm-trace-sample-data claude-code.jsonl (API request traces, not a
-- transcript). Many other candidates had no mirror.
--
--   return value: function(SESSIONS) -> array of { agent, sealed24 = true, path, facts }

return function(SESSIONS)
  return {
    -- == OpenPrintKit (Nov 1): tests fixed, CI/docs workflows made green, generators deepened, GUI menus, slicers ==
    {
      agent = "codex", sealed24 = true, path = SESSIONS .. "/sealed24-openprintkit-ci-generators-gui.jsonl",
      facts = {
        { "start: 'continue'; pytest failed on imports; missing __init__.py added to the opk subpackages " ..
          "(opk/core, opk/plugins, opk/cli, opk/ui, opk/pdl ...) and opk/cli/__main__.py repaired",
          { "__init__%.py", "opk/core" }, { "missing", "__init__%.py" } },
        { "request: commit the code, then update README and commit it separately (two commits)",
          { "commit the changes then update the readme" }, { "fix%(cli%)", "docs: refresh readme" } },
        { "ci badge failing: .github/workflows/ci.yml fixed (windows dir/ls step, PySide6 wheels for 3.13, " ..
          "QT_QPA_PLATFORM=offscreen), then run logs read via the github api (logs 403)",
          { "ci%.yml", "qt_qpa_platform" }, { "pyside6", "3%.13" }, { "403" } },
        { "request: matrix for python 3.10, 3.11, 3.12, 3.13 and 3.14 (CI and then the docs workflow)",
          { "3%.10", "3%.11", "3%.12", "3%.13", "3%.14", "matrix" } },
        { "docs workflow error: 'mkdocs: command not found' (exit 127); pdl-spec/requirements.txt and missing docs " ..
          "files (schema/pdl.schema.json, getting-started.md) added; gh-pages.yml deploys only on 3.12",
          { "mkdocs: command not found" }, { "pdl%-spec/requirements%.txt" }, { "gh%-pages%.yml" } },
        { "headless CI test failures (test_import_main_window_module, test_cli_workspace_init): Qt compat stubs " ..
          "opk/ui/_qt_compat.py and lazy dialog imports in main_window.py",
          { "_qt_compat" }, { "test_import_main_window_module" }, { "test_cli_workspace_init" } },
        { "ci failure from duplicate gcode/PDL subparser registrations in opk/cli/__main__.py (argparse " ..
          "conflict); removed",
          { "duplicate", "subparser" }, { "argparse", "conflict" } },
        { "request: deepen the Cura/Prusa/Bambu generators (map more PDL fields: process_defaults, speeds, " ..
          "retraction, cooling, accelerations) with tests (39 -> 41 passed)",
          { "deepen outputs for cura/prusa/bambu" }, { "process_defaults" }, "41 passed" },
        { "ui label change: Endstops Polarity '(Active Low)' -> '(Checked = Active Low)'",
          "checked = active low" },
        { "gui: new Build menu (Validate Ctrl+Shift+V, Run Rules Ctrl+Shift+R, Build Bundle Ctrl+B) moved from File; " ..
          "tooltips on all menu items and fields; status bar, scrollable editor",
          { "build menu" }, { "ctrl%+shift%+v" }, { "tool%-tips" } },
        { "docs: docs/system_notes.md backfilled from the history and a CHANGELOG.md added (Help -> Changelog F4)",
          { "system_notes%.md" }, { "changelog%.md" } },
        { "firmware-specific rules in opk/core/rules.py (GRBL/LinuxCNC exhaust safety, M8/M9; RRF) with tests; " ..
          "headless screenshots via opk/ui/screenshot.py",
          { "opk/core/rules%.py" }, { "grbl exhaust safety" }, { "screenshot%.py" } },
        { "slicers: SuperSlicer and KISSlicer generators, import converters (prusa/superslicer/ideamaker/kisslicer), " ..
          "a slice CLI runner and Tools -> Slice (CLI) dialog; proprietary formats omitted",
          { "superslicer%.py" }, { "kisslicer%.py" }, { "slice %(cli%)" } },
        { "git push failed from the sandbox (could not read from remote repository); the user pushed manually",
          { "could not read from remote repository" }, { "pushed the changes manually" } },
        { "end: 51 passed; next: more KISSlicer tests, deeper ideaMaker/KISSlicer mappings, slicer support matrix " ..
          "in the README",
          "51 passed", { "slicer support matrix" } },
      },
    },
    -- == OpenPrintKit (Oct 31): CLI rules/workspace, GUI from scratch, PDL hooks, machine control, firmware, OpenPrintTag ==
    {
      agent = "codex", sealed24 = true, path = SESSIONS .. "/sealed24-openprintkit-pdl-gui-mcodes.jsonl",
      facts = {
        { "start: no prior context; request to add `opk rules` and `opk workspace init` subcommands, update README, " ..
          "run tests, commit, review ./.specify",
          { "opk rules", "opk workspace init" }, { "%.specify" } },
        { "docs added early: CLI usage in docs/project-spec.md, tests/test_cli.py, docs/quickstart.md linked from README",
          { "docs/quickstart%.md" }, { "tests/test_cli%.py" } },
        { "request: start the GUI (PySide6) besides the CLI: menus Validate / Run Rules / Build Bundle / Workspace " ..
          "Init, an opk-gui entry point; later `opk install` to Orca presets and icons",
          { "gui tool as well as the cli" }, { "opk%-gui" }, { "opk install" } },
        { "more example printers (Prusa_i3_MK3S, Creality Ender3, Bambu Lab P1P, Prusa MK4, Voron) and a Cura -> OPK " ..
          "converter (`opk convert --from cura`; no network to research Cura's list)",
          { "prusa_i3_mk3s" }, { "opk convert %-%-from cura" } },
        { "PDL schema extended: multi-extruder / unlimited colors, ABL, nozzle and filament types; then custom " ..
          "G-code hooks (start, end, tool change, ... macros) from the user's canonical hook list",
          { "multi%-color" }, { "auto_bed_leveling" }, { "tool change" }, { "macros" } },
        { "gui bug the user hit: python -m opk.ui.main_window traceback, QAction must come from PySide6.QtGui not " ..
          "QtWidgets; a smoke import test added",
          { "qaction", "pyside6%.qtgui" } },
        { "gui exited immediately on Ubuntu 22.04; OPK_DEBUG=1 is an env var (not an argument); fixed by " ..
          "QT_QPA_PLATFORM=xcb (`QT_QPA_PLATFORM=xcb OPK_DEBUG=1 opk-gui` worked) after pip install -e .",
          { "qt_qpa_platform=xcb opk_debug=1 opk%-gui" }, { "ubuntu 22%.04" } },
        { "request: tabbed PDL editor (Build Area, Extruders, Filaments, Features, G-code ...) in opk/ui/pdl_editor.py",
          { "tabbed panel" }, { "pdl_editor%.py" }, { "filaments" } },
        { "ABL probe and endstop polarity (active high / active low) added to schema and GUI",
          { "active_low" }, { "active high or active low" } },
        { "crash after the G-code hooks refactor: set_defaults still used g_start/g_end; fixed",
          { "set_defaults", "g_start" }, { "you broke something" } },
        { "M-codes: docs/mcode-reference.md, a Machine Control tab, structured machine_control in PDL translated to " ..
          "G-code by generators; Peripherals tab with exhaust and M42 renamed Aux1/Aux2/Aux3 (+ add more), " ..
          "duplicates between tabs removed",
          { "mcode%-reference%.md" }, { "machine_control" }, { "aux1" }, { "exhaust" } },
        { "per-firmware mapping render_hooks_with_firmware: Marlin, Klipper, RRF (M950), GRBL, Bambu and LinuxCNC; " ..
          "Help -> Firmware Mapping",
          { "render_hooks_with_firmware" }, { "linuxcnc" }, { "m950" } },
        { "OpenPrintTag support, then NFC read/write (opk/integrations/nfc.py) and a local SQLite db " ..
          "(opk/integrations/db.py), remote spool sources as stubs; Settings dialog",
          { "openprinttag" }, { "opk/integrations/nfc%.py" }, { "sqlite" } },
        { "docs requested: docs/system_notes.md and implementation-status.md; generators for Cura, ideaMaker, " ..
          "Prusa and Bambu added one commit at a time (35 passed)",
          { "system_notes%.md" }, { "implementation%-status%.md" }, { "ideamaker" }, "35 passed" },
        { "end (open): request to update system-spec.md / project-status.md and CRUD APIs for Spoolman, TigerTag, " ..
          "OpenPrintTag, OpenSpool; docs/system-spec.md patch failed (invalid hunk header), user says 'continue' " ..
          "twice, unfinished",
          { "spoolman", "tigertag" }, { "system%-spec%.md" }, { "not a valid hunk header" } },
      },
    },
    -- == prirodnik (Claude Code, Russian): yt-dlp video downloads, a course video via a copied curl ==
    {
      agent = "claude-code", sealed24 = true, path = SESSIONS .. "/sealed24-prirodnik-ytdlp-video-download.jsonl",
      facts = {
        { "first question: can it download videos from a web page; answer no by itself, suggests yt-dlp, VLC or " ..
          "the Video DownloadHelper extension",
          { "yt%-dlp" }, { "video downloadhelper" } },
        { "install yt-dlp: brew not found (exit 127), installed with pip3 install yt-dlp (2025.10.14) into " ..
          "~/Library/Python/3.9/bin, not on PATH",
          { "command not found: brew" }, { "pip3 install yt%-dlp" }, { "library/python/3%.9/bin" } },
        { "youtube video KBgZsV-0Fdo to ~/Videos: zsh 'no matches found' for the %(title)s output template " ..
          "(fixed by quoting)",
          { "kbgzsv%-0fdo" }, { "no matches found" } },
        { "then HTTP Error 403: Forbidden (SABR streaming) with the default, web client and user-agent tries",
          { "http error 403" }, { "sabr" } },
        { "fix: --extractor-args youtube:player_client=android downloaded it (16.23 MiB): 'The 6 Claude Features ... " ..
          ".mp4' in ~/Videos",
          { "player_client=android" }, { "16%.2" }, { "the 6 claude features" } },
        { "request: open the folder; `open ~/Videos` in Finder",
          { "open ~", "finder" } },
        { "second video: a roscha.zenclass.ru course lesson, to the Desktop; yt-dlp 'Unsupported URL'",
          { "zenclass" }, { "unsupported url" } },
        { "'use another way': WebFetch finds no video, curl greps of the page find nothing (5388-byte page, " ..
          "loaded by JavaScript behind a login); suggests DevTools Network -> Copy as cURL",
          { "webfetch" }, { "5388" }, { "copy as curl" } },
        { "user pastes a curl for a kinescopecdn.net 360p.mp4 with a Range header; first run got only the range " ..
          "(473k)",
          { "kinescopecdn" }, { "range" }, { "473k" } },
        { "full download without the Range header: ~/Desktop/video_full.mp4, 75 MB",
          { "video_full%.mp4" }, { "75" } },
        { "last request: download Video DownloadHelper; a .crx fetch from clients2.google.com tried, then explains it " ..
          "must be installed from the Chrome Web Store (chrome://extensions)",
          { "video_download_helper%.crx" }, { "chrome://extensions" } },
      },
    },
  }
end
