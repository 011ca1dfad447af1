std = "max"
max_line_length = 120
-- specs hold tables of cases, one case a line
files["spec/**/*_spec.lua"] = { std = "+busted", max_line_length = 220 }
files["spec/support/*.lua"] = { std = "+busted" }
-- the newest fact lists, as their helpers wrote them: one fact, one line
files["bench/summary_facts_sealed22.lua"] = { max_line_length = 180 }
files["bench/summary_facts_sealed23.lua"] = { max_line_length = 180 }
files["bench/summary_facts_sealed24.lua"] = { max_line_length = 180 }
-- scripts Neovim runs see its `vim` module
files["scripts/nvim_*.lua"] = { read_globals = { "vim" } }
exclude_files = { "build/**", "build-*/**", "luarocks-tree/**" }
