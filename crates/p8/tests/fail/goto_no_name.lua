-- expect: 2:6 a name after `goto`
goto 1

