std = "max"
max_line_length = 120
files["spec/**/*_spec.lua"] = { std = "+busted" }
files["spec/support/*.lua"] = { std = "+busted" }
exclude_files = { "build/**", "build-*/**", "luarocks-tree/**" }
