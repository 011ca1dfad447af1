std = "max"
max_line_length = 120
-- specs hold tables of cases, one case a line
files["spec/**/*_spec.lua"] = { std = "+busted", max_line_length = 220 }
files["spec/support/*.lua"] = { std = "+busted" }
-- scripts Neovim runs see its `vim` module
files["scripts/nvim_*.lua"] = { read_globals = { "vim" } }
exclude_files = { "build/**", "build-*/**", "luarocks-tree/**" }
