-- expect: 2:11 in the table opened at 2:5
t = {1, 2 3}

