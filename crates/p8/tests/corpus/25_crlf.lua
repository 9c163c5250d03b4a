-- CRLF line ends: PICO-8 sees LF
x=1
y="crlf"
print(x..y)
