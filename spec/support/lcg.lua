--- Deterministic pseudo-random numbers for specs: the same cases on every
-- Lua (5.1, LuaJIT, 5.4), from a small linear congruential generator.
--
--     local generator = require "spec.support.lcg"
--     local rand = generator(7)
--     rand(10) -- an integer in 0..9
return function(seed)
  return function(n)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  end
end
