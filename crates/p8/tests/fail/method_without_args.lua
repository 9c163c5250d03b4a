-- expect: 2:8 call arguments
a = o:m

