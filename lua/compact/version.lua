-- The version of compact, written once: `compact.VERSION`, the build
-- (CMakeLists.txt) and the rockspec checks all read it from here.
return "0.2.0"
