std = "max"
max_line_length = 120
-- specs hold tables of cases, one case a line
files["spec/**/*_spec.lua"] = { std = "+busted", max_line_length = 220 }
files["spec/support/*.lua"] = { std = "+busted" }
exclude_files = { "build/**", "build-*/**", "luarocks-tree/**" }
