-- quoted strings and every escape PICO-8 knows
s1="double" s2='single' s3="it's" s4='say "hi"'
s5="a\nb\tc\\d\"e\'f"
s6="\a\b\f\r\v"
s7="\65\066\0671\x41\x7e\xff"
s8="\*\#\-\|\+\^"
s9="joined \z
      across lines"
s10="backslash\
newline"
s11=""
s12="\0end"
print(s1..s2..s3..s4..s5..s6..s7..s8..s9..s10..s11..s12)
