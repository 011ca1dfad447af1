-- `luarocks test rockspec/<rock>.rockspec [spec files]`: the busted suite
-- from the checkout, through `make test` for the Lua that runs this script
-- (LuaRocks runs it with the interpreter it is configured for).
local lua = type(jit) == "table" and "luajit" or ("lua" .. _VERSION:match("%d+%.%d+"))
local command = "make test LUA=" .. lua
local specs = {}
for i = 1, select("#", ...) do
  local spec = select(i, ...)
  if not spec:match("^[%w_./-]+$") then error("rock_test: unexpected argument " .. spec) end
  specs[#specs + 1] = spec
end
if #specs > 0 then command = command .. " SPEC='" .. table.concat(specs, " ") .. "'" end
print(command)
local ok, _, code = os.execute(command)
if ok == true or ok == 0 then os.exit(0) end
os.exit(type(code) == "number" and code ~= 0 and code or 1)
