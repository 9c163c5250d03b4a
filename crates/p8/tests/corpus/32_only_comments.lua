-- nothing but comments
--[[ a block
]]
// and a c-style line
