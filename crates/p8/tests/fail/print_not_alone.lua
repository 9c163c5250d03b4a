-- expect: 2:4 expected the end of the line after the `?` arguments
?x ?y
