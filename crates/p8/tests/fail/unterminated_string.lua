-- expect: 2:5 unterminated
x = "abc

