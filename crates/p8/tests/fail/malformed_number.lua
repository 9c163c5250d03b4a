-- expect: 2:5 malformed number
x = 1..2

